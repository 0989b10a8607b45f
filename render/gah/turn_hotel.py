"""The lower half of the turn picture (`render.gah.turn`): the acting player's hotel header, room grid, kitchen and
café, and the gold frames of rooms that changed."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from PIL import Image, ImageDraw

from engine.gah.cards import ITEMS, guests, hotel_layouts, hotel_rules, space_name
from engine.gah.state import EMPTY, PREPARED, GameState, PlayerState
from render.core.draw import (
    Box,
    bed,
    check,
    crown,
    fit,
    fit_label,
    fit_text,
    item_icon,
    number_coin,
    paragraph,
    paste,
    person,
    pill,
    star,
    text,
    token,
)
from render.core.i18n import Translator
from render.core.lang import ENGLISH, card_name
from render.core.theme import (
    BG,
    DARK,
    GOOD,
    HIGHLIGHT,
    INK,
    LETTER,
    LINE,
    MUTED,
    PANEL,
    PLAYER_TINTS,
    ROOM,
    ROOM_DARK,
    ROOM_PALE,
    SERVED,
    WHITE,
)
from render.gah.common import labels
from render.gah.effect_words import describe_all_in
from render.gah.hotel import vp_shown
from render.gah.turn_changes import gold_frame
from render.gah.turn_layout import (
    CAFE_H,
    CANVAS_WIDTH,
    CELL_H,
    GAP,
    GRID_H,
    GRID_W,
    GRID_X,
    HOTEL_HEAD_H,
    INNER,
    MARGIN,
    room_canvas_box,
    section_title,
)


def hotel_header(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, seat: int, y: int,
                 _: Translator = ENGLISH) -> int:
    """The acting player's hotel's title bar: seat token, the hotel's name, krones, Emperor and VP."""
    player = state.players[seat]
    draw.rounded_rectangle((MARGIN, y, CANVAS_WIDTH - MARGIN, y + 52), radius=10, fill=PLAYER_TINTS[seat % 4])
    cy = y + 26
    paste(image, token(40, seat, labels(state)[seat]), MARGIN + 28, cy)
    right = CANVAS_WIDTH - MARGIN - 12
    vp_w = text(draw, (right, cy), _("{vp} VP", vp=vp_shown(state, seat)), 30, bold=True, anchor="rm")
    x = right - vp_w - 26
    emperor_w = text(draw, (x, cy), str(player.emperor), 30, bold=True, anchor="rm")
    paste(image, crown(36), x - emperor_w - 22, cy - 2)
    x -= emperor_w + 56
    krones_w = text(draw, (x, cy), str(player.money), 30, bold=True, anchor="rm")
    number_coin(image, draw, x - krones_w - 22, cy, "K", size=36, text_size=22)
    x -= krones_w + 46
    fit_text(draw, (MARGIN + 56, cy), _("{player}'s hotel", player=player.name), x - MARGIN - 66, 30, bold=True,
             anchor="lm")
    return y + HOTEL_HEAD_H


def room(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, color: str, value: int, space: int) -> None:
    """One room: empty (pale), prepared (white, coloured frame, bed), occupied (solid colour, guest); its colour
    letter at the top left and its name ("2-3", floor-column, as the panel names it) at the bottom right."""
    left, top, right, bottom = box
    low = bottom - top < CELL_H  # a lower room (the layout with the lounge): smaller figures, clear of the letter
    icon = 34 if low else 40
    cx, cy = (left + 46, (top + bottom) / 2 + 2) if low else (left + 40, (top + bottom) / 2 + 6)
    if value == EMPTY:
        draw.rectangle((left + 2, top + 2, right - 2, bottom - 2), fill=ROOM_PALE[color])
        ink = ROOM_DARK[color]
    elif value == PREPARED:
        draw.rectangle((left + 2, top + 2, right - 2, bottom - 2), fill=WHITE)
        draw.rectangle((left + 5, top + 5, right - 5, bottom - 5), outline=ROOM[color], width=7)
        paste(image, bed(icon, ROOM_DARK[color]), cx, cy)
        ink = ROOM_DARK[color]
    else:
        draw.rectangle((left + 2, top + 2, right - 2, bottom - 2), fill=ROOM[color])
        paste(image, person(icon, WHITE if color != "yellow" else INK), cx, cy)
        ink = WHITE if color != "yellow" else INK
    inset = 14 if value == PREPARED else 10
    text(draw, (left + inset + 2, top + inset - 2), LETTER[color], 22, bold=True, fill=ink)
    text(draw, (right - inset, bottom - inset + 2), space_name(space), 22, bold=True, fill=ink, anchor="rd")


def group_lines(draw: ImageDraw.ImageDraw, side: str, y: int, cell_h: int = CELL_H) -> None:
    """Thin lines between rooms, thick ones around each group and the whole grid (grid top at `y`)."""
    plan = hotel_layouts()[side]
    for space in range(20):
        left, top, right, bottom = room_canvas_box(space, y, cell_h)
        floor, column = divmod(space, 5)
        if column < 4:
            thick = plan.group_of[space] != plan.group_of[space + 1]
            draw.line((right, top, right, bottom), fill=INK if thick else LINE, width=5 if thick else 2)
        if floor < 3:
            thick = plan.group_of[space] != plan.group_of[space + 5]
            draw.line((left, top, right, top), fill=INK if thick else LINE, width=5 if thick else 2)
    draw.rectangle((GRID_X - 2, y - 2, GRID_X + GRID_W + 2, y + 4 * cell_h + 2), outline=INK, width=5)


GRID_PAD = 4
"""Rows of background above and below the grid in its cached layer (room for the outer border)."""


@cache
def empty_grid(side: str, cell_h: int = CELL_H) -> Image.Image:
    """The room grid of a hotel side with every room empty: colours, letters, room names, VP badges, group
    borders and floor costs. Drawn once per side; a frame draws only the rooms that are not empty."""
    image = Image.new("RGB", (GRID_X + GRID_W + GRID_PAD, 4 * cell_h + 2 * GRID_PAD), BG)
    draw = ImageDraw.Draw(image)
    plan = hotel_layouts()[side]
    rules = hotel_rules()
    for space in range(20):
        box = room_canvas_box(space, GRID_PAD, cell_h)
        room(image, draw, box, plan.colors[space], EMPTY, space)
        if space in rules.vp_badges:
            paste(image, star(32), box[2] - 20, box[1] + 20)
            text(draw, (box[2] - 20, box[1] + 22), str(rules.vp_badges[space]), 22, bold=True, anchor="mm")
    group_lines(draw, side, GRID_PAD, cell_h)
    for floor in range(4):
        cy = GRID_PAD + (3 - floor) * cell_h + cell_h // 2
        number_coin(image, draw, MARGIN + 22, cy, rules.floor_cost[floor], size=36, text_size=22)
    return image


def hotel_grid(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerState, y: int, cell_h: int = CELL_H) -> int:
    image.paste(empty_grid(player.side, cell_h), (0, y - GRID_PAD))
    plan = hotel_layouts()[player.side]
    placed = [space for space in range(20) if player.rooms[space] != EMPTY]
    for space in placed:
        room(image, draw, room_canvas_box(space, y, cell_h), plan.colors[space], player.rooms[space], space)
    if placed:
        group_lines(draw, player.side, y, cell_h)
    return y + 4 * cell_h


def kitchen(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerState, y: int,
             grid_h: int = GRID_H, _: Translator = ENGLISH) -> None:
    """Kitchen stock and staff counts beside the room grid (`grid_h` high; a lower grid packs the rows closer)."""
    left = GRID_X + GRID_W + GAP
    box = (left, y, CANVAS_WIDTH - MARGIN, y + grid_h)
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=LINE, width=2)
    fit_label(draw, (left + 10, y + 8), _("Kitchen"), CANVAS_WIDTH - MARGIN - left - 16, 24, bold=True)
    step, first = (44, 62) if grid_h >= GRID_H else (40, 56)
    for item_index, item in enumerate(ITEMS):
        count = player.kitchen[item_index]
        cy = y + first + item_index * step
        paste(image, item_icon(item, 36, hollow=count == 0), left + 30, cy)
        text(draw, (left + 56, cy), f"×{count}", 26, bold=True, fill=INK if count else MUTED, anchor="lm")
    staff_y = y + first + 4 * step - 20
    room = CANVAS_WIDTH - MARGIN - left - 16
    fit_label(draw, (left + 10, staff_y), _("Staff: {count}", count=len(player.played)), room, 22, bold=True)
    fit_label(draw, (left + 10, staff_y + 28), _("in hand: {count}", count=len(player.hand)), room, 22, fill=MUTED)


def cafe(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerState, y: int, cafe_h: int = CAFE_H,
          served: frozenset[int] = frozenset(), _: Translator = ENGLISH) -> int:
    """The café tables, `cafe_h` high: guest, order (served filled), VP, what is missing and the reward; the tables
    in `served` (0-based: served since the last post) framed in gold. A fourth table (the Kaufman hotel entrance,
    Let's Waltz module 3) makes four narrower columns, the VP beside the name."""
    y = section_title(draw, y, _("Café"), _("filled = served, outline = still wanted"))
    tables = max(3, len(player.cafe))
    narrow = tables > 3
    width = (INNER - (tables - 1) * 8) // tables
    bottom = y + cafe_h
    for index, table in enumerate(player.cafe):
        left = MARGIN + index * (width + 8)
        right, bottom = left + width, y + cafe_h
        if table.guest is None:
            draw.rounded_rectangle((left, y, right, bottom), radius=10, outline=LINE, width=3)
            fit_label(draw, ((left + right) / 2, (y + bottom) / 2), _("table {number}: empty", number=index + 1),
                      width - 12, 22, fill=MUTED, anchor="mm")
            continue
        guest = guests()[table.guest]
        ink = INK if guest.color == "yellow" else WHITE
        draw.rounded_rectangle((left, y, right, bottom), radius=10, fill=WHITE, outline=LINE, width=2)
        draw.rounded_rectangle((left, y, left + 36, bottom), radius=10, fill=ROOM[guest.color])
        draw.rectangle((left + 24, y, left + 36, bottom), fill=ROOM[guest.color])
        text(draw, (left + 18, y + 22), LETTER[guest.color], 24, bold=True, fill=ink, anchor="mm")
        text(draw, (left + 18, bottom - 20), str(index + 1), 22, bold=True, fill=ink, anchor="mm")
        name = card_name(_, "guest", guest.id, guest.name)
        x0 = left + 44
        room = right - 8 - x0
        if fit(name, room, 24, bold=True, condensed=True)[0] == name:
            fit_text(draw, (x0, y + 8), name, room, 24, bold=True, condensed=True)
            top = y
        else:  # a long name takes two lines and pushes the rest down
            paragraph(draw, x0, y + 6, name, room, 22, max_lines=2, line_height=24, bold=True, condensed=True)
            top = y + 22
        x = x0 + 18
        done = True
        for item_index, item in enumerate(ITEMS):
            for k in range(guest.order[item_index]):
                filled = k < table.served[item_index]
                done = done and filled
                if filled:
                    draw.ellipse((x - 18, top + 56 - 18, x + 18, top + 56 + 18), fill=SERVED)
                paste(image, item_icon(item, 32, hollow=not filled), x, top + 56)
                x += 37
        if narrow:  # the VP in the colour band, between the colour letter and the table number
            text(draw, (left + 18, (y + bottom) / 2 - 12), str(guest.vp), 24, bold=True, fill=ink, anchor="mm")
            text(draw, (left + 18, (y + bottom) / 2 + 12), _("VP"), 22, condensed=True, fill=ink, anchor="mm")
        else:
            pill(draw, (right - 76, top + 42, right - 8, top + 70), _("{vp} VP", vp=guest.vp), 22, fill=DARK)
        if done:
            full = _("ready to check in")
            ready = full if fit(full, room - 30, 22, bold=True, condensed=True)[0] == full else _("ready")
            w = fit_text(draw, (x0, top + 84), ready, room - 30, 22, bold=True, condensed=True, fill=GOOD)
            paste(image, check(24, GOOD), x0 + w + 16, top + 96)
        else:
            missing = sum(guest.order) - sum(min(s, w) for s, w in zip(table.served, guest.order, strict=False))
            fit_text(draw, (x0, top + 84), _.ngettext("wants {count} more", "wants {count} more", missing), room, 22,
                     bold=True, condensed=True, fill=MUTED)
        paragraph(draw, x0, top + 116, describe_all_in(_, guest.reward), room, 22,
                  max_lines=max(1, (bottom - top - 124) // 23), line_height=23, condensed=True)
        if index in served:
            gold_frame(draw, (left, y, right, bottom))
    return bottom + GAP


def mark_changed(draw: ImageDraw.ImageDraw, spaces: Iterable[int], y: int, cell_h: int = CELL_H) -> None:
    """A thick gold frame with a dark edge around each changed room (besides its look, which tells its state)."""
    for space in spaces:
        if 0 <= space < 20:
            left, top, right, bottom = room_canvas_box(space, y, cell_h)
            draw.rectangle((left - 1, top - 1, right + 1, bottom + 1), outline=INK, width=2)
            draw.rectangle((left + 1, top + 1, right - 1, bottom - 1), outline=HIGHLIGHT, width=4)
