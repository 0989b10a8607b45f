"""Fresh test databases on either backend: an SQLite file, or a PostgreSQL schema of its own.

The PostgreSQL server is `GAH_TEST_POSTGRES_URL` (default `postgresql://postgres@127.0.0.1:5432/test`); each
fresh database is a schema with a random name, reached through the URL's `search_path`, and dropped afterwards.
"""

from __future__ import annotations

import asyncio
import functools
import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

POSTGRES_URL = os.environ.get("GAH_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
"""The PostgreSQL database the PostgreSQL variants use (each test in a fresh schema)."""

BACKENDS = ("sqlite", "postgresql")


@functools.cache
def postgres_unreachable() -> str | None:
    """Why the PostgreSQL variants cannot run (None when the server answers)."""

    async def probe() -> None:
        conn = await asyncpg.connect(POSTGRES_URL, timeout=3)
        try:
            await conn.fetchval("SELECT 1")
        finally:
            await conn.close()

    try:
        asyncio.run(probe())
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as error:
        return (f"PostgreSQL is not reachable at {POSTGRES_URL} ({type(error).__name__}: {error}); set "
                "GAH_TEST_POSTGRES_URL to a reachable server to run the PostgreSQL variants")
    return None


def schema_url(schema: str) -> str:
    """`POSTGRES_URL` with `schema` as the search path."""
    return f"{POSTGRES_URL}{'&' if '?' in POSTGRES_URL else '?'}search_path={schema}&synchronous_commit=off"


@asynccontextmanager
async def fresh_database(backend: str, directory: Path, name: str = "gah") -> AsyncIterator[str]:
    """The address of an empty database: `directory/<name>.sqlite3`, or a new PostgreSQL schema (dropped when the
    block ends).

    Raises:
        ValueError: an unknown backend.
    """
    if backend == "sqlite":
        yield str(directory / f"{name}.sqlite3")
        return
    if backend != "postgresql":
        raise ValueError(f"unknown backend {backend!r}")
    schema = f"test_{name}_{secrets.token_hex(6)}"
    conn = await asyncpg.connect(POSTGRES_URL)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
        try:
            yield schema_url(schema)
        finally:
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await conn.close()
