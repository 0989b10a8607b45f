"""SIGKILL at random moments: after each restart the database is sound, the state is the replay of its log,
and every change the driver saw acknowledged is there (`tests/bot/crash_driver.py`); on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.bot.databases import fresh_database

ROOT = Path(__file__).resolve().parents[2]
KILLS = 36
"""SIGKILLs per backend, in two loops side by side (36 keep the suite under 15 minutes on two cores; each kill
lands at a random moment of a stream of acknowledged moves)."""


@dataclass(frozen=True)
class Ack:
    """One acknowledged change printed by the driver."""

    kind: str
    game: int
    version: int
    text: str = ""


def parse_acks(output: str) -> list[Ack]:
    acks = []
    for line in output.splitlines():
        parts = line.split(" ", 4)
        if parts[0] == "ack":  # a line cut off by the kill has no newline but is complete up to its last byte
            acks.append(Ack(parts[1], int(parts[2]), int(parts[3]), parts[4] if len(parts) > 4 else ""))
    return acks


async def check_database(path: Path | str, acks: list[Ack], settled: set[int]) -> None:
    """Integrity, replay equality for every game that may have changed, and every acknowledged change present.

    Games found finished or cancelled are added to `settled` and not replayed again (they cannot change).
    """
    async with Storage(path) as storage:
        assert await storage.integrity_check() == "ok"
        service = GameService(storage)
        games = {g.id: g for g in await service.games(open_only=False)}
        for game in games.values():
            if game.id in settled:
                continue
            check = await service.check_replay(game.id)
            assert check.ok, (game.id, check.detail)
            if game.status in ("finished", "cancelled"):
                settled.add(game.id)
        logs = {game_id: await service.history(game_id) for game_id in {ack.game for ack in acks}}
    for ack in acks:
        game = games[ack.game]
        assert game.version >= ack.version, ack
        if ack.kind == "start":
            assert game.status != "lobby", ack
            continue
        [row] = [m for m in logs[ack.game] if m.version == ack.version]
        assert row.kind == ("undo" if ack.kind == "undo" else "action"), ack
        if ack.kind == "act":
            assert row.action == ack.text and row.actor.startswith("user:"), ack


async def kill_loop(path: Path | str, seed: int, kills: int, window: float = 1.0) -> list[Ack]:
    """Start the driver on `path`, SIGKILL it, check the database; `kills` times. Returns every acknowledged change.

    Even runs kill 20-200 ms (times `window`) after the driver is ready, so some kills land during its start-up;
    odd runs kill 20-200 ms (times `window`) after the driver acknowledged its first change, so at least half of
    the kills land while it is working however slow a loaded machine makes its start."""
    chooser = random.Random(seed)
    acks: list[Ack] = []
    settled: set[int] = set()
    busy = 0
    for run in range(kills):
        driver = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot.crash_driver", str(path), str(seed * 1000 + run),
            cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        assert driver.stdout is not None
        first = await driver.stdout.readline()
        if first.strip() != b"ready":
            driver.kill()
            raise AssertionError(f"the driver did not start: {first!r} {(await driver.communicate())[1]!r}")
        seen = b""
        if run % 2:
            while not seen.startswith(b"ack "):
                seen = await asyncio.wait_for(driver.stdout.readline(), timeout=60)
                assert seen, "the driver ended before acknowledging a change"
        await asyncio.sleep(chooser.uniform(0.02, 0.2) * window)
        driver.kill()  # SIGKILL
        out, err = await driver.communicate()
        assert driver.returncode == -9, err
        assert b"Traceback" not in err, err
        new = parse_acks((seen + out).decode())
        busy += bool(new)
        acks += new
        await check_database(path, acks, settled)
    assert busy >= kills // 2  # the odd runs were killed while the driver was working
    return acks


async def test_sigkill_at_random_moments_loses_nothing_acknowledged(tmp_path: Path, backend: str) -> None:
    # two kill loops side by side (one database each) to use both cores; KILLS kills in all
    # a move costs more round trips to a PostgreSQL server than to an SQLite file: wait longer before each kill
    window = 2.0 if backend == "postgresql" else 1.0
    async with fresh_database(backend, tmp_path, "crash0") as first, \
            fresh_database(backend, tmp_path, "crash1") as second:
        loops = [kill_loop(path, n + 1, KILLS // 2, window) for n, path in enumerate((first, second))]
        results = await asyncio.gather(*loops)
    acks = [ack for result in results for ack in result]
    assert sum(len(result) > 0 for result in results) == 2
    assert sum(ack.kind == "act" for ack in acks) >= 4 * KILLS  # many moves acknowledged and checked, even loaded
    assert any(ack.kind == "undo" for ack in acks) and sum(ack.kind == "start" for ack in acks) >= 2
