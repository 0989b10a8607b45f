"""The words of the events that English tells by the engine's own sentence (`words_phrases.ENGINE_SENTENCE`), in
another language (issue 55, item 2): each a whole sentence of the catalogs with named placeholders, its facts read
from the event's data (the engine's sentence, through `words_stored.text_match`, only for a game stored before the
data, or a form the data does not tell). A kind without words here (the solo opponent's and the Let's Waltz
modules' rarer events) keeps the engine's English sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.games.gah import words_stored
from bot.games.gah.words_names import card, card_of, colour, items_counted, joined, rule
from engine.core.actions import Event
from engine.gah.cards import politics, space_name, staff
from engine.gah.waltz.cards import celebrities, entrances
from render.core.i18n import Translator
from render.core.plural import count


def _sentence(event: Event) -> str:
    """The engine's sentence without the leading player name and the final full stop."""
    text = event.text.rstrip(".")
    return text[len(event.player) + 1:] if event.player and text.startswith(event.player + " ") else text


def _room(event: Event) -> str:
    return space_name(int(event.data.get("space", 0)))


def _staff(_: Translator, event: Event, pattern: str) -> str:
    """The staff card the event names: by its data's number, else (a game stored before, `words_stored`) as the
    engine's sentence names it."""
    number = event.data.get("card")
    known = staff().get(number) if isinstance(number, int) else None
    if known is not None:
        return card_of(_, "staff", number, known.name)
    found = words_stored.text_match(event, pattern)
    return card_of(_, "staff", number, found.group(1) if found else "?")


def _items(_: Translator, event: Event) -> str:
    """"receives 1 strudel (action 1)": the items and their "reason" datum (else, for a game stored before, the
    engine sentence's last brackets)."""
    said = _.gettext("receives {items}", items=items_counted(_, [int(n) for n in event.data.get("items", [])]))
    why = event.data.get("reason")
    if not isinstance(why, str):
        found = words_stored.text_match(event, r"\(([^()]*)\)\.?$")
        why = found.group(1) if found else None
    return f"{said} ({rule(_, why)})" if why else said


def _penalty(_: Translator, event: Event) -> str:
    if "every krone" in event.text:
        return _("loses every krone and every dish and drink in the kitchen")
    if "café" in event.text:
        return _("returns every dish and drink in the kitchen and café")
    return _("returns every dish and drink in the kitchen")


def _politics(_: Translator, event: Event) -> str | None:
    number = event.data.get("card")
    known = politics().get(number) if isinstance(number, int) else None
    if known is None:
        return None
    return _("claims the politics card “{card}”", card=card_of(_, "politics", number, known.text))


def _secretary(_: Translator, event: Event) -> str | None:
    """The card the Secretary copies, by its "card" datum (else, for a game stored before, the engine's sentence)."""
    number = event.data.get("card")
    known = staff().get(number) if isinstance(number, int) else None
    if known is not None:
        copied = card_of(_, "staff", number, known.name)
    elif found := words_stored.text_match(event, r"'s Secretary copies the (.+?)(?: \(|\.?$)"):
        copied = card(_, found.group(1))
    else:
        return None
    return _("copies {card} with the {secretary}", card=copied, secretary=card(_, "Secretary"))


def _game_over(_: Translator, event: Event) -> str:
    winners = [str(name) for name in event.data.get("winners", [])]
    listed = joined(_, winners) if winners else "-"  # outside the call: `pybabel extract` reads a nested `_` anew
    return _.ngettext("The game is over. Winner: {winners}", "The game is over. Winners: {winners}", len(winners),
                      winners=listed)


def _celebrity(_: Translator, number: object) -> str:
    """A celebrity by its number, in `_`'s language (the glossary's name)."""
    known = celebrities().get(number) if isinstance(number, int) else None
    return card_of(_, "celebrity", number, known.name) if known is not None else "?"


def _lounge(_: Translator, event: Event) -> str | None:
    shown = [int(n) for n in event.data.get("lounge", [])]
    chits = [int(n) for n in event.data.get("chits", [])]
    if len(shown) != len(chits) or not shown:
        return None
    listed = joined(_, [f"{_celebrity(_, number)} ({count(vp, 'VP', language=_.language)})"
                        for number, vp in zip(shown, chits, strict=True)])
    return _("The lounge now shows {celebrities}", celebrities=listed)


def _entrance(_: Translator, event: Event) -> str | None:
    number, price = event.data.get("entrance"), int(event.data.get("price", 0))
    known = entrances().get(number) if isinstance(number, int) else None
    if known is None:
        return None
    name = card_of(_, "entrance", number, known.name)
    if price == 0:
        return _("takes the hotel entrance {entrance} for free", entrance=name)
    paid = count(price, "krone", language=_.language, as_object=True)
    return _("takes the hotel entrance {entrance} for {krones}", entrance=name, krones=paid)


def _named_in_brackets(event: Event) -> str:
    """The card an engine sentence names in its last brackets ("... (The Kozi Palace)."), or ""."""
    found = re.search(r"\(([^()]*)\)\.?$", event.text)
    return found.group(1) if found else ""


def _swap(_: Translator, event: Event) -> str | None:
    found = re.fullmatch(r"gives (\d+) dishes and drinks \((.+)\)", _sentence(event))
    if found is None:
        return None
    celebrity = card(_, found.group(2))  # outside the call: `pybabel extract` reads a nested `_` anew
    return _.ngettext("gives {count} dish or drink ({celebrity})", "gives {count} dishes and drinks ({celebrity})",
                      int(found.group(1)), celebrity=celebrity)


def _wray(_: Translator, event: Event) -> str:
    entrance = card(_, _named_in_brackets(event))  # outside the call: `pybabel extract` reads a nested `_` anew
    return _.ngettext("goes back {count} step on the Emperor track for the reward of tile {tile} ({entrance})",
                      "goes back {count} steps on the Emperor track for the reward of tile {tile} ({entrance})",
                      int(event.data.get("steps", 0)), tile=event.data.get("tile"), entrance=entrance)


PHRASES: dict[str, Callable[[Translator, Event], str | None]] = {
    "celebrity": lambda _, event: _("takes the {colour} die and {celebrity}", colour=colour(
        _, str(event.data.get("color", ""))), celebrity=_celebrity(_, event.data.get("celebrity"))),
    "celebrity_leaves": lambda _, event: (_("{celebrity} leaves the lounge", celebrity=card(
        _, _sentence(event).removesuffix(" leaves the lounge"))) if event.text.endswith(" leaves the lounge.")
        else None),
    "celebrity_reshuffle": lambda _, event: _("The celebrity discards are shuffled into a new stack"),
    "lounge": _lounge,
    "entrance": _entrance,
    "auction_pass": lambda _, event: _("passes"),
    "key": lambda _, event: _("takes the skeleton key and will start the next round"),
    "key_returns": lambda _, event: _("starts the next round; the skeleton key goes back"),
    "key_action": lambda _, event: _("carries out action {space} at strength 1", space=event.data.get("space")),
    "corogari": lambda _, event: _("rolls {total} with two dice ({entrance})", total=event.data.get("total"),
                                   entrance=card(_, _named_in_brackets(event))),
    "kozi": lambda _, event: _("moves a die from space {source} to space {space} ({entrance})",
                               source=event.data.get("source"), space=event.data.get("space"),
                               entrance=card(_, _named_in_brackets(event))),
    "wray": _wray,
    "stroup": lambda _, event: _("occupies the first room of a {colour} group ({entrance})", colour=colour(
        _, _sentence(event).split(" a ", 1)[-1].split(" ", 1)[0]), entrance=card(_, _named_in_brackets(event))),
    "kaufman_pile": lambda _, event: _.ngettext("the Kaufman pile holds {count} guest",
                                                "the Kaufman pile holds {count} guests",
                                                int(event.data.get("count", 0))),
    "keep_staff": lambda _, event: _.ngettext("keeps {count} staff card", "keeps {count} staff cards",
                                              int(_sentence(event).split(" ")[1]) if _sentence(event).split(" ")[
                                                  1].isdigit() else 0),
    "swap": _swap,
    "emperor_solo": lambda _, event: _("gets neither reward nor penalty (solo rules)"),
    "fill_order": lambda _, event: (_("completes the order of {guest}", guest=card(
        _, _sentence(event).removeprefix("completes ").removesuffix("'s order")))
        if _sentence(event).endswith("'s order") else None),
    "items": _items,
    "occupy": lambda _, event: _("occupies room {room}", room=_room(event)),
    "remove_room": lambda _, event: _("loses room {room}", room=_room(event)),
    "penalty": _penalty,
    "pass": lambda _, event: _("passes"),
    "draw_staff": lambda _, event: _.ngettext("draws {count} staff card", "draws {count} staff cards",
                                              int(event.data.get("count", 0))),
    "use_staff": lambda _, event: _("uses {card}", card=_staff(_, event, r"uses the (.*?)\.?$")),
    "discard_staff": lambda _, event: _("discards {card}", card=_staff(_, event, r"discards the (.*?)\.?$")),
    "bottom": lambda _, event: _("puts a staff card on the bottom of the deck"),
    "politics": _politics,
    "secretary": _secretary,
    "final_score": lambda _, event: _("finishes with {vp} (rank {rank})", vp=count(
        int(event.data.get("total", 0)), "VP", language=_.language), rank=event.data.get("rank", "?")),
    "game_over": _game_over,
    "return_staff": lambda _, event: _("returns {cards} to the bottom of the deck", cards=_staff(
        _, event, r"returns the (.*?) to the deck")),
    "draft": lambda _, event: _("keeps a staff card"),
    "draft_pass": lambda _, event: _("Everyone passes the remaining staff cards to the left"),
    "extra_turn": lambda _, event: _("starts an extra turn ({card})", card=card(_, "E. Gizia")),
    "penalty_ignored": lambda _, event: (
        _("keeps the Emperor penalty away with the {card}", card=card(_, "Conference Manager"))
        if "Conference Manager" in event.text else _("ignores the Emperor penalty")),
}
"""The words of an engine-sentence event kind in a language other than English, by kind (None: the engine's
sentence after all, for a form the words do not know)."""


def phrase(_: Translator, event: Event) -> str | None:
    """`event` as a verb phrase without its subject in `_`'s language, or None: English, or a kind (or form) with
    no words here (the engine's sentence is told)."""
    if _.language == "en" or (words := PHRASES.get(event.kind)) is None:
        return None
    if event.kind == "politics" and not _sentence(event).startswith("claims"):
        return None
    return words(_, event)
