"""Module 4 (Start Player): its pieces in the game state, `WaltzState.start_player`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class StartPlayerState:
    """The skeleton key and the clockwise turn order.

    Attributes:
        key: the seat that took the skeleton key this round, or None while it lies on the board.
        round_start: the seat holding turn number 1 this round.
        passed_round: per seat, whether the player passed this round (no skeleton key afterwards).
    """

    key: int | None = None
    round_start: int = 0
    passed_round: list[bool] = field(default_factory=list)

    @classmethod
    def for_players(cls, count: int) -> StartPlayerState:
        """An empty state for `count` seats."""
        return cls(passed_round=[False] * count)

    def copy(self) -> StartPlayerState:
        """A copy sharing no list with this one."""
        return StartPlayerState(self.key, self.round_start, self.passed_round[:])
