"""Colours, fonts and size rules shared by every picture.

Every label is drawn with `font(size)`, which refuses sizes below `MIN_FONT` (22 px): a picture shrunk to
half width on a phone must still show readable numbers.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import ImageFont

RGB = tuple[int, int, int]

ASSETS = Path(__file__).resolve().parent / "assets"
FONT_DIR = ASSETS / "fonts"

def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend colour `a` towards `b` by `t` (0 = a, 1 = b)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


MIN_FONT = 22
"""Smallest font size (px) any picture uses."""

MAX_WIDTH = 1200
"""Widest picture (px)."""

# ----- palette -----------------------------------------------------------------------------------------

BG: RGB = (246, 241, 231)
PANEL: RGB = (255, 252, 245)
INK: RGB = (34, 31, 28)
MUTED: RGB = (110, 102, 92)
LINE: RGB = (196, 186, 170)
DARK: RGB = (58, 52, 46)
HIGHLIGHT: RGB = (255, 214, 92)
GOOD: RGB = (46, 125, 50)
BAD: RGB = (183, 28, 28)
GOLD: RGB = (222, 170, 40)
GOLD_DARK: RGB = (150, 108, 10)
WHITE: RGB = (255, 255, 255)

ROOM: dict[str, RGB] = {
    "red": (205, 58, 52),
    "blue": (46, 104, 186),
    "yellow": (236, 184, 28),
    "green": (56, 142, 60),
}
"""Room and guest colours (green is only a guest colour)."""

ROOM_DARK: dict[str, RGB] = {
    "red": (120, 24, 20),
    "blue": (18, 52, 110),
    "yellow": (120, 86, 0),
    "green": (20, 80, 24),
}
"""Darker shade of each colour for letters and outlines."""

ROOM_PALE: dict[str, RGB] = {
    "red": (236, 205, 200),
    "blue": (204, 217, 236),
    "yellow": (242, 228, 188),
    "green": (205, 228, 205),
}
"""Washed-out shade of each colour: an empty hotel space."""

LETTER: dict[str, str] = {"red": "R", "blue": "B", "yellow": "Y", "green": "G"}
"""The letter that backs up each colour (colour is never the only cue)."""

ITEM_COLOR: dict[str, RGB] = {
    "strudel": (176, 112, 48),
    "cake": (226, 110, 160),
    "wine": (128, 22, 60),
    "coffee": (92, 60, 40),
}

PLAYER_COLORS: tuple[RGB, ...] = ((123, 58, 160), (224, 112, 0), (0, 137, 123), (60, 60, 60))
"""Seat colours (`PLAYER_COLOR_NAMES`), the same in every game's pictures and in the lobby."""
PLAYER_COLOR_NAMES: tuple[str, ...] = ("purple", "orange", "teal", "graphite")
"""The seat colours' names, as the lobby lists the seats: the one place seat colours are defined."""

PLAYER_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond")
"""Seat marker shapes, so seats differ by shape as well as colour."""


STRIPE: RGB = (243, 238, 228)
"""Every second table row."""
USED: RGB = (236, 232, 224)
"""A card or box that is spent or inactive (a used once-per-round staff card, the dustbin)."""
HEADER: RGB = (232, 224, 208)
"""The board's header band."""
SLOT: RGB = (244, 240, 232)
"""An empty marker slot."""
DONE: RGB = (150, 144, 136)
"""Something already scored."""
SERVED: RGB = (214, 236, 206)
"""The disc behind an order item already served."""
TRACK: dict[str, RGB] = {"penalty": (40, 36, 34), "nothing": (190, 184, 176), "reward": (240, 206, 110)}
"""Emperor track zones' colours: penalty, nothing, reward (where each lies: `render.gah.board.emperor_zones`)."""
REWARD_SPACE: RGB = mix(TRACK["reward"], WHITE, 0.45)
PLAYER_TINTS: tuple[RGB, ...] = tuple(mix(color, WHITE, 0.82) for color in PLAYER_COLORS)
"""Header background of a player's own pictures."""
BANNER: RGB = mix(GOLD, WHITE, 0.5)


@cache
def flat_colors() -> tuple[RGB, ...]:
    """Every flat colour named in this module (the PNG palette keeps these first)."""
    found: list[RGB] = []

    def add(value: object) -> None:
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            if value not in found:
                found.append((int(value[0]), int(value[1]), int(value[2])))
        elif isinstance(value, tuple):
            for item in value:
                add(item)
        elif isinstance(value, dict):
            for item in value.values():
                add(item)

    for name, value in list(globals().items()):
        if name.isupper():
            add(value)
    return tuple(found)


# ----- fonts -------------------------------------------------------------------------------------------

_FILES = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSansCondensed.ttf",
    (True, True): "DejaVuSansCondensed-Bold.ttf",
}


@cache
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans font at `size` px.

    Raises:
        ValueError: `size` is below `MIN_FONT`.
    """
    if size < MIN_FONT:
        raise ValueError(f"font size {size} is below the minimum of {MIN_FONT} px")
    from PIL import ImageFont  # here, so that the colours and sizes above load without Pillow

    path = FONT_DIR / _FILES[(bold, condensed)]
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
