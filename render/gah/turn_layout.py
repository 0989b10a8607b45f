"""The turn picture's geometry (`render.gah.turn`): canvas and final widths, the heights of its strips, the
layout that Let's Waltz modules change (`layout_for`) and where each room of the hotel grid is (`turn_room_box`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PIL import ImageDraw

from render.core.draw import (
    Box,
    fit_text,
    text,
)
from render.core.theme import (
    MIN_FONT,
    MUTED,
)

CANVAS_WIDTH = 900
"""Width (px) the picture is drawn at."""
WIDTH = 800
"""Width (px) of the finished picture."""
SCALE = WIDTH / CANVAS_WIDTH
"""Factor from the drawing canvas to the finished picture."""
MAX_ASPECT = 1.6
"""Height at most this many times the width."""
SMALLEST_TEXT = MIN_FONT * SCALE
"""Smallest text height (px) in the finished picture."""

MARGIN = 14
INNER = CANVAS_WIDTH - 2 * MARGIN
GAP = 10
HEADER_H = 56
ROW_H = 44
TABLE_HEAD_H = 32
SPACE_H = 168
CARD_H = 252
CELL_W = 116
CELL_H = 76
FLOOR_W = 48
GRID_X = MARGIN + FLOOR_W
GRID_W = 5 * CELL_W
GRID_H = 4 * CELL_H
CAFE_H = 204
HOTEL_HEAD_H = 60
LOUNGE_H = 94
"""Height of the lounge strip (Let's Waltz module 2): three celebrities below the action spaces."""
OPPONENT_H = 66
"""Height of the solo opponent's entrance strip (Let's Waltz module 3 in solo), above the player's hotel."""


@dataclass(frozen=True)
class Layout:
    """The heights that vary between games: a game with the lounge strip (Let's Waltz module 2) draws the turn order
    rows, the room grid and the café a little lower so that the picture keeps to `MAX_ASPECT`; text sizes stay.

    Attributes:
        row_h: height of a turn order row (px, canvas).
        cell_h: height of a room of the grid.
        cafe_h: height of the café tables.
        lounge_h: height of the lounge strip, 0 without one.
        entrances: whether the turn order shows each player's hotel entrance (Let's Waltz module 3).
        key: whether the skeleton key is in play (Let's Waltz module 4): who holds it, over the turn order.
        opponent_h: height of the solo opponent's entrance strip (module 3 in solo), 0 without one.
    """

    row_h: int = ROW_H
    cell_h: int = CELL_H
    cafe_h: int = CAFE_H
    lounge_h: int = 0
    entrances: bool = False
    key: bool = False
    opponent_h: int = 0

    @property
    def grid_h(self) -> int:
        """Height of the room grid."""
        return 4 * self.cell_h


BASE = Layout()
"""The layout of every game without a Let's Waltz module."""


def layout_for(modules: Iterable[str], solo: bool = False) -> Layout:
    """The layout of a game with the Let's Waltz `modules` (names as in `GameConfig.modules`); `solo` for the solo
    game (with module 3 it adds the opponent's entrance strip)."""
    chosen = frozenset(modules)
    opponent_h = OPPONENT_H + GAP if solo and "unique_hotels" in chosen else 0
    if "celebrities" in chosen:  # the lounge strip takes room the turn order, grid and café give up
        return Layout(row_h=38, cell_h=66, cafe_h=172, lounge_h=LOUNGE_H + GAP,
                      entrances="unique_hotels" in chosen, key="start_player" in chosen, opponent_h=opponent_h)
    return Layout(entrances="unique_hotels" in chosen, key="start_player" in chosen, opponent_h=opponent_h)


def section_title(draw: ImageDraw.ImageDraw, y: int, title: str, note: str = "") -> int:
    """A bold section title with a muted note after it; returns the y below it."""
    width = text(draw, (MARGIN + 4, y), title, 26, bold=True)
    if note:
        fit_text(draw, (MARGIN + 4 + width + 14, y + 4), note, INNER - width - 22, 22, fill=MUTED)
    return y + 36


# ----- the board's changing parts ------------------------------------------------------------------------


def grid_top(players: int, layout: Layout = BASE) -> int:
    """Canvas y of the room grid's top edge in a picture of a game with `players` seats."""
    return (HEADER_H + 8 + TABLE_HEAD_H + players * layout.row_h + GAP + 36 + SPACE_H + GAP + layout.lounge_h + 36
            + CARD_H + GAP + layout.opponent_h + HOTEL_HEAD_H)


def canvas_height(players: int, layout: Layout = BASE) -> int:
    return grid_top(players, layout) + layout.grid_h + GAP + 36 + layout.cafe_h + GAP


def room_canvas_box(space: int, top: int, cell_h: int = CELL_H) -> Box:
    """Canvas box of hotel space `space` for a room grid whose top edge is at `top`."""
    floor, column = divmod(space, 5)
    left = GRID_X + column * CELL_W
    upper = top + (3 - floor) * cell_h
    return left, upper, left + CELL_W, upper + cell_h


def turn_room_box(players: int, space: int, modules: Iterable[str] = (), solo: bool = False) -> Box:
    """Pixel box of hotel space `space` (index (floor-1)*5 + (column-1), i.e. room "floor-column") in the finished
    `turn_png` of a game with `players` seats (the solo opponent counts as a seat, and `solo` says so) and the Let's
    Waltz `modules`."""
    layout = layout_for(modules, solo)
    left, top, right, bottom = room_canvas_box(space, grid_top(players, layout), layout.cell_h)
    return round(left * SCALE), round(top * SCALE), round(right * SCALE), round(bottom * SCALE)
