"""Numbers with their nouns, in agreement ("1 krone", "2 krones", "3 VP"), and a checker that finds a number and a
noun that disagree in any text (pure: no I/O).

Every text of bot/ and render/ that puts a number before a noun builds it with `count` (it lives in render/ so
that both can use it: render/ never imports bot/); the end-to-end tests run `disagreements` over every message the
bot sent through the Discord stand-in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from render.core.i18n import Translator, translator

IRREGULAR: dict[str, str] = {
    "VP": "VP",
    "die": "dice",
    "staff": "staff",
    "strudel": "strudel",
    "cake": "cake",
    "wine": "wine",
    "coffee": "coffee",
    "bonus": "bonuses",
    "entry": "entries",
}
"""Nouns whose plural is not the singular with an "s": VP (victory points) and the kitchen items stay as they
are, a die becomes dice. A compound noun ("staff card", "prepared room") is made plural by its last word."""


def plural(noun: str) -> str:
    """The plural of `noun` ("krone" -> "krones", "die" -> "dice", "staff card" -> "staff cards", "VP" -> "VP").

    >>> plural("occupied room")
    'occupied rooms'
    """
    head, _, last = noun.rpartition(" ")
    many = IRREGULAR.get(last, last + "s")
    return f"{head} {many}" if head else many


COUNTED: dict[str, Callable[[Translator, int], str]] = {
    "krone": lambda _, n: _.ngettext("{count} krone", "{count} krones", n),
    "VP": lambda _, n: _.ngettext("{count} VP", "{count} VP", n),
    "staff card": lambda _, n: _.ngettext("{count} staff card", "{count} staff cards", n),
    "guest": lambda _, n: _.ngettext("{count} guest", "{count} guests", n),
    "room": lambda _, n: _.ngettext("{count} room", "{count} rooms", n),
    "prepared room": lambda _, n: _.ngettext("{count} prepared room", "{count} prepared rooms", n),
    "occupied room": lambda _, n: _.ngettext("{count} occupied room", "{count} occupied rooms", n),
    "step": lambda _, n: _.ngettext("{count} step", "{count} steps", n),
    "die": lambda _, n: _.ngettext("{count} die", "{count} dice", n),
    "item": lambda _, n: _.ngettext("{count} item", "{count} items", n),
    "politics card": lambda _, n: _.ngettext("{count} politics card", "{count} politics cards", n),
    "card": lambda _, n: _.ngettext("{count} card", "{count} cards", n),
    "coin": lambda _, n: _.ngettext("{count} coin", "{count} coins", n),
    "point token": lambda _, n: _.ngettext("{count} point token", "{count} point tokens", n),
}
"""The counted nouns of a game's public words, each through the catalogs' `ngettext` (Polish has three plural
forms, German two); English gives the same words as the rule of `plural`."""

COUNTED_OBJECTS: dict[str, Callable[[Translator, int], str]] = {
    "krone": lambda _, n: _.npgettext("object", "{count} krone", "{count} krones", n),
}
"""The counted nouns whose words differ as the object of a verb or preposition ("pays 1 krone": Polish "płaci 1
koronę", not the "1 korona" of a price in brackets)."""


def count(number: int | float, noun: str, many: str | None = None, *, language: str = "en",
          as_object: bool = False) -> str:
    """`number` and `noun` in agreement in `language`: a noun of `COUNTED` by its catalog's plural forms
    ("2 korony", "5 koron"); any other in English, the singular for exactly 1 (also 1.0), else the plural (`many`,
    or `plural(noun)`). `as_object`: the words of the object of a verb (`COUNTED_OBJECTS`), where they differ.

    >>> count(1, "krone"), count(2, "krone"), count(0, "game"), count(3, "VP"), count(1.5, "hour")
    ('1 krone', '2 krones', '0 games', '3 VP', '1.5 hours')
    """
    counted = ((as_object and COUNTED_OBJECTS.get(noun)) or COUNTED.get(noun)) if many is None else None
    if counted is not None and isinstance(number, int):
        return counted(translator(language), number)
    shown = f"{number:g}" if isinstance(number, float) else str(number)
    return f"{shown} {noun if number == 1 else (many or plural(noun))}"


def krones(amount: int, *, language: str = "en") -> str:
    """An amount of krones in `language`, "free" for none ("free", "1 krone", "3 krones")."""
    _ = translator(language)
    return _("free") if amount == 0 else count(amount, "krone", language=language)


CHECKED_NOUNS: tuple[str, ...] = (
    "krone", "game", "win", "coin", "token", "point token", "VP", "staff card", "card", "die", "guest", "room",
    "step", "item", "kitchen item", "turn", "round", "player", "point", "bed", "second", "minute", "hour", "day",
    "seat", "move", "click", "page", "decision", "option", "politics card", "Emperor step", "group", "table",
    "marker", "chit", "celebrity", "booking", "crest", "order",
)
"""The nouns `disagreements` checks after a number: the counted things of the game and of the bot's messages."""


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(a number with a noun's plural, a number with a noun's singular), for every checked noun whose plural
    differs from its singular. A number is not part of a longer number, a room name ("4-4") or a ratio ("1/0")."""
    nouns = [noun for noun in CHECKED_NOUNS if plural(noun) != noun]
    number = r"(?<![\w.,/-])(\d+(?:\.\d+)?)"
    many = "|".join(sorted((re.escape(plural(noun)) for noun in nouns), key=len, reverse=True))
    one = "|".join(sorted((re.escape(noun) for noun in nouns), key=len, reverse=True))
    modifier = r"(?!\s+(?:tiles?|tokens?|cards?|symbols?|track|spaces?)\b)"  # "12 room tiles", "2 point tokens"
    return (re.compile(rf"{number}\s+({many})(?![\w'])"),
            re.compile(rf"{number}\s+({one})(?![\w'-]){modifier}"))


def disagreements(text: str) -> list[str]:
    """Every place in `text` where a number and a noun disagree ("1 krones", "2 krone", "1 games", "1 VPs"),
    as the words found, in order.

    >>> disagreements("raises to 1 krones; 2 krones; 1 games, 0 wins; 3 VP; 1 VPs; 2 die")
    ['1 krones', '1 games', '1 VPs', '2 die']
    """
    many, one = _patterns()
    found: list[tuple[int, str]] = []
    for match in many.finditer(text):
        if float(match.group(1)) == 1:
            found.append((match.start(), match.group(0)))
    for match in one.finditer(text):
        if float(match.group(1)) != 1:
            found.append((match.start(), match.group(0)))
    found += [(match.start(), match.group(0)) for match in re.finditer(r"\b\d+ VPs\b", text)]
    return [words for _, words in sorted(found)]


def agree(text: str) -> str:
    """`text` with every number and noun that disagree (see `disagreements`) put in agreement ("raises to 1
    krones" -> "raises to 1 krone"); for sentences written elsewhere (the engine's) before they are shown.

    >>> agree("raises to 1 krones and 2 die")
    'raises to 1 krone and 2 dice'
    """
    many, one = _patterns()
    singular = {plural(noun): noun for noun in CHECKED_NOUNS}

    def to_one(match: re.Match[str]) -> str:
        number, noun = match.group(1), match.group(2)
        return f"{number} {singular.get(noun, noun)}" if float(number) == 1 else match.group(0)

    def to_many(match: re.Match[str]) -> str:
        number, noun = match.group(1), match.group(2)
        return f"{number} {plural(noun)}" if float(number) != 1 else match.group(0)

    text = re.sub(r"\b1 VPs\b", "1 VP", text)
    return one.sub(to_many, many.sub(to_one, text))
