"""Short text recaps of what happened, built from engine events (for turn posts and the log)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import Event

QUIET = frozenset({"turn", "end_turn", "kitchen", "bottom"})
"""Event kinds too small to mention in a recap."""

LIMIT = 1800


def recap_lines(events: Iterable[Event]) -> list[str]:
    """One line per event worth telling, in order."""
    return [event.text for event in events if event.kind not in QUIET]


def recap(events: Sequence[Event], limit: int = LIMIT) -> str:
    """The recap as one text of at most `limit` characters (the end is cut with a pointer to the log)."""
    lines = recap_lines(events)
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
