"""Count to Ten, a toy game for tests (issue 54): players in turn add 1 or 2 to a running total that starts at 0;
whoever brings it to exactly `TARGET` wins. Pure and deterministic, in the shape of `engine.core.protocol.GameEngine`
(module-level functions), with an AI of two levels."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping

from engine.core.actions import Action, Event, GameOver, MalformedAction, NotPossibleNow, NotYourTurn

TARGET = 10
"""The total that wins."""


@dataclasses.dataclass(frozen=True)
class GameConfig:
    """Players (2-4 names) and the seed (unused by the rules: nothing is shuffled)."""

    players: tuple[str, ...] = ("a", "b")
    seed: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))

    def validate(self) -> None:
        """Raises ValueError: fewer than 2 or more than 4 players."""
        if not 2 <= len(self.players) <= 4:
            raise ValueError("Count to Ten is played by 2 to 4 players.")


@dataclasses.dataclass(frozen=True)
class GameState:
    """The running total, whose turn it is (a seat index) and the winner's seat once someone reached `TARGET`."""

    config: GameConfig
    total: int = 0
    turn: int = 0
    winner: int | None = None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def current_index(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def current_player(self) -> str | None:
        return None if self.is_over else self.config.players[self.turn]

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), sort_keys=True)

    @staticmethod
    def from_json(text: str) -> GameState:
        raw = json.loads(text)
        return GameState(GameConfig(**raw.pop("config")), **raw)


@dataclasses.dataclass(frozen=True)
class ScoreBreakdown:
    """1 point for the winner, 0 for the others."""

    total: int
    rank: int
    tiebreak: int = 0
    parts: Mapping[str, int] = dataclasses.field(default_factory=dict)


def new_game(config: GameConfig, /) -> GameState:
    config.validate()
    return GameState(config)


def legal_actions(state: GameState, player: str | None = None, /) -> list[Action]:
    if state.is_over or (player is not None and player != state.current_player):
        return []
    return [Action("add", (n,), f"add {n}") for n in (1, 2) if state.total + n <= TARGET]


def apply(state: GameState, action: Action, player: str | None = None, /) -> tuple[GameState, list[Event]]:
    if state.is_over:
        raise GameOver("The game is over.")
    if player is not None and player != state.current_player:
        raise NotYourTurn(f"It is {state.current_player}'s turn.")
    if action not in legal_actions(state):
        raise NotPossibleNow(f"{action.text!r} is not possible now: the total is {state.total}.")
    name, total = state.config.players[state.turn], state.total + int(action.args[0])
    events = [Event("add", name, f"{name} adds {action.args[0]}: the total is {total}.", {"total": total})]
    if total == TARGET:
        events.append(Event("game_over", None, f"{name} reaches {TARGET} and wins.", {}))
        return dataclasses.replace(state, total=total, winner=state.turn), events
    return dataclasses.replace(state, total=total, turn=(state.turn + 1) % len(state.config.players)), events


def parse_action(state: GameState, text: str, /) -> Action:
    wanted = " ".join(text.lower().split())
    if state.is_over:
        raise GameOver("The game is over.")
    for action in legal_actions(state):
        if action.text == wanted:
            return action
    raise MalformedAction(f"{text!r} is not a move; say 'add 1' or 'add 2'.")


def player_view(state: GameState, player: str | None, /) -> GameState:
    return state  # nothing is hidden


def final_scores(state: GameState, /) -> dict[str, ScoreBreakdown]:
    return {name: ScoreBreakdown(total=int(seat == state.winner), rank=1 if seat == state.winner else 2,
                                 parts={"win": int(seat == state.winner)})
            for seat, name in enumerate(state.config.players)}


def to_json(state: GameState, /) -> str:
    return state.to_json()


def from_json(text: str, /) -> GameState:
    return GameState.from_json(text)


LEVELS: tuple[str, ...] = ("random", "perfect")
"""The AI levels: a random legal move, or the move that leaves the total a multiple of 3 short of the target."""


@dataclasses.dataclass
class CountPolicy:
    """An AI player of Count to Ten."""

    level: str
    seed: int

    def choose(self, state: GameState) -> Action:
        actions = legal_actions(state)
        if self.level == "perfect":
            for action in actions:
                if (TARGET - state.total - int(action.args[0])) % 3 == 0:
                    return action
        return random.Random(self.seed + state.total).choice(actions)


def policy(level: str, seed: int) -> CountPolicy:
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    return CountPolicy(level, seed)
