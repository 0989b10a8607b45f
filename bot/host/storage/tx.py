"""`Tx`: every query and write of the storage, in SQL that SQLite and PostgreSQL both run.

The statements use `?` placeholders; each backend's `Tx` subclass runs them (the PostgreSQL one numbers the
placeholders `$1, $2, ...`) and adds what differs: how a write transaction locks the game rows it reads, and
how timers are claimed without waiting for another process's claim.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

from bot.host.log_codec import encode_events
from bot.host.shards import EVERY_SHARD, ShardScope
from bot.host.storage.rows import (
    GAME_COLUMNS,
    GAME_SELECT,
    RESULT_KIND,
    SUGGESTED,
    UNROWED_KIND,
    ChannelSettings,
    ChannelTaken,
    GameRow,
    LogRow,
    PostedMessage,
    ResultRow,
    SeatRow,
    Timer,
    UserPrefs,
    UserStats,
    VersionConflict,
    dumps_json,
    game_from_row,
    log_from_row,
    result_from_row,
    seat_from_row,
    timer_from_row,
)


class Tx(ABC):
    """The queries and writes available inside one transaction. Obtain it from `Storage.transaction()`
    (writes allowed) or `Storage.reading()` (reads only); never keep it after the `async with` block.

    In a write transaction, reading a game (`game`, `open_game_in_channel`), a user's preferences or a channel's
    settings holds that row until the transaction ends on PostgreSQL (`SELECT ... FOR UPDATE`), so two processes'
    read-modify-writes of one game (or user, or channel) take turns as they do under SQLite's single write lock.
    """

    SKIP_LOCKED = ""
    """What a claiming subquery appends so that rows another transaction holds are passed over."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Run a statement (with `?` placeholders) and return every row it yields.

        Raises:
            sqlite3.IntegrityError: the statement breaks a constraint.
            sqlite3.OperationalError: the SQL is invalid, or a lock or the connection failed.
        """

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run a statement and return its first row, or None.

        Raises:
            sqlite3.IntegrityError: the statement breaks a constraint.
            sqlite3.OperationalError: the SQL is invalid, or a lock or the connection failed.
        """
        return next(iter(await self.fetchall(sql, params)), None)

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed.

        Raises:
            sqlite3.IntegrityError: the statement breaks a constraint.
            sqlite3.OperationalError: the SQL is invalid, or a lock or the connection failed.
        """

    _for_update = ""
    """What a read in a write transaction appends to hold the rows it read until the end (read-modify-writes of
    one user's preferences or one channel's settings take turns); empty where the whole database is locked."""

    async def _lock_games(self, where: str, params: Sequence[Any]) -> None:  # noqa: B027 (a no-op by default)
        """In a write transaction, hold the game rows matching `where` until it ends (a no-op where the whole
        database is locked for writing anyway)."""

    async def hold(self, *names: str) -> None:  # noqa: B027 (a no-op by default)
        """In a write transaction, wait until no other transaction holds a lock of any of `names` (e.g.
        "open-games:user:42"), then hold them until this one ends, so that a count and the change that depends on
        it (a cap) take turns with every other transaction that holds one of those names first. A no-op where the
        whole database is locked for writing anyway (SQLite), and in a reading transaction.

        Raises:
            sqlite3.OperationalError: another transaction held a lock past the lock timeout.
        """

    async def _insert_many(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows with multi-row INSERT statements (one round trip per 200 rows), in order."""
        head = f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
        one = "(" + ", ".join("?" * len(columns)) + ")"
        for start in range(0, len(rows), 200):
            chunk = rows[start : start + 200]
            await self.fetchall(head + ", ".join([one] * len(chunk)), [value for row in chunk for value in row])

    async def insert_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows as they are (e.g. copied from another database), in order, into one of the bot's tables.

        Raises:
            ValueError: `table` or a column is not a plain name.
            sqlite3.IntegrityError: a row breaks a constraint.
        """
        if not all(name.isidentifier() for name in (table, *columns)):
            raise ValueError(f"not a table or column name: {table!r} {list(columns)!r}")
        await self._insert_many(table, columns, rows)

    # games

    async def game(self, game_id: int) -> GameRow | None:
        """The game with this id, or None."""
        await self._lock_games("id = ?", (game_id,))
        row = await self.fetchone(f"SELECT {GAME_SELECT} FROM games g WHERE g.id = ?", (game_id,))
        return None if row is None else game_from_row(row)

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel, or None."""
        await self._lock_games("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))
        row = await self.fetchone(
            f"SELECT {GAME_SELECT} FROM games g WHERE g.channel_id = ? AND g.status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else game_from_row(row)

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
            where.append(f"g.status IN ({', '.join('?' * len(wanted))})" if wanted else "1 = 0")
            params.extend(wanted)
        if user_id is not None:
            where.append("EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)")
            params.append(user_id)
        sql = f"SELECT {GAME_SELECT} FROM games g"
        sql += (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY g.id"
        return [game_from_row(row) for row in await self.fetchall(sql, params)]

    async def count_open_games(self, *, guild_id: int | None = None, user_id: int | None = None) -> int:
        """How many lobbies and active games there are (on server `guild_id`, and/or of user `user_id`: games
        they host or hold a seat of that they play themselves, not one an AI plays for them)."""
        where = ["g.status IN ('lobby', 'active')"]
        params: list[Any] = []
        if guild_id is not None:
            where.append("g.guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append("(g.host_id = ? OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ? "
                         "AND s.ai_level IS NULL))")
            params += [user_id, user_id]
        row = await self.fetchone(f"SELECT COUNT(*) AS n FROM games g WHERE {' AND '.join(where)}", params)
        return int(row["n"]) if row is not None else 0

    async def insert_game(
        self, *, guild_id: int, channel_id: int, host_id: int, config: dict[str, Any], engine_version: str, now: float,
        kind: str = UNROWED_KIND,
    ) -> GameRow:
        """Create a game of `kind` (`bot.host.kinds`: "gah" or "overbooking") in the lobby at version 0.

        Raises:
            ChannelTaken: the channel already has a lobby or active game.
        """
        try:
            row = await self.fetchone(
                "INSERT INTO games (guild_id, channel_id, host_id, status, config, engine_version, version, "
                "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, 0, ?, ?) RETURNING *, 1 AS next_seq",
                (guild_id, channel_id, host_id, dumps_json(config), engine_version, now, now),
            )
        except sqlite3.IntegrityError as error:
            if "games.channel_id" in str(error) or "games_one_open_per_channel" in str(error):
                raise ChannelTaken(f"channel {channel_id} already has an open game") from error
            raise
        assert row is not None
        if kind != UNROWED_KIND:  # only the newer kinds have a row
            await self.execute("INSERT INTO game_kinds (game_id, kind) VALUES (?, ?)", (row["id"], kind))
        return dataclasses.replace(game_from_row(row), kind=kind)

    async def update_game(self, game_id: int, expected_version: int, new_version: int, now: float,
                          **columns: Any) -> None:
        """Set `columns` (any of status, config, engine_version, state, host_id, finished_at, channel_id: a game
        that moves to a thread of its lobby message) and the version,
        but only if the game is still at `expected_version` (the check is in the UPDATE's WHERE clause).

        Raises:
            VersionConflict: the game is not at `expected_version` (or does not exist).
            ValueError: an unknown column, or `new_version` not above `expected_version`.
        """
        unknown = set(columns) - set(GAME_COLUMNS)
        if unknown:
            raise ValueError(f"unknown game column(s): {sorted(unknown)}")
        if new_version <= expected_version:
            raise ValueError("the version must grow")
        sets: list[str] = ["version = ?", "updated_at = ?"]
        params: list[Any] = [new_version, now]
        for name, value in columns.items():
            sets.append(f"{name} = ?")
            params.append(dumps_json(value) if name == "config" else value)
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
        return [seat_from_row(row) for row in rows]

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
        return [log_from_row(row) for row in rows]

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

    async def thread_games(self, parent_id: int, purpose: str) -> list[tuple[int, int]]:
        """The active games whose posted message of `purpose` (the one that marks a game played in a thread) is in
        channel `parent_id`: (game id, thread id), oldest first."""
        rows = await self.fetchall(
            "SELECT g.id AS game_id, m.message_id AS thread_id FROM games g JOIN posted_messages m "
            "ON m.game_id = g.id AND m.purpose = ? WHERE m.channel_id = ? AND g.status = 'active' ORDER BY g.id",
            (purpose, parent_id),
        )
        return [(row["game_id"], row["thread_id"]) for row in rows]

    async def delete_message(self, game_id: int, purpose: str) -> None:
        """Forget the message of a game and purpose (no error if there is none)."""
        await self.fetchall("DELETE FROM posted_messages WHERE game_id = ? AND purpose = ?", (game_id, purpose))

    # user preferences

    async def prefs(self, user_id: int) -> UserPrefs:
        """A user's preferences (the defaults if they never set any), with their quiet hours (the `quiet_hours`
        side table)."""
        row = await self.fetchone(f"SELECT * FROM user_prefs WHERE user_id = ?{self._for_update}", (user_id,))
        if row is None:
            return UserPrefs(user_id)
        quiet = await self.fetchone("SELECT * FROM quiet_hours WHERE user_id = ?", (user_id,))
        return UserPrefs(user_id, row["notify"], bool(row["reminders"]), row["snooze_until"],
                         quiet_start=quiet["quiet_start"] if quiet else None,
                         quiet_end=quiet["quiet_end"] if quiet else None,
                         time_zone=quiet["time_zone"] if quiet else None, language=row["language"])

    async def put_prefs(self, prefs: UserPrefs, now: float) -> None:
        """Store a user's preferences, their quiet hours in the `quiet_hours` side table (no row: none).

        Raises:
            sqlite3.IntegrityError: an unknown notify mode.
        """
        await self.fetchall(
            "INSERT INTO user_prefs (user_id, notify, reminders, snooze_until, updated_at, language) "
            "VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, reminders = excluded.reminders, "
            "snooze_until = excluded.snooze_until, updated_at = excluded.updated_at, language = excluded.language",
            (prefs.user_id, prefs.notify, int(prefs.reminders), prefs.snooze_until, now, prefs.language),
        )
        quiet = (prefs.quiet_start, prefs.quiet_end, prefs.time_zone)
        if quiet == (None, None, None):
            await self.fetchall("DELETE FROM quiet_hours WHERE user_id = ?", (prefs.user_id,))
            return
        await self.fetchall(
            "INSERT INTO quiet_hours (user_id, quiet_start, quiet_end, time_zone) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, "
            "time_zone = excluded.time_zone",
            (prefs.user_id, *quiet),
        )

    # channel settings

    async def channel_settings(self, channel_id: int) -> ChannelSettings:
        """A channel's settings (the defaults if nobody set any)."""
        row = await self.fetchone(f"SELECT * FROM channel_settings WHERE channel_id = ?{self._for_update}",
                                  (channel_id,))
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
              dumps_json(r.breakdown), r.finished_at) for r in rows],
        )

    async def results(self, game_id: int) -> list[ResultRow]:
        """The results of a game by seat ([] if it has none)."""
        rows = await self.fetchall("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
        return [result_from_row(row) for row in rows]

    async def user_stats(self, user_id: int, guild_id: int | None = None, kind: str | None = None) -> UserStats:
        """A user's record over every finished game (or those of one server, or of one game `kind`: "gah",
        "overbooking") where they owned a seat."""
        sql = ("SELECT COUNT(*) AS games, COALESCE(SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), 0) AS wins, "
               f"AVG(score) AS average, MAX(score) AS best, COALESCE(SUM({SUGGESTED}), 0) AS suggested "
               "FROM results WHERE user_id = ?")
        params: list[Any] = [user_id]
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        if kind is not None:
            sql += f" AND {RESULT_KIND} = ?"
            params.append(kind)
        row = await self.fetchone(sql, params)
        assert row is not None
        return UserStats(user_id, int(row["games"]), int(row["wins"]), float(row["average"] or 0.0), row["best"],
                         int(row["suggested"]))

    async def leaderboard(self, guild_id: int, limit: int = 10, min_games: int = 1,
                          kind: str | None = None) -> list[UserStats]:
        """The server's players with at least `min_games` results (of one game `kind` if given), by wins, then
        average score."""
        only_kind = f" AND {RESULT_KIND} = ?" if kind is not None else ""
        rows = await self.fetchall(
            "SELECT user_id, COUNT(*) AS games, SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END) AS wins, "
            "AVG(score) AS average, MAX(score) AS best "
            f"FROM results WHERE guild_id = ? AND user_id IS NOT NULL{only_kind} GROUP BY user_id "
            "HAVING COUNT(*) >= ? ORDER BY wins DESC, average DESC, user_id LIMIT ?",
            (guild_id, *((kind,) if kind is not None else ()), min_games, limit),
        )
        return [UserStats(r["user_id"], int(r["games"]), int(r["wins"]), float(r["average"]), r["best"]) for r in rows]

    # suggestions (the Suggest button, issue 42)

    async def note_suggestion(self, game_id: int, seat: int) -> None:
        """Count one suggestion asked by the seat at position `seat` of the game."""
        await self.fetchall(
            "INSERT INTO suggestions (game_id, seat, asked) VALUES (?, ?, 1) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET asked = suggestions.asked + 1", (game_id, seat))

    async def suggestions(self, game_id: int) -> dict[int, int]:
        """How many suggestions each seat of the game asked for, by position (seats that asked none are left
        out)."""
        rows = await self.fetchall("SELECT seat, asked FROM suggestions WHERE game_id = ? ORDER BY seat", (game_id,))
        return {int(row["seat"]): int(row["asked"]) for row in rows}

    # timers

    async def put_timer(self, timer: Timer) -> None:
        """Set (or move) a game's timer of `timer.kind`; a claim on the timer it replaces ends."""
        await self.fetchall(
            "INSERT INTO timers (game_id, kind, user_id, due_at, version) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, kind) DO UPDATE SET user_id = excluded.user_id, due_at = excluded.due_at, "
            "version = excluded.version, claimed_by = NULL, claimed_until = NULL",
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
        return [timer_from_row(row) for row in await self.fetchall(sql, params)]

    async def delete_timers(self, game_id: int, kind: str | None = None) -> None:
        """Remove a game's timers (of one kind, or all)."""
        if kind is None:
            await self.fetchall("DELETE FROM timers WHERE game_id = ?", (game_id,))
        else:
            await self.fetchall("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind))

    async def take_timer(self, game_id: int, kind: str, version: int) -> bool:
        """Remove a game's timer of `kind` if it is still the one set at game version `version`; returns whether
        it was (then the caller handles it, once: a timer set anew meanwhile stays)."""
        taken = await self.fetchall("DELETE FROM timers WHERE game_id = ? AND kind = ? AND version = ? "
                                    "RETURNING game_id", (game_id, kind, version))
        return bool(taken)

    async def delete_user_timers(self, user_id: int, kind: str) -> None:
        """Remove every timer of `kind` about `user_id`, in all games."""
        await self.fetchall("DELETE FROM timers WHERE user_id = ? AND kind = ?", (user_id, kind))

    async def snooze_timers(self, user_id: int, until: float) -> None:
        """Push every timer about `user_id` that is due before `until` back to `until` (not the turn clock: a snooze
        holds reminders, not the clock of a turn)."""
        await self.fetchall("UPDATE timers SET due_at = ? WHERE user_id = ? AND due_at < ? AND kind <> 'clock'",
                            (until, user_id, until))

    async def claim_timers(self, owner: str, *, now: float, lease_seconds: float, limit: int = 100,
                           scope: ShardScope = EVERY_SHARD) -> list[Timer]:
        """Take up to `limit` timers due at `now` that nobody holds, or whose holder's lease ran out, for `owner`
        (e.g. "host:pid") until `now + lease_seconds`; soonest first; only timers of games in guilds on the shards
        of `scope` (default: every game). Run it in a write transaction.

        Two processes claiming at once never get the same timer: SQLite lets one writer at a time in, and on
        PostgreSQL the claiming subquery skips rows another transaction holds (`FOR UPDATE SKIP LOCKED`). A
        process that dies with a claim leaves the timer to whoever claims after the lease. Finish a claimed timer
        with `delete_timers` (or let `put_timer` replace it, which ends the claim), or hand it back with
        `release_timer`.

        Raises:
            ValueError: `lease_seconds` or `limit` is not positive.
        """
        if lease_seconds <= 0 or limit <= 0:
            raise ValueError("the lease and the limit must be positive")
        on_shards, shard_params = scope.sql("g.guild_id")
        shard_filter = "" if scope.everything else (
            f" AND EXISTS (SELECT 1 FROM games g WHERE g.id = timers.game_id AND {on_shards})")
        rows = await self.fetchall(
            "UPDATE timers SET claimed_by = ?, claimed_until = ? WHERE (game_id, kind) IN ("
            "SELECT game_id, kind FROM timers WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)"
            f"{shard_filter} ORDER BY due_at, game_id LIMIT ?{self.SKIP_LOCKED}) RETURNING *",
            (owner, now + lease_seconds, now, now, *shard_params, limit),
        )
        return sorted((timer_from_row(row) for row in rows), key=lambda t: (t.due_at, t.game_id, t.kind))

    async def release_timer(self, game_id: int, kind: str, owner: str) -> bool:
        """End `owner`'s claim on a game's timer without removing it (it may be claimed again at once); returns
        whether `owner` held it."""
        changed = await self.execute(
            "UPDATE timers SET claimed_by = NULL, claimed_until = NULL "
            "WHERE game_id = ? AND kind = ? AND claimed_by = ?", (game_id, kind, owner))
        return changed > 0

    async def claim_holders(self, now: float) -> list[str]:
        """Every owner holding a claim that has not run out at `now`, sorted."""
        rows = await self.fetchall("SELECT DISTINCT claimed_by FROM timers WHERE claimed_by IS NOT NULL "
                                   "AND claimed_until > ? ORDER BY claimed_by", (now,))
        return [row["claimed_by"] for row in rows]

    async def release_claims(self, owner: str) -> int:
        """End every claim `owner` holds (e.g. a process known to be gone); returns how many ended."""
        return await self.execute("UPDATE timers SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ?",
                                  (owner,))

    async def beat(self, owner: str, now: float) -> float | None:
        """Record that `owner` (a bot process) runs at `now`; returns the newest earlier heartbeat of any process
        (None: the bot never ran with heartbeats), read before this one is written."""
        row = await self.fetchone("SELECT MAX(seen_at) AS latest FROM heartbeats")
        await self.execute("INSERT INTO heartbeats (owner, seen_at) VALUES (?, ?) "
                           "ON CONFLICT (owner) DO UPDATE SET seen_at = excluded.seen_at", (owner, now))
        return None if row is None or row["latest"] is None else float(row["latest"])

    async def away_until(self, user_id: int) -> float | None:
        """When `user_id`'s away time ends (seconds since the epoch), None if they never set one or it was ended."""
        row = await self.fetchone("SELECT until FROM away WHERE user_id = ?", (user_id,))
        return None if row is None else float(row["until"])

    async def set_away(self, user_id: int, until: float | None) -> None:
        """Store that `user_id` is away until `until` (None: back, the row goes)."""
        await self.execute("DELETE FROM away WHERE user_id = ?", (user_id,))
        if until is not None:
            await self.execute("INSERT INTO away (user_id, until) VALUES (?, ?)", (user_id, until))

    async def push_timers(self, kind: str, seconds: float) -> int:
        """Move every timer of `kind` `seconds` later (time the bot was down); returns how many moved."""
        return await self.execute("UPDATE timers SET due_at = due_at + ? WHERE kind = ?", (seconds, kind))

    async def timer_claim(self, game_id: int, kind: str) -> tuple[str | None, float | None]:
        """Who holds a game's timer of `kind` and until when ((None, None) when nobody, or no such timer)."""
        row = await self.fetchone("SELECT claimed_by, claimed_until FROM timers WHERE game_id = ? AND kind = ?",
                                  (game_id, kind))
        return (None, None) if row is None else (row["claimed_by"], row["claimed_until"])
