"""The house's engines: `engine.core` (what every game shares), `engine.gah` (Grand Austria Hotel, with Let's
Waltz and the solo game) and `engine.overbooking`.

`from engine import ...` gives Grand Austria Hotel's public API, as outside checks expect (see shared/DESIGN.md):

    from engine import (GameConfig, new_game, legal_actions, apply, IllegalAction,
                        parse_action, final_scores, projected_scores, player_view)

The names load lazily (PEP 562 `__getattr__`), so `import engine.overbooking` or `import engine.core`, which run
this file too, load none of Grand Austria Hotel's modules (tests/test_import_rules.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.gah import (
        Action,
        Event,
        GameConfig,
        GameOver,
        GameState,
        IllegalAction,
        MalformedAction,
        NotPossibleNow,
        NotYourTurn,
        ScoreBreakdown,
        __version__,
        apply,
        final_scores,
        from_json,
        legal_actions,
        new_game,
        parse_action,
        player_view,
        projected_scores,
        to_json,
    )

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
"""Grand Austria Hotel's public names, given by `engine.gah`."""

_PUBLIC = frozenset(__all__)


def __getattr__(name: str) -> Any:
    """Load one of Grand Austria Hotel's public names from `engine.gah` on first use (PEP 562).

    Raises:
        AttributeError: `name` is not one of the public names (submodules such as `engine.core` load as usual).
    """
    if name not in _PUBLIC:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module("engine.gah"), name)
    globals()[name] = value  # later look-ups skip this function
    return value

