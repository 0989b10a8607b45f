"""Fitting a picture under an upload limit (a Discord server's attachment size limit)."""

from __future__ import annotations

import io

from PIL import Image

MIN_SIDE = 160
"""Below this many pixels on its shorter side a picture is no use any more: give up instead."""


def fit_png(data: bytes, max_bytes: int) -> bytes | None:
    """The PNG `data` itself if it has at most `max_bytes` bytes; else the picture scaled down (by 3/4 per step,
    maximum compression) until it fits; None if even a picture with a shorter side of `MIN_SIDE` pixels does not.

    Raises:
        PIL.UnidentifiedImageError: `data` is not a picture.
    """
    if len(data) <= max_bytes:
        return data
    image: Image.Image = Image.open(io.BytesIO(data))
    image.load()
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA" if "transparency" in image.info or image.mode in ("LA", "PA") else "RGB")
    width, height = image.size
    while True:
        buffer = io.BytesIO()
        image.quantize(256).save(buffer, format="PNG", optimize=True)
        if buffer.tell() <= max_bytes:
            return buffer.getvalue()
        width, height = width * 3 // 4, height * 3 // 4
        if min(width, height) < MIN_SIDE:
            return None
        image = image.resize((width, height), Image.Resampling.LANCZOS)
