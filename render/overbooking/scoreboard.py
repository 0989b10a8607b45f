"""The Overbooking final scoreboard: places, coins, tokens, crest-set bonus, totals and the tie-break."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.overbooking.scoring import CREST_SETS, final_scores
from engine.overbooking.state import GameState
from render.core.draw import Box, crown, fit_label, fit_text, paragraph, paste, png_bytes, text
from render.core.lang import N_, words
from render.core.theme import BG, GOLD, HEADER, INK, LINE, MUTED, PANEL, STRIPE, WHITE
from render.overbooking.common import MARGIN, WIDTH, crest_icon, deck_color, letters, provisional_footer

HEAD_H = 70
COLUMNS_H = 44
ROW_H = 100
COLUMNS = (("coins", 430), ("tokens", 520), ("crests", 610), ("total", 700))
COLUMN_LABELS = {"coins": N_("coins"), "tokens": N_("tokens"), "crests": N_("crests"), "total": N_("total")}
"""The header of each score column (translated where drawn)."""
COLUMN_W = 84
"""The widest a column's header may be (the columns are 90 px apart): a longer translation is condensed."""
"""Score columns and the x of their right edge."""
THREES_X = WIDTH - MARGIN - 8


def row_box(place: int) -> Box:
    """Pixel box of the `place`-th row (0 = first place) in `scoreboard_png`."""
    top = HEAD_H + COLUMNS_H + place * ROW_H
    return MARGIN, top, WIDTH - MARGIN, top + ROW_H


def scoreboard_image(state: GameState, *, language: str | None = None) -> Image.Image:
    """The scoreboard as a Pillow image, in `language` (see `scoreboard_png`)."""
    _ = words(language)
    scores = final_scores(state)
    order = sorted(range(len(state.players)), key=lambda seat: (scores[state.players[seat].name].rank, seat))
    footer_y = row_box(len(order))[1] + 10
    height = footer_y + 76 + (40 if state.provisional else 0)
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEAD_H), fill=HEADER)
    title = _("Final scores") if state.is_over else _("Scores so far (round {round})", round=state.round)
    text(draw, (MARGIN, HEAD_H // 2), title, 32, bold=True, anchor="lm")
    y = HEAD_H + COLUMNS_H // 2
    for name, right in COLUMNS:
        fit_label(draw, (right, y), _(COLUMN_LABELS[name]), COLUMN_W, 22, fill=MUTED, anchor="rm",
                  bold=name == "total")
    text(draw, (THREES_X, y), _("3s"), 22, fill=MUTED, anchor="rm")
    seat_letters = letters(state)
    crest_ids = [crest.id for crest in state.config.data.crests]
    for place, seat in enumerate(order):
        player = state.players[seat]
        score = scores[player.name]
        left, top, right, bottom = row_box(place)
        draw.rectangle((left, top, right, bottom), fill=PANEL if place % 2 == 0 else STRIPE, outline=LINE)
        if score.rank == 1:
            paste(image, crown(36, GOLD), left + 24, top + 30)
        text(draw, (left + 24, top + 72), f"#{score.rank}", 24, bold=True, anchor="mm")
        chip = (left + 52, top + 12, left + 96, top + 56)
        draw.rounded_rectangle(chip, radius=8, fill=deck_color(seat))
        text(draw, ((chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2), seat_letters[seat], 24, bold=True,
             fill=WHITE, anchor="mm")
        fit_text(draw, (left + 106, top + 34), player.name, COLUMNS[0][1] - 80 - left - 106, 28, bold=True,
                 anchor="lm")
        x = left + 56
        for index, crest in enumerate(crest_ids):  # booked cards per crest, under the name
            paste(image, crest_icon(index, 28), x + 14, top + 76)
            text(draw, (x + 32, top + 76), str(score.crest_counts.get(crest, 0)), 22, anchor="lm")
            x += 68
        for name, column_right in COLUMNS:
            value = score.total if name == "total" else score.parts[name]
            text(draw, (column_right, top + 50), str(value), 32 if name == "total" else 28, bold=name == "total",
                 fill=INK, anchor="rm")
        text(draw, (THREES_X, top + 50), str(score.tiebreak), 26, fill=INK, anchor="rm")
    table = CREST_SETS[state.config.scoring]
    sets = " / ".join(f"{table[n]}" for n in sorted(table))
    scoring = {"beginner": N_("Beginner scoring: {sets} VP for 4 / 5 / 6 cards of one crest."),
               "advanced": N_("Advanced scoring: {sets} VP for 4 / 5 / 6 cards of one crest.")}
    if state.config.without_score_cards:
        rule = _("Without the score cards: no crest-set bonus.")
    elif state.config.scoring in scoring:
        rule = _(scoring[state.config.scoring], sets=sets)
    else:
        rule = f"{state.config.scoring.title()} scoring: {sets} VP for 4 / 5 / 6 cards of one crest."
    note = _("{rule} Ties: more 3-coin cards (3s).", rule=rule)
    paragraph(draw, MARGIN, footer_y + 8, note, WIDTH - 2 * MARGIN, 22, max_lines=2, fill=MUTED)
    provisional_footer(draw, footer_y + 70, state, _)
    return image


def scoreboard_png(state: GameState, *, compress_level: int = 1, palette: bool = True,
                   language: str | None = None) -> bytes:
    """PNG (800 px wide) of the scores (final once the game is over): per player in order of place, a crown for the
    winners, the place (shared places repeat), the seat letter and colour, booked cards per crest, coins, tokens,
    crest-set bonus, total and 3-coin cards (the tie-break); the scoring side (or that there are no score cards);
    the provisional note when the game uses provisional card values and hotels. Its words are in `language` ("en",
    "pl", "de"). The state is not changed."""
    return png_bytes(scoreboard_image(state, language=language), compress_level, palette)
