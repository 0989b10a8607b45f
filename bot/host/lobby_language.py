"""The lobby's *Language* choice (issue 55 item 2): the language of a game's public posts and pictures, a bot option
kept with the game's config (`bot.host.service.rules.host_options`, "language"), defaulting to the server's
preferred locale (`GameService.create`'s `guild_locale`; `bot.host.language`).

The lobby message keeps to four rows (`bot.host.views.lobby_view`) and the host's options message has Discord's five
already, so the choice shares the lobby's last menu with "If a player leaves" (as the turn clock shares the
reminders menu): its values are "lang:<code>"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.host.language import CHOICES, NAMES, OPTION, game_language
from render.core.i18n import ENGLISH, translator

PREFIX = "lang:"
"""A language entry's value in the lobby's "If a player leaves" menu: "lang:pl"."""


def language_choices(*, language: str = ENGLISH) -> list[tuple[str, str]]:
    """The language entries of the lobby's last menu, (label, value): each language named in itself, after the
    word "Language" in the lobby's `language`."""
    _ = translator(language)
    return [(_("Language: {name}", name=NAMES[code]), f"{PREFIX}{code}") for code in CHOICES]


def is_language_value(value: str) -> bool:
    """Whether a value of the lobby's last menu is a language entry, one of `language_choices` (else it is a
    leave choice, or forged)."""
    return value in {chosen for _, chosen in language_choices()}


def language_change(value: str) -> dict[str, Any]:
    """The lobby options a language entry sets ({"language": "pl"}).

    Raises:
        ValueError: not a language entry.
    """
    if not is_language_value(value):
        raise ValueError(f"not a language choice: {value[:40]!r}")
    return {OPTION: value.removeprefix(PREFIX)}


def language_field(options: Mapping[str, Any], *, command: str = "gah") -> tuple[str, str]:
    """The lobby embed's *Language* field (name, value), in the game's language: that language named in itself, and
    what it is for. `command` is the game's command group ("gah")."""
    _ = translator(game_language(options))
    notify = f"/{command} {_.pgettext('command_name', 'notify')} {_.pgettext('parameter_name', 'language')}"
    return (_("Language"), _("{name}: the game's posts and pictures. The host may change it in the lobby's last "
                             "menu; each player's own answers follow `{notify}`.", name=NAMES[game_language(options)],
                             notify=notify))
