"""The games the bot hosts ("game kinds"): the one per-game part under the shared machinery.

A channel hosts one game of one kind at a time. The lobby, seats, AI seats, options, turn panel, turn posts,
reminders, undo, restarts, stats and leaderboard are shared (`bot.host.service`, `bot.host.controller`,
`bot.host.posts`,
`bot.host.lobby`); what differs between games is a `GameKind`:

    kind = kind_named(game.kind)          # "gah" or "overbooking" (table game_kinds; old rows without one: "gah")
    state = kind.state_from_json(text)
    kind = kind_of(state)                 # the kind of an engine state (or config)
    actions = kind.legal_actions(state, name)

The engine-facing half (rules, AI, options) is `GameKind` (`bot.host.kind_base`) and each game's subclass
(`bot.games.gah.kind`, `bot.games.overbooking.kind`), free of Discord and Pillow so that the service and the AI
worker processes can use it; the presentation half (panel, words, pictures, texts) is `GameKind.presenter()`,
imported on first use (`bot.games.gah.presenter`, `bot.games.overbooking.presenter`).

`legal_actions`, `apply`, `parse_action`, `player_view`, `final_scores` and `waiting` below dispatch on the
state's type, so shared code calls them without knowing the game.

The seam is typed: a kind is a `GameKind[S, C]` over its engine's state and config types, its engine and AI are
checked against the one `engine.core.GameEngine` protocol and the `GameAI` protocol and its presenter against
`Presenter`. Whatever differs between the games (shared hotels, quick turns, the words for a hand) is a field of the
kind, never a test of its name. Adding a game: a package `bot/games/<game>/` whose `kind` module gives `KIND` (found
by `discover`; the host names no game), with its slash command group as data (`slash_commands`, built by
`bot.host.cogs.commands`), and its presenter module.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeAlias

from bot.host.kind_base import (
    GAME_ID_DESCRIPTION,
    EngineConfig,
    EngineState,
    GameAI,
    GameKind,
    LobbyOptions,
    Policy,
    Score,
    SlashCommand,
)
from bot.host.storage.rows import UNROWED_KIND
from engine.core.actions import Action, Event

AnyKind: TypeAlias = GameKind[Any, Any]
"""A kind of any game the bot hosts."""
AnyState: TypeAlias = Any
"""An engine state of any game the bot hosts (each kind checks that a state is its own: `GameKind.own`)."""
AnyPolicy: TypeAlias = Policy[Any]
"""An AI player of any game the bot hosts."""

GAMES_PACKAGE = "bot.games"
"""Where the games live: every package in it with a `kind` module whose `KIND` is a `GameKind` is hosted."""


def discover(package: str = GAMES_PACKAGE) -> dict[str, AnyKind]:
    """Every game of `package` by its key: the `KIND` of each subpackage's `kind` module (games register themselves by
    being there; the host names none of them).

    Raises:
        TypeError: a game's `KIND` is not a `GameKind`.
        ValueError: two games have the same key or slash command group.
    """
    found: dict[str, AnyKind] = {}
    for module in sorted(pkgutil.iter_modules(importlib.import_module(package).__path__), key=lambda m: m.name):
        if not module.ispkg:
            continue
        kind = getattr(importlib.import_module(f"{package}.{module.name}.kind"), "KIND", None)
        if not isinstance(kind, GameKind):
            raise TypeError(f"{package}.{module.name}.kind.KIND is not a GameKind")
        if kind.key in found or any(other.command == kind.command for other in found.values()):
            raise ValueError(f"two games share the key or command of {kind.key!r}")
        found[kind.key] = kind
    return found


class _Found(Mapping[str, AnyKind]):
    """The games `discover` finds, looked for on first use: a game's package imports host modules that import this
    one, and must not load the other games by doing so (tests/test_import_rules.py)."""

    def __init__(self, key: Callable[[AnyKind], str]) -> None:
        self._key = key
        self._found: dict[str, AnyKind] | None = None

    def _games(self) -> dict[str, AnyKind]:
        if self._found is None:
            self._found = {self._key(game): game for game in discover().values()}
        return self._found

    def __getitem__(self, key: str) -> AnyKind:
        return self._games()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())


KINDS: Mapping[str, AnyKind] = _Found(lambda game: game.key)
"""Every game kind by its key (as stored in `game_kinds`), found on first use."""
KINDS_BY_COMMAND: Mapping[str, AnyKind] = _Found(lambda game: game.command)
"""Every game kind by the name of its slash command group (`/gah`, `/overbooking`), found on first use."""

DEFAULT_KIND = UNROWED_KIND
"""The kind of every game stored before the bot hosted several (a game without a row in `game_kinds`): a fact
about old rows (`bot.host.storage.rows.UNROWED_KIND`), not a game the host prefers."""


def kind_named(key: str | None) -> AnyKind:
    """The kind stored as `key` (None: the `DEFAULT_KIND`).

    Raises:
        KeyError: no such kind.
    """
    return KINDS[key or DEFAULT_KIND]


def kind_of(thing: object) -> AnyKind:
    """The kind of an engine state or config of any game the bot hosts.

    Raises:
        TypeError: `thing` is neither (no game is assumed).
    """
    for game in KINDS.values():
        if isinstance(thing, game.state_type | game.config_type):
            return game
    raise TypeError(f"no game the bot hosts has states or configs of type {type(thing).__name__}")


def legal_actions(state: object, player: str | None = None) -> list[Action]:
    """`legal_actions` of the state's game."""
    return kind_of(state).legal_actions(state, player)


def apply(state: object, action: Action, player: str | None = None) -> tuple[AnyState, list[Event]]:
    """`apply` of the state's game."""
    return kind_of(state).apply(state, action, player)


def parse_action(state: object, text: str, player: str | None = None) -> Action:
    """`parse_action` of the state's game (the player's name is passed where the engine takes it)."""
    return kind_of(state).parse_action(state, text, player)


def player_view(state: object, player: str | None) -> AnyState:
    """`player_view` of the state's game."""
    return kind_of(state).player_view(state, player)


def final_scores(state: object) -> Mapping[str, Score]:
    """`final_scores` of the state's game: name -> breakdown with total, rank, tiebreak and parts."""
    return kind_of(state).final_scores(state)


def waiting(state: object) -> list[str]:
    """Names of the players who may act now (several during the Grand Austria Hotel staff draft)."""
    return kind_of(state).waiting(state)


def new_game(config: object) -> AnyState:
    """`new_game` of the config's game.

    Raises:
        TypeError: `config` is no hosted game's config.
    """
    return kind_of(config).new_game(config)


__all__ = [
    "DEFAULT_KIND",
    "GAMES_PACKAGE",
    "GAME_ID_DESCRIPTION",
    "KINDS",
    "KINDS_BY_COMMAND",
    "AnyKind",
    "AnyPolicy",
    "AnyState",
    "EngineConfig",
    "EngineState",
    "GameAI",
    "GameKind",
    "LobbyOptions",
    "Policy",
    "Score",
    "SlashCommand",
    "apply",
    "discover",
    "final_scores",
    "kind_named",
    "kind_of",
    "legal_actions",
    "new_game",
    "parse_action",
    "player_view",
    "waiting",
]
