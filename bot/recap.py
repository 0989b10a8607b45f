"""Short text recaps of what happened, built from engine events (for turn posts and the log)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine import Event

QUIET = frozenset({"turn", "end_turn", "kitchen", "bottom"})
"""Event kinds too small to mention in a recap."""

LIMIT = 1800


def recap_lines(events: Iterable[Event]) -> list[str]:
    """One line per event worth telling, in order."""
    return [event.text for event in events if event.kind not in QUIET]


def move_lines(moves: Iterable[Any]) -> list[str]:
    """Recap lines for logged moves (`bot.service.Move`): their events worth telling, or, for a move whose
    events tell nothing (e.g. "stop preparing"), "name: action" so that no move goes unmentioned."""
    lines: list[str] = []
    for move in moves:
        told = recap_lines(move.events)
        if not told and move.action:
            told = [f"{move.name}: {move.action}"]
        lines += told
    return lines


def recap(events: Sequence[Event], limit: int = LIMIT) -> str:
    """The recap as one text of at most `limit` characters (the end is cut with a pointer to the log)."""
    return join_lines(recap_lines(events), limit)


def recap_moves(moves: Sequence[Any], limit: int = LIMIT) -> str:
    """`recap` for logged moves (see `move_lines`)."""
    return join_lines(move_lines(moves), limit)


def join_lines(lines: Sequence[str], limit: int = LIMIT) -> str:
    """Bulleted lines in at most `limit` characters (the end is cut with a pointer to the log)."""
    text = "\n".join(f"• {line}" for line in lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    used = 0
    for line in lines:
        entry = f"• {line}"
        if used + len(entry) + 1 > limit - 40:
            break
        kept.append(entry)
        used += len(entry) + 1
    return "\n".join(kept) + "\n… (more with /gah log)"
