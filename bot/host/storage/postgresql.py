"""The PostgreSQL backend: asyncpg with a connection pool, for several bot processes over one database.

* `transaction()` takes a pooled connection and runs a READ COMMITTED transaction. Reading a game in it
  (`Tx.game`, `Tx.open_game_in_channel`) locks that game's row (`SELECT ... FOR UPDATE`) until the end (as do
  reads of a user's preferences and a channel's settings), so two processes' read-modify-writes of one game take
  turns, as under SQLite's single write lock, while different games' writes run side by side. `Tx.update_game`
  still checks the version in its WHERE clause: of several writers of one version exactly one wins, in any
  process. Counts that a cap compares (open games of a member or a server, games of only AIs) are not covered by
  a row lock: `Tx.hold` serialises them per member and per server with transaction-scoped advisory locks
  (`pg_advisory_xact_lock`), taken before the count, so of several transactions passing a cap at once only those
  that fit get through.
* `reading()` runs a REPEATABLE READ, READ ONLY transaction: one consistent snapshot, no locks.
* Migrations are `bot.host.migrations`, each as `Migration.postgresql_sql`, in its own transaction with the version
  bump in the table `gah_schema`, under an advisory lock (two processes starting at once apply each once).
* Constraint violations raise `bot.host.storage.IntegrityError`, everything else the server or the connection
  refuses `bot.host.storage.OperationalError` (subclasses of `sqlite3`'s errors, as the SQLite backend raises).
* `busy_timeout_ms` becomes the server's `lock_timeout`: a statement waiting longer for a row lock fails.

The shared SQL uses `?` placeholders (never inside string literals); they are numbered `$1, $2, ...` here.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
import os
import re
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.host import migrations as schema_migrations
from bot.host.storage.interface import Storage
from bot.host.storage.rows import IntegrityError, OperationalError, SchemaTooNew, StorageError
from bot.host.storage.tx import Tx

log = logging.getLogger(__name__)

_PLACEHOLDER = re.compile(r"\?")


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`sql` with its `?` placeholders numbered for PostgreSQL (`$1`, `$2`, ...)."""
    counter = itertools.count(1)
    return _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)


@contextlib.contextmanager
def translated_errors() -> Iterator[None]:
    """Raise the driver's errors as the storage's: `IntegrityError` for a constraint, `OperationalError` for the
    rest (a lock or statement timeout, a deadlock, a lost connection, invalid SQL)."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        raise IntegrityError(str(error)) from error
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
        raise OperationalError(f"{type(error).__name__}: {error}") from error


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What the pool runs on a connection handed back (after its own clean-up of an open transaction): nothing.
    The storage never changes session state (no SET, LISTEN or session advisory lock), so asyncpg's default
    reset query (`RESET ALL`, `UNLISTEN *`, ...) would cost a round trip per transaction for nothing."""


class PostgresTx(Tx):
    """A transaction on one pooled asyncpg connection."""

    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"

    def __init__(self, conn: asyncpg.Connection, *, writable: bool) -> None:
        self._conn = conn
        self._writable = writable
        self._for_update = " FOR UPDATE" if writable else ""

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[asyncpg.Record]:
        """Run a statement (with `?` placeholders) and return every row it yields.

        Raises:
            IntegrityError: the statement breaks a constraint.
            OperationalError: the SQL is invalid, or a lock or the connection failed.
        """
        with translated_errors():
            return list(await self._conn.fetch(numbered(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed.

        Raises:
            IntegrityError: the statement breaks a constraint.
            OperationalError: the SQL is invalid, or a lock or the connection failed.
        """
        with translated_errors():
            status = await self._conn.execute(numbered(sql), *params)
        count = str(status).rsplit(" ", 1)[-1]
        return int(count) if count.isdigit() else 0

    async def run_script(self, script: str) -> None:
        """Run several statements without parameters (a migration).

        Raises:
            IntegrityError: a statement breaks a constraint.
            OperationalError: a statement is invalid.
        """
        with translated_errors():
            await self._conn.execute(script)

    async def _lock_games(self, where: str, params: Sequence[Any]) -> None:
        if self._writable:
            await self.fetchall(f"SELECT id FROM games WHERE {where} FOR UPDATE", params)

    async def hold(self, *names: str) -> None:
        """Transaction-scoped advisory locks, one per name (hashed to 64 bits with the schema's name, so that
        databases in other schemas of the server never wait for each other), taken in sorted order (two
        transactions holding several names cannot deadlock). They end with the transaction."""
        if not self._writable:
            return
        for name in sorted(set(names)):
            await self.fetchall("SELECT pg_advisory_xact_lock(hashtextextended('gah:' || current_schema() || ':' || ?,"
                                " 0))", (name,))


class PostgresStorage(Storage):
    """The bot's PostgreSQL database. Open it with `await storage.open()` or `async with Storage(url)`."""

    backend = "postgresql"

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = 5000, pool_min_size: int = 1,
                 pool_max_size: int = 10, **options: Any) -> None:
        """Remember the database URL; nothing is opened yet.

        Args:
            path: a `postgresql://user[:password]@host[:port]/database[?setting=value...]` URL.
            busy_timeout_ms: the `lock_timeout` of every connection (unless the URL sets one).
            pool_min_size: connections the pool keeps open.
            pool_max_size: the most connections the pool opens (concurrent transactions of this process).
            options: other backends' options, ignored.

        Raises:
            ValueError: a pool size below 0, or a minimum above the maximum.
        """
        if not 0 <= pool_min_size <= pool_max_size or pool_max_size < 1:
            raise ValueError(f"bad pool sizes: min {pool_min_size}, max {pool_max_size}")
        self.path = os.fspath(path)
        self.busy_timeout_ms = busy_timeout_ms
        self.pool_min_size = pool_min_size
        self.pool_max_size = pool_max_size
        self._pool: asyncpg.Pool | None = None

    async def open(self, *, migrate: bool = True) -> None:
        """Open the pool and (unless `migrate` is False) bring the schema up to date.

        Raises:
            SchemaTooNew: the database was written by a newer version of the bot.
            OperationalError: the server cannot be reached or refuses the login.
        """
        if self._pool is not None:
            return
        settings = {} if "lock_timeout=" in self.path else {"lock_timeout": str(int(self.busy_timeout_ms))}
        with translated_errors():
            self._pool = await asyncpg.create_pool(self.path, min_size=self.pool_min_size,
                                                   max_size=self.pool_max_size, server_settings=settings,
                                                   reset=_keep_session)
        if migrate:
            try:
                await self.migrate()
            except BaseException:
                await self.close()
                raise

    async def close(self) -> None:
        """Close the pool (a no-op when it is not open)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    @property
    def is_open(self) -> bool:
        """Whether `open` has been called (and `close` not since)."""
        return self._pool is not None

    def _require(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StorageError("the database is not open; call `await storage.open()` first")
        return self._pool

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """A READ COMMITTED write transaction, committed when the block ends and rolled back if it raises.

        Raises:
            StorageError: the database is not open.
            OperationalError: a lock was held by another process past the lock timeout, or the server failed.
        """
        async with self._session(writable=True) as tx:
            yield tx

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        """A REPEATABLE READ, READ ONLY transaction: every query in the block sees one snapshot.

        Raises:
            StorageError: the database is not open.
        """
        async with self._session(writable=False) as tx:
            yield tx

    @asynccontextmanager
    async def _session(self, *, writable: bool) -> AsyncIterator[PostgresTx]:
        pool = self._require()
        with translated_errors():
            conn = await pool.acquire()
        try:
            transaction = conn.transaction(isolation="read_committed" if writable else "repeatable_read",
                                           readonly=not writable)
            with translated_errors():
                await transaction.start()
            try:
                yield PostgresTx(conn, writable=writable)
            except BaseException:
                with contextlib.suppress(Exception):
                    await transaction.rollback()
                raise
            with translated_errors():
                await transaction.commit()
        finally:
            await pool.release(conn)

    async def schema_version(self) -> int:
        """The number of migrations applied (0 for an empty database).

        Raises:
            StorageError: the database is not open.
        """
        async with self.reading() as tx:
            return await self._version(tx)

    @staticmethod
    async def _version(tx: Tx) -> int:
        exists = await tx.fetchone("SELECT to_regclass('gah_schema') IS NOT NULL AS found")
        if exists is None or not exists["found"]:
            return 0
        row = await tx.fetchone("SELECT version FROM gah_schema")
        return 0 if row is None else int(row["version"])

    async def migrate(self, target: int | None = None) -> int:
        """Apply the migrations the database lacks, up to `target` (default: all); returns the new version.

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
                f"the database {self.display_name} has schema version {current}, but this bot knows only {latest}; "
                "run a newer version of the bot"
            )
        if current >= target:
            return current
        for migration in schema_migrations.migrations():
            if migration.version > target:
                break
            async with self.transaction() as tx:
                assert isinstance(tx, PostgresTx)
                await tx.fetchall("SELECT pg_advisory_xact_lock(hashtext('gah-migrate:' || current_schema()))")
                await tx.run_script("CREATE TABLE IF NOT EXISTS gah_schema (version BIGINT NOT NULL);"
                                    "INSERT INTO gah_schema SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM gah_schema);")
                current = await self._version(tx)
                if current >= migration.version:
                    continue
                log.info("Migrating %s to schema version %d (%s)", self.display_name, migration.version,
                         migration.name)
                await tx.run_script(migration.postgresql_sql)
                await tx.execute("UPDATE gah_schema SET version = ?", (migration.version,))
        return await self.schema_version()

    async def integrity_check(self) -> str:
        """"ok", or what is wrong: a game whose log has a gap, a constraint or index PostgreSQL marks invalid.
        (The server itself enforces every constraint on every write.)

        Raises:
            StorageError: the database is not open.
        """
        problems: list[str] = []
        async with self.reading() as tx:
            for row in await tx.fetchall("SELECT game_id FROM action_log GROUP BY game_id "
                                         "HAVING COUNT(*) <> MAX(seq) OR MIN(seq) <> 1 ORDER BY game_id"):
                problems.append(f"game {row['game_id']}: the action log has a gap")
            for row in await tx.fetchall(
                "SELECT c.conname AS name FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace "
                "WHERE n.nspname = current_schema() AND NOT c.convalidated"
            ):
                problems.append(f"constraint {row['name']} is not valid")
            for row in await tx.fetchall(
                "SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() "
                "AND NOT i.indisvalid"
            ):
                problems.append(f"index {row['name']} is not valid")
        return "\n".join(problems) or "ok"

    async def after_copy(self) -> None:
        """Move the game id sequence past the largest stored id (after rows were copied in with their ids).

        Raises:
            StorageError: the database is not open.
        """
        async with self.transaction() as tx:
            await tx.fetchall("SELECT setval(pg_get_serial_sequence('games', 'id'), "
                              "GREATEST((SELECT MAX(id) FROM games), 1), (SELECT MAX(id) FROM games) IS NOT NULL)")
