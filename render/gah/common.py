"""Small helpers shared by the pictures: finding a player, seat labels, panel frames."""

from __future__ import annotations

from PIL import ImageDraw

from engine.gah.state import GameState
from render.core.draw import seat_labels, text
from render.core.theme import INK, LINE, PANEL, RGB

PlayerRef = str | int
"""A player given by name or by seat index."""


def seat_of(state: GameState, player: PlayerRef) -> int:
    """Seat index of a player given by name or index.

    Raises:
        KeyError: no such player.
    """
    if isinstance(player, int) and not isinstance(player, bool):
        if not 0 <= player < len(state.players):
            raise KeyError(player)
        return player
    return state.player_index(str(player))


def labels(state: GameState) -> list[str]:
    """The letter on each seat's marker."""
    return seat_labels([p.name for p in state.players])


def panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str | None = None, *,
          fill: RGB = PANEL, title_size: int = 26) -> int:
    """A rounded panel with an optional title; returns the y where content may start."""
    draw.rounded_rectangle(box, radius=14, fill=fill, outline=LINE, width=2)
    if title is None:
        return box[1] + 12
    text(draw, (box[0] + 16, box[1] + 10), title, title_size, bold=True, fill=INK)
    return box[1] + 10 + round(title_size * 1.35)
