"""Discord snowflake ids: strictly increasing, with the creation time in the top bits."""

from __future__ import annotations

from .clock import Clock

__all__ = ["DISCORD_EPOCH_MS", "SnowflakeFactory", "snowflake_time"]

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeFactory:
    """Makes snowflakes from a :class:`Clock`; every id is larger than the one before."""

    def __init__(self, clock: Clock, *, worker: int = 1, process: int = 0) -> None:
        self._clock = clock
        self._worker = worker & 0x1F
        self._process = process & 0x1F
        self._increment = 0
        self._last = 0

    def next(self) -> int:
        """A new unique snowflake."""
        ms = int(self._clock.wall() * 1000) - DISCORD_EPOCH_MS
        self._increment = (self._increment + 1) & 0xFFF
        value = (ms << 22) | (self._worker << 17) | (self._process << 12) | self._increment
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A new snowflake whose guild would be on ``shard_id`` of ``shard_count`` (``(id >> 22) % shard_count``):
        the next id, moved on by up to ``shard_count - 1`` milliseconds; later ids stay larger."""
        value = self.next()
        step = (shard_id - (value >> 22)) % shard_count
        value += step << 22
        self._last = value
        return value


def snowflake_time(snowflake: int) -> float:
    """Unix seconds at which a snowflake was made."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000
