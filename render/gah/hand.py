"""A player's private staff hand: each card's cost, kind and what it does, for the ephemeral "my hand" view."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.gah.cards import staff
from engine.gah.state import GameState
from render.core.draw import Box, card_icon, fit_text, number_coin, paragraph, paste, pill, png_bytes, text, token, wrap
from render.core.i18n import Translator
from render.core.lang import card_name, words
from render.core.theme import (
    BG,
    DARK,
    GOLD,
    INK,
    LINE,
    MUTED,
    PLAYER_TINTS,
    USED,
    WHITE,
    font,
)
from render.gah.common import PlayerRef, labels, seat_of
from render.gah.texts import KIND_LABEL, staff_text

WIDTH = 900
MARGIN = 20
HEADER_H = 96
CARD_GAP = 16
CARD_W = (WIDTH - 2 * MARGIN - CARD_GAP) // 2
CARD_H = 196

KIND_FILL = {"once_per_round": (46, 125, 50), "permanent": DARK, "one_time": (21, 101, 192), "game_end": GOLD}


def card_box(slot: int) -> Box:
    """Pixel box of the `slot`-th card of the hand (in hand order) in `hand_png`."""
    row, column = divmod(slot, 2)
    left = MARGIN + column * (CARD_W + CARD_GAP)
    top = HEADER_H + 20 + row * (CARD_H + CARD_GAP)
    return left, top, left + CARD_W, top + CARD_H


def _kind(_: Translator, kind: str) -> str:
    """A staff kind's label ("one-time", "game end") in `_`'s language, as the glossary's terms name it."""
    return card_name(_, "term", kind, KIND_LABEL.get(kind, kind))


def hand_image(state: GameState, player: PlayerRef, *, language: str = "en") -> Image.Image:
    """The hand picture as a Pillow image, in `language` (see `hand_png`).

    Raises:
        KeyError: no such player.
    """
    seat = seat_of(state, player)
    who = state.players[seat]
    _ = words(language)
    rows = max(1, (len(who.hand) + 1) // 2)
    height = HEADER_H + 20 + rows * (CARD_H + CARD_GAP) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=PLAYER_TINTS[seat % 4])
    paste(image, token(56, seat, labels(state)[seat]), MARGIN + 28, HEADER_H // 2)
    money_w = text(draw, (WIDTH - MARGIN, HEADER_H // 2), str(who.money), 36, bold=True, anchor="rm")
    number_coin(image, draw, WIDTH - MARGIN - money_w - 30, HEADER_H // 2, "K", size=44)
    title = _.ngettext("{player}'s hand ({count} staff)", "{player}'s hand ({count} staff)", len(who.hand),
                       player=who.name)
    fit_text(draw, (MARGIN + 68, HEADER_H // 2), title, WIDTH - 2 * MARGIN - 68 - money_w - 80, 34, bold=True,
             anchor="lm")
    if not who.hand:
        text(draw, (WIDTH // 2, HEADER_H + 20 + CARD_H // 2), _("No staff cards in hand"), 28, fill=MUTED, anchor="mm")
        return image
    edition = state.config.edition
    cards = staff()
    for slot, card_id in enumerate(who.hand):
        left, top, right, bottom = card_box(slot)
        if card_id not in cards:  # a card hidden by `player_view`
            draw.rounded_rectangle((left, top, right, bottom), radius=12, fill=USED, outline=LINE, width=2)
            paste(image, card_icon(72), left + 60, (top + bottom) / 2)
            text(draw, (left + 110, (top + bottom) / 2), _("hidden card"), 28, fill=MUTED, anchor="lm")
            continue
        card = cards[card_id]
        draw.rounded_rectangle((left, top, right, bottom), radius=12, fill=WHITE, outline=LINE, width=2)
        number_coin(image, draw, left + 34, top + 34, card.cost_in(edition), size=52, text_size=28)
        fit_text(draw, (left + 70, top + 20), card_name(_, "staff", card.id, card.name), CARD_W - 84, 28, bold=True,
                 condensed=True)
        kind = _kind(_, card.kind)
        kind_w = 28 + round(font(22, True).getlength(kind))
        fill = KIND_FILL.get(card.kind, MUTED)
        pill(draw, (left + 70, top + 60, left + 70 + kind_w, top + 92), kind, 22, fill=fill,
             ink=INK if fill == GOLD else WHITE)
        told = card_name(_, "staff_text", card.id, staff_text(card))
        size, line = (26, 30) if len(wrap(told, CARD_W - 32, 26, condensed=True)) <= 3 else (22, 28)  # long German
        paragraph(draw, left + 16, top + 106, told, CARD_W - 32, size, max_lines=3, line_height=line, condensed=True)
    return image


def hand_png(
    state: GameState, player: PlayerRef, *, compress_level: int = 1, palette: bool = True, language: str = "en"
) -> bytes:
    """PNG of a player's staff hand (private: send it only to that player): for every card its cost in krones,
    its kind and a sentence on what it does, in `language` (the cards named and told as the glossary has them).
    `player` is a name or a seat index. The state is not changed.

    The PNG is a 256-colour palette image by default (`palette=False`: full colour, bigger and slower);
    `compress_level` is zlib's 0-9.

    Raises:
        KeyError: no such player.
    """
    return png_bytes(hand_image(state, player, language=language), compress_level, palette)
