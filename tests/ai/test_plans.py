"""Plans: extra evaluation terms an expert or master policy can be forced to follow (issue 58 item 1,
`engine.gah.ai.plans`).

Each plan's terms are checked through the policy's own evaluator (`ExpertPolicy(plan=...).evaluator`: the
expert's evaluation plus the plan) against the unforced one, on solo states against Leopold over several seeds;
"today's play" must judge every state exactly as the unforced policies do."""

from __future__ import annotations

import random

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.ai import policy
from engine.gah.ai.expert import ExpertPolicy, expert_evaluate
from engine.gah.ai.master import MasterPolicy, master_value
from engine.gah.ai.plans import PLAN_WEIGHTS, PLANS, TODAYS_PLAY, plan_terms, plan_value
from engine.gah.ai.strong import Budget
from engine.gah.cards import staff
from engine.gah.state import EMPTY, OCCUPIED
from tests.ai.test_economy import solo_turn as economy_solo_turn

SEEDS = range(1, 6)
EMPEROR_CARD = 108
"""Politics card A: stand on space 10 or higher of the Emperor track (progress counted in Emperor steps)."""
CHAMBERMAID = 31
"""A game-end card (4 krones): 1 VP per occupied room."""
CUSTODIAN = 23
"""A permanent card (5 krones): a krone for each room that turns occupied."""
TOUR_GUIDE = 8
"""A permanent card (2 krones): 2 VP for each green guest checked in."""
RUSH, FOCUS, ENGINE = "politics rush", "game-end staff focus", "staff engine first"


def solo_turn(seed: int, round_: int) -> GameState:
    """`test_economy.solo_turn` (a solo game against Leopold on hard at the player's first turn of `round_`, with an
    empty café and no staff), and no politics card claimed or counted down, politics card A the Emperor card."""
    state = economy_solo_turn(seed, round_)
    state.politics[0] = EMPEROR_CARD
    state.politics_claims = [[], [], []]
    assert state.solo is not None
    state.solo.countdown = [0, 0, 0]
    return state


def planned(plan: str, state: GameState) -> float:
    """The evaluation an expert forced to `plan` judges the player's state by."""
    return ExpertPolicy(0, plan=plan).evaluator(state, 0)


def gain(plan: str, before: GameState, after: GameState) -> float:
    """How much more the change from `before` to `after` gains under `plan` than in the unforced evaluation."""
    return (planned(plan, after) - planned(plan, before)) - (expert_evaluate(after, 0) - expert_evaluate(before, 0))


@pytest.mark.parametrize("seed", SEEDS)
def test_todays_play_judges_every_state_exactly_as_the_unforced_policies(seed: int) -> None:
    """Today's play adds nothing: the expert's and the master's evaluators are the unforced ones (the same
    numbers on states all through a game), and the plan's terms are empty."""
    chooser = random.Random(seed)
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))
    expert, unforced = ExpertPolicy(seed, plan=TODAYS_PLAY), ExpertPolicy(seed)
    master = MasterPolicy(seed, Budget(worlds=1), plan=TODAYS_PLAY)
    assert expert.evaluator is expert_evaluate and unforced.evaluator is expert_evaluate
    assert master.evaluator is expert_evaluate
    checked = 0
    while not state.is_over:
        if chooser.random() < 0.1:
            assert expert.evaluator(state, 0) == expert_evaluate(state, 0)
            assert master.leaf is not None and master.leaf(state, 0) == master_value(state, 0)
            assert plan_terms(TODAYS_PLAY, state, 0) == {} and plan_value(TODAYS_PLAY, state, 0) == 0.0
            checked += 1
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    assert checked >= 5


@pytest.mark.parametrize("seed", SEEDS)
def test_todays_play_chooses_the_same_moves_as_the_unforced_policy(seed: int) -> None:
    """The policy factory's default is today's play, and forcing it explicitly chooses the same first moves."""
    state = solo_turn(seed, 2)
    fast = Budget(worlds=1, width=2, rollouts=1, turns_ahead=1)
    assert MasterPolicy(seed, fast).choose(state) == MasterPolicy(seed, fast, plan=TODAYS_PLAY).choose(state)
    assert isinstance(policy("master", seed), MasterPolicy) and policy("master", seed).plan == TODAYS_PLAY
    assert policy("expert", seed, plan=RUSH).plan == RUSH  # type: ignore[attr-defined]


def test_the_policy_factory_refuses_unknown_plans_and_plans_for_levels_without_them() -> None:
    with pytest.raises(ValueError, match="Unknown plan"):
        policy("master", 0, plan="world domination")
    with pytest.raises(ValueError, match="follows no plan"):
        policy("greedy", 0, plan=RUSH)
    assert set(PLANS) == {RUSH, FOCUS, ENGINE, TODAYS_PLAY}


@pytest.mark.parametrize("seed", SEEDS)
def test_politics_rush_credits_progress_toward_a_card_nobody_has_claimed(seed: int) -> None:
    """Emperor steps toward the unclaimed Emperor card gain more under the politics rush than unforced; less when
    Leopold's countdown is one symbol from claiming it; nothing once he claimed it; and claiming it first keeps
    at least the credit of the last step (the plan never holds the player back from the claim)."""
    before = solo_turn(seed, 2)
    before.players[0].emperor = 4
    after = before.copy()
    after.players[0].emperor = 8
    open_gain = gain(RUSH, before, after)
    assert open_gain > 1.0
    for state in (before, after):
        assert state.solo is not None
        state.solo.countdown[0] = 2
    assert 0.0 < gain(RUSH, before, after) < open_gain
    for state in (before, after):
        state.politics_claims[0] = [1]
    assert gain(RUSH, before, after) == pytest.approx(0.0)
    claimed = after.copy()
    claimed.politics_claims[0] = [0]
    claimed.players[0].emperor = 10
    for state in (before, after):
        state.politics_claims[0] = []
        assert state.solo is not None
        state.solo.countdown[0] = 0
    rush = plan_terms(RUSH, claimed, 0)[RUSH]
    assert rush >= plan_terms(RUSH, after, 0)[RUSH]
    assert rush >= PLAN_WEIGHTS.rush_share * 15


@pytest.mark.parametrize("seed", SEEDS)
def test_game_end_focus_credits_game_end_cards_by_what_they_score_for_this_hotel(seed: int) -> None:
    """The Chambermaid (1 VP per occupied room) counts for more under the game-end focus in play than in hand and
    in hand than not at all, and in play each room occupied gains more under the plan than unforced."""
    none = solo_turn(seed, 3)
    in_hand = none.copy()
    in_hand.players[0].hand = [CHAMBERMAID]
    in_hand.players[0].money = 10
    none.players[0].money = 10
    in_play = none.copy()
    in_play.players[0].played = [CHAMBERMAID]
    assert gain(FOCUS, none, in_play) > gain(FOCUS, none, in_hand) > 0.0
    rooms = in_play.players[0].rooms
    empty = [space for space in range(20) if rooms[space] == EMPTY][:3]
    assert empty, "the random game left no empty room space"
    more = in_play.copy()
    for space in empty:
        more.players[0].rooms[space] = OCCUPIED
    assert gain(FOCUS, in_play, more) >= PLAN_WEIGHTS.focus_in_play * len(empty) - 1e-9


@pytest.mark.parametrize("seed", SEEDS)
def test_staff_engine_first_credits_paying_cards_in_play_by_round_three(seed: int) -> None:
    """Playing a permanent card gains `engine_per_card` more under the staff engine plan than unforced in
    rounds 1-3 (up to `engine_target` cards), less in round 4, and nothing from round 6."""
    for round_, share in ((2, 1.0), (4, 1 - PLAN_WEIGHTS.engine_fade), (6, 0.0)):
        before = solo_turn(seed, round_)
        before.players[0].hand = [CUSTODIAN, TOUR_GUIDE]
        after = before.copy()
        after.players[0].hand, after.players[0].played = [TOUR_GUIDE], [CUSTODIAN]
        assert gain(ENGINE, before, after) == pytest.approx(share * PLAN_WEIGHTS.engine_per_card)
    paying = [card for card, row in staff().items() if row.kind in ("permanent", "once_per_round")]
    many = solo_turn(seed, 2)
    many.players[0].played = paying[: PLAN_WEIGHTS.engine_target + 2]
    assert plan_value(ENGINE, many, 0) == pytest.approx(PLAN_WEIGHTS.engine_target * PLAN_WEIGHTS.engine_per_card)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_plan_adds_nothing_once_the_game_is_over(seed: int) -> None:
    chooser = random.Random(seed)
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))
    while not state.is_over:
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    for plan in PLANS:
        assert plan_value(plan, state, 0) == 0.0
        assert planned(plan, state) == expert_evaluate(state, 0)
