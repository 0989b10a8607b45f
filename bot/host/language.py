"""Who reads which language (issue 55 item 2): the one place that decides it.

- A private answer (a refusal, a panel's marked words, `/gah rules`, help, *Suggest*) is for the member who clicked:
  `reader_language(interaction, preference)` is their own choice (`/gah notify language:`, stored with their
  notification preferences) or else their Discord client's language when it is Polish or German, else English.
- A public post and its pictures are for everyone in the channel: the game's language, the lobby option *Language*
  (`game_language(options)`), whose default is the server's preferred locale when it is Polish or German
  (`server_language(interaction.guild_locale)`), else English.
- A DM is private: the member's own choice, else (a DM answers no click, so no client language is known) the
  game's language (`dm_language(preference, options)`).

    _ = await reader_for(interaction, service)      # reader_language(interaction, the member's stored choice)
    await reply(interaction, refusal_text(error, _))
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

from bot.host.service.errors import Said
from render.core.i18n import ENGLISH, LANGUAGES, Translator, language_of, translator

__all__ = ["AUTO", "CHOICES", "NAMES", "OPTION", "Translator", "dm_language", "game_language", "reader", "reader_for",
           "reader_language", "refusal_text", "server_language"]

log = logging.getLogger(__name__)

CHOICES: tuple[str, ...] = (ENGLISH, *LANGUAGES)
"""The languages a member or a game may choose: "en", "pl", "de"."""

AUTO = "auto"
"""`/gah notify language:auto`: no choice of one's own, the Discord client's language counts (stored as NULL)."""

OPTION = "language"
"""The lobby option (a bot option kept with the game's config, `bot.host.service.rules.host_options`): the language
of the game's public posts and pictures."""

NAMES: Mapping[str, str] = {"en": "English", "pl": "Polski", "de": "Deutsch"}
"""Each language's name in itself, as a menu shows it to someone looking for their own language."""


class HasLocale(Protocol):
    """What `reader_language` needs of an interaction: the clicker's Discord locale (`discord.Interaction.locale`,
    a `discord.Locale` whose `value` is "pl", "de", "en-US", ...)."""

    @property
    def locale(self) -> Any: ...


def chosen(preference: str | None) -> str | None:
    """A stored language preference as a language ("en", "pl", "de"), or None for none (auto, unknown)."""
    return preference if preference in CHOICES else None


def reader_language(interaction: HasLocale, preference: str | None = None) -> str:
    """The language of a private answer to the member of `interaction`: their own `preference` ("en", "pl", "de";
    None or "auto": none), else their client's locale when Polish or German, else English."""
    own = chosen(preference)
    if own is not None:
        return own
    locale = getattr(interaction, "locale", None)
    return language_of(str(getattr(locale, "value", locale)) if locale is not None else None)


def reader(interaction: HasLocale, preference: str | None = None) -> Translator:
    """`translator(reader_language(interaction, preference))`."""
    return translator(reader_language(interaction, preference))


class Prefs(Protocol):
    """What `reader_for` reads of a member's stored preferences (`bot.host.storage.UserPrefs`)."""

    @property
    def language(self) -> str | None: ...


class PrefsSource(Protocol):
    """What `reader_for` asks: the service's `prefs(user_id)`."""

    async def prefs(self, user_id: int, /) -> Prefs: ...


async def reader_for(interaction: Any, service: PrefsSource) -> Translator:
    """The words of a private answer to the member of `interaction` (`reader_language` with their stored choice,
    read from `service`). A storage that cannot answer (the answer may be about that very failure) leaves the
    client's language."""
    try:
        preference = (await service.prefs(interaction.user.id)).language
    except Exception as error:  # the answer must still go out, in the client's language
        log.info("no language preference for user %s: %s: %s", interaction.user.id, type(error).__name__, error)
        preference = None
    return reader(interaction, preference)


def dm_language(preference: str | None, options: Mapping[str, Any]) -> str:
    """The language of a DM to a member about a game of `options`: their own choice, else the game's language (a
    DM answers no click, so there is no client locale to go by)."""
    return chosen(preference) or game_language(options)


def server_language(guild_locale: object) -> str:
    """The default game language of a server whose preferred locale is `guild_locale` (`interaction.guild_locale`:
    a `discord.Locale`, its value, or None): Polish or German, else English."""
    value = getattr(guild_locale, "value", guild_locale)
    return language_of(str(value) if value else None)


def game_language(options: Mapping[str, Any]) -> str:
    """The language of a game's public posts and pictures: its lobby option `language`, English when unset (games
    from before the option) or unknown."""
    return chosen(str(options.get(OPTION) or "")) or ENGLISH


def refusal_text(error: BaseException, _: Translator) -> str:
    """A player error's sentence in `_`'s language: its marked `template` with its `values`
    (`bot.host.service.errors.N_`, `worded`; a value that is itself a marked sentence, `Said`, said in that language
    too), in the plural form its count needs when it has two forms (`counted`), else its English text as it is (an
    engine sentence, or one not marked)."""
    template = getattr(error, "template", None)
    values = getattr(error, "values", None)
    plural = getattr(error, "plural", None)
    if not isinstance(template, str) or not template:
        return str(error)
    given = values if isinstance(values, dict) else {}
    plain = {name: value for name, value in given.items() if not isinstance(value, Said)}
    shown = {name: (_(value, **plain) if plain else _(value)) if isinstance(value, Said) else value
             for name, value in given.items()}
    try:
        count = shown.pop("count", None) if isinstance(plural, str) else None
        if isinstance(count, int):
            return _.ngettext(template, str(plural), count, **shown)
        return _(template, **shown) if shown else _(template)
    except (KeyError, IndexError, ValueError):  # a broken translation must not hide the refusal
        return str(error)
