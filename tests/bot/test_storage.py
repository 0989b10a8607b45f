"""Storage: pragmas, migrations from every earlier version, constraints, transactions, and each table's API."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
from pathlib import Path

import pytest

from bot.host import migrations as migrations_module
from bot.host import storage as storage_module
from bot.host.migrations import Migration, latest_version, migrations
from bot.host.storage import (
    ChannelSettings,
    ChannelTaken,
    LogRow,
    PostedMessage,
    ResultRow,
    SchemaTooNew,
    SeatRow,
    Storage,
    StorageError,
    Timer,
    UserPrefs,
    VersionConflict,
    split_statements,
)
from tests.bot.databases import fresh_database

NOW = 1_700_000_000.0


async def schema(path: Path | str) -> list[tuple[str, str, str | None]]:
    """Every table, index and trigger with its SQL, as SQLite stores it (PostgreSQL: every column with its type,
    every index with its definition and every trigger with its action, from the catalog)."""
    if "postgresql://" not in str(path):
        with sqlite3.connect(path) as conn:
            return conn.execute(
                "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
            ).fetchall()
    async with Storage(path) as opened, opened.reading() as tx:
        rows = await tx.fetchall(
            "SELECT 'table' AS type, table_name AS name, column_name || ' ' || data_type || ' ' || is_nullable "
            "|| ' ' || COALESCE(column_default, '') AS sql FROM information_schema.columns "
            "WHERE table_schema = current_schema() "
            "UNION ALL SELECT 'index', indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() "
            "UNION ALL SELECT 'trigger', trigger_name, event_manipulation || ' ' || action_statement "
            "FROM information_schema.triggers WHERE trigger_schema = current_schema() ORDER BY 1, 2, 3")
    schema_name = re.search(r"search_path=([^&]+)", str(path))
    assert schema_name is not None
    return [(row["type"], row["name"], str(row["sql"]).replace(schema_name.group(1), "SCHEMA")) for row in rows]


async def set_schema_version(path: Path | str, version: int) -> None:
    """Mark the database as written by a bot with `version` migrations."""
    if "postgresql://" not in str(path):
        with sqlite3.connect(path) as conn:
            conn.execute(f"PRAGMA user_version = {version}")
        return
    async with Storage(path) as opened, opened.transaction() as tx:
        await tx.execute("UPDATE gah_schema SET version = ?", (version,))


async def new_game(storage: Storage, channel: int = 10, guild: int = 1) -> int:
    async with storage.transaction() as tx:
        game = await tx.insert_game(guild_id=guild, channel_id=channel, host_id=5, config={"seed": 1},
                                    engine_version="test", now=NOW)
    return game.id


def log_row(game_id: int, seq: int, version: int, kind: str = "action", undo_from: int | None = None) -> LogRow:
    return LogRow(game_id, seq, kind, 0, "user:5", "pass" if kind == "action" else "", undo_from,
                  [{"kind": "pass", "player": "Ann", "text": "Ann passes.", "data": {}}], version, NOW)


# ----- connection and pragmas -----------------------------------------------------------------------------


@pytest.mark.sqlite_only
async def test_open_sets_wal_foreign_keys_busy_timeout_and_synchronous_normal(storage: Storage) -> None:
    assert str(await storage.pragma("journal_mode")).lower() == "wal"
    assert await storage.pragma("foreign_keys") == 1
    assert await storage.pragma("busy_timeout") == 5000
    assert await storage.pragma("synchronous") == 1  # NORMAL
    assert await storage.integrity_check() == "ok"


async def test_the_default_path_is_the_settings_default() -> None:
    assert storage_module.DEFAULT_PATH == "gah.sqlite3"
    assert Storage().path == "gah.sqlite3"


async def test_using_a_closed_storage_raises(db_path: Path) -> None:
    closed = Storage(db_path)
    with pytest.raises(StorageError):
        async with closed.transaction():
            pass
    with pytest.raises(ValueError):
        await Storage(":memory:").pragma("x; DROP TABLE games")


@pytest.mark.sqlite_only
async def test_a_second_connection_waits_for_the_write_lock_then_gives_up(db_path: Path, storage: Storage) -> None:
    other = Storage(db_path, busy_timeout_ms=50)
    await other.open()
    try:
        async with storage.transaction():
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                async with other.transaction():
                    pass
        async with other.transaction() as tx:  # free again once the first writer committed
            assert await tx.game(1) is None
    finally:
        await other.close()


# ----- migrations ----------------------------------------------------------------------------------------


def test_migrations_are_numbered_without_gaps_and_split_cleanly() -> None:
    found = migrations()
    assert [m.version for m in found] == list(range(1, latest_version() + 1))
    assert latest_version() >= 3
    for migration in found:
        statements = split_statements(migration.sql)
        assert statements and all(sqlite3.complete_statement(s) for s in statements)
    trigger = next(s for s in split_statements(found[0].sql) if "action_log_no_gap" in s)
    assert trigger.rstrip().endswith("END;")  # the trigger body's inner ';' did not split it
    with pytest.raises(ValueError):
        split_statements("CREATE TABLE x (a INTEGER")


async def test_an_empty_database_is_migrated_to_the_latest_version(db_path: Path) -> None:
    async with Storage(db_path) as opened:
        assert await opened.schema_version() == latest_version()
    names = {name for _, name, _ in await schema(db_path)}
    expected = {"games", "seats", "action_log", "posted_messages", "user_prefs", "results", "timers",
                "games_one_open_per_channel", "action_log_no_update", "action_log_no_delete", "action_log_no_gap"}
    assert expected <= names
    async with Storage(db_path) as reopened:  # opening again changes nothing
        assert await reopened.schema_version() == latest_version()
    assert {name for _, name, _ in await schema(db_path)} == names


async def fill_version(path: Path | str, version: int) -> None:
    """Rows a database at `version` may hold: a finished game with seats and log (v1+), prefs, results, timers (v2+),
    channel settings (v4+)."""
    opened = Storage(path)
    await opened.open(migrate=False)  # as the older bot left it
    async with contextlib.AsyncExitStack() as stack:
        stack.push_async_callback(opened.close)
        tx = await stack.enter_async_context(opened.transaction())
        if version >= 1:
            await tx.execute("INSERT INTO games (id, guild_id, channel_id, host_id, status, config, engine_version, "
                "state, version, created_at, updated_at) "
                "VALUES (1, 1, 10, 5, 'finished', '{}', 'old', '{}', 2, 1, 2)")
            if version >= 3:  # from migration 3 on, the bot sets finished_at itself
                await tx.execute("UPDATE games SET finished_at = 2 WHERE id = 1")
            await tx.execute("INSERT INTO games (id, guild_id, channel_id, host_id, status, config, engine_version, "
                "version, created_at, updated_at) VALUES (2, 1, 10, 5, 'lobby', '{}', 'old', 0, 3, 3)")
            await tx.execute("INSERT INTO seats VALUES (1, 0, 5, NULL, 'Ann', 'purple', 1)")
            await tx.execute("INSERT INTO seats VALUES (1, 1, NULL, 'random', 'AI', 'orange', 1)")
            await tx.execute("INSERT INTO action_log VALUES (1, 1, 'action', 0, 'user:5', 'pass', NULL, '[]', 1, 1)")
            await tx.execute("INSERT INTO action_log VALUES (1, 2, 'action', 1, 'ai:random', 'pass', NULL, '[]', 2, 1)")
        if version in (2, 3):  # users had their own interval; 0 meant no reminders
            await tx.execute("INSERT INTO user_prefs VALUES (5, 'dm', 60, NULL, 1)")
            await tx.execute("INSERT INTO user_prefs VALUES (6, 'mention', 0, NULL, 1)")
        if version >= 4:
            await tx.execute("INSERT INTO user_prefs (user_id, notify, reminders, snooze_until, updated_at) "
                "VALUES (5, 'dm', 1, NULL, 1), (6, 'mention', 0, NULL, 1)")
            await tx.execute("INSERT INTO channel_settings VALUES (10, 1, 60, 5, 1)")
        if version >= 2:
            await tx.execute("INSERT INTO results VALUES (1, 0, 1, 5, NULL, 'Ann', 30, 1, 0, '{}', 2)")
            await tx.execute("INSERT INTO timers (game_id, kind, user_id, due_at, version) "
                             "VALUES (2, 'reminder', 5, 99, 0)")


@pytest.mark.parametrize("start", range(latest_version()))
async def test_a_database_at_every_earlier_version_is_migrated_and_keeps_its_rows(tmp_path: Path, start: int,
                                                                                 backend: str) -> None:
    async with fresh_database(backend, tmp_path, "fresh") as fresh, fresh_database(backend, tmp_path, "old") as old:
        await migrate_and_compare(fresh, old, start)


async def migrate_and_compare(fresh: str, old: str, start: int) -> None:
    async with Storage(fresh):
        pass
    partial = Storage(old)
    await partial.open(migrate=False)
    assert await partial.migrate(target=start) == start
    await partial.close()
    await fill_version(old, start)

    async with Storage(old) as migrated:
        assert await migrated.schema_version() == latest_version()
        assert await migrated.integrity_check() == "ok"
        async with migrated.reading() as tx:
            games = await tx.games()
            log = await tx.log(1)
            prefs = await tx.prefs(5)
            without_reminders = await tx.prefs(6)
            channel = await tx.channel_settings(10)
    assert await schema(old) == await schema(fresh)
    if start >= 1:
        assert [g.status for g in games] == ["finished", "lobby"]
        assert games[0].finished_at == 2  # backfilled by migration 3 (or set by the bot)
        assert games[1].finished_at is None
        assert [row.actor for row in log] == ["user:5", "ai:random"]
    if start >= 2:  # a user's own interval became "reminders on", and 0 "off"
        assert prefs == UserPrefs(5, "dm", True, None)
        assert without_reminders == UserPrefs(6, "mention", False, None)
    assert channel == (ChannelSettings(10, 60, 5, 1) if start >= 4 else ChannelSettings(10))


async def test_a_database_from_a_newer_bot_is_refused(db_path: Path) -> None:
    async with Storage(db_path):
        pass
    await set_schema_version(db_path, latest_version() + 1)
    newer = Storage(db_path)
    with pytest.raises(SchemaTooNew):
        await newer.open()
    assert not newer.is_open


async def test_a_failing_migration_is_rolled_back_whole(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = (*migrations(), Migration(latest_version() + 1, "broken",
                                       "CREATE TABLE half_done (a INTEGER);\nINSERT INTO nowhere VALUES (1);"))
    monkeypatch.setattr(migrations_module, "migrations", lambda: broken)  # latest_version() follows
    with pytest.raises(sqlite3.OperationalError):
        async with Storage(db_path):
            pass
    monkeypatch.undo()
    async with Storage(db_path) as opened:
        assert await opened.schema_version() == latest_version()
    assert "half_done" not in {name for _, name, _ in await schema(db_path)}


# ----- constraints ---------------------------------------------------------------------------------------


async def test_one_open_game_per_channel_but_many_per_server(storage: Storage) -> None:
    first = await new_game(storage, channel=10)
    with pytest.raises(ChannelTaken):
        await new_game(storage, channel=10)
    await new_game(storage, channel=11)  # same server, another channel
    async with storage.transaction() as tx:
        await tx.update_game(first, 0, 1, NOW, status="active", state="{}")
    with pytest.raises(ChannelTaken):
        await new_game(storage, channel=10)
    async with storage.transaction() as tx:
        await tx.update_game(first, 1, 2, NOW, status="finished")
    await new_game(storage, channel=10)  # the channel is free once its game is over
    async with storage.reading() as tx:
        assert len(await tx.games(guild_id=1)) == 3
        assert len(await tx.games(statuses=("lobby",))) == 2


async def test_an_active_game_needs_a_state(storage: Storage) -> None:
    game = await new_game(storage)
    with pytest.raises(sqlite3.IntegrityError):
        async with storage.transaction() as tx:
            await tx.update_game(game, 0, 1, NOW, status="active")


async def test_update_checks_the_version_in_its_where_clause(storage: Storage) -> None:
    game = await new_game(storage)
    async with storage.transaction() as tx:
        await tx.update_game(game, 0, 1, NOW, config={"seed": 2})
    with pytest.raises(VersionConflict) as caught:
        async with storage.transaction() as tx:
            await tx.update_game(game, 0, 1, NOW, config={"seed": 3})
    assert caught.value.current == 1
    with pytest.raises(VersionConflict) as missing:
        async with storage.transaction() as tx:
            await tx.update_game(999, 0, 1, NOW)
    assert missing.value.current is None
    with pytest.raises(ValueError):
        async with storage.transaction() as tx:
            await tx.update_game(game, 1, 1, NOW)
    with pytest.raises(ValueError):
        async with storage.transaction() as tx:
            await tx.update_game(game, 1, 2, NOW, version=5)
    async with storage.reading() as tx:
        row = await tx.game(game)
    assert row is not None and row.version == 1 and row.config == {"seed": 2}


async def test_a_transaction_that_raises_leaves_nothing_behind(storage: Storage) -> None:
    with pytest.raises(RuntimeError):
        async with storage.transaction() as tx:
            await tx.insert_game(guild_id=1, channel_id=10, host_id=5, config={}, engine_version="t", now=NOW)
            raise RuntimeError("boom")
    async with storage.reading() as tx:
        assert await tx.games() == []


async def test_a_cancelled_transaction_is_rolled_back(storage: Storage) -> None:
    started = asyncio.Event()

    async def writer() -> None:
        async with storage.transaction() as tx:
            await tx.insert_game(guild_id=1, channel_id=10, host_id=5, config={}, engine_version="t", now=NOW)
            started.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(writer())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with storage.reading() as tx:
        assert await tx.games() == []


async def test_seats_rules(storage: Storage) -> None:
    game = await new_game(storage)
    ann = SeatRow(game, 0, 5, None, "Ann", "purple", NOW)
    async with storage.transaction() as tx:
        await tx.replace_seats(game, [ann, SeatRow(game, 1, None, "random", "AI", "orange", NOW)])
        await tx.set_seat_ai(game, 0, "random")
        await tx.set_seat_ai(game, 0, None)
        assert [s.name for s in await tx.seats(game)] == ["Ann", "AI"]
        with pytest.raises(KeyError):
            await tx.set_seat_ai(game, 3, "random")
    bad = [
        [ann, SeatRow(game, 1, 5, None, "Ann again", "orange", NOW)],  # one seat per user
        [ann, SeatRow(game, 1, 6, None, "Bob", "purple", NOW)],  # colours differ
        [ann, SeatRow(game, 1, 6, None, "Ann", "orange", NOW)],  # names differ
        [SeatRow(game, 0, None, None, "Nobody", "purple", NOW)],  # a user or an AI
        [SeatRow(game, 4, 6, None, "Bob", "purple", NOW)],  # positions 0-3
        [SeatRow(999, 0, 6, None, "Bob", "purple", NOW)],  # the game must exist (foreign key)
    ]
    for seats in bad:
        with pytest.raises(sqlite3.IntegrityError):
            async with storage.transaction() as tx:
                await tx.replace_seats(seats[0].game_id, seats)
    async with storage.reading() as tx:
        assert [s.name for s in await tx.seats(game)] == ["Ann", "AI"]


async def test_the_action_log_is_append_only_and_gap_free(storage: Storage) -> None:
    game = await new_game(storage)
    async with storage.transaction() as tx:
        assert await tx.next_seq(game) == 1
        await tx.append_log([log_row(game, 1, 1), log_row(game, 2, 2)])
        await tx.append_log([log_row(game, 3, 3, "undo", undo_from=2)])
        assert await tx.next_seq(game) == 4
    for statement in ("UPDATE action_log SET action = 'end turn'", "DELETE FROM action_log"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with storage.transaction() as tx:
                await tx.execute(statement)
    for rows in ([log_row(game, 5, 5)], [log_row(game, 3, 5)], [log_row(game, 4, 4, "undo")],
                 [log_row(999, 1, 1)]):
        with pytest.raises(sqlite3.IntegrityError):
            async with storage.transaction() as tx:
                await tx.append_log(rows)
    async with storage.reading() as tx:
        rows = await tx.log(game)
    assert [(r.seq, r.kind, r.undo_from) for r in rows] == [(1, "action", None), (2, "action", None), (3, "undo", 2)]
    assert rows[0].events[0]["text"] == "Ann passes."


# ----- the other tables ------------------------------------------------------------------------------------


async def test_posted_messages_keep_the_latest_per_purpose(storage: Storage) -> None:
    game = await new_game(storage)
    async with storage.transaction() as tx:
        await tx.put_message(PostedMessage(game, "board", 10, 1000, 1, NOW))
        await tx.put_message(PostedMessage(game, "board", 10, 1001, 2, NOW + 1))
        await tx.put_message(PostedMessage(game, "panel", 10, 1002, 2, NOW + 1))
        await tx.delete_message(game, "panel")
        await tx.delete_message(game, "nothing")
        assert await tx.messages(game) == [PostedMessage(game, "board", 10, 1001, 2, NOW + 1)]


async def test_user_prefs_default_and_round_trip(storage: Storage) -> None:
    async with storage.transaction() as tx:
        assert await tx.prefs(7) == UserPrefs(7, "mention", True, None)
        await tx.put_prefs(UserPrefs(7, "dm", True, NOW + 5), NOW)
        assert await tx.prefs(7) == UserPrefs(7, "dm", True, NOW + 5)
        await tx.put_prefs(UserPrefs(7, "none", False, None), NOW)
        assert await tx.prefs(7) == UserPrefs(7, "none", False, None)
    with pytest.raises(sqlite3.IntegrityError):
        async with storage.transaction() as tx:
            await tx.put_prefs(UserPrefs(7, "carrier pigeon", True, None), NOW)


async def test_channel_settings_default_and_round_trip(storage: Storage) -> None:
    async with storage.transaction() as tx:
        assert await tx.channel_settings(10) == ChannelSettings(10, storage_module.DEFAULT_REMINDER_SECONDS, None, None)
        await tx.put_channel_settings(ChannelSettings(10, 3600, 5, NOW), guild_id=1)
        await tx.put_channel_settings(ChannelSettings(10, 0, 6, NOW + 1), guild_id=1)
        assert await tx.channel_settings(10) == ChannelSettings(10, 0, 6, NOW + 1)
        assert await tx.channel_settings(11) == ChannelSettings(11)
    with pytest.raises(sqlite3.IntegrityError):
        async with storage.transaction() as tx:
            await tx.put_channel_settings(ChannelSettings(10, -5, 6, NOW), guild_id=1)
    async with storage.reading() as tx:
        assert (await tx.channel_settings(10)).reminder_seconds == 0


async def test_timers_survive_a_restart_and_can_be_snoozed(db_path: Path, storage: Storage) -> None:
    game = await new_game(storage)
    other = await new_game(storage, channel=11)
    async with storage.transaction() as tx:
        await tx.put_timer(Timer(game, "reminder", 5, NOW + 100, 1))
        await tx.put_timer(Timer(game, "reminder", 5, NOW + 50, 2))  # moved, not added
        await tx.put_timer(Timer(other, "reminder", 6, NOW + 10, 0))
    await storage.close()
    async with Storage(db_path) as reopened, reopened.transaction() as tx:
        assert await tx.timers() == [Timer(other, "reminder", 6, NOW + 10, 0), Timer(game, "reminder", 5, NOW + 50, 2)]
        assert await tx.timers(due_before=NOW + 20) == [Timer(other, "reminder", 6, NOW + 10, 0)]
        await tx.snooze_timers(5, NOW + 500)
        assert (await tx.timers(game_id=game))[0].due_at == NOW + 500
        await tx.delete_timers(other)
        await tx.delete_timers(game, "other kind")
        assert [t.game_id for t in await tx.timers()] == [game]


async def test_results_stats_and_leaderboard(storage: Storage) -> None:
    rows: list[ResultRow] = []
    for n, (first, second) in enumerate([(40, 30), (20, 35), (50, 10)]):
        game = await new_game(storage, channel=20 + n)
        rows += [ResultRow(game, 0, 1, 5, None, "Ann", first, 1 if first > second else 2, 0, {"rooms": first}, NOW),
                 ResultRow(game, 1, 1, 6, None, "Bob", second, 1 if second > first else 2, 0, {"rooms": second}, NOW),
                 ResultRow(game, 2, 1, None, "random", "AI", 0, 3, 0, {}, NOW)]
    elsewhere = await new_game(storage, channel=30, guild=2)
    rows.append(ResultRow(elsewhere, 0, 2, 5, None, "Ann", 99, 1, 0, {}, NOW))
    async with storage.transaction() as tx:
        await tx.insert_results(rows)
    async with storage.transaction() as tx:
        with pytest.raises(sqlite3.IntegrityError):
            await tx.insert_results(rows[:1])
    async with storage.reading() as tx:
        assert [r.score for r in await tx.results(1)] == [40, 30, 0]
        ann = await tx.user_stats(5)
        assert (ann.games, ann.wins, ann.best_score) == (4, 3, 99)
        assert ann.average_score == pytest.approx((40 + 20 + 50 + 99) / 4)
        here = await tx.user_stats(5, guild_id=1)
        assert (here.games, here.wins, here.best_score) == (3, 2, 50)
        nobody = await tx.user_stats(8)
        assert (nobody.games, nobody.wins, nobody.best_score) == (0, 0, None)
        board = await tx.leaderboard(1)
        assert [(s.user_id, s.wins) for s in board] == [(5, 2), (6, 1)]
        assert await tx.leaderboard(1, min_games=4) == []


async def test_json_columns_round_trip(storage: Storage) -> None:
    game = await new_game(storage)
    async with storage.transaction() as tx:
        await tx.update_game(game, 0, 1, NOW, status="active", state=json.dumps({"x": 1}), config={"seed": 9})
        row = await tx.game(game)
        assert row is not None and row.config == {"seed": 9} and json.loads(row.state or "") == {"x": 1}
        assert (await tx.open_game_in_channel(10)) == row
        assert await tx.open_game_in_channel(99) is None


# ----- several processes, both backends --------------------------------------------------------------------


async def test_four_storages_opening_a_new_database_at_once_apply_each_migration_once(db_path: Path) -> None:
    opened = [Storage(db_path) for _ in range(4)]
    try:
        await asyncio.gather(*(storage.open() for storage in opened))
        versions = await asyncio.gather(*(storage.schema_version() for storage in opened))
    finally:
        await asyncio.gather(*(storage.close() for storage in opened))
    assert versions == [latest_version()] * 4
    async with Storage(db_path) as reopened:
        assert await reopened.integrity_check() == "ok"
        async with reopened.reading() as tx:
            assert await tx.games() == []


async def test_an_unreachable_postgresql_server_is_an_operational_error() -> None:
    nowhere = Storage("postgresql://postgres@127.0.0.1:1/test")  # nothing listens on port 1
    with pytest.raises(sqlite3.OperationalError):  # the PostgreSQL backend's errors are sqlite3's kinds
        await nowhere.open()
    assert not nowhere.is_open


async def test_suggestions_are_counted_per_seat_and_mark_the_stats(storage: Storage) -> None:
    """Issue 42 item 9: each ask of the Suggest button is counted per game and seat (`suggestions`, migration 9),
    and a user's stats count the finished games in which their seat asked."""
    helped, alone = await new_game(storage, channel=40), await new_game(storage, channel=41)
    async with storage.transaction() as tx:
        await tx.note_suggestion(helped, 0)
        await tx.note_suggestion(helped, 0)
        await tx.note_suggestion(helped, 1)
        await tx.insert_results([ResultRow(game, seat, 1, user, None, name, 30, seat + 1, 0, {}, NOW)
                                 for game in (helped, alone) for seat, user, name in ((0, 5, "Ann"), (1, 6, "Bob"))])
    async with storage.transaction() as tx:
        await tx.note_suggestion(alone, 1)  # bob asked in the second game too, in a transaction of its own
    async with storage.reading() as tx:
        assert await tx.suggestions(helped) == {0: 2, 1: 1}
        assert await tx.suggestions(alone) == {1: 1}
        ann, bob = await tx.user_stats(5), await tx.user_stats(6)
        assert (ann.games, ann.with_suggestions) == (2, 1)
        assert (bob.games, bob.with_suggestions) == (2, 2)
        assert (await tx.user_stats(8)).with_suggestions == 0
