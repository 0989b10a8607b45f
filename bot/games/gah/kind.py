"""Grand Austria Hotel as a kind of game the bot hosts (`engine`, `engine.gah.ai`, `bot.games.gah.presenter`)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import engine.gah
import engine.gah.ai
from bot.games.gah.news import NEWS_TITLES
from bot.host.kind_base import CHANNEL_COMMANDS, GameAI, GameKind, LobbyOptions, Score, SlashCommand
from bot.host.service.errors import LobbyError
from engine.core.actions import Action
from engine.core.options import check_value, spec_named
from engine.core.protocol import GameEngine
from engine.core.suggestions import RankedMove
from engine.gah.options_spec import OPTIONS as GAH_OPTIONS
from render.core.lang import N_

if TYPE_CHECKING:
    from collections.abc import Mapping

    from bot.host.cogs.commands import Handler
    from bot.host.kind_clicks import TurnClicks
    from bot.host.kind_presenter import Presenter

_GAH_ENGINE = engine.gah
_GAH_AI = engine.gah.ai
GahState = engine.gah.GameState
GahConfig = engine.gah.GameConfig
class GrandAustriaHotel(GameKind[GahState, GahConfig]):
    """Grand Austria Hotel: the bot's first game (`engine`)."""

    key = "gah"
    title = "Grand Austria Hotel"
    command = "gah"
    leave_ai_level = "greedy"
    barrier_events = frozenset({"roll", "draw_staff", "reshuffle", "guest", "turn", "round", "emperor_scoring"})
    turn_events = frozenset({"turn", "round", "emperor_scoring", "game_over", "draft_pass"})
    solo = True
    several_steps = True
    quick_turns = True
    quick_turns_note = N_("Quick turns on: your turn ends by itself once your die's action is done and nothing free is "
                          "left to do (a guest to check in, a free serve, a once-a-round staff card keep it open; "
                          "serving for a krone does not). Press the switch again to keep one turn open.")
    suggestions = True  # the expert AI ranks moves (engine.gah.ai.explain)
    since_last_turn = True
    hand_cards = N_("staff cards")  # said in the reader's language (`Controller.show_hand`)
    news_events = frozenset({"round", "emperor_scoring", "game_over"})
    news_titles = NEWS_TITLES
    fast_ai_levels = frozenset({"random"})
    command_description = "Play Grand Austria Hotel"
    slash_commands = (
        SlashCommand("new", "Open a new game of Grand Austria Hotel in this channel", handler="new_solo"),
        SlashCommand("turn", "Open your turn panel (only when it is your turn)"),
        SlashCommand("board", "Show the board (of the running game or the last finished one)"),
        SlashCommand("hotel", "Show a player's hotel"),
        SlashCommand("hand", "Show your staff cards (only you see them)"),
        SlashCommand("score", "Projected scores, with the coming Emperor scorings"),
        SlashCommand("log", "The game's log in words: the newest page, any page, or the whole file"),
        SlashCommand("card", "Look up a guest, staff card, politics card or Emperor tile"),
        SlashCommand("rules", "A short summary of the rules"),
        SlashCommand("help", "How to use this bot"),
        SlashCommand("stats", "Someone's results on this server"),
        SlashCommand("leaderboard", "The best players on this server"),
        SlashCommand("games", "Your open games on this server (both games), with links; or everyone's"),
        SlashCommand("notify", "How I tell you it is your turn, and whether I remind you"),
        SlashCommand("reminders", "How long a turn may wait before I remind the player (host)"),
        SlashCommand("snooze", "No reminder for you this turn (or in any game for some hours)"),
        SlashCommand("away", "Away for some days: the AI plays your turns in every game (days:0: back)"),
        *CHANNEL_COMMANDS,
        SlashCommand("sync", "Admin (Manage Server): publish the bot's commands again"),
    )
    command_ai_level = "random"
    seats_needed = N_("A game of {title} needs {low} to {high} seats (or you alone, against Leopold); this one has "
                      "{seats}.")
    engine: GameEngine[GahConfig, GahState, Score] = _GAH_ENGINE
    ai: GameAI[GahState] = _GAH_AI
    state_type = GahState
    config_type = GahConfig

    def config_fields(self) -> tuple[dataclasses.Field[object], ...]:
        """The fields of `engine.GameConfig`."""
        return dataclasses.fields(GahConfig)

    def validate_options(self, options: LobbyOptions) -> None:
        """As `GameKind.validate_options`; a solo option is checked with one player, and the solo opponent's
        entrance by its name alone (it counts once a host starts alone with Unique Hotels)."""
        values = dict(options)
        check_value(spec_named(GAH_OPTIONS, "solo_entrance"), values.pop("solo_entrance", None))
        GahConfig(players=("a",) if values.get("solo") else ("a", "b"), **values).validate()

    def solo_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A host alone plays the solo game against Leopold (`solo="leopold"`; Elisabeth with Celebrities, as the
        engine decides); the opponent's entrance only with Let's Waltz module 3 (player aid, "Solo rules").

        Raises:
            LobbyError: with Let's Waltz module 4 (Start Player), which is not played solo.
        """
        modules = options.get("modules") or ()
        if "start_player" in modules:
            raise LobbyError(N_("The Let's Waltz module Start Player (4) cannot be played solo: take it out "
                                "under Options (Variants and Let's Waltz modules), or let more players join."))
        solo = {**options, "solo": "leopold"}
        if "unique_hotels" not in modules:
            solo.pop("solo_entrance", None)  # the solo opponent's entrance needs module 3
        return solo

    def group_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Without the solo options: only a solo game has an opponent (and its entrance)."""
        return {key: value for key, value in options.items() if key not in ("solo", "solo_entrance")}

    def new_config(self, players: list[str], options: LobbyOptions) -> GahConfig:
        """The engine config of a game with these players and lobby options."""
        return GahConfig(players=players, **options)

    def config_to_dict(self, config: GahConfig) -> dict[str, object]:
        """`GameConfig.to_dict`."""
        return dict(config.to_dict())

    def engine_config(self, stored: LobbyOptions) -> GahConfig:
        """`GameConfig.from_dict` of the stored config."""
        return GahConfig.from_dict(dict(stored))

    def state_from_json(self, text: str) -> GahState:
        """`GameState.from_json`."""
        return GahState.from_json(text)

    def parse_action(self, state: object, text: str, player: str | None = None) -> Action:
        """`engine.parse_action`, which takes the player's name."""
        return _GAH_ENGINE.parse_action(self.own(state), text, player)

    def waiting(self, state: object) -> list[str]:
        """Names of every player who may act now: several during the staff draft."""
        return list(self.own(state).waiting)

    def rank_moves(self, state: GahState, seat: int, seed: int) -> list[RankedMove]:
        """The expert's best moves with the suggestion budget (`engine.gah.ai.explain.rank_moves`)."""
        from engine.gah.ai.explain import rank_moves  # lazily: the search is loaded where a suggestion is asked

        return rank_moves(self.own(state), seat, seed=seed)

    def command_handlers(self) -> Mapping[str, Handler]:
        """`bot.games.gah.commands.HANDLERS`, imported on first use (discord.py)."""
        from bot.games.gah import commands

        return commands.HANDLERS

    def clicks(self) -> TurnClicks:
        """`bot.games.gah.clicks`, imported on first use (discord.py)."""
        from bot.games.gah import clicks

        return clicks

    def presenter(self) -> Presenter[GahState]:
        """The presentation half (panel, words, pictures, texts), imported on first use (Pillow, discord)."""
        from bot.games.gah import presenter as gah_presenter
        return gah_presenter
KIND = GrandAustriaHotel()
"""The kind this package hosts (found by `bot.host.kinds.discover`)."""
