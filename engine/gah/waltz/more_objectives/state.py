"""Module 5 (objectives and Emperor tiles): its pieces in the game state, `WaltzState.more_objectives`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ObjectivePiles:
    """Completed guests kept for objective 2018 (`engine.gah.waltz.more_objectives.piles`).

    Attributes:
        pile: per seat, completed guests who ordered 3+ items, kept face down while objective 2018 may still count.
    """

    pile: list[list[int]] = field(default_factory=list)

    @classmethod
    def for_players(cls, count: int) -> ObjectivePiles:
        """An empty state for `count` seats."""
        return cls(pile=[[] for _ in range(count)])

    def copy(self) -> ObjectivePiles:
        """A copy sharing no list with this one."""
        return ObjectivePiles([pile[:] for pile in self.pile])
