"""Game options: one frozen `GameConfig`, validated by `engine.new_game`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

EDITIONS = ("2021", "2015")
STAFF_STARTS = ("random", "draft", "introductory")
HOTEL_SIDES = ("standard", "individual")


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes how a game is set up and which rules apply.

    Attributes:
        players: player names in seating (clockwise) order, 2-4 distinct non-empty names.
        seed: seed of the game's random number generator (dice, shuffles, start player).
        edition: "2021" (retail rules as the Yucata text describes them; default) or "2015" (E. Gizia gives a
            whole extra turn, Operator capped at 12 VP, Kitchen Hand costs 3, Emperor tile C2 removes two rooms of
            one column, "lose VP" penalty alternatives are a free choice, the Conference Manager ignores
            penalties for free, the Custodian pays only for guests moved into rooms).
        staff_start: how players get their first staff cards: "random" (6 random cards each; default), "draft"
            (6 each, keep 1 and pass the rest left until everyone holds 6; everyone picks at the same time) or
            "introductory" (the start player gets set A, the next player B, and so on).
        hotel_sides: "standard" (everyone plays the identical night side; default) or "individual" (each player a
            different day side A-D, at random).
        exclude_kitchen_hand: remove the Kitchen Hand (staff 17) from the staff deck (Yucata variant).
        discard_unclaimed_guests: if nobody took a display guest during a round, the two rightmost (free) display
            guests are discarded at the end of the round, before an Emperor scoring (Yucata variant).
        extra_politics: add the three politics cards by herlius to piles A, B and C (Yucata variant; the piles
            and the 15/10/5 VP are this project's assumption, the Yucata text gives neither).
    """

    players: Sequence[str] = field(default_factory=tuple)
    seed: int = 0
    edition: str = "2021"
    staff_start: str = "random"
    hotel_sides: str = "standard"
    exclude_kitchen_hand: bool = False
    discard_unclaimed_guests: bool = False
    extra_politics: bool = False

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
        if self.hotel_sides not in HOTEL_SIDES:
            raise ValueError(f"hotel_sides must be one of {', '.join(HOTEL_SIDES)}; got {self.hotel_sides!r}.")
        for flag in ("exclude_kitchen_hand", "discard_unclaimed_guests", "extra_politics"):
            if not isinstance(getattr(self, flag), bool):
                raise ValueError(f"{flag} must be true or false, not {getattr(self, flag)!r}.")

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
