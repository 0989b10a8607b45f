"""Pictures of the Let's Waltz modules (issue 17): coloured dice, the lounge with its celebrities and chits, the
skeleton key (board), and a player's hotel entrance with what it holds (hotel).

Colour is never the only cue: a coloured die carries its colour's letter (R, B, Y) in a white badge, and each
lounge slot names its colour. `lounge_panel` and `entrance_panel` return None when the module is not in play,
so pictures of other games stay as they were.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engine.gah.cards import ITEMS, emperor_tiles, guests, politics, space_name
from engine.gah.state import GameState
from engine.gah.waltz.cards import celebrities, entrances, lounge_colors
from render.core.draw import die_face, fit_label, fit_text, paragraph, paste, pill, text, token, wrap
from render.core.i18n import Translator
from render.core.lang import ENGLISH, N_, card_name
from render.core.plural import count
from render.core.theme import BG, DARK, GOLD, GOOD, INK, LINE, MUTED, ROOM, USED, WHITE, font
from render.gah.common import labels, panel
from render.gah.effect_words import describe_in

LOUNGE_H = 310
LETTERS = {"red": "R", "blue": "B", "yellow": "Y"}

CELEBRITY_SHORT = {
    "Agatha Christie": N_("Emperor step: staff 2 K off"),
    "Albert Einstein": N_("once: swap up to 4 items"),
    "Charlie Chaplin": N_("scoring VP: 2 VP more"),
    "Elizabeth Magie": N_("krones in: a room 1 K less"),
    "J.R.R. Tolkien": N_("+2 VP per room occupied"),
    "Mahatma Gandhi": N_("preparing rooms is free"),
    "Marie Curie": N_("after staff: 2 free items"),
    "Sigmund Freud": N_("a guest may lack 1 item"),
    "Winston Churchill": N_("Emperor: 1 step more"),
}
"""A celebrity's effect in a few of our words, for the turn picture's lounge (the card text is in `/gah card`)."""

ENTRANCE_SHORT = {
    "Corogari Zant-Mainz": "Corogari",
    "The Grand Wray Hotel": "Grand Wray",
    "The Kozi Palace, Vienna": "Kozi Palace",
}
"""Short names of the hotel entrances whose full name is long, for the turn picture's turn order."""


def celebrity_short(name: str) -> str:
    """A celebrity's effect in a few words (its full text if we have no short one)."""
    return CELEBRITY_SHORT.get(name) or next((c.text for c in celebrities().values() if c.name == name), name)


def entrance_short(name: str) -> str:
    """A hotel entrance's name, shortened where it is long."""
    return ENTRANCE_SHORT.get(name, name)


@cache
def coloured_die(size: int, face: int, color: str) -> Image.Image:
    """A die of `color` showing `face`, with its colour letter in a white corner badge."""
    pip = INK if color == "yellow" else WHITE
    r = 14
    image = Image.new("RGBA", (size + r, size + r), (0, 0, 0, 0))
    image.alpha_composite(die_face(size, face, fill=ROOM[color], pip=pip).convert("RGBA"), (0, r))
    draw = ImageDraw.Draw(image)
    draw.ellipse((size - r, 0, size + r - 1, 2 * r - 1), fill=(255, 255, 255, 255), outline=(*INK, 255), width=2)
    text(draw, (size, r), LETTERS[color], 22, bold=True, fill=INK, anchor="mm")
    return image


def has_lounge(state: GameState) -> bool:
    """Whether the board shows the Let's Waltz panel (module 2 or module 4 in play)."""
    return state.waltz is not None and (state.config.has("celebrities") or state.config.has("start_player"))


def lounge_panel(state: GameState, width: int, margin: int, _: Translator = ENGLISH) -> Image.Image | None:
    """The lounge (three celebrities with their VP and colour, or who took them) and the skeleton key, in `_`'s
    language."""
    waltz = state.waltz
    if waltz is None or not has_lounge(state):
        return None
    image = Image.new("RGB", (width, LOUNGE_H + 14), BG)
    draw = ImageDraw.Draw(image)
    marks = labels(state)
    module2 = state.config.has("celebrities")
    key_w = min(250, width // 4) if state.config.has("start_player") else 0
    right = width - margin - (key_w + 14 if key_w else 0)
    if module2:
        title = _("Lounge")
        top = panel(draw, (margin, 0, right, LOUNGE_H), title)
        note_x = max(margin + 136, margin + 26 + round(font(26, True).getlength(title)))
        fit_text(draw, (note_x, 14), _("coloured die: its celebrity (VP, effect)"), right - 16 - note_x, 22,
                 fill=MUTED)
        slots = len(lounge_colors())
        slot_w = (right - margin - 32 - (slots - 1) * 12) // slots
        for slot, color in enumerate(lounge_colors()):
            left = margin + 16 + slot * (slot_w + 12)
            box = (left, top, left + slot_w, LOUNGE_H - 50)
            celebrity = waltz.celebrities.lounge[slot] if slot < len(waltz.celebrities.lounge) else None
            draw.rounded_rectangle(box, radius=10, fill=WHITE if celebrity is not None else USED, outline=LINE,
                                   width=2)
            draw.rounded_rectangle((left, top, left + slot_w, top + 40), radius=10, fill=ROOM[color])
            draw.rectangle((left, top + 28, left + slot_w, top + 40), fill=ROOM[color])
            ink = INK if color == "yellow" else WHITE
            colour = card_name(_, "term", color, color)  # a longer colour word goes without its letter
            forms = [f"{LETTERS[color]} · {colour}", colour, LETTERS[color]]
            head = next((f for f in forms if font(22, True, True).getlength(f) <= slot_w - 60), forms[-1])
            fit_label(draw, (left + 10, top + 20), head, slot_w - 60, 22, bold=True, fill=ink, anchor="lm")
            where = waltz.celebrities.colored[slot] if slot < len(waltz.celebrities.colored) else 0
            if 1 <= where <= 6:
                paste(image, coloured_die(34, where, color), left + slot_w - 26, top + 20)
            if celebrity is None:
                paragraph(draw, left + 12, top + 56, _("taken this round"), slot_w - 24, 22, fill=MUTED)
                continue
            card = celebrities()[celebrity]
            vp = waltz.celebrities.chits[slot]
            pill(draw, (left + 10, top + 48, left + 72, top + 80), _("{vp} VP", vp=vp), 22,
                 fill=GOLD if vp > 1 else DARK, ink=INK if vp > 1 else WHITE)
            name = card_name(_, "celebrity", card.id, card.name)
            names = wrap(name, slot_w - 92, 22, bold=True, condensed=True, hyphenate=True)
            for k, line in enumerate(names):
                text(draw, (left + 82, top + 50 + 25 * k), line, 22, bold=True, condensed=True)
            # the effect in short, as on the turn picture (`/gah card` has the whole text), below the name
            paragraph(draw, left + 12, max(top + 102, top + 54 + 25 * len(names)), _(celebrity_short(card.name)),
                      slot_w - 24, 22, max_lines=4, line_height=25, condensed=True)
        held = [(i, c) for i, player in enumerate(state.players) for c in player.celebrities]
        if held:
            words = ", ".join(f"{state.players[i].name}: {card_name(_, 'celebrity', c, celebrities()[c].name)}"
                              for i, c in held)
            paragraph(draw, margin + 16, LOUNGE_H - 42, _("This round: {held}", held=words), right - margin - 32, 22,
                      max_lines=1, line_height=25, condensed=True, fill=INK)
    if key_w:
        left = width - margin - key_w
        top = panel(draw, (left, 0, width - margin, LOUNGE_H), _("Skeleton key"))
        paste(image, key_icon(64), left + key_w // 2, top + 40)
        if waltz.start_player.key is None:
            paragraph(draw, left + 14, top + 84, _("On the board: take it instead of a die to start next round."),
                      key_w - 28, 22, max_lines=4, line_height=25, condensed=True)
        else:
            paste(image, token(40, waltz.start_player.key, marks[waltz.start_player.key]), left + 34, top + 104)
            taker = state.players[waltz.start_player.key].name
            paragraph(draw, left + 62, top + 88, _("{player} starts next round", player=taker),
                      key_w - 76, 22, max_lines=3, line_height=25, bold=True, condensed=True, fill=GOOD)
    return image


@cache
def key_icon(size: int) -> Image.Image:
    """A skeleton key: a ring bow, a shaft and two bits."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    color = (*GOLD, 255)
    outline = (*INK, 255)
    r = size * 0.2
    cy = size / 2
    draw.ellipse((2, cy - r, 2 + 2 * r, cy + r), outline=outline, fill=color, width=max(2, size // 16))
    draw.ellipse((2 + r * 0.6, cy - r * 0.4, 2 + r * 1.4, cy + r * 0.4), fill=(0, 0, 0, 0), outline=outline,
                 width=2)
    draw.rectangle((2 + 2 * r - 2, cy - size * 0.06, size - 4, cy + size * 0.06), fill=color, outline=outline,
                   width=2)
    for x in (size * 0.72, size * 0.86):
        draw.rectangle((x, cy, x + size * 0.08, cy + size * 0.2), fill=color, outline=outline, width=2)
    return image


def entrance_panel(state: GameState, seat: int, width: int, margin: int, _: Translator = ENGLISH
                   ) -> Image.Image | None:
    """The player's hotel entrance: name, effect, and what it holds (Grand Wray's tiles, Ninas Melange's
    objectives, the Kaufman pile and its 4th café table), plus the celebrities the player took this round, in `_`'s
    language (names and texts from the glossary)."""
    waltz = state.waltz
    if waltz is None:
        return None
    entrance = state.players[seat].entrance
    held = state.players[seat].celebrities
    if entrance is None and not held:
        return None
    lines: list[tuple[str, bool]] = []
    if entrance is not None:
        card = entrances()[entrance]
        lines.append((card_name(_, "entrance_text", entrance, card.text), False))
        hotel = waltz.unique_hotels
        if hotel.wray_tiles[seat]:
            words = "; ".join(f"{t}: {describe_in(_, emperor_tiles()[t].reward)}" for t in hotel.wray_tiles[seat])
            lines.append((_("Tiles to claim: {tiles}", tiles=words), False))
        if hotel.personal[seat]:
            words = "; ".join(_("done: {objective}", objective=_politics_text(_, c)) if c in hotel.personal_done[seat]
                              else _politics_text(_, c) for c in hotel.personal[seat])
            lines.append((_("Personal objectives: {objectives}", objectives=words), False))
        if hotel.kaufman_pile[seat]:
            pile = count(len(hotel.kaufman_pile[seat]), "guest", language=_.language)
            lines.append((_("Kaufman pile: {guests} this round", guests=pile), False))
        if card.solo and hotel.solo_hotel is not None:  # the solo opponent's entrance (module 3 in solo)
            lines.append((solo_hotel_status(state, card.key, _), True))
        cafe = state.players[seat].cafe
        if len(cafe) > 3:
            table = cafe[3]
            if table.guest is None:
                lines.append((_("Table 4: empty"), True))
            else:
                guest = guests()[table.guest]
                missing = sum(guest.order) - sum(table.served)
                lines.append((_("Table 4: {guest} ({colour}, {vp} VP), wants {more} more",
                                guest=card_name(_, "guest", table.guest, guest.name),
                                colour=card_name(_, "term", guest.color, guest.color), vp=guest.vp, more=missing),
                              True))
    for celebrity in held:
        told = celebrities()[celebrity]
        lines.append((_("Celebrity this round: {celebrity}: {effect}",
                        celebrity=card_name(_, "celebrity", celebrity, told.name),
                        effect=card_name(_, "celebrity_text", celebrity, told.text)), False))
    room = width - 2 * margin - 32
    rows = sum(len(wrap(line, room, 22, bold=bold, condensed=True)) for line, bold in lines)
    height = 60 + 26 * rows + 4 * len(lines) + 24  # every line whole: the panel grows with its text
    image = Image.new("RGB", (width, height + 16), BG)
    draw = ImageDraw.Draw(image)
    title = (_("Hotel entrance: {entrance}", entrance=card_name(_, "entrance", entrance, entrances()[entrance].name))
             if entrance is not None else _("Celebrities"))
    y = panel(draw, (margin, 0, width - margin, height), title)
    for line, bold in lines:
        y = paragraph(draw, margin + 16, y + 4, line, room, 22, line_height=26, bold=bold, condensed=True)
    return image


def _politics_text(_: Translator, card: int) -> str:
    """A politics card's condition in `_`'s language (the glossary's)."""
    return card_name(_, "politics", card, politics()[card].text)


def solo_hotel_status(state: GameState, key: str, _: Translator = ENGLISH) -> str:
    """What the solo opponent's entrance holds now, in words in `_`'s language (for the opponent's hotel picture)."""
    hotel = state.waltz.unique_hotels.solo_hotel if state.waltz is not None else None
    if hotel is None:
        return ""
    none = _.pgettext("nothing there", "none")
    if key == "nine_stars_inn":
        return _("Stars track: {cogwheels} of 9 cogwheels", cogwheels=hotel.stars)
    if key == "sushi_resort":
        rooms = ", ".join(space_name(s) for s in hotel.cogwheel_rooms) or none
        queued = ", ".join(card_name(_, "guest", g, guests()[g].name) for g in hotel.cogwheel_guests) or none
        return _("Cogwheels on rooms: {rooms}; on queue guests: {guests}", rooms=rooms, guests=queued)
    if key == "hautel_couture":
        spaces = ", ".join(_("{item} on {space}", item=card_name(_, "term", ITEMS[i], ITEMS[i]), space=s + 1)
                           for s, i in enumerate(hotel.items) if i >= 0) or none
        return _("Item pool: {items}; on the action spaces: {spaces}", items=sum(hotel.pool), spaces=spaces)
    tolls = ", ".join(_("{cogwheels} on {space}", cogwheels=n, space=s + 1)
                      for s, n in enumerate(hotel.tolls) if n) or none
    return _("Cogwheels on action spaces: {tolls}", tolls=tolls)


def stack(top: Image.Image, bottom: Image.Image | None) -> Image.Image:
    """`top` with `bottom` below it (the same width), or `top` itself."""
    if bottom is None:
        return top
    image = Image.new("RGB", (top.width, top.height + bottom.height), BG)
    image.paste(top, (0, 0))
    image.paste(bottom, (0, top.height))
    return image


__all__ = ["celebrity_short", "coloured_die", "entrance_panel", "entrance_short", "has_lounge", "key_icon",
           "lounge_panel", "solo_hotel_status", "stack"]
