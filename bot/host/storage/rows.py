"""The storage's backend-neutral vocabulary: constants, errors, the row dataclasses and row decoding.

Both backends (`bot.host.storage.sqlite`, `bot.host.storage.postgresql`) return these rows and raise these errors, so
the
service never sees which database is underneath. Constraint violations raise `IntegrityError` and lock,
timeout or connection trouble raise `OperationalError`; on SQLite those are `sqlite3`'s own classes, and the
PostgreSQL backend raises subclasses of them, so code written against SQLite (`except sqlite3.OperationalError`)
keeps working on PostgreSQL.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.host.log_codec import decode_events


class Row(Protocol):
    """A result row of either driver (`sqlite3.Row`, `asyncpg.Record`): by column name or position."""

    def __getitem__(self, key: Any, /) -> Any: ...

    def keys(self) -> Iterable[str]: ...


DEFAULT_PATH = "gah.sqlite3"
"""The database file used when the settings name none (`bot.host.settings.Settings.database`)."""

UNROWED_KIND = "gah"
"""The kind (`bot.host.kinds`) of a game without a row in `game_kinds`: every game stored before the bot hosted several
(Grand Austria Hotel); `bot.host.kinds.DEFAULT_KIND` is this."""

OPEN_STATUSES = ("lobby", "active")
"""Game statuses that occupy their channel (at most one such game per channel)."""

NOTIFY_MODES = ("mention", "dm", "none")
"""Values of `UserPrefs.notify`."""

DEFAULT_REMINDER_SECONDS = 12 * 3600
"""Reminder interval of a channel whose games' hosts never set one (issue 6: "default 12 h")."""


class StorageError(Exception):
    """Base class of the storage layer's own errors."""


class IntegrityError(StorageError, sqlite3.IntegrityError):
    """A constraint (unique, check, foreign key, append-only log) refused a write on PostgreSQL.

    A subclass of `sqlite3.IntegrityError`, which the SQLite backend raises for the same cases.
    """


class OperationalError(StorageError, sqlite3.OperationalError):
    """PostgreSQL could not run a statement: a lock or statement timeout, a deadlock, a lost connection, or
    invalid SQL. A subclass of `sqlite3.OperationalError`, which the SQLite backend raises for the same cases."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of the bot (its `user_version` is above ours)."""


class DatabaseDamaged(StorageError):
    """SQLite's `PRAGMA quick_check` found the database file damaged (a corrupted page, a truncated file); the
    message gives the check's first findings."""


class ForeignDatabase(StorageError):
    """The database holds another program's tables and none of the bot's: the bot does not write into it."""


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
    """The sequence number the game's next log row gets (as read; not kept up to date by `updategame`)."""
    kind: str = UNROWED_KIND
    """Which game the row holds (`bot.host.kinds`): "gah" (Grand Austria Hotel, every game stored before the column
    came) or "overbooking"."""


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
    whether they want turn reminders at all, until when (seconds since the epoch) reminders are held, and their
    quiet hours (`bot.host.quiet_hours`): minutes after local midnight (None: none) in the IANA zone `time_zone`;
    and their own language (`language`: "en", "pl", "de"; None: their client's, `bot.host.language.reader_language`)."""

    user_id: int
    notify: str = "mention"
    reminders: bool = True
    snooze_until: float | None = None
    quiet_start: int | None = None
    quiet_end: int | None = None
    time_zone: str | None = None
    language: str | None = None


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
    with_suggestions: int = 0
    """How many of those games the user's seat asked for a suggestion in (the *Suggest* button)."""


# ----- helpers --------------------------------------------------------------------------------------------


def dumps_json(value: Any) -> str:
    """`value` as compact JSON with sorted keys (how JSON columns are stored)."""
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


def game_from_row(row: Row) -> GameRow:
    """A `games` row (with the optional `next_seq` column) as a `GameRow`."""
    keys = set(row.keys())
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
        kind=row["kind"] if "kind" in keys else UNROWED_KIND,
    )


def seat_from_row(row: Row) -> SeatRow:
    """A `seats` row as a `SeatRow`."""
    return SeatRow(row["game_id"], row["position"], row["user_id"], row["ai_level"], row["name"], row["colour"],
                   row["joined_at"])


def log_from_row(row: Row) -> LogRow:
    """An `action_log` row as a `LogRow`."""
    return LogRow(row["game_id"], row["seq"], row["kind"], row["seat"], row["actor"], row["action"],
                  row["undo_from"], decode_events(row["events"]), row["version_after"], row["created_at"])


def result_from_row(row: Row) -> ResultRow:
    """A `results` row as a `ResultRow`."""
    return ResultRow(row["game_id"], row["seat"], row["guild_id"], row["user_id"], row["ai_level"], row["name"],
                     row["score"], row["rank"], row["tiebreak"], json.loads(row["breakdown"]), row["finished_at"])


def timer_from_row(row: Row) -> Timer:
    """A `timers` row as a `Timer`."""
    return Timer(row["game_id"], row["kind"], row["user_id"], row["due_at"], row["version"])


GAME_COLUMNS = ("status", "config", "engine_version", "state", "host_id", "finished_at", "channel_id")
"""The `games` columns `Tx.update_game` may set."""
RESULT_KIND = "COALESCE((SELECT k.kind FROM game_kinds k WHERE k.game_id = results.game_id), 'gah')"
"""The game kind of a `results` row (`game_kinds`; 'gah' without a row), for the stats of one game."""
SUGGESTED = ("CASE WHEN EXISTS (SELECT 1 FROM suggestions s WHERE s.game_id = results.game_id "
             "AND s.seat = results.seat) THEN 1 ELSE 0 END")
"""1 for a `results` row whose seat asked for a suggestion in its game (`suggestions`), else 0."""
GAME_SELECT = ("g.*, (SELECT COALESCE(MAX(seq), 0) + 1 FROM action_log WHERE game_id = g.id) AS next_seq, "
               "COALESCE((SELECT k.kind FROM game_kinds k WHERE k.game_id = g.id), 'gah') AS kind")
"""The select list of a game query over `games g`: every column, the next log sequence number and the game's kind
(`game_kinds`; 'gah' without a row)."""
