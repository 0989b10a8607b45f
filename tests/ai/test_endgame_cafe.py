"""Endgame care for the café (issue 20): every guest still in the café at game end costs 5 VP (rulebook 2015,
"Final scoring"), so in the last round the evaluation only credits a café guest the actions, krones and rooms
left can still complete, serve and check in, and the AI does not take a guest it cannot finish."""

from __future__ import annotations

from engine import legal_actions
from engine.ai import policy
from engine.ai.evaluate import actions_left, evaluate
from engine.ai.weights import W
from engine.state import EMPTY, OCCUPIED, PREPARED, CafeTable, GameState
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
        for seed in range(3):
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
