"""SQLite storage for games, seats, the action log, posted messages, preferences, results and timers.

One `Storage` owns one aiosqlite connection, opened with WAL journaling, `foreign_keys=ON`, a busy timeout
and `synchronous=NORMAL`, and migrated to the latest schema (`bot.migrations`) on `open`. All work goes
through a `Tx`, obtained from one of two context managers:

* `Storage.transaction()`: `BEGIN IMMEDIATE` ... `COMMIT` (rolled back on any exception), for every
  read-modify-write. The write lock is taken at `BEGIN`, so two processes never interleave a write.
* `Storage.reading()`: a deferred transaction that only reads (one consistent snapshot).

A process-wide `asyncio.Lock` serializes the transactions of one `Storage` (they share one connection).
Nothing here knows about Discord or the rules; `bot.service` builds on it.

With `synchronous=NORMAL` in WAL mode a commit survives the process being killed at any moment; only a
power loss or OS crash may lose the last few commits (the database stays consistent either way).

Example::

    async with Storage("gah.sqlite3") as storage:
        async with storage.transaction() as tx:
            game = await tx.insert_game(guild_id=1, channel_id=2, host_id=3, config={}, engine_version="0",
                                        now=time.time())
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.log_codec import decode_events, encode_events
from bot.migrations import latest_version, migrations

log = logging.getLogger(__name__)

DEFAULT_PATH = "gah.sqlite3"
"""The database file used when the settings name none (`bot.settings.Settings.database`)."""

OPEN_STATUSES = ("lobby", "active")
"""Game statuses that occupy their channel (at most one such game per channel)."""

NOTIFY_MODES = ("mention", "dm", "none")
"""Values of `UserPrefs.notify`."""

DEFAULT_REMINDER_SECONDS = 12 * 3600
"""Reminder interval of a channel whose games' hosts never set one (issue 6: "default 12 h")."""


class StorageError(Exception):
    """Base class of the storage layer's own errors."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot (its `user_version` is above ours)."""


class ChannelTaken(StorageError):
    """A channel already has an open (lobby or active) game."""


class VersionConflict(StorageError):
    """A conditional update found the game at a different version than expected (someone else wrote first).

    Attributes:
        current: the version the game has now, or None if the game does not exist.
    """

    def __init__(self, game_id: int, expected: int, current: int | None) -> None:
        super().__init__(f"game {game_id} is at version {current}, not {expected}")
        self.current = current


# ----- rows -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRow:
    """One row of `games`. `config` is the decoded JSON of `GameConfig` fields; `state` is raw JSON text."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    config: dict[str, Any]
    engine_version: str
    state: str | None
    version: int
    created_at: float
    updated_at: float
    finished_at: float | None = None
    next_seq: int = 1
    """The sequence number the game's next log row gets (as read; not kept up to date by `update_game`)."""


@dataclass(frozen=True)
class SeatRow:
    """One seat: owned by `user_id` (None for an AI seat), played by an AI while `ai_level` is set."""

    game_id: int
    position: int
    user_id: int | None
    ai_level: str | None
    name: str
    colour: str
    joined_at: float

    @property
    def ai_controlled(self) -> bool:
        """True while an AI plays this seat (an AI seat, or a human seat handed to an AI)."""
        return self.ai_level is not None


@dataclass(frozen=True)
class LogRow:
    """One row of the append-only action log.

    `kind` is "action" (an action applied by `actor` for `seat`) or "undo" (every action with
    `seq >= undo_from` is taken back). `events` holds the engine events as JSON-ready dicts.
    """

    game_id: int
    seq: int
    kind: str
    seat: int
    actor: str
    action: str
    undo_from: int | None
    events: list[dict[str, Any]]
    version_after: int
    created_at: float


@dataclass(frozen=True)
class PostedMessage:
    """The message the bot last posted for a game and purpose (to edit it, or to repost it)."""

    game_id: int
    purpose: str
    channel_id: int
    message_id: int
    version: int
    posted_at: float


@dataclass(frozen=True)
class UserPrefs:
    """A user's notification preferences: how they hear of their turn (`notify`, one of `NOTIFY_MODES`),
    whether they want turn reminders at all, and until when (seconds since the epoch) reminders are held."""

    user_id: int
    notify: str = "mention"
    reminders: bool = True
    snooze_until: float | None = None


@dataclass(frozen=True)
class ChannelSettings:
    """A channel's settings: the turn reminder interval of its games in seconds (0: no reminders), who set it
    (None: nobody, the defaults) and when (seconds since the epoch)."""

    channel_id: int
    reminder_seconds: int = DEFAULT_REMINDER_SECONDS
    updated_by: int | None = None
    updated_at: float | None = None


@dataclass(frozen=True)
class ResultRow:
    """A finished game's result for one seat."""

    game_id: int
    seat: int
    guild_id: int
    user_id: int | None
    ai_level: str | None
    name: str
    score: int
    rank: int
    tiebreak: int
    breakdown: dict[str, int]
    finished_at: float


@dataclass(frozen=True)
class Timer:
    """A pending timer (e.g. a reminder) of a game, kept so the bot can re-arm it after a restart."""

    game_id: int
    kind: str
    user_id: int | None
    due_at: float
    version: int


@dataclass(frozen=True)
class UserStats:
    """A user's record over finished games: count, wins (rank 1, ties included), average and best score."""

    user_id: int
    games: int = 0
    wins: int = 0
    average_score: float = 0.0
    best_score: int | None = None


# ----- helpers --------------------------------------------------------------------------------------------


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def split_statements(script: str) -> list[str]:
    """Split an SQL script into complete statements (trigger bodies with inner `;` stay whole).

    Raises:
        ValueError: the script ends with an incomplete statement.
    """
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            text = buffer.strip()
            if text and text != ";":
                statements.append(text)
            buffer = ""
    rest = "\n".join(line for line in buffer.splitlines() if not line.strip().startswith("--")).strip()
    if rest:
        raise ValueError(f"incomplete SQL statement at the end of the script: {rest[:80]!r}")
    return statements


def _game(row: sqlite3.Row) -> GameRow:
    keys = row.keys()
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        status=row["status"],
        config=json.loads(row["config"]),
        engine_version=row["engine_version"],
        state=row["state"],
        version=row["version"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"] if "finished_at" in keys else None,
        next_seq=row["next_seq"] if "next_seq" in keys else 1,
    )


def _seat(row: sqlite3.Row) -> SeatRow:
    return SeatRow(row["game_id"], row["position"], row["user_id"], row["ai_level"], row["name"], row["colour"],
                   row["joined_at"])


def _log_row(row: sqlite3.Row) -> LogRow:
    return LogRow(row["game_id"], row["seq"], row["kind"], row["seat"], row["actor"], row["action"],
                  row["undo_from"], decode_events(row["events"]), row["version_after"], row["created_at"])


def _result(row: sqlite3.Row) -> ResultRow:
    return ResultRow(row["game_id"], row["seat"], row["guild_id"], row["user_id"], row["ai_level"], row["name"],
                     row["score"], row["rank"], row["tiebreak"], json.loads(row["breakdown"]), row["finished_at"])


def _timer(row: sqlite3.Row) -> Timer:
    return Timer(row["game_id"], row["kind"], row["user_id"], row["due_at"], row["version"])


_GAME_COLUMNS = ("status", "config", "engine_version", "state", "host_id", "finished_at")
_GAME_SELECT = "g.*, (SELECT COALESCE(MAX(seq), 0) + 1 FROM action_log WHERE game_id = g.id) AS next_seq"


# ----- transaction handle ---------------------------------------------------------------------------------


class Tx:
    """The queries and writes available inside one transaction. Obtain it from `Storage.transaction()`
    (writes allowed) or `Storage.reading()` (reads only); never keep it after the `async with` block.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Run a statement and return every row it yields (one round trip to the database thread).

        Raises:
            sqlite3.Error: the SQL is invalid or breaks a constraint.
        """
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        """Run a statement and return its first row, or None.

        Raises:
            sqlite3.Error: the SQL is invalid or breaks a constraint.
        """
        rows = await self._conn.execute_fetchall(sql, params)
        return next(iter(rows), None)

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed.

        Raises:
            sqlite3.Error: the SQL is invalid or breaks a constraint.
        """
        async with self._conn.execute(sql, params) as cursor:
            return cursor.rowcount

    async def _insert_many(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows with multi-row INSERT statements (one round trip per 200 rows), in order."""
        head = f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
        one = "(" + ", ".join("?" * len(columns)) + ")"
        for start in range(0, len(rows), 200):
            chunk = rows[start : start + 200]
            await self._conn.execute_fetchall(head + ", ".join([one] * len(chunk)),
                                              [value for row in chunk for value in row])

    # games

    async def game(self, game_id: int) -> GameRow | None:
        """The game with this id, or None."""
        row = await self.fetchone(f"SELECT {_GAME_SELECT} FROM games g WHERE g.id = ?", (game_id,))
        return None if row is None else _game(row)

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel, or None."""
        row = await self.fetchone(
            f"SELECT {_GAME_SELECT} FROM games g WHERE g.channel_id = ? AND g.status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else _game(row)

    async def games(
        self, *, guild_id: int | None = None, statuses: Iterable[str] | None = None, user_id: int | None = None
    ) -> list[GameRow]:
        """Games filtered by server, statuses and seated user (each filter optional), oldest first."""
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            where.append("g.guild_id = ?")
            params.append(guild_id)
        if statuses is not None:
            wanted = list(statuses)
            where.append(f"g.status IN ({', '.join('?' * len(wanted))})" if wanted else "0")
            params.extend(wanted)
        if user_id is not None:
            where.append("EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)")
            params.append(user_id)
        sql = f"SELECT {_GAME_SELECT} FROM games g"
        sql += (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY g.id"
        return [_game(row) for row in await self.fetchall(sql, params)]

    async def insert_game(
        self, *, guild_id: int, channel_id: int, host_id: int, config: dict[str, Any], engine_version: str, now: float
    ) -> GameRow:
        """Create a game in the lobby at version 0.

        Raises:
            ChannelTaken: the channel already has a lobby or active game.
        """
        try:
            row = await self.fetchone(
                "INSERT INTO games (guild_id, channel_id, host_id, status, config, engine_version, version, "
                "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, 0, ?, ?) RETURNING *, 1 AS next_seq",
                (guild_id, channel_id, host_id, _dumps(config), engine_version, now, now),
            )
        except sqlite3.IntegrityError as error:
            if "games.channel_id" in str(error):
                raise ChannelTaken(f"channel {channel_id} already has an open game") from error
            raise
        assert row is not None
        return _game(row)

    async def update_game(self, game_id: int, expected_version: int, new_version: int, now: float,
                          **columns: Any) -> None:
        """Set `columns` (any of status, config, engine_version, state, host_id, finished_at) and the version,
        but only if the game is still at `expected_version` (the check is in the UPDATE's WHERE clause).

        Raises:
            VersionConflict: the game is not at `expected_version` (or does not exist).
            ValueError: an unknown column, or `new_version` not above `expected_version`.
        """
        unknown = set(columns) - set(_GAME_COLUMNS)
        if unknown:
            raise ValueError(f"unknown game column(s): {sorted(unknown)}")
        if new_version <= expected_version:
            raise ValueError("the version must grow")
        sets: list[str] = ["version = ?", "updated_at = ?"]
        params: list[Any] = [new_version, now]
        for name, value in columns.items():
            sets.append(f"{name} = ?")
            params.append(_dumps(value) if name == "config" else value)
        params += [game_id, expected_version]
        updated = await self.fetchall(
            f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ? RETURNING version", params
        )
        if not updated:
            row = await self.fetchone("SELECT version FROM games WHERE id = ?", (game_id,))
            raise VersionConflict(game_id, expected_version, None if row is None else row["version"])

    # seats

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The seats of a game in seating order."""
        rows = await self.fetchall("SELECT * FROM seats WHERE game_id = ? ORDER BY position", (game_id,))
        return [_seat(row) for row in rows]

    async def replace_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        """Replace every seat of a game (positions are taken from the rows).

        Raises:
            sqlite3.IntegrityError: duplicate position, colour, name or user.
        """
        await self.fetchall("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await self._insert_many(
            "seats", ("game_id", "position", "user_id", "ai_level", "name", "colour", "joined_at"),
            [(game_id, s.position, s.user_id, s.ai_level, s.name, s.colour, s.joined_at) for s in seats],
        )

    async def set_seat_ai(self, game_id: int, position: int, ai_level: str | None) -> None:
        """Let an AI play a seat (`ai_level`) or give it back to its owner (None).

        Raises:
            sqlite3.IntegrityError: `ai_level` None on a seat without an owner.
            KeyError: no such seat.
        """
        changed = await self.fetchall(
            "UPDATE seats SET ai_level = ? WHERE game_id = ? AND position = ? RETURNING position",
            (ai_level, game_id, position),
        )
        if not changed:
            raise KeyError((game_id, position))

    # action log

    async def next_seq(self, game_id: int) -> int:
        """The sequence number the next log row of the game must have."""
        row = await self.fetchone("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM action_log WHERE game_id = ?",
                                  (game_id,))
        assert row is not None
        return int(row["n"])

    async def append_log(self, rows: Sequence[LogRow]) -> None:
        """Append rows to the action log (their `seq` must continue the game's log without a gap).

        Raises:
            sqlite3.IntegrityError: a gap or a duplicate sequence number.
        """
        await self._insert_many(
            "action_log",
            ("game_id", "seq", "kind", "seat", "actor", "action", "undo_from", "events", "version_after", "created_at"),
            [(r.game_id, r.seq, r.kind, r.seat, r.actor, r.action, r.undo_from, encode_events(r.events),
              r.version_after, r.created_at) for r in rows],
        )

    async def log(self, game_id: int) -> list[LogRow]:
        """Every log row of a game in sequence order."""
        rows = await self.fetchall("SELECT * FROM action_log WHERE game_id = ? ORDER BY seq", (game_id,))
        return [_log_row(row) for row in rows]

    # posted messages

    async def put_message(self, message: PostedMessage) -> None:
        """Remember the message posted for a game and purpose (replacing the previous one)."""
        await self.fetchall(
            "INSERT INTO posted_messages (game_id, purpose, channel_id, message_id, version, posted_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, purpose) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id, version = excluded.version, posted_at = excluded.posted_at",
            (message.game_id, message.purpose, message.channel_id, message.message_id, message.version,
             message.posted_at),
        )

    async def messages(self, game_id: int) -> list[PostedMessage]:
        """Every remembered message of a game."""
        rows = await self.fetchall("SELECT * FROM posted_messages WHERE game_id = ? ORDER BY purpose", (game_id,))
        return [PostedMessage(r["game_id"], r["purpose"], r["channel_id"], r["message_id"], r["version"],
                              r["posted_at"]) for r in rows]

    async def delete_message(self, game_id: int, purpose: str) -> None:
        """Forget the message of a game and purpose (no error if there is none)."""
        await self.fetchall("DELETE FROM posted_messages WHERE game_id = ? AND purpose = ?", (game_id, purpose))

    # user preferences

    async def prefs(self, user_id: int) -> UserPrefs:
        """A user's preferences (the defaults if they never set any)."""
        row = await self.fetchone("SELECT * FROM user_prefs WHERE user_id = ?", (user_id,))
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(user_id, row["notify"], bool(row["reminders"]), row["snooze_until"])

    async def put_prefs(self, prefs: UserPrefs, now: float) -> None:
        """Store a user's preferences.

        Raises:
            sqlite3.IntegrityError: an unknown notify mode.
        """
        await self.fetchall(
            "INSERT INTO user_prefs (user_id, notify, reminders, snooze_until, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, "
            "reminders = excluded.reminders, snooze_until = excluded.snooze_until, "
            "updated_at = excluded.updated_at",
            (prefs.user_id, prefs.notify, int(prefs.reminders), prefs.snooze_until, now),
        )

    # channel settings

    async def channel_settings(self, channel_id: int) -> ChannelSettings:
        """A channel's settings (the defaults if nobody set any)."""
        row = await self.fetchone("SELECT * FROM channel_settings WHERE channel_id = ?", (channel_id,))
        if row is None:
            return ChannelSettings(channel_id)
        return ChannelSettings(channel_id, row["reminder_seconds"], row["updated_by"], row["updated_at"])

    async def put_channel_settings(self, settings: ChannelSettings, guild_id: int) -> None:
        """Store a channel's settings; `updated_by` and `updated_at` must be set.

        Raises:
            sqlite3.IntegrityError: a negative interval, or no `updated_by`/`updated_at`.
        """
        await self.fetchall(
            "INSERT INTO channel_settings (channel_id, guild_id, reminder_seconds, updated_by, updated_at) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (channel_id) DO UPDATE SET "
            "reminder_seconds = excluded.reminder_seconds, updated_by = excluded.updated_by, "
            "updated_at = excluded.updated_at",
            (settings.channel_id, guild_id, settings.reminder_seconds, settings.updated_by, settings.updated_at),
        )

    # results and stats

    async def insert_results(self, rows: Sequence[ResultRow]) -> None:
        """Record the results of a finished game.

        Raises:
            sqlite3.IntegrityError: results for that game and seat exist already.
        """
        await self._insert_many(
            "results",
            ("game_id", "seat", "guild_id", "user_id", "ai_level", "name", "score", "rank", "tiebreak", "breakdown",
             "finished_at"),
            [(r.game_id, r.seat, r.guild_id, r.user_id, r.ai_level, r.name, r.score, r.rank, r.tiebreak,
              _dumps(r.breakdown), r.finished_at) for r in rows],
        )

    async def results(self, game_id: int) -> list[ResultRow]:
        """The results of a game by seat ([] if it has none)."""
        rows = await self.fetchall("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
        return [_result(row) for row in rows]

    async def user_stats(self, user_id: int, guild_id: int | None = None) -> UserStats:
        """A user's record over every finished game (or those of one server) where they owned a seat."""
        sql = ("SELECT COUNT(*) AS games, COALESCE(SUM(rank = 1), 0) AS wins, AVG(score) AS average, "
               "MAX(score) AS best FROM results WHERE user_id = ?")
        params: list[Any] = [user_id]
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        row = await self.fetchone(sql, params)
        assert row is not None
        return UserStats(user_id, row["games"], row["wins"], float(row["average"] or 0.0), row["best"])

    async def leaderboard(self, guild_id: int, limit: int = 10, min_games: int = 1) -> list[UserStats]:
        """The server's players with at least `min_games` results, by wins, then average score."""
        rows = await self.fetchall(
            "SELECT user_id, COUNT(*) AS games, SUM(rank = 1) AS wins, AVG(score) AS average, MAX(score) AS best "
            "FROM results WHERE guild_id = ? AND user_id IS NOT NULL GROUP BY user_id HAVING COUNT(*) >= ? "
            "ORDER BY wins DESC, average DESC, user_id LIMIT ?",
            (guild_id, min_games, limit),
        )
        return [UserStats(r["user_id"], r["games"], r["wins"], float(r["average"]), r["best"]) for r in rows]

    # timers

    async def put_timer(self, timer: Timer) -> None:
        """Set (or move) a game's timer of `timer.kind`."""
        await self.fetchall(
            "INSERT INTO timers (game_id, kind, user_id, due_at, version) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, kind) DO UPDATE SET user_id = excluded.user_id, due_at = excluded.due_at, "
            "version = excluded.version",
            (timer.game_id, timer.kind, timer.user_id, timer.due_at, timer.version),
        )

    async def timers(self, *, due_before: float | None = None, game_id: int | None = None) -> list[Timer]:
        """Timers, soonest first; only those due at or before `due_before` and of `game_id` if given."""
        where: list[str] = []
        params: list[Any] = []
        if due_before is not None:
            where.append("due_at <= ?")
            params.append(due_before)
        if game_id is not None:
            where.append("game_id = ?")
            params.append(game_id)
        sql = "SELECT * FROM timers" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY due_at, game_id"
        return [_timer(row) for row in await self.fetchall(sql, params)]

    async def delete_timers(self, game_id: int, kind: str | None = None) -> None:
        """Remove a game's timers (of one kind, or all)."""
        if kind is None:
            await self.fetchall("DELETE FROM timers WHERE game_id = ?", (game_id,))
        else:
            await self.fetchall("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind))

    async def delete_user_timers(self, user_id: int, kind: str) -> None:
        """Remove every timer of `kind` about `user_id`, in all games."""
        await self.fetchall("DELETE FROM timers WHERE user_id = ? AND kind = ?", (user_id, kind))

    async def snooze_timers(self, user_id: int, until: float) -> None:
        """Push every timer about `user_id` that is due before `until` back to `until`."""
        await self.fetchall("UPDATE timers SET due_at = ? WHERE user_id = ? AND due_at < ?", (until, user_id, until))


# ----- the database -----------------------------------------------------------------------------------------


class Storage:
    """The bot's SQLite database. Open it with `await storage.open()` or `async with Storage(path)`."""

    def __init__(self, path: str | os.PathLike[str] = DEFAULT_PATH, *, busy_timeout_ms: int = 5000) -> None:
        """Remember where the database lives; nothing is opened yet.

        Args:
            path: the database file (created if missing), or ":memory:" for a private in-memory database.
            busy_timeout_ms: how long a write waits for another process's write lock before failing.
        """
        self.path = os.fspath(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def __aenter__(self) -> Storage:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def open(self, *, migrate: bool = True) -> None:
        """Connect, set the pragmas, and (unless `migrate` is False) bring the schema up to date.

        Raises:
            SchemaTooNew: the database was written by a newer version of the bot.
            sqlite3.Error: the file cannot be opened or is not a database.
        """
        if self._conn is not None:
            return
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
                row = await cursor.fetchone()
            if row is not None and str(row[0]).lower() != "wal" and self.path != ":memory:":
                log.warning("SQLite refused WAL mode for %s (journal mode %s)", self.path, row[0])
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            await conn.close()
            raise
        self._conn = conn
        if migrate:
            try:
                await self.migrate()
            except BaseException:
                await self.close()
                raise

    async def close(self) -> None:
        """Close the connection (a no-op when it is not open)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            await conn.close()

    @property
    def is_open(self) -> bool:
        """Whether `open` has been called (and `close` not since)."""
        return self._conn is not None

    def _require(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StorageError("the database is not open; call `await storage.open()` first")
        return self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """A write transaction (`BEGIN IMMEDIATE`), committed when the block ends and rolled back if it raises.

        Raises:
            StorageError: the database is not open.
            sqlite3.OperationalError: another process held the write lock for longer than the busy timeout.
        """
        async with self._session("BEGIN IMMEDIATE") as tx:
            yield tx

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        """A read-only transaction: every query in the block sees one consistent snapshot.

        Raises:
            StorageError: the database is not open.
        """
        async with self._session("BEGIN") as tx:
            yield tx

    @asynccontextmanager
    async def _session(self, begin: str) -> AsyncIterator[Tx]:
        conn = self._require()
        async with self._lock:
            try:
                await conn.execute_fetchall(begin)
                yield Tx(conn)
            except BaseException:
                await self._rollback(conn)
                raise
            try:
                await conn.execute_fetchall("COMMIT")
            except BaseException:
                await self._rollback(conn)
                raise

    @staticmethod
    async def _rollback(conn: aiosqlite.Connection) -> None:
        with contextlib.suppress(sqlite3.OperationalError):  # no transaction was open (BEGIN failed)
            await conn.execute_fetchall("ROLLBACK")

    async def schema_version(self) -> int:
        """The database's `PRAGMA user_version` (the number of migrations applied).

        Raises:
            StorageError: the database is not open.
        """
        async with self.reading() as tx:
            row = await tx.fetchone("PRAGMA user_version")
        assert row is not None
        return int(row[0])

    async def pragma(self, name: str) -> Any:
        """The value of a read-only pragma such as "journal_mode", "foreign_keys", "synchronous", "busy_timeout".

        Raises:
            StorageError: the database is not open.
            ValueError: `name` is not a plain identifier.
        """
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        conn = self._require()
        async with self._lock, conn.execute(f"PRAGMA {name}") as cursor:
            row = await cursor.fetchone()
        return None if row is None else row[0]

    async def integrity_check(self) -> str:
        """The result of `PRAGMA integrity_check` ("ok" for a sound database).

        Raises:
            StorageError: the database is not open.
        """
        conn = self._require()
        async with self._lock, conn.execute("PRAGMA integrity_check") as cursor:
            rows = await cursor.fetchall()
        return "\n".join(str(row[0]) for row in rows)

    async def migrate(self, target: int | None = None) -> int:
        """Apply the migrations the database lacks, up to `target` (default: all); returns the new version.

        Each migration runs in its own `BEGIN IMMEDIATE` transaction together with its `user_version` bump,
        so two processes starting at once cannot apply one twice.

        Raises:
            SchemaTooNew: the database is at a version above the latest migration.
            StorageError: the database is not open.
            sqlite3.Error: a migration failed (that migration is rolled back).
        """
        latest = latest_version()
        target = latest if target is None else target
        current = await self.schema_version()
        if current > latest:
            raise SchemaTooNew(
                f"the database {self.path} has schema version {current}, but this bot knows only {latest}; "
                "run a newer version of the bot"
            )
        for migration in migrations():
            if migration.version > target:
                break
            async with self.transaction() as tx:
                row = await tx.fetchone("PRAGMA user_version")
                current = int(row[0]) if row is not None else 0
                if current >= migration.version:
                    continue
                log.info("Migrating %s to schema version %d (%s)", self.path, migration.version, migration.name)
                for statement in split_statements(migration.sql):
                    await tx.execute(statement)
                await tx.execute(f"PRAGMA user_version = {migration.version}")
        return await self.schema_version()
