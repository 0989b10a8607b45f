"""The engine's refusals are four siblings under `IllegalAction` (issue 41, item 5): malformed, not possible now,
not your turn, game over. Each refusal raises exactly one of them, keeps its sentence for players and changes
nothing (DESIGN.md "The engine asks; players answer")."""

from __future__ import annotations

import re

import pytest

from engine import (
    GameConfig,
    GameOver,
    GameState,
    IllegalAction,
    MalformedAction,
    NotPossibleNow,
    NotYourTurn,
    apply,
    legal_actions,
    new_game,
    parse_action,
)
from tests.engine.scenario import turn
from tests.engine.test_playouts import play_random_game

SIBLINGS = (MalformedAction, NotPossibleNow, NotYourTurn, GameOver)


def _only(error: BaseException, expected: type[IllegalAction]) -> None:
    """`error` is an `IllegalAction` of the sibling `expected` and of no other sibling."""
    assert isinstance(error, IllegalAction)
    assert [kind for kind in SIBLINGS if isinstance(error, kind)] == [expected]


def _over() -> GameState:
    state, _ = play_random_game(2, seed=3, checks=False)
    assert state.is_over
    return state


def test_the_four_refusals_are_siblings_under_illegal_action_and_exported() -> None:
    """Every sibling is an `IllegalAction` (so `except IllegalAction` still catches all), none is another's
    subclass, and `engine` and `engine.overbooking` export the very same classes."""
    import engine.overbooking

    for kind in SIBLINGS:
        assert issubclass(kind, IllegalAction)
        assert not any(issubclass(kind, other) for other in SIBLINGS if other is not kind)
        assert getattr(engine, kind.__name__) is kind is getattr(engine.overbooking, kind.__name__)
        assert kind.__name__ in engine.__all__ and kind.__name__ in engine.overbooking.__all__


def test_text_that_reads_as_no_action_is_malformed() -> None:
    state = turn(dice=[1, 0, 0, 0, 0, 0])
    before = state.to_json()
    for text in ("fly to the moon", "", "   "):
        with pytest.raises(MalformedAction, match="is not an action I know") as refused:
            parse_action(state, text)
        _only(refused.value, MalformedAction)
    assert state.to_json() == before


def test_an_action_that_is_not_legal_now_is_not_possible_now() -> None:
    """"die 4" reads as an action, but action space 4 holds no die: by text and by a foreign `Action`."""
    state = turn(dice=[1, 0, 0, 0, 0, 0])
    before = state.to_json()
    with pytest.raises(NotPossibleNow, match=re.escape('"die 4" is not possible right now.')) as by_text:
        parse_action(state, "die 4")
    _only(by_text.value, NotPossibleNow)
    foreign = parse_action(turn(dice=[0, 0, 0, 1, 0, 0]), "die 4")
    with pytest.raises(NotPossibleNow, match=re.escape('"die 4" is not possible right now.')) as by_action:
        apply(state, foreign)
    _only(by_action.value, NotPossibleNow)
    assert state.to_json() == before


def test_someone_else_acting_is_not_your_turn_in_apply_and_parse_action() -> None:
    """apply and parse_action refuse another seat, a name not in the game, and the solo opponent alike."""
    state = turn(dice=[1, 0, 0, 0, 0, 0])
    before = state.to_json()
    action = parse_action(state, "die 1")
    for call in (lambda: apply(state, action, player="bob"), lambda: parse_action(state, "die 1", "bob")):
        with pytest.raises(NotYourTurn, match=re.escape("It is ann's move, not bob's.")) as refused:
            call()
        _only(refused.value, NotYourTurn)
    with pytest.raises(NotYourTurn, match=re.escape("zed is not playing in this game.")):
        parse_action(state, "die 1", "zed")
    with pytest.raises(NotYourTurn, match=re.escape("zed is not playing in this game.")):
        apply(state, action, player="zed")
    assert state.to_json() == before
    solo = new_game(GameConfig(players=["ann"], seed=2, solo="leopold"))
    with pytest.raises(NotYourTurn, match="Leopold plays by instruction cards"):
        parse_action(solo, str(legal_actions(solo)[0]), "Leopold")


def test_a_finished_game_refuses_every_action_as_game_over() -> None:
    state = _over()
    before = state.to_json()
    earlier = legal_actions(new_game(GameConfig(players=["ann", "bob"], seed=3)))[0]
    for call in (lambda: apply(state, earlier), lambda: apply(state, earlier, player="ann"),
                 lambda: parse_action(state, "die 1"), lambda: parse_action(state, "die 1", "ann")):
        with pytest.raises(GameOver, match=re.escape("The game is over; no more moves can be made.")) as refused:
            call()
        _only(refused.value, GameOver)
    assert state.to_json() == before


def test_malformed_text_is_told_so_even_when_the_game_is_over() -> None:
    """The text is read first: nonsense is malformed whatever the state (as in Overbooking)."""
    with pytest.raises(MalformedAction):
        parse_action(_over(), "fly to the moon")
