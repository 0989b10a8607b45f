"""The staff and economy terms of the expert's evaluation (issue 58, item 3: `engine.gah.ai.economy`).

Each term is checked through `expert_evaluate` (what the expert and master levels judge states by) against
`evaluate` (the shared evaluation without the terms), on solo states against Leopold over several seeds, with all
the terms active (they are off by default since they did not pay at the full budget; the last test checks that)."""

from __future__ import annotations

import random

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.ai import economy
from engine.gah.ai.economy import ECONOMY, TERMS, economy_terms, economy_value, term_names
from engine.gah.ai.evaluate import evaluate
from engine.gah.ai.expert import expert_evaluate, table_items
from engine.gah.ai.weights import actions_left
from engine.gah.cards import guests, staff
from engine.gah.game import forget_legal_actions
from engine.gah.state import CafeTable

SEEDS = range(1, 6)
CUSTODIAN = 23
"""A permanent card (5 krones): a krone for each room that turns occupied."""
TOUR_GUIDE = 8
"""A permanent card (2 krones): 2 VP for each green guest checked in."""
GARDENER = 42
"""A permanent card (3 krones): 5 VP with each Emperor reward (the estimate does not shrink with the actions left)."""
BARISTA = 43
"""A one-time card."""


@pytest.fixture(autouse=True)
def all_terms_active(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every term of `TERMS` active for the test (the default is none)."""
    monkeypatch.setattr(economy, "ACTIVE", list(TERMS))


def solo_turn(seed: int, round_: int) -> GameState:
    """A solo game against Leopold on hard at the player's first turn of `round_` (random moves so far), copied
    so it can be changed: an empty café, no staff in hand or in play."""
    chooser = random.Random(seed)
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))
    while not (state.round == round_ and state.pending[-1].kind == "turn" and state.current_index == 0):
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    state = state.copy()
    forget_legal_actions(state)
    ann = state.players[0]
    ann.cafe = [CafeTable(), CafeTable(), CafeTable()]
    ann.hand, ann.played, ann.kitchen = [], [], [0, 0, 0, 0]
    return state


def excess(state: GameState) -> float:
    """What `expert_evaluate` adds to the shared evaluation (at the expert's items per main action)."""
    return expert_evaluate(state, 0) - evaluate(state, 0, table_items(len(state.players)))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_free_permanent_card_gains_more_by_being_played_early(seed: int) -> None:
    """Moving a permanent card from hand to play (the dice pay for it) gains more in the expert's evaluation than
    in the shared one: the card in hand is credited as if played two rounds later."""
    state = solo_turn(seed, 1)
    ann = state.players[0]
    ann.hand = [CUSTODIAN, TOUR_GUIDE]
    in_hand = expert_evaluate(state, 0), evaluate(state, 0, table_items(2))
    ann.hand, ann.played = [TOUR_GUIDE], [CUSTODIAN]
    in_play = expert_evaluate(state, 0), evaluate(state, 0, table_items(2))
    assert in_play[0] - in_hand[0] > in_play[1] - in_hand[1] + 2.0
    assert economy_terms(state, 0)["staff waiting"] < 0


@pytest.mark.parametrize("seed", SEEDS)
def test_one_time_and_game_end_cards_in_hand_are_not_discounted(seed: int) -> None:
    state = solo_turn(seed, 2)
    state.players[0].hand = [BARISTA, *(c for c, card in staff().items() if card.kind == "game_end")][:4]
    assert economy_terms(state, 0)["staff waiting"] == 0.0
    assert economy_terms(state, 0)["late hand"] == 0.0


@pytest.mark.parametrize("seed", SEEDS)
def test_permanent_cards_in_hand_lose_value_after_round_three(seed: int) -> None:
    """The late-hand term is zero up to round 3 and takes a growing share of the credit in rounds 4 and 5 (of a
    card whose credit the wait of `staff waiting` leaves: the Gardener's estimate does not shrink)."""
    losses = []
    for round_ in (3, 4, 5):
        state = solo_turn(seed, round_)
        state.players[0].hand = [CUSTODIAN, GARDENER]
        losses.append(-economy_terms(state, 0)["late hand"])
    assert losses[0] == 0.0
    assert 0.0 < losses[1] < losses[2]


@pytest.mark.parametrize("seed", SEEDS)
def test_krones_below_the_floor_cost_extra_before_round_six(seed: int) -> None:
    state = solo_turn(seed, 2)
    ann = state.players[0]
    extra = []
    for money in (0, 1, ECONOMY.krones_floor, ECONOMY.krones_floor + 3):
        ann.money = money
        extra.append(excess(state))
    floor = ECONOMY.krones_floor_cost
    assert extra[0] == pytest.approx(extra[2] - 2 * floor) and extra[1] == pytest.approx(extra[2] - floor)
    assert extra[2] == pytest.approx(extra[3])
    late = solo_turn(seed, 6)
    late.players[0].money = 0
    assert economy_terms(late, 0)["krones floor"] == 0.0


@pytest.mark.parametrize("seed", SEEDS)
def test_kitchen_items_no_guest_needs_count_less_before_the_endgame(seed: int) -> None:
    """Two strudel with no café guest count less than 2 VP to the expert; with a guest who orders them they count
    as the shared evaluation counts them; in the endgame surplus items are full VP again."""
    state = solo_turn(seed, 2)
    ann = state.players[0]
    before = excess(state)
    ann.kitchen = [2, 0, 0, 0]
    assert excess(state) == pytest.approx(before - 2 * (1 - ECONOMY.surplus_item_value))
    strudel_guest = next(g.id for g in guests().values() if tuple(g.order) == (2, 0, 0, 0))
    ann.cafe[0] = CafeTable(strudel_guest, [0, 0, 0, 0])
    assert economy_terms(state, 0)["kitchen surplus"] == 0.0
    end = solo_turn(seed, 7)
    end.players[0].kitchen = [3, 0, 3, 0]
    assert economy_terms(end, 0)["kitchen surplus"] == 0.0


@pytest.mark.parametrize("seed", SEEDS)
def test_guests_the_actions_left_cannot_complete_cost_extra(seed: int) -> None:
    """Three guests each wanting dishes and drinks, in the last round (2 main actions): the first can be completed,
    the others cannot (an action brings dishes or drinks, not both); in round 2 all three can."""
    mixed = [g.id for g in guests().values() if sum(g.order[:2]) >= 1 and sum(g.order[2:]) >= 1][:3]
    state = solo_turn(seed, 7)
    state.players[0].cafe = [CafeTable(guest, [0, 0, 0, 0]) for guest in mixed]
    assert actions_left(state, 0) == 2
    assert economy_terms(state, 0)["unfinishable guests"] == -2 * ECONOMY.unfinishable_cost
    early = solo_turn(seed, 2)
    early.players[0].cafe = [CafeTable(guest, [0, 0, 0, 0]) for guest in mixed]
    assert economy_terms(early, 0)["unfinishable guests"] == 0.0


@pytest.mark.parametrize("seed", range(1, 21))
def test_the_terms_are_zero_once_the_game_is_over(seed: int) -> None:
    chooser = random.Random(seed)
    players = ["ann", "bob", "cy"][:1 + seed % 3]
    solo = {"solo": "leopold", "solo_difficulty": "hard"} if len(players) == 1 else {}
    state = new_game(GameConfig(players=players, seed=seed, **solo))  # type: ignore[arg-type]
    while not state.is_over:
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    for index in range(len(players)):
        assert economy_value(state, index) == 0.0 and set(economy_terms(state, index).values()) == {0.0}


@pytest.mark.parametrize("seed", SEEDS)
def test_no_term_is_active_by_default(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the default, without the autouse fixture's terms
    assert economy.ACTIVE == []
    state = solo_turn(seed, 2)
    state.players[0].hand = [CUSTODIAN, TOUR_GUIDE]
    state.players[0].money = 0  # below the krones floor: that term would count
    assert economy_terms(state, 0) == {} and economy_value(state, 0) == 0.0
    assert expert_evaluate(state, 0) == evaluate(state, 0, table_items(len(state.players)))


def test_term_names_reads_an_experiments_list_and_refuses_unknown_names() -> None:
    assert term_names("all") == list(TERMS)
    assert term_names("none") == [] and term_names("") == []
    assert term_names(" krones floor, late hand ") == ["krones floor", "late hand"]
    with pytest.raises(ValueError, match="unknown economy terms: krone floor"):
        term_names("krone floor")
