"""Module 2 (Celebrities): its pieces in the game state, `WaltzState.celebrities`."""

from __future__ import annotations

from dataclasses import dataclass, field

OFF_BOARD, IN_DUSTBIN, TO_ROLL = 0, -1, 7
"""Values of `CelebrityState.colored[c]` besides an action space 1-6: taken onto a turn order tile, in the dustbin,
or gathered to be rolled."""


@dataclass
class CelebrityState:
    """The lounge, the celebrity stack and the coloured dice.

    Attributes:
        lounge: the celebrity id in each lounge slot (slot i belongs to die colour
            `engine.gah.waltz.cards.LOUNGE_COLORS[i]`), None while its celebrity is taken.
        chits: the VP each lounge slot's celebrity scores now (1 printed, or a 2 / 4 VP chit).
        celebrity_deck: face-down celebrities, the top one last.
        celebrity_discard: discarded celebrities.
        colored: where each coloured die is (same order as the lounge slots): action space 1-6, or OFF_BOARD (on a
            player's turn order tile), IN_DUSTBIN, TO_ROLL.
    """

    lounge: list[int | None] = field(default_factory=list)
    chits: list[int] = field(default_factory=list)
    celebrity_deck: list[int] = field(default_factory=list)
    celebrity_discard: list[int] = field(default_factory=list)
    colored: list[int] = field(default_factory=list)

    @classmethod
    def for_players(cls, count: int) -> CelebrityState:
        """An empty lounge (laid out by `engine.gah.waltz.celebrities.lounge.setup`)."""
        return cls()

    def copy(self) -> CelebrityState:
        """A copy sharing no list with this one."""
        return CelebrityState(self.lounge[:], self.chits[:], self.celebrity_deck[:], self.celebrity_discard[:],
                              self.colored[:])
