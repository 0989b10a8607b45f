"""The words of each Let's Waltz module, registered by the module's own file (issue 54, item 3): `ModuleWords` holds
everything a module adds to the bot's texts, `register` files it under the module's name, and the general GAH files
(recaps, panels, rules pages, `/gah card`) read the union of them instead of naming a module.

A module's words are its event sentences (`events`, `phrases`, `as_written`, `round_end`, `vp_told`), its panel's
questions, labels and "?" answers (`prompts`, `labels`, `text_answers`, `answer_kinds`, `answers`, `decision_help`), its
rules sentence (`rules`) and its cards for `/gah card` (`card_names`, `card_page`). The msgids stay where `pybabel
extract` finds them: literal `_()`/`N_()` calls in the module's file (or the option spec's sentence, `rules_pages`'s
extractor)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from engine.core.actions import Action, Event
from engine.gah import GameState
from engine.gah.options_spec import WALTZ_MODULES
from render.core.i18n import Translator

K = TypeVar("K")
V = TypeVar("V")

EventWords = Callable[[Translator, Event], str | None]
"""An engine-sentence event's words in a language other than English: (translator, event) -> a verb phrase
without its subject, or None for the engine's sentence after all (`bot.games.gah.words_events`)."""

Phrase = Callable[[Translator, Event, int], str | None]
"""An event's words as a verb phrase without its subject: (the language's translator, event, krones paid just
before it) -> words, or None for the engine's own sentence (`bot.games.gah.words_phrases`)."""

Describe = Callable[[GameState, Action, Translator], tuple[str, str]]
"""A panel label function: (state, action, the clicker's words) -> (label at most 80 characters, description at
most 100)."""


def _no_page(_: Translator, wanted: str) -> str | None:
    """A module without cards of its own: `/gah card` finds nothing here."""
    return None


def _no_cards() -> list[str]:
    return []


@dataclass(frozen=True)
class ModuleWords:
    """What one Let's Waltz module adds to the bot's words, each keyed as the engine names it.

    `name`: the module's name in `engine.gah.options_spec.WALTZ_MODULES`. `rules`: its sentence of the rules page in
    `_`'s language. `events`: words of its engine-sentence event kinds in another language, by event kind. `phrases`:
    recap words of its event kinds that have their own in every language (English too). `as_written`: its event kinds
    whose English engine sentence is already the recap's line. `round_end`: its event kinds of a round's end (told under
    "End of round N"). `vp_told`: its event kinds whose words already say the VP that the next event scores. `prompts`:
    the engine's questions of its decisions (its payloads' `PROMPT`), marked for the catalogs. `decision_help`: the
    panel's "?" answer by decision kind. `labels`: panel labels by (decision kind, action kind). `text_answers`: its
    decisions whose "return"/"discard" answers name a die or an item (the engine's text is the label). `answer_kinds`:
    its own action kinds whose engine text is the label (capitalised); `answers`: its fixed answer texts so capitalised,
    marked for the catalogs (translated whole). `card_names`: its cards as `/gah card` lists them. `card_page`: `/gah
    card`'s text for an English card name (lower case) in `_`'s language, or None. `solo_opponent`: the solo opponent
    the module brings instead of Leopold, as the lobby names it (None: it brings none)."""

    name: str
    rules: Callable[[Translator], str]
    events: Mapping[str, EventWords] = field(default_factory=dict)
    phrases: Mapping[str, Phrase] = field(default_factory=dict)
    as_written: frozenset[str] = frozenset()
    round_end: frozenset[str] = frozenset()
    vp_told: frozenset[str] = frozenset()
    prompts: tuple[str, ...] = ()
    decision_help: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[tuple[str, str], Describe] = field(default_factory=dict)
    text_answers: frozenset[str] = frozenset()
    answer_kinds: frozenset[str] = frozenset()
    answers: frozenset[str] = frozenset()
    card_names: Callable[[], list[str]] = _no_cards
    card_page: Callable[[Translator, str], str | None] = _no_page
    solo_opponent: str | None = None


MODULE_WORDS: dict[str, ModuleWords] = {}
"""Each Let's Waltz module's words, by module name (filled by `register` as `bot.games.gah.waltz` imports the
modules' files)."""


def register(words: ModuleWords) -> ModuleWords:
    """File `words` under its module's name; raises ValueError for a name the option spec does not declare or one
    registered twice."""
    if words.name not in {module.name for module in WALTZ_MODULES}:
        raise ValueError(f"{words.name!r} is not a Let's Waltz module of engine.gah.options_spec.WALTZ_MODULES")
    if words.name in MODULE_WORDS:
        raise ValueError(f"the words of {words.name!r} are registered twice")
    MODULE_WORDS[words.name] = words
    return words


def in_order() -> list[ModuleWords]:
    """The registered modules' words in `WALTZ_MODULES`' order (the rules page's order)."""
    return [MODULE_WORDS[module.name] for module in WALTZ_MODULES if module.name in MODULE_WORDS]


def merged_events() -> dict[str, EventWords]:
    """Every module's `events`, by event kind (raises ValueError if two modules word one kind)."""
    return _merged(words.events for words in in_order())


def merged_phrases() -> dict[str, Phrase]:
    """Every module's `phrases`, by event kind (raises ValueError if two modules word one kind)."""
    return _merged(words.phrases for words in in_order())


def merged_labels() -> dict[tuple[str, str], Describe]:
    """Every module's panel `labels`, by (decision kind, action kind)."""
    return _merged(words.labels for words in in_order())


def merged_help() -> dict[str, str]:
    """Every module's "?" answers, by decision kind."""
    return _merged(words.decision_help for words in in_order())


def union(part: Callable[[ModuleWords], frozenset[str]]) -> frozenset[str]:
    """The union of one set-valued field over every module (`union(lambda words: words.as_written)`)."""
    return frozenset().union(*(part(words) for words in in_order()))


def _merged(parts: Iterable[Mapping[K, V]]) -> dict[K, V]:
    merged: dict[K, V] = {}
    for part in parts:
        twice = merged.keys() & part.keys()
        if twice:
            raise ValueError(f"worded by two Let's Waltz modules: {sorted(map(str, twice))}")
        merged |= part
    return merged
