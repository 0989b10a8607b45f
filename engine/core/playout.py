"""The loop that plays a game to its end with one policy per seat, shared by every game's simulator."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.actions import Action


def play_to_end(state: Any, policies: Sequence[Any], apply_action: Callable[[Any, Action], tuple[Any, Any]],
                max_actions: int) -> tuple[Any, int]:
    """Let `policies[i]` choose for seat `i` until `state` is over; returns (final state, actions taken).
    `apply_action` is the game's `apply`; a state has `is_over`, `current_index` and `config.seed`.

    Raises:
        RuntimeError: the game did not end within `max_actions` (an engine bug).
    """
    actions = 0
    while not state.is_over:
        index = state.current_index
        assert index is not None
        state, _ = apply_action(state, policies[index].choose(state))
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"game with seed {state.config.seed} did not end after {max_actions} actions")
    return state, actions
