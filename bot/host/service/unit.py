"""The unit of work every change of a game goes through, and the base the service's parts share.

    async with self.unit(game_id, status="active", expected_version=v, run_ai=True) as work:
        seat = seat_on_turn(work.seats, work.state, user_id)      # checks read work.game / work.seats / work.state
        work.play([Pending(...)], new_state)                     # or work.update(...), work.set_seats(...)
    return work.result()                                          # the game after the change (and the AI replies)

`unit` takes the game's lock (waiting at most `lock_timeout` seconds, else `GameBusy`), opens one write
transaction, loads the game and its seats and checks the status and the expected version. When the block ends
without an error and asked for a change, `store` writes it in that transaction: the version is bumped once (by
one, or by one per logged move, each log row carrying its own version), and the game's reminder is set again, its
results recorded or its timers dropped as the new status wants. Then, still under the lock, AI seats move if the
block asked for it (`run_ai`); with `background_ai` (the bot) the call returns after its own commit instead, and an
AI on turn moves in the game's background task (`bot.host.service.ai_tasks`). An error anywhere rolls the transaction
back: nothing changes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.host.kinds import final_scores
from bot.host.service.ai_caps import ExpensiveAICaps
from bot.host.service.ai_fairness import AI_ONLY_GAMES_PER_SERVER, AI_ONLY_TURN_SECONDS, AIScheduler
from bot.host.service.clock_timer import arm_clock, on_own_moves
from bot.host.service.errors import N_, GameBusy, NoGameHere, StaleVersion
from bot.host.service.model import GameInfo, Move, SeatInfo, TurnResult, event_from_dict, event_to_dict
from bot.host.service.rules import check_version, require_status, stored_state
from bot.host.service.suggest_desk import SuggestDesk
from bot.host.service.thinking import Thinker
from bot.host.storage import GameRow, LogRow, ResultRow, SeatRow, Storage, Timer, Tx, VersionConflict
from engine.core.actions import Event

log = logging.getLogger(__name__)

LOCK_TIMEOUT_SECONDS = 2.0
"""How long a request waits for a game another request is changing before `GameBusy`: well inside the 3 seconds
Discord gives an interaction for its first answer."""

REMINDER = "reminder"
"""The timer kind of turn reminders."""


@dataclass(frozen=True)
class Pending:
    """A log row computed but not yet stored: an action (by a user, an AI or a skip), or an undo."""

    seat: int
    actor: str
    action: str
    events: list[Event]
    kind: str = "action"
    undo_from: int | None = None


@dataclass
class GameUnit:
    """One change of one game, inside its lock and transaction (see the module docstring).

    Attributes:
        tx: the open write transaction.
        game: the game row as loaded (after the block: as stored).
        seats: the seats as loaded (after the block: as stored).
        now: the wall clock when the unit began.
        moves, results: after the block, the stored moves (the block's, then the AIs') and the results recorded.
    """

    tx: Tx
    game: GameRow
    seats: list[SeatRow]
    now: float
    columns: dict[str, Any] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    new_state: Any = None
    seats_changed: bool = False
    changed: bool = False
    moves: list[Move] = field(default_factory=list)
    results: list[ResultRow] = field(default_factory=list)
    _state: Any = None

    @property
    def state(self) -> Any:
        """The game's engine state (the new one once the block set it).

        Raises:
            GameNotActive: the game has not started.
        """
        if self.new_state is not None:
            return self.new_state
        if self._state is None:
            self._state = stored_state(self.game)
        return self._state

    def update(self, **columns: Any) -> None:
        """Change game columns (status, config, engine_version, host_id, finished_at); bumps the version."""
        self.columns.update(columns)
        self.changed = True

    def set_seats(self, seats: list[SeatRow]) -> None:
        """Replace every seat (a lobby edit); bumps the version."""
        self.seats = seats
        self.seats_changed = self.changed = True

    async def set_seat_ai(self, position: int, level: str | None) -> None:
        """Let an AI play a seat (`level`) or give it back to its owner (None); bumps the version."""
        await self.tx.set_seat_ai(self.game.id, position, level)
        self.seats[position] = dataclasses.replace(self.seats[position], ai_level=level)
        self.changed = True

    def play(self, pending: Sequence[Pending], state: Any) -> None:
        """Log `pending` and store `state`, the state after them; bumps the version once per row."""
        self.pending.extend(pending)
        self.new_state = state
        self.changed = True

    def result(self) -> TurnResult:
        """What the unit did: the game afterwards, the stored moves and any recorded results."""
        state = None if self.new_state is None and self.game.state is None else self.state
        return TurnResult(game_info(self.game, self.seats, state), tuple(self.moves), tuple(self.results))

    def info(self) -> GameInfo:
        """The game afterwards."""
        return self.result().game


class ServiceBase:
    """What every part of `GameService` shares: storage, clock, seed source, the per-game locks and the unit of
    work.

    Args:
        storage: an opened `Storage`.
        clock: the wall clock (seconds since the epoch); tests pass a fake one.
        seed_source: gives the seed of a game whose host fixed none (default: `secrets.randbelow(2**31)`).
        lock_timeout: seconds a change waits for a game another change holds before `GameBusy`.
        thinker: where AI decisions are computed (default: worker threads; the bot passes a process pool).
        background_ai: if True, a change never waits for slow AI seats: after its commit (and the fast AI replies
            stored with it) the AI chain runs as a background task per game (`bot.host.service.ai_tasks`), which
            commits each AI move and tells `ai_listeners`. If False (tests, tools), AIs move inside the call.
        ai_only_games_per_server: how many running games played only by AIs one server (guild) may have; a start,
            `hand_to_ai` or `resign` that would make one more is refused
            (`bot.host.service.ai_seats.check_ai_only_cap`).
        expensive_ai: the caps on expert and master AI seats a member or a server may have in running games
            (`bot.host.service.ai_caps`; default `ExpensiveAICaps()`).
        ai_only_turn_seconds: the shortest time a turn takes in a game played only by AIs, so that watchers can read
            each turn's post (`bot.host.service.ai_fairness.AI_ONLY_TURN_SECONDS`, the default).
    """

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
        lock_timeout: float = LOCK_TIMEOUT_SECONDS,
        thinker: Thinker | None = None,
        background_ai: bool = False,
        ai_only_games_per_server: int = AI_ONLY_GAMES_PER_SERVER,
        expensive_ai: ExpensiveAICaps | None = None,
        ai_only_turn_seconds: float = AI_ONLY_TURN_SECONDS,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbelow(2**31))
        self.lock_timeout = lock_timeout
        self.thinker = thinker or Thinker()
        self.background_ai = background_ai
        self.ai_listeners: list[Callable[[TurnResult], object]] = []
        """Called with the result of every background AI commit (the bot posts turns from them)."""
        self.ai_turns = AIScheduler(self.thinker.workers, self.thinker.background_workers)
        """The fair share of the AI workers between games (`bot.host.service.ai_fairness`)."""
        self.ai_only_games_per_server = ai_only_games_per_server
        self.ai_only_turn_seconds = ai_only_turn_seconds
        self.expensive_ai = expensive_ai or ExpensiveAICaps()
        """The caps on expert and master AI seats in running games (`bot.host.service.ai_caps`)."""
        self.suggest_desk = SuggestDesk()
        """The *Suggest* searches under way (`bot.host.service.suggest`)."""
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._ai_again: set[int] = set()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serializes every change to one game in this process (kept while anyone holds or waits
        for it, so idle games cost no memory)."""
        found = self._locks.get(game_id)
        if found is None:
            found = self._locks[game_id] = asyncio.Lock()
        return found

    @asynccontextmanager
    async def locked(
        self, game_id: int, *, wait: bool = False, expected_version: int | None = None
    ) -> AsyncIterator[None]:
        """Hold the game's lock; wait at most `lock_timeout` seconds for it (without bound if `wait`).

        Raises:
            StaleVersion: the wait timed out and the game is no longer at `expected_version` (if given): the
                clearer answer for a click on a panel that is out of date anyway.
            GameBusy: another change held the game longer than `lock_timeout`.
        """
        lock = self.lock(game_id)
        try:
            await asyncio.wait_for(lock.acquire(), None if wait else self.lock_timeout)
        except TimeoutError:
            log.info("game %d busy: a request gave up after %.1f s", game_id, self.lock_timeout)
            if expected_version is not None:
                async with self.storage.reading() as tx:
                    game, _ = await load(tx, game_id)
                check_version(game, expected_version)
            raise GameBusy(N_("The game is busy (the AI players are still moving). Try again in a moment.")) from None
        try:
            yield
        finally:
            lock.release()

    @asynccontextmanager
    async def unit(
        self,
        game_id: int,
        *,
        status: tuple[str, ...] | str | None = None,
        expected_version: int | None = None,
        run_ai: bool = False,
        wait: bool = False,
        write: bool = True,
    ) -> AsyncIterator[GameUnit]:
        """One change of a game: lock, transaction, load, checks, one version bump, then AI moves if `run_ai`.
        With `write` False the transaction only reads (the block must change nothing; the AI chain writes its own).

        Raises:
            GameBusy: another change held the game longer than `lock_timeout` (unless `wait`).
            NoGameHere: no such game.
            GameNotActive: `status` is given and the game is in none of those.
            StaleVersion: `expected_version` is given and the game is at another version, or another process
                wrote the game meanwhile.
        """
        async with self.locked(game_id, wait=wait, expected_version=expected_version):
            async with self.storage.transaction() if write else self.storage.reading() as tx:
                game, seats = await load(tx, game_id)
                check_version(game, expected_version)
                if status is not None:
                    require_status(game, *((status,) if isinstance(status, str) else status))
                work = GameUnit(tx, game, seats, self.clock())
                yield work
                if work.changed:
                    if not write:
                        raise RuntimeError("a read-only unit of work cannot store a change")
                    await self.store(work)
            if run_ai and not work.results and work.game.status == "active":
                if self.background_ai:  # never wait for slow AIs inside a user's change
                    state = work.state
                    if not state.is_over and work.seats[state.current_index or 0].ai_controlled:
                        self.schedule_ai(game_id)
                    return
                work.game, work.seats, state, moves, results = await self.ai_chain(work.game, work.seats, work.state)
                work.new_state = state
                work.moves += moves
                work.results += results

    async def store(self, work: GameUnit) -> None:
        """Write the unit's change inside its transaction: the one place a game's version is bumped.

        Raises:
            StaleVersion: another process changed the game since it was loaded.
        """
        game, tx, now = work.game, work.tx, work.now
        await on_own_moves(work)
        seq = game.next_seq  # valid: a log row added since the game was read would have bumped its version
        version = game.version + max(1, len(work.pending))
        columns = dict(work.columns)
        if work.new_state is not None:
            columns["state"] = work.new_state.to_json()
            if work.new_state.is_over and game.status == "active":
                columns.update(status="finished", finished_at=now)
        try:
            await tx.update_game(game.id, game.version, version, now, **columns)
        except VersionConflict as error:
            raise StaleVersion(N_("Someone else changed the game at the same moment; look at the new state."),
                               error.current) from error
        if work.seats_changed:
            await tx.replace_seats(game.id, work.seats)
        rows = [LogRow(game.id, seq + i, p.kind, p.seat, p.actor, p.action, p.undo_from,
                       [event_to_dict(e) for e in p.events], game.version + i + 1, now)
                for i, p in enumerate(work.pending)]
        await tx.append_log(rows)
        work.moves += [log_move(row, work.seats) for row in rows]
        work.game = dataclasses.replace(game, version=version, updated_at=now, next_seq=seq + len(rows), **columns)
        work.pending = []
        work.changed = work.seats_changed = False
        if work.game.status == "active":
            await arm_reminder(tx, work.game, work.seats, work.state, version, now)
            await arm_clock(tx, work.game, work.seats, work.state, version, now)
        elif work.game.status == "finished" and game.status != "finished":
            work.results = await record_results(tx, work.game, work.seats, work.state, now)
        elif work.game.status == "cancelled":
            await tx.delete_timers(game.id)

    async def ai_chain(
        self, game: GameRow, seats: list[SeatRow], state: Any
    ) -> tuple[GameRow, list[SeatRow], Any, list[Move], list[ResultRow]]:
        """Play AI seats until a user must answer; the caller holds the game's lock (`bot.host.service.ai_seats`)."""
        raise NotImplementedError

    def schedule_ai(self, game_id: int) -> None:
        """Let the game's background AI task run (`bot.host.service.ai_tasks`)."""
        raise NotImplementedError


async def load(tx: Tx, game_id: int) -> tuple[GameRow, list[SeatRow]]:
    """The game row and its seats.

    Raises:
        NoGameHere: no such game.
    """
    game = await tx.game(game_id)
    if game is None:
        raise NoGameHere(N_("That game does not exist (any more)."))
    return game, await tx.seats(game_id)


def game_info(game: GameRow, seats: Sequence[SeatRow], state: Any = None) -> GameInfo:
    """The `GameInfo` of a row and its seats (`state`, if given, saves parsing the row's JSON)."""
    if state is None and game.state is not None:
        state = stored_state(game)
    return GameInfo(
        id=game.id, guild_id=game.guild_id, channel_id=game.channel_id, host_id=game.host_id, status=game.status,
        version=game.version, options={k: v for k, v in game.config.items() if k not in ("players", "data")},
        kind=game.kind,
        engine_version=game.engine_version,
        seats=tuple(SeatInfo(s.position, s.user_id, s.ai_level, s.name, s.colour) for s in seats),
        state=state, created_at=game.created_at, updated_at=game.updated_at, finished_at=game.finished_at,
    )


def log_move(row: LogRow, seats: Sequence[SeatRow], undone: bool = False) -> Move:
    """The `Move` of a log row (the seat's name from `seats`)."""
    name = seats[row.seat].name if 0 <= row.seat < len(seats) else f"seat {row.seat + 1}"
    return Move(row.seq, row.seat, name, row.actor, row.action, tuple(event_from_dict(e) for e in row.events),
                row.version_after, row.kind, undone)


async def record_results(
    tx: Tx, game: GameRow, seats: Sequence[SeatRow], state: Any, now: float
) -> list[ResultRow]:
    """Store the final scores of a game that is over, and drop its timers."""
    scores = final_scores(state)
    rows = [
        ResultRow(game.id, seat.position, game.guild_id, seat.user_id, seat.ai_level, seat.name,
                  scores[seat.name].total, scores[seat.name].rank, scores[seat.name].tiebreak,
                  dict(scores[seat.name].parts), now)
        for seat in seats
    ]
    await tx.insert_results(rows)
    await tx.delete_timers(game.id)
    log.info("Game %d finished: %s", game.id, ", ".join(f"{r.name} {r.score}" for r in rows))
    return rows


async def arm_reminder(
    tx: Tx, game: GameRow, seats: Sequence[SeatRow], state: Any, version: int, since: float
) -> None:
    """Set the game's one reminder: the channel's interval after `since` (the turn's last move), or half the game's
    turn clock if that is sooner (so that the player hears of their turn before the clock runs out), held while the
    user on turn is snoozed; or drop it when nobody is to be reminded."""
    index = state.current_index
    seat = None if index is None or state.is_over else seats[index]
    if seat is None or seat.ai_controlled or seat.user_id is None:
        await tx.delete_timers(game.id, REMINDER)
        return
    interval = (await tx.channel_settings(game.channel_id)).reminder_seconds
    prefs = await tx.prefs(seat.user_id)
    if interval <= 0 or not prefs.reminders:
        await tx.delete_timers(game.id, REMINDER)
        return
    due = since + interval
    clock_hours = int(game.config.get("clock_hours") or 0)
    if clock_hours:  # the turn clock's one reminder comes at half its time at the latest (`bot.host.service.clock`)
        due = min(due, since + clock_hours * 1800.0)
    if prefs.snooze_until is not None and prefs.snooze_until > due:
        due = prefs.snooze_until
    await tx.put_timer(Timer(game.id, REMINDER, seat.user_id, due, version))
