"""Actions (answers to the pending decision), events, and the engine's error types."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class IllegalAction(Exception):
    """The action is not one of the legal answers to the pending decision; the message is for players.

    The state the action was applied to is never changed.
    """


class MalformedAction(IllegalAction):
    """The action text does not read as any kind of action at all (a typo, an empty string)."""


class NotYourTurn(IllegalAction):
    """Someone other than the player who must answer the pending decision tried to act."""


@dataclass(frozen=True)
class Action:
    """One legal answer to the pending decision.

    Attributes:
        kind: what the action does (e.g. "die", "serve", "checkin"); the handler key.
        args: its parameters (ints and strings), enough to carry it out.
        text: the stable, human-readable form (<= 60 characters), unique among the legal actions of a state.
    """

    kind: str
    args: tuple[Any, ...]
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Event:
    """Something that happened, for the game log, notifications and the turn recap.

    Attributes:
        kind: a short machine name (e.g. "die", "checkin", "vp", "emperor_scoring").
        player: the player's name, or None for events about the whole game.
        text: one sentence in plain English.
        data: extra JSON-ready details (amounts, ids).
    """

    kind: str
    player: str | None
    text: str
    data: dict[str, Any] = field(default_factory=dict)
