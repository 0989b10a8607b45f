"""Grand Austria Hotel rules engine: pure, deterministic, and free of I/O.

Public API (see shared/DESIGN.md):

    from engine import (GameConfig, new_game, legal_actions, apply, IllegalAction,
                        parse_action, final_scores, projected_scores, player_view)

The names load lazily (PEP 562 `__getattr__`): `import engine.overbooking` or `import engine.core` runs this
file too, and must not load Grand Austria Hotel's rules modules (tests/overbooking/test_imports.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.actions import (
        Action,
        Event,
        GameOver,
        IllegalAction,
        MalformedAction,
        NotPossibleNow,
        NotYourTurn,
    )
    from engine.config import GameConfig
    from engine.game import apply, legal_actions, new_game, parse_action, player_view
    from engine.scoring import ScoreBreakdown, final_scores, projected_scores
    from engine.state import GameState

__version__ = "2026.11.1"
"""Version of the rules engine; stored with every game. Bump it whenever a rule change alters what a stored
action log replays to."""

_HOMES = {
    "Action": "engine.core.actions",
    "Event": "engine.core.actions",
    "GameOver": "engine.core.actions",
    "IllegalAction": "engine.core.actions",
    "MalformedAction": "engine.core.actions",
    "NotPossibleNow": "engine.core.actions",
    "NotYourTurn": "engine.core.actions",
    "GameConfig": "engine.config",
    "GameState": "engine.state",
    "ScoreBreakdown": "engine.scoring",
    "apply": "engine.game",
    "final_scores": "engine.scoring",
    "legal_actions": "engine.game",
    "new_game": "engine.game",
    "parse_action": "engine.game",
    "player_view": "engine.game",
    "projected_scores": "engine.scoring",
}
"""Public name -> the module that defines it."""


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use (PEP 562); submodules (`engine.rng`) load as usual.

    Raises:
        AttributeError: `name` is neither a public name nor a submodule of `engine`.
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def to_json(state: GameState) -> str:
    """`state` as JSON text (the `GameEngine` protocol's round trip; same as `state.to_json()`)."""
    return state.to_json()


def from_json(text: str) -> GameState:
    """The state that `to_json` wrote.

    Raises:
        ValueError, KeyError: `text` is not a stored Grand Austria Hotel state.
    """
    from engine.state import GameState  # lazily: see the module docstring

    return GameState.from_json(text)


__all__ = [
    "Action",
    "Event",
    "GameConfig",
    "GameOver",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "NotPossibleNow",
    "NotYourTurn",
    "ScoreBreakdown",
    "__version__",
    "apply",
    "final_scores",
    "from_json",
    "legal_actions",
    "new_game",
    "parse_action",
    "player_view",
    "projected_scores",
    "to_json",
]

if TYPE_CHECKING:  # mypy checks that this package implements the shared protocol
    import engine as _this_package
    from engine.core.protocol import GameEngine

    _CONFORMS: GameEngine[GameConfig, GameState, ScoreBreakdown] = _this_package
