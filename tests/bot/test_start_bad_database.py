"""Start-up on a bad database (issue 40, items 6 and 8): `python -m bot` against random bytes, zeros, a truncated
file, a file with one corrupted page (SQLite's `PRAGMA quick_check` fails), a folder, a missing folder, a newer
bot's schema, another program's database and a read-only filesystem ends with exit code 2 and one paragraph saying
what is wrong and what to do; never a traceback, and never a write into a database that is not the bot's."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.host import migrations
from bot.host.storage import DatabaseDamaged, ForeignDatabase, Storage

ROOT = Path(__file__).resolve().parents[2]
PAGE = 4096


def start_bot(database: Path, cwd: Path, *, wrap: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m bot` with a token that is never used (the database check stops it first)."""
    environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "token",
                   "GAH_DATABASE": str(database), "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"}
    command = [sys.executable, "-m", "bot"]
    return subprocess.run([*(wrap or []), *command], env=environment, cwd=cwd, capture_output=True, text=True,
                          timeout=60)


def assert_one_paragraph(done: subprocess.CompletedProcess[str], *phrases: str) -> str:
    """The run ended with exit code 2 and one "Database problem" paragraph holding `phrases`; returns it."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    problem = [line for line in lines if line.startswith("Database problem:")]
    assert len(problem) == 1, done.stderr
    assert "start the bot again" in problem[0] or "restore a backup" in problem[0]
    for phrase in phrases:
        assert phrase in problem[0], problem[0]
    return problem[0]


def good_database(path: Path, users: int = 0) -> Path:
    """A database of the current schema, with `users` rows of preferences (to fill pages beyond the schema)."""

    async def make() -> None:
        async with Storage(str(path)) as storage, storage.transaction() as tx:
            for user in range(users):
                await tx.execute("INSERT INTO user_prefs (user_id, notify, updated_at) VALUES (?, 'mention', ?)",
                                 (10**17 + user, time.time()))

    asyncio.run(make())
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    return path


def random_bytes(tmp_path: Path) -> Path:
    path = tmp_path / "random.sqlite3"
    path.write_bytes(os.urandom(8 * PAGE))
    return path


def zeros(tmp_path: Path) -> Path:
    path = tmp_path / "zeros.sqlite3"
    path.write_bytes(bytes(8 * PAGE))
    return path


def truncated(tmp_path: Path) -> Path:
    path = good_database(tmp_path / "truncated.sqlite3", users=500)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


CASES: dict[str, tuple[Callable[[Path], Path], tuple[str, ...]]] = {
    "random bytes": (random_bytes, ("is not an SQLite database", "restore that from a backup")),
    "zeros": (zeros, ("is not an SQLite database",)),
    "truncated": (truncated, ("is damaged", ".recover")),
}


@pytest.mark.parametrize("case", CASES)
def test_a_file_that_is_no_sound_database_stops_the_start_with_a_paragraph(tmp_path: Path, case: str) -> None:
    make, phrases = CASES[case]
    path = make(tmp_path)
    before = path.read_bytes()
    assert_one_paragraph(start_bot(path, tmp_path), str(path), *phrases)
    assert path.read_bytes() == before  # nothing was written into it


def test_a_database_with_one_corrupted_page_fails_the_quick_check_and_stops_the_start(tmp_path: Path) -> None:
    path = good_database(tmp_path / "page.sqlite3", users=2000)
    pages = path.stat().st_size // PAGE
    with path.open("r+b") as file:  # a page of user_prefs rows (the last pages hold them), garbled mid-page
        file.seek((pages - 2) * PAGE + 200)
        file.write(b"\xa5" * 2000)

    async def opening() -> None:
        await Storage(str(path)).open()

    with pytest.raises(DatabaseDamaged, match="quick check"):
        asyncio.run(opening())
    assert_one_paragraph(start_bot(path, tmp_path), "is damaged", "quick check", "restore the file from a backup")


def test_a_folder_in_place_of_the_file_stops_the_start(tmp_path: Path) -> None:
    folder = tmp_path / "gah.sqlite3"
    folder.mkdir()
    assert_one_paragraph(start_bot(folder, tmp_path), "is a folder, not a file", str(folder / "gah.sqlite3"))


def test_a_missing_folder_stops_the_start_without_making_it(tmp_path: Path) -> None:
    path = tmp_path / "no such folder" / "gah.sqlite3"
    assert_one_paragraph(start_bot(path, tmp_path), "does not exist", "Create the folder")
    assert not path.parent.exists()


def test_a_schema_from_a_newer_bot_stops_the_start(tmp_path: Path) -> None:
    path = good_database(tmp_path / "newer.sqlite3")
    newer = migrations.latest_version() + 1
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {newer}")
    conn.close()
    assert_one_paragraph(start_bot(path, tmp_path), f"schema version {newer}", "run a newer version of the bot")
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == newer
    conn.close()


def test_another_programs_database_stops_the_start_and_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "photos.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, file TEXT)")
        conn.execute("INSERT INTO photos (file) VALUES ('cat.jpg')")
    conn.close()
    before = path.read_bytes()

    async def opening() -> None:
        await Storage(str(path)).open()

    with pytest.raises(ForeignDatabase, match="photos"):
        asyncio.run(opening())
    assert_one_paragraph(start_bot(path, tmp_path), "belongs to another program", "photos")
    assert path.read_bytes() == before  # not migrated, not even switched to WAL mode


def read_only_mount_possible() -> str | None:
    """Why a read-only bind mount cannot be made here (None when it can: root with `unshare`)."""
    if shutil.which("unshare") is None or os.geteuid() != 0:
        return "needs root and unshare(1) for a read-only bind mount in a private mount namespace"
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    return None if probe.returncode == 0 else "unshare -m is not allowed here"


@pytest.mark.skipif(read_only_mount_possible() is not None, reason=str(read_only_mount_possible()))
def test_a_database_on_a_read_only_filesystem_stops_the_start(tmp_path: Path) -> None:
    folder = tmp_path / "readonly"
    folder.mkdir()
    path = good_database(folder / "gah.sqlite3")
    # the bot runs in a private mount namespace where the folder is bind-mounted read-only (nothing else sees it)
    script = f'mount --bind -o ro "{folder}" "{folder}" && exec "$@"'
    done = start_bot(path, tmp_path, wrap=["unshare", "-m", "sh", "-c", script, "sh"])
    assert_one_paragraph(done, "read-only filesystem", "read-write")
