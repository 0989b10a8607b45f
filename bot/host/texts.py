"""The host's own words, the same for every game: reminder intervals, the turn clock, the options line of a lobby and
undo's confirmation (each game's words are its own, `bot.games.<game>`). The lobby's words take a `language`
(`bot.host.language`: the game's for the public lobby, the reader's for a private answer)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.host.panel_types import LABEL_LIMIT
from bot.host.safe_text import safe_text
from render.core.i18n import ENGLISH, Translator, translator
from render.core.lang import N_

NOT_STARTED = N_("The game has not started yet.")
NO_HOTEL = N_("There is no such hotel in this game.")
"""The view buttons' private answers without a game to show, said in the reader's language (`Controller`)."""


def interval(seconds: float, *, language: str = ENGLISH) -> str:
    """A reminder interval in words: "never", "45 seconds", "20 minutes", "1.5 hours" (in `language`, with its
    plural forms; a fraction with its decimal comma in Polish and German)."""
    _ = translator(language)
    if seconds <= 0:
        return _("never")
    if seconds < 90:
        amount = float(seconds)
        if amount.is_integer():
            return _.ngettext("{count} second", "{count} seconds", int(amount))
        return _("{amount} seconds", amount=decimal(amount, _))
    if seconds < 3600:
        amount = round(seconds / 60, 1)
        if amount.is_integer():
            return _.ngettext("{count} minute", "{count} minutes", int(amount))
        return _("{amount} minutes", amount=decimal(amount, _))
    amount = round(seconds / 3600, 1)
    if amount.is_integer():
        return _.ngettext("{count} hour", "{count} hours", int(amount))
    return _("{amount} hours", amount=decimal(amount, _))


def decimal(amount: float, _: Translator) -> str:
    """A fraction as written in `_`'s language: "1.5" in English, "1,5" in Polish and German."""
    return f"{amount:g}" if _.language == ENGLISH else f"{amount:g}".replace(".", ",")


def reminder_setting(seconds: int, *, language: str = ENGLISH) -> str:
    """A channel's reminder interval as a sentence (in `language`)."""
    _ = translator(language)
    if seconds <= 0:
        return _("Reminders in this channel: none.")
    return _("Reminders in this channel: one, after {interval} without a move.",
             interval=interval(seconds, language=language))


CLOCK_OPTIONS = ("clock_hours", "clock_level", "clock_strikes")
"""The turn clock's options, told in their own sentence (`clock_setting`), not in the options line."""


def level_name(level: str, _: Translator) -> str:
    """An AI level's name in `_`'s language, as Discord shows it among the slash commands' choices ("mistrz")."""
    return _.pgettext("choice_name", level)


def clock_setting(options: Mapping[str, Any], leave_level: str, command: str, *, language: str = ENGLISH) -> str:
    """The game's turn clock as a sentence (`bot.host.service.clock`): off, or its hours and AI. `leave_level` is the
    AI that plays when the host chose none; `command` the game's command group ("gah")."""
    _ = translator(language)
    hours = int(options.get("clock_hours") or 0)
    if hours <= 0:
        return _("Turn clock: off.")
    level = level_name(str(options.get("clock_level") or leave_level), _)
    takeback = f"/{command} {_.pgettext('command_name', 'takeback')}"
    return _.ngettext("Turn clock: {count} hour a turn; then the {level} AI plays that turn for the player (after 3 "
                      "in a row it keeps the seat until `{takeback}`).",
                      "Turn clock: {count} hours a turn; then the {level} AI plays that turn for the player (after 3 "
                      "in a row it keeps the seat until `{takeback}`).", hours, level=level, takeback=takeback)


LEAVE_WORDS = {"ai": N_("if a player leaves an AI plays on"), "end": N_("if a player leaves the game ends")}


def options_line(options: Mapping[str, Any], *, language: str = ENGLISH, labels: Mapping[str, str] | None = None
                 ) -> str:
    """The game options in a few words (the Let's Waltz modules have their own line on the lobby). In English the
    options' own short names ("edition 2015, staff start draft"); in another language the lobby menus' entries
    (`labels`: "edition=2015" for a choice, "exclude_kitchen_hand" for a flag, English, as the option spec writes
    them) said in `language`, an option without an entry by its name."""
    _ = translator(language)
    words = {} if language == ENGLISH else labels or {}

    def said(key: str, value: Any) -> str:
        if key == "on_leave":
            return _(LEAVE_WORDS[str(value)]) if str(value) in LEAVE_WORDS else str(value)
        label = words.get(key if value is True else f"{key}={value}")
        if label is not None:
            return _(label)
        if value is True:
            return key.replace("_", " ")
        return f"{key.replace('_', ' ')} {', '.join(value) if isinstance(value, list | tuple) else value}"

    parts = [said(k, v) for k, v in sorted(options.items())
             if k not in ("seed", "modules", "language", *CLOCK_OPTIONS) and v not in (False,) and v != []]
    separator = ", " if language == ENGLISH else "; "  # a menu entry may hold a comma of its own
    return separator.join(parts) or _("standard game")  # the game's language has its own lobby field


def undo_text(preview: Any, words: Sequence[str] | None = None, *, language: str = "en") -> str:
    """What an undo would take back: `words` (the panel's labels of the moves, `bot.games.gah.undo_words`), else the
    preview's action texts; several moves one per line; in `language` (the clicker's)."""
    _ = translator(language)
    said = list(words) if words is not None else list(preview.actions)
    if len(said) > 1:  # a label is up to 80 characters (`bot.host.panel_types.LABEL_LIMIT`), longer than a name
        lines = "\n".join(f"- {safe_text(text, limit=LABEL_LIMIT)}" for text in said)
        return _.ngettext("Undo takes back this {count} move:\n{lines}\nContinue?",
                          "Undo takes back these {count} moves:\n{lines}\nContinue?", len(said), lines=lines)
    if not said:
        return _("Undo takes back: nothing. Continue?")
    return _("Undo takes back: {move}. Continue?", move=safe_text(said[0], limit=LABEL_LIMIT))
