"""Seeded games for the render tests: states sampled at the start of every turn, plus the final state."""

from __future__ import annotations

from functools import cache

from engine import GameConfig, GameState, apply, new_game
from engine.gah.ai import policy

NAMES = ("ann", "bob", "cy", "dee")


@cache
def sampled_states(players: int, seed: int = 11) -> tuple[GameState, ...]:
    """Every state at which a turn starts in one seeded random game, then the finished game's state."""
    return turn_states(GameConfig(players=list(NAMES[:players]), seed=seed), seed)


def turn_states(config: GameConfig, seed: int) -> tuple[GameState, ...]:
    """Every state at which a turn starts in one random game of `config` (policies seeded by `seed`), then the
    finished game's state."""
    seats = [policy("random", seed * 31 + k) for k in range(len(config.players))]
    state = new_game(config)
    samples = [state]
    while not state.is_over:
        index = state.current_index
        assert index is not None
        state, events = apply(state, seats[index].choose(state))
        if any(event.kind == "turn" for event in events):
            samples.append(state)
    samples.append(state)
    return tuple(samples)


def fresh(players: int = 3, seed: int = 5) -> GameState:
    """A brand-new game (setup decisions pending) to edit by hand."""
    return new_game(GameConfig(players=list(NAMES[:players]), seed=seed))
