"""Overbooking rules engine (Filippo Landini, HUCH! 2022; Polish edition Egmont 2023): pure and deterministic.

Same shape as the Grand Austria Hotel engine (`engine`), whose API stays as it is:

    from engine.overbooking import (GameConfig, GameState, new_game, legal_actions, apply, IllegalAction,
                                    parse_action, player_view, final_scores, load_data)
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=7, scoring="beginner"))
    state, events = apply(state, legal_actions(state)[0])
    state.is_over; final_scores(state)["ann"].total; state.provisional

Printed coin values and hotel faces are not public: the bundled data is provisional (`state.provisional`); pass
`GameConfig(data=load_data(path))` to play with a file of printed values.
"""

from typing import TYPE_CHECKING

from engine.core.actions import (
    Action,
    Event,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotPossibleNow,
    NotYourTurn,
)
from engine.overbooking.data import OverbookingData, OverbookingDataError, bundled_data, load_data, read_data
from engine.overbooking.game import apply, legal_actions, new_game, parse_action, player_view
from engine.overbooking.scoring import ScoreBreakdown, final_scores
from engine.overbooking.state import GameConfig, GameState

__version__ = "2026.11.1"
"""Version of the Overbooking rules engine; bump it when a rule change alters what a stored action log replays to."""


def to_json(state: GameState) -> str:
    """`state` as JSON text (the `GameEngine` protocol's round trip; same as `state.to_json()`)."""
    return state.to_json()


def from_json(text: str) -> GameState:
    """The state that `to_json` wrote.

    Raises:
        ValueError, KeyError: `text` is not a stored Overbooking state.
    """
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
    "OverbookingData",
    "OverbookingDataError",
    "ScoreBreakdown",
    "__version__",
    "apply",
    "bundled_data",
    "final_scores",
    "from_json",
    "legal_actions",
    "load_data",
    "new_game",
    "parse_action",
    "player_view",
    "read_data",
    "to_json",
]

if TYPE_CHECKING:  # mypy checks that this package implements the shared protocol
    import engine.overbooking as _this_package
    from engine.core.protocol import GameEngine

    _CONFORMS: GameEngine[GameConfig, GameState, ScoreBreakdown] = _this_package
