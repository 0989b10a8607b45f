"""Issue 40, item 9: what counts as a full disk (`bot.host.disk_full.is_disk_full`): SQLite's SQLITE_FULL (a real one,
provoked with `max_page_count`), the operating system's ENOSPC and EDQUOT, PostgreSQL's SQLSTATE 53100, also
wrapped in other errors; other errors do not. The write that met it is rolled back: nothing is stored."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import pytest

from bot.host.disk_full import is_disk_full
from bot.host.storage import OperationalError, Storage


async def test_a_database_at_its_page_limit_fails_as_disk_full_and_stores_nothing(tmp_path: Path) -> None:
    async with Storage(tmp_path / "gah.sqlite3") as storage:
        conn = storage._conn  # the pragma lives on the connection of the storage itself
        assert conn is not None
        pages = (await conn.execute_fetchall("PRAGMA page_count"))[0][0]
        await conn.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(sqlite3.OperationalError) as caught:
            async with storage.transaction() as tx:
                for user in range(2000):
                    await tx.execute("INSERT INTO user_prefs (user_id, notify, updated_at) VALUES (?, 'dm', 1.0)",
                                     (user,))
        assert is_disk_full(caught.value)
        async with storage.reading() as tx:
            assert await tx.fetchall("SELECT * FROM user_prefs") == []


def wrapped(error: BaseException) -> RuntimeError:
    try:
        raise RuntimeError("the click failed") from error
    except RuntimeError as outer:
        return outer


class DiskFullError(Exception):
    sqlstate = "53100"


@pytest.mark.parametrize("error", [
    OSError(errno.ENOSPC, "No space left on device"),
    OSError(errno.EDQUOT, "Disk quota exceeded"),
    wrapped(OSError(errno.ENOSPC, "No space left on device")),
    OperationalError("DiskFullError: could not extend file: No space left on device"),
    wrapped(DiskFullError("could not extend file")),
])
def test_what_says_the_disk_is_full(error: BaseException) -> None:
    assert is_disk_full(error)


@pytest.mark.parametrize("error", [
    OSError(errno.EACCES, "Permission denied"),
    sqlite3.OperationalError("database is locked"),
    wrapped(ValueError("bad value")),
    KeyError("x"),
])
def test_other_errors_are_not_a_full_disk(error: BaseException) -> None:
    assert not is_disk_full(error)
