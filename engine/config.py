"""Game options: one frozen `GameConfig`, validated by `engine.new_game`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

EDITIONS = ("2021", "2015")
STAFF_STARTS = ("random", "draft", "introductory")
HOTEL_SIDES = ("standard", "individual")
SOLO_OPPONENTS = ("leopold", "elisabeth")
MODULES = ("celebrities", "unique_hotels", "start_player", "more_objectives")
"""Let's Waltz modules a game may use (issue 17): 2 Celebrities, 3 Unique Hotels, 4 Start Player, and of module 5
("Would you like some more?") only its objective cards and Emperor tiles."""
SOLO_MODULES = ("celebrities", "unique_hotels", "more_objectives")
"""Modules allowed in solo: module 4 is not compatible with it (player aid, "Module 4: Start Player")."""
SOLO_ENTRANCES = ("hautel_couture", "nine_stars_inn", "sushi_resort", "toll_bridge_hotel")
"""The solo opponent's own hotel entrances with module 3, I-IV (player aid, "Module 3: Unique Hotels")."""
SOLO_DIFFICULTIES = ("easy", "medium", "hard")
PRONOUNS: dict[str, dict[str, str]] = {
    "Leopold": {"subject": "he", "object": "him", "possessive": "his"},
    "Elisabeth": {"subject": "she", "object": "her", "possessive": "her"},
}
"""The solo opponents' pronouns (the player aid calls Leopold "he" and Elisabeth "she")."""
SOLO_DEFAULTS: dict[str, object] = {"solo": None, "solo_difficulty": "medium", "modules": frozenset(),
                                    "solo_entrance": None}
"""Options left out of `to_dict` at these values, so the JSON of other games stays as it was."""


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes how a game is set up and which rules apply.

    Attributes:
        players: player names in seating (clockwise) order, 2-4 distinct non-empty names.
        seed: seed of the game's random number generator (dice, shuffles, start player).
        edition: "2021" (retail rules as the Yucata text describes them; default) or "2015" (E. Gizia gives a
            whole extra turn, Operator capped at 12 VP, Kitchen Hand costs 3, Emperor tile C2 removes two rooms of
            one column, the "lose VP" alternatives of Emperor tiles A1, A3, A4, B2, B3, B4 and C4 are a free choice
            (not those of the Let's Waltz tiles A6 and B6), the Conference Manager ignores
            penalties for free, the Custodian pays only for guests moved into rooms, a group's occupancy bonus is
            paid once per game, not again when a penalty emptied one of its rooms and it is filled again).
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
        solo: None (default), "leopold" or "elisabeth": the solo variant "Dinner for One" (Let's Waltz);
            `players` then names exactly the one human player (see `engine.solo`). The opponent is Elisabeth
            (her own instruction deck) whenever "celebrities" is among `modules`, Leopold otherwise; naming
            "elisabeth" without that module is an error.
        solo_difficulty: the opponent's level, "easy", "medium" (default) or "hard".
        modules: the Let's Waltz modules in play, a set of names from `MODULES` (default none): "celebrities"
            (module 2), "unique_hotels" (module 3; in solo the opponent gets a solo entrance, see `solo_entrance`),
            "start_player" (module 4, not in solo),
            "more_objectives" (module 5's objective cards and Emperor tiles only; its bell staff cards have no
            known costs).
        solo_entrance: solo with "unique_hotels" only: the opponent's own hotel entrance, one of `SOLO_ENTRANCES`
            ("hautel_couture", "nine_stars_inn", "sushi_resort", "toll_bridge_hotel"), or None (default) to draw
            one at random from the seed (player aid, "Module 3: Unique Hotels": "at random (or pick one)").
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
    modules: frozenset[str] = field(default_factory=frozenset)
    solo_entrance: str | None = None

    def __post_init__(self) -> None:
        # Accept any sequence of names (a list is the natural call) but store an immutable tuple; modules
        # likewise as a frozenset (any iterable of names; a lone string is kept whole so validate names it).
        object.__setattr__(self, "players", tuple(self.players))
        modules = self.modules
        object.__setattr__(self, "modules", frozenset([modules] if isinstance(modules, str) else modules))

    def has(self, module: str) -> bool:
        """Whether the Let's Waltz module `module` (one of `MODULES`) is in play."""
        return module in self.modules

    @property
    def opponent_name(self) -> str:
        """The solo opponent's name: "Elisabeth" with module 2, else "Leopold" (Let's Waltz solo rules)."""
        return "Elisabeth" if "celebrities" in self.modules else "Leopold"

    def opponent_pronoun(self, case: str = "subject") -> str:
        """The solo opponent's pronoun in `case` ("subject", "object" or "possessive"): she/her/her for
        Elisabeth, he/him/his for Leopold (the player aid speaks of each so).

        Raises:
            KeyError: an unknown case.
        """
        return PRONOUNS[self.opponent_name][case]

    def validate(self) -> None:
        """Check every option.

        Raises:
            ValueError: with a sentence naming the bad option and the allowed values.
        """
        names = self.players
        self._validate_modules()
        self._validate_solo_entrance()
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

    def _validate_modules(self) -> None:
        """The Let's Waltz modules (issue 17): known names only; in solo neither module 3 nor module 4."""
        unknown = sorted(str(name) for name in self.modules if name not in MODULES)
        if unknown:
            raise ValueError(f"Unknown Let's Waltz module(s): {', '.join(unknown)}. "
                             f"Choose from {', '.join(MODULES)}.")
        if self.solo is not None:
            if "start_player" in self.modules:
                raise ValueError("The Start Player module (4) cannot be played solo.")
            if self.solo == "elisabeth" and "celebrities" not in self.modules:
                raise ValueError("solo must be one of leopold (or none) without a module; Elisabeth is the "
                                 "opponent with the Celebrities module, so add \"celebrities\" to modules.")

    def _validate_solo(self) -> None:
        """The solo options (issue 9): one human, a known opponent and difficulty, the random staff start."""
        if self.solo not in SOLO_OPPONENTS:
            raise ValueError(f"solo must be one of {', '.join(SOLO_OPPONENTS)} (or none); got {self.solo!r}.")
        if len(self.players) != 1:
            raise ValueError(f"A solo game against {self.opponent_name} needs exactly one player; "
                             f"got {len(self.players)}.")
        if isinstance(self.players[0], str) and self.players[0].strip().lower() == self.opponent_name.lower():
            raise ValueError(f"{self.opponent_name} is the solo opponent's name; pick another player name.")
        if self.staff_start != "random":
            raise ValueError("A solo game starts with 10 staff cards of which the player keeps 6; "
                             "staff_start must be random.")

    def _validate_solo_entrance(self) -> None:
        """The opponent's solo entrance: only in solo with Unique Hotels, and one of the four."""
        if self.solo_entrance is None:
            return
        if self.solo is None or "unique_hotels" not in self.modules:
            raise ValueError("solo_entrance is the solo opponent's hotel entrance: it needs a solo game with the "
                             "Unique Hotels module (3).")
        if self.solo_entrance not in SOLO_ENTRANCES:
            raise ValueError(f"solo_entrance must be one of {', '.join(SOLO_ENTRANCES)} (or none for a random "
                             f"one); got {self.solo_entrance!r}.")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (players as a list)."""
        data = asdict(self)
        data["players"] = list(self.players)
        data["modules"] = sorted(self.modules)
        for key, default in SOLO_DEFAULTS.items():
            if data[key] == default or (key == "modules" and not data[key]):
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
        values = dict(data)
        if "modules" in values:
            values["modules"] = frozenset(values["modules"])
        return cls(**values)
