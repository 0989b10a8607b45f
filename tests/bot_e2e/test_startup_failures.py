"""Issue 40, item 6: a storage error at start-up no longer turns reminders off for good.

Through the real bot and the stand-in: (1) one start-up task fails (log compaction, whose write a trigger in the
database refuses): the bot logs an ERROR naming the task and the cause and retries it with a growing pause, while
the catch-up, the AI resumption and the reminder loop start anyway (the reminder of the player on turn arrives);
once the cause is gone, the next retry succeeds. (2) A database with a corrupted page fails SQLite's `PRAGMA
quick_check` at start: the bot stops with exit code 2 and a paragraph saying what to do, before it connects."""

from __future__ import annotations

import random
import re
import sqlite3
import time
from pathlib import Path

import pytest

from tests.discord_standin import StandIn

from .driver import Table
from .harness import BotDied, BotProcess, World

REMINDER = "friendly reminder"
PAGE = 4096

PROVOKED = """CREATE TRIGGER provoked_failure BEFORE DELETE ON log_compaction
BEGIN
    SELECT RAISE(ABORT, 'provoked failure: the test refuses this write');
END"""
"""A trigger that makes log compaction's last write of a game fail, every time, until the test drops it."""


def sql(database: Path, *statements: str) -> None:
    """Run `statements` on the bot's database from the test (WAL: beside a running bot)."""
    conn = sqlite3.connect(database, timeout=10)
    try:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


async def wait_for_log(standin: StandIn, bot: BotProcess, text: str, timeout: float = 30.0) -> str:
    """Wait until the bot's log holds `text`; returns that line."""
    found: str = await standin.wait_for(
        lambda: next((line for line in bot.log_text().splitlines() if text in line), None),
        timeout=timeout, what=f"the bot logging {text!r}")
    return found


async def game_waiting_for_a_reminder(standin: StandIn, world: World, bot: BotProcess) -> Table:
    """ann's game with bob and a random AI, reminders after 2 seconds, started (the player on turn waits)."""
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(3), bot=bot)
    for actor in (ann, bob):
        await table.answer(await table.command(actor, "gah notify", reminders=True))
    lobby = await table.open_lobby(ann, [bob], ["random"])
    changed = await table.answer(await table.command(ann, "gah reminders", hours=0.0005))
    assert "after 2 seconds" in changed.content, changed.content
    await standin.wait_for(lambda: "after 2 seconds" in str(lobby.embeds) or None, timeout=20,
                           what="the lobby showing the new interval")
    await table.start(ann, lobby)
    return table


async def test_a_failing_start_up_task_is_retried_and_the_others_still_start(standin: StandIn, world: World,
                                                                             tmp_path: Path) -> None:
    database = tmp_path / "gah.sqlite3"
    bot = BotProcess(standin, world.guild, database, tmp_path / "bot.log", env={"GAH_REMINDER_POLL_SECONDS": "0.25"})
    try:
        await bot.start()
        table = await game_waiting_for_a_reminder(standin, world, bot)
        await bot.kill()
        # the game's log is listed for compaction again, and the database refuses to take it off the list
        sql(database, "INSERT OR IGNORE INTO log_compaction (game_id) VALUES (1)", PROVOKED)
        floor = standin.messages_in(world.channel)[-1]
        began = time.monotonic()
        await bot.start()

        failed = await wait_for_log(standin, bot, "start-up task log compaction failed (")
        assert " ERROR " in failed and "provoked failure" in failed, failed
        again = await wait_for_log(standin, bot, "start-up task log compaction failed again at retry 2")
        assert " ERROR " in again and "provoked failure" in again and "next try in 5 s" in again, again

        # the other start-up tasks ran: catch-up and AI resumption counted, and the reminder loop sends
        resumed = await wait_for_log(standin, bot, "resumed: ")
        assert re.search(r"resumed: \d+ AI task\(s\) started, \d+ catch-up post\(s\)", resumed), resumed
        reminder = await standin.wait_for_message(world.channel, after=floor, timeout=30,
                                                  predicate=lambda m: REMINDER in m.content)
        assert reminder.pings.user_ids, "the reminder pings the player on turn"
        assert time.monotonic() - began < 30
        shown = await table.answer(await table.command(world.bob, "gah reminders"))
        assert "after 2 seconds" in shown.content, "the bot answers commands as usual"

        # the cause goes away: the next retry succeeds, and the game is taken off the list
        sql(database, "DROP TRIGGER provoked_failure")
        done = await wait_for_log(standin, bot, "start-up task log compaction succeeded at retry", timeout=60)
        assert " INFO " in done, done
        conn = sqlite3.connect(database)
        try:
            assert conn.execute("SELECT COUNT(*) FROM log_compaction").fetchone()[0] == 0
        finally:
            conn.close()
    finally:
        await bot.stop()
    problems = bot.problems()
    errors = [line for line in problems if not line.startswith("Traceback")]
    assert errors and all("start-up task log compaction failed" in line for line in errors), problems
    assert sum(line.startswith("Traceback") for line in problems) == 1, "one traceback: the first failure's"


async def test_a_database_with_a_corrupted_page_stops_the_bot_with_exit_code_2(standin: StandIn, world: World,
                                                                              tmp_path: Path) -> None:
    database = tmp_path / "gah.sqlite3"
    bot = BotProcess(standin, world.guild, database, tmp_path / "bot.log")
    try:
        await bot.start()
        ann = world.ann
        table = Table(standin, world, {ann.id: ann}, random.Random(3), bot=bot)
        await table.open_lobby(ann, [], ["random"])
        await bot.stop()
    finally:
        await bot.stop()
    conn = sqlite3.connect(database)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("SELECT pageno FROM dbstat WHERE name = 'games' AND pagetype = 'leaf'").fetchone()[0]
    finally:
        conn.close()
    with database.open("r+b") as file:  # the games table's page, garbled after its header
        file.seek((page - 1) * PAGE + 12)
        file.write(b"\xa5" * (PAGE - 24))
    requests = len(standin.requests)
    with pytest.raises(BotDied, match="exited with code 2"):
        await bot.start(timeout=30)
    log = bot.log_text()
    assert "Database problem: The database" in log and "is damaged" in log and "quick check" in log, log
    assert "restore the file from a backup" in log and "Traceback" not in log
    assert len(standin.requests) == requests, "the bot stopped before it spoke to Discord"
