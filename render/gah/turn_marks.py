"""What the turn picture frames in gold for the player whose hotel it shows (issue 52 item 5): what they changed
themselves, and the action spaces the others took dice from since their last move, so that a player pinged for
their turn sees the dice gone since then."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.core.actions import Event
from render.gah.turn_changes import Changes, changes_of

NOT_MOVES = frozenset({"turn"})
"""Event kinds naming a player that are not their move ("It is ann's turn" comes after the others' dice)."""


def marks_for(events: Sequence[Event], name: str) -> Changes:
    """The `Changes` to frame on `name`'s turn picture, from `events` (a post's moves' events, oldest first): the
    rooms, dice and café tables of `name`'s own events (`changes_of`), and the action spaces (1-6) of the dice
    others took after `name`'s last move in `events` (all of them if `name` has none there)."""
    own = changes_of(events, name)
    mine = [k for k, event in enumerate(events) if event.player == name and event.kind not in NOT_MOVES]
    after = events[mine[-1] + 1:] if mine else events
    others = {event.player for event in after if event.player not in (None, name)}
    gone = {space for other in others for space in changes_of(after, str(other)).spaces}
    return replace(own, spaces=own.spaces | gone)
