"""`GameEngine`: the typed API every game's package offers (Grand Austria Hotel: `engine`; Overbooking:
`engine.overbooking`).

A game's package is itself the implementation: its module-level functions match the protocol's methods, so
`engine.overbooking` can be passed wherever a `GameEngine` is wanted (mypy checks modules against protocols).
The shape follows OpenSpiel's game API, cut down to what the bot and the contract test (tests/contract/) use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from engine.core.actions import Action, Event

ConfigT = TypeVar("ConfigT", contravariant=True)
StateT = TypeVar("StateT")
ScoreT = TypeVar("ScoreT", covariant=True)


class GameEngine(Protocol[ConfigT, StateT, ScoreT]):
    """One game's rules, pure and deterministic: no method changes a state it is given.

    Type parameters: the game's config (options, players, seed), its state, and the score breakdown of one player.
    Every refusal is one of the siblings of `engine.core.actions.IllegalAction` (`MalformedAction`,
    `NotPossibleNow`, `NotYourTurn`, `GameOver`), with a sentence for players as its message.
    """

    def new_game(self, config: ConfigT, /) -> StateT:
        """A new game set up from `config` (its seed fixes every shuffle)."""
        ...

    def legal_actions(self, state: StateT, player: str | None = None, /) -> list[Action]:
        """The legal answers to the pending decision (empty once the game is over or when `player`, if given,
        is not the one to answer)."""
        ...

    def apply(self, state: StateT, action: Action, player: str | None = None, /) -> tuple[StateT, list[Event]]:
        """The state after `action` and the events it caused; `state` is left unchanged.

        Raises:
            IllegalAction: one of its four siblings; nothing changes.
        """
        ...

    def parse_action(self, state: StateT, text: str, /) -> Action:
        """The legal action that `text` names (as `str(action)` prints it, case and spacing forgiven).

        Raises:
            MalformedAction, NotPossibleNow, GameOver: `text` names no legal action now.
        """
        ...

    def player_view(self, state: StateT, player: str | None, /) -> StateT:
        """A copy of `state` showing only what `player` may see (None: a spectator)."""
        ...

    def final_scores(self, state: StateT, /) -> Mapping[str, ScoreT]:
        """Each player's score breakdown by name (at the end of the game, or as things stand)."""
        ...

    def to_json(self, state: StateT, /) -> str:
        """`state` as JSON text; `from_json` reads it back to an equal state."""
        ...

    def from_json(self, text: str, /) -> StateT:
        """The state that `to_json` wrote.

        Raises:
            ValueError, KeyError: `text` is not a stored state of this game.
        """
        ...
