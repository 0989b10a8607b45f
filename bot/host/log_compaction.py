"""Rewrites the events of log rows stored before the compact format (`bot.host.log_codec`) into it, in the background.

Migration 0007 lists the games to do in `log_compaction`. `compact_pending` takes them one game per transaction:
it re-encodes the rows whose events are still plain JSON (the same events: decoding gives back the same dicts),
then takes the game off the list. The action log is append-only (a trigger refuses every UPDATE); for this one
rewrite of its encoding the trigger is dropped and made again inside the same transaction, so no other write ever
sees the log without it. Only SQLite databases are rewritten: a PostgreSQL database copied from an old SQLite file
(`bot.host.migrate_db`) keeps its plain-JSON rows, which are read as they are.
"""

from __future__ import annotations

import asyncio
import logging

from bot.host.log_codec import decode_events, encode_events, is_compact
from bot.host.storage import Storage

log = logging.getLogger(__name__)

NO_UPDATE_TRIGGER = """CREATE TRIGGER action_log_no_update BEFORE UPDATE ON action_log
BEGIN
    SELECT RAISE(ABORT, 'action_log is append-only');
END"""
"""The append-only trigger of migration 0001, as it is made again after a game's rewrite."""


async def compact_pending(storage: Storage, *, limit: int | None = None) -> tuple[int, int, int]:
    """Rewrite the listed games' plain-JSON events compactly (at most `limit` games); returns (games, rows, bytes
    saved). Safe to stop at any moment: each game is one transaction, and a game stays listed until it is done.

    Raises:
        sqlite3.Error: the database refused a write (the game stays listed for the next start).
    """
    games = rows = saved = 0
    if storage.backend != "sqlite":
        return games, rows, saved
    while limit is None or games < limit:
        async with storage.reading() as tx:
            found = await tx.fetchall("SELECT game_id FROM log_compaction ORDER BY game_id LIMIT 1")
        if not found:
            break
        game_id = int(found[0][0])
        async with storage.reading() as tx:
            old = [(row[0], row[1]) for row in await tx.fetchall(
                "SELECT seq, events FROM action_log WHERE game_id = ? ORDER BY seq", (game_id,))]
        changes = await asyncio.to_thread(_recode, old)
        async with storage.transaction() as tx:
            if changes:
                await tx.execute("DROP TRIGGER IF EXISTS action_log_no_update")
                for seq, events in changes:
                    await tx.execute("UPDATE action_log SET events = ? WHERE game_id = ? AND seq = ?",
                                     (events, game_id, seq))
                await tx.execute(NO_UPDATE_TRIGGER)
            await tx.execute("DELETE FROM log_compaction WHERE game_id = ?", (game_id,))
        games += 1
        rows += len(changes)
        before = dict(old)
        saved += sum(len(before[seq]) - len(text) for seq, text in changes)
    if games:
        log.info("compacted the log of %d game(s): %d row(s), %d bytes saved", games, rows, saved)
    return games, rows, saved


def _recode(rows: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """(seq, new text) of the rows whose events are not compact yet (checked to decode to the same events)."""
    changes = []
    for seq, text in rows:
        if is_compact(text):
            continue
        events = decode_events(text)
        packed = encode_events(events)
        if decode_events(packed) != events:
            raise ValueError(f"log row {seq}: compact events do not decode to the same events")
        changes.append((seq, packed))
    return changes
