"""The final scoreboard: VP per player and category, total and rank, the winner, and VP after every round."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.gah.scoring import ScoreBreakdown, final_scores
from engine.gah.state import GameState
from render.core.draw import Box, fit_text, paste, png_bytes, text, token, wrap
from render.core.i18n import Translator
from render.core.lang import N_, words
from render.core.theme import (
    BANNER,
    BG,
    GOLD,
    GOLD_DARK,
    INK,
    LINE,
    MUTED,
    PLAYER_COLORS,
    STRIPE,
)
from render.gah.common import labels, panel

WIDTH = 900
MARGIN = 20
TITLE_H = 150
LABEL_W = 300
ROW_H = 42
CHART_H = 520


PLAY_ORDER = ("guests", "emperor scoring", "emperor tiles", "occupancy bonus", "politics", "staff", "rooms")
"""Categories scored during play, in the order they are listed (lower case; others follow alphabetically)."""

END_ORDER = ("game-end staff", "occupied rooms", "krones", "dishes and drinks", "café guests")
"""Categories of the final scoring, listed last in this order."""


CATEGORY_LABELS: dict[str, str] = {
    "guests": N_("Guests"),
    "emperor scoring": N_("Emperor scoring"),
    "emperor tiles": N_("Emperor tiles"),
    "occupancy bonus": N_("Occupancy bonus"),
    "politics": N_("Politics"),
    "staff": N_("Staff"),
    "rooms": N_("Rooms"),
    "room badges": N_("Room badges"),
    "celebrities": N_("Celebrities"),
    "hotel entrance": N_("Hotel entrance"),
    "emperor track overflow": N_("Emperor track overflow"),
    "future emperor scorings": N_("Future Emperor scorings"),
    "game-end staff": N_("Game-end staff"),
    "occupied rooms": N_("Occupied rooms"),
    "krones": N_("Krones"),
    "dishes and drinks": N_("Dishes and drinks"),
    "café guests": N_("Café guests"),
}
"""Each scoring category's row label (by its lower-case name), translated where it is drawn; a category without
one (a new source of VP, a card's name) is shown as the engine names it."""


def category_label(_: Translator, category: str) -> str:
    """The row label of scoring category `category` in `_`'s language."""
    label = CATEGORY_LABELS.get(category.lower())
    return _(label) if label is not None else category[:1].upper() + category[1:]


def _categories(scores: dict[str, ScoreBreakdown]) -> list[str]:
    seen: list[str] = []
    for score in scores.values():
        for key in score.parts:
            if key not in seen:
                seen.append(key)

    def order(key: str) -> tuple[int, int, str]:
        lower = key.lower()
        if lower in END_ORDER:
            return 2, END_ORDER.index(lower), lower
        if lower in PLAY_ORDER:
            return 0, PLAY_ORDER.index(lower), lower
        return 1, 0, lower

    return sorted(seen, key=order)


def _nice_step(span: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if span / step <= 8:
            return step
    return 1000


def chart_box(state: GameState) -> Box:
    """Pixel box of the plot area (axes inside) of the VP-per-round chart in `scoreboard_png`."""
    top = _table_bottom(state) + 20
    return MARGIN + 90, top + 70, WIDTH - MARGIN - 150, top + CHART_H - 60


def _head_h(state: GameState) -> int:
    """The table head's height: the markers and the longest name's lines under them."""
    column_w = (WIDTH - 2 * MARGIN - LABEL_W - 20) // len(state.players)
    lines = max(len(wrap(player.name, column_w - 8, 22, bold=True, condensed=True, hyphenate=True))
                for player in state.players)
    return 62 + 24 * lines


def _table_bottom(state: GameState) -> int:
    rows = len(_categories(final_scores(state)))
    return TITLE_H + 20 + _head_h(state) + (rows + 2) * ROW_H + 20


def _title(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState,
           scores: dict[str, ScoreBreakdown], _: Translator) -> None:
    if state.is_over:
        title = _("Final scores")
    elif state.round == 0:
        title = _("Scores if the game ended now (setup)")
    else:
        title = _("Scores if the game ended now (round {round})", round=state.round)
    fit_text(draw, (MARGIN, 16), title, WIDTH - 2 * MARGIN, 40, bold=True)
    winners = [name for name, score in scores.items() if score.rank == 1]
    best = max((score.total for score in scores.values()), default=0)
    draw.rounded_rectangle((MARGIN, 74, WIDTH - MARGIN, TITLE_H - 6), radius=14, fill=BANNER,
                           outline=GOLD_DARK, width=3)
    _cup(draw, MARGIN + 44, (74 + TITLE_H - 6) // 2)
    named = " & ".join(winners)
    if not state.is_over:
        banner = _("Leading: {players} with {vp} VP", players=named, vp=best)
    elif len(winners) == 1:
        banner = _("Winner: {players} with {vp} VP", players=named, vp=best)
    else:
        banner = _("Shared win: {players} with {vp} VP", players=named, vp=best)
    fit_text(draw, (MARGIN + 90, (74 + TITLE_H - 6) // 2), banner,
             WIDTH - 2 * MARGIN - 110, 34, bold=True, anchor="lm")


def _cup(draw: ImageDraw.ImageDraw, cx: int, cy: int) -> None:
    draw.pieslice((cx - 22, cy - 44, cx + 22, cy + 8), 0, 180, fill=GOLD, outline=GOLD_DARK, width=3)
    draw.rectangle((cx - 22, cy - 20, cx + 22, cy - 16), fill=GOLD_DARK)
    draw.arc((cx - 34, cy - 18, cx - 12, cy + 2), 90, 270, fill=GOLD_DARK, width=4)
    draw.arc((cx + 12, cy - 18, cx + 34, cy + 2), 270, 90, fill=GOLD_DARK, width=4)
    draw.rectangle((cx - 4, cy + 8, cx + 4, cy + 20), fill=GOLD_DARK)
    draw.rectangle((cx - 16, cy + 20, cx + 16, cy + 28), fill=GOLD_DARK)


def _table(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState,
           scores: dict[str, ScoreBreakdown], _: Translator) -> None:
    marks = labels(state)
    categories = _categories(scores)
    top = TITLE_H + 20
    bottom = _table_bottom(state) - 10
    panel(draw, (MARGIN, top, WIDTH - MARGIN, bottom), None)
    count = len(state.players)
    column_w = (WIDTH - 2 * MARGIN - LABEL_W - 20) // count
    for seat, player in enumerate(state.players):  # the marker, the name under it in whole lines (never cut)
        cx = MARGIN + LABEL_W + seat * column_w + column_w // 2 + 22
        paste(image, token(40, seat, marks[seat]), cx, top + 30)
        for k, line in enumerate(wrap(player.name, column_w - 8, 22, bold=True, condensed=True, hyphenate=True)):
            text(draw, (cx, top + 54 + 24 * k), line, 22, bold=True, condensed=True, anchor="ma")
    y = top + _head_h(state)
    rows = [(category_label(_, category), category) for category in categories]
    for k, (label, key) in enumerate(rows):
        if k % 2 == 0:
            draw.rectangle((MARGIN + 8, y, WIDTH - MARGIN - 8, y + ROW_H), fill=STRIPE)
        fit_text(draw, (MARGIN + 16, y + ROW_H // 2), label, LABEL_W - 24, 24, anchor="lm")
        for seat, player in enumerate(state.players):
            value = scores[player.name].parts.get(key, 0)
            x = MARGIN + LABEL_W + seat * column_w + column_w // 2 + 22
            text(draw, (x, y + ROW_H // 2), str(value), 24, fill=INK if value else MUTED, anchor="mm")
        y += ROW_H
    draw.line((MARGIN + 8, y + 2, WIDTH - MARGIN - 8, y + 2), fill=INK, width=3)
    for label, attribute in ((_("Total"), "total"), (_("Place"), "rank")):
        fit_text(draw, (MARGIN + 16, y + ROW_H // 2 + 4), label, LABEL_W - 24, 26, bold=True, anchor="lm")
        for seat, player in enumerate(state.players):
            value = getattr(scores[player.name], attribute)
            x = MARGIN + LABEL_W + seat * column_w + column_w // 2 + 22
            shown = str(value) if attribute == "total" else _ordinal(value, _)
            text(draw, (x, y + ROW_H // 2 + 4), shown, 28, bold=True, anchor="mm")
        y += ROW_H


def _ordinal(rank: int, _: Translator) -> str:
    ordinals = {1: _("1st"), 2: _("2nd"), 3: _("3rd"), 4: _("4th")}
    return ordinals.get(rank) or _("{rank}th", rank=rank)


def _chart(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState,
           scores: dict[str, ScoreBreakdown], _: Translator) -> None:
    top = _table_bottom(state) + 20
    panel(draw, (MARGIN, top, WIDTH - MARGIN, top + CHART_H), _("VP after each round"))
    left, plot_top, right, plot_bottom = chart_box(state)
    history = [list(row) for row in state.vp_history]
    count = len(state.players)
    series = [[row[seat] for row in history if seat < len(row)] for seat in range(count)]
    columns = [_("R{round}", round=r) for r in range(1, 8)]
    final = _("Final")
    if state.is_over:
        columns.append(final)
        for seat, player in enumerate(state.players):
            series[seat].append(scores[player.name].total)
    values = [v for line in series for v in line] or [0]
    low, high = min(0, *values), max(10, *values)
    step = _nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == low:
        high = low + step

    def y_of(value: float) -> float:
        return plot_bottom - (value - low) / (high - low) * (plot_bottom - plot_top)

    def x_of(index: int) -> float:
        return left + index * (right - left) / (len(columns) - 1)

    for tick in range(low, high + 1, step):
        y = y_of(tick)
        draw.line((left, y, right, y), fill=INK if tick == 0 else LINE, width=2)
        text(draw, (left - 12, y), str(tick), 22, fill=MUTED, anchor="rm")
    for index, label in enumerate(columns):
        text(draw, (x_of(index), plot_bottom + 22), label, 22, bold=label == final, fill=MUTED, anchor="ma")
    if not history:
        text(draw, ((left + right) / 2, (plot_top + plot_bottom) / 2), _("no round finished yet"), 26, fill=MUTED,
             anchor="mm")
        return
    marks = labels(state)
    ends: list[tuple[float, int, int]] = []
    for seat, line in enumerate(series):
        points = [(x_of(i), y_of(v)) for i, v in enumerate(line)]
        if len(points) > 1:
            draw.line(points, fill=PLAYER_COLORS[seat % 4], width=5, joint="curve")
        for x, y in points:
            paste(image, token(26, seat), x, y)
        if line:
            ends.append((points[-1][1], seat, line[-1]))
    # labels at the right end of each line, pushed apart so they never overlap
    ends.sort()
    placed: list[float] = []
    for y, _seat, _value in ends:
        y = max(y, placed[-1] + 44) if placed else y
        placed.append(y)
    shift = max(0.0, placed[-1] - (plot_bottom + 20)) if placed else 0.0
    for (_end, seat, value), y in zip(ends, placed, strict=False):
        y -= shift
        x = x_of(len(series[seat]) - 1) + 34
        paste(image, token(38, seat, marks[seat]), x, y)
        text(draw, (x + 26, y), str(value), 26, bold=True, anchor="lm")


def scoreboard_image(state: GameState, *, language: str = "en") -> Image.Image:
    """The scoreboard as a Pillow image, in `language` (see `scoreboard_png`)."""
    _ = words(language)
    scores = final_scores(state)
    height = _table_bottom(state) + 20 + CHART_H + MARGIN
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    _title(image, draw, state, scores, _)
    _table(image, draw, state, scores, _)
    _chart(image, draw, state, scores, _)
    return image


def scoreboard_png(
    state: GameState, *, compress_level: int = 1, palette: bool = True, language: str = "en"
) -> bytes:
    """PNG of the scoreboard: each player's VP per category (`final_scores(state)[name].parts`), total and place,
    the winner, and a line chart of every player's VP after each round (plus the final total once the game is over).
    Before the end it shows the scores as if the game ended now. Its texts are in `language` ("en", "pl", "de").
    The state is not changed.

    The PNG is a 256-colour palette image by default (`palette=False`: full colour, bigger and slower);
    `compress_level` is zlib's 0-9.
    """
    return png_bytes(scoreboard_image(state, language=language), compress_level, palette)
