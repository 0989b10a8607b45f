"""Overbooking's recap and log lines in the game's language (issue 55, item 3): each engine sentence said again as a
whole sentence of the catalogs, its facts read from the engine's English (the forms `engine.overbooking.placement`
and `engine.overbooking.resolve` write), cards, crests, guest types and hotels named from the glossary. The
resolution picture's sentences (`render.overbooking.resolution`) share these entries. A sentence of another form
(a server's own data naming a crest the glossary lacks) stays the engine's English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from engine.core.actions import Event
from render.core.glossary import bundled
from render.core.i18n import Translator
from render.core.lang import card_name
from render.overbooking.abilities import ability_sentence, card_words


@cache
def _english_names(kind: str) -> dict[str, str]:
    """The glossary's English names of `kind` ("ob_crest", "ob_hotel", "ob_guest") -> their key's number part."""
    return {entry.en: key.split(":", 1)[1] for key, entry in bundled("pl").items() if key.startswith(kind + ":")}


def _named(_: Translator, kind: str, english: str) -> str:
    number = _english_names(kind).get(english)
    return english if number is None else card_name(_, kind, number, english)


CARD = r"(?P<{0}crest>[A-Z][\w ]*?) (?P<{0}beds>\d) \((?P<{0}kind>\w+)\)"
"""A card as the engine names it ("Bird 3 (maids)"), its groups prefixed."""


def _card(_: Translator, found: re.Match[str], prefix: str = "") -> str:
    return (f"{_named(_, 'ob_crest', found[prefix + 'crest'])} {found[prefix + 'beds']} "
            f"({_named(_, 'ob_guest', found[prefix + 'kind'])})")


def _hotel(_: Translator, number: str, name: str) -> str:
    return _("hotel {number} ({name})", number=number, name=_named(_, "ob_hotel", name))


HOTEL = r"hotel (?P<number>\d) \((?P<name>.+)\)"


def _place(_: Translator, text: str) -> str | None:
    found = re.fullmatch(rf"(?P<player>.+?) puts (?:a card|{CARD.format('')}) (?P<where>in the queue of|at the back "
                         rf"door of) {HOTEL}(?P<up> face up)?\.", text)
    if found is None:
        return None
    hotel = _hotel(_, found["number"], found["name"])
    if found["where"] == "at the back door of":
        return _("{player} puts a card at the back door of {hotel}.", player=found["player"], hotel=hotel)
    if found["crest"] is None:
        return _("{player} puts a card in the queue of {hotel}.", player=found["player"], hotel=hotel)
    return _("{player} puts {card} in the queue of {hotel} face up.", player=found["player"], card=_card(_, found),
             hotel=hotel)


def _token(_: Translator, text: str) -> str | None:
    found = re.fullmatch(rf"(?P<player>.+?) takes the point token at {HOTEL}\.", text)
    if found is None:
        return None
    return _("{player} takes the point token at {hotel}.", player=found["player"],
             hotel=_hotel(_, found["number"], found["name"]))


ROUND_NEWS = {"turned_over": "The hotels are turned over.", "new_hotels": "New hotels arrive for rounds 3 and 4."}
"""A new round's news by the round event's "news" (`engine.overbooking.placement.next_round`): its English."""


def _round_news(_: Translator, english: str) -> str:
    return {"The hotels are turned over.": _("The hotels are turned over."),
            "New hotels arrive for rounds 3 and 4.": _("New hotels arrive for rounds 3 and 4.")}[english]


def _round(_: Translator, text: str) -> str | None:
    """A new round's sentence; a game stored before the event kept its news as data is read from the English,
    whose starting player's name may have spaces ("AI Teal")."""
    found = re.fullmatch(rf"Round (\d) begins\. ({'|'.join(map(re.escape, ROUND_NEWS.values()))}) (.+) starts\.", text)
    if found is None:
        return None
    return _("Round {round} begins. {news} {player} starts.", round=found[1], news=_round_news(_, found[2]),
             player=found[3])


def _round_from_data(_: Translator, data: Mapping[str, Any]) -> str | None:
    news = ROUND_NEWS.get(str(data.get("news")))
    if news is None or "starts" not in data:
        return None
    return _("Round {round} begins. {news} {player} starts.", round=data["round"], news=_round_news(_, news),
             player=str(data["starts"]))


def _resolve(_: Translator, text: str) -> str | None:
    found = re.fullmatch(r"Round (\d): the hotels check their bookings\.", text)
    return None if found is None else _("Round {round}: the hotels check their bookings.", round=found[1])


def _reveal(_: Translator, text: str) -> str | None:
    found = re.fullmatch(r"Hotel (\d) \((.+)\): (\d+) beds; (\d+) in the queue, (\d+) at the back door\.", text)
    if found is None:
        return None
    return _("Hotel {number} ({name}): {beds} beds; {queue} in the queue, {door} at the back door.",
             number=found[1], name=_named(_, "ob_hotel", found[2]), beds=found[3], queue=found[4], door=found[5])


OWNED = rf"(?P<player>.+?)'s {CARD.format('')}"
"""A player's card as the engine names it ("ann's Bird 3 (maids)")."""


def _booking(_: Translator, text: str) -> str | None:
    if found := re.fullmatch(rf"{OWNED} books (?P<need>\d+) beds?; (?P<left>\d+) left\.", text):
        need = int(found["need"])
        return _.ngettext("{player}'s {card} books {need} bed; {left} left.",
                          "{player}'s {card} books {need} beds; {left} left.", need,
                          player=found["player"], card=_card(_, found), need=need, left=found["left"])
    if found := re.fullmatch(rf"{OWNED} needs (?P<need>\d+) beds? but (?:no bed is|only (?P<free>\d+) (?:is|are)) "
                             r"free: no room\.", text):
        need = int(found["need"])
        return _.ngettext("{player}'s {card} needs {need} bed but only {free} are free: no room.",
                          "{player}'s {card} needs {need} beds but only {free} are free: no room.", need,
                          player=found["player"], card=_card(_, found), need=need, free=found["free"] or 0)
    return None


def _ability(_: Translator, text: str) -> str | None:
    found = re.fullmatch(rf"{OWNED}(?P<rest>.*)", text)
    if found is None:
        return None
    player, card, rest = found["player"], _card(_, found), found["rest"]
    fixed = {
        " walks to the end of the queue.": _("{player}'s {card} walks to the end of the queue.", player=player,
                                             card=card),
        " has no card to act on.": _("{player}'s {card} has no card to act on.", player=player, card=card),
        ": no workers in the queue.": _("{player}'s {card}: no workers in the queue.", player=player, card=card),
        " does nothing.": _("{player}'s {card} does nothing.", player=player, card=card),
    }
    if rest in fixed:
        return fixed[rest]
    if beds := re.fullmatch(r": ([+-]\d+) beds, (-?\d+) now\.", rest):
        return _.ngettext("{player}'s {card}: {change} bed, {beds} now.",
                          "{player}'s {card}: {change} beds, {beds} now.", abs(int(beds[1])), player=player,
                          card=card, change=beds[1], beds=beds[2])
    target = rf"(?P<other>.+?)'s {CARD.format('t')}"
    if other := re.fullmatch(rf" lets {target} book first\.", rest):
        aimed = _card(_, other, "t")  # outside the call: `pybabel extract` reads a nested `_` as a new message
        what = _.pgettext("a card in a sentence", "{player}'s {card}", player=other["other"], card=aimed)
        return _("{player}'s {card} lets {target} book first.", player=player, card=card, target=what)
    if other := re.fullmatch(rf" takes the place of {target}, which leaves\.", rest):
        aimed = _card(_, other, "t")  # outside the call: `pybabel extract` reads a nested `_` as a new message
        what = _.pgettext("a card in a sentence", "{player}'s {card}", player=other["other"], card=aimed)
        return _("{player}'s {card} takes the place of {target}, which leaves.", player=player, card=card,
                 target=what)
    return None


def _leaves(_: Translator, text: str) -> str | None:
    found = re.fullmatch(rf"{OWNED} leaves the back door\.", text)
    return None if found is None else _("{player}'s {card} leaves the back door.", player=found["player"],
                                        card=_card(_, found))


def _done(_: Translator, text: str) -> str | None:
    found = re.fullmatch(r"(.+?) (skips the fifth card|cannot place any card and passes)\.", text)
    if found is None:
        return None
    if found[2] == "skips the fifth card":
        return _("{player} skips the fifth card.", player=found[1])
    return _("{player} cannot place any card and passes.", player=found[1])


SENTENCES: dict[str, Callable[[Translator, str], str | None]] = {
    "skip": _done,
    "pass": _done,
    "place": _place,
    "token": _token,
    "round": _round,
    "resolve": _resolve,
    "game_over": lambda _, text: _("The fourth round is over: final scoring.")
    if text == "The fourth round is over: final scoring." else None,
    "reveal": _reveal,
    "book": _booking,
    "no_room": _booking,
    "ability": _ability,
    "discard": _leaves,
}
"""Each event kind's sentence in another language, read from the engine's English (None: a form not known)."""


def _guest(_: Translator, facts: Mapping[str, Any]) -> str:
    """A card named by an event's data (`engine.overbooking.resolve.card_facts`) in `_`'s language."""
    crest = str(facts["crest"])
    english = next((name for name, number in _english_names("ob_crest").items() if number == crest), None)
    return card_words(_, crest, int(facts["beds"]), str(facts["kind"]), english)


def _ability_from_data(_: Translator, data: Mapping[str, Any]) -> str | None:
    """An ability's sentence from its event's data (games played since the engine kept it; None before)."""
    guest, target = data.get("guest"), data.get("target")
    if not isinstance(guest, dict) or not isinstance(data.get("outcome"), str):
        return None
    return ability_sentence(_, data["outcome"], str(guest["owner"]), _guest(_, guest),
                            target_player=str(target["owner"]) if isinstance(target, dict) else "",
                            target_card=_guest(_, target) if isinstance(target, dict) else "",
                            change=int(data.get("change", 0)), free=int(data.get("free", 0)))


def event_words(_: Translator, event: Event) -> str:
    """`event`'s sentence in `_`'s language (English: the engine's own). An ability and a new round are worded
    from the event's data; the sentences of other kinds, and those of games stored before the data was kept, are
    read from the engine's English."""
    if _.language == "en" or (said := SENTENCES.get(event.kind)) is None:
        return event.text
    from_data = {"ability": _ability_from_data, "round": _round_from_data}.get(event.kind)
    if from_data is not None and (worded := from_data(_, event.data)) is not None:
        return worded
    return said(_, event.text) or event.text


def undo_words(_: Translator, name: str) -> str:
    """A move taken back, in `_`'s language."""
    return _("{player} takes back a move.", player=name)
