"""The shared Overbooking table: a legend (which colour is which player, with the scores so far when asked), then
every hotel with its beds and booking rule, its back door and queue (card backs showing crest and crest size, or
faces), and its point token."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.overbooking.placement import queue_limit
from engine.overbooking.state import DOOR_LIMIT, GameState
from render.core.draw import Box, bed, coin, fit_text, paste, png_bytes, text
from render.core.i18n import Translator
from render.core.lang import words
from render.core.theme import BG, DARK, HEADER, INK, LINE, MUTED, PANEL, WHITE
from render.overbooking.common import (
    CARD_H,
    CARD_W,
    LEGEND_H,
    MARGIN,
    WIDTH,
    draw_card,
    empty_slot,
    hotel_name,
    legend,
    letters,
    provisional_footer,
    rule_text,
)

HEADER_H = 64
GAP = 8
DIVIDER = 40
HOTEL_HEAD = 62
LABEL_H = 30
HOTEL_H = HOTEL_HEAD + LABEL_H + CARD_H + 16
DOOR_LEFT = MARGIN + 8
QUEUE_LEFT = DOOR_LEFT + DOOR_LIMIT * (CARD_W + GAP) + DIVIDER
NO_DOOR_QUEUE_LEFT = DOOR_LEFT + CARD_W + GAP + DIVIDER
"""The queue's left edge at the hotel without a back door: its fifth card needs the room of a door card."""


def hotel_top(slot: int) -> int:
    """Top y of hotel `slot`'s panel in `hotels_png`."""
    return HEADER_H + LEGEND_H + 8 + slot * (HOTEL_H + 12)


def queue_left(door: bool = True) -> int:
    """The left edge of a hotel's queue: `QUEUE_LEFT`, or `NO_DOOR_QUEUE_LEFT` at the hotel without a back door."""
    return QUEUE_LEFT if door else NO_DOOR_QUEUE_LEFT


def card_box(slot: int, side: str, position: int, door: bool = True) -> Box:
    """Pixel box of the card at `position` (0 = nearest the hotel) of hotel `slot`'s "queue" or "door"; `door`:
    whether the hotel has a back door (without one its queue starts further left)."""
    top = hotel_top(slot) + HOTEL_HEAD + LABEL_H
    if side == "door":  # the back door grows leftwards, away from the hotel
        right = QUEUE_LEFT - DIVIDER - position * (CARD_W + GAP)
        return right - CARD_W, top, right, top + CARD_H
    left = queue_left(door) + position * (CARD_W + GAP)
    return left, top, left + CARD_W, top + CARD_H


def token_box(slot: int) -> Box:
    """Where hotel `slot`'s point token is drawn (when there is one)."""
    top = hotel_top(slot)
    return WIDTH - MARGIN - 56, top + 8, WIDTH - MARGIN - 8, top + 56


def hotels_image(state: GameState, *, scores: bool = False, language: str | None = None) -> Image.Image:
    """The table picture as a Pillow image, in `language` (see `hotels_png`)."""
    _ = words(language)
    count = len(state.hotels)
    height = hotel_top(count) + (40 if state.provisional else 8)
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER)
    if state.is_over:
        status = _("Game over")
    elif state.phase == "place":
        status = _("{player} to place a card", player=state.current_player)
    else:
        status = _("{player} chooses a back-door ability", player=state.current_player)
    title = _("Round {round}/4 · {status}", round=state.round, status=status)
    fit_text(draw, (MARGIN, HEADER_H // 2), title, WIDTH - 2 * MARGIN, 30, bold=True, anchor="lm")
    legend(draw, state, HEADER_H + 4, scores=scores, _=_)
    seat_letters = letters(state)
    for slot in range(count):
        _hotel(image, draw, state, slot, seat_letters, _)
    provisional_footer(draw, hotel_top(count) - 6, state, _)
    return image


def _hotel(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, slot: int, seat_letters: list[str],
           _: Translator) -> None:
    hotel = state.hotels[slot]
    face = state.face(slot)
    top = hotel_top(slot)
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + HOTEL_H), radius=14, fill=PANEL, outline=LINE,
                           width=2)
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + HOTEL_HEAD), radius=14, fill=DARK)
    paste(image, bed(40, WHITE), MARGIN + 32, top + HOTEL_HEAD // 2)
    beds_w = text(draw, (MARGIN + 58, top + HOTEL_HEAD // 2), str(face.beds), 36, bold=True, fill=WHITE, anchor="lm")
    title = f"{slot + 1}. {hotel_name(_, face)}"
    fit_text(draw, (MARGIN + 70 + beds_w, top + 6), title, WIDTH - 2 * MARGIN - 150 - beds_w, 26, bold=True,
             fill=WHITE)
    fit_text(draw, (MARGIN + 70 + beds_w, top + 34), rule_text(_, face.rule), WIDTH - 2 * MARGIN - 150 - beds_w, 22,
             fill=WHITE, condensed=True)
    if hotel.token:
        left, ttop, right, bottom = token_box(slot)
        paste(image, coin(right - left), (left + right) / 2, (ttop + bottom) / 2)
        text(draw, ((left + right) / 2, (ttop + bottom) / 2 + 1), "1", 24, bold=True, fill=INK, anchor="mm")
    label_y = top + HOTEL_HEAD + 4
    door = face.rule != "no_back_door"
    left = queue_left(door)
    text(draw, (left - DIVIDER - 2, label_y), _("back door") if door else _("no door"), 22, fill=MUTED, anchor="ra")
    queue = _("queue ({count}/{limit}) →", count=len(hotel.queue), limit=queue_limit(state, slot))
    text(draw, (left, label_y), queue, 22, fill=MUTED)
    divider_x = left - DIVIDER // 2
    draw.rectangle((divider_x - 3, label_y, divider_x + 3, top + HOTEL_H - 10), fill=DARK)
    if door:
        for position in range(DOOR_LIMIT):
            box = card_box(slot, "door", position)
            if position < len(hotel.door):
                placed = hotel.door[position]
                draw_card(image, draw, box, state, placed.card, placed.owner, label=seat_letters[placed.owner], _=_)
            else:
                empty_slot(draw, box)
    for position in range(max(queue_limit(state, slot), len(hotel.queue))):
        box = card_box(slot, "queue", position, door)
        if box[2] > WIDTH - MARGIN:
            break
        if position < len(hotel.queue):
            placed = hotel.queue[position]
            draw_card(image, draw, box, state, placed.card, placed.owner, label=seat_letters[placed.owner], _=_)
        else:
            empty_slot(draw, box)


def hotels_png(state: GameState, *, scores: bool = False, compress_level: int = 1, palette: bool = True,
               language: str | None = None) -> bytes:
    """PNG (800 px wide) of the hotels in play under a legend (each player's colour, letter and name; with `scores`
    also their VP so far), top first: each hotel's beds, name and booking rule, its point
    token, its back door (left, nearest the hotel first) and queue (right). Pass `player_view(state, name)` (or
    the public view) so face-down cards show only their back: the owner's colour and letter and the crest in its
    size. Its words are in `language` ("en", "pl", "de"). The state is not changed."""
    return png_bytes(hotels_image(state, scores=scores, language=language), compress_level, palette)
