"""The strong player's look-ahead plays its own future turns sensibly: it takes a display guest worth taking
(a guest comes before the die, so a plain one-step comparison against the dice would pass it over)."""

from __future__ import annotations

from engine import legal_actions
from engine.gah.ai.evaluate import evaluate
from engine.gah.ai.lookahead import without_pass
from engine.gah.ai.strong import Budget, StrongPolicy, _own_move, _still_my_turn
from engine.gah.state import EMPTY
from tests.ai.test_evaluate import round_two_state


def test_look_ahead_takes_a_free_guest_it_can_serve() -> None:
    state = round_two_state()
    ann = state.players[0]
    ann.kitchen = [2, 2, 2, 2]
    state.display[4] = 92  # Capt. Goldhaken, free in the last display position: green, one strudel
    actions = legal_actions(state)
    assert any(a.kind == "guest" and a.args == (4, 0) for a in actions)
    assert _own_move(state, 0, actions).kind == "guest"


def test_look_ahead_passes_over_guests_it_cannot_afford_to_serve() -> None:
    """Late in the game, with an empty kitchen and a bare hotel, a big order is not worth its café penalty."""
    state = round_two_state()
    state.round = 7
    ann = state.players[0]
    ann.kitchen = [0, 0, 0, 0]
    ann.money = 10
    state.display = [99, 104, 101, 104, 101]  # orders of 3-4 items (strudel and cake), no room for them yet
    ann.rooms = [EMPTY] * 20
    choice = _own_move(state, 0, legal_actions(state))
    assert choice.kind != "guest"


def test_every_first_action_is_judged_even_when_the_beam_drops_its_lines() -> None:
    """With a beam of one line, the lines of all but one first action leave the beam after the first step; each
    of them still gets a value at the end of its turn (the turn finished with one-step moves), so the choice is
    made among all of them and not only among the survivors."""
    state = round_two_state()
    actions = legal_actions(state)
    policy = StrongPolicy(seed=1, budget=Budget(worlds=1, width=1, rollouts=0))
    plan = policy._plan(state, 0, actions)
    assert set(plan) == set(without_pass(actions))
    for value, end in plan.values():
        assert end is not None
        assert not _still_my_turn(end, 0, (state.round, 0, state.turn.number))  # type: ignore[union-attr]
        assert value == evaluate(end, 0)
