"""The solo opponents' (Leopold's and Elisabeth's) events in a language other than English (issue 55, item 2): each a
whole sentence of the catalogs, its facts from the event's data: the reason in brackets from its "reason" datum (a
key and values, `engine.gah.solo_reasons`). For a game stored before that data, the facts are read from the engine's
English (`words_stored`, the closed set of forms `engine.gah.solo` and `engine.gah.solo_objectives` write); the
instruction card's symbols are still read from its summary. A form the words do not know gives None: the engine's
sentence is told. Elisabeth's own event (her coloured die's bonus) is worded with module 2's
(`bot.games.gah.waltz.celebrities`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.games.gah import words_stored
from bot.games.gah.event_facts import die_carried_out
from bot.games.gah.event_text import ENGLISH_FROM_DATA
from bot.games.gah.words_names import card_of, colour, joined
from engine.core.actions import Event
from engine.gah.cards import guests, politics, space_name, staff
from engine.gah.solo import instruction_cards
from render.core.i18n import Translator
from render.core.plural import count


def _tie(_: Translator, hand: str) -> str:
    return _("a tie broken by the card's hand, pointing left") if hand == "left" else _(
        "a tie broken by the card's hand, pointing right")


REASON_WORDS: dict[str, Callable[[Translator, dict[str, Any]], str]] = {
    "depicted die": lambda _, v: _("the die on the card"),
    "as shown": lambda _, v: _("as the instruction card shows"),
    "colour": lambda _, v: _("the {colour} guest with the most VP", colour=colour(_, str(v.get("colour")))),
    "no colour": lambda _, v: _("no {colour} guest on display, so the one with the most VP", colour=colour(
        _, str(v.get("colour")))),
    "any colour": lambda _, v: _("any colour, so the one with the most VP"),
    "rooms occupied": lambda _, v: _("every {colour} room is occupied: the most VP of a guest who can move in",
                                     colour=colour(_, str(v.get("colour")))),
    "most dice": lambda _, v: _("the card's question mark: the space with the most dice"),
    "least progress": lambda _, v: _("the card's question mark: the card with the least progress"),
    "more dice": lambda _, v: _("of spaces {first} and {second}, the one with more dice",
                                first=_spaces(v)[0], second=_spaces(v)[-1]),
    "no die shown": lambda _, v: _("no die on {spaces}: the space with the most dice", spaces="/".join(_spaces(v))),
    "claimed": lambda _, v: _("card {card} is already claimed: the card with the least progress", card=v.get("card")),
    "coloured die": lambda _, v: _("the coloured die whose celebrity shows the most VP"),
    "lowest floor": lambda _, v: _("the first {colour} space from the left on the lowest floor with one",
                                   colour=colour(_, str(v.get("colour")))),
    "rightmost column": lambda _, v: _("the lowest empty space of the rightmost column with one"),
}
"""Each reason the solo opponents give (the key of the event's "reason" datum, `engine.gah.solo_reasons.KEYS`) ->
its words in a language, from the datum's values."""


def _spaces(values: dict[str, Any]) -> list[str]:
    return [str(space) for space in values.get("spaces", [])] or ["?"]


def reason_of(_: Translator, event: Event) -> str | None:
    """The reason of a solo opponent's `event` in `_`'s language, from its "reason" datum (with the tie-break);
    for a game stored before the datum, read from the engine's sentence (`words_stored`); None for a form not
    known."""
    data = event.data.get("reason")
    if not isinstance(data, dict):
        found = words_stored.text_match(event, r"(.*?) \(([^()]*)\)(?: and does not carry out its action| and "
                                        r"claims it)?", whole=True)
        return reason(_, found[2]) if found else None
    words = REASON_WORDS.get(str(data.get("key")))
    if words is None:
        return None
    said = words(_, data)
    hand = data.get("hand")
    return f"{said}, {_tie(_, str(hand))}" if hand else said


REASONS: tuple[tuple[str, Callable[[Translator, re.Match[str]], str]], ...] = (
    (r"the depicted die", lambda _, m: REASON_WORDS["depicted die"](_, {})),
    (r"card (\w) as shown", lambda _, m: REASON_WORDS["as shown"](_, {})),
    (r"(red|blue|yellow|green), the most VP", lambda _, m: REASON_WORDS["colour"](_, {"colour": m[1]})),
    (r"no (\w+) guest in the queue: the most VP", lambda _, m: REASON_WORDS["no colour"](_, {"colour": m[1]})),
    (r"any colour: the most VP", lambda _, m: REASON_WORDS["any colour"](_, {})),
    (r"all (?:his|her) (\w+) rooms are occupied: the most VP of a guest who can move in",
     lambda _, m: REASON_WORDS["rooms occupied"](_, {"colour": m[1]})),
    (r"question mark: the space with the most dice", lambda _, m: REASON_WORDS["most dice"](_, {})),
    (r"question mark: the card with the least progress", lambda _, m: REASON_WORDS["least progress"](_, {})),
    (r"of (\d) and (\d), the one with more dice", lambda _, m: REASON_WORDS["more dice"](
        _, {"spaces": [m[1], m[2]]})),
    (r"no die on ([\d or]+): the space with the most dice", lambda _, m: REASON_WORDS["no die shown"](
        _, {"spaces": m[1].split(" or ")})),
    (r"card (\w) is already claimed: the card with the least progress", lambda _, m: REASON_WORDS["claimed"](
        _, {"card": m[1]})),
    (r"the coloured die whose celebrity shows the most VP", lambda _, m: REASON_WORDS["coloured die"](_, {})),
    (r"the first (\w+) space from the left on the lowest floor with one", lambda _, m: REASON_WORDS[
        "lowest floor"](_, {"colour": m[1]})),
    (r"the lowest empty space of the rightmost column with one", lambda _, m: REASON_WORDS["rightmost column"](
        _, {})),
)
"""Each reason's engine English (a game stored before the "reason" datum) and its words in a language."""


def reason(_: Translator, english: str) -> str | None:
    """A solo opponent's reason told in the engine's English, in `_`'s language, with its tie-break; None for a
    form not known (only for a game stored before the "reason" datum)."""
    head, _tied, hand = english.partition(", tie broken by the hand pointing ")
    for pattern, words in REASONS:
        found = re.fullmatch(pattern, head)
        if found:
            said = words(_, found)
            return f"{said}, {_tie(_, hand)}" if hand else said
    return None


def _die(_: Translator, event: Event) -> str | None:
    why = reason_of(_, event)
    if why is None:
        return None
    return _("takes a die from space {space} ({reason}) and does not carry out its action",
             space=event.data.get("space"), reason=why)


def _guest(_: Translator, event: Event) -> str | None:
    guest = guests().get(event.data.get("guest", -1))
    why = reason_of(_, event)
    position = event.data.get("position")
    if why is None or guest is None or not isinstance(position, int):
        return None
    return _("takes {guest} ({colour}, {vp}) from display position {position} ({reason})",
             guest=card_of(_, "guest", guest.id, guest.name), colour=colour(_, guest.color),
             vp=count(guest.vp, "VP", language=_.language), position=position + 1, reason=why)


def _room(_: Translator, event: Event) -> str | None:
    guest = guests().get(event.data.get("guest", -1))
    why = reason_of(_, event)
    painted = event.data.get("colour")
    if painted is None:  # a game stored before the datum
        found = words_stored.text_match(event, r"places an occupied (\w+) room on .*", whole=True)
        painted = found[1] if found else None
    if why is None or guest is None or painted is None:
        return None
    return _("places an occupied {colour} room on {room} for {guest} ({reason})", colour=colour(_, str(painted)),
             room=space_name(int(event.data.get("space", 0))), guest=card_of(_, "guest", guest.id, guest.name),
             reason=why)


def _objective(_: Translator, event: Event) -> str | None:
    if "slot" not in event.data:  # the only form without a politics card
        return _("has claimed every politics card: the objective symbol does nothing")
    why = reason_of(_, event)
    slot, mark, number = event.data.get("slot"), event.data.get("mark"), event.data.get("card")
    known = politics().get(number) if isinstance(number, int) else None
    if known is None:  # a game stored before the "card" datum: the card's text from the engine's sentence
        found = words_stored.text_match(event, r".* politics card \w \(\"(.+)\"\) \(.+", whole=True)
        text = found[1] if found else None
        number = next((key for key, card in politics().items() if card.text == text), None)
    else:
        text = known.text
    if why is None or text is None or not isinstance(slot, int) or mark not in (1, 2, 3):
        return None
    named = _("politics card {pile} (“{text}”)", pile="ABC"[slot], text=card_of(_, "politics", number, text))
    if mark == 3:
        return _("places a marker on III of {card} ({reason})", card=named, reason=why)
    if mark == 1:
        return _("moves the marker to {mark} on {card} ({reason}) and claims it", mark="I", card=named, reason=why)
    return _("moves the marker to {mark} on {card} ({reason})", mark="II", card=named, reason=why)


def _symbol(_: Translator, english: str) -> str | None:
    """A symbol of an instruction card ("red guest", "staff card", "objective C", "Emperor +2") in words."""
    border = re.fullmatch(r"(.+) \((silver|gold)\)", english)
    plain = border[1] if border else english
    words: str | None
    if plain == "any":
        words = _("a guest of any colour")
    elif plain in ("red", "blue", "yellow", "green"):
        words = _("a {colour} guest", colour=colour(_, plain))
    elif plain == "staff card":
        words = _("a staff card from the top of the deck")
    elif steps := re.fullmatch(r"Emperor \+(\d+)", plain):
        words = _.ngettext("{count} step up the Emperor track", "{count} steps up the Emperor track", int(steps[1]))
    elif objective := re.fullmatch(r"objective (\S+)", plain):
        words = (_("progress on a politics card") if objective[1] == "?"
                 else _("progress on politics card {card}", card=objective[1]))
    else:
        return None
    if border is None:
        return words
    return _("{symbol} (silver border)", symbol=words) if border[2] == "silver" else _(
        "{symbol} (gold border)", symbol=words)


def _die_symbol(_: Translator, die: str) -> str:
    if die == "?":
        return _("a die from the space with the most dice")
    if die == "coloured":
        return _("a coloured die")
    return _("a die from space {space}", space=die.replace(" or ", "/"))


def _bordered(name: str, border: str) -> str:
    """A symbol's name as `_symbol` reads it, with its border ("red (silver)"; a plain border adds nothing)."""
    return name if border == "plain" else f"{name} ({border})"


def _extra_symbol(symbol: dict[str, Any]) -> str:
    """A symbol of an instruction card (`engine.gah.solo`'s GuestSymbol or ExtraAction as a dict: "action" "guest"
    with "colour", "emperor" with "steps", "staff", "objective" with "card" A/B/C or "any") as `_symbol` names it."""
    if symbol.get("action") == "guest":
        return str(symbol.get("colour"))
    if symbol.get("action") == "emperor":
        return f"Emperor +{symbol.get('steps')}"
    if symbol.get("action") == "staff":
        return "staff card"
    return f"objective {'?' if symbol.get('card') == 'any' else symbol.get('card')}"


def _card_symbols(event: Event) -> tuple[str, list[str], str, list[str], str] | None:
    """An instruction card's number, guest symbols, die, other symbols and hand, from the event's "card" datum (the
    card's own data); a game stored before it: the engine's sentence (`words_stored`)."""
    card = {**instruction_cards(), **instruction_cards("elisabeth")}.get(event.data.get("card", -1))
    if card is not None:
        die = " or ".join(str(v) for v in card.dice) if card.dice else ("coloured" if card.colour_max else "?")
        return (str(card.id), [_bordered(g.color, g.border) for g in card.guests], die,
                [_bordered(_extra_symbol(vars(extra)), extra.border) for extra in card.actions], card.hand)
    found = words_stored.text_match(event, r"turns over instruction card (\d+): guests ([^;]*); die ([^;]*); "
                                    r"([^;]*); hand points (\w+)", whole=True)
    if found is None:
        return None
    return (found[1], [s for s in found[2].split(", ") if s], found[3],
            [s for s in found[4].split(", ") if s.strip()], found[5])


def _card(_: Translator, event: Event) -> str | None:
    found = _card_symbols(event)
    if found is None:
        return None
    number, guest_symbols, die, extras, hand = found
    parts = [_symbol(_, symbol) for symbol in guest_symbols]
    parts.append(_die_symbol(_, die))
    parts += [_symbol(_, symbol) for symbol in extras]
    if any(part is None for part in parts):
        return None
    asks = joined(_, [part for part in parts if part is not None])
    if hand == "left":
        return _("turns over instruction card {card}, which asks for {asks}; its hand points left to break ties",
                 card=number, asks=asks)
    return _("turns over instruction card {card}, which asks for {asks}; its hand points right to break ties",
             card=number, asks=asks)


def _ignore(_: Translator, event: Event) -> str | None:
    """A symbol the difficulty leaves out, by the event's "symbol" and "difficulty" data (a game stored before them:
    the engine's sentence, `words_stored`)."""
    if isinstance(event.data.get("symbol"), dict):
        symbol, level = _extra_symbol(event.data["symbol"]), str(event.data.get("difficulty"))
    elif found := words_stored.text_match(event, r"ignores the (silver|gold)-bordered (.+?) (?:guest )?symbol "
                                          r"\((\w+)\)", whole=True):
        symbol, level = found[2], found[3]
    else:
        return None
    named = _symbol(_, symbol)
    if named is None:
        return None
    difficulty = {"easy": _.pgettext("difficulty", "easy"), "medium": _.pgettext("difficulty", "medium"),
                  "hard": _.pgettext("difficulty", "hard")}.get(level, level)
    return _("leaves out a symbol at {difficulty} difficulty: {symbol}", difficulty=difficulty, symbol=named)


def _reveal(_: Translator, event: Event) -> str | None:
    number = event.data.get("card")
    known = staff().get(number) if isinstance(number, int) else None
    if known is not None:
        english = known.name
    elif found := words_stored.text_match(event, r"reveals the (.+) from (?:his|her) private staff deck", whole=True):
        english = found[1]
    else:
        return None
    return _("reveals {card} from the private staff deck", card=card_of(_, "staff", number, english))


PHRASES: dict[str, Callable[[Translator, Event], str | None]] = {
    "die": _die,
    "solo_guest": _guest,
    "solo_room": _room,
    "solo_objective": _objective,
    "solo_card": _card,
    "solo_ignore": _ignore,
    "solo_reveal": _reveal,
}
"""The solo opponents' events in a language other than English, by kind (None: the engine's sentence)."""


def phrase(_: Translator, event: Event) -> str | None:
    """A solo opponent's `event` as a verb phrase without its subject in `_`'s language, or None (English, except
    the kinds of `event_text.ENGLISH_FROM_DATA`; a kind not here, or a form not known)."""
    if (_.language == "en" and event.kind not in ENGLISH_FROM_DATA) or (words := PHRASES.get(event.kind)) is None:
        return None
    if event.kind == "die" and die_carried_out(event):
        return None
    return words(_, event)

