"""Fixtures for the storage and service tests: a fresh file database per test, a service with a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import Storage
from tests.bot.helpers import FakeClock


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test's database file lives."""
    return tmp_path / "gah.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    """An opened, migrated file database."""
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
