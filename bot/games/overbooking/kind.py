"""Overbooking as a kind of game the bot hosts (`engine.overbooking`, its AI and `bot.games.overbooking.presenter`),
with the component data new games use."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import engine.overbooking
import engine.overbooking.ai
from bot.host.kind_base import CHANNEL_COMMANDS, GameAI, GameKind, LobbyOptions, Score, SlashCommand
from engine.core.actions import Action
from engine.core.options import options_to_dict
from engine.core.protocol import GameEngine
from engine.overbooking.data import OverbookingData, bundled_data, load_data, parse_data
from engine.overbooking.options_spec import OPTIONS as OVERBOOKING_OPTIONS
from render.core.lang import N_

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from bot.host.cogs.commands import Handler
    from bot.host.kind_presenter import Presenter
    from bot.host.settings import Settings

_OVERBOOKING_ENGINE = engine.overbooking
_OVERBOOKING_AI = engine.overbooking.ai

OverbookingState = engine.overbooking.GameState
OverbookingConfig = engine.overbooking.GameConfig


class Overbooking(GameKind[OverbookingState, OverbookingConfig]):
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
    shared_hotels = True
    hand_cards = N_("guest cards")  # said in the reader's language (`Controller.show_hand`)
    fast_ai_levels = frozenset({"random", "heuristic"})
    command_description = "Play Overbooking"
    slash_commands = (
        SlashCommand("new", "Open a new game of Overbooking in this channel", handler="new_scoring"),
        SlashCommand("rules", "A short summary of the Overbooking rules"),
        SlashCommand("turn", "Open your turn panel (only when it is your turn)"),
        SlashCommand("hand", "Show your guest cards (only you see them)"),
        SlashCommand("board", "Show the hotels (of the running game or the last finished one)"),
        SlashCommand("score", "The scores so far"),
        SlashCommand("log", "The game's log in words: the newest page, or the whole file", options=("export", "game")),
        CHANNEL_COMMANDS[1],
        SlashCommand("stats", "Someone's Overbooking results on this server"),
        SlashCommand("leaderboard", "The best Overbooking players on this server"),
        SlashCommand("games", "Your open games on this server (both games), with links; or everyone's"),
        SlashCommand("away", "Away for some days: the AI plays your turns in every game (days:0: back)"),
        CHANNEL_COMMANDS[0],
        *CHANNEL_COMMANDS[2:],
    )
    command_ai_level = "heuristic"
    engine: GameEngine[OverbookingConfig, OverbookingState, Score] = _OVERBOOKING_ENGINE
    ai: GameAI[OverbookingState] = _OVERBOOKING_AI
    state_type = OverbookingState
    config_type = OverbookingConfig

    def __init__(self) -> None:
        self.data: OverbookingData = bundled_data()

    def use_data(self, data: OverbookingData | None) -> None:
        """Let new games use `data` (the printed values); None goes back to the bundled provisional file."""
        self.data = data if data is not None else bundled_data()

    def read_settings(self, read_text: Callable[[str], str]) -> OverbookingData | None:
        """The printed card values and hotels of the file named by `OVERBOOKING_DATA`, read and checked now, so that
        a bad file stops the bot at start with every problem listed; None when unset (the bundled provisional data).

        Raises:
            engine.overbooking.OverbookingDataError: the file is not a regular file, is too large, cannot be read,
                is not JSON, or breaks the schema.
        """
        path = read_text("OVERBOOKING_DATA")
        return load_data(path, source=f"OVERBOOKING_DATA ({path})") if path else None

    def configure(self, settings: Settings) -> str | None:
        """Use the printed values an admin loaded (`OVERBOOKING_DATA`), else the bundled provisional file."""
        loaded = settings.games.get(self.key)
        self.use_data(loaded if isinstance(loaded, OverbookingData) else None)
        return "Overbooking uses " + ("provisional card values and hotels" if self.provisional
                                      else "the printed card values and hotels from OVERBOOKING_DATA")

    @property
    def provisional(self) -> bool:
        """True while new games use provisional card values and hotels."""
        return self.data.provisional

    def config_fields(self) -> tuple[dataclasses.Field[object], ...]:
        """The fields of `engine.overbooking.GameConfig`."""
        return dataclasses.fields(OverbookingConfig)

    def validate_options(self, options: LobbyOptions) -> None:
        """Raise ValueError (or TypeError) with a sentence if the lobby options do not make a valid game."""
        OverbookingConfig(players=["a", "b"], **options).validate()

    def new_config(self, players: list[str], options: LobbyOptions) -> OverbookingConfig:
        """The engine config with the component data new games use (`data`)."""
        known = {k: v for k, v in options.items() if k in self.option_names}
        return OverbookingConfig(players=players, data=self.data, **known)

    def config_to_dict(self, config: OverbookingConfig) -> dict[str, object]:
        """Players, seed, the options (`engine.overbooking.options_spec`) and the whole component data (so a replay
        never depends on the file). A stored config without "without_score_cards" (stored before it existed) reads
        back with it off."""
        return {"players": list(config.players), "seed": config.seed,
                **options_to_dict(OVERBOOKING_OPTIONS, config), "data": config.data.to_dict()}

    def engine_config(self, stored: LobbyOptions) -> OverbookingConfig:
        """The engine config of `config_to_dict`'s dict (the bundled data if none is stored)."""
        unknown = set(stored) - self.option_names - {"players", "data"}
        if unknown:
            raise ValueError(f"unknown Overbooking option(s): {', '.join(sorted(unknown))}")
        data = parse_data(stored["data"], "the stored game") if stored.get("data") is not None else bundled_data()
        options = {k: v for k, v in stored.items() if k in self.option_names}
        return OverbookingConfig(players=list(stored.get("players", [])), data=data, **options)

    def state_from_json(self, text: str) -> OverbookingState:
        """`GameState.from_json`."""
        return OverbookingState.from_json(text)

    def parse_action(self, state: object, text: str, player: str | None = None) -> Action:
        """`engine.overbooking.parse_action` (which needs no player name)."""
        return _OVERBOOKING_ENGINE.parse_action(self.own(state), text)

    def command_handlers(self) -> Mapping[str, Handler]:
        """`bot.games.overbooking.commands.HANDLERS`, imported on first use (discord.py)."""
        from bot.games.overbooking import commands

        return commands.HANDLERS

    def presenter(self) -> Presenter[OverbookingState]:
        """The presentation half (panel, words, pictures, texts, rules pages), imported on first use."""
        from bot.games.overbooking import presenter as overbooking_presenter
        return overbooking_presenter
KIND = Overbooking()
"""The kind this package hosts (found by `bot.host.kinds.discover`)."""
