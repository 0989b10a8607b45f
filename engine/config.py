"""Game options: one frozen `GameConfig`, validated by `engine.new_game`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

EDITIONS = ("2021", "2015")
STAFF_STARTS = ("random", "draft", "introductory")
HOTEL_SIDES = ("standard", "individual")
SOLO_OPPONENTS = ("leopold",)
SOLO_DIFFICULTIES = ("easy", "medium", "hard")
SOLO_DEFAULTS = {"solo": None, "solo_difficulty": "medium"}
"""Solo options left out of `to_dict` at these values, so the JSON of other games stays as it was."""


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
        solo: None (default) or "leopold": the solo variant "Dinner for One" against Leopold (Let's Waltz, base
            game deck); `players` then names exactly the one human player (see `engine.solo`).
        solo_difficulty: Leopold's level, "easy", "medium" (default) or "hard".
    """

    players: Sequence[str] = field(default_factory=tuple)
    seed: int = 0
    edition: str = "2021"
    staff_start: str = "random"
    hotel_sides: str = "standard"
    exclude_kitchen_hand: bool = False
    discard_unclaimed_guests: bool = False
    extra_politics: bool = False
    solo: str | None = None
    solo_difficulty: str = "medium"

    def __post_init__(self) -> None:
        # Accept any sequence of names (a list is the natural call) but store an immutable tuple.
        object.__setattr__(self, "players", tuple(self.players))

    def validate(self) -> None:
        """Check every option.

        Raises:
            ValueError: with a sentence naming the bad option and the allowed values.
        """
        names = self.players
        if self.solo_difficulty not in SOLO_DIFFICULTIES:
            raise ValueError(f"solo_difficulty must be one of {', '.join(SOLO_DIFFICULTIES)}; "
                             f"got {self.solo_difficulty!r}.")
        if self.solo is not None:
            self._validate_solo()
        elif not 2 <= len(names) <= 4:
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

    def _validate_solo(self) -> None:
        """The solo options (issue 9): one human, a known opponent and difficulty, the random staff start."""
        if self.solo not in SOLO_OPPONENTS:
            raise ValueError(f"solo must be one of {', '.join(SOLO_OPPONENTS)} (or none); got {self.solo!r}.")
        if len(self.players) != 1:
            raise ValueError(f"A solo game against Leopold needs exactly one player; got {len(self.players)}.")
        if isinstance(self.players[0], str) and self.players[0].strip().lower() == "leopold":
            raise ValueError("Leopold is the solo opponent's name; pick another player name.")
        if self.staff_start != "random":
            raise ValueError("A solo game starts with 10 staff cards of which the player keeps 6; "
                             "staff_start must be random.")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (players as a list)."""
        data = asdict(self)
        data["players"] = list(self.players)
        for key, default in SOLO_DEFAULTS.items():
            if data[key] == default:
                del data[key]
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
