"""Module 4, Start Player: strictly clockwise turn order tiles, starting krones by turn position, and the skeleton
key instead of a die, on a player's first or second turn and not after passing (player aid, "Start Player
Action"; "End-of-Round Cleanup": if a player took the key, the next round's tiles are given out clockwise starting
with that player and the key goes back; otherwise the next seat starts).
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah import hooks
from engine.gah.context import Ctx
from engine.gah.mechanics import gain_krones
from engine.gah.state import GameState, TurnState
from engine.gah.waltz.cards import CLOCKWISE_TILES, KEY_COMPENSATION, START_MONEY_BY_POSITION
from engine.gah.waltz.start_player.payloads import KEY_ACTION
from engine.gah.waltz.start_player.state import StartPlayerState
from engine.gah.waltz.unique_hotels.entrances import second_die_bonus


def pieces(state: GameState) -> StartPlayerState:
    """The module's pieces (`WaltzState.start_player`) of a game that plays it."""
    assert state.waltz is not None
    return state.waltz.start_player


def start_money(state: GameState, order: list[int]) -> None:
    """Starting krones 9/10/11/12 by turn position."""
    for position, index in enumerate(order):
        state.players[index].money = START_MONEY_BY_POSITION[position]


def turn_order_tiles(state: GameState) -> hooks.TileOrder:
    """The clockwise tiles, from `StartPlayerState.round_start` (the skeleton key taker's seat after a round in
    which the key was taken)."""
    return pieces(state).round_start, CLOCKWISE_TILES[len(state.players)]


def start_round(state: GameState) -> None:
    """A new round: the key is back on the board and nobody has passed."""
    part = pieces(state)
    part.key = None
    part.passed_round = [False] * len(state.players)


def passed(state: GameState, index: int) -> None:
    """Remember who passed this round: no skeleton key for them afterwards."""
    pieces(state).passed_round[index] = True


def key_option(state: GameState, index: int, turn: TurnState) -> list[Action]:
    """"take the skeleton key" while it is on the board, before this turn's die, and not after passing."""
    part = pieces(state)
    if part.key is not None or turn.die_taken or turn.extra or part.passed_round[index]:
        return []
    return [Action("key", (), "take the skeleton key")]


def take_key(ctx: Ctx, index: int, action: Action) -> None:
    """Take the key (covering this turn's number), pay compensation, then 1 dish or drink and any main action at
    strength 1."""
    state = ctx.state
    turn = state.turn
    assert turn is not None
    pieces(state).key = index
    turn.die_taken = True
    player = ctx.player(index)
    player.covered.append(turn.number)
    ctx.log("key", index, "{name} takes the skeleton key and will start the next round.")
    count = len(state.players)
    ctx.push(KEY_ACTION, index)
    ctx.push("choose_items", index, count=1, source="the skeleton key")
    for offset, krones in enumerate(KEY_COMPENSATION[count], start=1):
        if krones:
            with ctx.caused(f"compensation for {ctx.name(index)}'s skeleton key"):
                gain_krones(ctx, (index + offset) % count, krones)
    second_die_bonus(ctx, index)  # Corogari Zant-Mainz (module 3) counts the key as a die


def next_start_player(ctx: Ctx) -> None:
    """Before the next round: the key taker starts it, else the seat after this round's start player."""
    state = ctx.state
    part = pieces(state)
    if state.round >= 7:
        return  # after round 7 no round follows: nobody starts it (issue 52 item 9)
    if part.key is not None:
        part.round_start = part.key
        ctx.log("key_returns", part.key, "{name} starts the next round; the skeleton key goes back.")
    else:
        part.round_start = (part.round_start + 1) % len(state.players)
