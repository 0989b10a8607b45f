"""Let's Waltz module 4, Start Player (issue 17): the skeleton key, compensation, clockwise turn order and start
money, and the key with Corogari Zant-Mainz and The Kozi Palace.

Sources: player aid (shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt) "Start Player Action
(Module 4)", "Turn Order", "Personal Play Area", "End-of-Round Cleanup"; gah-data-pass2.md section 5 (the tile
numbers are our reading: strictly clockwise, two turns each).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import GameConfig, GameState, new_game
from engine.gah.context import Ctx
from engine.gah.flow import STEPS, turn_order
from engine.gah.state import Frame
from tests.engine.scenario import after_setup, fresh, play, texts, turn

KEY = frozenset({"start_player"})
SEEDS = range(1, 41)
"""The games a rule that holds for any game is checked in."""


@pytest.mark.parametrize("seed", SEEDS)
def test_start_player_turn_order_is_strictly_clockwise(seed: int) -> None:
    for players in (2, 3, 4):
        state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed, modules=KEY))
        start = state.start_player
        for offset in range(players):
            seat = state.players[(start + offset) % players]
            assert seat.tile == [offset + 1, offset + 1 + players]


@pytest.mark.parametrize("seed", SEEDS)
def test_start_player_start_money_by_turn_position(seed: int) -> None:
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"], seed=seed, modules=KEY))
    assert [state.players[i].money for i in turn_order(state)] == [9, 10, 11, 12]


@pytest.mark.parametrize("seed", SEEDS)
def test_without_the_key_the_tiles_pass_left(seed: int) -> None:
    state = after_setup(3, seed=seed, modules=KEY)
    start = state.waltz.start_player.round_start if state.waltz else -1
    STEPS["auto:round_cleanup"](Ctx(state), Frame("auto:round_cleanup", 0))
    assert state.waltz is not None and state.waltz.start_player.round_start == (start + 1) % 3


def key_turn(player: int = 0, players: int = 4, **options: Any) -> GameState:
    return turn(player, players=players, modules=KEY, **options)


def test_skeleton_key_gives_an_item_a_strength_one_action_and_compensation() -> None:
    state = key_turn(0, 4, dice=[0, 3, 0, 0, 0, 0], money=5)
    before = [p.money for p in state.players]
    state, _ = play(state, "take the skeleton key")
    assert [p.money - b for p, b in zip(state.players, before, strict=True)] == [0, 0, 1, 2]
    assert state.pending[-1].kind == "choose_items"
    state, _ = play(state, "item wine", "action 4 at strength 1", "emperor 1 krones 0")
    ann = state.players[0]
    assert ann.kitchen[2] >= 1 and ann.emperor >= 1 and ann.dice_taken == 0 and state.dice == [0, 3, 0, 0, 0, 0]
    assert state.waltz is not None and state.waltz.start_player.key == 0
    assert not any(t.startswith("die") for t in texts(state))  # instead of a die


def test_skeleton_key_compensation_with_three_and_two_players() -> None:
    three = key_turn(0, 3, dice=[1, 0, 0, 0, 0, 0])
    before = [p.money for p in three.players]
    three, _ = play(three, "take the skeleton key")
    assert [p.money - b for p, b in zip(three.players, before, strict=True)] == [0, 0, 1]
    two = key_turn(0, 2, dice=[1, 0, 0, 0, 0, 0])
    before = [p.money for p in two.players]
    two, _ = play(two, "take the skeleton key")
    assert [p.money for p in two.players] == before


def test_skeleton_key_not_after_passing_not_twice_and_not_after_a_die() -> None:
    state = key_turn(0, 2, dice=[1, 1, 0, 0, 0, 0])
    assert "take the skeleton key" in texts(state)
    assert state.waltz is not None
    state.waltz.start_player.passed_round[0] = True
    assert "take the skeleton key" not in texts(fresh(state))
    state.waltz.start_player.passed_round[0] = False
    state.waltz.start_player.key = 1
    assert "take the skeleton key" not in texts(fresh(state))
    state.waltz.start_player.key = None
    after_die, _ = play(fresh(state), "die 1", "take 1 strudel 0 cake")
    assert after_die.pending[-1].kind == "turn"
    assert "take the skeleton key" not in texts(after_die)


@pytest.mark.parametrize("seed", SEEDS)
def test_key_holder_starts_the_next_round_and_tiles_go_clockwise_from_them(seed: int) -> None:
    state = after_setup(4, seed=seed, modules=KEY)
    assert state.waltz is not None
    state.waltz.start_player.key = (state.waltz.start_player.round_start + 2) % 4
    holder = state.waltz.start_player.key
    ctx = Ctx(state)
    STEPS["auto:round_cleanup"](ctx, Frame("auto:round_cleanup", 0))
    STEPS["auto:start_round"](ctx, state.pending.pop())
    assert state.players[holder].tile[0] == 1 and state.players[(holder + 1) % 4].tile[0] == 2
    assert state.waltz.start_player.key is None


def test_corogari_with_the_key_doubles_the_one_die() -> None:
    """Corogari text: "the skeleton key copies the value of the one die you have"."""
    state = turn(0, players=2, dice=[0, 0, 0, 0, 0, 0], modules=frozenset({"start_player", "unique_hotels"}))
    assert state.waltz is not None
    state.players[0].entrance, state.players[1].entrance = 2, 7
    state.waltz.unique_hotels.faces[0] = [2]  # a 2 already taken this round: with the key, 2 x 2 = 4 -> 1 krone, 1 step
    money, emperor = state.players[0].money, state.players[0].emperor
    state, _ = play(fresh(state), "take the skeleton key")
    assert state.players[0].money == money + 1 and state.players[0].emperor == emperor + 1


def test_kozi_palace_moves_no_die_with_the_key() -> None:
    state = turn(0, players=2, dice=[0, 0, 0, 1, 1, 0], modules=frozenset({"start_player", "unique_hotels"}))
    assert state.waltz is not None
    state.players[0].entrance, state.players[1].entrance = 9, 7
    state, _ = play(fresh(state), "take the skeleton key", "item wine")
    assert state.pending[-1].kind == "key_action" and not any("from" in t for t in texts(state))
    assert state.dice == [0, 0, 0, 1, 1, 0]
