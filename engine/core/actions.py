"""Actions (answers to the pending decision), events, and the engine's error types."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class IllegalAction(Exception):
    """The engine refused an action; the message is a sentence for players. The base of four siblings.

    `apply` and `parse_action` of every game raise exactly one of the siblings, so a caller may tell the cases
    apart (as python-chess keeps `InvalidMoveError`, `IllegalMoveError` and `AmbiguousMoveError` apart) or catch
    them all with `except IllegalAction`:

    - `MalformedAction`: the text reads as no kind of action at all;
    - `NotPossibleNow`: it is an action, but not one of the legal answers to the pending decision;
    - `NotYourTurn`: someone other than the player who must answer tried to act;
    - `GameOver`: the game has ended, nothing more can be played.

    The state the action was applied to is never changed.
    """


class MalformedAction(IllegalAction):
    """The action text does not read as any kind of action at all (a typo, an empty string)."""


class NotPossibleNow(IllegalAction):
    """The action reads as an action, but it is not one of the legal answers to the pending decision now."""


class NotYourTurn(IllegalAction):
    """Someone other than the player who must answer the pending decision tried to act."""


class GameOver(IllegalAction):
    """The game is over: no action is legal any more."""


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
