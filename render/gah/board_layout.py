"""The geometry of the board pictures (`render.gah.board`): their width, the height and place of each part, and the
pixel
boxes tests probe (`action_space_box`, `dustbin_box`, `display_box`, `emperor_space_box`, `politics_slot_box`)."""

from __future__ import annotations

from render.core.draw import Box

WIDTH = 900
"""Width (px) of both board pictures: every text is at least `MIN_FONT` (22) px, so shown 390 px wide on a phone
it is still 22 * 390 / 900, about 9.5 px (as in the turn picture)."""
MARGIN = 14
INNER = WIDTH - 2 * MARGIN

HEADER_H = 150
ACTION_Y = HEADER_H + 12
SPACE_W = 112
SPACE_GAP = 8
SPACE_TOP = ACTION_Y + 56
SPACE_H = 248
ACTION_H = 56 + SPACE_H + 14
DISPLAY_Y = ACTION_Y + ACTION_H + 14
CARD_GAP = 10
CARD_W = (INNER - 32 - 4 * CARD_GAP) // 5
CARD_TOP = DISPLAY_Y + 52
DISPLAY_H = 52 + 340 + 14
EMPEROR_Y = DISPLAY_Y + DISPLAY_H + 14
"""Top of the Emperor track in the full board; the Emperor picture (`emperor_png`) is the full board cut from here
to the standings."""
TRACK_PER_ROW = 7
TRACK_W = (INNER - 32) // TRACK_PER_ROW
TRACK_TOP = EMPEROR_Y + 86
TRACK_BOX_H = 96
TRACK_ROW_H = TRACK_BOX_H + 56
EMPEROR_H = 86 + 2 * TRACK_ROW_H
POLITICS_Y = EMPEROR_Y + EMPEROR_H + 14
ROW_H = 128
POLITICS_H = 52 + 3 * ROW_H + 2
TILES_Y = POLITICS_Y + POLITICS_H + 14
STANDINGS_ROW_H = 56


def standings_y(compact: bool) -> int:
    return EMPEROR_Y if compact else TILES_Y + POLITICS_H + 14


def action_space_box(space: int) -> Box:
    """Pixel box of action space `space` (1-6) in `board_png`, compact or full."""
    left = MARGIN + 16 + (space - 1) * (SPACE_W + SPACE_GAP)
    return left, SPACE_TOP, left + SPACE_W, SPACE_TOP + SPACE_H


def dustbin_box() -> Box:
    """Pixel box of the dustbin in `board_png`."""
    left = MARGIN + 16 + 6 * (SPACE_W + SPACE_GAP)
    return left, SPACE_TOP, WIDTH - MARGIN - 16, SPACE_TOP + SPACE_H


def display_box(position: int) -> Box:
    """Pixel box of guest display position `position` (1-5, left to right) in `board_png`."""
    left = MARGIN + 16 + (position - 1) * (CARD_W + CARD_GAP)
    return left, CARD_TOP, left + CARD_W, DISPLAY_Y + DISPLAY_H - 14


def emperor_space_box(position: int) -> Box:
    """Pixel box of Emperor track space `position` (0-13) in the full `board_png` (markers sit inside it): spaces
    0-6 in the first row, 7-13 in the second."""
    row, col = divmod(position, TRACK_PER_ROW)
    left = MARGIN + 16 + col * TRACK_W
    top = TRACK_TOP + row * TRACK_ROW_H
    return left, top, left + TRACK_W - 6, top + TRACK_BOX_H


def politics_slot_box(card: int, place: int) -> Box:
    """Pixel box of the marker slot `place` (0-2: 15/10/5 VP) on politics card `card` (0-2) in the full board."""
    top = POLITICS_Y + 52 + card * ROW_H
    right = WIDTH - MARGIN - 24
    left = right - (3 - place) * 70 + 6
    return left, top + 40, left + 62, top + 102
