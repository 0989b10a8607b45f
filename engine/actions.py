"""The old import path of the action and error types; they live in `engine.core.actions` (shared by every game)."""

from engine.core.actions import (
    Action,
    Event,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotPossibleNow,
    NotYourTurn,
)

__all__ = ["Action", "Event", "GameOver", "IllegalAction", "MalformedAction", "NotPossibleNow", "NotYourTurn"]
