"""What a turn post's moves changed for the player whose hotel the turn picture shows (`Changes`, `changes_of`),
framed in gold by `render.gah.turn` and `render.gah.turn_hotel` (issue 42 item 2)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PIL import ImageDraw

from engine.core.actions import Event
from render.core.theme import (
    HIGHLIGHT,
    INK,
)


def rooms_changed(events: Iterable[Event], player: str) -> frozenset[int]:
    """The hotel spaces of `player` that `events` prepared, occupied or removed (for `turn_png`'s `changed`)."""
    return changes_of(events, player).rooms


@dataclass(frozen=True)
class Changes:
    """What a turn post's moves changed for the player whose hotel its picture shows (issue 42 item 2), framed in
    gold: hotel `rooms` (spaces 0-19), action `spaces` they took a die from (1-6), café `tables` served (0-based)."""

    rooms: frozenset[int] = frozenset()
    spaces: frozenset[int] = frozenset()
    tables: frozenset[int] = frozenset()


def _any_number(number: int) -> bool:
    return True


def _action_space(number: int) -> bool:
    return 1 <= number <= 6


CHANGED_BY: dict[str, tuple[str, str, Callable[[int], bool]]] = {
    **dict.fromkeys(("prepare", "occupy", "remove_room", "solo_room"), ("rooms", "space", _any_number)),
    "die": ("spaces", "space", _action_space),  # a die's space outside 1-6 is no action space to frame
    "serve": ("tables", "table", _any_number),
}
"""What an event kind changes in `Changes`, by event kind: (the field, the event's data key that holds the number,
which numbers count)."""


def changes_of(events: Iterable[Event], player: str) -> Changes:
    """The `Changes` that `events` (a post's moves' events) made for `player`: rooms prepared, occupied or removed
    (`rooms_changed`), the action spaces of the dice taken, the café tables served (by `CHANGED_BY`)."""
    found: dict[str, set[int]] = {name: set() for name in ("rooms", "spaces", "tables")}
    for event in events:
        changed = CHANGED_BY.get(event.kind)
        if changed is None or event.player != player:
            continue
        name, key, counts = changed
        number = event.data.get(key)
        if isinstance(number, int) and counts(number):
            found[name].add(number)
    return Changes(**{name: frozenset(numbers) for name, numbers in found.items()})


def gold_frame(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    """The gold frame of something that changed since the last post (as `mark_changed` frames rooms)."""
    left, top, right, bottom = box
    draw.rounded_rectangle((left - 2, top - 2, right + 2, bottom + 2), radius=12, outline=INK, width=2)
    draw.rounded_rectangle((left, top, right, bottom), radius=10, outline=HIGHLIGHT, width=5)
