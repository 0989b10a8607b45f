"""The games the bot hosts ("game kinds"): the one per-game part under the shared machinery.

A channel hosts one game of one kind at a time. The lobby, seats, AI seats, options, turn panel, turn posts,
reminders, undo, restarts, stats and leaderboard are shared (`bot.service`, `bot.controller`, `bot.posts`,
`bot.lobby`); what differs between games is a `GameKind`:

    kind = kind_named(game.kind)          # "gah" or "overbooking" (table game_kinds; "gah" without a row)
    state = kind.state_from_json(text)
    kind = kind_of(state)                 # the kind of an engine state (or config)
    actions = kind.legal_actions(state, name)

The engine-facing half (rules, AI, options) is `GameKind` (`bot.kinds.base`) and each game's subclass
(`bot.kinds.gah`, `bot.kinds.overbooking`), free of Discord and Pillow so that the service and the AI
worker processes can use it; the presentation half (panel, words, pictures, texts) is `GameKind.presenter()`,
imported on first use (`bot.kinds.gah_presenter`, `bot.kinds.overbooking_presenter`).

`legal_actions`, `apply`, `parse_action`, `player_view`, `final_scores` and `waiting` below dispatch on the
state's type, so shared code calls them without knowing the game.

The seam is typed: a kind is a `GameKind[S, C]` over its engine's state and config types, its engine and AI are
checked against the one `engine.core.GameEngine` protocol and the `GameAI` protocol and its presenter against
`Presenter`. Whatever differs between the games (shared hotels, quick turns, the words for a hand) is a field of the
kind, never a test of its name. Adding a game: its kind in a module of its own, registered here (`KINDS`, and
in `AnyKind`, `AnyState`), with its slash command group as data (`slash_commands`, built by `bot.cogs.commands`),
and its presenter module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from bot.kinds.base import (
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
from bot.kinds.gah import GahConfig, GahState, GrandAustriaHotel
from bot.kinds.overbooking import Overbooking, OverbookingConfig, OverbookingState
from engine import Action, Event

GRAND_AUSTRIA_HOTEL = GrandAustriaHotel()
OVERBOOKING = Overbooking()
AnyKind: TypeAlias = GrandAustriaHotel | Overbooking
"""A kind of any game the bot hosts."""
AnyState: TypeAlias = GahState | OverbookingState
"""An engine state of any game the bot hosts."""
AnyPolicy: TypeAlias = Policy[GahState] | Policy[OverbookingState]
"""An AI player of any game the bot hosts."""
KINDS: dict[str, AnyKind] = {game.key: game for game in (GRAND_AUSTRIA_HOTEL, OVERBOOKING)}
"""Every game kind by its key (as stored in `game_kinds`)."""
KINDS_BY_COMMAND: dict[str, AnyKind] = {game.command: game for game in KINDS.values()}
"""Every game kind by the name of its slash command group (`/gah`, `/overbooking`)."""

DEFAULT_KIND = GRAND_AUSTRIA_HOTEL.key
"""The kind of every game stored before the bot hosted several (a game without a row in `game_kinds`; the
storage's `bot.storage.rows.UNROWED_KIND`, which names it without importing the games)."""


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


def new_game(config: GahConfig | OverbookingConfig) -> AnyState:
    """`new_game` of the config's game."""
    if isinstance(config, OverbookingConfig):
        return OVERBOOKING.new_game(config)
    return GRAND_AUSTRIA_HOTEL.new_game(config)


__all__ = ["DEFAULT_KIND", "GAME_ID_DESCRIPTION", "GRAND_AUSTRIA_HOTEL", "KINDS", "KINDS_BY_COMMAND", "OVERBOOKING",
           "AnyKind", "AnyPolicy", "AnyState", "EngineConfig", "EngineState", "GameAI", "GameKind", "LobbyOptions",
           "Policy", "Score", "SlashCommand", "apply", "final_scores", "kind_named", "kind_of", "legal_actions",
           "new_game", "parse_action", "player_view", "waiting"]
