"""Issue 40, item 6: start-up tasks run on their own (`bot.host.startup.StartupTasks`): one that fails is logged as an
ERROR naming it and its cause and retried with a growing pause until it succeeds, and the tasks after it still run
(in order, when all is well)."""

from __future__ import annotations

import asyncio
import itertools
import logging
import sqlite3

import pytest

from bot.host.startup import StartupTasks


async def test_a_failing_task_is_retried_with_back_off_and_the_others_still_run(
        caplog: pytest.LogCaptureFixture) -> None:
    tasks = StartupTasks(delays=(0.01, 0.02, 0.04))
    ran: list[str] = []
    tries: list[float] = []
    loop = asyncio.get_running_loop()

    async def catch_up() -> int:
        tries.append(loop.time())
        if len(tries) < 4:
            raise sqlite3.DatabaseError("database disk image is malformed")
        ran.append("catch-up")
        return 3

    async def resume() -> int:
        ran.append("resume")
        return 2

    caplog.set_level(logging.INFO, logger="bot.host.startup")
    assert await tasks.first_try("catch-up posts", catch_up) is None  # failed: retried in the background
    assert await tasks.first_try("AI resumption", resume) == 2
    assert ran == ["resume"] and tasks.failing == {"catch-up posts"}
    for _ in range(200):
        if "catch-up posts" in tasks.done:
            break
        await asyncio.sleep(0.01)
    assert ran == ["resume", "catch-up"] and not tasks.failing
    pauses = [later - earlier for earlier, later in itertools.pairwise(tries)]
    assert len(pauses) == 3 and pauses[0] >= 0.009 and pauses[1] >= 0.019 and pauses[2] >= 0.039, pauses
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 3
    assert all("catch-up posts" in r.getMessage() and "DatabaseError: database disk image is malformed"
               in r.getMessage() for r in errors)
    assert any("succeeded at retry 3" in r.getMessage() for r in caplog.records if r.levelno == logging.INFO)
    await tasks.close()


async def test_a_background_task_is_retried_and_close_stops_the_retries() -> None:
    tasks = StartupTasks(delays=(0.01,))
    tries = 0

    async def compact() -> None:
        nonlocal tries
        tries += 1
        raise sqlite3.OperationalError("database is locked")

    tasks.in_background("log compaction", compact)
    for _ in range(100):
        if tries >= 3:
            break
        await asyncio.sleep(0.01)
    assert tries >= 3 and tasks.failing == {"log compaction"}  # the last pause repeats
    await tasks.close()
    stopped_at = tries
    await asyncio.sleep(0.05)
    assert tries == stopped_at
