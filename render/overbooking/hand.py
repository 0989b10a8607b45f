"""A player's private Overbooking hand: every card's group size, coins, crest and type, and the name used in moves."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.overbooking.state import GameState
from render.core.draw import Box, coin, fit_text, paste, png_bytes, text
from render.core.lang import words
from render.core.theme import BG, INK, LINE, MUTED, USED, WHITE, mix
from render.overbooking.common import (
    MARGIN,
    WIDTH,
    crest_icon,
    crest_index,
    crest_name,
    deck_color,
    guest_kind,
    letters,
    provisional_footer,
)

HEADER_H = 72
COLUMNS = 4
GAP = 12
HAND_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * GAP) // COLUMNS
HAND_H = 200


def hand_card_box(position: int) -> Box:
    """Pixel box of the `position`-th card (sorted by crest, then group size) in `hand_png`."""
    row, column = divmod(position, COLUMNS)
    left = MARGIN + column * (HAND_W + GAP)
    top = HEADER_H + 12 + row * (HAND_H + GAP)
    return left, top, left + HAND_W, top + HAND_H


def hand_image(state: GameState, player: str, *, language: str | None = None) -> Image.Image:
    """The hand picture as a Pillow image, in `language` (see `hand_png`).

    Raises:
        KeyError: no such player.
    """
    _ = words(language)
    seat = state.player_index(player)
    who = state.players[seat]
    cards = sorted(who.hand, key=lambda c: (c < 0, c))
    rows = max(1, -(-len(cards) // COLUMNS))
    height = HEADER_H + 12 + rows * (HAND_H + GAP) + (40 if state.provisional else 8)
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    color = deck_color(seat)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=mix(color, WHITE, 0.75))
    draw.rounded_rectangle((MARGIN, 14, MARGIN + 44, 58), radius=8, fill=color)
    text(draw, (MARGIN + 22, 37), letters(state)[seat], 26, bold=True, fill=WHITE, anchor="mm")
    title = _("{player}'s hand: {cards}, {deck} in the deck, {tokens}", player=who.name,
              cards=_.ngettext("{count} card", "{count} cards", len(cards)), deck=len(who.deck),
              tokens=_.ngettext("{count} token", "{count} tokens", who.tokens))
    fit_text(draw, (MARGIN + 58, 36), title, WIDTH - 2 * MARGIN - 58, 28, bold=True, anchor="lm")
    for position, card in enumerate(cards):
        box = hand_card_box(position)
        left, top, right, bottom = box
        if card < 0:
            draw.rounded_rectangle(box, radius=12, fill=USED, outline=LINE, width=2)
            text(draw, ((left + right) / 2, (top + bottom) / 2), _("hidden"), 24, fill=MUTED, anchor="mm")
            continue
        guest = state.card(card)
        draw.rounded_rectangle(box, radius=12, fill=WHITE, outline=color, width=5)
        draw.rectangle((left + 5, top + 5, right - 5, top + 56), fill=mix(color, WHITE, 0.75))
        text(draw, (left + 14, top + 31), str(guest.beds), 44, bold=True, anchor="lm")
        beds = _.ngettext("bed", "beds", guest.beds)  # between the number and the coin
        fit_text(draw, (left + 50, top + 31), beds, HAND_W - 106, 22, fill=INK, anchor="lm")
        paste(image, coin(44), right - 32, top + 31)
        text(draw, (right - 32, top + 32), str(guest.coins), 26, bold=True, anchor="mm")
        paste(image, crest_icon(crest_index(state, guest.crest), 56), left + 40, top + 96)
        fit_text(draw, (left + 76, top + 96), crest_name(state, guest.crest, _), HAND_W - 86, 24, bold=True,
                 anchor="lm")
        fit_text(draw, ((left + right) / 2, top + 150), guest_kind(_, guest.kind), HAND_W - 16, 26, anchor="mm")
        fit_text(draw, ((left + right) / 2, bottom - 12), f"{guest.crest} {guest.beds}", HAND_W - 16, 22,
                 fill=MUTED, anchor="md")
    provisional_footer(draw, height - 42 if state.provisional else height, state, _)
    return image


def hand_png(state: GameState, player: str, *, compress_level: int = 1, palette: bool = True,
             language: str | None = None) -> bytes:
    """PNG (800 px wide) of `player`'s hand (private: send it only to that player): per card its group size (beds
    needed), coin value, crest, guest type and the short name used in moves ("bird 3"); its words in `language`
    ("en", "pl", "de"). The state is not changed.

    Raises:
        KeyError: no such player.
    """
    return png_bytes(hand_image(state, player, language=language), compress_level, palette)
