"""The host's own words, the same for every game: reminder intervals, the turn clock, the options line of a lobby and
undo's confirmation (English; each game's words are its own, `bot.games.<game>`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.host.i18n import translator
from bot.host.panel_types import LABEL_LIMIT
from bot.host.safe_text import safe_text
from render.core.lang import N_
from render.core.plural import count

NOT_STARTED = N_("The game has not started yet.")
NO_HOTEL = N_("There is no such hotel in this game.")
"""The view buttons' private answers without a game to show, said in the reader's language (`Controller`)."""


def interval(seconds: float) -> str:
    """A reminder interval in words: "never", "45 seconds", "20 minutes", "1.5 hours"."""
    if seconds <= 0:
        return "never"
    if seconds < 90:
        return count(float(seconds), "second")
    if seconds < 3600:
        return count(round(seconds / 60, 1), "minute")
    return count(round(seconds / 3600, 1), "hour")


def reminder_setting(seconds: int) -> str:
    """A channel's reminder interval as a sentence."""
    if seconds <= 0:
        return "Reminders in this channel: none."
    return f"Reminders in this channel: one, after {interval(seconds)} without a move."


CLOCK_OPTIONS = ("clock_hours", "clock_level", "clock_strikes")
"""The turn clock's options, told in their own sentence (`clock_setting`), not in the options line."""


def clock_setting(options: Mapping[str, Any], leave_level: str, command: str) -> str:
    """The game's turn clock as a sentence (`bot.host.service.clock`): off, or its hours and AI. `leave_level` is the
    AI that plays when the host chose none; `command` the game's command group ("gah")."""
    hours = int(options.get("clock_hours") or 0)
    if hours <= 0:
        return "Turn clock: off."
    level = options.get("clock_level") or leave_level
    return (f"Turn clock: {hours} hours a turn; then the {level} AI plays that turn for the player (after 3 in a "
            f"row it keeps the seat until `/{command} takeback`).")


LEAVE_WORDS = {"ai": "if a player leaves an AI plays on", "end": "if a player leaves the game ends"}


def options_line(options: Mapping[str, Any]) -> str:
    """The game options in a few words (the Let's Waltz modules have their own line on the lobby)."""
    parts = [LEAVE_WORDS.get(str(v), str(v)) if k == "on_leave" else k.replace("_", " ") if v is True
             else f"{k.replace('_', ' ')} {', '.join(v) if isinstance(v, list | tuple) else v}"
             for k, v in sorted(options.items()) if k not in ("seed", "modules", "language", *CLOCK_OPTIONS)
             and v not in (False,) and v != []]  # the game's language has its own lobby field
    return ", ".join(parts) or "standard game"


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
