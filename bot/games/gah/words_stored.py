"""Facts read back out of the engine's English sentence of an event: only for games stored before the engine gave
the event those facts as data (issue 55 item 1: the engine emits data, the bot chooses the words). Every such
reading goes through `text_match`, so that a test can count it: a game played now never needs it.
"""

from __future__ import annotations

import re

from engine.core.actions import Event


def sentence(event: Event) -> str:
    """The engine's sentence without the leading player name and the final full stop."""
    text = event.text.rstrip(".")
    return text[len(event.player) + 1:] if event.player and text.startswith(event.player + " ") else text


def text_match(event: Event, pattern: str, *, whole: bool = False) -> re.Match[str] | None:
    """`pattern` searched in `event`'s English text, or (`whole`) matched against its whole `sentence`; None when
    it does not match. For an event stored before its data held the fact (see the module docstring)."""
    return re.fullmatch(pattern, sentence(event)) if whole else re.search(pattern, event.text)
