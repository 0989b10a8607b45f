"""Pieces of an engine sentence that the recap's words read back (the engine's English text of an event)."""

from __future__ import annotations

import re

from engine.core.actions import Event


def without_name(event: Event) -> str:
    """The engine's sentence without the leading player name and the final full stop."""
    text = event.text.rstrip(".")
    if event.player and text.startswith(event.player + " "):
        return text[len(event.player) + 1:]
    return text


def named_in_brackets(event: Event) -> str:
    """The card an engine sentence names in its last brackets ("... (The Kozi Palace)."), or ""."""
    found = re.search(r"\(([^()]*)\)\.?$", event.text)
    return found.group(1) if found else ""
