"""Issue 55 item 1: the message catalogs (`locales/`, `render/core/i18n.py` = `bot.host.i18n`) are current, complete
and sound.

Current: `pybabel extract -F babel.cfg` run now finds exactly the texts of the template and of every language's
catalog (a source text missing from a catalog, or one left in it that the code no longer has, fails). Complete: no
entry untranslated or fuzzy. Sound: a translation has the same named placeholders as its English text, in every
plural form. And the plural forms follow CLDR's rules: Polish has three, German two.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from render.core import i18n

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "locales" / f"{i18n.DOMAIN}.pot"
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")
"""A named placeholder of str.format: `{count}`, `{player!r}`, `{amount:>3}` (not an escaped `{{`)."""

Key = tuple[str | None, str | tuple[str, ...]]


def read(path: Path, language: str | None = None) -> Catalog:
    """The catalog (or template) at `path`."""
    with path.open("rb") as file:
        return read_po(file, locale=language)


def key(message: Message) -> Key:
    """A message's identity: its context and its text (both forms of a plural one)."""
    return message.context, message.id if isinstance(message.id, str) else tuple(message.id)


def entries(catalog: Catalog) -> Iterator[Message]:
    """Every message of `catalog` but the header (obsolete ones are not in it)."""
    return (message for message in catalog if message.id)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> set[Key]:
    """What `pybabel extract` finds in the code now, as docs/contributing.md runs it."""
    output = tmp_path_factory.mktemp("extract") / "now.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "-k", "Nn_:1,2", "-o",
                                str(output), "--no-location", "--sort-output", str(ROOT)])
    return {key(message) for message in entries(read(output))}


def test_extraction_finds_the_slash_commands_and_the_plural_texts(extracted: set[Key]) -> None:
    assert ("command_name", "turn") in extracted and ("group_name", "overbooking") in extracted
    assert ("choice_name", "master") in extracted  # an AI level: data, not a marked string
    assert (None, ("{count} krone", "{count} krones")) in extracted


def test_the_template_is_current(extracted: set[Key]) -> None:
    held = {key(message) for message in entries(read(TEMPLATE))}
    assert sorted(extracted - held, key=str) == [], "not in locales/gah.pot: run pybabel extract"
    assert sorted(held - extracted, key=str) == [], "no longer in the code: run pybabel extract"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_each_catalog_is_current(language: str, extracted: set[Key]) -> None:
    held = {key(message) for message in entries(read(i18n.catalog_path(language), language))}
    assert sorted(extracted - held, key=str) == [], f"not in the {language} catalog: run pybabel update"
    assert sorted(held - extracted, key=str) == [], f"no longer in the code: run pybabel update ({language})"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_each_catalog_is_complete(language: str) -> None:
    catalog = read(i18n.catalog_path(language), language)
    untranslated = [key(m) for m in entries(catalog)
                    if not (m.string if isinstance(m.string, str) else all(m.string))]
    fuzzy = [key(m) for m in entries(catalog) if m.fuzzy]
    assert untranslated == [] and fuzzy == []
    assert catalog.num_plurals == {"pl": 3, "de": 2}[language]


def placeholders(text: str) -> set[str]:
    """The names of `text`'s placeholders."""
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_translation_keeps_the_placeholders_of_its_text(language: str) -> None:
    catalog = read(i18n.catalog_path(language), language)
    broken = []
    for message in entries(catalog):
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        wanted = set().union(*(placeholders(source) for source in sources))
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        assert len(forms) == (1 if isinstance(message.id, str) else catalog.num_plurals), key(message)
        broken += [(key(message), form) for form in forms if placeholders(form) != wanted]
    assert broken == []


def test_the_placeholder_check_sees_a_missing_or_added_name() -> None:
    assert placeholders("{count} krones for {player}") == {"count", "player"}
    assert placeholders("{count} koron") != placeholders("{count} krones for {player}")
    assert placeholders("{{not one}} {amount:>3}") == {"amount"}


def polish_form(count: int) -> int:
    """CLDR's Polish plural category for a whole number: one, few, many."""
    if count == 1:
        return 0
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return 1
    return 2


def test_krones_in_polish_take_the_right_one_of_three_forms() -> None:
    _ = i18n.translator("pl")
    assert [i18n.krones(_, amount) for amount in (1, 2, 5, 22)] == ["1 korona", "2 korony", "5 koron", "22 korony"]
    words = ("korona", "korony", "koron")
    for amount in range(0, 1001):
        assert i18n.krones(_, amount) == f"{amount} {words[polish_form(amount)]}", amount


def test_krones_in_german_and_english_take_two_forms() -> None:
    for amount in range(0, 200):
        assert i18n.krones(i18n.translator("de"), amount) == f"{amount} {'Krone' if amount == 1 else 'Kronen'}"
        assert i18n.krones(i18n.translator("en-US"), amount) == f"{amount} {'krone' if amount == 1 else 'krones'}"


@pytest.mark.parametrize(("locale", "language"), [
    ("pl", "pl"), ("de", "de"), ("en-US", "en"), ("en-GB", "en"), ("fr", "en"), ("pt-BR", "en"), (None, "en"),
    ("", "en"), ("de-AT", "de"), ("PL", "pl"),
])
def test_discord_locales_choose_a_catalog_or_english(locale: str | None, language: str) -> None:
    assert i18n.language_of(locale) == language
    assert i18n.translator(locale).language == language


def test_named_placeholders_are_filled_in_any_order() -> None:
    _ = i18n.translator("pl")
    assert _.pgettext("command_name", "turn") == "tura"
    assert _("{player} pays {amount}", player="Ann", amount=3) == "Ann pays 3"  # no catalog entry: English
    assert _("a {brace} of its own") == "a {brace} of its own"  # formatted only when values are given


def test_a_compiled_catalog_is_used_only_while_it_is_current(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`pybabel compile`'s .mo is read when it is newer than the .po; an older one is ignored (the .po is compiled
    in memory), so an edited catalog never shows old texts."""
    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    source = folder / f"{i18n.DOMAIN}.po"
    source.write_bytes(i18n.catalog_path("pl").read_bytes())
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    CommandLineInterface().run(["pybabel", "-q", "compile", "-d", str(tmp_path), "-D", i18n.DOMAIN])
    built = folder / f"{i18n.DOMAIN}.mo"
    assert built.is_file()
    assert i18n.compiled("pl").pgettext("command_name", "turn") == "tura"
    text = source.read_text(encoding="utf-8").replace('msgstr "tura"', 'msgstr "kolej"')
    source.write_text(text, encoding="utf-8")
    later = built.stat().st_mtime + 10
    os.utime(source, (later, later))
    assert i18n.compiled("pl").pgettext("command_name", "turn") == "kolej"
    assert i18n.compiled("xx").pgettext("command_name", "turn") == "turn"  # no catalog: English
