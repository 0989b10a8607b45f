"""Drawing primitives: text helpers and the project's own icons, baked once as anti-aliased sprites.

Icons are drawn at four times their size and scaled down (smooth edges), cached by name, size and colour,
and pasted with their alpha as mask. Treat every cached sprite as read-only.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from render.core.theme import (
    DARK,
    GOLD,
    GOLD_DARK,
    INK,
    ITEM_COLOR,
    MIN_FONT,
    PLAYER_COLORS,
    PLAYER_SHAPES,
    RGB,
    WHITE,
    flat_colors,
    font,
    mix,
)

SS = 4
"""Supersampling factor for sprites."""

Box = tuple[int, int, int, int]
"""A pixel box (left, top, right, bottom), right and bottom exclusive."""


# ----- PNG ---------------------------------------------------------------------------------------------


def png_bytes(image: Image.Image, compress_level: int = 1, palette: bool = True) -> bytes:
    """Encode as PNG, by default as a 256-colour palette image.

    Our pictures are flat colours plus anti-aliased edges. The palette holds the theme's flat colours and a fast
    octree of every second pixel in both directions (a quarter of the work; every area two pixels wide still
    counts); the whole picture is then mapped onto it without dithering. Pillow maps by small colour cells, so a
    flat colour may move by a few levels (never visibly) and a few edge pixels by more. The encoder then has a
    third of the bytes to filter and compress: about a third of the time and less than half the size of an RGB
    PNG. No optimize pass: it costs far more time than it saves bytes.
    """
    if palette:
        image = image.quantize(palette=_fixed_palette(image), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=compress_level)
    return buffer.getvalue()


_PALETTES: dict[tuple[str, int, int], Image.Image] = {}
"""One palette per picture kind (a kind's pictures share their size), made from the first picture of that kind."""


def _fixed_palette(image: Image.Image) -> Image.Image:
    """The palette of the picture's kind: made once per size from the first such picture (`_palette_for`), then
    reused. Building it is a fifth of a board's encoding time; a later picture of the kind maps onto it as closely
    as onto its own (the theme's flat colours are always in it; measured: the same mean error per channel on the
    board at the end of a game, under 1.1 levels on the hotel)."""
    key = (image.mode, image.width, image.height)
    found = _PALETTES.get(key)
    if found is None:
        if len(_PALETTES) >= 32:
            _PALETTES.clear()
        found = _PALETTES[key] = _palette_for(image)
    return found


def _palette_for(image: Image.Image) -> Image.Image:
    """A 256-entry palette image: the theme's flat colours, then an octree of a half-size sample for the rest."""
    fixed = flat_colors()
    sample = image.resize((max(1, image.width // 2), max(1, image.height // 2)), Image.Resampling.NEAREST)
    free = 256 - len(fixed)
    octree = sample.quantize(colors=free, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    values = [v for colour in fixed for v in colour] + (octree.getpalette() or [])[: 3 * free]
    values += [0] * (768 - len(values))
    result = Image.new("P", (1, 1))
    result.putpalette(values)
    return result


# ----- text --------------------------------------------------------------------------------------------


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, size: int, *, bold: bool = False,
         condensed: bool = False, fill: RGB = INK, anchor: str = "la") -> int:
    """Draw one line of text; returns its width in px."""
    face = font(size, bold, condensed)
    draw.text(xy, value, font=face, fill=fill, anchor=anchor)
    return int(face.getlength(value))


def fit(value: str, width: int, size: int, *, bold: bool = False, condensed: bool = False,
        min_size: int = MIN_FONT) -> tuple[str, ImageFont.FreeTypeFont]:
    """The largest font from `size` down to `min_size` that fits `value` in `width`, else `value` cut with "…"."""
    for candidate in range(size, min_size - 1, -1):
        face = font(candidate, bold, condensed)
        if face.getlength(value) <= width:
            return value, face
    face = font(min_size, bold, condensed)
    while value and face.getlength(value + "…") > width:
        value = value[:-1]
    return value.rstrip() + "…", face


def fit_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, width: int, size: int, *,
             bold: bool = False, condensed: bool = False, fill: RGB = INK, anchor: str = "la") -> int:
    """Draw `value` shrunk (never below the minimum size) or shortened to fit `width`; returns its width."""
    shown, face = fit(value, width, size, bold=bold, condensed=condensed)
    draw.text(xy, shown, font=face, fill=fill, anchor=anchor)
    return int(face.getlength(shown))


def fit_label(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, width: int, size: int, *,
              bold: bool = False, fill: RGB = INK, anchor: str = "la") -> int:
    """Draw `value` as `text` does when it fits `width` (an English label, drawn as it always was); a longer one (a
    translation) condensed, then shrunk, and cut with "…" only if nothing else fits. Returns its width."""
    if font(size, bold).getlength(value) <= width:
        return text(draw, xy, value, size, bold=bold, fill=fill, anchor=anchor)
    return fit_text(draw, xy, value, width, size, bold=bold, condensed=True, fill=fill, anchor=anchor)


def wrap(value: str, width: int, size: int, *, bold: bool = False, condensed: bool = False,
         hyphenate: bool = False) -> list[str]:
    """Break `value` into lines no wider than `width`. A single over-long word is cut with "…", or with
    `hyphenate` split into the fewest even pieces that fit, each but the last ending in "-" (for names, which must
    never be cut short)."""
    face = font(size, bold, condensed)
    lines: list[str] = []
    line = ""
    for word in value.split():
        candidate = f"{line} {word}" if line else word
        if face.getlength(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        if face.getlength(word) <= width:
            line = word
        elif hyphenate:
            *heads, line = _hyphenated(word, width, face)
            lines += heads
        else:
            line = fit(word, width, size, bold=bold, condensed=condensed)[0]
    if line:
        lines.append(line)
    return lines


def _hyphenated(word: str, width: int, face: ImageFont.FreeTypeFont) -> list[str]:
    """`word` in the fewest even pieces whose text plus "-" is no wider than `width` (one letter each at most);
    every piece but the last carries the hyphen."""
    pieces, chunks = 2, [word]
    while pieces < len(word):
        size = -(-len(word) // pieces)
        chunks = [word[k:k + size] for k in range(0, len(word), size)]
        if all(face.getlength(chunk + "-") <= width for chunk in chunks):
            break
        pieces += 1
    return [chunk + "-" for chunk in chunks[:-1]] + [chunks[-1]]


def paragraph(draw: ImageDraw.ImageDraw, x: int, y: int, value: str, width: int, size: int, *,
              max_lines: int = 99, line_height: int | None = None, bold: bool = False, condensed: bool = False,
              fill: RGB = INK, center: bool = False) -> int:
    """Draw wrapped text from (x, y) (top of the first line); returns the y below the last line.

    With more lines than `max_lines`, the last shown line ends in "…".
    """
    lines = wrap(value, width, size, bold=bold, condensed=condensed)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit(lines[-1] + " …", width, size, bold=bold, condensed=condensed, min_size=size)[0]
    step = line_height or round(size * 1.2)
    face = font(size, bold, condensed)
    for line in lines:
        if center:
            draw.text((x + width // 2, y), line, font=face, fill=fill, anchor="ma")
        else:
            draw.text((x, y), line, font=face, fill=fill)
        y += step
    return y


# ----- sprites -----------------------------------------------------------------------------------------


def paste(image: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    """Paste a sprite centred on (cx, cy), using its alpha as mask."""
    image.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def _canvas(width: int, height: int | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (width * SS, (height or width) * SS), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def _done(image: Image.Image) -> Image.Image:
    return image.resize((image.width // SS, image.height // SS), Image.Resampling.LANCZOS)


@cache
def item_icon(item: str, size: int, hollow: bool = False) -> Image.Image:
    """A dish or drink: strudel (striped roll), cake (wedge with a cherry), wine (goblet), coffee (cup).

    `hollow` draws the outline only (an order item still to be served).
    """
    image, d = _canvas(size)
    s = size * SS
    color = ITEM_COLOR[item]
    fill: tuple[int, int, int, int] = (*WHITE, 255) if hollow else (*color, 255)
    edge = (*color, 255) if hollow else (*mix(color, INK, 0.55), 255)
    w = max(SS * 2, s // 14)
    if item == "strudel":
        box = (s * 0.06, s * 0.28, s * 0.94, s * 0.74)
        d.rounded_rectangle(box, radius=s * 0.22, fill=fill, outline=edge, width=w)
        for k in range(3):
            x = s * (0.3 + 0.2 * k)
            d.line((x - s * 0.06, s * 0.34, x + s * 0.06, s * 0.68), fill=edge, width=w)
    elif item == "cake":
        d.polygon([(s * 0.08, s * 0.86), (s * 0.92, s * 0.86), (s * 0.92, s * 0.3)], fill=fill, outline=edge,
                  width=w)
        d.line((s * 0.34, s * 0.62, s * 0.92, s * 0.62), fill=edge, width=w)
        d.ellipse((s * 0.72, s * 0.06, s * 0.94, s * 0.28), fill=(*(196, 20, 40), 255) if not hollow else fill,
                  outline=edge, width=w)
    elif item == "wine":
        d.pieslice((s * 0.2, s * -0.12, s * 0.8, s * 0.56), 0, 180, fill=fill, outline=edge, width=w)
        d.line((s * 0.5, s * 0.55, s * 0.5, s * 0.86), fill=edge, width=w * 2)
        d.line((s * 0.28, s * 0.88, s * 0.72, s * 0.88), fill=edge, width=w * 2)
    elif item == "coffee":
        d.ellipse((s * 0.58, s * 0.34, s * 0.92, s * 0.64), outline=edge, width=w * 2)
        d.rounded_rectangle((s * 0.1, s * 0.22, s * 0.7, s * 0.8), radius=s * 0.1, fill=fill, outline=edge, width=w)
        d.line((s * 0.02, s * 0.88, s * 0.86, s * 0.88), fill=edge, width=w * 2)
    else:
        raise KeyError(item)
    return _done(image)


@cache
def coin(size: int) -> Image.Image:
    """A gold krone coin (a number is written on it by the caller)."""
    image, d = _canvas(size)
    s = size * SS
    d.ellipse((SS, SS, s - SS, s - SS), fill=(*GOLD, 255), outline=(*GOLD_DARK, 255), width=max(SS * 2, s // 16))
    return _done(image)


@cache
def crown(size: int, color: RGB = GOLD) -> Image.Image:
    """The Emperor's crown."""
    image, d = _canvas(size)
    s = size * SS
    points = [(0.08, 0.8), (0.08, 0.3), (0.3, 0.55), (0.5, 0.18), (0.7, 0.55), (0.92, 0.3), (0.92, 0.8)]
    d.polygon([(x * s, y * s) for x, y in points], fill=(*color, 255), outline=(*mix(color, INK, 0.6), 255),
              width=max(SS * 2, s // 18))
    for x, y in ((0.08, 0.26), (0.5, 0.14), (0.92, 0.26)):
        d.ellipse((x * s - s * 0.07, y * s - s * 0.07, x * s + s * 0.07, y * s + s * 0.07),
                  fill=(*mix(color, INK, 0.6), 255))
    return _done(image)


@cache
def die_face(size: int, face: int, fill: RGB = WHITE, pip: RGB = INK) -> Image.Image:
    """A die showing `face` (1-6) with pips."""
    image, d = _canvas(size)
    s = size * SS
    d.rounded_rectangle((SS, SS, s - SS, s - SS), radius=s * 0.18, fill=(*fill, 255), outline=(*pip, 255),
                        width=max(SS * 2, s // 18))
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.28, 0.28), (0.72, 0.72)],
        3: [(0.26, 0.26), (0.5, 0.5), (0.74, 0.74)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)],
        6: [(0.28, 0.24), (0.72, 0.24), (0.28, 0.5), (0.72, 0.5), (0.28, 0.76), (0.72, 0.76)],
    }[face]
    r = s * 0.085
    for x, y in spots:
        d.ellipse((x * s - r, y * s - r, x * s + r, y * s + r), fill=(*pip, 255))
    return _done(image)


@cache
def token(size: int, seat: int, label: str = "") -> Image.Image:
    """A player's marker: seat colour and seat shape (circle, square, triangle, diamond) with a letter."""
    image, d = _canvas(size)
    s = size * SS
    color = (*PLAYER_COLORS[seat % 4], 255)
    edge = (*WHITE, 255)
    w = max(SS * 2, s // 12)
    shape = PLAYER_SHAPES[seat % 4]
    if shape == "circle":
        d.ellipse((SS, SS, s - SS, s - SS), fill=color, outline=edge, width=w)
    elif shape == "square":
        d.rounded_rectangle((SS * 2, SS * 2, s - SS * 2, s - SS * 2), radius=s * 0.1, fill=color, outline=edge,
                            width=w)
    elif shape == "triangle":
        d.polygon([(s / 2, SS), (s - SS, s - SS * 2), (SS, s - SS * 2)], fill=color, outline=edge, width=w)
    else:
        d.polygon([(s / 2, SS), (s - SS, s / 2), (s / 2, s - SS), (SS, s / 2)], fill=color, outline=edge, width=w)
    if label:
        size_px = max(MIN_FONT, round(size * 0.5)) * SS
        face = ImageFont.truetype(font(MIN_FONT, True).path, size_px, layout_engine=ImageFont.Layout.BASIC)
        y = s * 0.6 if shape == "triangle" else s * 0.5
        d.text((s / 2, y), label, font=face, fill=(*WHITE, 255), anchor="mm")
    return _done(image)


@cache
def person(size: int, color: RGB = WHITE) -> Image.Image:
    """A guest: head and shoulders."""
    image, d = _canvas(size)
    s = size * SS
    fill = (*color, 255)
    d.ellipse((s * 0.32, s * 0.06, s * 0.68, s * 0.42), fill=fill)
    d.pieslice((s * 0.1, s * 0.46, s * 0.9, s * 1.26), 180, 360, fill=fill)
    return _done(image)


@cache
def bed(size: int, color: RGB = WHITE) -> Image.Image:
    """An empty bed (a prepared room waiting for a guest), drawn in outline."""
    image, d = _canvas(size)
    s = size * SS
    c = (*color, 255)
    w = max(SS * 3, s // 12)
    d.line((s * 0.1, s * 0.25, s * 0.1, s * 0.85), fill=c, width=w)
    d.line((s * 0.1, s * 0.62, s * 0.9, s * 0.62), fill=c, width=w)
    d.line((s * 0.9, s * 0.48, s * 0.9, s * 0.85), fill=c, width=w)
    d.rounded_rectangle((s * 0.18, s * 0.38, s * 0.42, s * 0.56), radius=s * 0.05, outline=c, width=w)
    return _done(image)


@cache
def dustbin(size: int) -> Image.Image:
    """A dustbin."""
    image, d = _canvas(size)
    s = size * SS
    c = (*DARK, 255)
    w = max(SS * 2, s // 14)
    d.polygon([(s * 0.2, s * 0.3), (s * 0.8, s * 0.3), (s * 0.72, s * 0.94), (s * 0.28, s * 0.94)], outline=c,
              width=w)
    d.line((s * 0.1, s * 0.22, s * 0.9, s * 0.22), fill=c, width=w)
    d.line((s * 0.4, s * 0.12, s * 0.6, s * 0.12), fill=c, width=w)
    for x in (0.4, 0.5, 0.6):
        d.line((s * x, s * 0.4, s * x, s * 0.84), fill=c, width=w)
    return _done(image)


@cache
def card_icon(size: int, color: RGB = DARK) -> Image.Image:
    """A staff card seen face-down (two stacked cards)."""
    image, d = _canvas(size)
    s = size * SS
    w = max(SS * 2, s // 14)
    d.rounded_rectangle((s * 0.32, s * 0.08, s * 0.86, s * 0.78), radius=s * 0.06, fill=(*WHITE, 255),
                        outline=(*color, 255), width=w)
    d.rounded_rectangle((s * 0.14, s * 0.22, s * 0.68, s * 0.92), radius=s * 0.06, fill=(*WHITE, 255),
                        outline=(*color, 255), width=w)
    d.ellipse((s * 0.3, s * 0.4, s * 0.52, s * 0.62), fill=(*color, 255))
    return _done(image)


@cache
def check(size: int, color: RGB) -> Image.Image:
    """A tick mark."""
    image, d = _canvas(size)
    s = size * SS
    d.line([(s * 0.12, s * 0.52), (s * 0.4, s * 0.8), (s * 0.9, s * 0.18)], fill=(*color, 255),
           width=max(SS * 3, s // 7), joint="curve")
    return _done(image)


@cache
def cogwheel(size: int, color: RGB = (120, 124, 132), hole: float = 0.2) -> Image.Image:
    """A cogwheel token (Let's Waltz module 3 in solo): a toothed wheel with a white hole (`hole` times the size
    as its radius, room for a number), dark-edged."""
    import math

    image, d = _canvas(size)
    s = size * SS
    edge = (*mix(color, INK, 0.6), 255)
    points = []
    teeth = 8
    for k in range(teeth * 4):
        angle = 2 * math.pi * k / (teeth * 4)
        r = s * (0.48 if (k // 2) % 2 == 0 else 0.36)
        points.append((s / 2 + r * math.cos(angle), s / 2 + r * math.sin(angle)))
    d.polygon(points, fill=(*color, 255), outline=edge, width=max(SS * 2, s // 18))
    radius = s * hole
    d.ellipse((s / 2 - radius, s / 2 - radius, s / 2 + radius, s / 2 + radius), fill=(255, 255, 255, 255), outline=edge,
              width=max(SS * 2, s // 18))
    return _done(image)


@cache
def star(size: int, color: RGB = GOLD) -> Image.Image:
    """A five-pointed star (VP printed on a hotel space)."""
    import math

    image, d = _canvas(size)
    s = size * SS
    points = []
    for k in range(10):
        angle = math.pi / 2 + k * math.pi / 5
        r = s * (0.48 if k % 2 == 0 else 0.22)
        points.append((s / 2 + r * math.cos(angle), s * 0.53 - r * math.sin(angle)))
    d.polygon(points, fill=(*color, 255), outline=(*mix(color, INK, 0.6), 255), width=max(SS * 2, s // 20))
    return _done(image)


def number_coin(image: Image.Image, draw: ImageDraw.ImageDraw, cx: float, cy: float, value: int | str,
                size: int = 44, text_size: int = 24) -> None:
    """A coin with a number on it (krones)."""
    paste(image, coin(size), cx, cy)
    text(draw, (cx, cy + 1), str(value), text_size, bold=True, fill=INK, anchor="mm")


def pill(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], label: str, size: int, *,
         fill: RGB, ink: RGB = WHITE, bold: bool = True) -> None:
    """A rounded label with centred text."""
    draw.rounded_rectangle(box, radius=(box[3] - box[1]) / 2, fill=fill)
    text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), label, size, bold=bold, fill=ink, anchor="mm")


def seat_labels(names: list[str]) -> list[str]:
    """One short marker label per seat: the upper-case first letter, or the seat number if letters repeat."""
    letters = [(name.strip()[:1] or "?").upper() for name in names]
    if len(set(letters)) == len(letters):
        return letters
    return [str(k + 1) for k in range(len(names))]
