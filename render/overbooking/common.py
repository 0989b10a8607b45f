"""Shared pieces of the Overbooking pictures: deck colours, crest shapes, card faces and card backs.

Colour is never the only cue: every card carries its owner's seat letter, every crest has its own shape and
name, and a card back shows its crest's shape, small or large, and says "1-3" or "4-6" in words as well.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from engine.overbooking.data import RULES, HotelFace
from engine.overbooking.scoring import final_scores
from engine.overbooking.state import GameState, back_crest, back_small, is_back
from render.core.draw import SS, Box, coin, fit_text, paste, seat_labels, text, wrap
from render.core.i18n import Translator
from render.core.lang import ENGLISH, N_, card_name
from render.core.theme import INK, LINE, MUTED, PLAYER_COLOR_NAMES, PLAYER_COLORS, RGB, USED, WHITE, font, mix

WIDTH = 800
"""Width of every Overbooking picture (phone-first)."""
MARGIN = 16
SMALLEST_TEXT = 22
"""The smallest text any Overbooking picture draws (px)."""

DECK_COLORS: tuple[RGB, ...] = PLAYER_COLORS
"""Seat colours: the lobby's and Grand Austria Hotel's (purple, orange, teal, graphite), not the printed decks'
(red, blue, green, orange), so that a seat has one colour wherever the bot shows it."""
DECK_NAMES = PLAYER_COLOR_NAMES
CREST_INK: RGB = (60, 46, 30)
PROVISIONAL_NOTE = N_("Provisional card values and hotels")


def deck_color(seat: int) -> RGB:
    """The colour of seat `seat`'s deck."""
    return DECK_COLORS[seat % len(DECK_COLORS)]


def letters(state: GameState) -> list[str]:
    """One short label per seat (first letter of the name, or the seat number if letters repeat)."""
    return seat_labels([player.name for player in state.players])


def crest_name(state: GameState, crest: str, _: Translator = ENGLISH) -> str:
    """The display name of a crest id, in `_`'s language (the glossary's "ob_crest" names)."""
    english = next((c.name for c in state.config.data.crests if c.id == crest), crest.title())
    return card_name(_, "ob_crest", crest, english)


def guest_kind(_: Translator, kind: str) -> str:
    """A guest type ("monk", "merchants", ...) in `_`'s language (the glossary's "ob_guest" names)."""
    return card_name(_, "ob_guest", kind, kind)


def hotel_name(_: Translator, face: HotelFace) -> str:
    """A hotel face's name in `_`'s language (the glossary's "ob_hotel" names)."""
    return card_name(_, "ob_hotel", face.key, face.name)


def rule_text(_: Translator, rule: str) -> str:
    """A hotel's booking rule in `_`'s language (the glossary's "ob_rule" sentences)."""
    return card_name(_, "ob_rule", rule, RULES[rule])


@cache
def crest_icon(shape: int, size: int, color: RGB = CREST_INK) -> Image.Image:
    """Our own crest shapes by crest index: 0 a bird (wings), 1 a fish, 2 a star (third crest), 3 a flower; 4 a
    plain shield."""
    s = size * SS
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    fill = (*color, 255)
    if shape == 0:
        d.polygon([(s * 0.05, s * 0.3), (s * 0.5, s * 0.55), (s * 0.95, s * 0.3), (s * 0.5, s * 0.85)], fill=fill)
        d.ellipse((s * 0.4, s * 0.15, s * 0.6, s * 0.4), fill=fill)
    elif shape == 1:
        d.ellipse((s * 0.05, s * 0.3, s * 0.7, s * 0.7), fill=fill)
        d.polygon([(s * 0.62, s * 0.5), (s * 0.97, s * 0.22), (s * 0.97, s * 0.78)], fill=fill)
        d.ellipse((s * 0.18, s * 0.42, s * 0.28, s * 0.52), fill=(255, 255, 255, 255))
    elif shape == 2:
        points = []
        for k in range(10):
            angle = math.pi / 2 + k * math.pi / 5
            r = s * (0.48 if k % 2 == 0 else 0.2)
            points.append((s / 2 + r * math.cos(angle), s * 0.53 - r * math.sin(angle)))
        d.polygon(points, fill=fill)
    elif shape == 4:  # a shield: the crest on a card back
        d.polygon([(s * 0.12, s * 0.08), (s * 0.88, s * 0.08), (s * 0.88, s * 0.5), (s * 0.5, s * 0.95),
                   (s * 0.12, s * 0.5)], fill=fill)
    else:
        for k in range(5):
            angle = math.pi / 2 + k * 2 * math.pi / 5
            cx, cy = s / 2 + s * 0.24 * math.cos(angle), s / 2 - s * 0.24 * math.sin(angle)
            d.ellipse((cx - s * 0.2, cy - s * 0.2, cx + s * 0.2, cy + s * 0.2), fill=fill)
        d.ellipse((s * 0.38, s * 0.38, s * 0.62, s * 0.62), fill=(255, 255, 255, 255))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def crest_index(state: GameState, crest: str) -> int:
    """Position of a crest in the data (chooses its shape)."""
    return [c.id for c in state.config.data.crests].index(crest)


CARD_W, CARD_H = 96, 148
"""Size of a card in the hotel and resolution pictures."""


def draw_card(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, state: GameState, card: int, owner: int,
              *, label: str, _: Translator = ENGLISH) -> None:
    """A card at `box`: its face (group size, coins, crest, type) if `card` >= 0, else its back in the owner's
    colour with its crest in its size (a `card_back` of `player_view`: small 1-3 or large 4-6), or a plain hidden
    card. `label` is the owner's seat letter, shown on both sides."""
    left, top, right, bottom = box
    width = right - left
    color = deck_color(owner)
    if card < 0:
        draw.rounded_rectangle(box, radius=10, fill=color, outline=mix(color, INK, 0.5), width=3)
        draw.rounded_rectangle((left + 6, top + 6, right - 6, bottom - 6), radius=8, outline=WHITE, width=2)
        text(draw, (left + 12, top + 10), label, 24, bold=True, fill=WHITE)
        if is_back(card):
            large = not back_small(card)
            icon = round(width * (0.56 if large else 0.32))
            paste(image, crest_icon(back_crest(card), icon, WHITE), (left + right) / 2, top + (bottom - top) * 0.5)
            words = "4-6" if large else "1-3"
            text(draw, ((left + right) / 2, bottom - 12), words, 22, bold=True, fill=WHITE, anchor="md")
        return
    guest = state.card(card)
    draw.rounded_rectangle(box, radius=10, fill=WHITE, outline=color, width=5)
    draw.rectangle((left + 5, top + 5, right - 5, top + 40), fill=mix(color, WHITE, 0.75))
    text(draw, (left + 10, top + 23), str(guest.beds), 32, bold=True, anchor="lm")
    paste(image, coin(34), right - 24, top + 23)
    text(draw, (right - 24, top + 24), str(guest.coins), 22, bold=True, anchor="mm")
    paste(image, crest_icon(crest_index(state, guest.crest), 40), left + 30, top + 66)
    text(draw, (right - 10, top + 66), label, 24, bold=True, fill=mix(color, INK, 0.4), anchor="rm")
    # the guest type in whole lines from the bottom up ("mer-", "chants"): never cut short
    lines = wrap(guest_kind(_, guest.kind), width - 10, 22, condensed=True, hyphenate=True)
    for k, line in enumerate(reversed(lines)):
        text(draw, ((left + right) / 2, bottom - 10 - 24 * k), line, 22, condensed=True, anchor="md")


LEGEND_H = 52
"""Height of the legend row (`legend`)."""


def legend(draw: ImageDraw.ImageDraw, state: GameState, top: int, *, scores: bool, _: Translator = ENGLISH) -> None:
    """The row under a picture's header that says which colour is which player: per seat its colour chip with its
    letter and its name, with `scores` also its VP so far (`final_scores`: booked coins, point tokens, crest sets)."""
    seat_letters = letters(state)
    points = final_scores(state) if scores else {}
    slot = (WIDTH - 2 * MARGIN) // max(len(state.players), 2)
    for seat, player in enumerate(state.players):
        left = MARGIN + seat * slot
        cy = top + LEGEND_H // 2
        chip = (left, cy - 19, left + 38, cy + 19)
        draw.rounded_rectangle(chip, radius=8, fill=deck_color(seat))
        text(draw, ((chip[0] + chip[2]) / 2, cy), seat_letters[seat], 22, bold=True, fill=WHITE, anchor="mm")
        vp = _("{vp} VP", vp=points[player.name].total) if player.name in points else ""
        vp_w = round(font(22, True).getlength(vp)) + 8 if vp else 0
        fit_text(draw, (left + 46, cy), player.name, slot - 56 - vp_w, 24, bold=True, anchor="lm")
        if vp:
            text(draw, (left + slot - 12, cy), vp, 22, bold=True, fill=MUTED, anchor="rm")


def empty_slot(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """An empty place for a card."""
    draw.rounded_rectangle(box, radius=10, fill=USED, outline=LINE, width=2)


def provisional_footer(draw: ImageDraw.ImageDraw, y: int, state: GameState, _: Translator = ENGLISH) -> int:
    """The "provisional card values and hotels" line when the game uses the provisional data; returns the new y."""
    if not state.provisional:
        return y
    text(draw, (WIDTH // 2, y + 8), _(PROVISIONAL_NOTE), 22, fill=MUTED, anchor="ma")
    return y + 40
