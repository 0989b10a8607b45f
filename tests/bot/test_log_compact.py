"""Issue 16 item 5: the action log's events are stored compressed (`bot.host.log_codec`), nothing lost; a database
written before is migrated (migration 0007 lists its games, `bot.host.log_compaction` rewrites them) and keeps its log,
its replay and its append-only rule."""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
from pathlib import Path

import pytest

from bot.host.log_codec import decode_events, encode_events, is_compact
from bot.host.log_compaction import NO_UPDATE_TRIGGER, compact_pending
from bot.host.service import GameService
from bot.host.storage import Storage
from tests.bot.helpers import FakeClock, play_random, started


async def played(path: Path, games: int = 2) -> list[int]:
    """Finished games (2 users and a random AI each) in the database at `path`."""
    async with Storage(path) as storage:
        service = GameService(storage, clock=FakeClock(), seed_source=lambda: 7)
        ids = []
        for n in range(games):
            game = (await started(service, humans=2, ais=1, seed=60 + n, channel=700 + n)).game
            await play_random(service, game, random.Random(n))
            ids.append(game.id)
        return ids


def raw_events(path: Path) -> list[tuple[int, int, str]]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        return connection.execute("SELECT game_id, seq, events FROM action_log ORDER BY game_id, seq").fetchall()


@pytest.mark.sqlite_only
async def test_compact_events_decode_to_the_same_events_and_are_far_smaller(db_path: Path) -> None:
    await played(db_path, games=1)
    rows = raw_events(db_path)
    assert rows and all(is_compact(text) for _, _, text in rows)
    plain = [json.dumps(decode_events(text), sort_keys=True, separators=(",", ":")) for _, _, text in rows]
    for text, again in zip(plain, (encode_events(json.loads(p)) for p in plain), strict=True):
        assert decode_events(again) == json.loads(text)
    assert sum(len(text) for _, _, text in rows) * 3 < sum(len(p) for p in plain)
    assert decode_events("[]") == [] and encode_events([]) == "[]"
    with pytest.raises(ValueError):
        decode_events("~1 not base85 at all")


@pytest.mark.sqlite_only
async def test_a_database_with_plain_json_events_is_migrated_and_compacted(db_path: Path) -> None:
    ids = await played(db_path)
    async with Storage(db_path) as storage:
        service = GameService(storage)
        before = {game: [(m.seq, m.action, m.events) for m in await service.history(game)] for game in ids}
    # make it a database of the bot before: plain-JSON events, schema version 6
    with contextlib.closing(sqlite3.connect(db_path)) as connection:
        connection.execute("DROP TRIGGER action_log_no_update")
        for game, seq, text in raw_events(db_path):
            connection.execute("UPDATE action_log SET events = ? WHERE game_id = ? AND seq = ?",
                               (json.dumps(decode_events(text), sort_keys=True, separators=(",", ":")), game, seq))
        connection.execute(NO_UPDATE_TRIGGER)
        connection.execute("DROP TABLE log_compaction")
        connection.execute("ALTER TABLE user_prefs DROP COLUMN language")  # added by migration 0014
        connection.execute("PRAGMA user_version = 6")
        connection.commit()
    old_size = sum(len(text) for _, _, text in raw_events(db_path))
    async with Storage(db_path) as storage:  # migration 0007 lists the games
        service = GameService(storage)
        async with storage.reading() as tx:
            assert [row[0] for row in await tx.fetchall("SELECT game_id FROM log_compaction")] == ids
        assert {g: [(m.seq, m.action, m.events) for m in await service.history(g)] for g in ids} == before
        with_events = {g: sum(1 for _, _, events in moves if events) for g, moves in before.items()}
        games, rows, saved = await compact_pending(storage, limit=1)
        assert (games, rows) == (1, with_events[ids[0]]) and saved > 0
        games, rows, saved = await compact_pending(storage)
        assert (games, rows) == (1, with_events[ids[1]]) and saved > 0
        assert await compact_pending(storage) == (0, 0, 0)
        assert {g: [(m.seq, m.action, m.events) for m in await service.history(g)] for g in ids} == before
        for game in ids:
            assert (await service.check_replay(game)).ok
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with storage.transaction() as tx:
                await tx.execute("UPDATE action_log SET action = 'pass'")
    rows_after = raw_events(db_path)
    assert all(is_compact(text) for _, _, text in rows_after)
    assert sum(len(text) for _, _, text in rows_after) * 3 < old_size
