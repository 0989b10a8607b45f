"""The nouns of a recap in the game's language (issue 55, item 2): cards by their glossary names, kitchen items,
room colours, action spaces, Emperor tiles and the rules that cause a gain, and lists joined with "and", for the
sentences of `bot.games.gah.words_phrases` and `bot.games.gah.words_gains`. English gives the words as they were.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from engine.gah.cards import ITEMS
from render.core.glossary import bundled
from render.core.i18n import Translator
from render.core.lang import card_name

CARD_KINDS = ("guest", "staff", "celebrity", "entrance", "politics")
"""The glossary's kinds of card whose English name may stand in an engine's datum (a gain's cause)."""


@cache
def _keys_by_english() -> dict[str, tuple[str, str]]:
    """Each card's English name -> (glossary kind, number), from the bundled Polish glossary (every glossary has
    the same keys and English names)."""
    found: dict[str, tuple[str, str]] = {}
    for key, entry in bundled("pl").items():
        kind, _, number = key.partition(":")
        if kind in CARD_KINDS:
            found.setdefault(entry.en, (kind, number))
    return found


def card(_: Translator, english: str) -> str:
    """A card, tile or rule named in English by the engine ("Bellboy", "Emperor tile A1", "action 4") in `_`'s
    language: the glossary's name (a server's own), else the English name."""
    if _.language == "en":
        return english
    keyed = _keys_by_english().get(english)
    if keyed is not None:
        return card_name(_, keyed[0], keyed[1], english)
    tile = re.fullmatch(r"Emperor tile (\w+)", english)
    if tile:
        return _("Emperor tile {tile}", tile=tile.group(1))
    action = re.fullmatch(r"action (\d)", english)
    if action:
        return _("action {number}", number=action.group(1))
    return english


def card_of(_: Translator, kind: str, number: object, english: str) -> str:
    """Card `kind:number` ("staff", 16) in `_`'s language (`english` when the glossary lacks it or the number is
    not given)."""
    return english if number is None or number == "" else card_name(_, kind, str(number), english)


ITEM_COUNTS: tuple[Callable[[Translator, int], str], ...] = (
    lambda _, n: _.ngettext("{count} strudel", "{count} strudel", n),
    lambda _, n: _.ngettext("{count} cake", "{count} cakes", n),
    lambda _, n: _.ngettext("{count} wine", "{count} wine", n),
    lambda _, n: _.ngettext("{count} coffee", "{count} coffee", n),
)
"""A number of each kitchen item (`ITEMS`' order) in a language."""


def items_counted(_: Translator, counts: Sequence[int],
                  join: Callable[[Translator, Sequence[str]], str] | None = None) -> str:
    """Counted kitchen items joined by `join` (default `joined`, with "and": "2 strudel and 1 cake"), or
    "nothing"."""
    if _.language == "en":
        parts = [f"{n} {ITEMS[i]}" for i, n in enumerate(counts) if n]
    else:
        parts = [ITEM_COUNTS[i](_, n) for i, n in enumerate(counts) if n]
    return (join or joined)(_, parts) if parts else _("nothing")


def served(_: Translator, item: int) -> str:
    """A kitchen item as what a guest is served ("coffee"; Polish "kawę")."""
    names = (_.pgettext("served", "strudel"), _.pgettext("served", "cake"), _.pgettext("served", "wine"),
             _.pgettext("served", "coffee"))
    return names[item]


def colour(_: Translator, english: str) -> str:
    """A guest's or room's colour ("red") as an adjective of a room in `_`'s language."""
    words = {"red": _.pgettext("colour", "red"), "blue": _.pgettext("colour", "blue"),
             "yellow": _.pgettext("colour", "yellow"), "green": _.pgettext("colour", "green")}
    return words.get(english, english)


def action_name(_: Translator, space: int) -> str:
    """What action space `space` (1-6) does, in words (rulebook: action spaces 1-6)."""
    names = {1: _("Strudel or cake"), 2: _("Wine or coffee"), 3: _("Prepare rooms"), 4: _("Krones or Emperor"),
             5: _("Play staff"), 6: _("Copy an action 1-5")}
    return names.get(space, _("an action"))


def joined(_: Translator, parts: Sequence[str]) -> str:
    """`parts` as one list: "a", "a and b", "a, b and c" (the language's "and")."""
    if len(parts) == 1:
        return parts[0]
    return _.pgettext("list", "{items} and {last}", items=", ".join(parts[:-1]), last=parts[-1])


def listed(_: Translator, parts: Sequence[str]) -> str:
    """`parts` as one list the way the engine's sentences list them in English, with commas only ("a, b, c"); in
    another language as `joined` (its "and" before the last)."""
    if len(parts) == 1:
        return parts[0]
    return _.pgettext("engine list", "{items}, {last}", items=", ".join(parts[:-1]), last=parts[-1])


RULES: dict[str, Callable[[Translator], str]] = {
    "Emperor scoring": lambda _: _("Emperor scoring"),
    "room badges": lambda _: _("room badge"),
    "occupancy bonus": lambda _: _("occupancy bonus"),
    "emperor track overflow": lambda _: _("beyond the end of the Emperor track"),
    "politics": lambda _: _("politics card"),
    "setup": lambda _: _("starting room"),
    "guests": lambda _: _("guests"),
    "staff": lambda _: _("staff"),
    "Emperor tiles": lambda _: _("Emperor tiles"),
    "celebrities": lambda _: _("celebrities"),
    "hotel entrance": lambda _: _("hotel entrance"),
    "future Emperor scorings": lambda _: _("future Emperor scorings"),
    "game-end staff": lambda _: _("game-end staff"),
    "occupied rooms": lambda _: _("occupied rooms"),
    "krones": lambda _: _("krones"),
    "dishes and drinks": lambda _: _("dishes and drinks"),
    "café guests": lambda _: _("café guests"),
    "the skeleton key": lambda _: _("the skeleton key"),
}
"""A rule's label in the engine's data (a gain's source, a part of a score) -> its words in a cause's brackets or
a score's parts."""


def rule(_: Translator, label: str) -> str:
    """A rule's or card's label in a cause's brackets in `_`'s language (`RULES`, else `card`)."""
    words = RULES.get(label)
    if words is not None:
        return words(_)
    if _.language != "en" and (bonus := re.fullmatch(r"the (\w+) die's bonus", label)):
        return _("the {colour} die's bonus", colour=colour(_, bonus[1]))
    if _.language != "en" and (instruction := re.fullmatch(r"instruction card (\d+)", label)):
        return _("instruction card {card}", card=instruction[1])
    return card(_, label)
