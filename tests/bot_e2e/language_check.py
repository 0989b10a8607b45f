"""Issue 55's done-when check: the English source strings of the catalog that a text in another language must not
contain, and who read each text the bot sent (the channel, a member's private answers, a DM).

`english_fragments(language)` cuts every msgid of `locales/<language>/LC_MESSAGES/gah.po` at its placeholders and
keeps each literal piece long enough to be unmistakably English (two words or more, 12 characters or more) that its
own translation does not also contain (a name such as "Grand Austria Hotel" stays the same in every language).
`ReaderTexts.attach(standin)` records every version of every message the bot sends, with its reader;
`texts_in_languages` checks a whole game's record against the languages its readers should read.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from babel.messages.pofile import read_po

from render.core.i18n import catalog_path
from tests.discord_standin import StandIn

from .harness import World, build_world
from .words_check import SentTexts, message_texts

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MARKDOWN = re.compile(r"[*_`>~|]+")
SHORTEST = 12
"""Characters a piece of a msgid needs to count as an English sentence part (shorter ones: "OK", "VP", names)."""
SENTENCE_END = re.compile(r"(?<=[.!?:;])\s+|\n+")
"""Where a msgid is cut into pieces besides its placeholders: after a sentence's end, and at line breaks."""


def _pieces(text: str) -> list[str]:
    """The literal pieces of a msgid between its placeholders and sentence ends, without markdown, trimmed of spaces
    and punctuation."""
    pieces = []
    for part in PLACEHOLDER.split(MARKDOWN.sub("", text)):
        for piece in SENTENCE_END.split(part):
            piece = " ".join(piece.split()).strip(" .,:;!?()-–—'\"")
            if len(piece) >= SHORTEST and len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2:
                pieces.append(piece)
    return pieces


@functools.cache
def english_fragments(language: str) -> tuple[tuple[str, str], ...]:
    """(piece, msgid) for every English piece a text in `language` must not contain (see the module's docstring)."""
    with catalog_path(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    found: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id or message.context in ("command_name", "option_name"):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        translated = message.string if isinstance(message.string, tuple) else (message.string,)
        own = MARKDOWN.sub("", " ".join(str(text) for text in translated))
        found += [(piece, ids[0]) for text in ids for piece in _pieces(text) if piece not in " ".join(own.split())]
    return tuple(found)


@functools.cache
def english_labels(language: str) -> frozenset[str]:
    """The catalog's short texts without placeholders ("Log", "My hand") that `language` says differently: a button
    label, a menu option or a field name that is exactly one of them is English."""
    with catalog_path(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    return frozenset(message.id for message in catalog
                     if isinstance(message.id, str) and message.id and "{" not in message.id
                     and isinstance(message.string, str) and message.string and message.string != message.id
                     and re.search("[A-Za-z]{3}", message.id))


def english_left(texts: Iterable[str], language: str) -> list[str]:
    """"piece (msgid) in: text" for every English piece of the catalog found in a text meant to be in `language`,
    and every text that is exactly one of the catalog's short English texts (`english_labels`)."""
    fragments, labels = english_fragments(language), english_labels(language)
    left = []
    for text in texts:
        flat = " ".join(MARKDOWN.sub("", text).split())
        left += [f"{piece!r} (msgid {msgid[:60]!r}) in: {text[:200]!r}" for piece, msgid in fragments if piece in flat]
        if flat in labels:
            left.append(f"the label {flat!r}")
    return left


class ReaderTexts(SentTexts):
    """Every text the bot sent while attached (`SentTexts.attach`), also by who reads it (`by_reader`): "channel"
    (a public post), a user id (an ephemeral answer) or "dm" (a direct message)."""

    def __init__(self, standin: StandIn) -> None:
        super().__init__(standin)
        self.by_reader: dict[str, list[str]] = {}
        self._read: set[tuple[str, str]] = set()

    def record(self, message: Any) -> None:
        super().record(message)
        if message.author.id != self.standin.bot.id:
            return
        if message.ephemeral_for is not None:
            reader = str(message.ephemeral_for)
        elif message.guild_id is None:
            reader = "dm"
        else:
            reader = "channel"
        for text in message_texts(message):
            if (reader, text) not in self._read:
                self._read.add((reader, text))
                self.by_reader.setdefault(reader, []).append(text)


def texts_of(recorded: ReaderTexts, *readers: str) -> list[str]:
    """The texts `readers` read ("channel", a user id, "dm"), in the order they were first sent."""
    return [text for reader in readers for text in recorded.by_reader.get(reader, [])]


def texts_in_languages(recorded: ReaderTexts, languages: dict[str, str], least: dict[str, int]) -> dict[str, list[str]]:
    """Every text of a whole game by the language it must be in, after checking that none holds English.

    `languages` maps a reader ("channel", a user id) to the language they read; `least` the fewest texts each
    language's readers must have seen (a game that sent almost nothing proves nothing). Returns {language: texts}.
    Raises AssertionError listing the first English pieces found (`english_left`), or naming a language whose
    readers saw too few texts."""
    by_language: dict[str, list[str]] = {}
    for reader, language in languages.items():
        by_language.setdefault(language, []).extend(texts_of(recorded, reader))
    counts = {language: len(texts) for language, texts in by_language.items()}
    assert all(counts.get(language, 0) > fewest for language, fewest in least.items()), counts
    left = [line for language, texts in by_language.items() for line in english_left(texts, language)]
    assert not left, f"{len(left)} English texts left:\n" + "\n".join(left[:40])
    return by_language


def polish_world(standin: StandIn) -> World:
    """The test world of a Polish-speaking server: the guild's preferred locale and ann's client Polish, bob's client
    German (to be set before the bot connects)."""
    made = build_world(standin)
    standin.set_locale(made.guild, "pl")
    standin.set_locale(made.ann, "pl")
    standin.set_locale(made.bob, "de")
    return made
