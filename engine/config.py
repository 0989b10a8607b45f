"""Game options: one frozen `GameConfig`, validated by `engine.new_game`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

EDITIONS = ("2021", "2015")
STAFF_STARTS = ("random",)


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes how a game is set up and which rules apply.

    Attributes:
        players: player names in seating (clockwise) order, 2-4 distinct non-empty names.
        seed: seed of the game's random number generator (dice, shuffles, start player).
        edition: "2021" (retail rules as the Yucata text describes them; default) or "2015".
        staff_start: how players get their first staff cards: "random" (6 random cards each).
    """

    players: Sequence[str] = field(default_factory=tuple)
    seed: int = 0
    edition: str = "2021"
    staff_start: str = "random"

    def __post_init__(self) -> None:
        # Accept any sequence of names (a list is the natural call) but store an immutable tuple.
        object.__setattr__(self, "players", tuple(self.players))

    def validate(self) -> None:
        """Check every option.

        Raises:
            ValueError: with a sentence naming the bad option and the allowed values.
        """
        names = self.players
        if not 2 <= len(names) <= 4:
            raise ValueError(f"Grand Austria Hotel needs 2 to 4 players; got {len(names)}.")
        if any(not isinstance(name, str) or not name.strip() for name in names):
            raise ValueError("Every player needs a non-empty name.")
        if len(set(names)) != len(names):
            raise ValueError("Player names must be different from each other.")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError(f"seed must be a whole number, not {self.seed!r}.")
        if self.edition not in EDITIONS:
            raise ValueError(f"edition must be one of {', '.join(EDITIONS)}; got {self.edition!r}.")
        if self.staff_start not in STAFF_STARTS:
            raise ValueError(f"staff_start must be one of {', '.join(STAFF_STARTS)}; got {self.staff_start!r}.")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (players as a list)."""
        data = asdict(self)
        data["players"] = list(self.players)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameConfig:
        """Inverse of `to_dict`.

        Raises:
            ValueError: the dict names an option that does not exist.
        """
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"Unknown game option(s): {', '.join(unknown)}.")
        return cls(**data)
