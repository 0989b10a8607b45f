"""Grand Austria Hotel rules engine: pure, deterministic, and free of I/O.

Public API (see shared/DESIGN.md):

    from engine import (GameConfig, new_game, legal_actions, apply, IllegalAction,
                        parse_action, final_scores, projected_scores, player_view)
"""

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
    "legal_actions",
    "new_game",
    "parse_action",
    "player_view",
    "projected_scores",
]
