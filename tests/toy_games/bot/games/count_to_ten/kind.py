"""Count to Ten as a kind of game the bot hosts (a toy third game for tests, issue 54): no host file names it."""

from __future__ import annotations

import dataclasses
import sys

import count_to_ten_engine as rules

from bot.host.kind_base import CHANNEL_COMMANDS, GameAI, GameKind, LobbyOptions, Score, SlashCommand
from bot.host.kind_presenter import Presenter
from engine.core.actions import Action
from engine.core.protocol import GameEngine


class CountToTen(GameKind[rules.GameState, rules.GameConfig]):
    """Count to Ten: add 1 or 2 in turn, reach 10 to win."""

    key = "count_to_ten"
    title = "Count to Ten"
    command = "count"
    leave_ai_level = "perfect"
    command_ai_level = "random"
    turn_events = frozenset({"add"})
    command_description = "Play Count to Ten"
    slash_commands = (
        SlashCommand("new", "Open a new game of Count to Ten in this channel"),
        SlashCommand("turn", "Open your turn panel (only when it is your turn)"),
        *CHANNEL_COMMANDS,
    )
    engine: GameEngine[rules.GameConfig, rules.GameState, Score] = sys.modules[rules.__name__]  # type: ignore[assignment]
    ai: GameAI[rules.GameState] = sys.modules[rules.__name__]  # type: ignore[assignment]
    state_type = rules.GameState
    config_type = rules.GameConfig

    def config_fields(self) -> tuple[dataclasses.Field[object], ...]:
        return dataclasses.fields(rules.GameConfig)

    def validate_options(self, options: LobbyOptions) -> None:
        rules.GameConfig(players=("a", "b"), **options).validate()

    def new_config(self, players: list[str], options: LobbyOptions) -> rules.GameConfig:
        return rules.GameConfig(players=tuple(players), **options)

    def config_to_dict(self, config: rules.GameConfig) -> dict[str, object]:
        return {"players": list(config.players), "seed": config.seed}

    def engine_config(self, stored: LobbyOptions) -> rules.GameConfig:
        return rules.GameConfig(**dict(stored))

    def state_from_json(self, text: str) -> rules.GameState:
        return rules.GameState.from_json(text)

    def seat_names(self, state: object) -> list[str]:
        return list(self.own(state).config.players)

    def parse_action(self, state: object, text: str, player: str | None = None) -> Action:
        return rules.parse_action(self.own(state), text)

    def presenter(self) -> Presenter[rules.GameState]:
        from bot.games.count_to_ten import presenter as count_presenter

        return count_presenter


KIND = CountToTen()
"""The kind this package hosts (found by `bot.host.kinds.discover`)."""
