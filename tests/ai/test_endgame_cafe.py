"""Endgame care for the café (issue 20): every guest still in the café at game end costs 5 VP (rulebook 2015,
"Final scoring"), so in the last round the evaluation only credits a café guest the actions, krones and rooms
left can still complete, serve and check in, and the AI does not take a guest it cannot finish."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine.gah.ai.evaluate as evaluate_module
from engine import legal_actions
from engine.gah.ai import policy
from engine.gah.ai.evaluate import actions_left, evaluate
from engine.gah.ai.weights import W
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, CafeTable, GameState
from tests.ai.test_evaluate import round_two_state

GOLDHAKEN = 92
"""Capt. Goldhaken: green (any room), orders one strudel."""


def last_action_taken() -> GameState:
    """Ann in her last turn of the game (round 7, both dice taken): she may still serve and check in."""
    state = round_two_state()
    state.round = 7
    ann = state.players[0]
    ann.covered = [1, 2]
    assert state.turn is not None and state.turn.player == 0
    state.turn.die_taken = True
    state.turn.acted = True
    assert actions_left(state, 0) == 0
    return state


def test_café_penalty_a_guest_who_cannot_be_served_before_the_end_counts_as_the_penalty() -> None:
    """No krone to serve the strudel from the kitchen: the guest stays, -5 VP (and the AI's aversion to leaving a
    guest), and the strudel keeps its 1 VP."""
    state = last_action_taken()
    ann = state.players[0]
    ann.money = 0
    ann.kitchen = [1, 0, 0, 0]
    empty = evaluate(state, 0)
    ann.cafe[0] = CafeTable(GOLDHAKEN, [0, 0, 0, 0])
    assert evaluate(state, 0) == empty - 5 - W.cafe_aversion


def test_café_penalty_a_guest_without_a_room_in_the_last_turn_counts_as_the_penalty() -> None:
    state = last_action_taken()
    ann = state.players[0]
    ann.money = 3
    ann.rooms = [EMPTY] * 20
    empty = evaluate(state, 0)
    ann.cafe[0] = CafeTable(GOLDHAKEN, [1, 0, 0, 0])  # served, but no room to move into
    assert evaluate(state, 0) == empty - 5 - W.cafe_aversion


def test_café_penalty_a_guest_who_can_still_check_in_is_worth_more_than_an_empty_table() -> None:
    state = last_action_taken()
    ann = state.players[0]
    ann.money = 1
    ann.kitchen = [1, 0, 0, 0]
    ann.rooms = [PREPARED] * 3 + [EMPTY] * 17
    empty = evaluate(state, 0)
    ann.cafe[0] = CafeTable(GOLDHAKEN, [0, 0, 0, 0])
    assert evaluate(state, 0) > empty


def test_café_penalty_no_level_takes_a_guest_it_cannot_serve_in_the_last_turn() -> None:
    """Last turn of the game, no krone, an empty kitchen and no room: a free display guest would only cost 5 VP."""
    state = round_two_state()
    state.round = 7
    ann = state.players[0]
    ann.covered = [1]
    ann.money = 0
    ann.kitchen = [0, 0, 0, 0]
    ann.rooms = [EMPTY] * 20
    state.display[4] = 99
    assert actions_left(state, 0) == 1
    assert any(a.kind == "guest" for a in legal_actions(state))
    for level in ("greedy", "strong", "expert"):
        for seed in range(10):  # the policy seed draws the sampled worlds: no world may tempt it
            assert policy(level, seed).choose(state).kind != "guest", (level, seed)


SCULPTOR, DAME = 49, 63
"""Sculptor: yellow, orders one wine. Dame: blue, orders one coffee."""


def test_café_penalty_the_last_room_must_be_paid_for_and_preparable() -> None:
    """One main action left, a guest served in full but no vacant room of their colour: the action can prepare
    one, if the krones for it are there (a yellow room on floor 2 costs 1 krone: the only floor-1 space next to
    the rooms is red) and a space of that colour lies next to the rooms already there (no blue one does).
    Sources: rulebook 2015, action 3 (rooms next to rooms, at the floor's cost) and "Final scoring" (-5 VP)."""
    state = round_two_state()
    state.round = 7
    ann = state.players[0]
    ann.covered = [1]
    ann.kitchen = [0, 0, 0, 0]
    ann.rooms = [OCCUPIED] * 3 + [EMPTY] * 17
    assert actions_left(state, 0) == 1
    for money, guest, served, can in ((1, SCULPTOR, [0, 0, 1, 0], True), (0, SCULPTOR, [0, 0, 1, 0], False),
                                      (3, DAME, [0, 0, 0, 1], False)):
        ann.money = money
        ann.cafe[0] = CafeTable()
        empty = evaluate(state, 0)
        ann.cafe[0] = CafeTable(guest, served)
        if can:
            assert evaluate(state, 0) > empty - 5 - W.cafe_aversion, (money, guest)
        else:
            assert evaluate(state, 0) == empty - 5 - W.cafe_aversion, (money, guest)


SOVEREIGN = 67
"""Sovereign: blue, orders two coffees."""


def test_café_penalty_an_action_brings_few_coffees() -> None:
    """A drinks action of strength s brings at most s/2 coffees (never more coffee than wine, rulebook 2015,
    action 2), and a die of strength 2 is scarce: the estimate counts `W.rare_share` of the 2.5 items per action
    as coffees. With two main actions left one coffee is within reach and two are not, although two items of any
    kind would be."""
    state = round_two_state()
    state.round = 7
    ann = state.players[0]
    ann.covered = []
    ann.kitchen = [0, 0, 0, 0]
    ann.money = 5
    ann.rooms = [PREPARED] + [EMPTY] * 19  # one vacant room, blue
    assert actions_left(state, 0) == 2
    assert 1 <= 2 * W.rare_share * W.items_per_action < 2
    empty = evaluate(state, 0)
    ann.cafe[0] = CafeTable(SOVEREIGN, [0, 0, 0, 1])
    assert evaluate(state, 0) > empty - 5 - W.cafe_aversion
    ann.cafe[0] = CafeTable(SOVEREIGN, [0, 0, 0, 0])
    assert evaluate(state, 0) == empty - 5 - W.cafe_aversion


def _served_goldhaken_without_a_room(round_number: int) -> GameState:
    """Ann at the start of her turn in `round_number`, broke, with Capt. Goldhaken served in her café: the first
    floor is full, so his room must be prepared on the second floor for 1 krone."""
    state = round_two_state()
    state.round = round_number
    ann = state.players[0]
    ann.covered = []
    ann.money = 0
    ann.kitchen = [0, 0, 0, 0]
    ann.rooms = [OCCUPIED] * 5 + [EMPTY] * 15
    return state


def _goldhaken_credit(state: GameState) -> float:
    """What the evaluation credits Capt. Goldhaken beyond the -5 VP (and the aversion) of a guest left behind."""
    without = evaluate(state, 0)
    state.players[0].cafe[0] = CafeTable(GOLDHAKEN, [1, 0, 0, 0])
    credit = evaluate(state, 0) - without + 5 + W.cafe_aversion
    state.players[0].cafe[0] = CafeTable()
    return credit


def _credits(state: GameState, field: str, monkeypatch: pytest.MonkeyPatch) -> tuple[float, float, float]:
    """Goldhaken's credit with the share `field` of `Weights` at 0, at its value, and at 1."""
    result = []
    for share in (0.0, getattr(W, field), 1.0):
        monkeypatch.setattr(evaluate_module, "W", replace(W, **{field: share}))
        result.append(_goldhaken_credit(state))
    monkeypatch.setattr(evaluate_module, "W", W)
    return result[0], result[1], result[2]


def test_café_guest_whose_room_the_player_cannot_pay_gets_a_share_of_its_value_in_the_endgame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two main actions left and no krone for his room: he counts only if one action brings krones and the other
    prepares the room, and the last round's dice may not offer both, so he gets `short_of_krones_endgame` of
    his value."""
    state = _served_goldhaken_without_a_room(7)
    assert actions_left(state, 0) == 2
    nothing, credit, full = _credits(state, "short_of_krones_endgame", monkeypatch)
    assert full - nothing > 5
    assert credit == pytest.approx(nothing + W.short_of_krones_endgame * (full - nothing))
    state.players[0].money = 1  # the krone is there: the full value
    assert _goldhaken_credit(state) > credit + 3


def test_café_guest_whose_room_the_player_cannot_pay_gets_a_share_of_its_value_before_the_endgame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _served_goldhaken_without_a_room(5)
    assert actions_left(state, 0) == 6
    nothing, credit, full = _credits(state, "short_of_krones", monkeypatch)
    assert full - nothing > 5
    assert credit == pytest.approx(nothing + W.short_of_krones * (full - nothing))
    state.players[0].money = 1
    assert _goldhaken_credit(state) > credit + 3
