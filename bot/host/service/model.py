"""What the service returns: plain frozen dataclasses, no Discord types."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.host.storage import ResultRow
from bot.host.storage.rows import UNROWED_KIND
from engine.core.actions import Event


def event_to_dict(event: Event) -> dict[str, Any]:
    """An engine event as the JSON-ready dict stored in the action log."""
    return {"kind": event.kind, "player": event.player, "text": event.text, "data": event.data}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Inverse of `event_to_dict`.

    Raises:
        KeyError: a field is missing.
    """
    return Event(data["kind"], data["player"], data["text"], dict(data.get("data") or {}))


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a game.

    Attributes:
        position: seating order, 0 first (the engine's player index once the game started).
        user_id: the Discord user who owns the seat, or None for an AI seat.
        ai_level: the AI playing the seat right now (an AI seat, or a human seat handed to an AI), or None.
        name: the engine's player name (fixed at start; events use it).
        colour: the seat colour.
    """

    position: int
    user_id: int | None
    ai_level: str | None
    name: str
    colour: str

    @property
    def is_ai_seat(self) -> bool:
        """True for a seat that belongs to no user."""
        return self.user_id is None

    @property
    def ai_controlled(self) -> bool:
        """True while an AI plays the seat."""
        return self.ai_level is not None


@dataclass(frozen=True)
class GameInfo:
    """A game as the bot sees it: the row, the seats and (once started) the engine state.

    Attributes:
        options: the game options (`GameConfig` fields other than players; the seed only once set).
        state: the full engine state of the game's kind (use `bot.host.kinds.player_view` before showing it), None in
            the lobby.
        version: bumped by every change; put it in every custom_id and pass it back as `expected_version`.
        kind: which game (`bot.host.kinds`): "gah" (Grand Austria Hotel) or "overbooking".
    """

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    version: int
    options: dict[str, Any]
    engine_version: str
    seats: tuple[SeatInfo, ...]
    state: Any
    created_at: float
    updated_at: float
    finished_at: float | None = None
    kind: str = UNROWED_KIND

    @property
    def is_over(self) -> bool:
        """True once the engine says the game has ended."""
        return self.state is not None and self.state.is_over

    @property
    def current_seat(self) -> SeatInfo | None:
        """The seat that must answer the pending decision (None in the lobby and once the game is over)."""
        if self.status != "active" or self.state is None or self.state.current_index is None:
            return None
        return self.seats[int(self.state.current_index)]

    @property
    def current_user(self) -> int | None:
        """The user who must answer now, or None (lobby, game over, or an AI plays that seat)."""
        seat = self.current_seat
        if seat is None or seat.ai_controlled:
            return None
        return seat.user_id

    def seat_of(self, user_id: int) -> SeatInfo | None:
        """The seat owned by `user_id`, or None."""
        return next((seat for seat in self.seats if seat.user_id == user_id), None)


@dataclass(frozen=True)
class Move:
    """One applied log entry: an action (by a user, an AI, or a skip) or an undo.

    Attributes:
        seq: position in the game's action log (1, 2, ...).
        seat: the seat that acted.
        name: that seat's player name.
        actor: "user:<id>", "ai:<level>" or "skip:<id>" (the host or manager who skipped the seat).
        action: the action text as the engine spells it ("" for an undo).
        events: what the action caused.
        version: the game version right after it.
        kind: "action" or "undo".
        undone: True if a later undo took this action back (only in `GameService.history`).
    """

    seq: int
    seat: int
    name: str
    actor: str
    action: str
    events: tuple[Event, ...]
    version: int
    kind: str = "action"
    undone: bool = False

    @property
    def by_ai(self) -> bool:
        """True for a move an AI chose."""
        return self.actor.startswith("ai:")


@dataclass(frozen=True)
class TurnResult:
    """What a state-changing call did: the moves it logged, in order, and the game afterwards.

    Attributes:
        game: the game after the call (its `version` is the new version).
        moves: the logged moves, the caller's own first, then any AI moves that followed.
        results: the recorded results if this call finished the game, else ().
        index_before: the seat index on turn before the call, if the call knew it.
    """

    game: GameInfo
    moves: tuple[Move, ...] = ()
    results: tuple[ResultRow, ...] = ()
    index_before: int | None = None
    """The seat index that was on turn before the call (None if unknown or not started)."""

    @property
    def version(self) -> int:
        """The game's version after the call."""
        return self.game.version

    @property
    def events(self) -> list[Event]:
        """Every event of every move, in order."""
        return [event for move in self.moves for event in move.events]

    @property
    def finished(self) -> bool:
        """True if the game is finished now."""
        return self.game.status == "finished"


@dataclass(frozen=True)
class UndoPreview:
    """What `GameService.undo` would take back (confirm it with the same `version` and `steps`).

    Attributes:
        actions: the action texts that would be taken back, oldest first.
        available: how many actions could be taken back at most right now.
    """

    game_id: int
    version: int
    seat: int
    actions: tuple[str, ...]
    available: int


@dataclass(frozen=True)
class ReplayCheck:
    """The outcome of replaying a game's log from its seed.

    Attributes:
        ok: True if the replay reproduces the stored state exactly (or the game is still in the lobby).
        actions: how many actions the replay applied.
        detail: "ok", or a sentence saying where and how the replay differs.
    """

    game_id: int
    ok: bool
    actions: int
    detail: str = "ok"
