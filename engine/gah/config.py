"""Game options: one frozen `GameConfig`, validated by `engine.new_game`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.options import check_value, options_from_dict, options_to_dict, spec_named
from engine.gah.options_spec import OPTIONS, WALTZ_MODULES, GameOptions

EDITIONS = spec_named(OPTIONS, "edition").values
STAFF_STARTS = spec_named(OPTIONS, "staff_start").values
HOTEL_SIDES = spec_named(OPTIONS, "hotel_sides").values
SOLO_OPPONENTS = spec_named(OPTIONS, "solo").values
MODULES = tuple(module.name for module in WALTZ_MODULES)
"""Let's Waltz modules a game may use (`engine.gah.options_spec.WALTZ_MODULES`)."""
SOLO_MODULES = tuple(module.name for module in WALTZ_MODULES if module.solo)
"""Modules allowed in solo: module 4 is not compatible with it (player aid, "Module 4: Start Player")."""
SOLO_ENTRANCES = spec_named(OPTIONS, "solo_entrance").values
"""The solo opponent's own hotel entrances with module 3, I-IV (player aid, "Module 3: Unique Hotels")."""
SOLO_DIFFICULTIES = spec_named(OPTIONS, "solo_difficulty").values
PRONOUNS: dict[str, dict[str, str]] = {
    "Leopold": {"subject": "he", "object": "him", "possessive": "his"},
    "Elisabeth": {"subject": "she", "object": "her", "possessive": "her"},
}
"""The solo opponents' pronouns (the player aid calls Leopold "he" and Elisabeth "she")."""


@dataclass(frozen=True)
class GameConfig(GameOptions):
    """Everything that fixes how a game is set up and which rules apply.

    Attributes:
        players: player names in seating (clockwise) order, 2-4 distinct non-empty names.
        seed: seed of the game's random number generator (dice, shuffles, start player).

    Every other field is an option, declared once in `engine.gah.options_spec.GameOptions` (its type, default,
    values, checks, stored JSON, command-line flag, lobby menu and README row follow from there; keyword-only);
    `modules` is a set of names from `MODULES`, and `solo` names the opponent of the solo variant "Dinner for One"
    (Let's Waltz; `players` then names exactly the one human player, see `engine.gah.solo`): Elisabeth whenever
    "celebrities" is among `modules`, Leopold otherwise. The 2015 edition's free choice of the "lose VP"
    alternative is the base game's Emperor tiles', not that of the Let's Waltz tiles A6 and B6.
    """

    players: Sequence[str] = field(default_factory=tuple)
    seed: int = 0

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
        """Check every option: first the rules tying options together, then each option's value as
        `engine.gah.options_spec.OPTIONS` declares it, then the players.

        Raises:
            ValueError: with a sentence naming the bad option and the allowed values.
        """
        names = self.players
        self._validate_modules()
        self._validate_solo_entrance()
        for option in OPTIONS:
            check_value(option, getattr(self, option.name), WALTZ_MODULES)
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

    def _validate_modules(self) -> None:
        """The Let's Waltz modules (issue 17): known names only; in solo none that `WALTZ_MODULES` keeps out of
        it, and Elisabeth only with Celebrities."""
        check_value(spec_named(OPTIONS, "modules"), self.modules, WALTZ_MODULES)
        if self.solo is not None:
            for module in WALTZ_MODULES:
                if not module.solo and module.name in self.modules:
                    raise ValueError(f"The {module.title} module ({module.number}) cannot be played solo.")
            if self.solo == "elisabeth" and "celebrities" not in self.modules:
                raise ValueError("solo must be one of leopold (or none) without a module; Elisabeth is the "
                                 "opponent with the Celebrities module, so add \"celebrities\" to modules.")

    def _validate_solo(self) -> None:
        """The solo options (issue 9): one human, a known opponent and difficulty, the random staff start."""
        if len(self.players) != 1:
            raise ValueError(f"A solo game against {self.opponent_name} needs exactly one player; "
                             f"got {len(self.players)}.")
        if isinstance(self.players[0], str) and self.players[0].strip().lower() == self.opponent_name.lower():
            raise ValueError(f"{self.opponent_name} is the solo opponent's name; pick another player name.")
        if self.staff_start != "random":
            raise ValueError("A solo game starts with 10 staff cards of which the player keeps 6; "
                             "staff_start must be random.")

    def _validate_solo_entrance(self) -> None:
        """The opponent's solo entrance: only in solo with Unique Hotels (its value is checked with the others)."""
        if self.solo_entrance is None:
            return
        if self.solo is None or "unique_hotels" not in self.modules:
            raise ValueError("solo_entrance is the solo opponent's hotel entrance: it needs a solo game with the "
                             "Unique Hotels module (3).")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the players (a list) and the seed, then the options as `engine.gah.options_spec.OPTIONS`
        stores them (some left out at their default, so the JSON of games stored before them stays as it was)."""
        return {"players": list(self.players), "seed": self.seed, **options_to_dict(OPTIONS, self)}

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
        return cls(players=data.get("players", ()), seed=data.get("seed", 0), **options_from_dict(OPTIONS, data))
