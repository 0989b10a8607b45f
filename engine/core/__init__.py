"""What every game of the house shares: actions, events and the four sibling refusals, the seeded generator,
the playout loop and the `GameEngine` protocol each game's package implements.

Nothing here knows a game's rules; importing `engine.core` loads none of Grand Austria Hotel's or Overbooking's
modules (tests/overbooking/test_imports.py checks that for Overbooking).
"""

from engine.core.actions import (
    Action,
    Event,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotPossibleNow,
    NotYourTurn,
)
from engine.core.protocol import GameEngine

__all__ = [
    "Action",
    "Event",
    "GameEngine",
    "GameOver",
    "IllegalAction",
    "MalformedAction",
    "NotPossibleNow",
    "NotYourTurn",
]
