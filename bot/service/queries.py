"""Start-up and panel queries that select in SQL what the bot needs, so that nothing else is read or parsed.

They use only `Tx.fetchall` with `?` placeholders and plain SQL that SQLite and PostgreSQL both take, so they work
on every storage backend. The indexes they lean on are made by migration 0006 (`games_active`,
`games_recently_finished`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage import LogRow, Tx
from bot.storage.rows import log_from_row


@dataclass(frozen=True, order=True)
class Behind:
    """A game whose channel has not heard of its latest version: an active game whose turn post is older than the
    game (or missing), or a recently finished game without its final post.

    Attributes:
        game_id: the game.
        status: "active" or "finished".
        version: the game's version now.
        posted: the version of its last turn post, or None if it has none.
    """

    game_id: int
    status: str
    version: int
    posted: int | None


async def games_behind(tx: Tx, finished_since: float) -> list[Behind]:
    """Active games whose last turn post is older than the game, and games finished since `finished_since`
    (seconds since the epoch) without a final post, oldest first. Reads no game state."""
    rows = await tx.fetchall(
        "SELECT g.id, g.status, g.version, t.version AS posted FROM games g "
        "LEFT JOIN posted_messages t ON t.game_id = g.id AND t.purpose = 'turn' "
        "WHERE g.status = 'active' AND (t.version IS NULL OR t.version < g.version) "
        "UNION ALL "
        "SELECT g.id, g.status, g.version, t.version AS posted FROM games g "
        "LEFT JOIN posted_messages t ON t.game_id = g.id AND t.purpose = 'turn' "
        "WHERE g.status = 'finished' AND g.finished_at >= ? "
        "AND NOT EXISTS (SELECT 1 FROM posted_messages f WHERE f.game_id = g.id AND f.purpose = 'final')",
        (finished_since,),
    )  # no ORDER BY: it would make SQLite scan every game instead of the two indexes
    return sorted(Behind(row[0], row[1], row[2], row[3]) for row in rows)


async def active_games_with_ai(tx: Tx) -> list[int]:
    """The ids of active games where an AI plays a seat (the only ones an AI may owe a move), oldest first."""
    rows = await tx.fetchall(
        "SELECT g.id FROM games g WHERE g.status = 'active' "
        "AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.ai_level IS NOT NULL) ORDER BY g.id")
    return [row[0] for row in rows]


async def log_tail(tx: Tx, game_id: int, count: int) -> list[LogRow]:
    """The game's newest `count` log rows, oldest first (the tail an undo looks at; the primary key finds them)."""
    rows = await tx.fetchall(
        "SELECT * FROM action_log WHERE game_id = ? AND seq > "
        "(SELECT COALESCE(MAX(seq), 0) FROM action_log WHERE game_id = ?) - ? ORDER BY seq",
        (game_id, game_id, count))
    return [log_from_row(row) for row in rows]
