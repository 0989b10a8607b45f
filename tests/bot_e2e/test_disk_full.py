"""Issue 40, item 9: a full disk. The bot's database lives on a small filesystem of its own (a tmpfs in a private
mount namespace, `unshare -m`); the test fills it. A click (Join) and a command (`/gah notify`) that must write are
answered privately that the bot cannot save right now, nothing changes (the lobby, the stored game), the log has an
ERROR naming the full disk and the database (and no traceback); once space is freed, the same click works."""

from __future__ import annotations

import errno
import os
import random
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.discord_standin import StandIn

from .driver import Table
from .harness import BotProcess, World

CANNOT_SAVE = "the bot cannot save right now"
DISK_MB = 8


def private_mounts() -> str | None:
    """Why the bot cannot get a filesystem of its own here (None when it can: root with `unshare -m`)."""
    if shutil.which("unshare") is None or os.geteuid() != 0:
        return "needs root and unshare(1) to give the bot a small filesystem of its own"
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /mnt"], capture_output=True)
    return None if probe.returncode == 0 else "mounting a tmpfs in a private mount namespace is not allowed here"


def fill(folder: Path) -> Path:
    """Write a file into `folder` until its filesystem is full; returns the file."""
    filler = folder / "filler"
    block = b"\0" * 65536
    with filler.open("wb", buffering=0) as file:
        try:
            while True:
                file.write(block)
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
        try:  # the last few bytes
            while True:
                file.write(b"\0" * 512)
        except OSError:
            pass
    return filler


def game_row(database: Path, copy: Path) -> tuple[object, ...]:
    """The stored game, read from a copy of the database file and its WAL (SQLite resolves the /proc/PID/root
    link to our own filesystem, so it cannot open the bot's file where it is)."""
    copy.mkdir(exist_ok=True)
    for suffix in ("", "-wal"):
        source = Path(f"{database}{suffix}")
        if source.exists():
            Path(f"{copy / database.name}{suffix}").write_bytes(source.read_bytes())
    conn = sqlite3.connect(copy / database.name)
    try:
        return tuple(conn.execute("SELECT id, status, version, config FROM games").fetchone())
    finally:
        conn.close()
        shutil.rmtree(copy)


@pytest.mark.skipif(private_mounts() is not None, reason=str(private_mounts()))
async def test_a_full_disk_is_answered_cannot_save_logged_and_loses_nothing(standin: StandIn, world: World,
                                                                            tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    mount = f'mount -t tmpfs -o size={DISK_MB}m tmpfs "{disk}" && exec "$@"'
    bot = BotProcess(standin, world.guild, disk / "gah.sqlite3", tmp_path / "bot.log",
                     wrap=["unshare", "-m", "sh", "-c", mount, "sh"])
    try:
        await bot.start()
        assert bot.process is not None
        seen = Path(f"/proc/{bot.process.pid}/root") / disk.relative_to("/")  # the bot's own tmpfs
        assert (seen / "gah.sqlite3").exists() and not (disk / "gah.sqlite3").exists()
        ann, bob = world.ann, world.bob
        table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(3), bot=bot)
        lobby = await table.open_lobby(ann, [], [])
        before = game_row(seen / "gah.sqlite3", tmp_path / "copy")
        shown = str(lobby.embeds)

        filler = fill(seen)
        refused = await table.answer(await table.click(bob, lobby, label="Join"))
        assert refused.ephemeral_for == bob.id and CANNOT_SAVE in refused.content, refused.content
        assert "Nothing was changed" in refused.content
        assert bob.mention not in str(lobby.embeds) and str(lobby.embeds) == shown, "the lobby is unchanged"
        answered = await table.answer(await table.command(bob, "gah notify", reminders=True))
        assert answered.ephemeral_for == bob.id and CANNOT_SAVE in answered.content, answered.content
        assert game_row(seen / "gah.sqlite3", tmp_path / "copy") == before, "nothing was stored"
        errors = [line for line in bot.log_text().splitlines() if " ERROR " in line]
        assert errors and all("is full" in line and str(disk / "gah.sqlite3") in line for line in errors), errors

        filler.unlink()  # space again: the same click works
        joined = await table.click(bob, lobby, label="Join")
        await joined.reply(timeout=20)
        await standin.wait_for(lambda: bob.mention in str(lobby.embeds) or None, timeout=20,
                               what="the lobby showing bob's seat")
    finally:
        await bot.stop()
    problems = bot.problems()
    assert not any(line.startswith("Traceback") for line in problems), problems
    assert problems and all("cannot save" in line and "is full" in line for line in problems), problems
