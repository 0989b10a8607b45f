"""Pillow pictures of a game state (board, hotel, hand, scoreboard, the turn post's one picture). Reads engine state,
never changes it.

The names below load their modules (and Pillow) on first use, so that `import render.theme` or `render.plural`
(words and colours that the Discord-free service uses) does not load Pillow.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from render.board import board_png, emperor_png
    from render.fit import fit_png
    from render.hand import hand_png
    from render.hotel import hotel_png
    from render.scoreboard import scoreboard_png
    from render.turn import turn_png

_HOMES = {
    "board_png": "render.board",
    "emperor_png": "render.board",
    "fit_png": "render.fit",
    "hand_png": "render.hand",
    "hotel_png": "render.hotel",
    "scoreboard_png": "render.scoreboard",
    "turn_png": "render.turn",
}

__all__ = ["board_png", "emperor_png", "fit_png", "hand_png", "hotel_png", "scoreboard_png", "turn_png"]


def __getattr__(name: str) -> Any:
    """The picture function `name`, imported from its module on first use.

    Raises:
        AttributeError: `name` is not one of `__all__`.
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'render' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
