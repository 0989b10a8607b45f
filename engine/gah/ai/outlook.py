"""What the AI's estimates of behaviours look at (`Outlook`) and how one is registered (`estimate`).

Kept apart from `engine.gah.ai.values` so that the Let's Waltz estimates (`engine.gah.ai.waltz_values`) register the
same way without importing the base game's estimates (which import them: no import cycle).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import engine.gah.game  # noqa: F401  (registers every behaviour, the modules' too, that an estimate attaches to)
from engine.gah.ai.weights import W
from engine.gah.behaviours import BEHAVIOURS, CARD, ValueHandler
from engine.gah.cards import Guest
from engine.gah.state import GameState, PlayerState


@dataclass(slots=True)
class Outlook:
    """What an estimate may look at: the player, the main actions they have left, and (when the caller has them)
    the state and seat, and the guest whose check-in is being valued."""

    player: PlayerState
    actions: int
    state: GameState | None = None
    index: int = 0
    guest: Guest | None = None

    @property
    def later(self) -> float:
        """How much of the game is left to use a gain in (0-1, full from 4 main actions on)."""
        return min(1.0, self.actions / 4)

    @property
    def checkins(self) -> float:
        """Check-ins expected for the rest of the game."""
        return W.checkins_per_action * self.actions

    def need_state(self) -> GameState:
        """The state (estimates of staff abilities and scorings need it)."""
        assert self.state is not None, "this estimate needs the game state"
        return self.state


def estimate(name: str, space: str = CARD) -> Callable[[ValueHandler], ValueHandler]:
    """Register the AI's estimate for the behaviour `name` (in name space `space`).

    Raises:
        KeyError: no such behaviour is registered in the engine.
    """

    def register(function: ValueHandler) -> ValueHandler:
        BEHAVIOURS[space, name].value = function
        return function

    return register
