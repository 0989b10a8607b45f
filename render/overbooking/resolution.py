"""The round-end post's picture: how one hotel resolved in phase 2, step by step (reveal, back-door abilities,
bookings from the priority cards and 6 down to 1, cards with no room, back-door cards leaving)."""

from __future__ import annotations

import re

from PIL import Image, ImageDraw

from engine.overbooking.data import GUEST_TYPES
from engine.overbooking.placement import card_label
from engine.overbooking.state import DECK_SIZE, GameState, Resolution, Step
from render.core.draw import Box, bed, check, fit_text, paste, pill, png_bytes, text, wrap
from render.core.i18n import Translator
from render.core.lang import ENGLISH, N_, words
from render.core.theme import BAD, BG, DARK, GOOD, INK, LINE, MUTED, PANEL, RGB, WHITE, font, mix
from render.overbooking.abilities import ability_sentence, outcome_of_ending
from render.overbooking.common import (
    CARD_H,
    CARD_W,
    LEGEND_H,
    MARGIN,
    WIDTH,
    crest_name,
    deck_color,
    draw_card,
    guest_kind,
    hotel_name,
    legend,
    letters,
    provisional_footer,
    rule_text,
)

HEAD_H = 70
LEGEND_TOP = HEAD_H + 4
CARDS_TOP = LEGEND_TOP + LEGEND_H + 40
GAP = 8
STEP_TEXT = 22
LINE_H = 28
CHIP = 60
TEXT_LEFT = MARGIN + 12 + CHIP + 14
BEDS_W = 112
TEXT_W = WIDTH - TEXT_LEFT - BEDS_W - MARGIN - 40
KIND_WORD = {"reveal": "", "ability": N_("ability"), "book": N_("booked"), "full": N_("no room"),
             "discard": N_("leaves")}
"""The word at the right of a resolution step, by the step's kind ("" for none)."""
KIND_TONE: dict[str, RGB] = {"reveal": MUTED, "ability": MUTED, "book": GOOD, "full": BAD, "discard": MUTED}
"""The colour of a step's free-beds pill and word, by the step's kind."""
KIND_CHECKED: dict[str, bool] = {"reveal": False, "ability": False, "book": True, "full": False, "discard": False}
"""Whether a step's word gets a check mark (a booking), by the step's kind."""


def revealed_box(position: int) -> Box:
    """Pixel box of the `position`-th revealed card (back door outermost first, then the queue nearest first)."""
    left = MARGIN + position * (CARD_W + GAP)
    return left, CARDS_TOP, left + CARD_W, CARDS_TOP + CARD_H


def _card_words(_: Translator, state: GameState, card: int) -> str:
    """ "Bird 3 (maids)": a card for a sentence in `_`'s language (`engine.overbooking.placement.card_label`)."""
    guest = state.card(card)
    return f"{crest_name(state, guest.crest, _)} {guest.beds} ({guest_kind(_, guest.kind)})"


def step_words(state: GameState, resolution: Resolution, step: Step, _: Translator = ENGLISH) -> str:
    """What happened in `step` in `_`'s language: the engine's own sentence in English; in another language the
    reveal, booking, no-room and leaving sentences said again from the step's card, owner and free beds, an ability's
    read from the engine's sentence (`_ability_words`)."""
    if _.language == ENGLISH.language:
        return step.text
    if step.kind == "reveal":
        face = state.config.data.hotel(resolution.tile, resolution.side)
        return _("Hotel {number} ({name}): {beds} beds; {queue} in the queue, {door} at the back door.",
                 number=resolution.slot + 1, name=hotel_name(_, face), beds=face.beds, queue=len(resolution.queue),
                 door=len(resolution.door))
    if step.card is None or step.owner is None:
        return step.text
    player, card = state.players[step.owner].name, _card_words(_, state, step.card)
    if step.kind == "ability" and step.outcome:
        target = (state.players[state.owner_of(step.target)].name, _card_words(_, state, step.target)) \
            if step.target is not None else ("", "")
        return ability_sentence(_, step.outcome, player, card, target_player=target[0], target_card=target[1],
                                change=step.change, free=step.beds) or step.text
    if step.kind == "ability":  # a game stored before steps kept their outcome: read from the English sentence
        return _ability_words(_, state, step, player, card)
    need = state.card(step.card).beds
    if step.kind == "book":
        return _.ngettext("{player}'s {card} books {need} bed; {left} left.",
                          "{player}'s {card} books {need} beds; {left} left.", need,
                          player=player, card=card, need=need, left=step.beds)
    if step.kind == "full":
        return _.ngettext("{player}'s {card} needs {need} bed but only {free} are free: no room.",
                          "{player}'s {card} needs {need} beds but only {free} are free: no room.", need,
                          player=player, card=card, need=need, free=step.beds)
    return _("{player}'s {card} leaves the back door.", player=player, card=card)


def _ability_words(_: Translator, state: GameState, step: Step, player: str, card: str) -> str:
    """A back-door ability's sentence in `_`'s language, read from the engine's English one
    (`engine.overbooking.resolve`: the forms its abilities write); the English sentence if it has another form."""
    assert step.card is not None and step.owner is not None
    rest = step.text.removeprefix(f"{player}'s {card_label(state, step.card)}")
    if (read := outcome_of_ending(rest)) is not None:
        outcome, change, free = read
        return ability_sentence(_, outcome, player, card, change=change, free=free) or step.text
    names = "|".join(re.escape(crest.name) for crest in state.config.data.crests)
    target = rf"(.+)'s ({names}) (\d) \(\w+\)"
    for form, sentence in ((rf" lets {target} book first\.", N_("{player}'s {card} lets {target} book first.")),
                           (rf" takes the place of {target}, which leaves\.",
                            N_("{player}'s {card} takes the place of {target}, which leaves."))):
        if match := re.fullmatch(form, rest):
            crest = next(c.id for c in state.config.data.crests if c.name == match[2])
            kind = GUEST_TYPES[int(match[3])]
            what = f"{crest_name(state, crest, _)} {match[3]} ({guest_kind(_, kind)})"
            return _(sentence, player=player, card=card,
                     target=_.pgettext("a card in a sentence", "{player}'s {card}", player=match[1], card=what))
    return step.text


def _step_height(text: str) -> int:
    return max(84, len(wrap(text, TEXT_W, STEP_TEXT)) * LINE_H + 16)


def step_boxes(resolution: Resolution, texts: list[str] | None = None) -> list[Box]:
    """Pixel box of each step's row in `resolution_png`, in order (`texts`: the steps' sentences as drawn, the
    engine's by default)."""
    top = CARDS_TOP + CARD_H + 20
    boxes = []
    for index, step in enumerate(resolution.steps):
        height = _step_height(step.text if texts is None else texts[index])
        boxes.append((MARGIN, top, WIDTH - MARGIN, top + height))
        top += height + 6
    return boxes


def resolution_image(state: GameState, index: int, *, language: str | None = None) -> Image.Image:
    """The picture of `state.resolutions[index]` as a Pillow image, in `language` (see `resolution_png`).

    Raises:
        IndexError: no such resolution.
    """
    _ = words(language)
    resolution = state.resolutions[index]
    face = state.config.data.hotel(resolution.tile, resolution.side)
    texts = [step_words(state, resolution, step, _) for step in resolution.steps]
    boxes = step_boxes(resolution, texts)
    bottom = boxes[-1][3] if boxes else CARDS_TOP + CARD_H
    height = bottom + 12 + (40 if state.provisional else 0)
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEAD_H), fill=DARK)
    paste(image, bed(40, WHITE), MARGIN + 24, HEAD_H // 2)
    beds_w = text(draw, (MARGIN + 50, HEAD_H // 2), str(face.beds), 36, bold=True, fill=WHITE, anchor="lm")
    title = _("Round {round}, hotel {number}: {name}", round=resolution.round, number=resolution.slot + 1,
              name=hotel_name(_, face))
    fit_text(draw, (MARGIN + 62 + beds_w, 8), title, WIDTH - 2 * MARGIN - 70 - beds_w, 26, bold=True, fill=WHITE)
    fit_text(draw, (MARGIN + 62 + beds_w, 38), rule_text(_, face.rule), WIDTH - 2 * MARGIN - 70 - beds_w, 22,
             fill=WHITE, condensed=True)
    legend(draw, state, LEGEND_TOP, scores=True, _=_)
    seat_letters = letters(state)
    door = list(reversed(resolution.door))
    labels_y = LEGEND_TOP + LEGEND_H + 8
    # "back door" is wider than one card: over a single card it says "door", clear of the queue's label
    text(draw, (MARGIN, labels_y), (_("back door") if len(door) > 1 else _("door")) if door else "", 22, fill=MUTED)
    queue_x = MARGIN + len(door) * (CARD_W + GAP)
    text(draw, (queue_x, labels_y), _("queue →") if resolution.queue else _("empty queue"), 22, fill=MUTED)
    for position, card in enumerate([*door, *resolution.queue]):
        box = revealed_box(position)
        if box[2] > WIDTH - MARGIN:
            break
        draw_card(image, draw, box, state, card, card // DECK_SIZE, label=seat_letters[card // DECK_SIZE], _=_)
    if door:
        x = queue_x - GAP // 2
        draw.rectangle((x - 2, CARDS_TOP - 4, x + 2, CARDS_TOP + CARD_H + 4), fill=DARK)
    for step, words_of_step, box in zip(resolution.steps, texts, boxes, strict=True):
        _step(image, draw, state, step, words_of_step, box, seat_letters, _)
    provisional_footer(draw, height - 44, state, _)
    return image


def _step(image: Image.Image, draw: ImageDraw.ImageDraw, state: GameState, step: Step, words_of_step: str, box: Box,
          seat_letters: list[str], _: Translator) -> None:
    left, top, right = box[:3]
    fill = {"book": mix(GOOD, WHITE, 0.85), "full": mix(BAD, WHITE, 0.85)}.get(step.kind, PANEL)
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=LINE, width=2)
    chip = (left + 12, top + 8, left + 12 + CHIP, top + 8 + CHIP)
    if step.card is not None and step.owner is not None:
        color = deck_color(step.owner)
        draw.rounded_rectangle(chip, radius=8, fill=color)
        guest = state.card(step.card)
        text(draw, ((chip[0] + chip[2]) / 2, chip[1] + 18), str(guest.beds), 28, bold=True, fill=WHITE,
             anchor="mm")
        text(draw, ((chip[0] + chip[2]) / 2, chip[3] - 3), seat_letters[step.owner], 22, bold=True, fill=WHITE,
             anchor="md")
    else:
        paste(image, bed(44, INK), (chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2)
    y = top + 8
    for line in wrap(words_of_step, TEXT_W, STEP_TEXT):
        text(draw, (TEXT_LEFT, y), line, STEP_TEXT)
        y += LINE_H
    tone = KIND_TONE[step.kind]
    free = _("{beds} free", beds=step.beds)
    pill_w = max(BEDS_W, round(font(22, True).getlength(free)) + 20)  # a longer translation widens the pill
    pill(draw, (right - pill_w - 6, top + 8, right - 10, top + 40), free, 22, fill=tone)
    word = _(KIND_WORD[step.kind]) if KIND_WORD[step.kind] else ""
    if word:
        width = text(draw, (right - 12, top + 46), word, 22, bold=True, fill=tone, anchor="ra")
        if KIND_CHECKED[step.kind]:
            paste(image, check(24, GOOD), right - 12 - width - 16, top + 58)


def resolution_png(state: GameState, index: int, *, compress_level: int = 1, palette: bool = True,
                   language: str | None = None) -> bytes:
    """PNG (800 px wide) of how hotel resolution `index` of the latest phase 2 went (`state.resolutions`, in hotel
    order): the hotel, a legend (each player's colour, letter, name and VP so far), its cards as revealed, then
    one row per step with the card (owner's colour and letter, group size), what happened in words and the free
    beds after it. Booked rows say "booked" with a tick, rows
    without room "no room". Its words are in `language` ("en", "pl", "de"). The state is not changed.

    Raises:
        IndexError: no such resolution.
    """
    return png_bytes(resolution_image(state, index, language=language), compress_level, palette)
