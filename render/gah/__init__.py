"""Grand Austria Hotel's pictures (board, hotel, hand, scoreboard, the turn post's one picture), with Pillow. They
read engine state and never change it.

The names below load their modules (and Pillow) on first use, so that importing one module of this package does
not load every picture.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from render.gah.board import board_png, emperor_png
    from render.gah.hand import hand_png
    from render.gah.hotel import hotel_png
    from render.gah.scoreboard import scoreboard_png
    from render.gah.turn import turn_png

_HOMES = {
    "board_png": "render.gah.board",
    "emperor_png": "render.gah.board",
    "hand_png": "render.gah.hand",
    "hotel_png": "render.gah.hotel",
    "scoreboard_png": "render.gah.scoreboard",
    "turn_png": "render.gah.turn",
}

__all__ = ["board_png", "emperor_png", "hand_png", "hotel_png", "scoreboard_png", "turn_png"]


def __getattr__(name: str) -> Any:
    """The picture function `name`, imported from its module on first use.

    Raises:
        AttributeError: `name` is not one of `__all__`.
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'render.gah' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
