"""The games the bot hosts ("game kinds"): the one per-game part under the shared machinery.

A channel hosts one game of one kind at a time. The lobby, seats, AI seats, options, turn panel, turn posts,
reminders, undo, restarts, stats and leaderboard are shared (`bot.service`, `bot.controller`, `bot.posts`,
`bot.lobby`); what differs between games is a `GameKind`:

    kind = kind_named(game.kind)          # "gah" or "overbooking" (table game_kinds; "gah" without a row)
    state = kind.state_from_json(text)
    kind = kind_of(state)                 # the kind of an engine state (or config)
    actions = kind.legal_actions(state, name)

The engine-facing half (rules, AI, options) is here, free of Discord and Pillow so that the service and the AI
worker processes can use it; the presentation half (panel, words, pictures, texts) is `GameKind.presenter()`,
imported on first use (`bot.kinds.gah_presenter`, `bot.kinds.overbooking_presenter`).

`legal_actions`, `apply`, `parse_action`, `player_view`, `final_scores` and `waiting` below dispatch on the
state's type, so shared code calls them without knowing the game.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from typing import Any, Protocol

import engine
import engine.ai
import engine.overbooking
import engine.overbooking.ai
from engine import Action, Event
from engine.config import SOLO_ENTRANCES
from engine.overbooking.data import OverbookingData, bundled_data, parse_data

_GAH_ENGINE = engine
_GAH_AI = engine.ai
_OVERBOOKING_ENGINE = engine.overbooking
_OVERBOOKING_AI = engine.overbooking.ai


class Policy(Protocol):
    """An AI player of either game."""

    def choose(self, state: Any) -> Action:
        """One of the legal actions for the player who must act in `state`."""


class GameKind:
    """One game the bot hosts: its engine, AI and options (subclasses fill them in).

    Attributes:
        key: the kind stored for a game in the `game_kinds` table ("gah", "overbooking"; "gah" without a row).
        title: the game's name in messages.
        command: the slash command group of the game (`/gah`, `/overbooking`).
        ai_levels: the AI levels, weakest first.
        leave_ai_level: the AI that takes over the seat of a player who leaves a running game.
        barrier_events: event kinds an undo cannot reach past (something new was revealed).
        turn_events: event kinds after which the channel hears of the move even if the same seat acts again.
        min_seats, max_seats: players a game takes (a lone human seat may still be allowed: `solo`).
        solo: True if a host alone may start (against the game's own solo opponent).
    """

    key = ""
    title = ""
    command = ""
    leave_ai_level = ""
    barrier_events: frozenset[str] = frozenset()
    turn_events: frozenset[str] = frozenset()
    min_seats, max_seats = 2, 4
    solo = False
    engine: Any = None
    ai: Any = None
    state_type: Any = object
    config_type: Any = object
    presenter_module = ""

    @property
    def provisional(self) -> bool:
        """True while new games of this kind use provisional numbers (only Overbooking has any)."""
        return False

    @property
    def ai_levels(self) -> tuple[str, ...]:
        """The game's AI levels, weakest first (read from the AI module each time)."""
        return tuple(self.ai.LEVELS)

    # ----- options and configs ---------------------------------------------------------------------------------

    @property
    def option_names(self) -> frozenset[str]:
        """Options the lobby may set: every field of the game's config but the players (and component data)."""
        return frozenset(f.name for f in dataclasses.fields(self.config_type)) - {"players", "data"}

    @property
    def option_defaults(self) -> dict[str, Any]:
        """What each option is when the host never set it."""
        return {f.name: f.default for f in dataclasses.fields(self.config_type)
                if f.default is not dataclasses.MISSING and f.name in self.option_names}

    def validate_options(self, options: Mapping[str, Any]) -> None:
        """Raise ValueError (or TypeError) with a sentence if the lobby options do not make a valid game."""
        self.config_type(players=["a", "b"], **options).validate()

    def new_config(self, players: list[str], options: Mapping[str, Any]) -> Any:
        """The engine config of a game starting with these players and lobby options (the seed among them).

        Raises:
            ValueError: an option is invalid.
        """
        return self.config_type(players=players, **options)

    def config_to_dict(self, config: Any) -> dict[str, Any]:
        """The JSON-ready dict stored in `games.config` (read back by `engine_config`)."""
        return dict(config.to_dict())

    def engine_config(self, stored: Mapping[str, Any]) -> Any:
        """The engine config of a stored config (`config_to_dict`'s dict; the bot's own options left out by the
        caller).

        Raises:
            ValueError: the config names an option that does not exist.
        """
        return self.config_type.from_dict(dict(stored))

    def version(self) -> str:
        """The version of the game's rules engine, stored with each game."""
        return str(getattr(self.engine, "__version__", "unknown"))

    # ----- the engine ----------------------------------------------------------------------------------------

    def state_from_json(self, text: str) -> Any:
        """The engine state stored as `text`."""
        return self.engine.GameState.from_json(text)

    def new_game(self, config: Any) -> Any:
        """`new_game` of the game's engine."""
        return self.engine.new_game(config)

    def waiting(self, state: Any) -> list[str]:
        """Names of the players who may act now."""
        name = state.current_player
        return [] if name is None or state.is_over else [name]

    def policy(self, level: str, seed: int) -> Policy:
        """The AI of `level` with its own seed.

        Raises:
            ValueError: unknown level.
        """
        policy: Policy = self.ai.policy(level, seed)
        return policy

    def step_count(self, state: Any) -> int | None:
        """How many actions the state has seen, if the engine counts them (for replay-check messages)."""
        steps = getattr(state, "steps", None)
        return steps if isinstance(steps, int) else None

    def presenter(self) -> Any:
        """The presentation half of the kind (panel, words, pictures, texts), imported on first use."""
        return importlib.import_module(self.presenter_module)


class GrandAustriaHotel(GameKind):
    """Grand Austria Hotel: the bot's first game (`engine`)."""

    key = "gah"
    title = "Grand Austria Hotel"
    command = "gah"
    leave_ai_level = "greedy"
    barrier_events = frozenset({"roll", "draw_staff", "reshuffle", "guest", "turn", "round"})
    turn_events = frozenset({"turn", "round", "emperor_scoring", "game_over", "draft_pass"})
    solo = True
    engine = _GAH_ENGINE
    ai = _GAH_AI
    state_type = _GAH_ENGINE.GameState
    config_type = _GAH_ENGINE.GameConfig
    presenter_module = "bot.kinds.gah_presenter"

    def validate_options(self, options: Mapping[str, Any]) -> None:
        """As `GameKind.validate_options`; a solo option is checked with one player, and the solo opponent's
        entrance by its name alone (it counts once a host starts alone with Unique Hotels)."""
        values = dict(options)
        entrance = values.pop("solo_entrance", None)
        if entrance is not None and entrance not in SOLO_ENTRANCES:
            raise ValueError(f"solo_entrance must be one of {', '.join(SOLO_ENTRANCES)} (or none for a random one); "
                             f"got {entrance!r}.")
        _GAH_ENGINE.GameConfig(players=("a",) if values.get("solo") else ("a", "b"), **values).validate()

    def waiting(self, state: Any) -> list[str]:
        """Names of every player who may act now: several during the staff draft."""
        return list(state.waiting)


class Overbooking(GameKind):
    """Overbooking (Filippo Landini, HUCH! 2022): the second game (`engine.overbooking`).

    Attributes:
        data: the component data new games use: the bundled provisional file, or the printed values an admin
            loaded (`OVERBOOKING_DATA`, `use_data`).
    """

    key = "overbooking"
    title = "Overbooking"
    command = "overbooking"
    leave_ai_level = "heuristic"
    barrier_events = frozenset({"resolve", "reveal", "round", "game_over"})
    turn_events = frozenset({"resolve", "round", "game_over"})
    engine = _OVERBOOKING_ENGINE
    ai = _OVERBOOKING_AI
    state_type = _OVERBOOKING_ENGINE.GameState
    config_type = _OVERBOOKING_ENGINE.GameConfig
    presenter_module = "bot.kinds.overbooking_presenter"

    def __init__(self) -> None:
        self.data: OverbookingData = bundled_data()

    def use_data(self, data: OverbookingData | None) -> None:
        """Let new games use `data` (the printed values); None goes back to the bundled provisional file."""
        self.data = data if data is not None else bundled_data()

    @property
    def provisional(self) -> bool:
        """True while new games use provisional card values and hotels."""
        return self.data.provisional

    def new_config(self, players: list[str], options: Mapping[str, Any]) -> Any:
        """The engine config with the component data new games use (`data`)."""
        known = {k: v for k, v in options.items() if k in self.option_names}
        return _OVERBOOKING_ENGINE.GameConfig(players=players, data=self.data, **known)

    def config_to_dict(self, config: Any) -> dict[str, Any]:
        """Players, seed, scoring, the first-game variant and the whole component data (so a replay never depends on
        the file). A stored config without "without_score_cards" (stored before it existed) reads back with it off."""
        return {"players": list(config.players), "seed": config.seed, "scoring": config.scoring,
                "without_score_cards": config.without_score_cards, "data": config.data.to_dict()}

    def engine_config(self, stored: Mapping[str, Any]) -> Any:
        """The engine config of `config_to_dict`'s dict (the bundled data if none is stored)."""
        unknown = set(stored) - self.option_names - {"players", "data"}
        if unknown:
            raise ValueError(f"unknown Overbooking option(s): {', '.join(sorted(unknown))}")
        data = parse_data(stored["data"], "the stored game") if stored.get("data") is not None else bundled_data()
        options = {k: v for k, v in stored.items() if k in self.option_names}
        return _OVERBOOKING_ENGINE.GameConfig(players=list(stored.get("players", [])), data=data, **options)


GRAND_AUSTRIA_HOTEL = GrandAustriaHotel()
OVERBOOKING = Overbooking()
KINDS: dict[str, GameKind] = {kind.key: kind for kind in (GRAND_AUSTRIA_HOTEL, OVERBOOKING)}
"""Every game kind by its key (as stored in `game_kinds`)."""

DEFAULT_KIND = GRAND_AUSTRIA_HOTEL.key
"""The kind of every game stored before the bot hosted several (a game without a row in `game_kinds`)."""


def kind_named(key: str | None) -> GameKind:
    """The kind stored as `key` (None: Grand Austria Hotel).

    Raises:
        KeyError: no such kind.
    """
    return KINDS[key or DEFAULT_KIND]


def kind_of(thing: Any) -> GameKind:
    """The kind of an engine state or config of either game."""
    if isinstance(thing, engine.overbooking.GameState | engine.overbooking.GameConfig):
        return OVERBOOKING
    return GRAND_AUSTRIA_HOTEL


def legal_actions(state: Any, player: str | None = None) -> list[Action]:
    """`legal_actions` of the state's game."""
    result: list[Action] = kind_of(state).engine.legal_actions(state, player)
    return result


def apply(state: Any, action: Action, player: str | None = None) -> tuple[Any, list[Event]]:
    """`apply` of the state's game."""
    result: tuple[Any, list[Event]] = kind_of(state).engine.apply(state, action, player=player)
    return result


def parse_action(state: Any, text: str, player: str | None = None) -> Action:
    """`parse_action` of the state's game (the player's name is passed where the engine takes it)."""
    kind = kind_of(state)
    if kind is GRAND_AUSTRIA_HOTEL:
        action: Action = engine.parse_action(state, text, player)
        return action
    action = kind.engine.parse_action(state, text)
    return action


def player_view(state: Any, player: str | None) -> Any:
    """`player_view` of the state's game."""
    return kind_of(state).engine.player_view(state, player)


def final_scores(state: Any) -> dict[str, Any]:
    """`final_scores` of the state's game: name -> breakdown with total, rank, tiebreak and parts."""
    scores: dict[str, Any] = kind_of(state).engine.final_scores(state)
    return scores


def waiting(state: Any) -> list[str]:
    """Names of the players who may act now (several during the Grand Austria Hotel staff draft)."""
    return kind_of(state).waiting(state)


def new_game(config: Any) -> Any:
    """`new_game` of the config's game."""
    return kind_of(config).new_game(config)


__all__ = ["DEFAULT_KIND", "GRAND_AUSTRIA_HOTEL", "KINDS", "OVERBOOKING", "GameKind", "Policy", "apply",
           "final_scores", "kind_named", "kind_of", "legal_actions", "new_game", "parse_action", "player_view",
           "waiting"]
