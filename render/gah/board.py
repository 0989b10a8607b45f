"""The shared board: round and turn order, action spaces with their dice, the dustbin, the guest display, the
Emperor track, politics cards, Emperor tiles and the VP standings.

`board_png(state)` draws everything; `board_png(state, compact=True)` only what changes every turn (round and
turn order, action board, guest display, standings). The frames, labels and the Emperor track's numbers are
drawn once (`_base`) and copied. `action_space_box`, `display_box`, `emperor_space_box` and
`politics_slot_box` give pixel boxes so tests can probe the picture.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from engine.gah.cards import (
    DISPLAY_COSTS,
    EMPEROR_REWARD_FROM,
    EMPEROR_TRACK_VP,
    ITEMS,
    emperor_thresholds,
    emperor_tiles,
    guests,
    politics,
    politics_vp,
)
from engine.gah.scoring import projected_scores, remaining_scorings
from engine.gah.state import GameState
from engine.gah.waltz.cards import lounge_colors
from render.core.draw import (
    Box,
    check,
    crown,
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
from render.core.lang import ENGLISH, N_, card_name, words
from render.core.theme import (
    BAD,
    BG,
    DARK,
    DONE,
    GOLD,
    GOOD,
    HEADER,
    HIGHLIGHT,
    INK,
    LETTER,
    LINE,
    MUTED,
    PANEL,
    REWARD_SPACE,
    ROOM,
    SLOT,
    STRIPE,
    TRACK,
    USED,
    WHITE,
    font,
)
from render.gah.board_layout import (
    ACTION_H,
    ACTION_Y,
    CARD_TOP,
    CARD_W,
    DISPLAY_H,
    DISPLAY_Y,
    EMPEROR_H,
    EMPEROR_Y,
    HEADER_H,
    INNER,
    MARGIN,
    POLITICS_H,
    POLITICS_Y,
    ROW_H,
    SPACE_W,
    STANDINGS_ROW_H,
    TILES_Y,
    WIDTH,
    action_space_box,
    display_box,
    dustbin_box,
    emperor_space_box,
    politics_slot_box,
    standings_y,
)
from render.gah.common import labels, panel
from render.gah.effect_words import action_lines, describe_all_in, describe_in
from render.gah.waltz import coloured_die, lounge_panel, stack


def _titled(draw: ImageDraw.ImageDraw, box: Box, title: str, note: str) -> None:
    """A panel with a bold title and a muted note after it."""
    panel(draw, box, title)
    x = box[0] + 16 + round(font(26, True).getlength(title)) + 16
    fit_text(draw, (x, box[1] + 14), note, box[2] - x - 12, 22, fill=MUTED)


EmperorZones = tuple[int, int]
"""(penalty_at_most, reward_from): Emperor track spaces, as the markers stand now, that bring the penalty (this space
or lower) and the reward (this space or higher) at the coming Emperor scoring."""

AFTER_MOVING_BACK: EmperorZones = (0, EMPEROR_REWARD_FROM)
"""The zones once a marker has moved back: space 0 the penalty, 3 or higher the reward."""


def emperor_zones(state: GameState, _: Translator = ENGLISH) -> tuple[EmperorZones, str]:
    """The Emperor track's zones for the coming scoring, with a note saying which scoring they are for.

    Before the scoring after round 3 (rounds 1-3) a marker on 3 or lower suffers the penalty and one on 6 or higher
    earns the reward, since the marker moves back 3 spaces first (`engine.gah.cards.emperor_thresholds`); after round 5:
    5 and 8; after round 7: 7 and 10. During a scoring, and once none is left, the zones are those after moving back.
    """
    coming = remaining_scorings(state)
    if state.phase == "emperor":
        return AFTER_MOVING_BACK, _("zones after moving back")
    if not coming:
        return AFTER_MOVING_BACK, _("no scoring left")
    return emperor_thresholds(coming[0]), _("zones at round {round}'s scoring", round=coming[0])


def zone_legend(zones: EmperorZones, _: Translator = ENGLISH) -> list[tuple[str, str]]:
    """The legend of the track's zones: [(zone, label)], e.g. [("penalty", "0-3: penalty"), ("nothing", "4-5:
    nothing"), ("reward", "6+: reward")] before the scoring after round 3."""
    penalty, reward = zones
    nothing = f"{penalty + 1}" if reward - penalty == 2 else f"{penalty + 1}-{reward - 1}"
    return [("penalty", _("{spaces}: penalty", spaces="0" if penalty == 0 else f"0-{penalty}")),
            ("nothing", _("{spaces}: nothing", spaces=nothing)), ("reward", _("{spaces}: reward", spaces=f"{reward}+"))]


def _zone(position: int, zones: EmperorZones) -> str:
    penalty, reward = zones
    return "penalty" if position <= penalty else ("nothing" if position < reward else "reward")


# ----- static layer ------------------------------------------------------------------------------------


@cache
def _base(compact: bool, players: int, zones: EmperorZones = AFTER_MOVING_BACK, zones_note: str = "",
          language: str = "en") -> Image.Image:
    _ = words(language)
    height = standings_y(compact) + 70 + players * STANDINGS_ROW_H + 14 + MARGIN
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    # action board
    _titled(draw, (MARGIN, ACTION_Y, WIDTH - MARGIN, ACTION_Y + ACTION_H), _("Action board"),
            _("strength = dice on the space (+1 for a boost)"))
    for space in range(1, 7):
        left, top, right, bottom = action_space_box(space)
        draw.rounded_rectangle((left, top, right, bottom), radius=10, fill=WHITE, outline=LINE, width=2)
        paste(image, die_face(40, space), (left + right) / 2, top + 28)
        first, second = action_lines(_, space)
        fit_text(draw, ((left + right) / 2, top + 54), first, SPACE_W - 10, 22, bold=True, condensed=True, anchor="ma")
        fit_text(draw, ((left + right) / 2, top + 80), second, SPACE_W - 10, 22, condensed=True, anchor="ma")
    left, top, right, bottom = dustbin_box()
    draw.rounded_rectangle((left, top, right, bottom), radius=10, fill=USED, outline=LINE, width=2)
    fit_label(draw, ((left + right) / 2, top + 10), _("Dustbin"), right - left - 8, 22, bold=True, anchor="ma")
    paste(image, dustbin(56), (left + right) / 2, top + 86)
    # guest display
    _titled(draw, (MARGIN, DISPLAY_Y, WIDTH - MARGIN, DISPLAY_Y + DISPLAY_H), _("Guest display"),
            _("coin = krones to take the guest"))
    if not compact:
        _emperor_base(image, draw, zones, zones_note, _)
        _titled(draw, (MARGIN, POLITICS_Y, WIDTH - MARGIN, POLITICS_Y + POLITICS_H), _("Politics cards"),
                _("VP for the 1st, 2nd and 3rd to claim"))
        _titled(draw, (MARGIN, TILES_Y, WIDTH - MARGIN, TILES_Y + POLITICS_H), _("Emperor tiles"),
                _("spaces as markers stand before it"))
    y = standings_y(compact)
    panel(draw, (MARGIN, y, WIDTH - MARGIN, height - MARGIN), _("Standings"))
    for x, label in _standings_columns()[1:-1]:
        text(draw, (x, y + 16), _(label), 22, fill=MUTED, anchor="ra")
    return image


def _standings_columns() -> list[tuple[int, str]]:
    return [(MARGIN + 110, N_("player")), (500, N_("VP")), (610, N_("krones")), (730, N_("Emperor")),
            (WIDTH - MARGIN - 12, N_("est. final"))]


def _emperor_base(image: Image.Image, draw: ImageDraw.ImageDraw, zones: EmperorZones, note: str,
                  _: Translator) -> None:
    _titled(draw, (MARGIN, EMPEROR_Y, WIDTH - MARGIN, EMPEROR_Y + EMPEROR_H), _("Emperor track"),
            _("VP under each space; {note}", note=note) if note
            else _("VP under each space; scored after rounds 3, 5, 7"))
    x = MARGIN + 16
    y = EMPEROR_Y + 50
    for zone, label in zone_legend(zones, _):
        draw.rectangle((x, y + 4, x + 24, y + 28), fill=TRACK[zone], outline=DARK)
        x += 34 + text(draw, (x + 32, y + 16), label, 22, anchor="lm") + 30
    for position in range(14):
        left, top, right, bottom = emperor_space_box(position)
        zone = _zone(position, zones)
        fill = TRACK[zone] if zone != "reward" else REWARD_SPACE
        draw.rectangle((left, top, right, bottom), fill=fill, outline=DARK, width=2)
        ink = WHITE if zone == "penalty" else INK
        text(draw, (left + 6, top + 4), str(position), 22, bold=True, fill=ink)
        cx = (left + right) / 2
        draw.rounded_rectangle((left + 4, bottom + 8, right - 4, bottom + 40), radius=8, fill=DARK)
        text(draw, (cx, bottom + 25), str(EMPEROR_TRACK_VP[position]), 24, bold=True, fill=WHITE, anchor="mm")


# ----- changing parts ----------------------------------------------------------------------------------


def round_status(state: GameState, _: Translator = ENGLISH) -> str:
    """The round in words for a picture header, in `_`'s language: "Setup", "Round 4 of 7", "Round 5 of 7: Emperor
    scoring", "Game over"."""
    if state.is_over:
        return _("Game over")
    if state.phase == "setup" or state.round == 0:
        return _("Setup")
    if state.phase == "emperor":
        return _("Round {round} of 7: Emperor scoring", round=state.round)
    return _("Round {round} of 7", round=state.round)


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, _: Translator) -> None:
    marks = labels(state)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER)
    text(draw, (MARGIN, 14), round_status(state, _), 38, bold=True)
    seat = state.turn.player if state.turn is not None else state.current_index
    if seat is not None and not state.is_over:
        name = state.players[seat].name
        waiting = state.current_index
        words = _("{player}'s turn", player=name)
        if waiting is not None and waiting != seat:
            words = _("{player}'s turn, {chooser} to choose", player=name, chooser=state.players[waiting].name)
        elif state.turn is None:
            words = _("{player} to choose", player=name)
        shown_w = fit_text(draw, (WIDTH - MARGIN, 34), words, 420, 32, bold=True, anchor="rm")
        paste(image, token(48, seat, marks[seat]), WIDTH - MARGIN - shown_w - 34, 34)
    # turn order: the players by their tile; under each name its turn numbers (covered ones struck out)
    order = sorted(range(len(state.players)), key=lambda i: state.players[i].tile[0] if state.players[i].tile else i)
    slot = (WIDTH - 2 * MARGIN + 12) // max(len(order), 2)
    for k, index in enumerate(order):
        player = state.players[index]
        x = MARGIN + k * slot
        active = index == seat and not state.is_over
        if active:
            draw.rounded_rectangle((x - 6, 70, x + slot - 18, HEADER_H - 8), radius=10, fill=HIGHLIGHT)
        paste(image, token(44, index, marks[index]), x + 22, 110)
        fit_text(draw, (x + 52, 92), player.name, slot - 80, 26, bold=active, anchor="lm")
        numbers_x = x + 52
        for number in player.tile:
            covered = number in player.covered
            w = text(draw, (numbers_x, 130), str(number), 26, bold=True, fill=MUTED if covered else INK,
                     anchor="lm")
            if covered:
                draw.line((numbers_x - 2, 131, numbers_x + w + 2, 129), fill=BAD, width=3)
            numbers_x += w + 14
        passed = state.passed[index] if index < len(state.passed) else False
        if passed and not state.is_over:
            label_w = 20 + round(font(22, True).getlength(_("passed")))
            pill(draw, (numbers_x + 4, 116, numbers_x + 4 + label_w, 144), _("passed"), 22, fill=MUTED)


def _dice(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, _: Translator) -> None:
    for space in range(1, 7):
        left, top, right, bottom = action_space_box(space)
        count = state.dice[space - 1]
        cx = (left + right) / 2
        if count == 0:
            fit_label(draw, (cx, top + 150), _("no dice"), right - left - 8, 22, fill=MUTED, anchor="mm")
            continue
        shown = min(count, 6 if count <= 6 else 5)
        per_row = 3
        colours = colours_on(state, space)  # Let's Waltz module 2: coloured dice first, lettered
        for k in range(shown):
            row, col = divmod(k, per_row)
            in_row = min(per_row, shown - row * per_row)
            x = cx + (col - (in_row - 1) / 2) * 34
            if k < len(colours):  # the sprite carries its letter badge above right: centre the die itself
                paste(image, coloured_die(32, space, colours[k]), x + 5, top + 130 + row * 36 - 5)
            else:
                paste(image, die_face(30, space), x, top + 130 + row * 36)
        if count > shown:
            text(draw, (cx + 34, top + 166), f"+{count - shown}", 22, bold=True, anchor="mm")
        # two lines: "strength 6" in one line needs more than a space's width at the smallest size
        draw.rounded_rectangle((left + 4, bottom - 62, right - 4, bottom - 6), radius=10, fill=DARK)
        fit_text(draw, (cx, bottom - 46), _("strength"), right - left - 12, 22, condensed=True, fill=WHITE, anchor="mm")
        text(draw, (cx, bottom - 22), str(count), 26, bold=True, fill=WHITE, anchor="mm")
    left, top, right, bottom = dustbin_box()
    cx = (left + right) / 2
    text(draw, (cx, top + 160), str(state.dustbin), 40, bold=True, anchor="mm")
    text(draw, (cx, bottom - 27), _.ngettext("die", "dice", state.dustbin), 24, fill=MUTED, anchor="mm")


def colours_on(state: GameState, space: int) -> list[str]:
    """Colours of the Let's Waltz coloured dice on action space `space` (1-6), in lounge order."""
    if state.waltz is None or not state.config.has("celebrities"):
        return []
    colored = state.waltz.celebrities.colored
    return [color for color, where in zip(lounge_colors(), colored, strict=False) if where == space]


@cache
def _guest_card(guest_id: int, language: str = "en") -> Image.Image:
    """A display card without its cost (the same guest looks the same wherever it lies): colour band with letter
    and colour word, name, order, VP and reward words."""
    width, height = CARD_W, DISPLAY_Y + DISPLAY_H - 14 - CARD_TOP
    image = Image.new("RGB", (width, height), PANEL)
    draw = ImageDraw.Draw(image)
    guest = guests()[guest_id]
    _ = words(language)
    color = ROOM[guest.color]
    ink = INK if guest.color == "yellow" else WHITE
    right, bottom = width - 1, height - 1
    draw.rounded_rectangle((0, 0, right, bottom), radius=10, fill=WHITE, outline=LINE, width=2)
    draw.rounded_rectangle((0, 0, right, 52), radius=10, fill=color)
    draw.rectangle((0, 40, right, 52), fill=color)
    text(draw, (10, 26), LETTER[guest.color], 30, bold=True, fill=ink, anchor="lm")
    text(draw, (36, 27), card_name(_, "term", guest.color, guest.color), 22, fill=ink, anchor="lm")
    y = 60
    name = card_name(_, "guest", guest.id, guest.name)
    for line in wrap(name, width - 20, 24, bold=True, condensed=True, hyphenate=True):  # never cut: it is
        text(draw, (10, y), line, 24, bold=True, condensed=True)  # how players find the card
        y += 28
    y = max(y, 116)
    x = 10 + 17
    for item_index, item in enumerate(ITEMS):
        for _copy in range(guest.order[item_index]):
            paste(image, item_icon(item, 34), x, y + 20)
            x += 36
    y += 44
    pill(draw, (10, y, 82, y + 32), _("{vp} VP", vp=guest.vp), 22, fill=DARK)
    paragraph(draw, 10, y + 40, describe_all_in(_, guest.reward), width - 20, 22, max_lines=4, line_height=26,
              condensed=True)
    return image


def _display(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, _: Translator) -> None:
    for position in range(1, 6):
        left, top, right, bottom = display_box(position)
        guest_id = state.display[position - 1] if position - 1 < len(state.display) else None
        if guest_id is None:
            draw.rounded_rectangle((left, top, right, bottom), radius=10, outline=LINE, width=3)
            text(draw, ((left + right) / 2, (top + bottom) / 2), _("empty"), 24, fill=MUTED, anchor="mm")
            continue
        image.paste(_guest_card(guest_id, _.language), (left, top))
        number_coin(image, draw, right - 24, top + 26, DISPLAY_COSTS[position - 1], size=40, text_size=24)


def _emperor_markers(image: Image.Image, state: GameState) -> None:
    marks = labels(state)
    by_space: dict[int, list[int]] = {}
    for index, player in enumerate(state.players):
        by_space.setdefault(min(max(player.emperor, 0), 13), []).append(index)
    for position, seats in by_space.items():
        left, top, right, _bottom = emperor_space_box(position)
        for k, seat in enumerate(seats):
            row, col = divmod(k, 2)
            x = left + 19 + col * 34 if len(seats) > 1 else (left + right) / 2
            y = top + 46 + row * 30 if len(seats) > 2 else top + 58 - (14 if len(seats) == 1 else 0)
            paste(image, token(36, seat, marks[seat]), x, y)


TILES_OFFSET = TILES_Y - POLITICS_Y
"""How far below the politics rows the Emperor tile rows lie (px)."""


@lru_cache(maxsize=32)
def _politics_layer(cards: tuple[int, ...], tiles: tuple[str, ...], language: str = "en") -> Image.Image:
    """Card texts of one game's politics cards (rows from y 0) and Emperor tiles (rows from `TILES_OFFSET`), fixed
    for the whole game."""
    height = TILES_OFFSET + POLITICS_H - 52
    _ = words(language)
    image = Image.new("RGB", (INNER, height), PANEL)
    draw = ImageDraw.Draw(image)
    vps = politics_vp()
    for k, card_id in enumerate(cards):
        card = politics()[card_id]
        top = k * ROW_H
        box = (16, top, INNER - 16, top + ROW_H - 12)
        draw.rounded_rectangle(box, radius=10, fill=WHITE, outline=LINE, width=2)
        pill(draw, (26, top + 10, 64, top + 44), card.pile, 24, fill=DARK)
        told = card_name(_, "politics", card.id, card.text)
        paragraph(draw, 76, top + 10, told, INNER - 76 - 3 * 70 - 44, 24, max_lines=3, line_height=28,
                  condensed=True)
        for place, vp in enumerate(vps[:3]):
            left, slot_top, right, slot_bottom = politics_slot_box(k, place)
            left -= MARGIN
            slot_top -= POLITICS_Y + 52
            right -= MARGIN
            slot_bottom -= POLITICS_Y + 52
            text(draw, ((left + right) / 2, top + 8), str(vp), 24, bold=True, anchor="ma")
            draw.rounded_rectangle((left, slot_top, right, slot_bottom), radius=8, outline=LINE, width=2,
                                   fill=SLOT)
    for k, tile_id in enumerate(tiles):
        tile = emperor_tiles()[tile_id]
        reward, penalty = describe_in(_, tile.reward), describe_in(_, tile.penalty)
        top = TILES_OFFSET + k * ROW_H
        box = (16, top, INNER - 16, top + ROW_H - 12)
        draw.rounded_rectangle(box, radius=10, fill=WHITE, outline=LINE, width=2)
        draw.rounded_rectangle((26, top + 10, 86, top + ROW_H - 22), radius=8, fill=DARK)
        text(draw, (56, top + 40), f"R{(3, 5, 7)[k]}", 30, bold=True, fill=WHITE, anchor="mm")
        text(draw, (56, top + 76), tile.id, 22, fill=WHITE, anchor="mm")
        x = 100
        width = INNER - 30 - x
        paste(image, crown(30), x + 15, top + 26)
        penalty_at_most, reward_from = emperor_thresholds((3, 5, 7)[k])  # as markers stand before this scoring
        paragraph(draw, x + 38, top + 12, f"{reward_from}+: {reward}", width - 38, 22, max_lines=2, line_height=25,
                  condensed=True, fill=GOOD)
        draw.rectangle((x + 4, top + 70, x + 26, top + 92), fill=TRACK["penalty"])
        paragraph(draw, x + 38, top + 64, f"0-{penalty_at_most}: {penalty}", width - 38, 22, max_lines=2,
                  line_height=25, condensed=True, fill=BAD)
    return image


def _politics(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, _: Translator) -> None:
    layer = _politics_layer(tuple(state.politics), tuple(state.emperor_tiles), _.language)
    height = 3 * ROW_H - 10
    image.paste(layer.crop((4, 0, INNER - 4, height)), (MARGIN + 4, POLITICS_Y + 52))
    image.paste(layer.crop((4, TILES_OFFSET, INNER - 4, TILES_OFFSET + height)), (MARGIN + 4, TILES_Y + 52))
    marks = labels(state)
    for k, claims in enumerate(state.politics_claims[:3]):
        for place, seat in enumerate(claims[:3]):
            left, top, right, bottom = politics_slot_box(k, place)
            paste(image, token(48, seat, marks[seat]), (left + right) / 2, (top + bottom) / 2)
    # solo: the opponent's countdown marker ("III", then "II"; at "I" he claims the card)
    if state.solo is not None:
        for k, mark in enumerate(state.solo.countdown[:3]):
            if mark in (2, 3):
                top = POLITICS_Y + 52 + k * ROW_H
                paste(image, token(36, state.solo.seat, marks[state.solo.seat]), MARGIN + 45, top + 68)
                text(draw, (MARGIN + 45, top + 100), "I" * mark, 22, bold=True, anchor="mm")
    # Emperor tiles: mark the scored ones, highlight the next one
    next_round = next((r for r in (3, 5, 7) if r > state.round or (r == state.round and state.phase == "play")), None)
    for k, scoring_round in enumerate((3, 5, 7)):
        top = TILES_Y + 52 + k * ROW_H
        box = (MARGIN + 16, top, WIDTH - MARGIN - 16, top + ROW_H - 12)
        if scoring_round == next_round and not state.is_over:
            draw.rounded_rectangle(box, radius=10, outline=GOLD, width=5)
        elif next_round is None or scoring_round < next_round:
            badge = (box[0] + 10, top + 10, box[0] + 70, top + ROW_H - 22)
            draw.rounded_rectangle(badge, radius=8, fill=DONE)
            text(draw, ((badge[0] + badge[2]) / 2, top + 40), _("R{round}", round=scoring_round), 30, bold=True,
                 fill=WHITE, anchor="mm")
            paste(image, check(40, WHITE), (badge[0] + badge[2]) / 2, top + 78)


def _standings(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, compact: bool,
               _: Translator) -> None:
    marks = labels(state)
    projected = projected_scores(state)
    order = sorted(range(len(state.players)), key=lambda i: (-state.players[i].vp, i))
    y = standings_y(compact) + 52
    columns = _standings_columns()
    text(draw, (columns[-1][0], y - 36), _("final") if state.is_over else _("est. final"), 22, fill=MUTED, anchor="ra")
    for rank, index in enumerate(order):
        player = state.players[index]
        top = y + rank * STANDINGS_ROW_H
        cy = top + STANDINGS_ROW_H // 2
        if rank % 2 == 0:
            draw.rectangle((MARGIN + 10, top, WIDTH - MARGIN - 10, top + STANDINGS_ROW_H), fill=STRIPE)
        text(draw, (MARGIN + 18, cy), f"{rank + 1}.", 26, bold=True, anchor="lm")
        paste(image, token(42, index, marks[index]), MARGIN + 80, cy)
        fit_text(draw, (columns[0][0], cy), player.name, columns[1][0] - columns[0][0] - 80, 28, bold=True,
                 anchor="lm")
        text(draw, (columns[1][0], cy), str(player.vp), 32, bold=True, anchor="rm")
        text(draw, (columns[2][0], cy), str(player.money), 28, anchor="rm")
        text(draw, (columns[3][0], cy), str(player.emperor), 28, anchor="rm")
        text(draw, (columns[4][0], cy), str(projected[player.name].total), 28, fill=MUTED, anchor="rm")


def board_image(state: GameState, *, compact: bool = False, language: str = "en") -> Image.Image:
    """The board picture as a Pillow image, in `language` (see `board_png`)."""
    _ = words(language)
    base = _base(compact, len(state.players), *emperor_zones(state, _), language)
    image = base.copy()
    draw = ImageDraw.Draw(image)
    _header(image, draw, state, _)
    _dice(image, draw, state, _)
    _display(image, draw, state, _)
    if not compact:
        _emperor_markers(image, state)
        _politics(image, draw, state, _)
    _standings(image, draw, state, compact, _)
    return stack(image, lounge_panel(state, WIDTH, MARGIN, _))  # Let's Waltz: lounge and skeleton key


def board_png(
    state: GameState, *, compact: bool = False, compress_level: int = 1, palette: bool = True, language: str = "en"
) -> bytes:
    """PNG of the shared board: round, whose turn and the turn order; action spaces with their dice and strength;
    the dustbin; the guest display with cost, colour, name, order, VP and reward; and the VP standings. The full
    picture (default) adds the Emperor track with every marker and its VP, the politics cards with their markers
    and the Emperor tiles with the round each scores in. Its texts are in `language` (the Let's Waltz lounge panel
    below too). The state is not changed.

    The PNG is a 256-colour palette image by default (`palette=False`: full colour, bigger and slower);
    `compress_level` is zlib's 0-9.
    """
    return png_bytes(board_image(state, compact=compact, language=language), compress_level, palette)


EMPEROR_HEADER_H = 60
"""Height of the Emperor picture's title bar (px)."""


def emperor_image(state: GameState, *, language: str = "en") -> Image.Image:
    """The Emperor picture as a Pillow image (see `emperor_png`): a title bar with the round, then the full board's
    Emperor track, politics cards and Emperor tiles, at the full board's pixel sizes (a box of the full board lies
    `emperor_offset()` px higher here)."""
    _ = words(language)
    full = _base(False, len(state.players), *emperor_zones(state, _), language).copy()  # markers, politics, tiles
    _emperor_markers(full, state)
    _politics(full, ImageDraw.Draw(full), state, _)
    top = EMPEROR_Y - 12  # below the guest display's frame
    part = full.crop((0, top, WIDTH, standings_y(False)))
    image = Image.new("RGB", (WIDTH, EMPEROR_HEADER_H + part.height), BG)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, EMPEROR_HEADER_H), fill=HEADER)
    text(draw, (MARGIN, EMPEROR_HEADER_H // 2), round_status(state, _), 32, bold=True, anchor="lm")
    text(draw, (WIDTH - MARGIN, EMPEROR_HEADER_H // 2), _("Emperor and politics"), 26, fill=MUTED, anchor="rm")
    image.paste(part, (0, EMPEROR_HEADER_H))
    return image


def emperor_offset() -> int:
    """How many px higher a box of the full board (`emperor_space_box`, `politics_slot_box`) lies in
    `emperor_image`: subtract it from both y values."""
    return EMPEROR_Y - 12 - EMPEROR_HEADER_H


def emperor_png(state: GameState, *, compress_level: int = 1, palette: bool = True, language: str = "en") -> bytes:
    """PNG of the Emperor track (every marker, the VP under each space), the politics cards with their markers and
    the Emperor tiles with the round each scores in: the part of the full board below the guest display, so that
    the compact board (`board_png(state, compact=True)`) and this picture together show the whole board at phone
    width, each at most about 1.6 times as high as wide. Its texts are in `language`. The state is not changed."""
    return png_bytes(emperor_image(state, language=language), compress_level, palette)


__all__ = [
    "action_space_box",
    "board_image",
    "board_png",
    "display_box",
    "dustbin_box",
    "emperor_image",
    "emperor_offset",
    "emperor_png",
    "emperor_space_box",
    "politics_slot_box",
]

