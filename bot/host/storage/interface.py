"""`Storage`: the database as the service sees it, whichever backend holds it, and the URL that picks one.

`Storage(url_or_path)` returns the backend the address names:

* a file path, `sqlite:///relative/path.sqlite3`, `sqlite:////absolute/path.sqlite3` or `:memory:`:
  `bot.host.storage.sqlite.SQLiteStorage` (aiosqlite; the default, for one process on one machine);
* `postgresql://user@host:port/database` (or `postgres://`): `bot.host.storage.postgresql.PostgresStorage`
  (asyncpg with a connection pool; for several processes over one database). Query parameters the driver
  does not know become server settings, e.g. `?search_path=games` for a schema.

Both speak the same `Tx` API inside `transaction()` (a write transaction) and `reading()` (one consistent
snapshot), run the same migrations (`bot.host.migrations`) on `open`, and raise the same errors
(`bot.host.storage.rows`).
"""

from __future__ import annotations

import importlib
import os
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.host.storage.rows import DEFAULT_PATH, StorageError
from bot.host.storage.tx import Tx

DEFAULT_URL = "sqlite:///" + DEFAULT_PATH
"""The database used when the settings name none."""

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")

BACKENDS: dict[str, tuple[str, str]] = {
    "postgresql": ("bot.host.storage.postgresql", "PostgresStorage"),
    "sqlite": ("bot.host.storage.sqlite", "SQLiteStorage"),
}
"""Backend name (`parse_database_url`'s first answer) -> (its module, its `Storage` subclass). Loaded by name on
first use: the backends import this module, and PostgreSQL's driver is only needed when a PostgreSQL URL is used."""


def parse_database_url(url: str | os.PathLike[str]) -> tuple[str, str]:
    """The backend ("sqlite" or "postgresql") and its address (a file path, or the PostgreSQL URL) of `url`.

    Raises:
        ValueError: a URL of another kind (e.g. "mysql://...").
    """
    text = os.fspath(url)
    if text.startswith(POSTGRESQL_SCHEMES):
        return "postgresql", text
    if text.startswith("sqlite://"):
        path = text.removeprefix("sqlite://")
        path = path[1:] if path.startswith("/") else path  # sqlite:///x is "x", sqlite:////x is "/x"
        return "sqlite", path or ":memory:"
    if "://" in text:
        raise ValueError(f"unknown database URL {redact(text)!r}: use sqlite:///path or postgresql://...")
    return "sqlite", text


def redact(url: str) -> str:
    """`url` with any password replaced by "***" (for logs and messages)."""
    scheme, separator, rest = url.partition("://")
    if not separator or "@" not in rest:
        return url
    credentials, at, location = rest.rpartition("@")
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}{at}{location}"


class Storage:
    """The bot's database. `Storage(address)` builds the backend the address names (see the module text);
    open it with `await storage.open()` or `async with Storage(address) as storage`.

    Keyword options (each backend ignores the others'): `busy_timeout_ms` (SQLite: how long a write waits for
    another process's write lock), `pool_min_size` and `pool_max_size` (PostgreSQL: connections kept open,
    and the most the process opens). The methods below are what every backend implements.
    """

    backend: str = ""
    """"sqlite" or "postgresql"."""

    path: str
    """The SQLite file, or the PostgreSQL URL as given."""

    def __new__(cls, path: str | os.PathLike[str] = DEFAULT_PATH, **options: Any) -> Storage:
        if cls is Storage:
            kind, _ = parse_database_url(path)
            module, name = BACKENDS[kind]
            backend: type[Storage] = getattr(importlib.import_module(module), name)
            cls = backend
        return super().__new__(cls)

    async def __aenter__(self) -> Storage:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def display_name(self) -> str:
        """The address for logs and messages (without a password)."""
        return redact(self.path)

    async def open(self, *, migrate: bool = True) -> None:
        """Connect and (unless `migrate` is False) bring the schema up to date; a no-op when open.

        Raises:
            SchemaTooNew: the database was written by a newer version of the bot.
            sqlite3.Error: the database cannot be reached or is not one of ours.
        """
        raise NotImplementedError

    async def close(self) -> None:
        """Close every connection (a no-op when not open)."""
        raise NotImplementedError

    @property
    def is_open(self) -> bool:
        """Whether `open` has been called (and `close` not since)."""
        raise NotImplementedError

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """A write transaction, committed when the block ends and rolled back if it raises.

        Raises:
            StorageError: the database is not open.
            sqlite3.OperationalError: a lock was held by another process for too long.
        """
        raise NotImplementedError

    def reading(self) -> AbstractAsyncContextManager[Tx]:
        """A read-only transaction: every query in the block sees one consistent snapshot.

        Raises:
            StorageError: the database is not open.
        """
        raise NotImplementedError

    async def schema_version(self) -> int:
        """The number of migrations applied.

        Raises:
            StorageError: the database is not open.
        """
        raise NotImplementedError

    async def migrate(self, target: int | None = None) -> int:
        """Apply the migrations the database lacks, up to `target` (default: all); returns the new version.
        Each migration runs in its own transaction with its version bump; two processes starting at once never
        apply one twice.

        Raises:
            SchemaTooNew: the database is at a version above the latest migration.
            StorageError: the database is not open.
            sqlite3.Error: a migration failed (that migration is rolled back).
        """
        raise NotImplementedError

    async def integrity_check(self) -> str:
        """"ok" for a sound database, else a description of what is wrong.

        Raises:
            StorageError: the database is not open.
        """
        raise NotImplementedError

    async def after_copy(self) -> None:
        """Bring what the database generates itself (e.g. the next game id) past the rows copied in with
        `Tx.insert_rows`. Nothing to do for SQLite, whose AUTOINCREMENT follows the ids inserted.

        Raises:
            StorageError: the database is not open.
        """

    async def pragma(self, name: str) -> Any:
        """The value of an SQLite pragma (SQLite only).

        Raises:
            StorageError: this backend has no pragmas.
        """
        raise StorageError(f"{self.backend} has no pragma {name!r}")
