"""The order of the game's last lines in words (issue 52 item 9): the final scores by rank, not by seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar


class Ranked(Protocol):
    """What `by_rank` needs of a line (`bot.games.gah.words._Line`)."""

    kind: str
    rank: int


RankedT = TypeVar("RankedT", bound=Ranked)


def by_rank(lines: Sequence[RankedT]) -> list[RankedT]:
    """`lines` with the final scores (kind "final_score", issue 52 item 9) in the order of their rank, each run of
    them where it stood (the engine tells them in seat order); every other line where it was."""
    ranked = iter(sorted((line for line in lines if line.kind == "final_score"), key=lambda line: line.rank))
    return [next(ranked) if line.kind == "final_score" else line for line in lines]
