"""`python -m bot.host.migrate_db SOURCE DESTINATION` (issue 19): an SQLite file is copied whole into PostgreSQL (or
another SQLite file), every game is verified by replay, and the counts are reported; a destination that holds rows
is refused, and a game whose state does not match its log is reported."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from bot.host import migrate_db
from bot.host.migrate_db import copy_database
from bot.host.service import GameService
from bot.host.storage import Storage
from tests.bot.helpers import BOB, GUILD, HOST, FakeClock, lobby, play_random, started

ROOT = Path(__file__).resolve().parents[2]
TABLES = tuple(table for table, _ in migrate_db.TABLES)
QUEUES = frozenset({"log_compaction"})
"""Tables the copy leaves out: work a running bot redoes (`bot.host.log_compaction` lists its own games)."""


def migrate(source: str, destination: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.host.migrate_db", source, destination], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


async def fill(path: Path) -> None:
    """A database with a finished game, a running one (with an undo and a reminder), a lobby, and settings."""
    async with Storage(path) as storage:
        service = GameService(storage, clock=FakeClock(), seed_source=lambda: 5)
        finished = (await started(service, humans=2, ais=1, seed=3)).game
        await play_random(service, finished, random.Random(1))
        running = (await started(service, humans=2, seed=4, channel=501)).game
        await service.set_reminder_interval(501, 1, HOST, 3600)
        running = await play_random(service, running, random.Random(2), moves=15)
        await service.record_message(running.id, "board", 501, 9001, running.version)
        await service.set_prefs(BOB, notify="dm", quiet="22-08", time_zone="Europe/Warsaw")
        async with storage.transaction() as tx:
            await tx.note_suggestion(running.id, 0)
            await tx.beat("host:1", 1.0e9)
            await tx.set_away(BOB, 2.0e9)  # a bot process's heartbeat (the turn clock's downtime)
            # a vote on the running game's player (issue 53 item 3), a seat opened and one taken over (item 5)
            await tx.execute("INSERT INTO turn_votes VALUES (?, ?, 'skip', 0, ?, ?, 1.0, 2.0, 'open', 9002)",
                             (running.id, running.version, HOST, BOB))
            await tx.execute("INSERT INTO turn_ballots VALUES (?, ?, ?, 1)", (running.id, running.version, BOB))
            await tx.execute("INSERT INTO open_seats VALUES (?, 2, ?, ?, 1.5, 0)", (finished.id, 1, HOST))
            await tx.execute("INSERT INTO seat_takeovers VALUES (?, 2, ?, 3, 1.5)", (finished.id, BOB))
        await lobby(service, channel=502)
        await service.create(guild_id=GUILD, channel_id=504, host_id=BOB, host_name="Bob", kind="overbooking")


async def everything(address: str | Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, in key order, as plain tuples."""
    async with Storage(address) as storage, storage.reading() as tx:
        return {table: [tuple(row) for row in await tx.fetchall(f"SELECT * FROM {table} ORDER BY 1, 2")]
                for table in TABLES}


async def test_a_database_is_copied_whole_and_every_game_verified(tmp_path: Path, database: str) -> None:
    source = tmp_path / "source.sqlite3"
    await fill(source)
    result = migrate(f"sqlite:///{source}", database)
    assert result.returncode == 0, result.stderr
    before = await everything(source)
    for table in TABLES:
        assert f"{table}: {len(before[table])} rows copied" in result.stdout
    assert "replay: 4 games checked, 4 match their log" in result.stdout
    assert "verified: the copy is complete" in result.stdout
    assert await everything(database) == before
    assert [table for table in TABLES if not before[table]] == []  # the test copied something in every table
    async with Storage(database) as copied:  # the copy is a working database: new games get new ids
        service = GameService(copied, clock=FakeClock(), seed_source=lambda: 6)
        game = await lobby(service, channel=503)
        assert game.id == 5
        assert (await service.check_replay(1)).ok


async def test_every_table_of_the_schema_is_copied(tmp_path: Path) -> None:
    """A table added by a migration is copied too (or named a queue the copy leaves out)."""
    async with Storage(tmp_path / "schema.sqlite3") as storage, storage.reading() as tx:
        rows = await tx.fetchall("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    assert {row[0] for row in rows} - QUEUES == set(TABLES)


async def test_a_destination_with_rows_is_refused_and_left_alone(tmp_path: Path, database: str) -> None:
    source = tmp_path / "source.sqlite3"
    await fill(source)
    async with Storage(database) as destination:
        await lobby(GameService(destination, clock=FakeClock()), channel=777)
    before = await everything(database)
    result = migrate(str(source), database)
    assert result.returncode == 2
    assert "nothing copied" in result.stderr and "not empty" in result.stderr
    assert await everything(database) == before
    assert migrate(str(source), f"sqlite:///{source}").returncode == 2  # the same database twice


async def test_a_game_whose_state_does_not_match_its_log_is_reported(tmp_path: Path, database: str) -> None:
    source = tmp_path / "source.sqlite3"
    await fill(source)
    async with Storage(source) as storage, storage.transaction() as tx:
        row = await tx.fetchone("SELECT state FROM games WHERE id = 2")
        state = json.loads(row["state"])
        state["players"][0]["money"] += 1
        await tx.execute("UPDATE games SET state = ? WHERE id = 2", (json.dumps(state),))
    result = migrate(str(source), database)
    assert result.returncode == 1
    assert "game 2: the replay does not match" in result.stdout and "NOT verified" in result.stdout
    assert "replay: 4 games checked, 3 match their log" in result.stdout


async def test_a_copy_without_replays_still_checks_the_rows(tmp_path: Path, database: str) -> None:
    """What a benchmark copying thousands of games asks for: every row copied and counted, no game replayed."""
    source = tmp_path / "source.sqlite3"
    await fill(source)
    async with Storage(source) as old, Storage(database) as new:
        report = await copy_database(old, new, replay=False)
    assert report.ok and report.games_checked == 0 and report.rows["games"] == 4
    assert await everything(database) == await everything(source)


def damage(source: Path, *statements: str) -> None:
    """Run `statements` on the source file directly (past the append-only trigger of the action log), as a broken
    disk or a hand edit would leave it."""
    import sqlite3

    conn = sqlite3.connect(source)
    try:
        conn.execute("DROP TRIGGER IF EXISTS action_log_no_update")
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


async def test_rows_that_do_not_decode_refuse_the_copy_and_are_listed_by_game(tmp_path: Path,
                                                                            database: str) -> None:
    """Issue 40, item 11: a config that is not JSON and log events that do not decode are found before anything is
    written: exit code 2, nothing copied, every problem listed by game id, no traceback."""
    source = tmp_path / "source.sqlite3"
    await fill(source)
    damage(source,
           "UPDATE games SET config = '{not json' WHERE id = 2",
           "UPDATE action_log SET events = '~1garbage!' WHERE game_id = 1 AND seq = 3",
           "UPDATE action_log SET events = '[{\"kind\": ' WHERE game_id = 2 AND seq = 1",
           "UPDATE games SET state = '42x' WHERE id = 1")
    result = migrate(str(source), database)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert "nothing copied: 4 row(s) of the source do not decode" in result.stderr
    problems = [line for line in result.stderr.splitlines() if line.startswith("problem: ")]
    assert len(problems) == 4, result.stderr
    assert "problem: game 2: its config is not JSON" in result.stderr
    assert "problem: game 1: its state is not JSON" in result.stderr
    assert "problem: game 1: the events of log entry 3 do not decode" in result.stderr
    assert "problem: game 2: the events of log entry 1 do not decode" in result.stderr
    copied = await everything(database)
    assert not any(copied.values()), "the destination must stay empty"


async def test_a_config_that_is_json_but_not_an_object_is_listed(tmp_path: Path, database: str) -> None:
    source = tmp_path / "source.sqlite3"
    await fill(source)
    damage(source, "UPDATE games SET config = '[1, 2]' WHERE id = 3")
    result = migrate(str(source), database)
    assert result.returncode == 2 and "problem: game 3: its config is JSON but not an object" in result.stderr
    assert not any((await everything(database)).values())
