"""Overbooking's refusals are the engine's four siblings under `IllegalAction` (issue 41, item 5): malformed, not
possible now, not your turn, game over. Each raises exactly one of them, keeps its sentence, changes nothing."""

from __future__ import annotations

import re

import pytest

from engine.overbooking import (
    Action,
    GameOver,
    GameState,
    IllegalAction,
    MalformedAction,
    NotPossibleNow,
    NotYourTurn,
    apply,
    legal_actions,
    parse_action,
)
from engine.overbooking.ai import RandomPolicy
from tests.overbooking.scenario import game

SIBLINGS = (MalformedAction, NotPossibleNow, NotYourTurn, GameOver)


def _only(error: BaseException, expected: type[IllegalAction]) -> None:
    """`error` is an `IllegalAction` of the sibling `expected` and of no other sibling."""
    assert isinstance(error, IllegalAction)
    assert [kind for kind in SIBLINGS if isinstance(error, kind)] == [expected]


def _over() -> GameState:
    state = game(2, seed=4)
    policy = RandomPolicy(4)
    while not state.is_over:
        state, _ = apply(state, policy.choose(state))
    return state


def test_text_that_reads_as_no_move_is_malformed() -> None:
    state = game(3, seed=2)
    before = state.to_json()
    for text in ("fly away", "", "hotel 1"):
        with pytest.raises(MalformedAction, match="is not an Overbooking move") as refused:
            parse_action(state, text)
        _only(refused.value, MalformedAction)
    assert state.to_json() == before


def test_a_move_that_is_not_legal_now_is_not_possible_now_with_its_reason() -> None:
    state = game(3, seed=2)
    before = state.to_json()
    with pytest.raises(NotPossibleNow, match="There is no hotel 9") as by_text:
        parse_action(state, "play bird 1 to hotel 9 queue")
    _only(by_text.value, NotPossibleNow)
    with pytest.raises(NotPossibleNow, match=re.escape('"maids" is not possible right now.')) as no_ability:
        parse_action(state, "maids")
    _only(no_ability.value, NotPossibleNow)
    with pytest.raises(NotPossibleNow, match=re.escape('"skip nothing" is not possible right now.')) as by_action:
        apply(state, Action("skip", ("nothing",), "skip nothing"))
    _only(by_action.value, NotPossibleNow)
    assert state.to_json() == before


def test_someone_else_moving_is_not_your_turn() -> None:
    state = game(2, seed=1)
    before = state.to_json()
    other = state.players[1 - state.turn].name
    on_turn = state.players[state.turn].name
    with pytest.raises(NotYourTurn, match=f"It is {on_turn}'s move, not {other}'s.") as refused:
        apply(state, legal_actions(state)[0], player=other)
    _only(refused.value, NotYourTurn)
    with pytest.raises(NotYourTurn, match=re.escape("zed is not playing in this game.")):
        apply(state, legal_actions(state)[0], player="zed")
    assert state.to_json() == before


def test_a_finished_game_refuses_every_move_as_game_over() -> None:
    state = _over()
    before = state.to_json()
    earlier = legal_actions(game(2, seed=4))[0]
    for call in (lambda: apply(state, earlier), lambda: apply(state, earlier, player="orange"),
                 lambda: parse_action(state, earlier.text), lambda: parse_action(state, "pass")):
        with pytest.raises(GameOver, match=re.escape("The game is over; no more moves can be made.")) as refused:
            call()
        _only(refused.value, GameOver)
    with pytest.raises(MalformedAction):  # the text is read first, as in Grand Austria Hotel
        parse_action(state, "fly away")
    assert state.to_json() == before
