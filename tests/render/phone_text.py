"""Measuring a picture's texts as a phone shows them (issue 52 item 8): every text drawn while a `TextRecorder` is
active, with its font size on a picture shown `PHONE_WIDTH` px wide, and the texts cut short with "…".

Each picture is drawn on one canvas (its widest image); parts drawn on smaller images (a guest card, a cached layer)
are pasted at the canvas's scale, and seat markers are sprites drawn at `render.core.draw.SS` times their size and
shrunk.
So a text's size on the phone is its font size (divided by `SS` in a sprite) times `PHONE_WIDTH` over the canvas
width, whatever the picture is scaled to afterwards (the turn picture's 900-px canvas is sent 800 px wide).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PIL import ImageDraw

import render
from render.core import draw as draw_module
from render.core.theme import MIN_FONT

PHONE_WIDTH = 390
"""px: a phone's chat column."""

SMALLEST = 9.0
"""px: the smallest text a player must read, at `PHONE_WIDTH` wide (the issue's bound)."""


@dataclass(frozen=True)
class Drawn:
    """One text drawn: its words, font size in px on the image it was drawn on, that image's width, and whether it
    was a sprite (drawn at `SS` times its size)."""

    words: str
    size: float
    width: int
    sprite: bool
    box: tuple[float, float, float, float] = (0, 0, 0, 0)
    """Where its ink is on the image it was drawn on (left, top, right, bottom)."""


@dataclass
class Picture:
    """The texts of one picture, with what a phone shows."""

    name: str
    drawn: list[Drawn] = field(default_factory=list)

    @property
    def canvas_width(self) -> int:
        """The picture's canvas: the widest image a text was drawn on (not counting sprites)."""
        return max((d.width for d in self.drawn if not d.sprite), default=0)

    def on_phone(self) -> list[tuple[float, str]]:
        """(px high on a phone, words) of every non-blank text, smallest first."""
        canvas = self.canvas_width
        found = [((d.size / draw_module.SS if d.sprite else d.size) * PHONE_WIDTH / canvas, d.words)
                 for d in self.drawn if d.words.strip()]
        return sorted(found)

    def overlapping(self, gap: float = 8) -> list[tuple[str, str]]:
        """Pairs of texts drawn on the canvas whose ink overlaps or comes closer than `gap` px side by side (less
        than a space: "back door" running into "queue" reads "back doorqueue")."""
        drawn = [d for d in self.drawn if not d.sprite and d.width == self.canvas_width and d.words.strip()]
        return [(a.words, b.words) for k, a in enumerate(drawn) for b in drawn[k + 1:]
                if a.box[0] < b.box[2] + gap and b.box[0] < a.box[2] + gap
                and a.box[1] < b.box[3] and b.box[1] < a.box[3]]

    def clipped(self) -> list[str]:
        """The texts drawn cut short with "…"."""
        return [d.words for d in self.drawn if d.words.rstrip().endswith("…")]


def _clear_caches() -> None:
    """Forget every cached layer, card and sprite of `render`, so the recorder sees their texts drawn."""
    for info in pkgutil.walk_packages(render.__path__, "render."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", "") == info.name:
                clear()


class TextRecorder:
    """Records every `ImageDraw.text` call while active (`recording()`); `picture(name, draw)` runs `draw` and
    returns its texts."""

    def __init__(self) -> None:
        self.current: Picture | None = None

    def record(self, image_draw: ImageDraw.ImageDraw, xy: Any, words: object, face: Any, anchor: Any) -> None:
        if self.current is None:
            return
        box = image_draw.textbbox(xy, str(words), font=face, anchor=anchor)
        width, height = image_draw.im.size if image_draw.im is not None else (0, 0)
        size = float(getattr(face, "size", 0))
        # a sprite's letter is drawn at SS times a real font size (a small badge drawn at its size is no sprite)
        sprite = image_draw.mode == "RGBA" and width == height and size >= MIN_FONT * draw_module.SS
        self.current.drawn.append(Drawn(str(words), size, width, sprite, box))

    def picture(self, name: str, draw: Callable[[], object]) -> Picture:
        """Draw one picture (caches cleared first) and return what it drew."""
        _clear_caches()
        self.current = Picture(name)
        try:
            draw()
            return self.current
        finally:
            self.current = None


@contextmanager
def recording() -> Iterator[TextRecorder]:
    """A `TextRecorder` watching `PIL.ImageDraw.ImageDraw.text` (restored afterwards)."""
    recorder = TextRecorder()
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kwargs: Any) -> None:
        face = kwargs.get("font", args[1] if len(args) > 1 else None)
        assert face is not None, f"text {words!r} drawn without a font of ours"
        recorder.record(self, xy, words, face, kwargs.get("anchor"))
        original(self, xy, words, *args, **kwargs)

    ImageDraw.ImageDraw.text = text  # type: ignore[method-assign]
    try:
        yield recorder
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
        _clear_caches()
