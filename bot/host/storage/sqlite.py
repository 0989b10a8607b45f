"""The SQLite backend: one aiosqlite connection per `SQLiteStorage`, for one process on one machine.

The connection is opened with WAL journaling, `foreign_keys=ON`, a busy timeout and `synchronous=NORMAL`, and
migrated to the latest schema (`bot.host.migrations`) on `open`. All work goes through a `Tx`, obtained from one of
two context managers:

* `transaction()`: `BEGIN IMMEDIATE` ... `COMMIT` (rolled back on any exception), for every read-modify-write.
  The write lock is taken at `BEGIN`, so two processes never interleave a write.
* `reading()`: a deferred transaction that only reads (one consistent snapshot).

A process-wide `asyncio.Lock` serializes the transactions of one storage (they share one connection).

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
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from bot.host import migrations as schema_migrations
from bot.host.storage.interface import Storage, parse_database_url
from bot.host.storage.rows import (
    DEFAULT_PATH,
    DatabaseDamaged,
    ForeignDatabase,
    SchemaTooNew,
    StorageError,
    split_statements,
)
from bot.host.storage.tx import Tx

log = logging.getLogger(__name__)


class SQLiteTx(Tx):
    """A transaction on the shared aiosqlite connection (one round trip to the database thread per statement)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Run a statement and return every row it yields.

        Raises:
            sqlite3.Error: the SQL is invalid or breaks a constraint.
        """
        return list(await self._conn.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed.

        Raises:
            sqlite3.Error: the SQL is invalid or breaks a constraint.
        """
        async with self._conn.execute(sql, params) as cursor:
            return cursor.rowcount


class SQLiteStorage(Storage):
    """The bot's SQLite database. Open it with `await storage.open()` or `async with Storage(path)`."""

    backend = "sqlite"

    def __init__(self, path: str | os.PathLike[str] = DEFAULT_PATH, *, busy_timeout_ms: int = 5000,
                 **options: Any) -> None:
        """Remember where the database lives; nothing is opened yet.

        Args:
            path: the database file (created if missing), ":memory:" for a private in-memory database, or a
                `sqlite:///path` URL.
            busy_timeout_ms: how long a write waits for another process's write lock before failing.
            options: other backends' options (e.g. pool sizes), ignored.
        """
        _, self.path = parse_database_url(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def open(self, *, migrate: bool = True) -> None:
        """Connect, set the pragmas, check the file (`PRAGMA quick_check`, and that it is no other program's
        database), and (unless `migrate` is False) bring the schema up to date.

        Raises:
            SchemaTooNew: the database was written by a newer version of the bot.
            DatabaseDamaged: SQLite's quick check found the file damaged.
            ForeignDatabase: the file holds another program's tables and none of the bot's.
            sqlite3.Error: the file cannot be opened or is not a database.
        """
        if self._conn is not None:
            return
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            await self._check_file(conn)  # before WAL mode, which writes to the file
            row = await self._set_wal(conn)
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

    async def _check_file(self, conn: aiosqlite.Connection) -> None:
        """Refuse a damaged file (`PRAGMA quick_check`: every page and b-tree is sound; it reads the whole file, a
        second or so per gigabyte) and another program's database (tables, but not the bot's `games`).

        Raises:
            DatabaseDamaged: the quick check found problems (its first five findings are in the message).
            ForeignDatabase: another program's tables, none of ours.
        """
        findings = [" ".join(str(row[0]).split()) for row in await conn.execute_fetchall("PRAGMA quick_check(5)")]
        if findings != ["ok"]:
            raise DatabaseDamaged(f"SQLite's quick check of {self.path} found: " + "; ".join(findings))
        tables = {str(row[0]) for row in await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        if tables and "games" not in tables:
            shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
            raise ForeignDatabase(f"{self.path} holds the tables {shown} and none of the bot's")

    async def _set_wal(self, conn: aiosqlite.Connection) -> sqlite3.Row | None:
        """Switch `conn` to WAL journaling; returns the pragma's row (the journal mode now in force).

        Switching a new database to WAL needs a moment of exclusive access, and SQLite answers "database is
        locked" at once, without its busy timeout, while another connection (another shard's process starting at
        the same time) does the same; so this waits and retries for up to the busy timeout.

        Raises:
            sqlite3.OperationalError: still locked after the busy timeout, or another error.
        """
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        while True:
            try:
                async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
                    return await cursor.fetchone()
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() >= deadline:
                    raise
                await asyncio.sleep(0.02)

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
                yield SQLiteTx(conn)
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
        latest = schema_migrations.latest_version()
        target = latest if target is None else target
        current = await self.schema_version()
        if current > latest:
            raise SchemaTooNew(
                f"the database {self.path} has schema version {current}, but this bot knows only {latest}; "
                "run a newer version of the bot"
            )
        for migration in schema_migrations.migrations():
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
