"""Which guilds are this process's own: the shard filter for everything the bot does on its own initiative.

Discord puts a guild on shard `(guild_id >> 22) % shard_count` (https://discord.com/developers/docs/topics/gateway
#sharding); direct messages arrive on shard 0. A bot process that runs some of the shards sends turn reminders,
catches up after a restart and resumes AI moves only in games of guilds on its own shards, so that several processes
over one database never do the same work twice; clicks (interactions) are answered by whichever process gets them.

Start-up catch-up, AI resumption and reminder claims all ask `ShardScope.owns` (or filter in SQL with
`ShardScope.sql`), nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import discord


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that Discord sends a guild's events on: `(guild_id >> 22) % shard_count`; 0 for no guild (a direct
    message, stored with guild id 0 or None).

    Raises:
        ValueError: `shard_count` is below 1.
    """
    if shard_count < 1:
        raise ValueError(f"a shard count must be at least 1, not {shard_count}")
    if not guild_id:
        return 0
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ShardScope:
    """The shards one bot process runs, out of `shard_count`.

    Attributes:
        shard_count: how many shards the bot has in all (every process uses the same count).
        shard_ids: the shards this process runs (each in `range(shard_count)`).
    """

    shard_count: int = 1
    shard_ids: frozenset[int] = frozenset({0})

    def __post_init__(self) -> None:
        if self.shard_count < 1:
            raise ValueError(f"a shard count must be at least 1, not {self.shard_count}")
        if not self.shard_ids or any(not 0 <= shard < self.shard_count for shard in self.shard_ids):
            raise ValueError(f"shard ids {sorted(self.shard_ids)} must be some of 0..{self.shard_count - 1}")

    @classmethod
    def of(cls, shard_count: int, shard_ids: Iterable[int] | None = None) -> ShardScope:
        """The scope of `shard_ids` (None: all shards) out of `shard_count`.

        Raises:
            ValueError: the count is below 1, or an id is outside `0..shard_count - 1`, or no id is given.
        """
        ids = frozenset(range(shard_count) if shard_ids is None else shard_ids)
        return cls(shard_count, ids)

    @classmethod
    def of_client(cls, client: discord.Client) -> ShardScope:
        """The shards a connected client runs: an `AutoShardedClient`'s count and ids, or shard 0 of 1 for a client
        that is not sharded."""
        count = client.shard_count or 1
        ids = getattr(client, "shard_ids", None)
        return cls.of(count, ids)

    @property
    def everything(self) -> bool:
        """Whether this process runs every shard (no filter is needed)."""
        return len(self.shard_ids) == self.shard_count

    def owns(self, guild_id: int | None) -> bool:
        """Whether a game in `guild_id` (0 or None: a direct message, shard 0) is this process's to act on."""
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    def sql(self, column: str) -> tuple[str, tuple[int, ...]]:
        """An SQL condition (SQLite and PostgreSQL, `?` placeholders) that holds for rows whose guild id `column`
        is on this process's shards, and its parameters; `("1 = 1", ())` when the process runs every shard. A guild
        id 0 (a direct message) falls on shard 0 by the same formula."""
        if self.everything:
            return "1 = 1", ()
        marks = ", ".join("?" for _ in self.shard_ids)
        return f"(({column} >> 22) % ?) IN ({marks})", (self.shard_count, *sorted(self.shard_ids))

    def describe(self) -> str:
        """For logs: "shards 0, 1 of 4"."""
        return f"shards {', '.join(str(s) for s in sorted(self.shard_ids))} of {self.shard_count}"


EVERY_SHARD = ShardScope()
"""The scope of a process that runs the only shard (no filter)."""
