"""The random policy: uniform over the legal actions, seeded by the policy seed and the state's step count."""

from __future__ import annotations

from engine.core import rng
from engine.core.actions import Action
from engine.gah.game import legal_actions, player_view
from engine.gah.state import GameState


class RandomPolicy:
    """Uniformly random legal moves; the same seed and state always give the same move."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, state: GameState, player: str | None = None) -> Action:
        """A uniformly random legal action for `player` (default: the player on turn).

        Raises:
            ValueError: the game is over (or `player` has nothing to answer).
        """
        name = player or state.current_player
        view = player_view(state, name)
        actions = legal_actions(state, name)
        if not actions:
            raise ValueError("The game is over; there is no move to choose.")
        generator = rng.seed_state(self.seed * 1_000_003 + view.steps * 7919 + len(actions))
        _, pick = rng.below(generator, len(actions))
        return actions[pick]
