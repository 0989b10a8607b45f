"""`GameService`: lobby, moves, AI turns, undo, replay and administration over `bot.storage`. No Discord here.

Every state-changing call runs under a per-game `asyncio.Lock` (so two clicks in one process are handled one
after the other) and writes in one `BEGIN IMMEDIATE` transaction whose UPDATE carries the expected version in
its WHERE clause (so a second process cannot slip a write in between). Every change bumps the game's version;
every applied action appends one log row carrying the version after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import itertools
import json
import logging
import re
import secrets
import sqlite3
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from bot.service.errors import (
    GameNotActive,
    IllegalMove,
    LobbyError,
    NoGameHere,
    NothingToUndo,
    NotHost,
    NotSeated,
    NotYourTurn,
    ServiceError,
    StaleVersion,
)
from bot.service.model import (
    GameInfo,
    Move,
    ReplayCheck,
    SeatInfo,
    TurnResult,
    UndoPreview,
    event_from_dict,
    event_to_dict,
)
from bot.service.replay import ReplayError, effective_actions, replay, skip_action, undoable, undone_seqs
from bot.storage import (
    NOTIFY_MODES,
    ChannelSettings,
    ChannelTaken,
    GameRow,
    LogRow,
    PostedMessage,
    ResultRow,
    SeatRow,
    Storage,
    Timer,
    Tx,
    UserPrefs,
    UserStats,
    VersionConflict,
)
from engine import (
    Event,
    GameConfig,
    GameState,
    IllegalAction,
    apply,
    final_scores,
    legal_actions,
    new_game,
    parse_action,
    player_view,
)
from engine import ai as engine_ai

log = logging.getLogger(__name__)

COLOURS = ("purple", "orange", "teal", "graphite")
"""Seat colours, in the order seats get them (the same order as `render.theme.PLAYER_COLORS`)."""

MIN_SEATS, MAX_SEATS = 2, 4
NAME_LIMIT = 32
"""Longest player name kept (longer display names are cut)."""

OPTION_NAMES = frozenset(f.name for f in dataclasses.fields(GameConfig)) - {"players"}
"""Game options the lobby may set: every `GameConfig` field except the players."""

FAST_AI_LEVELS = frozenset({"random"})
"""AI levels cheap enough to run on the event loop; any other level thinks in a worker thread."""

AI_FLUSH_SECONDS = 0.5
AI_FLUSH_MOVES = 400
"""A chain of AI moves is committed at least this often (seconds of thinking, or moves)."""

INLINE_AI_MOVES = 32
"""Fast AI replies to a user's move are stored in the same transaction as that move, up to this many."""

SKIP_LIMIT = 100
"""Most actions one skip plays before giving up (a turn never needs nearly that many)."""

REMINDER = "reminder"
"""The timer kind of turn reminders."""

MAX_REMINDER_SECONDS = 7 * 24 * 3600
"""The longest reminder interval a channel may set (a week)."""


@functools.cache
def engine_version() -> str:
    """The version of the rules engine, stored with each game (the distribution's version if the engine has
    no `__version__`)."""
    version = getattr(engine, "__version__", None)
    if isinstance(version, str):
        return version
    import importlib.metadata  # only here: it is slow to import, and needed once per process

    try:
        return importlib.metadata.version("grand-austria-hotel-bot")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def clean_name(name: str | None, fallback: str) -> str:
    """A player name fit for the engine and event texts: one line, no braces, at most `NAME_LIMIT` characters."""
    text = re.sub(r"\s+", " ", name or "")
    text = re.sub(r"[{}\x00-\x1f\x7f]", "", text).strip()[:NAME_LIMIT].strip()
    return text or fallback


@dataclass(frozen=True)
class _Pending:
    """A move computed but not yet stored."""

    seat: int
    actor: str
    action: str
    events: list[Event]


class GameService:
    """The game service the Discord layer calls. One instance per process, sharing one `Storage`.

    Args:
        storage: an opened `Storage`.
        clock: the wall clock (seconds since the epoch); tests pass a fake one.
        seed_source: gives the seed of a game whose host fixed none (default: `secrets.randbelow(2**31)`).
    """

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbelow(2**31))
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The lock that serializes every change to one game in this process (kept while anyone holds or waits
        for it, so idle games cost no memory)."""
        found = self._locks.get(game_id)
        if found is None:
            found = self._locks[game_id] = asyncio.Lock()
        return found

    # ----- reading ---------------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameInfo:
        """The game with this id.

        Raises:
            NoGameHere: no such game.
        """
        async with self.storage.reading() as tx:
            row, seats = await self._load(tx, game_id)
        return self._info(row, seats)

    async def game_in_channel(self, channel_id: int) -> GameInfo:
        """The lobby or active game of a channel.

        Raises:
            NoGameHere: the channel has no open game.
        """
        async with self.storage.reading() as tx:
            row = await tx.open_game_in_channel(channel_id)
            if row is None:
                raise NoGameHere("There is no game in this channel. Start one with the new game command.")
            seats = await tx.seats(row.id)
        return self._info(row, seats)

    async def games(
        self, *, guild_id: int | None = None, user_id: int | None = None, open_only: bool = True
    ) -> list[GameInfo]:
        """Games of a server and/or a seated user, oldest first; only lobbies and active games if `open_only`."""
        async with self.storage.reading() as tx:
            rows = await tx.games(guild_id=guild_id, user_id=user_id,
                                  statuses=("lobby", "active") if open_only else None)
            return [self._info(row, await tx.seats(row.id)) for row in rows]

    async def view(self, game_id: int, user_id: int | None) -> GameState:
        """The state as `user_id`'s seat may see it (`engine.player_view`); the public view for a watcher.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game has not started.
        """
        info = await self.game(game_id)
        if info.state is None:
            raise GameNotActive("The game has not started yet.")
        seat = None if user_id is None else info.seat_of(user_id)
        return player_view(info.state, None if seat is None else seat.name)

    async def history(self, game_id: int) -> list[Move]:
        """Every log entry of a game, oldest first; actions an undo took back have `undone=True`.

        Raises:
            NoGameHere: no such game.
        """
        async with self.storage.reading() as tx:
            _, seats = await self._load(tx, game_id)
            rows = await tx.log(game_id)
        undone = undone_seqs(rows)
        return [self._move(r, seats, undone=r.seq in undone) for r in rows]

    # ----- lobby -----------------------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str | None = None,
        options: Mapping[str, Any] | None = None,
        seat_host: bool = True,
    ) -> GameInfo:
        """Open a lobby in a channel, with the host in the first seat (unless `seat_host` is False).

        Raises:
            LobbyError: the channel already has an open game, or an option is invalid.
        """
        config = _validated_options({}, options or {})
        now = self.clock()
        async with self.storage.transaction() as tx:
            if await tx.open_game_in_channel(channel_id) is not None:
                raise LobbyError("This channel already has a game. Finish or cancel it first.")
            try:
                row = await tx.insert_game(guild_id=guild_id, channel_id=channel_id, host_id=host_id, config=config,
                                           engine_version=engine_version(), now=now)
            except ChannelTaken as error:
                raise LobbyError("This channel already has a game. Finish or cancel it first.") from error
            seats: list[SeatRow] = []
            if seat_host:
                seats = [SeatRow(row.id, 0, host_id, None, clean_name(host_name, "Player 1"), COLOURS[0], now)]
                await tx.replace_seats(row.id, seats)
        log.info("Game %d created in channel %d by %d", row.id, channel_id, host_id)
        return self._info(row, seats)

    async def join(
        self, game_id: int, user_id: int, name: str | None = None, *, expected_version: int | None = None
    ) -> GameInfo:
        """Take the next free seat of a lobby.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is past its lobby.
            StaleVersion: `expected_version` is given and the game moved on.
            LobbyError: the user is already seated, or every seat is taken.
        """

        def edit(game: GameRow, seats: list[SeatRow], now: float) -> tuple[dict[str, Any], list[SeatRow]]:
            if any(seat.user_id == user_id for seat in seats):
                raise LobbyError("You are already in this game.")
            if len(seats) >= MAX_SEATS:
                raise LobbyError(f"The game is full ({MAX_SEATS} seats).")
            position = len(seats)
            player = _unique_name(seats, clean_name(name, f"Player {position + 1}"))
            seat = SeatRow(game.id, position, user_id, None, player, _free_colour(seats), now)
            return {}, [*seats, seat]

        return await self._lobby_edit(game_id, expected_version, edit)

    async def leave(self, game_id: int, user_id: int, *, expected_version: int | None = None) -> GameInfo:
        """Give up a lobby seat; the seats behind move up. If the host leaves, the next seated user becomes host;
        if no user is left, the lobby is cancelled.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game has started (hand your seat to an AI instead) or is over.
            StaleVersion: `expected_version` is given and the game moved on.
            NotSeated: the user holds no seat.
        """

        def edit(game: GameRow, seats: list[SeatRow], now: float) -> tuple[dict[str, Any], list[SeatRow]]:
            if not any(seat.user_id == user_id for seat in seats):
                raise NotSeated("You are not in this game.")
            rest = _renumber([seat for seat in seats if seat.user_id != user_id])
            columns: dict[str, Any] = {}
            if game.host_id == user_id:
                humans = [seat.user_id for seat in rest if seat.user_id is not None]
                if humans:
                    columns["host_id"] = humans[0]
                else:
                    columns.update(status="cancelled", finished_at=now)
            return columns, rest

        return await self._lobby_edit(game_id, expected_version, edit)

    async def add_ai(
        self, game_id: int, actor_id: int, level: str = "random", *, expected_version: int | None = None
    ) -> GameInfo:
        """Add an AI seat to a lobby (host only).

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is past its lobby.
            StaleVersion: `expected_version` is given and the game moved on.
            NotHost: the actor is not the host.
            LobbyError: unknown AI level, or every seat is taken.
        """
        _check_level(level)

        def edit(game: GameRow, seats: list[SeatRow], now: float) -> tuple[dict[str, Any], list[SeatRow]]:
            _require_host(game, actor_id, False)
            if len(seats) >= MAX_SEATS:
                raise LobbyError(f"The game is full ({MAX_SEATS} seats).")
            colour = _free_colour(seats)
            name = _unique_name(seats, f"AI {colour.title()}")
            return {}, [*seats, SeatRow(game.id, len(seats), None, level, name, colour, now)]

        return await self._lobby_edit(game_id, expected_version, edit)

    async def remove_ai(
        self, game_id: int, actor_id: int, position: int, *, expected_version: int | None = None
    ) -> GameInfo:
        """Remove the AI seat at `position` from a lobby (host only); the seats behind move up.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is past its lobby.
            StaleVersion: `expected_version` is given and the game moved on.
            NotHost: the actor is not the host.
            LobbyError: there is no AI seat at that position.
        """

        def edit(game: GameRow, seats: list[SeatRow], now: float) -> tuple[dict[str, Any], list[SeatRow]]:
            _require_host(game, actor_id, False)
            if not 0 <= position < len(seats) or seats[position].user_id is not None:
                raise LobbyError(f"Seat {position + 1} is not an AI seat.")
            return {}, _renumber([seat for seat in seats if seat.position != position])

        return await self._lobby_edit(game_id, expected_version, edit)

    async def set_options(
        self, game_id: int, actor_id: int, options: Mapping[str, Any], *, expected_version: int | None = None
    ) -> GameInfo:
        """Change lobby options (host only): any `GameConfig` field but the players; a value of None resets
        the option to its default.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is past its lobby.
            StaleVersion: `expected_version` is given and the game moved on.
            NotHost: the actor is not the host.
            LobbyError: an unknown option or a bad value.
        """

        def edit(game: GameRow, seats: list[SeatRow], now: float) -> tuple[dict[str, Any], list[SeatRow] | None]:
            _require_host(game, actor_id, False)
            return {"config": _validated_options(game.config, options)}, None

        return await self._lobby_edit(game_id, expected_version, edit)

    async def start(
        self, game_id: int, actor_id: int, *, expected_version: int | None = None, run_ai: bool = True
    ) -> TurnResult:
        """Start the game (host only, 2-4 seats): fix the names and the seed, deal, and let AIs move if one
        must answer first. A host who starts alone plays the solo game against Leopold (engine option
        `solo="leopold"`, difficulty from the `solo_difficulty` option).

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is past its lobby.
            StaleVersion: `expected_version` is given and the game moved on.
            NotHost: the actor is not the host.
            LobbyError: no seat, more than 4, or a lone seat played by an AI.
        """
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                _check_version(game, expected_version)
                _require_status(game, "lobby")
                _require_host(game, actor_id, False)
                options = {k: v for k, v in game.config.items() if k in OPTION_NAMES}
                solo = len(seats) == 1 and seats[0].user_id is not None
                if solo:
                    options["solo"] = "leopold"
                else:
                    options.pop("solo", None)
                    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
                        raise LobbyError(f"A game needs {MIN_SEATS} to {MAX_SEATS} seats (or you alone, against "
                                         f"Leopold); this one has {len(seats)}.")
                options.setdefault("seed", self.seed_source())
                config = GameConfig(players=[seat.name for seat in seats], **options)
                try:
                    state = new_game(config)
                except ValueError as error:
                    raise LobbyError(str(error)) from error
                version = game.version + 1
                await self._update(tx, game, version, now, status="active", config=config.to_dict(),
                                   state=state.to_json(), engine_version=engine_version())
                await self._arm_reminder(tx, game, seats, state, version, now)
                started = dataclasses.replace(game, status="active", config=config.to_dict(), version=version,
                                              state=state.to_json(), engine_version=engine_version(), updated_at=now)
            log.info("Game %d started with %d seats (seed %d)", game_id, len(seats), config.seed)
            moves: list[Move] = []
            results: list[ResultRow] = []
            if run_ai:
                started, seats, state, moves, results = await self._run_ai(started, seats, state)
            return TurnResult(self._info(started, seats, state), tuple(moves), tuple(results))

    # ----- play ------------------------------------------------------------------------------------------

    async def act(
        self, game_id: int, user_id: int, action_text: str, expected_version: int, *, run_ai: bool = True,
        choices: str | None = None,
    ) -> TurnResult:
        """Apply a user's action: check the seat, parse and apply it, and store the log row, the new state and
        the new version in one transaction; then (if `run_ai`) let AI seats move until a user must answer.

        `choices` is the `choices_fingerprint` of the panel the user clicked (drawn at `expected_version`). With
        it, a panel drawn before other seats' moves still counts when the user's own choices are unchanged: in
        the simultaneous staff draft, one player's pick does not make the others' panels stale.

        Nothing changes when an error is raised.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running (lobby, finished, cancelled).
            StaleVersion: the game is not at `expected_version` (another action came first), unless `choices`
                shows that only other seats acted since and the user's choices are the same.
            NotSeated: the user holds no seat.
            NotYourTurn: another seat must answer, or an AI is playing the user's seat.
            IllegalMove: the engine refused the action (with its sentence).
            sqlite3.OperationalError: another process kept the database locked past the busy timeout (nothing
                changed; a bug or an overloaded disk, not a player error).
        """
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                _require_status(game, "active")
                state = _state(game)
                if choices is None:
                    _check_version(game, expected_version)
                seat = _seat_on_turn(game, seats, state, user_id)
                if game.version != expected_version:
                    await self._check_choices_unchanged(tx, game, seat, state, expected_version, choices)
                try:
                    action = parse_action(state, action_text, seat.name)
                    new_state, events = apply(state, action, player=seat.name)
                except IllegalAction as error:
                    raise IllegalMove(str(error)) from error
                pending = [_Pending(seat.position, f"user:{user_id}", action.text, events)]
                if run_ai:
                    new_state = _inline_ai(game.id, seats, new_state, pending)
                game, moves, results = await self._commit(tx, game, seats, pending, new_state, now)
            if run_ai and not results:
                game, seats, new_state, more, results_ai = await self._run_ai(game, seats, new_state)
                moves += more
                results += results_ai
            return TurnResult(self._info(game, seats, new_state), tuple(moves), tuple(results))

    async def run_ai(self, game_id: int) -> TurnResult:
        """Let AI seats move until a user must answer or the game ends (a no-op if a user must answer).

        Raises:
            NoGameHere: no such game.
        """
        async with self.lock(game_id):
            async with self.storage.reading() as tx:
                game, seats = await self._load(tx, game_id)
            state = _state(game) if game.state is not None else None
            moves: list[Move] = []
            results: list[ResultRow] = []
            if game.status == "active" and state is not None:
                game, seats, state, moves, results = await self._run_ai(game, seats, state)
            return TurnResult(self._info(game, seats, state), tuple(moves), tuple(results))

    async def resume(self) -> list[TurnResult]:
        """After a restart: let AIs move in every active game where an AI must answer (a crash may have come
        between a user's move and the AI replies). Returns the results of games where AIs moved."""
        async with self.storage.reading() as tx:
            games = await tx.games(statuses=("active",))
        done = []
        for game in games:
            result = await self.run_ai(game.id)
            if result.moves:
                done.append(result)
        return done

    # ----- undo ------------------------------------------------------------------------------------------

    async def preview_undo(self, game_id: int, user_id: int, steps: int = 1) -> UndoPreview:
        """What `undo(game_id, user_id, version, steps)` would take back: the user's own latest actions of this
        turn, at most `steps`, never past a die roll, a drawn card, a new turn, or another seat's action.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            NotSeated: the user holds no seat.
            NotYourTurn: another seat must answer now.
            NothingToUndo: no action can be taken back.
            ValueError: `steps` < 1.
        """
        if steps < 1:
            raise ValueError("steps must be at least 1")
        async with self.storage.reading() as tx:
            game, _, seat, _, candidates = await self._undo_plan(tx, game_id, user_id)
        chosen = candidates[:steps]
        return UndoPreview(game.id, game.version, seat.position, tuple(row.action for row in reversed(chosen)),
                           len(candidates))

    async def undo(self, game_id: int, user_id: int, expected_version: int, steps: int = 1) -> TurnResult:
        """Take back the actions `preview_undo` listed (the same `steps`, at the version the preview showed).

        The log keeps the undone rows; an "undo" row marks them taken back, and the state is rebuilt by
        replaying the log without them.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            StaleVersion: the game is not at `expected_version`.
            NotSeated: the user holds no seat.
            NotYourTurn: another seat must answer now.
            NothingToUndo: no action can be taken back.
            ValueError: `steps` < 1.
        """
        if steps < 1:
            raise ValueError("steps must be at least 1")
        async with self.lock(game_id):
            async with self.storage.reading() as tx:
                game, seats, seat, effective, candidates = await self._undo_plan(tx, game_id, user_id,
                                                                                 expected_version)
            chosen = candidates[:steps]
            keep = effective[: len(effective) - len(chosen)]
            # a whole-game replay takes tens of milliseconds: keep it off the event loop
            state = await asyncio.to_thread(replay, GameConfig.from_dict(game.config), keep)
            texts = [row.action for row in reversed(chosen)]
            event = Event("undo", seat.name, f"{seat.name} takes back: {', '.join(texts)}.",
                          {"actions": texts, "from": chosen[-1].seq})
            now = self.clock()
            async with self.storage.transaction() as tx:
                version = game.version + 1
                seq = await tx.next_seq(game.id)
                await self._update(tx, game, version, now, state=state.to_json())
                await tx.append_log([LogRow(game.id, seq, "undo", seat.position, f"user:{user_id}", "",
                                            chosen[-1].seq, [event_to_dict(event)], version, now)])
                await self._arm_reminder(tx, game, seats, state, version, now)
            game = dataclasses.replace(game, version=version, updated_at=now, next_seq=seq + 1)
            move = Move(seq, seat.position, seat.name, f"user:{user_id}", "", (event,), version, kind="undo")
            log.info("Game %d: %s took back %d action(s)", game_id, seat.name, len(chosen))
            return TurnResult(self._info(game, seats, state), (move,))

    async def _undo_plan(
        self, tx: Tx, game_id: int, user_id: int, expected_version: int | None = None
    ) -> tuple[GameRow, list[SeatRow], SeatRow, list[LogRow], list[LogRow]]:
        game, seats = await self._load(tx, game_id)
        _require_status(game, "active")
        _check_version(game, expected_version)
        seat = _seat_on_turn(game, seats, _state(game), user_id)
        effective = effective_actions(await tx.log(game_id))
        candidates = undoable(effective, seat.position, f"user:{user_id}")
        if not candidates:
            raise NothingToUndo("There is nothing you can take back now: your turn's moves so far revealed "
                                "something new (dice, cards or guests), or you have not moved yet this turn.")
        return game, seats, seat, effective, candidates

    # ----- replay and export -----------------------------------------------------------------------------

    async def check_replay(self, game_id: int) -> ReplayCheck:
        """Rebuild the game from its seed and log and compare with the stored state (and check the log's
        numbering and versions).

        Raises:
            NoGameHere: no such game.
        """
        async with self.storage.reading() as tx:
            game, _ = await self._load(tx, game_id)
            rows = await tx.log(game_id)
        if game.state is None:
            ok = not rows
            return ReplayCheck(game_id, ok, 0, "ok" if ok else "a game without a state has log entries")
        if [row.seq for row in rows] != list(range(1, len(rows) + 1)):
            return ReplayCheck(game_id, False, 0, "the log's sequence numbers have a gap")
        versions = [row.version_after for row in rows]
        if any(b <= a for a, b in itertools.pairwise(versions)) or (versions and versions[-1] > game.version):
            return ReplayCheck(game_id, False, 0, "the log's versions do not grow up to the game's version")
        effective = effective_actions(rows)
        try:
            state = await asyncio.to_thread(replay, GameConfig.from_dict(game.config), effective)
        except (ReplayError, ValueError) as error:
            return ReplayCheck(game_id, False, 0, str(error))
        if state.to_json() != game.state:
            try:
                stored = f"stored at step {GameState.from_json(game.state).steps}"
            except ValueError:
                stored = "the stored state is not a game state"
            return ReplayCheck(game_id, False, len(effective),
                               f"the replayed state differs from the stored one (replay at step {state.steps}, "
                               f"{stored})")
        return ReplayCheck(game_id, True, len(effective))

    async def export(self, game_id: int) -> dict[str, Any]:
        """The whole game as a JSON-ready dict: the game row, seats, every log entry (undone ones flagged),
        results and the state.

        Raises:
            NoGameHere: no such game.
        """
        async with self.storage.reading() as tx:
            game, seats = await self._load(tx, game_id)
            rows = await tx.log(game_id)
            results = await tx.results(game_id)
        undone = undone_seqs(rows)
        return {
            "format": "gah-game/1",
            "game": {key: value for key, value in dataclasses.asdict(game).items() if key != "state"},
            "seats": [dataclasses.asdict(seat) for seat in seats],
            "log": [{**dataclasses.asdict(row), "undone": row.seq in undone} for row in rows],
            "results": [dataclasses.asdict(result) for result in results],
            "state": None if game.state is None else json.loads(game.state),
        }

    async def export_json(self, game_id: int) -> str:
        """`export` as a JSON string.

        Raises:
            NoGameHere: no such game.
        """
        return json.dumps(await self.export(game_id), sort_keys=True)

    # ----- administration --------------------------------------------------------------------------------

    async def cancel(
        self, game_id: int, actor_id: int, *, is_manager: bool = False, expected_version: int | None = None
    ) -> GameInfo:
        """Cancel a lobby or an active game (the host, or a server manager). Its log stays.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is already finished or cancelled.
            StaleVersion: `expected_version` is given and the game moved on.
            NotHost: the actor is neither the host nor a manager.
        """
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                _check_version(game, expected_version)
                if game.status not in ("lobby", "active"):
                    raise GameNotActive(f"The game is already {game.status}.")
                _require_host(game, actor_id, is_manager)
                version = game.version + 1
                await self._update(tx, game, version, now, status="cancelled", finished_at=now)
                await tx.delete_timers(game.id)
            log.info("Game %d cancelled by %d", game_id, actor_id)
            return self._info(dataclasses.replace(game, status="cancelled", version=version, updated_at=now,
                                                  finished_at=now), seats)

    async def skip(
        self,
        game_id: int,
        actor_id: int,
        *,
        is_manager: bool = False,
        expected_version: int | None = None,
        run_ai: bool = True,
    ) -> TurnResult:
        """Skip the seat on turn (the host or a manager): play `replay.skip_action` for it ("pass", else "end
        turn", else a decline, else the first legal action) until another seat must answer or the game ends.
        Each action is logged with actor "skip:<actor_id>". Then AIs move as after any action.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            StaleVersion: `expected_version` is given and the game moved on.
            NotHost: the actor is neither the host nor a manager.
        """
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                _require_status(game, "active")
                _check_version(game, expected_version)
                _require_host(game, actor_id, is_manager)
                state = _state(game)
                skipped = state.current_index
                pending: list[_Pending] = []
                while not state.is_over and state.current_index == skipped and len(pending) < SKIP_LIMIT:
                    action = skip_action(state)
                    state, events = apply(state, action)
                    pending.append(_Pending(int(skipped or 0), f"skip:{actor_id}", action.text, events))
                if run_ai:
                    state = _inline_ai(game.id, seats, state, pending)
                game, moves, results = await self._commit(tx, game, seats, pending, state, now)
            log.info("Game %d: %d skipped seat %s (%d actions)", game_id, actor_id, skipped, len(pending))
            if run_ai and not results:
                game, seats, state, more, results_ai = await self._run_ai(game, seats, state)
                moves += more
                results += results_ai
            return TurnResult(self._info(game, seats, state), tuple(moves), tuple(results))

    async def hand_to_ai(
        self,
        game_id: int,
        actor_id: int,
        position: int | None = None,
        *,
        level: str = "random",
        is_manager: bool = False,
        expected_version: int | None = None,
        run_ai: bool = True,
    ) -> TurnResult:
        """Let an AI play a user's seat in a running game: the actor's own seat (`position` None), or any seat
        if the actor is the host or a manager. The owner can take it back with `take_back`.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            StaleVersion: `expected_version` is given and the game moved on.
            NotSeated: `position` is None and the actor holds no seat.
            NotHost: the seat is not the actor's and the actor is neither the host nor a manager.
            LobbyError: unknown AI level, no such seat, an AI seat, or already played by an AI.
        """
        _check_level(level)
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                _require_status(game, "active")
                _check_version(game, expected_version)
                if position is None:
                    own = next((seat for seat in seats if seat.user_id == actor_id), None)
                    if own is None:
                        raise NotSeated("You are not in this game.")
                    position = own.position
                if not 0 <= position < len(seats):
                    raise LobbyError(f"There is no seat {position + 1}.")
                seat = seats[position]
                if seat.user_id != actor_id:
                    _require_host(game, actor_id, is_manager)
                if seat.user_id is None:
                    raise LobbyError(f"Seat {position + 1} is an AI seat already.")
                if seat.ai_controlled:
                    raise LobbyError(f"An AI already plays {seat.name}'s seat.")
                version = game.version + 1
                await self._update(tx, game, version, now)
                await tx.set_seat_ai(game.id, position, level)
                seats[position] = dataclasses.replace(seat, ai_level=level)
                state = _state(game)
                await self._arm_reminder(tx, game, seats, state, version, now)
            game = dataclasses.replace(game, version=version, updated_at=now)
            log.info("Game %d: seat %d handed to AI %s by %d", game_id, position, level, actor_id)
            moves: list[Move] = []
            results: list[ResultRow] = []
            if run_ai:
                game, seats, state, moves, results = await self._run_ai(game, seats, state)
            return TurnResult(self._info(game, seats, state), tuple(moves), tuple(results))

    async def take_back(self, game_id: int, user_id: int, *, expected_version: int | None = None) -> GameInfo:
        """The owner takes their seat back from the AI playing it.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            StaleVersion: `expected_version` is given and the game moved on.
            NotSeated: the user holds no seat.
            LobbyError: no AI plays the user's seat.
        """
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                _require_status(game, "active")
                _check_version(game, expected_version)
                seat = next((s for s in seats if s.user_id == user_id), None)
                if seat is None:
                    raise NotSeated("You are not in this game.")
                if not seat.ai_controlled:
                    raise LobbyError("Your seat is not played by an AI.")
                version = game.version + 1
                await self._update(tx, game, version, now)
                await tx.set_seat_ai(game.id, seat.position, None)
                seats[seat.position] = dataclasses.replace(seat, ai_level=None)
                state = _state(game)
                await self._arm_reminder(tx, game, seats, state, version, now)
            return self._info(dataclasses.replace(game, version=version, updated_at=now), seats, state)

    async def finish(self, game_id: int) -> list[ResultRow]:
        """The results of a finished game. Games are finished (results recorded, status "finished") in the same
        transaction as their last move; this also records them for a game that is over but not yet marked.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not over.
        """
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                if game.status == "finished":
                    return await tx.results(game_id)
                if game.status != "active" or not _state(game).is_over:
                    raise GameNotActive("The game is not over yet.")
                state = _state(game)
                await self._update(tx, game, game.version + 1, now, status="finished", finished_at=now)
                return await self._record_results(tx, game, seats, state, now)

    async def results(self, game_id: int) -> list[ResultRow]:
        """The recorded results of a game ([] until it is finished)."""
        async with self.storage.reading() as tx:
            return await tx.results(game_id)

    async def stats(self, user_id: int, guild_id: int | None = None) -> UserStats:
        """A user's record over finished games (seats they owned, even if an AI finished them)."""
        async with self.storage.reading() as tx:
            return await tx.user_stats(user_id, guild_id)

    async def leaderboard(self, guild_id: int, limit: int = 10, min_games: int = 1) -> list[UserStats]:
        """A server's best players by wins, then average score."""
        async with self.storage.reading() as tx:
            return await tx.leaderboard(guild_id, limit, min_games)

    # ----- preferences, messages, timers -----------------------------------------------------------------

    async def prefs(self, user_id: int) -> UserPrefs:
        """A user's notification preferences (defaults if never set)."""
        async with self.storage.reading() as tx:
            return await tx.prefs(user_id)

    async def set_prefs(
        self, user_id: int, *, notify: str | None = None, reminders: bool | None = None
    ) -> UserPrefs:
        """Change how a user hears of their turn ("mention", "dm", "none") and/or whether they get turn
        reminders at all (the interval is the channel's). Turning reminders off drops those pending about them.

        Raises:
            ServiceError: an unknown mode.
        """
        if notify is not None and notify not in NOTIFY_MODES:
            raise ServiceError(f"Notifications can be {', '.join(NOTIFY_MODES)}; not {notify!r}.")
        async with self.storage.transaction() as tx:
            prefs = await tx.prefs(user_id)
            prefs = dataclasses.replace(
                prefs,
                notify=prefs.notify if notify is None else notify,
                reminders=prefs.reminders if reminders is None else reminders,
            )
            await tx.put_prefs(prefs, self.clock())
            if not prefs.reminders:
                await tx.delete_user_timers(user_id, REMINDER)
        return prefs

    async def snooze(self, user_id: int, until: float | None) -> UserPrefs:
        """Hold a user's reminders in every game until `until` (seconds since the epoch); None ends the snooze.
        Pending reminders about the user move to `until`."""
        async with self.storage.transaction() as tx:
            prefs = dataclasses.replace(await tx.prefs(user_id), snooze_until=until)
            await tx.put_prefs(prefs, self.clock())
            if until is not None:
                await tx.snooze_timers(user_id, until)
        return prefs

    async def snooze_turn(self, game_id: int, user_id: int) -> bool:
        """No reminder for the user in this game until their turn is over (the next move arms a new one).
        Returns whether a pending reminder was dropped (False: it was already sent or none was set).

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            NotSeated: the user has no seat in it.
            NotYourTurn: the user's seat is not waiting for an answer (or an AI plays it).
        """
        async with self.lock(game_id), self.storage.transaction() as tx:
            game, seats = await self._load(tx, game_id)
            _require_status(game, "active")
            _seat_on_turn(game, seats, _state(game), user_id)
            pending = [t for t in await tx.timers(game_id=game_id) if t.kind == REMINDER and t.user_id == user_id]
            if pending:
                await tx.delete_timers(game_id, REMINDER)
        return bool(pending)

    async def channel_settings(self, channel_id: int) -> ChannelSettings:
        """A channel's settings (the reminder interval of its games); the defaults if nobody set them."""
        async with self.storage.reading() as tx:
            return await tx.channel_settings(channel_id)

    async def set_reminder_interval(
        self, channel_id: int, guild_id: int, actor_id: int, seconds: int, *, is_manager: bool = False
    ) -> ChannelSettings:
        """Set how long the channel's games wait for the player on turn before one reminder (0: never).

        Allowed for the host of the channel's open game (lobby or active) and for managers (Manage Channels,
        also when the channel has no open game). A running game's pending reminder moves to the new interval,
        counted from the last move (so a shorter interval may make it due at once).

        Raises:
            ServiceError: the interval is negative or longer than `MAX_REMINDER_SECONDS`.
            NotHost: the actor neither hosts the channel's open game nor manages the channel.
        """
        if not 0 <= seconds <= MAX_REMINDER_SECONDS:
            raise ServiceError("The reminder interval must be between 0 (no reminders) and 168 hours.")
        async with self.storage.reading() as tx:
            found = await tx.open_game_in_channel(channel_id)
        async with self.lock(found.id) if found is not None else contextlib.nullcontext():
            now = self.clock()
            async with self.storage.transaction() as tx:
                game = await tx.open_game_in_channel(channel_id)
                if not is_manager and (game is None or game.host_id != actor_id):
                    raise NotHost("Only the host of this channel's game, or someone who may manage the channel, "
                                  "can set the reminder interval.")
                old = await tx.channel_settings(channel_id)
                settings = ChannelSettings(channel_id, seconds, actor_id, now)
                await tx.put_channel_settings(settings, guild_id)
                if game is not None and game.status == "active":
                    pending = any(t.kind == REMINDER for t in await tx.timers(game_id=game.id))
                    if pending or old.reminder_seconds == 0:  # not if this turn's reminder was sent or snoozed
                        await self._arm_reminder(tx, game, await tx.seats(game.id), _state(game), game.version,
                                                 game.updated_at)
        return settings

    async def record_message(
        self, game_id: int, purpose: str, channel_id: int, message_id: int, version: int
    ) -> PostedMessage:
        """Remember what the bot posted for a game (one message per purpose, e.g. "lobby", "board", "panel")."""
        message = PostedMessage(game_id, purpose, channel_id, message_id, version, self.clock())
        async with self.storage.transaction() as tx:
            await tx.put_message(message)
        return message

    async def messages(self, game_id: int) -> list[PostedMessage]:
        """Every remembered message of a game."""
        async with self.storage.reading() as tx:
            return await tx.messages(game_id)

    async def forget_message(self, game_id: int, purpose: str) -> None:
        """Forget a remembered message (e.g. after it was deleted)."""
        async with self.storage.transaction() as tx:
            await tx.delete_message(game_id, purpose)

    async def timers(self, due_before: float | None = None) -> list[Timer]:
        """Pending timers, soonest first (all of them, or those due by `due_before`); re-arm them at start-up."""
        async with self.storage.reading() as tx:
            return await tx.timers(due_before=due_before)

    async def reminder_sent(self, game_id: int, version: int | None = None) -> None:
        """After the bot sent a turn reminder: there is one reminder per turn, so none is pending until the
        next move (which arms the next one). Also call it for a reminder that found nothing to remind of.

        `version` is the `Timer.version` the caller handled: a reminder armed by a move made meanwhile stays.
        """
        async with self.lock(game_id), self.storage.transaction() as tx:
            timers = await tx.timers(game_id=game_id)
            if any(t.kind == REMINDER and (version is None or t.version == version) for t in timers):
                await tx.delete_timers(game_id, REMINDER)

    async def rearm_reminder(self, game_id: int) -> Timer | None:
        """Set the game's reminder anew, an interval from now (or later, while the user on turn is snoozed);
        None if no reminder is due: the game is not running, an AI must move, the channel has no reminders or
        the user wants none.

        Raises:
            NoGameHere: no such game.
        """
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                if game.status != "active":
                    await tx.delete_timers(game_id)
                    return None
                await self._arm_reminder(tx, game, seats, _state(game), game.version, now)
                found = await tx.timers(game_id=game_id)
            return next((timer for timer in found if timer.kind == REMINDER), None)

    # ----- internals -------------------------------------------------------------------------------------

    async def _check_choices_unchanged(
        self, tx: Tx, game: GameRow, seat: SeatRow, state: GameState, since: int, choices: str | None
    ) -> None:
        """Raise StaleVersion unless every version after `since` came from other seats' actions (no undo, no
        seat change, nothing of this seat's) and the seat's legal actions still have the fingerprint `choices`."""
        stale = StaleVersion("That panel is out of date: the game has moved on. Here is the current state.",
                             game.version)
        if choices is None or since > game.version or choices_fingerprint(state, seat.name) != choices:
            raise stale
        later = [row for row in await tx.log(game.id) if row.version_after > since]
        covered = {row.version_after for row in later}
        if covered != set(range(since + 1, game.version + 1)):
            raise stale  # a version without a log row: a seat was handed to an AI or taken back
        if any(row.kind != "action" or row.seat == seat.position for row in later):
            raise stale

    async def _load(self, tx: Tx, game_id: int) -> tuple[GameRow, list[SeatRow]]:
        game = await tx.game(game_id)
        if game is None:
            raise NoGameHere("That game does not exist (any more).")
        return game, await tx.seats(game_id)

    def _info(self, game: GameRow, seats: Sequence[SeatRow], state: GameState | None = None) -> GameInfo:
        if state is None and game.state is not None:
            state = GameState.from_json(game.state)
        return GameInfo(
            id=game.id,
            guild_id=game.guild_id,
            channel_id=game.channel_id,
            host_id=game.host_id,
            status=game.status,
            version=game.version,
            options={k: v for k, v in game.config.items() if k != "players"},
            engine_version=game.engine_version,
            seats=tuple(SeatInfo(s.position, s.user_id, s.ai_level, s.name, s.colour) for s in seats),
            state=state,
            created_at=game.created_at,
            updated_at=game.updated_at,
            finished_at=game.finished_at,
        )

    @staticmethod
    def _move(row: LogRow, seats: Sequence[SeatRow], undone: bool = False) -> Move:
        name = seats[row.seat].name if 0 <= row.seat < len(seats) else f"seat {row.seat + 1}"
        return Move(row.seq, row.seat, name, row.actor, row.action, tuple(event_from_dict(e) for e in row.events),
                    row.version_after, row.kind, undone)

    async def _update(self, tx: Tx, game: GameRow, version: int, now: float, **columns: Any) -> None:
        try:
            await tx.update_game(game.id, game.version, version, now, **columns)
        except VersionConflict as error:
            raise StaleVersion("Someone else changed the game at the same moment; look at the new state.",
                               error.current) from error

    async def _lobby_edit(
        self,
        game_id: int,
        expected_version: int | None,
        edit: Callable[[GameRow, list[SeatRow], float], tuple[dict[str, Any], list[SeatRow] | None]],
    ) -> GameInfo:
        async with self.lock(game_id):
            now = self.clock()
            async with self.storage.transaction() as tx:
                game, seats = await self._load(tx, game_id)
                _check_version(game, expected_version)
                _require_status(game, "lobby")
                columns, new_seats = edit(game, seats, now)
                await self._update(tx, game, game.version + 1, now, **columns)
                if new_seats is not None:
                    await tx.replace_seats(game.id, new_seats)
                    seats = new_seats
                if columns.get("status") == "cancelled":
                    await tx.delete_timers(game.id)
                updated = await tx.game(game.id)
            assert updated is not None
            return self._info(updated, seats)

    async def _commit(
        self, tx: Tx, game: GameRow, seats: list[SeatRow], pending: Sequence[_Pending], state: GameState, now: float
    ) -> tuple[GameRow, list[Move], list[ResultRow]]:
        """Store moves and the state they lead to (finishing the game if it is over), inside `tx`.

        Raises:
            StaleVersion: the game is no longer at `game.version`.
        """
        seq = game.next_seq  # valid: any log row added since the game was read would have bumped its version
        version = game.version + len(pending)
        columns: dict[str, Any] = {"state": state.to_json()}
        if state.is_over:
            columns.update(status="finished", finished_at=now)
        await self._update(tx, game, version, now, **columns)
        rows = [
            LogRow(game.id, seq + i, "action", p.seat, p.actor, p.action, None, [event_to_dict(e) for e in p.events],
                   game.version + i + 1, now)
            for i, p in enumerate(pending)
        ]
        await tx.append_log(rows)
        results: list[ResultRow] = []
        if state.is_over:
            results = await self._record_results(tx, game, seats, state, now)
        else:
            await self._arm_reminder(tx, game, seats, state, version, now)
        updated = dataclasses.replace(game, version=version, updated_at=now, state=columns["state"],
                                      next_seq=seq + len(pending),
                                      status="finished" if state.is_over else game.status,
                                      finished_at=now if state.is_over else game.finished_at)
        moves = [Move(r.seq, r.seat, seats[r.seat].name, r.actor, r.action, tuple(p.events), r.version_after)
                 for r, p in zip(rows, pending, strict=True)]
        return updated, moves, results

    async def _record_results(
        self, tx: Tx, game: GameRow, seats: Sequence[SeatRow], state: GameState, now: float
    ) -> list[ResultRow]:
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

    async def _arm_reminder(
        self, tx: Tx, game: GameRow, seats: Sequence[SeatRow], state: GameState, version: int, since: float
    ) -> None:
        """Set the game's one reminder: the channel's interval after `since` (the turn's last move), held while
        the user on turn is snoozed; or drop it when nobody is to be reminded."""
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
        if prefs.snooze_until is not None and prefs.snooze_until > due:
            due = prefs.snooze_until
        await tx.put_timer(Timer(game.id, REMINDER, seat.user_id, due, version))

    async def _run_ai(
        self, game: GameRow, seats: list[SeatRow], state: GameState
    ) -> tuple[GameRow, list[SeatRow], GameState, list[Move], list[ResultRow]]:
        """Play AI seats until a user must answer or the game ends; the caller holds the game's lock.

        Moves are committed in batches (`AI_FLUSH_SECONDS`, `AI_FLUSH_MOVES`). An AI error or a write by
        another process stops the chain (logged); `resume` or the next call picks it up again.
        """
        moves: list[Move] = []
        results: list[ResultRow] = []
        while game.status == "active" and not state.is_over:
            pending: list[_Pending] = []
            current = state
            started = time.monotonic()
            try:
                while not current.is_over:
                    seat = seats[current.current_index or 0]
                    if seat.ai_level is None:
                        break
                    chooser = _policy(seat.ai_level, current, seat.position)
                    if seat.ai_level in FAST_AI_LEVELS:
                        action = chooser.choose(current)
                    else:
                        action = await asyncio.to_thread(chooser.choose, current)
                    current, events = apply(current, action)
                    pending.append(_Pending(seat.position, f"ai:{seat.ai_level}", action.text, events))
                    if len(pending) >= AI_FLUSH_MOVES or time.monotonic() - started > AI_FLUSH_SECONDS:
                        break
                    if len(pending) % 50 == 0:
                        await asyncio.sleep(0)  # let other games' clicks in during a long AI chain
            except Exception:  # an AI bug must not lose the moves already made; log it and stop the chain
                log.exception("Game %d: the AI failed to move; the game waits for `resume`", game.id)
                if not pending:
                    break
            if not pending:
                break
            try:
                async with self.storage.transaction() as tx:
                    game, new_moves, new_results = await self._commit(tx, game, seats, pending, current, self.clock())
            except StaleVersion:
                log.warning("Game %d changed under its AI moves (another process?); AI moves dropped", game.id)
                break
            except sqlite3.OperationalError:
                log.exception("Game %d: could not store AI moves; the game waits for `resume`", game.id)
                break
            state = current
            moves += new_moves
            results += new_results
        return game, seats, state, moves, results


# ----- small checks ------------------------------------------------------------------------------------------


def _policy(level: str, state: GameState, position: int) -> engine_ai.Policy:
    return engine_ai.policy(level, state.config.seed * 31 + position)


def _inline_ai(game_id: int, seats: Sequence[SeatRow], state: GameState, pending: list[_Pending]) -> GameState:
    """Play fast AI replies (levels in `FAST_AI_LEVELS`, at most `INLINE_AI_MOVES`) after `pending`, adding
    them to it; returns the state after them. Slower AIs, and longer chains, are left to `_run_ai`."""
    for _ in range(INLINE_AI_MOVES):
        if state.is_over:
            break
        seat = seats[state.current_index or 0]
        if seat.ai_level not in FAST_AI_LEVELS:
            break
        try:
            action = _policy(seat.ai_level, state, seat.position).choose(state)
            after, events = apply(state, action)
        except Exception:  # an AI bug must not cost the user's move; `_run_ai`/`resume` try again and log it
            log.exception("Game %d: the AI failed to move", game_id)
            break
        pending.append(_Pending(seat.position, f"ai:{seat.ai_level}", action.text, events))
        state = after
    return state


def _state(game: GameRow) -> GameState:
    if game.state is None:
        raise GameNotActive("The game has not started yet.")
    return GameState.from_json(game.state)


def choices_fingerprint(state: GameState, name: str) -> str:
    """A short fingerprint (10 hex digits) of the legal actions of player `name`, in order: equal fingerprints
    mean a panel's choice indices still name the same actions."""
    texts = "\n".join(action.text for action in legal_actions(state, name))
    return hashlib.blake2s(texts.encode(), digest_size=5).hexdigest()


def _check_version(game: GameRow, expected: int | None) -> None:
    if expected is not None and expected != game.version:
        raise StaleVersion("That panel is out of date: the game has moved on. Here is the current state.",
                           game.version)


def _require_status(game: GameRow, status: str) -> None:
    if game.status == status:
        return
    if status == "lobby":
        raise GameNotActive("The game has already started." if game.status == "active"
                            else f"The game is {game.status}.")
    if game.status == "lobby":
        raise GameNotActive("The game has not started yet.")
    raise GameNotActive(f"The game is {game.status}; no more moves can be made.")


def _require_host(game: GameRow, actor_id: int, is_manager: bool) -> None:
    if actor_id != game.host_id and not is_manager:
        raise NotHost("Only the host can do that." if not is_manager else "Only the host or a manager can do that.")


def _seat_on_turn(game: GameRow, seats: Sequence[SeatRow], state: GameState, user_id: int) -> SeatRow:
    seat = next((s for s in seats if s.user_id == user_id), None)
    if seat is None:
        raise NotSeated("You are not playing in this game.")
    index = state.current_index
    if index is None:
        raise GameNotActive("The game is over; no more moves can be made.")
    if seat.name not in state.waiting:  # several seats may answer at once during the staff draft
        raise NotYourTurn(f"It is {' and '.join(state.waiting)}'s turn, not yours.")
    if seat.ai_controlled:
        raise NotYourTurn("An AI is playing your seat; take it back first.")
    return seat


def _check_level(level: str) -> None:
    if level not in engine_ai.LEVELS:
        raise LobbyError(f"Unknown AI level {level!r}; choose one of {', '.join(engine_ai.LEVELS)}.")


def _validated_options(current: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(changes) - OPTION_NAMES)
    if unknown:
        raise LobbyError(f"Unknown option(s): {', '.join(unknown)}. Options: {', '.join(sorted(OPTION_NAMES))}.")
    merged = {k: v for k, v in {**current, **changes}.items() if k in OPTION_NAMES and v is not None}
    try:
        GameConfig(players=("a",) if merged.get("solo") else ("a", "b"), **merged).validate()
    except (TypeError, ValueError) as error:
        raise LobbyError(str(error)) from error
    return merged


def _free_colour(seats: Sequence[SeatRow]) -> str:
    taken = {seat.colour for seat in seats}
    return next(colour for colour in COLOURS if colour not in taken)


def _unique_name(seats: Sequence[SeatRow], name: str) -> str:
    taken = {seat.name.casefold() for seat in seats}
    candidate, n = name, 2
    while candidate.casefold() in taken:
        suffix = f" {n}"
        candidate = name[: NAME_LIMIT - len(suffix)] + suffix
        n += 1
    return candidate


def _renumber(seats: Sequence[SeatRow]) -> list[SeatRow]:
    return [dataclasses.replace(seat, position=i) for i, seat in enumerate(seats)]
