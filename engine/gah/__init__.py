"""Grand Austria Hotel's rules engine (with Let's Waltz in `engine.gah.waltz` and the solo game in
`engine.gah.solo`): pure, deterministic, and free of I/O.

Public API (see shared/DESIGN.md; `from engine import ...` gives the same names):

    from engine.gah import (GameConfig, new_game, legal_actions, apply, IllegalAction,
                            parse_action, final_scores, projected_scores, player_view)

The names load lazily (PEP 562 `__getattr__`): `import engine.gah.cards` runs this file too and should not load
every rules module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.actions import (
        Action,
        Event,
        GameOver,
        IllegalAction,
        MalformedAction,
        NotPossibleNow,
        NotYourTurn,
    )
    from engine.gah.config import GameConfig
    from engine.gah.game import apply, legal_actions, new_game, parse_action, player_view
    from engine.gah.scoring import ScoreBreakdown, final_scores, projected_scores
    from engine.gah.state import GameState

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
    "GameConfig": "engine.gah.config",
    "GameState": "engine.gah.state",
    "ScoreBreakdown": "engine.gah.scoring",
    "apply": "engine.gah.game",
    "final_scores": "engine.gah.scoring",
    "legal_actions": "engine.gah.game",
    "new_game": "engine.gah.game",
    "parse_action": "engine.gah.game",
    "player_view": "engine.gah.game",
    "projected_scores": "engine.gah.scoring",
}
"""Public name -> the module that defines it."""


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use (PEP 562); submodules (`engine.core.rng`) load as usual.

    Raises:
        AttributeError: `name` is neither a public name nor a submodule of `engine.gah`.
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'engine.gah' has no attribute {name!r}")
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
    from engine.gah.state import GameState  # lazily: see the module docstring

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
    import engine.gah as _this_package
    from engine.core.protocol import GameEngine

    _CONFORMS: GameEngine[GameConfig, GameState, ScoreBreakdown] = _this_package
