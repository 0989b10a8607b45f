"""A clock the stand-in measures Discord's deadlines with, which tests can move forward."""

from __future__ import annotations

import datetime as dt
import time

__all__ = ["Clock", "iso_timestamp"]


class Clock:
    """Monotonic and wall time, both shifted by an offset that tests can advance.

    Discord's deadlines (3 s for the first interaction response, 15 minutes of token life) are measured with
    :meth:`monotonic`. ``advance(900)`` makes every token older by 15 minutes without sleeping.
    """

    def __init__(self) -> None:
        self._offset = 0.0

    def monotonic(self) -> float:
        """Seconds on a monotonic clock, including the offset."""
        return time.monotonic() + self._offset

    def wall(self) -> float:
        """Seconds since the Unix epoch, including the offset."""
        return time.time() + self._offset

    def advance(self, seconds: float) -> None:
        """Move both clocks forward by ``seconds`` (must not be negative)."""
        if seconds < 0:
            raise ValueError("the clock only moves forward")
        self._offset += seconds

    def now_iso(self) -> str:
        """The current wall time as an ISO 8601 timestamp, the way Discord writes them."""
        return iso_timestamp(self.wall())


def iso_timestamp(epoch_seconds: float) -> str:
    """Format Unix seconds as Discord does: ``2024-01-31T12:00:00.123000+00:00``."""
    return dt.datetime.fromtimestamp(epoch_seconds, dt.UTC).isoformat(timespec="microseconds")
