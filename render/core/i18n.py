"""The one way the bot and its pictures choose words in a language: gettext catalogs made with Babel (issue 55).

The catalogs are `locales/<language>/LC_MESSAGES/gah.po` (their template `locales/gah.pot`, extracted with
`pybabel extract -F babel.cfg`; docs/contributing.md, *Translations*). A compiled `gah.mo` beside a catalog is used
when it is at least as new as the `.po` (`pybabel compile -d locales -D gah` builds them; they are not committed);
otherwise the `.po` is compiled in memory with Babel on first use, so a fresh checkout speaks every language too.

    _ = translator("pl")
    _("Open your turn panel")                                      # a plain text
    _.ngettext("{count} krone", "{count} krones", 5)               # "5 koron": CLDR's Polish plural rules
    _.pgettext("command_name", "turn")                             # a text with a context (msgctxt)

Placeholders are named (`{count}`, `{player}`), so a translation may put them in any order; a text is formatted
only when values are given (or, for the plural functions, always: with `count` and the values). Discord-free and
Pillow-free, in render/ so that the pictures can use it (render/ never imports bot/); `bot.host.i18n` re-exports it. The
slash commands' translator is `bot.host.command_translator`.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

DOMAIN = "gah"
"""The gettext domain: the catalogs' file name (`gah.po`, `gah.mo`, `gah.pot`)."""

ENGLISH = "en"
"""The source language: the texts in the code are English, shown as they are."""

LANGUAGES: tuple[str, ...] = ("pl", "de")
"""The languages with a catalog, besides English: Discord's locale codes `pl` and `de`."""

LOCALES = Path(__file__).resolve().parents[2] / "locales"
"""The folder of the catalogs (`locales/<language>/LC_MESSAGES/gah.po`)."""


def language_of(locale: str | None) -> str:
    """The language to speak to someone whose Discord locale is `locale` ("pl", "de", "en-US", ...): one of
    `LANGUAGES`, else English (also for None and codes we do not translate)."""
    if not locale:
        return ENGLISH
    language = locale.replace("_", "-").split("-", 1)[0].lower()
    return language if language in LANGUAGES else ENGLISH


def catalog_path(language: str, suffix: str = ".po") -> Path:
    """Where `language`'s catalog is (`suffix` ".po", or ".mo" for the compiled one)."""
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def compiled(language: str) -> gettext.NullTranslations:
    """`language`'s compiled catalog: the `.mo` file when it is current, else the `.po` compiled in memory (fuzzy
    entries left out, as `pybabel compile` does); an empty one (English texts) when the language has no catalog."""
    source, built = catalog_path(language), catalog_path(language, ".mo")
    if built.is_file() and (not source.is_file() or built.stat().st_mtime >= source.stat().st_mtime):
        with built.open("rb") as file:
            return Translations(file, domain=DOMAIN)
    if not source.is_file():
        return gettext.NullTranslations()
    with source.open("rb") as file:
        catalog = read_po(file, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


class Translator:
    """A language's texts, gettext's functions with named placeholders: call it (`_("text", name=value)`) or use
    `ngettext` / `pgettext` / `npgettext`."""

    def __init__(self, language: str, catalog: gettext.NullTranslations) -> None:
        self.language = language
        self.catalog = catalog

    def __call__(self, message: str, /, **values: object) -> str:
        """`message` in this language, its placeholders filled from `values` (none given: not formatted)."""
        return self.gettext(message, **values)

    def gettext(self, message: str, /, **values: object) -> str:
        """`message` in this language, its placeholders filled from `values` (none given: not formatted)."""
        return fill(self.catalog.gettext(message), values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        """`message` said in `context` (the catalog's msgctxt) in this language, its placeholders filled."""
        return fill(self.catalog.pgettext(context, message), values)

    def ngettext(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """The form of `singular`/`plural` this language uses for `count` (Polish has three, German two), with
        `{count}` and the `values` filled in."""
        return self.catalog.ngettext(singular, plural, count).format(count=count, **values)

    def npgettext(self, context: str, singular: str, plural: str, count: int, /, **values: object) -> str:
        """`ngettext` with a context (msgctxt)."""
        return self.catalog.npgettext(context, singular, plural, count).format(count=count, **values)


def fill(text: str, values: dict[str, object]) -> str:
    """`text` with its named placeholders filled from `values`; untouched when there are none (so a text with
    braces of its own needs no escaping unless it has placeholders)."""
    return text.format(**values) if values else text


@functools.cache
def translator(locale: str | None) -> Translator:
    """The texts for someone whose Discord locale is `locale` (`language_of`): Polish, German, else English.
    Each language's catalog is read once per process."""
    language = language_of(locale)
    if language == ENGLISH:
        return Translator(ENGLISH, gettext.NullTranslations())
    return _language_translator(language)


@functools.cache
def _language_translator(language: str) -> Translator:
    return Translator(language, compiled(language))


def krones(_: Translator, amount: int) -> str:
    """`amount` krones in `_`'s language ("1 korona", "2 korony", "5 koron", "22 korony"): the first counted noun
    made with `ngettext` (render/core/plural.py's counting follows when the texts of bot/ and render/ are wrapped)."""
    return _.ngettext("{count} krone", "{count} krones", amount)
