"""The die actions of a turn with Let's Waltz, which two modules change (`hooks.die_options`, mounted by either):

- module 2: taking a coloured die ("die 3 red": 1 krone per other die on the space, then its celebrity);
- module 3: The Kozi Palace's die moved from a neighbouring space ("die 5 from 6"; white dice only, our reading).

Shared by two modules, so in neither package; each module's other turn steps are in its package
(`celebrities.turn`, `unique_hotels.entrances`, `start_player.key`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.gah.behaviours import held_row
from engine.gah.hooks import Hooks
from engine.gah.state import GameState
from engine.gah.waltz.cards import lounge_colors

NEIGHBOURS = {1: (2,), 2: (1, 3), 3: (2, 4), 4: (3, 5), 5: (4, 6), 6: (5,)}
"""Action spaces next to each other for The Kozi Palace (1 and 6 are not neighbours)."""


def colors_on(state: GameState, space: int) -> list[int]:
    """Indices (lounge slots) of the coloured dice lying on action space `space` (1-6); none without module 2 (its
    part of the state is then empty)."""
    assert state.waltz is not None
    return [c for c, where in enumerate(state.waltz.celebrities.colored) if where == space]


def white_dice(state: GameState, space: int) -> int:
    """White dice on action space `space` (1-6)."""
    return state.dice[space - 1] - len(colors_on(state, space))


def die_options(state: GameState, index: int, fee_of: Callable[[int], int]) -> list[Action]:
    """Every die a player may take (white, coloured, and with The Kozi Palace a die moved in first).

    `fee_of(space)` is the base fee (action 6's krone). A boost costs 1 more; a coloured die 1 per other die.
    """
    money = state.players[index].money
    kozi = held_row(state.players[index], "move_adjacent_die") is not None
    result: list[Action] = []
    for space in range(1, 7):
        moves: list[int | None] = [None]
        if kozi:
            moves += [n for n in NEIGHBOURS[space] if white_dice(state, n) > 0]
        for source in moves:
            dice = state.dice[space - 1] + (source is not None)
            if dice == 0:
                continue
            whites = white_dice(state, space) + (source is not None)
            suffix = "" if source is None else f" from {source}"
            extra: tuple[int, ...] = () if source is None else (-1, source)
            base = fee_of(space)
            if whites > 0:
                if money >= base:
                    result.append(Action("die", (space, 0, *extra), f"die {space}{suffix}"))
                if money >= base + 1:
                    result.append(Action("die", (space, 1, *extra), f"die {space}{suffix} boost"))
            for color in colors_on(state, space):
                cost = base + dice - 1
                name = lounge_colors()[color]
                tail = (color,) if source is None else (color, source)
                if money >= cost:
                    result.append(Action("die", (space, 0, *tail), f"die {space} {name}{suffix}"))
                if money >= cost + 1:
                    result.append(Action("die", (space, 1, *tail), f"die {space} {name}{suffix} boost"))
    return result


def mount(hooks: Hooks) -> None:
    """Mount `die_options` once, whichever of the two modules mounts it first."""
    if die_options not in hooks.die_options.handlers:
        hooks.die_options.register(die_options)
