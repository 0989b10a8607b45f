"""Build hand-made game states for rule tests, and play actions by their text.

Typical use::

    state = turn(dice=[0, 3, 0, 0, 0, 0], kitchen=[0, 0, 0, 0], cafe=[(75, [0, 0, 2, 1])], rooms="1-1:P")
    state, events = play(state, "die 2 boost", "take 1 wine 1 coffee", "put wine on table 1", ...)

`turn()` starts from a real new game (setup answered), then overwrites the acting player's holdings and
the dice, and puts that player on turn. The acting player's café starts empty; everything else not given
keeps its real value.
"""

from __future__ import annotations

from typing import Any

from engine import Event, GameConfig, GameState, apply, legal_actions, new_game, parse_action
from engine.gah.cards import staff_by_name
from engine.gah.game import forget_legal_actions
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, CafeTable, Frame, TurnState

NAMES = ("ann", "bob", "cy", "dee")


def after_setup(players: int = 2, seed: int = 1, **options: Any) -> GameState:
    """A new game whose setup is answered (each takes display guest 1, nobody prepares a room; with the Let's
    Waltz entrance auction everyone opens at 0 krones and passes)."""
    state = new_game(GameConfig(players=list(NAMES[:players]), seed=seed, **options))
    while state.phase == "setup":
        actions = legal_actions(state)
        pick = (next((a for a in actions if a.kind in ("guest", "pass")), None)
                or next((a for a in actions if a.kind == "bid"), None)
                or next(a for a in actions if a.kind == "decline"))
        state, _ = apply(state, pick)
    return state


def parse_rooms(text: str) -> list[int]:
    """Rooms from "1-1:O 2-1:P" (floor-column, O = occupied, P = prepared); all other spaces empty."""
    rooms = [EMPTY] * 20
    for part in text.split():
        where, kind = part.split(":")
        floor, column = (int(x) for x in where.split("-"))
        rooms[(floor - 1) * 5 + column - 1] = OCCUPIED if kind.upper() == "O" else PREPARED
    return rooms


def staff_ids(*names: str) -> list[int]:
    """Staff card ids by English name (case-insensitive)."""
    return [staff_by_name()[name.lower()].id for name in names]


def turn(
    player: int = 0,
    *,
    players: int = 2,
    seed: int = 1,
    dice: list[int] | None = None,
    money: int | None = None,
    emperor: int | None = None,
    kitchen: list[int] | None = None,
    cafe: list[tuple[int, list[int]]] | None = None,
    hand: list[str] | None = None,
    played: list[str] | None = None,
    rooms: str | None = None,
    display: list[int | None] | None = None,
    round_number: int | None = None,
    **options: Any,
) -> GameState:
    """A state where seat `player` is at the start of a turn, with the given holdings.

    `cafe` lists (guest id, served [strudel, cake, wine, coffee]) for tables 1..n (default: an empty café);
    `hand`/`played` are staff names; `rooms` uses `parse_rooms` syntax; `dice` counts dice on spaces 1-6.
    """
    state = after_setup(players, seed, **options)
    seat = state.players[player]
    if dice is not None:
        state.dice = list(dice)
    if money is not None:
        seat.money = money
    if emperor is not None:
        seat.emperor = emperor
    if kitchen is not None:
        seat.kitchen = list(kitchen)
    cafe = cafe or []
    seat.cafe = [CafeTable(g, list(s)) for g, s in cafe] + [CafeTable() for _ in range(3 - len(cafe))]
    if hand is not None:
        seat.hand = staff_ids(*hand)
    if played is not None:
        seat.played = staff_ids(*played)
    if rooms is not None:
        seat.rooms = parse_rooms(rooms)
    if display is not None:
        state.display = list(display)
    if round_number is not None:
        state.round = round_number
    number = seat.tile[0]
    state.cycle = [n for n in range(1, 2 * players + 1) if n > number]
    state.turn = TurnState(player, number, no_dice=sum(state.dice) == 0)
    state.pending = [Frame("auto:next_turn", 0), Frame("turn", player)]
    for other in state.players:  # turns with lower numbers count as already taken this round
        other.covered = [n for n in other.tile if n < number]
    return state


def first_seat(players: int = 2, seed: int = 1) -> int:
    """The seat holding turn order tile 1 in round 1 of `after_setup(players, seed)`."""
    state = after_setup(players, seed)
    return next(i for i, p in enumerate(state.players) if p.tile[0] == 1)


def fresh(state: GameState) -> GameState:
    """Forget cached legal actions after a test changed `state` by hand."""
    forget_legal_actions(state)
    return state


def play(state: GameState, *texts: str) -> tuple[GameState, list[Event]]:
    """Apply actions by their text, in order; returns the final state and all events."""
    events: list[Event] = []
    for text in texts:
        state, new = apply(state, parse_action(state, text))
        events.extend(new)
    return state, events


def texts(state: GameState) -> list[str]:
    """The texts of the legal actions."""
    return [str(a) for a in legal_actions(state)]
