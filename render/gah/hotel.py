"""One player's hotel: the 4x5 room grid, café, kitchen, money, Emperor position and played staff.

The grid with its colours, letters, group outlines, floor costs and VP badges never changes during a game:
it is drawn once per hotel side (`_base`) and copied; a frame only draws rooms, the café and the rest.
`space_box(space)` gives the pixel box of a hotel space, so tests can probe the picture.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from PIL import Image, ImageDraw

from engine.gah.cards import ITEMS, guests, hotel_layouts, hotel_rules, space_name, staff
from engine.gah.scoring import final_scores
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, GameState, PlayerState
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
    png_bytes,
    star,
    text,
    token,
    wrap,
)
from render.core.i18n import Translator
from render.core.lang import ENGLISH, N_, card_name, words
from render.core.theme import (
    BG,
    DARK,
    GOLD,
    GOOD,
    INK,
    LETTER,
    LINE,
    MUTED,
    PLAYER_TINTS,
    RGB,
    ROOM,
    ROOM_DARK,
    ROOM_PALE,
    SERVED,
    USED,
    WHITE,
    font,
)
from render.gah.common import PlayerRef, labels, panel, seat_of
from render.gah.effect_words import describe_all_in
from render.gah.texts import KIND_LABEL, staff_text
from render.gah.waltz import entrance_panel, stack

WIDTH = 950
MARGIN = 20
HEADER_H = 96
GRID_X = 140
GRID_Y = HEADER_H + 20
CELL_W = 118
CELL_H = 112
GRID_W = 5 * CELL_W
GRID_H = 4 * CELL_H
SIDE_X = GRID_X + GRID_W + 20
LEGEND_Y = GRID_Y + GRID_H + 14
LEGEND_H = 56
CAFE_Y = LEGEND_Y + LEGEND_H + 16
CAFE_H = 325
KITCHEN_Y = CAFE_Y + CAFE_H + 16
KITCHEN_H = 100
STAFF_Y = KITCHEN_Y + KITCHEN_H + 16
STAFF_ROW_H = 138
TABLE_W = (WIDTH - 2 * MARGIN - 2 * 16 - 2 * 14) // 3

STAFF_TAGS: dict[str, dict[bool, tuple[str, RGB, bool]]] = {
    "once_per_round": {False: (N_("ready"), GOOD, False), True: (N_("used"), MUTED, True)},
    "game_end": dict.fromkeys((False, True), (KIND_LABEL["game_end"], GOLD, False)),
    "permanent": dict.fromkeys((False, True), (KIND_LABEL["permanent"], DARK, False)),
    "one_time": dict.fromkeys((False, True), (KIND_LABEL["one_time"], MUTED, False)),
}
"""A played staff card's tag on the hotel picture, by the card's kind and whether it is among the cards used this
round: (the tag's words, its colour, whether the card is greyed out). Only once-per-round cards are ever used."""


def space_box(space: int) -> Box:
    """Pixel box of hotel space `space` (index (floor-1)*5 + (column-1), floor 1 at the bottom) in `hotel_png`."""
    floor, column = divmod(space, 5)
    left = GRID_X + column * CELL_W
    top = GRID_Y + (3 - floor) * CELL_H
    return left, top, left + CELL_W, top + CELL_H


def table_box(table: int) -> Box:
    """Pixel box of café table `table` (0-2) in `hotel_png`."""
    left = MARGIN + 16 + table * (TABLE_W + 14)
    top = CAFE_Y + 52
    return left, top, left + TABLE_W, CAFE_Y + CAFE_H - 14


# ----- the static layer --------------------------------------------------------------------------------


def _cell(draw: ImageDraw.ImageDraw, image: Image.Image, box: Box, color: str, state: int, space: int) -> None:
    """One room space: empty (pale wash), prepared (white with a thick coloured frame and an empty bed),
    occupied (solid colour with a guest). The colour letter sits in the top-left corner in every state, the room's
    name ("floor-column", as the panel's buttons and selects name it) in the bottom-right corner."""
    left, top, right, bottom = box
    inner = (left + 3, top + 3, right - 3, bottom - 3)
    cx, cy = (left + right) / 2, (top + bottom) / 2 + 8
    if state == EMPTY:
        draw.rectangle(inner, fill=ROOM_PALE[color])
        letter_ink = ROOM_DARK[color]
    elif state == PREPARED:
        draw.rectangle(inner, fill=WHITE)
        draw.rectangle((left + 6, top + 6, right - 6, bottom - 6), outline=ROOM[color], width=10)
        paste(image, bed(44, ROOM_DARK[color]), left + 40, cy)  # left of the room name
        letter_ink = ROOM_DARK[color]
    else:
        draw.rectangle(inner, fill=ROOM[color])
        paste(image, person(56, WHITE if color != "yellow" else INK), cx, cy)
        letter_ink = WHITE if color != "yellow" else INK
    text(draw, (left + 20, top + 16), LETTER[color], 26, bold=True, fill=letter_ink)
    inset = 16 if state == PREPARED else 10
    text(draw, (right - inset, bottom - inset + 2), space_name(space), 22, bold=True, fill=letter_ink, anchor="rd")


def _grid_lines(draw: ImageDraw.ImageDraw, side: str) -> None:
    """Thin lines between rooms, thick lines around each group and the whole grid."""
    plan = hotel_layouts()[side]
    for space in range(20):
        left, top, right, bottom = space_box(space)
        floor, column = divmod(space, 5)
        # right edge
        if column < 4:
            thick = plan.group_of[space] != plan.group_of[space + 1]
            draw.line((right, top, right, bottom), fill=INK if thick else LINE, width=6 if thick else 2)
        # top edge
        if floor < 3:
            thick = plan.group_of[space] != plan.group_of[space + 5]
            draw.line((left, top, right, top), fill=INK if thick else LINE, width=6 if thick else 2)
    draw.rectangle((GRID_X - 3, GRID_Y - 3, GRID_X + GRID_W + 3, GRID_Y + GRID_H + 3), outline=INK, width=6)


def _badges(image: Image.Image, draw: ImageDraw.ImageDraw, spaces: Iterable[int] = range(20)) -> None:
    """The VP badge (a star with the VP gained when a room is placed there) of those spaces that have one."""
    badges = hotel_rules().vp_badges
    for space in spaces:
        if space not in badges:
            continue
        _left, top, right, _ = space_box(space)
        paste(image, star(50), right - 32, top + 32)
        text(draw, (right - 32, top + 36), str(badges[space]), 24, bold=True, fill=INK, anchor="mm")


def _tag_words(_: Translator, kind: str, tag: str) -> str:
    """A played staff card's tag in `_`'s language: "ready" or "used" (once per round), else its kind as the
    glossary's terms name it."""
    return _(tag) if kind == "once_per_round" else card_name(_, "term", kind, tag)


@cache
def _base(side: str, language: str = "en") -> Image.Image:
    """The part of the picture that never changes for a hotel side (grid, labels, legend, section frames), its
    texts in `language`."""
    _ = words(language)
    height = STAFF_Y
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    plan = hotel_layouts()[side]
    rules = hotel_rules()
    for space in range(20):
        _cell(draw, image, space_box(space), plan.colors[space], EMPTY, space)
    _grid_lines(draw, side)
    _badges(image, draw)
    # floor labels: name, cost to prepare (coin), VP per occupied room at the end
    for floor in range(4):
        top = GRID_Y + (3 - floor) * CELL_H
        text(draw, (MARGIN, top + 8), _("Floor {floor}", floor=floor + 1), 22, bold=True, fill=INK)
        number_coin(image, draw, MARGIN + 22, top + 66, rules.floor_cost[floor], size=42)
        pill(draw, (MARGIN + 50, top + 52, MARGIN + 112, top + 80), _("{vp}VP", vp=rules.floor_end_vp[floor]), 22,
             fill=DARK)
    # the side panel: bonus for a fully occupied group, by group size
    side_box = (SIDE_X, GRID_Y - 3, WIDTH - MARGIN, GRID_Y + GRID_H + 3)
    y = panel(draw, side_box, None)
    room = WIDTH - MARGIN - SIDE_X - 20
    fit_label(draw, (SIDE_X + 12, y), _("Full group"), room, 24, bold=True)
    fit_label(draw, (SIDE_X + 12, y + 30), _("bonus"), room, 24, bold=True)
    y += 74
    fit_label(draw, (SIDE_X + 12, y), _("size"), 62, 22, fill=MUTED)
    columns = [SIDE_X + 78 + 28 * k for k in range(4)]
    for k, x in enumerate(columns):
        text(draw, (x, y), str(k + 1), 22, fill=MUTED, anchor="ma")
    y += 38
    units = {"blue": N_("VP"), "red": N_("krones"), "yellow": N_("Emperor")}
    for color in ("blue", "red", "yellow"):
        draw.rounded_rectangle((SIDE_X + 12, y, SIDE_X + 50, y + 36), radius=6, fill=ROOM[color])
        text(draw, (SIDE_X + 31, y + 19), LETTER[color], 24, bold=True,
             fill=WHITE if color != "yellow" else INK, anchor="mm")
        for x, value in zip(columns, rules.occupancy_bonus[color], strict=False):
            text(draw, (x, y + 19), str(value), 22, bold=True, anchor="mm")
        y += 44
        fit_label(draw, (SIDE_X + 12, y), _(units[color]), room, 22, fill=MUTED)
        y += 36
    # legend
    x = MARGIN
    for state_value, label in ((EMPTY, _("empty")), (PREPARED, _("prepared")), (OCCUPIED, _("occupied"))):
        box = (x, LEGEND_Y, x + 70, LEGEND_Y + LEGEND_H)
        _legend_cell(image, draw, box, state_value)
        x += 80 + text(draw, (x + 80, LEGEND_Y + LEGEND_H // 2), label, 24, anchor="lm") + 24
    draw.line((x, LEGEND_Y + LEGEND_H // 2, x + 50, LEGEND_Y + LEGEND_H // 2), fill=INK, width=6)
    fit_label(draw, (x + 60, LEGEND_Y + LEGEND_H // 2), _("group border"), WIDTH - MARGIN - x - 60, 24, anchor="lm")
    # frames of the café and kitchen
    cafe = _("Café")
    panel(draw, (MARGIN, CAFE_Y, WIDTH - MARGIN, CAFE_Y + CAFE_H), cafe)
    note_x = max(MARGIN + 110, MARGIN + 40 + round(font(26, True).getlength(cafe)))
    fit_label(draw, (note_x, CAFE_Y + 14), _("filled = served, outline = still wanted"), WIDTH - MARGIN - 16 - note_x,
              22, fill=MUTED)
    panel(draw, (MARGIN, KITCHEN_Y, WIDTH - MARGIN, KITCHEN_Y + KITCHEN_H), None)
    fit_label(draw, (MARGIN + 16, KITCHEN_Y + KITCHEN_H // 2), _("Kitchen"), 130, 26, bold=True, anchor="lm")
    return image


def _legend_cell(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, state_value: int) -> None:
    left, top, right, bottom = box
    color = "blue"
    cx, cy = (left + right) / 2, (top + bottom) / 2
    if state_value == EMPTY:
        draw.rectangle(box, fill=ROOM_PALE[color], outline=LINE)
    elif state_value == PREPARED:
        draw.rectangle(box, fill=WHITE)
        draw.rectangle((left + 2, top + 2, right - 2, bottom - 2), outline=ROOM[color], width=7)
        paste(image, bed(36, ROOM_DARK[color]), cx, cy)
    else:
        draw.rectangle(box, fill=ROOM[color])
        paste(image, person(36), cx, cy)


# ----- the changing parts ------------------------------------------------------------------------------


def vp_shown(state: GameState, seat: int) -> int:
    """The VP a picture shows for the player at `seat`: their VP so far, and once the game is over their final score
    (`engine.gah.scoring.final_scores`, with the final scoring; issue 42 item 4), so that the final pictures agree with
    the final post."""
    if state.is_over:
        return final_scores(state)[state.players[seat].name].total
    return state.players[seat].vp



def _header(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, seat: int, _: Translator) -> None:
    player = state.players[seat]
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=PLAYER_TINTS[seat % 4])
    paste(image, token(56, seat, labels(state)[seat]), MARGIN + 28, HEADER_H // 2)
    right = WIDTH - MARGIN
    # stats from the right: VP, Emperor, krones
    vp_w = text(draw, (right, HEADER_H // 2), _("{vp} VP", vp=vp_shown(state, seat)), 36, bold=True, anchor="rm")
    x = right - vp_w - 40
    emp_w = text(draw, (x, HEADER_H // 2), str(player.emperor), 36, bold=True, anchor="rm")
    paste(image, crown(44), x - emp_w - 28, HEADER_H // 2 - 2)
    x -= emp_w + 50 + 36
    k_w = text(draw, (x, HEADER_H // 2), str(player.money), 36, bold=True, anchor="rm")
    number_coin(image, draw, x - k_w - 28, HEADER_H // 2, "K", size=44)
    x -= k_w + 52
    fit_text(draw, (MARGIN + 68, HEADER_H // 2), _("{player}'s hotel", player=player.name), x - MARGIN - 90, 36,
             bold=True, anchor="lm")


def _rooms(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerState) -> None:
    plan = hotel_layouts()[player.side]
    drawn = [space for space, value in enumerate(player.rooms) if value != EMPTY]
    for space in drawn:
        _cell(draw, image, space_box(space), plan.colors[space], player.rooms[space], space)
    if drawn:
        _grid_lines(draw, player.side)  # solid lines: drawing them again over the base changes nothing
        _badges(image, draw, drawn)


def _cafe(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerState, _: Translator = ENGLISH) -> None:
    for index, table in enumerate(player.cafe[:3]):  # a 4th table (Kaufman) is shown with the entrance
        left, top, right, bottom = table_box(index)
        if table.guest is None:
            draw.rounded_rectangle((left, top, right, bottom), radius=10, outline=LINE, width=3)
            fit_label(draw, ((left + right) / 2, (top + bottom) / 2), _("table {number}: empty", number=index + 1),
                      right - left - 12, 24, fill=MUTED, anchor="mm")
            continue
        guest = guests()[table.guest]
        draw.rounded_rectangle((left, top, right, bottom), radius=10, fill=WHITE, outline=LINE, width=2)
        draw.rounded_rectangle((left, top, left + 44, bottom), radius=10, fill=ROOM[guest.color])
        draw.rectangle((left + 30, top, left + 44, bottom), fill=ROOM[guest.color])
        ink = INK if guest.color == "yellow" else WHITE
        text(draw, (left + 22, top + 26), LETTER[guest.color], 28, bold=True, fill=ink, anchor="mm")
        text(draw, (left + 22, bottom - 26), str(index + 1), 24, bold=True, fill=ink, anchor="mm")
        x0 = left + 56
        name = card_name(_, "guest", guest.id, guest.name)
        name_lines = wrap(name, right - 10 - x0, 24, bold=True, condensed=True)
        split = wrap(name, right - 10 - x0, 24, bold=True, condensed=True, hyphenate=True)
        if fit(name, right - 10 - x0, 26, bold=True, condensed=True)[0] == name or len(split) < 2:
            fit_text(draw, (x0, top + 10), name, right - 10 - x0, 26, bold=True, condensed=True)
            shift, reward_lines = 0, 4
        elif len(name_lines) < 2 or name_lines[0].endswith("…"):  # one word too long (German): split with a hyphen
            for k, line in enumerate(split[:2]):
                text(draw, (x0, top + 8 + 26 * k), line, 24, bold=True, condensed=True)
            shift, reward_lines = 26, 3
        else:  # a long name takes two lines and pushes the rest down
            paragraph(draw, x0, top + 8, name, right - 10 - x0, 24, max_lines=2, line_height=26, bold=True,
                      condensed=True)
            shift, reward_lines = 26, 3
        top += shift
        # the order: one icon per wanted item, filled once served
        step = min(56, (right - 8 - x0) // max(1, sum(guest.order)))  # four items fit a narrow table too
        x = x0 + step // 2
        y = top + 76
        done = True
        for item_index, item in enumerate(ITEMS):
            wanted = guest.order[item_index]
            served = table.served[item_index]
            for k in range(wanted):
                filled = k < served
                done = done and filled
                if filled:
                    draw.ellipse((x - step // 2 + 1, y - step // 2 + 1, x + step // 2 - 1, y + step // 2 - 1),
                                 fill=SERVED)
                paste(image, item_icon(item, step - 6, hollow=not filled), x, y)
                x += step
        if done:
            full = _("ready to check in")
            ready = full if font(22, True).getlength(full) + 44 <= right - x0 else _("ready")
            w = fit_label(draw, (x0, top + 114), ready, right - x0 - 50, 22, bold=True, fill=GOOD)
            paste(image, check(32, GOOD), x0 + w + 22, top + 126)
        else:
            missing = sum(guest.order) - sum(min(s, w) for s, w in zip(table.served, guest.order, strict=False))
            fit_label(draw, (x0, top + 114), _.ngettext("wants {count} more", "wants {count} more", missing),
                      right - x0 - 10, 22, bold=True, fill=MUTED)
        pill(draw, (x0, top + 150, x0 + 66, top + 180), _("{vp}VP", vp=guest.vp), 22, fill=DARK)
        paragraph(draw, x0 + 76, top + 150, describe_all_in(_, guest.reward), right - x0 - 86, 22,
                  max_lines=reward_lines, line_height=25, condensed=True, fill=INK)


def _kitchen(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerState, _: Translator = ENGLISH) -> None:
    x = MARGIN + 160
    y = KITCHEN_Y + KITCHEN_H // 2
    for item_index, item in enumerate(ITEMS):  # one after the other: a count of 10 or more takes more room
        count = player.kitchen[item_index]
        paste(image, item_icon(item, 48, hollow=count == 0), x, y)
        w = text(draw, (x + 32, y), f"×{count}", 32, bold=True, fill=INK if count else MUTED, anchor="lm")
        named = card_name(_, "term", item, item)
        x += 40 + w + text(draw, (x + 40 + w, y + 2), named, 22, fill=MUTED, anchor="lm") + 34


def _staff_height(player: PlayerState) -> int:
    rows = (len(player.played) + 1) // 2
    return 60 + max(rows, 1) * STAFF_ROW_H + 10


def _staff(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerState, hand_size: int,
           _: Translator = ENGLISH) -> None:
    height = _staff_height(player)
    top = panel(draw, (MARGIN, STAFF_Y, WIDTH - MARGIN, STAFF_Y + height),
                _("Staff in play ({count})", count=len(player.played)))
    text(draw, (WIDTH - MARGIN - 16, STAFF_Y + 14), _("{count} in hand", count=hand_size), 24, fill=MUTED,
         anchor="ra")
    if not player.played:
        text(draw, (MARGIN + 16, top + 20), _("none yet"), 24, fill=MUTED)
        return
    width = (WIDTH - 2 * MARGIN - 32 - 12) // 2
    for k, card_id in enumerate(player.played):
        card = staff()[card_id]
        left = MARGIN + 16 + (k % 2) * (width + 12)
        y = top + (k // 2) * STAFF_ROW_H
        box = (left, y, left + width, y + STAFF_ROW_H - 10)
        tag, tag_fill, used = STAFF_TAGS[card.kind][card_id in player.used]
        tag = _tag_words(_, card.kind, tag)
        name = card_name(_, "staff", card.id, card.name)
        draw.rounded_rectangle(box, radius=8, fill=USED if used else WHITE, outline=LINE, width=2)
        tag_w = 24 + round(font(22, True).getlength(tag))
        pill(draw, (box[2] - tag_w - 8, y + 8, box[2] - 8, y + 38), tag, 22, fill=tag_fill,
             ink=INK if tag_fill == GOLD else WHITE)
        ink = MUTED if used else INK
        room = width - tag_w - 30
        if fit(name, room, 24, bold=True, condensed=True)[0] == name:
            fit_text(draw, (left + 12, y + 8), name, room, 24, bold=True, condensed=True, fill=ink)
            below, lines = y + 44, 3
        else:  # a long name takes two lines beside the tag rather than being cut
            paragraph(draw, left + 12, y + 6, name, room, 22, max_lines=2, line_height=24, bold=True,
                      condensed=True, fill=ink)
            below, lines = y + 58, 2
        told = card_name(_, "staff_text", card.id, staff_text(card))
        paragraph(draw, left + 12, below, told, width - 24, 22, max_lines=lines, line_height=26,
                  condensed=True, fill=ink)


def hotel_image(state: GameState, player: PlayerRef, *, language: str = "en") -> Image.Image:
    """The hotel picture as a Pillow image, in `language` (see `hotel_png`).

    Raises:
        KeyError: no such player.
    """
    seat = seat_of(state, player)
    who = state.players[seat]
    height = STAFF_Y + _staff_height(who) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BG)
    image.paste(_base(who.side, language), (0, 0))
    draw = ImageDraw.Draw(image)
    _ = words(language)
    _header(image, draw, state, seat, _)
    _rooms(image, draw, who)
    _cafe(image, draw, who, _)
    _kitchen(image, draw, who, _)
    _staff(image, draw, who, len(who.hand), _)
    return stack(image, entrance_panel(state, seat, WIDTH, MARGIN, _))  # Let's Waltz: entrance, celebrities


def hotel_png(
    state: GameState, player: PlayerRef, *, compress_level: int = 1, palette: bool = True, language: str = "en"
) -> bytes:
    """PNG of one player's hotel: rooms (empty, prepared, occupied) by colour with group outlines, floor costs and
    VP badges; café guests with their orders and what is served; kitchen; krones; Emperor position; staff in play
    (once-per-round cards shown ready or used). `player` is a name or a seat index. Its texts are in `language`
    (the Let's Waltz entrance panel below stays English for now). The state is not changed.

    The PNG is a 256-colour palette image by default (`palette=False`: full colour, bigger and slower);
    `compress_level` is zlib's 0-9.

    Raises:
        KeyError: no such player.
    """
    return png_bytes(hotel_image(state, player, language=language), compress_level, palette)


__all__ = ["hotel_image", "hotel_png", "space_box", "table_box", "vp_shown"]
