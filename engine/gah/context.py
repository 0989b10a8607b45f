"""The working context of one `apply` call: the state being changed (a private copy) and the events it causes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.core.actions import Event
from engine.gah.payloads import Payload
from engine.gah.state import Frame, GameState, PlayerState


class Ctx:
    """Holds the copy of the state that an `apply` call changes, and collects its events."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.cause: str | None = None
        """What is being carried out right now (a guest's or staff card's name, "Emperor tile A1", "action 4", a
        rule such as "occupancy bonus"), or None: the gains it causes carry it as their event's `cause` datum."""

    def player(self, index: int) -> PlayerState:
        """The player at seat `index`."""
        return self.state.players[index]

    def name(self, index: int) -> str:
        """Name of the player at seat `index`."""
        return self.state.players[index].name

    @contextmanager
    def caused(self, cause: str | None) -> Iterator[None]:
        """While the block runs, gains are caused by `cause` (None: the cause around the block stays); the cause
        around the block is restored afterwards (a staff card's ability fired by a guest's reward)."""
        around = self.cause
        self.cause = cause or around
        try:
            yield
        finally:
            self.cause = around

    def gained(self) -> dict[str, str]:
        """The `cause` datum of a gain's event ({} when nothing in particular causes it)."""
        return {"cause": self.cause} if self.cause else {}

    def log(self, kind: str, index: int | None, text: str, **data: Any) -> None:
        """Record an event; `text` may use {name} for the player's name."""
        name = None if index is None else self.name(index)
        self.events.append(Event(kind, name, text.format(name=name), data))

    def push(self, kind: str, index: int, **data: Any) -> None:
        """Put a frame on top of the decision stack (it is answered or carried out next)."""
        self.state.pending.append(Frame(kind, index, data))

    def push_payload(self, payload: Payload, index: int) -> None:
        """Put the decision `payload` (its kind and data, see `engine.gah.payloads`) for seat `index` on the stack."""
        self.state.pending.append(Frame(payload.KIND, index, payload.to_data()))

    def push_all(self, frames: list[tuple[str, int, dict[str, Any]]]) -> None:
        """Push frames so that the first one listed is carried out first."""
        for kind, index, data in reversed(frames):
            self.push(kind, index, **data)
