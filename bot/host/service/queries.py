"""Start-up and panel queries that select in SQL what the bot needs, so that nothing else is read or parsed.

They use only `Tx.fetchall` with `?` placeholders and plain SQL that SQLite and PostgreSQL both take, so they work
on every storage backend. The indexes they lean on are made by migration 0006 (`games_active`,
`games_recently_finished`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.host.shards import EVERY_SHARD, ShardScope
from bot.host.storage import LogRow, Tx
from bot.host.storage.rows import log_from_row


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


async def games_behind(tx: Tx, finished_since: float, scope: ShardScope = EVERY_SHARD) -> list[Behind]:
    """Active games whose last turn post is older than the game, and games finished since `finished_since`
    (seconds since the epoch) without a final post, oldest first; only games in guilds on `scope`'s shards. Reads
    no game state."""
    on_shards, shard_params = scope.sql("g.guild_id")
    rows = await tx.fetchall(
        "SELECT g.id, g.status, g.version, t.version AS posted FROM games g "
        "LEFT JOIN posted_messages t ON t.game_id = g.id AND t.purpose = 'turn' "
        f"WHERE g.status = 'active' AND (t.version IS NULL OR t.version < g.version) AND {on_shards} "
        "UNION ALL "
        "SELECT g.id, g.status, g.version, t.version AS posted FROM games g "
        "LEFT JOIN posted_messages t ON t.game_id = g.id AND t.purpose = 'turn' "
        "WHERE g.status = 'finished' AND g.finished_at >= ? "
        "AND NOT EXISTS (SELECT 1 FROM posted_messages f WHERE f.game_id = g.id AND f.purpose = 'final') "
        f"AND {on_shards}",
        (*shard_params, finished_since, *shard_params),
    )  # no ORDER BY: it would make SQLite scan every game instead of the two indexes
    return sorted(Behind(row[0], row[1], row[2], row[3]) for row in rows)


async def active_games_with_ai(tx: Tx, scope: ShardScope = EVERY_SHARD) -> list[int]:
    """The ids of active games where an AI plays a seat (the only ones an AI may owe a move), in guilds on `scope`'s
    shards, oldest first."""
    on_shards, shard_params = scope.sql("g.guild_id")
    rows = await tx.fetchall(
        f"SELECT g.id FROM games g WHERE g.status = 'active' AND {on_shards} "
        "AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.ai_level IS NOT NULL) ORDER BY g.id",
        shard_params)
    return [row[0] for row in rows]


async def ai_only_games(tx: Tx, guild_id: int, *, besides: int) -> int:
    """How many running games of the guild are played only by AIs (every seat has an AI level), not counting the
    game `besides` (the one about to become such a game)."""
    rows = await tx.fetchall(
        "SELECT COUNT(*) FROM games g WHERE g.status = 'active' AND g.guild_id = ? AND g.id <> ? "
        "AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.ai_level IS NULL)",
        (guild_id, besides))
    return int(rows[0][0])


async def game_version(tx: Tx, game_id: int) -> int | None:
    """The game's version now (None if there is no such game); reads nothing else."""
    rows = await tx.fetchall("SELECT version FROM games WHERE id = ?", (game_id,))
    return int(rows[0][0]) if rows else None


async def log_tail(tx: Tx, game_id: int, count: int) -> list[LogRow]:
    """The game's newest `count` log rows, oldest first (the tail an undo looks at; the primary key finds them)."""
    rows = await tx.fetchall(
        "SELECT * FROM action_log WHERE game_id = ? AND seq > "
        "(SELECT COALESCE(MAX(seq), 0) FROM action_log WHERE game_id = ?) - ? ORDER BY seq",
        (game_id, game_id, count))
    return [log_from_row(row) for row in rows]
