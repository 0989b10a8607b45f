"""Fixtures for the storage and service tests: a fresh database per test, on each backend, and a service with a fake
clock.

Every test that uses `database` (directly, or through `db_path`, `storage` or `service`) runs twice: on an SQLite
file, and on PostgreSQL in a schema of its own (`tests.bot.databases`). When the PostgreSQL server cannot be
reached those variants are skipped with the reason. Tests marked `sqlite_only` (pragmas, the SQLite file format)
run on SQLite alone.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.bot.databases import fresh_database, postgres_unreachable
from tests.bot.helpers import FakeClock


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: the test is about SQLite itself; no PostgreSQL variant")


def backend_params(sqlite_only: bool = False) -> list[object]:
    """The `backend` values a test runs with: "sqlite", and "postgresql" (skipped when unreachable)."""
    if sqlite_only:
        return ["sqlite"]
    reason = postgres_unreachable()
    return ["sqlite", pytest.param("postgresql", marks=[pytest.mark.skip(reason=reason)] if reason else [])]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        sqlite_only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize("backend", backend_params(sqlite_only))


@pytest.fixture
async def database(backend: str, tmp_path: Path) -> AsyncIterator[str]:
    """The address of the test's own empty database on `backend` (an SQLite file, or a PostgreSQL schema)."""
    async with fresh_database(backend, tmp_path) as address:
        yield address


@pytest.fixture
def db_path(database: str) -> Path | str:
    """Where the test's database lives: the SQLite file's path, or the PostgreSQL URL (give it to `Storage`)."""
    return database if "://" in database else Path(database)


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    """An opened, migrated database."""
    async with Storage(db_path) as opened:
        yield opened


@pytest.fixture
def clock() -> FakeClock:
    """The fake wall clock the service reads."""
    return FakeClock()


@pytest.fixture
def service(storage: Storage, clock: FakeClock) -> GameService:
    """A service over the test database; games without a seed option get seed 7."""
    return GameService(storage, clock=clock, seed_source=lambda: 7)
