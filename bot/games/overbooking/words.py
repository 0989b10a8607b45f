"""Overbooking's recap and log lines in the game's language (issue 55, item 3): each engine event said again as a
whole sentence of the catalogs from the event's data (`FROM_DATA`: cards as `engine.overbooking.resolve.card_facts`
gives them, hotels as `engine.overbooking.placement.hotel_facts`), cards, crests, guest types and hotels named from
the glossary. English is the engine's own sentence. The resolution picture's sentences
(`render.overbooking.resolution`) share these entries.

The regular expressions below (`SENTENCES`) read the engine's English sentence instead; they are only the fallback
for games stored before the events kept their data (an event whose data lacks a kind's keys). A sentence of another
form (a server's own data naming a crest the glossary lacks) stays the engine's English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NamedTuple

from engine.core.actions import Event
from render.core.glossary import bundled
from render.core.i18n import Translator
from render.core.lang import card_name
from render.overbooking.abilities import ability_sentence, card_words, outcome_of_ending


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
    """ "hotel 2 (The Lantern)" in `_`'s language from the English name (a stored game's English sentence)."""
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
    if (read := outcome_of_ending(rest)) is not None:
        outcome, change, free = read
        return ability_sentence(_, outcome, player, card, change=change, free=free)
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
"""Each event kind's sentence in another language, read from the engine's English (None: a form not known): only
for games stored before the events kept their data (`FROM_DATA` words the others)."""


def _guest(_: Translator, facts: Mapping[str, Any]) -> str:
    """A card named by an event's data (`engine.overbooking.resolve.card_facts`) in `_`'s language."""
    crest = str(facts["crest"])
    english = next((name for name, number in _english_names("ob_crest").items() if number == crest), None)
    return card_words(_, crest, int(facts["beds"]), str(facts["kind"]), english)


def _hotel_named(_: Translator, data: Mapping[str, Any]) -> str:
    """ "hotel 2 (The Lantern)" in `_`'s language from an event's "slot" (0 = top) and "hotel"
    (`engine.overbooking.placement.hotel_facts`)."""
    return _("hotel {number} ({name})", number=int(data["slot"]) + 1, name=_hotel_name(_, data["hotel"]))


def _hotel_name(_: Translator, hotel: Mapping[str, Any]) -> str:
    return card_name(_, "ob_hotel", str(hotel["key"]), str(hotel["name"]))


def _place_from_data(_: Translator, data: Mapping[str, Any]) -> str:
    player, hotel, guest = str(data["player"]), _hotel_named(_, data), data["guest"]
    if data["side"] != "queue":
        return _("{player} puts a card at the back door of {hotel}.", player=player, hotel=hotel)
    if guest is None:
        return _("{player} puts a card in the queue of {hotel}.", player=player, hotel=hotel)
    return _("{player} puts {card} in the queue of {hotel} face up.", player=player, card=_guest(_, guest),
             hotel=hotel)


def _reveal_from_data(_: Translator, data: Mapping[str, Any]) -> str:
    return _("Hotel {number} ({name}): {beds} beds; {queue} in the queue, {door} at the back door.",
             number=int(data["slot"]) + 1, name=_hotel_name(_, data["hotel"]), beds=data["beds"],
             queue=data["queue"], door=data["door"])


def _book_from_data(_: Translator, data: Mapping[str, Any]) -> str:
    guest, need = data["guest"], int(data["need"])
    return _.ngettext("{player}'s {card} books {need} bed; {left} left.",
                      "{player}'s {card} books {need} beds; {left} left.", need,
                      player=str(guest["owner"]), card=_guest(_, guest), need=need, left=data["left"])


def _no_room_from_data(_: Translator, data: Mapping[str, Any]) -> str:
    guest, need = data["guest"], int(data["need"])
    return _.ngettext("{player}'s {card} needs {need} bed but only {free} are free: no room.",
                      "{player}'s {card} needs {need} beds but only {free} are free: no room.", need,
                      player=str(guest["owner"]), card=_guest(_, guest), need=need, free=data["free"])


def _ability_from_data(_: Translator, data: Mapping[str, Any]) -> str | None:
    guest, target = data["guest"], data.get("target")
    return ability_sentence(_, str(data["outcome"]), str(guest["owner"]), _guest(_, guest),
                            target_player=str(target["owner"]) if isinstance(target, dict) else "",
                            target_card=_guest(_, target) if isinstance(target, dict) else "",
                            change=int(data.get("change", 0)), free=int(data.get("free", 0)))


def _round_from_data(_: Translator, data: Mapping[str, Any]) -> str | None:
    news = ROUND_NEWS.get(str(data["news"]))
    if news is None:
        return None
    return _("Round {round} begins. {news} {player} starts.", round=data["round"], news=_round_news(_, news),
             player=str(data["starts"]))


class FromData(NamedTuple):
    """How an event kind is worded from its data: the data keys the words need (an event stored before the engine
    kept them lacks them, and is read from its English instead), and the words ((translator, data) -> the
    sentence, or None for a value not known)."""

    keys: frozenset[str]
    words: Callable[[Translator, Mapping[str, Any]], str | None]


def _keys(*names: str) -> frozenset[str]:
    return frozenset(names)


FROM_DATA: dict[str, FromData] = {
    "skip": FromData(_keys("player"), lambda _, data: _("{player} skips the fifth card.", player=data["player"])),
    "pass": FromData(_keys("player"), lambda _, data: _("{player} cannot place any card and passes.",
                                                          player=data["player"])),
    "place": FromData(_keys("player", "slot", "side", "hotel", "guest"), _place_from_data),
    "token": FromData(_keys("player", "slot", "hotel"), lambda _, data: _(
        "{player} takes the point token at {hotel}.", player=data["player"], hotel=_hotel_named(_, data))),
    "round": FromData(_keys("round", "news", "starts"), _round_from_data),
    "resolve": FromData(_keys("round"), lambda _, data: _("Round {round}: the hotels check their bookings.",
                                                            round=data["round"])),
    "game_over": FromData(_keys("round"), lambda _, data: _("The fourth round is over: final scoring.")),
    "reveal": FromData(_keys("slot", "hotel", "beds", "queue", "door"), _reveal_from_data),
    "book": FromData(_keys("guest", "need", "left"), _book_from_data),
    "no_room": FromData(_keys("guest", "need", "free"), _no_room_from_data),
    "ability": FromData(_keys("guest", "outcome"), _ability_from_data),
    "discard": FromData(_keys("guest"), lambda _, data: _("{player}'s {card} leaves the back door.",
                                                         player=data["guest"]["owner"],
                                                         card=_guest(_, data["guest"]))),
}
"""Each event kind's sentence in another language from the event's data (`engine.overbooking.game.EVENT_DATA` says
what each kind carries). "discard" is a resolution step today, not an event; its entry words one in the same form
should the engine emit it."""


def words_from_data(_: Translator, event: Event) -> str | None:
    """`event`'s sentence in `_`'s language from its data; None when its kind is not known or its data lacks what
    the words need (a game stored before the engine kept it)."""
    worded = FROM_DATA.get(event.kind)
    if worded is None or not worded.keys <= event.data.keys():
        return None
    return worded.words(_, event.data)


def event_words(_: Translator, event: Event) -> str:
    """`event`'s sentence in `_`'s language (English: the engine's own), worded from the event's data
    (`words_from_data`); a game stored before the data was kept is read from the engine's English (`SENTENCES`),
    and a sentence of neither form stays English."""
    if _.language == "en":
        return event.text
    worded = words_from_data(_, event)
    if worded is not None:
        return worded
    said = SENTENCES.get(event.kind)
    return (said(_, event.text) if said is not None else None) or event.text


def undo_words(_: Translator, name: str) -> str:
    """A move taken back, in `_`'s language."""
    return _("{player} takes back a move.", player=name)
