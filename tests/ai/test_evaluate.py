"""The AI's heuristic evaluation: its fast projected score agrees with the engine's, it equals the final score
once the game is over, and it values café guests who are ready to check in."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import GameConfig, GameState, apply, final_scores, legal_actions, new_game, projected_scores
from engine.gah.ai.evaluate import _politics_value, actions_left, checkin_value, evaluate, projected_total
from engine.gah.ai.values import politics_need
from engine.gah.ai.weights import W
from engine.gah.game import forget_legal_actions
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, CafeTable


@pytest.mark.parametrize("options", [
    {"players": ["ann", "bob", "cy"]},
    {"players": ["ann", "bob"], "edition": "2015", "hotel_sides": "individual"},
    {"players": ["ann", "bob", "cy", "dee"], "staff_start": "draft", "extra_politics": True},
    {"players": ["ann"], "solo": "leopold"},
], ids=["3p", "2p-2015-day-sides", "4p-draft", "solo"])
def test_projected_total_matches_the_engine(options: dict[str, object]) -> None:
    for seed in range(4):
        chooser = random.Random(seed)
        state = new_game(GameConfig(seed=seed, **options))  # type: ignore[arg-type]
        while True:
            scores = projected_scores(state)
            for index, player in enumerate(state.players):
                assert projected_total(state, index) == scores[player.name].total
            if state.is_over:
                break
            state, _ = apply(state, chooser.choice(legal_actions(state)))


@pytest.mark.parametrize("seed", range(1, 41))
def test_evaluation_is_the_final_score_at_the_end(seed: int) -> None:
    chooser = random.Random(seed)
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:2 + seed % 3], seed=seed))
    while not state.is_over:
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    scores = final_scores(state)
    for index, player in enumerate(state.players):
        left = sum(1 for table in player.cafe if table.guest is not None)
        assert evaluate(state, index) == scores[player.name].total - W.cafe_aversion * left


def round_two_state() -> GameState:
    """A 3-player game on ann's first turn of round 2 (random moves so far); ann has an empty café, three vacant
    first-floor rooms and no other rooms."""
    chooser = random.Random(5)
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=5))
    while not (state.round == 2 and state.pending[-1].kind == "turn" and state.current_index == 0):
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    state = state.copy()
    forget_legal_actions(state)
    ann = state.players[0]
    ann.rooms = [PREPARED] * 3 + [EMPTY] * 17
    ann.cafe = [CafeTable(), CafeTable(), CafeTable()]
    return state


def test_a_served_guest_with_a_room_waiting_is_worth_more_than_its_card() -> None:
    """A café guest whose order is complete, with a vacant room waiting, beats the empty table by more than the
    guest's own VP and reward: checking in also frees the table for the next guest and fills a room."""
    state = round_two_state()
    without = evaluate(state, 0)
    ann = state.players[0]
    ann.cafe[0] = CafeTable(92, [1, 0, 0, 0])  # Capt. Goldhaken: green (any room), one strudel, 0 VP, 1 krone
    served = evaluate(state, 0)
    assert served - without > checkin_value(92, ann, actions_left(state, 0))
    # the same guest still waiting for the strudel is worth less, but still more than an empty table
    ann.cafe[0] = CafeTable(92, [0, 0, 0, 0])
    ann.kitchen = [0, 0, 0, 0]
    waiting = evaluate(state, 0)
    ann.cafe[0] = CafeTable()
    assert served > waiting > evaluate(state, 0)


def test_politics_need_counts_the_main_actions_still_missing() -> None:
    """Counted conditions divide what is missing by what one action brings; room conditions count the occupied
    rooms missing; conditions without an estimate give None."""
    state = round_two_state()
    ann = state.players[0]
    ann.money = 11
    assert politics_need(state, 0, {"effect": "krones_at_least", "amount": 20}) == 3.0
    ann.rooms = [PREPARED] * 6 + [EMPTY] * 14
    assert politics_need(state, 0, {"effect": "room_tiles", "at_least": 12}) == 2.0
    ann.played = [1, 2]
    assert politics_need(state, 0, {"effect": "staff_played", "at_least": 6}) == 4.0
    ann.rooms = [OCCUPIED] * 5 + [EMPTY] * 15
    assert politics_need(state, 0, {"effect": "full_floors", "at_least": 2}) == pytest.approx(5 * W.actions_per_room)
    assert politics_need(state, 0, {"effect": "guest_vp", "at_least": 20}) is None


def test_each_action_toward_a_politics_card_is_credited_alike() -> None:
    """The credit for a politics card grows by the same step with each main action of progress (so a card is
    worked toward early), and it is the full card once met (room tiles, 12 for politics card 106)."""
    state = round_two_state()
    state.politics = [106, *state.politics[1:]]
    state.politics_claims = [[], [], []]
    ann = state.players[0]
    actions = actions_left(state, 0)
    credits = []
    for tiles in (3, 6, 9):
        ann.rooms = [PREPARED] * tiles + [EMPTY] * (20 - tiles)
        credits.append(_politics_value(state, 0, actions))
    steps = [b - a for a, b in itertools.pairwise(credits)]
    assert steps[0] > 0 and steps[0] == pytest.approx(steps[1])
    # one action of 3 tiles out of a six-action horizon, of the credited share of the 15 VP space
    assert steps[0] == pytest.approx(W.politics_share * 15 / 6, rel=0.01)
