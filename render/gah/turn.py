"""The turn post's one picture, designed for a phone: what changes every turn on the board (round, turn order and
standings, action spaces with their dice, the guest display) above the acting player's hotel (rooms labelled
"floor-column" as the panel's buttons name them, café, kitchen, krones, Emperor and VP).

The picture is drawn on a canvas `CANVAS_WIDTH` px wide with every text at least `MIN_FONT` px, then scaled to
`WIDTH` px: the smallest text ends up `MIN_FONT * SCALE` (about 19.6) px high, so shown 390 px wide on a phone it is
still about 9.5 px. The height stays at most `MAX_ASPECT` times the width. Colour is never the only cue: rooms and
guests carry their colour letter, seats their shape and letter, served items are filled, wanted ones outlined.
`turn_room_box(space)` gives a room's box in the final picture, for tests.

Let's Waltz (issue 17): with module 2 a lounge strip below the action spaces gives each die colour's letter, where
that die is, its celebrity's VP, name and effect in short, and a space's coloured dice sit as lettered badges
beside its strength; to stay within `MAX_ASPECT` that layout (`layout_for`) has lower turn order rows, rooms and café
tables (text sizes unchanged). Module 3 adds each player's hotel entrance to the turn order, module 4 the skeleton
key (who holds it, over the turn order and after their turn numbers); the Kaufman entrance's fourth café table
makes four café columns. In solo with module 3 (issue 39) a strip above the player's hotel shows the opponent's
solo entrance and what it holds (the stars track, cogwheel rooms, the opponent's waiting guests), the action
spaces carry Hautel Couture's items and Toll Bridge Hotel's cogwheels, and the display cards Sushi Resort's.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from PIL import Image, ImageDraw

from engine.gah.cards import DISPLAY_COSTS, ITEMS, guests, space_name
from engine.gah.state import GameState
from engine.gah.waltz.cards import celebrities, entrances, lounge_colors
from engine.gah.waltz.state import IN_DUSTBIN, OFF_BOARD
from render.core.draw import (
    cogwheel,
    die_face,
    dustbin,
    fit_label,
    fit_text,
    item_icon,
    number_coin,
    paragraph,
    paste,
    pill,
    png_bytes,
    text,
    token,
    wrap,
)
from render.core.i18n import Translator
from render.core.lang import ENGLISH, N_, card_name
from render.core.lang import words as words_of
from render.core.theme import (
    BAD,
    BG,
    DARK,
    GOLD,
    HEADER,
    HIGHLIGHT,
    INK,
    LETTER,
    LINE,
    MIN_FONT,
    MUTED,
    PANEL,
    ROOM,
    SERVED,
    STRIPE,
    USED,
    WHITE,
    font,
)
from render.gah.board import round_status
from render.gah.common import PlayerRef, labels, seat_of
from render.gah.effect_words import action_lines, describe_all_in
from render.gah.hotel import vp_shown
from render.gah.turn_changes import Changes, gold_frame
from render.gah.turn_couture import couture_guests
from render.gah.turn_hotel import cafe, hotel_grid, hotel_header, kitchen, mark_changed
from render.gah.turn_layout import (
    CANVAS_WIDTH,
    CARD_H,
    GAP,
    HEADER_H,
    INNER,
    LOUNGE_H,
    MARGIN,
    OPPONENT_H,
    SCALE,
    SPACE_H,
    TABLE_HEAD_H,
    WIDTH,
    Layout,
    canvas_height,
    layout_for,
    section_title,
)
from render.gah.waltz import LETTERS, celebrity_short, entrance_short, key_icon

COLUMN_LABELS = {"entrance": N_("entrance"), "turns": N_("turns"), "VP": N_("VP"), "krones": N_("krones"),
                 "Emperor": N_("Emperor")}
"""The turn order table's column heads, translated where they are drawn."""

DIE_LABELS = {"red": N_("red die {where}"), "blue": N_("blue die {where}"), "yellow": N_("yellow die {where}")}
"""Each lounge slot's head: its die's colour and where that die is."""


SOLO_WORDS = {
    "her": (N_("cogwheel guest: +1 K for you, 8 VP for her"),
            N_("Her rooms with cogwheels: {rooms} (filled: to the leftmost guest)"),
            N_("pool {pool}; your die's item goes to her guest")),
    "him": (N_("cogwheel guest: +1 K for you, 8 VP for him"),
            N_("His rooms with cogwheels: {rooms} (filled: to the leftmost guest)"),
            N_("pool {pool}; your die's item goes to his guest")),
}
"""The solo opponent's entrance strip's words by the opponent's pronoun (Elisabeth "her", Leopold "him"; a
language declines them in its own way): Sushi Resort's note and rooms, Hautel Couture's note."""


def _fitting_name(name: str, room: int) -> str:
    """A person's `name` for a line `room` px wide (bold, condensed, at the smallest size): whole when it fits, else
    the surname alone ("Maria Skłodowska-Curie" -> "Skłodowska-Curie"), never cut short."""
    if font(MIN_FONT, True, True).getlength(name) <= room:
        return name
    return name.split()[-1]


def _entrance(_: Translator, entrance: int) -> str:
    """A hotel entrance's name for the turn order: the glossary's, shortened where the English one is long."""
    card = entrances()[entrance]
    name = card_name(_, "entrance", entrance, card.name)
    return entrance_short(card.name) if name == card.name else name


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, seat: int, _: Translator) -> int:
    draw.rectangle((0, 0, CANVAS_WIDTH, HEADER_H), fill=HEADER)
    status_w = text(draw, (MARGIN, HEADER_H // 2), round_status(state, _), 32, bold=True, anchor="lm")
    turn = state.turn.player if state.turn is not None else state.current_index
    if turn is not None and not state.is_over:
        words = _("{player}'s turn", player=state.players[turn].name)
        waiting = state.current_index
        if waiting is not None and waiting != turn:
            words = _("{player}'s turn, {chooser} to choose", player=state.players[turn].name,
                      chooser=state.players[waiting].name)
        room = CANVAS_WIDTH - MARGIN - status_w - MARGIN - 70
        shown = fit_text(draw, (CANVAS_WIDTH - MARGIN, HEADER_H // 2), words, room, 28, bold=True, anchor="rm")
        paste(image, token(42, turn, labels(state)[turn]), CANVAS_WIDTH - MARGIN - shown - 30, HEADER_H // 2)
    return HEADER_H + 8


def _players(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, y: int, layout: Layout,
             _: Translator) -> int:
    """Turn order and standings in one table: one row per player in turn order. With Let's Waltz module 3 each
    row names the player's hotel entrance; with module 4 the skeleton key's holder has a key after their turn
    numbers and the table's head says who holds it."""
    marks = labels(state)
    row_h = layout.row_h
    if layout.entrances:
        columns = {"entrance": 228, "turns": 406, "VP": 640, "krones": 750, "Emperor": CANVAS_WIDTH - MARGIN - 10}
    else:
        columns = {"turns": 330, "VP": 610, "krones": 730, "Emperor": CANVAS_WIDTH - MARGIN - 10}
    for label, x in columns.items():
        text(draw, (x, y + 4), _(COLUMN_LABELS[label]), 22, fill=MUTED,
             anchor="la" if label in ("turns", "entrance") else "ra")
    waltz = state.waltz
    holder = waltz.start_player.key if waltz is not None and layout.key else None
    if layout.key:
        paste(image, key_icon(30), MARGIN + 20, y + 16)
        room = min(columns.values()) - MARGIN - 50
        words = _("key: not taken") if holder is None else _("key: {player}", player=state.players[holder].name)
        if font(22, holder is not None, True).getlength(words) > room:  # never cut: the holder's row has the key
            words = _("key: see below")
        text(draw, (MARGIN + 40, y + 4), words, 22, bold=holder is not None, condensed=True,
             fill=INK if holder is not None else MUTED)
    y += TABLE_HEAD_H
    order = sorted(range(len(state.players)), key=lambda i: state.players[i].tile[0] if state.players[i].tile else i)
    turn = state.turn.player if state.turn is not None else state.current_index
    name_right = min(columns.values()) - 10
    for row, index in enumerate(order):
        player = state.players[index]
        top = y + row * row_h
        cy = top + row_h // 2
        active = index == turn and not state.is_over
        fill = HIGHLIGHT if active else (STRIPE if row % 2 == 0 else BG)
        draw.rounded_rectangle((MARGIN, top + 1, CANVAS_WIDTH - MARGIN, top + row_h - 1), radius=8, fill=fill)
        paste(image, token(36 if row_h >= 42 else 32, index, marks[index]), MARGIN + 26, cy)
        fit_text(draw, (MARGIN + 52, cy), player.name, name_right - MARGIN - 52, 26, bold=active, anchor="lm")
        if layout.entrances:
            entrance = player.entrance
            words = _entrance(_, entrance) if entrance is not None else "-"
            fit_text(draw, (columns["entrance"], cy), words, columns["turns"] - columns["entrance"] - 10, 22,
                     condensed=True, fill=INK if entrance is not None else MUTED, anchor="lm")
        x = columns["turns"]
        for number in player.tile:
            covered = number in player.covered
            width = text(draw, (x, cy), str(number), 26, bold=True, fill=MUTED if covered else INK, anchor="lm")
            if covered:
                draw.line((x - 2, cy + 1, x + width + 2, cy - 1), fill=BAD, width=3)
            x += width + 14
        if holder == index:
            paste(image, key_icon(30), x + 12, cy)
            x += 32
        if state.passed[index] if index < len(state.passed) else False:
            label = _("passed")
            pill(draw, (x + 2, cy - 14, x + max(96, 8 + round(font(22, True).getlength(label))), cy + 14), label, 22,
                 fill=MUTED)
        text(draw, (columns["VP"], cy), str(vp_shown(state, index)), 28, bold=True, anchor="rm")
        text(draw, (columns["krones"], cy), str(player.money), 26, anchor="rm")
        text(draw, (columns["Emperor"], cy), str(player.emperor), 26, anchor="rm")
    return y + len(order) * row_h + GAP


def _actions(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, y: int,
             taken: frozenset[int] = frozenset(), legend: bool = False, _: Translator = ENGLISH) -> int:
    """The six action spaces with their dice and strength, and the dustbin; the spaces in `taken` (1-6: the
    acting player took a die there) framed in gold. `legend`: the note also says what a gold frame means (the
    picture frames something)."""
    note = _("strength = dice on the space; gold frame = new") if legend else _("strength = dice on the space")
    y = section_title(draw, y, _("Action spaces"), note)
    width = (INNER - 6 * 8) // 7
    for space in range(1, 8):
        left = MARGIN + (space - 1) * (width + 8)
        box = (left, y, left + width, y + SPACE_H)
        cx = left + width / 2
        if space == 7:
            draw.rounded_rectangle(box, radius=10, fill=USED, outline=LINE, width=2)
            fit_label(draw, (cx, y + 8), _("Dustbin"), width - 6, 22, bold=True, anchor="ma")
            paste(image, dustbin(40), cx, y + 64)
            text(draw, (cx, y + 116), str(state.dustbin), 30, bold=True, anchor="mm")
            text(draw, (cx, y + 146), _.ngettext("die", "dice", state.dustbin), 22, fill=MUTED, anchor="mm")
            continue
        count = state.dice[space - 1]
        draw.rounded_rectangle(box, radius=10, fill=WHITE, outline=LINE, width=2)
        if _space_tokens(image, draw, state, space, left + width, y):  # a token in the corner: a smaller die
            paste(image, die_face(28, space), left + 20, y + 24)
            text(draw, (left + 38, y + 24), f"×{count}", 24, bold=True, fill=INK if count else MUTED, anchor="lm")
        else:
            paste(image, die_face(34, space), left + 24, y + 24)
            text(draw, (left + 46, y + 24), f"×{count}", 28, bold=True, fill=INK if count else MUTED, anchor="lm")
        first, second = action_lines(_, space)
        fit_text(draw, (left + 6, y + 46), _(first), width - 10, 22, bold=True, condensed=True)
        fit_text(draw, (left + 6, y + 71), _(second), width - 10, 22, condensed=True)
        colours = _coloured_on(state, space)
        if count and colours:  # Let's Waltz module 2: the coloured dice by letter beside the strength
            draw.rounded_rectangle((left + 5, y + SPACE_H - 64, left + width - 5, y + SPACE_H - 6), radius=8,
                                   fill=DARK)
            fit_text(draw, (cx, y + SPACE_H - 60), _("strength"), width - 12, 22, condensed=True, fill=WHITE,
                     anchor="ma")
            number_w = font(28, True).getlength(str(count))
            badge, step = (24, 27) if number_w + 6 + 27 * len(colours) <= width - 14 else (22, 23)
            x = cx - (number_w + 6 + step * len(colours) - (step - badge)) / 2
            text(draw, (x, y + SPACE_H - 22), str(count), 28, bold=True, fill=WHITE, anchor="lm")
            x += number_w + 6
            for color in colours:
                draw.rounded_rectangle((x, y + SPACE_H - 22 - badge / 2, x + badge, y + SPACE_H - 22 + badge / 2),
                                       radius=5, fill=ROOM[color], outline=WHITE, width=2)
                text(draw, (x + badge / 2, y + SPACE_H - 22), LETTERS[color], 22, bold=True, condensed=badge < 24,
                     fill=INK if color == "yellow" else WHITE, anchor="mm")
                x += step
        elif count:
            draw.rounded_rectangle((left + 5, y + SPACE_H - 64, left + width - 5, y + SPACE_H - 6), radius=8,
                                   fill=DARK)
            fit_text(draw, (cx, y + SPACE_H - 60), _("strength"), width - 12, 22, condensed=True, fill=WHITE,
                     anchor="ma")
            text(draw, (cx, y + SPACE_H - 22), str(count), 28, bold=True, fill=WHITE, anchor="mm")
        else:
            fit_label(draw, (cx, y + SPACE_H - 36), _("no dice"), width - 10, 22, fill=MUTED, anchor="mm")
        if space in taken:
            gold_frame(draw, box)
    return y + SPACE_H + GAP


def _space_tokens(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, space: int, right: int,
                  y: int) -> bool:
    """Module 3 in solo: Hautel Couture's item (filled: it is there to take) or Toll Bridge Hotel's cogwheels (with
    their count) in the space's top right corner; whether there was one."""
    hotel = state.waltz.unique_hotels.solo_hotel if state.waltz is not None else None
    if hotel is None:
        return False
    item = hotel.items[space - 1]
    if item >= 0:
        draw.ellipse((right - 30, y + 10, right - 2, y + 38), fill=SERVED)
        paste(image, item_icon(ITEMS[item], 24), right - 16, y + 24)
    tolls = hotel.tolls[space - 1]
    if tolls:
        paste(image, cogwheel(38, hole=0.3), right - 20, y + 24)
        text(draw, (right - 20, y + 25), str(tolls), 22, bold=True, condensed=True, anchor="mm")
    return item >= 0 or tolls > 0


def _opponent_entrance(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, y: int,
                       layout: Layout, _: Translator = ENGLISH) -> int:
    """Module 3 in solo: the opponent's solo entrance and what it holds, in a strip above the player's hotel: the
    stars track (9 spaces in rows III, II, I, and the VP it brings now), the cogwheel rooms, or the guests waiting
    in the opponent's café (what each still wants, and the reserved room); the tokens on action spaces and guests
    are drawn there."""
    hotel = state.waltz.unique_hotels.solo_hotel if state.waltz is not None else None
    if not layout.opponent_h or hotel is None or state.solo is None:
        return y
    opponent = state.players[state.solo.seat]
    entrance = entrances()[opponent.entrance] if opponent.entrance is not None else None
    bottom = y + OPPONENT_H
    draw.rounded_rectangle((MARGIN, y, CANVAS_WIDTH - MARGIN, bottom), radius=10, fill=PANEL, outline=LINE, width=2)
    paste(image, cogwheel(30), MARGIN + 22, y + 20)
    name = card_name(_, "entrance", entrance.id, entrance.name) if entrance is not None else _("no entrance")
    title_w = fit_text(draw, (MARGIN + 42, y + 7), _("{player}: {entrance}", player=opponent.name, entrance=name),
                       380, 24, bold=True)
    x, line_y = MARGIN + 42 + title_w + 14, y + 9
    key = entrance.key if entrance is not None else ""
    note = ""
    him = state.config.opponent_pronoun("object")
    if key == "nine_stars_inn":
        for row, label in enumerate(("III", "II", "I")):
            text(draw, (x, y + 20), label, 22, bold=True, fill=MUTED, anchor="lm")
            x += 30
            for cell in range(3):
                draw.rounded_rectangle((x, y + 6, x + 28, y + 34), radius=5, fill=WHITE, outline=LINE, width=2)
                if row * 3 + cell < hotel.stars:
                    paste(image, cogwheel(26), x + 14, y + 20)
                x += 32
            x += 8
        vp = (0, 5, 10, 15)[-(-hotel.stars // 3)]
        words = _("{stars}/9 now: {vp} VP each Emperor scoring; your full floor or column takes one off",
                  stars=hotel.stars, vp=vp)
    elif key == "sushi_resort":
        rooms = ", ".join(space_name(s) for s in hotel.cogwheel_rooms) or _("none left")
        note = _(SOLO_WORDS[him][0])
        words = _(SOLO_WORDS[him][1], rooms=rooms)
    elif key == "hautel_couture":
        note = _(SOLO_WORDS[him][2], pool=sum(hotel.pool))
        words = "" if couture_guests(image, draw, opponent, hotel.reserved, y + 48,
                                     (MARGIN + 12, CANVAS_WIDTH - MARGIN - 12), _) else _("No guest waits")
    else:
        note = _("a space with cogwheels costs you 1 krone")
        words = _("{player} scores 1 VP per cogwheel on the space you use, then one of them goes",
                  player=opponent.name)
    if note:
        fit_text(draw, (x, line_y), note, CANVAS_WIDTH - MARGIN - 12 - x, 22, condensed=True, fill=MUTED)
    if words:
        paragraph(draw, MARGIN + 12, y + 36, words, INNER - 24, 22, max_lines=1, line_height=24, condensed=True)
    return y + layout.opponent_h


def _coloured_on(state: GameState, space: int) -> list[str]:
    """The colours of the Let's Waltz coloured dice on action space `space`, in lounge order (none without
    module 2)."""
    if state.waltz is None or not state.config.has("celebrities"):
        return []
    colored = state.waltz.celebrities.colored
    return [color for color, where in zip(lounge_colors(), colored, strict=False) if where == space]


def _where(state: GameState, slot: int, _: Translator) -> str:
    """Where lounge slot `slot`'s coloured die is, in a few words."""
    assert state.waltz is not None
    where = state.waltz.celebrities.colored[slot] if slot < len(state.waltz.celebrities.colored) else OFF_BOARD
    if 1 <= where <= 6:
        return _("on space {space}", space=where)
    if where == IN_DUSTBIN:
        return _("- dustbin")
    if where == OFF_BOARD:
        return _("taken")
    return _("to roll")


def _lounge(draw: ImageDraw.ImageDraw, state: GameState, y: int, layout: Layout, _: Translator = ENGLISH) -> int:
    """Let's Waltz module 2: the lounge, one slot per die colour: the colour's letter and where its die is, the VP
    its celebrity scores now, the celebrity's name and what it does this round (in short; `/gah card` has it in
    full), or that it was taken this round."""
    waltz = state.waltz
    if not layout.lounge_h or waltz is None:
        return y
    slots = len(lounge_colors())
    width = (INNER - (slots - 1) * 8) // slots
    for slot, color in enumerate(lounge_colors()):
        left = MARGIN + slot * (width + 8)
        right, bottom = left + width, y + LOUNGE_H
        celebrity = waltz.celebrities.lounge[slot] if slot < len(waltz.celebrities.lounge) else None
        draw.rounded_rectangle((left, y, right, bottom), radius=10, fill=WHITE if celebrity is not None else USED,
                               outline=LINE, width=2)
        draw.rounded_rectangle((left, y, right, y + 34), radius=10, fill=ROOM[color])
        draw.rectangle((left, y + 22, right, y + 34), fill=ROOM[color])
        ink = INK if color == "yellow" else WHITE
        label = _(DIE_LABELS[color], where=_where(state, slot, _))
        fit_text(draw, (left + 8, y + 17), f"{LETTERS[color]} {label}", width - 14, 22,
                 bold=True, condensed=True, fill=ink, anchor="lm")
        if celebrity is None:
            fit_label(draw, (left + 12, y + 40), _("celebrity taken"), width - 20, 22, fill=MUTED)
            fit_label(draw, (left + 12, y + 64), _("this round"), width - 20, 22, fill=MUTED)
            continue
        vp = waltz.celebrities.chits[slot] if slot < len(waltz.celebrities.chits) else 1
        pill(draw, (right - 66, y + 40, right - 6, y + 64), _("{vp} VP", vp=vp), 22, fill=GOLD if vp > 1 else DARK,
             ink=INK if vp > 1 else WHITE)
        card = celebrities()[celebrity]
        fit_text(draw, (left + 10, y + 38), _fitting_name(card_name(_, "celebrity", card.id, card.name), width - 82),
                 width - 82, 24, bold=True, condensed=True)
        fit_text(draw, (left + 10, y + 64), _(celebrity_short(card.name)), width - 20, 22, condensed=True)
    return y + layout.lounge_h


@cache
def _guest_card(guest_id: int, width: int, language: str = "en") -> Image.Image:
    """A display card at `width` px: colour band with letter, name, order, VP and reward (cost drawn apart)."""
    image = Image.new("RGB", (width, CARD_H), PANEL)
    draw = ImageDraw.Draw(image)
    guest = guests()[guest_id]
    _ = words_of(language)
    ink = INK if guest.color == "yellow" else WHITE
    draw.rounded_rectangle((0, 0, width - 1, CARD_H - 1), radius=10, fill=WHITE, outline=LINE, width=2)
    draw.rounded_rectangle((0, 0, width - 1, 42), radius=10, fill=ROOM[guest.color])
    draw.rectangle((0, 30, width - 1, 42), fill=ROOM[guest.color])
    text(draw, (10, 22), LETTER[guest.color], 28, bold=True, fill=ink, anchor="lm")
    lines = name_lines(card_name(_, "guest", guest.id, guest.name), width - 16)
    face = font(22, True, True)
    for k, line in enumerate(lines):
        draw.text((8, 48 + 25 * k), line, font=face, fill=INK)
    y = max(48 + 25 * len(lines), 98)
    icons = sum(guest.order)
    step = min(36, (width - 16) // max(icons, 1))
    x = 8 + step // 2
    for item_index, item in enumerate(ITEMS):
        for _copy in range(guest.order[item_index]):
            paste(image, item_icon(item, min(34, step), hollow=False), x, y + 18)
            x += step
    y += 42
    pill(draw, (8, y, 78, y + 30), _("{vp} VP", vp=guest.vp), 22, fill=DARK)
    paragraph(draw, 8, y + 36, describe_all_in(_, guest.reward), width - 16, 22, max_lines=5 - len(lines),
              line_height=24, condensed=True)
    return image


def name_lines(name: str, width: int) -> list[str]:
    """A guest's name in bold condensed 22-px lines no wider than `width`: whole words where they fit, a word too
    long for one line split with a hyphen (never cut short: the name is how players find the card)."""
    return wrap(name, width, 22, bold=True, condensed=True, hyphenate=True)


def _display(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, y: int, _: Translator = ENGLISH) -> int:
    y = section_title(draw, y, _("Guest display"), _("coin = krones to take the guest"))
    width = (INNER - 4 * 8) // 5
    for position in range(5):
        left = MARGIN + position * (width + 8)
        guest_id = state.display[position] if position < len(state.display) else None
        if guest_id is None:
            draw.rounded_rectangle((left, y, left + width, y + CARD_H), radius=10, outline=LINE, width=3)
            fit_label(draw, (left + width / 2, y + CARD_H / 2), _("empty"), width - 10, 22, fill=MUTED, anchor="mm")
            continue
        image.paste(_guest_card(guest_id, width, _.language), (left, y))
        number_coin(image, draw, left + width - 22, y + 21, DISPLAY_COSTS[position], size=36, text_size=22)
        hotel = state.waltz.unique_hotels.solo_hotel if state.waltz is not None else None
        tokens = hotel.cogwheel_guests.count(guest_id) if hotel is not None else 0
        if tokens:  # Sushi Resort (module 3 in solo): 1 krone more for you, 8 VP for the opponent
            paste(image, cogwheel(36), left + width - 62, y + 21)
            if tokens > 1:
                text(draw, (left + width - 62, y + 22), str(tokens), 22, bold=True, anchor="mm")
    return y + CARD_H + GAP


# ----- the acting player's hotel -----------------------------------------------------------------------------


def turn_canvas(state: GameState, player: PlayerRef, *, changed: Iterable[int] = (),
                marks: Changes | None = None, language: str = "en") -> Image.Image:
    """The turn picture at canvas size (`CANVAS_WIDTH` wide, before scaling; see `turn_png`), its texts in
    `language` ("en", "pl", "de").

    Raises:
        KeyError: no such player.
    """
    seat = seat_of(state, player)
    who = state.players[seat]
    layout = layout_for(state.config.modules, state.solo is not None)
    image = Image.new("RGB", (CANVAS_WIDTH, canvas_height(len(state.players), layout)), BG)
    draw = ImageDraw.Draw(image)
    _ = words_of(language)
    y = _header(image, draw, state, seat, _)
    y = _players(image, draw, state, y, layout, _)
    marks = marks or Changes()
    changed = frozenset(changed)
    framed = bool(marks.spaces or marks.rooms or marks.tables or changed)
    y = _actions(image, draw, state, y, marks.spaces, legend=framed, _=_)
    y = _lounge(draw, state, y, layout, _)
    y = _display(image, draw, state, y, _)
    y = _opponent_entrance(image, draw, state, y, layout, _)
    y = hotel_header(image, draw, state, seat, y, _)
    grid_top = y
    hotel_grid(image, draw, who, y, layout.cell_h)
    mark_changed(draw, changed | marks.rooms, y, layout.cell_h)
    y += layout.grid_h + GAP
    kitchen(image, draw, who, grid_top, layout.grid_h, _)
    cafe(image, draw, who, y, layout.cafe_h, marks.tables, _)
    return image


def turn_image(state: GameState, player: PlayerRef, *, changed: Iterable[int] = (),
               marks: Changes | None = None, language: str = "en") -> Image.Image:
    """The turn picture as a Pillow image, `WIDTH` px wide, in `language` (see `turn_png`).

    Raises:
        KeyError: no such player.
    """
    canvas = turn_canvas(state, player, changed=changed, marks=marks, language=language)
    size = (WIDTH, round(canvas.height * SCALE))
    # bilinear (antialiased when shrinking): at this mild factor as sharp as Lanczos and less than half the time
    return canvas.resize(size, Image.Resampling.BILINEAR)


def turn_png(state: GameState, player: PlayerRef, *, changed: Iterable[int] = (), marks: Changes | None = None,
             compress_level: int = 1, palette: bool = True, language: str = "en") -> bytes:
    """PNG of a turn post's one picture, for a phone: round and whose turn; turn order with every player's VP,
    krones and Emperor position; the action spaces with their dice and strength and the dustbin; the guest display
    with costs, orders, VP and rewards; then the hotel of `player` (a name or seat index; the acting player):
    krones, Emperor and VP, the room grid with each room named "floor-column" as the panel's buttons name it,
    floor costs, VP badges and group borders, the kitchen, staff counts and the café with orders and what is served.
    `changed` names hotel spaces (0-19) to frame in gold, e.g. `rooms_changed(events, name)` of the turn's events;
    `marks` (`changes_of` the post's events) frames those rooms, the action spaces of the dice taken and the café
    tables served. Every text is in `language` ("en", "pl" or "de"; `render.core.lang`), the cards named as the
    glossary names them.

    `WIDTH` (800) px wide and at most `MAX_ASPECT` times as high; the smallest text is `SMALLEST_TEXT` (about
    19.6) px. The full board stays `render.board_png`. The state is not changed.

    Raises:
        KeyError: no such player.
    """
    return png_bytes(turn_image(state, player, changed=changed, marks=marks, language=language), compress_level,
                     palette)


__all__ = ["name_lines", "turn_canvas", "turn_image", "turn_png"]
