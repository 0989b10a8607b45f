"""The names of the cards and the game terms in Polish and German (issue 55, item 4): `locales/<lang>/glossary.json`.

Each entry has a stable key ("staff:16", "term:guest", "ob_guest:monk"), the English name, the translation and its
source: a published edition's word found in a reference (`SOURCES`), or "ours". A server that owns printed cards
may replace entries with its own file (`GAH_GLOSSARY_DIR`, read by `bot.host.settings`): `<dir>/<lang>.json` in the same
shape, each of its entries replacing the bundled one of the same key. Discord-free and Pillow-free, in render/ so that
the pictures can name the cards (render/ never imports bot/); `bot.host.glossary` re-exports it.

    term("de", "staff:16")   # "Wäscherin"
    term("en", "staff:16")   # "Laundress"
    glossary("pl")["ob_term:back_door"].translation   # "tylne drzwi"
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

LOCALES = Path(__file__).resolve().parents[2] / "locales"
"""The bundled catalogs and glossaries (`locales/<lang>/glossary.json`), shipped beside the packages."""

LANGUAGES: tuple[str, ...] = ("de", "pl")
"""The languages with a glossary; any other asks for English."""

SOURCES: Mapping[str, str] = MappingProxyType({
    "ours": "our own translation",
    "2015 rulebook, staff card list": "the 2015 English rulebook's staff card list, which prints every staff card's "
                                      "German name beside its English one (gah-rulebook-2015-en.txt)",
    "2015 rulebook, guest card notes": "the 2015 English rulebook's notes on a few guests, named in German there",
    "SPIELREGAL German names (unofficial)": "the German names in the engine's data (engine/gah/data/guests.json "
                                            "name_de), from the German browser version SPIELREGAL, whose author "
                                            "translated the names the rulebook does not print",
    "Overbooking rulebook (pl)": "the Polish Overbooking rulebook (Egmont 2023, second-game-rulebook-pl.txt); "
                                 "the entry's quote is the passage as it stands in that scanned text",
})
"""Every source an entry may cite, with what it is. A server's override file may cite anything (its own cards)."""

FIELDS: tuple[str, ...] = ("key", "en", "translation", "source")
"""The fields every bundled entry has (and may have "quote": the cited passage)."""

OVERRIDE_FIELDS: tuple[str, ...] = ("key", "translation", "source")
"""The fields every entry of a server's override file has ("en", if given, must be the bundled English name)."""

MAX_FILE_BYTES = 1_000_000
"""The largest glossary file read (a bundled one is about 40 KB)."""

MAX_TEXT = 500
"""The most characters of any name, term or card text (the longest bundled one, a solo hotel entrance's text that the
turn panel tells, has about 400)."""


class GlossaryError(ValueError):
    """A glossary file that cannot be used; `problems` lists every fault found, one readable sentence each."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{source} is not a valid glossary file:\n- " + "\n- ".join(problems))


@dataclass(frozen=True)
class Entry:
    """One card name or term: its stable `key`, the English name `en`, the `translation`, its `source` and, for a
    published word, the `quote` where it stands in that source."""

    key: str
    en: str
    translation: str
    source: str
    quote: str | None = None


def language(locale: str | None) -> str:
    """The glossary language of a Discord locale ("pl", "de", "de-AT" -> "de"); "en" for any other or None."""
    code = (locale or "").split("-")[0].lower()
    return code if code in LANGUAGES else "en"


@cache
def bundled(lang: str) -> Mapping[str, Entry]:
    """The shipped glossary of `lang` ("de" or "pl"), by key; read and checked once.

    Raises:
        GlossaryError: the bundled file is broken (a packaging or editing mistake; tests/test_glossary.py checks it).
        KeyError: `lang` has no glossary.
    """
    if lang not in LANGUAGES:
        raise KeyError(f"no glossary for {lang!r}; there are {', '.join(LANGUAGES)}")
    path = LOCALES / lang / "glossary.json"
    return MappingProxyType(parse(_read(path, str(path)), str(path), lang))


def parse(raw: Any, where: str, lang: str) -> dict[str, Entry]:
    """The entries of a bundled glossary file's JSON `raw` (`where` names it in messages), by key.

    Raises:
        GlossaryError: it is not an object with `language` equal to `lang` and a list of `entries`, an entry lacks
            a field or has an empty one, cites a source not in `SOURCES`, or a key comes twice.
    """
    rows = _rows(raw, where, lang)
    problems: list[str] = []
    entries: dict[str, Entry] = {}
    for number, row in enumerate(rows, 1):
        entry = _entry(row, f"entry {number}", FIELDS, problems)
        if entry is None:
            continue
        if entry.source not in SOURCES:
            problems.append(f"entry {number} ({entry.key}) cites {entry.source!r}, which is not a known source "
                            f"({', '.join(map(repr, SOURCES))}).")
        if entry.key in entries:
            problems.append(f"entry {number}: the key {entry.key!r} comes twice.")
        entries[entry.key] = entry
    if problems:
        raise GlossaryError(where, problems)
    return entries


def read_overrides(directory: str | Path, *, label: str = "") -> dict[str, dict[str, Entry]]:
    """A server's own names: `<directory>/<lang>.json` for each language that has a file (none is required), each
    entry replacing the bundled one of its key. Read and checked at start (`bot.host.settings`), so that a bad file
    stops the bot with every problem listed. `label` (the setting's name) starts every file's name in messages.

    Raises:
        GlossaryError: the directory cannot be read, a file is not a regular file, too large, not UTF-8 JSON, not
            of the glossary's shape, or an entry names a key the bundled glossary does not have, lacks a field, or
            gives an English name other than the bundled one.
    """
    folder = Path(directory)
    named = f"{label} ({{}})" if label else "{}"
    if not folder.is_dir():
        raise GlossaryError(named.format(folder), ["it is not a folder (it should hold de.json and/or pl.json)."])
    found: dict[str, dict[str, Entry]] = {}
    for lang in LANGUAGES:
        path = folder / f"{lang}.json"
        if path.exists():
            found[lang] = _overrides(_read(path, named.format(path)), named.format(path), lang)
    return found


@cache
def _overrides_of(directory: str) -> Mapping[str, Mapping[str, Entry]]:
    return MappingProxyType({lang: MappingProxyType(rows) for lang, rows in read_overrides(directory).items()})


def glossary(lang: str, overrides: str | Path | None = None) -> Mapping[str, Entry]:
    """Every entry of `lang`'s glossary by key: the bundled one, with the entries of the server's override folder
    `overrides` (`Settings.glossary_dir`) in place of the bundled ones of the same key. English ("en") has no
    glossary: an empty mapping (`term` then gives the English names).

    Raises:
        GlossaryError: the override folder's file for `lang` is broken (checked at start already).
    """
    if lang not in LANGUAGES:
        return MappingProxyType({})
    entries = bundled(lang)
    if overrides is None:
        return entries
    replaced = _overrides_of(str(overrides)).get(lang)
    return MappingProxyType({**entries, **replaced}) if replaced else entries


def term(lang: str, key: str, overrides: str | Path | None = None) -> str:
    """The name of `key` ("staff:16", "term:krone") in `lang`: the translation, or the English name for "en", an
    unknown language or an entry missing in `lang` (a card added after the glossary was written).

    Raises:
        KeyError: no glossary knows `key` at all (a misspelt key).
    """
    entry = glossary(lang, overrides).get(key)
    if entry is not None:
        return entry.translation
    for other in LANGUAGES:
        english = bundled(other).get(key)
        if english is not None:
            return english.en
    raise KeyError(f"no glossary entry {key!r}")


# ----- reading and checking ----------------------------------------------------------------------------------------


def _read(path: Path, where: str) -> Any:
    """The JSON in the regular file `path` of at most `MAX_FILE_BYTES`, in UTF-8 (a byte order mark is fine)."""
    try:
        if not path.is_file():
            raise GlossaryError(where, ["it is not a regular file."])
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise GlossaryError(where, [f"it cannot be read: {error.strerror or error}."]) from error
    if len(data) > MAX_FILE_BYTES:
        raise GlossaryError(where, [f"it is larger than {MAX_FILE_BYTES:,} bytes."])
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as error:
        raise GlossaryError(where, [f"it is not UTF-8 text (byte {error.start})."]) from error
    except (ValueError, RecursionError) as error:
        raise GlossaryError(where, [f"it is not valid JSON: {error}."]) from error


def _rows(raw: Any, where: str, lang: str) -> list[Any]:
    """The `entries` list of a glossary file, whose `language` must be `lang`."""
    if not isinstance(raw, dict):
        raise GlossaryError(where, ['it must be a JSON object: {"language": ..., "entries": [...]}.'])
    problems = []
    if raw.get("language") != lang:
        problems.append(f'its "language" must be {lang!r}, not {raw.get("language")!r}.')
    rows = raw.get("entries")
    if not isinstance(rows, list):
        problems.append('it needs "entries": a list of {"key", "translation", "source", ...} objects.')
    if problems:
        raise GlossaryError(where, problems)
    assert isinstance(rows, list)
    return rows


def _entry(row: Any, name: str, required: tuple[str, ...], problems: list[str]) -> Entry | None:
    """The entry `row` (called `name` in messages), or None after adding its faults to `problems`."""
    if not isinstance(row, dict):
        problems.append(f"{name} must be an object with {', '.join(required)}.")
        return None
    known = {*FIELDS, "quote"}
    faults = [f"{name}{_named(row)} lacks {field!r}." for field in required if field not in row]
    faults += [f"{name}{_named(row)} has an unknown field {field!r}." for field in row if field not in known]
    for field in sorted(known & row.keys()):
        value = row[field]
        if not isinstance(value, str) or not value.strip():
            faults.append(f"{name}{_named(row)}: {field!r} must be a text that is not empty.")
        elif len(value) > MAX_TEXT:
            faults.append(f"{name}{_named(row)}: {field!r} is longer than {MAX_TEXT} characters.")
        elif unicodedata.normalize("NFC", value) != value:
            faults.append(f"{name}{_named(row)}: {field!r} is not in Unicode NFC form (write ó, not o + accent).")
    if faults:
        problems.extend(faults)
        return None
    return Entry(key=row["key"], en=row.get("en", ""), translation=row["translation"], source=row["source"],
                 quote=row.get("quote"))


def _named(row: dict[str, Any]) -> str:
    key = row.get("key")
    return f" ({key})" if isinstance(key, str) and key else ""


def _overrides(raw: Any, where: str, lang: str) -> dict[str, Entry]:
    """The entries of a server's override file for `lang`, each checked against the bundled glossary."""
    rows = _rows(raw, where, lang)
    known = bundled(lang)
    problems: list[str] = []
    entries: dict[str, Entry] = {}
    for number, row in enumerate(rows, 1):
        entry = _entry(row, f"entry {number}", OVERRIDE_FIELDS, problems)
        if entry is None:
            continue
        original = known.get(entry.key)
        if original is None:
            problems.append(f"entry {number}: the key {entry.key!r} is not in the bundled glossary (keys look like "
                            "'staff:16', 'guest:49', 'term:krone').")
            continue
        if entry.en and entry.en != original.en:
            problems.append(f"entry {number} ({entry.key}): its English name {entry.en!r} is not the bundled one "
                            f"({original.en!r}); is the key right?")
        if entry.key in entries:
            problems.append(f"entry {number}: the key {entry.key!r} comes twice.")
        entries[entry.key] = Entry(entry.key, original.en, entry.translation, entry.source, entry.quote)
    if problems:
        raise GlossaryError(where, problems)
    return entries
