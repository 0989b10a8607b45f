"""What every game the bot hosts is to the shared machinery: `GameKind` (its engine, AI, options and how the bot
shows it), the protocols its engine, states, configs, scores and AI players meet, and its slash commands as data
(`SlashCommand`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

from engine.core.actions import Action, Event
from engine.core.protocol import GameEngine
from engine.core.suggestions import RankedMove
from render.core.lang import N_

if TYPE_CHECKING:
    from bot.host.cogs.commands import Handler
    from bot.host.kind_clicks import TurnClicks
    from bot.host.kind_presenter import Presenter
    from bot.host.settings import Settings

LobbyOptions: TypeAlias = Mapping[str, Any]
"""A lobby's game options as stored (JSON values); the engine config checks them (`GameKind.validate_options`)."""


class EngineState(Protocol):
    """What the shared machinery reads of any game's engine state."""

    @property
    def current_player(self) -> str | None: ...

    @property
    def current_index(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def to_json(self) -> str: ...


class EngineConfig(Protocol):
    """What the shared machinery reads of any game's engine config."""

    @property
    def seed(self) -> int: ...

    def validate(self) -> None: ...


class Score(Protocol):
    """One player's final score in any game (`final_scores`)."""

    @property
    def total(self) -> int: ...

    @property
    def rank(self) -> int: ...

    @property
    def tiebreak(self) -> int: ...

    @property
    def parts(self) -> Mapping[str, int]: ...


S = TypeVar("S", bound=EngineState)
C = TypeVar("C", bound=EngineConfig)
S_contra = TypeVar("S_contra", bound=EngineState, contravariant=True)
C_contra = TypeVar("C_contra", bound=EngineConfig, contravariant=True)


class Policy(Protocol[S_contra]):
    """An AI player of a game."""

    def choose(self, state: S_contra) -> Action:
        """One of the legal actions for the player who must act in `state`."""


class GameAI(Protocol[S_contra]):
    """A game's AI module (`engine.gah.ai`, `engine.overbooking.ai`): its levels, weakest first, and its policies."""

    LEVELS: tuple[str, ...]

    def policy(self, level: str, seed: int) -> Policy[S_contra]: ...


@dataclasses.dataclass(frozen=True)
class SlashCommand:
    """One subcommand of a game's slash command group (`/gah turn`), as data: `bot.host.cogs.commands` builds it into
    the group from the shared handler it names, so that every game answers a shared command with the same code.

    Attributes:
        name: the subcommand's name.
        description: its description in Discord's command list (at most 100 characters).
        handler: the shared handler that answers it (a key of `bot.host.cogs.commands.HANDLERS`; "" means `name`).
        options: which of the handler's options the command offers (None: all of them; the others keep their
            defaults).
        option_descriptions: descriptions replacing the handler's own, by option name.
    """

    name: str
    description: str
    handler: str = ""
    options: tuple[str, ...] | None = None
    option_descriptions: Mapping[str, str] = dataclasses.field(default_factory=dict)


GAME_ID_DESCRIPTION = "A game id (default: this channel's game)"
"""The description of the `game` option of the viewing commands."""

CHANNEL_COMMANDS = (
    SlashCommand("skip", "Skip the player on turn (host or Manage Channels)"),
    SlashCommand("ai", "Let an AI play a seat (yours, or anyone's if you host)"),
    SlashCommand("leave", "Leave this channel's game (an AI plays on, or the game ends)"),
    SlashCommand("takeback", "Take your seat back from the AI"),
    SlashCommand("cancel", "Cancel this channel's game (host or Manage Channels)"),
    SlashCommand("vote", "Vote to skip the player on turn, or let an AI play their seat, after their reminder"),
    SlashCommand("seats", "The seats of this channel's game; open an AI seat to newcomers (host)"),
)
"""The commands that act on whatever game the channel has, in every game's group (one behaviour, several names)."""


class GameKind(Generic[S, C]):
    """One game the bot hosts: its engine, AI and options (subclasses fill them in).

    Attributes:
        key: the kind stored for a game in the `game_kinds` table (`DEFAULT_KIND` without a row).
        title: the game's name in messages.
        command: the slash command group of the game (`/gah`, `/overbooking`).
        ai_levels: the AI levels, weakest first.
        leave_ai_level: the AI that takes over the seat of a player who leaves a running game.
        barrier_events: event kinds an undo cannot reach past (something new was revealed).
        turn_events: event kinds after which the channel hears of the move even if the same seat acts again.
        min_seats, max_seats: players a game takes (a lone human seat may still be allowed: `solo`).
        solo: True if a host alone may start (against the game's own solo opponent).
        shared_hotels: True if the hotels are shared, not a player's own (*Hotels* shows them all at once).
        several_steps: True if the turn panel may answer a step-by-step decision several times in one select.
        quick_turns: True if the panel offers "Quick turns" (the turn ends by itself once the die's action is done).
        quick_turns_note: what the panel says when a player switches quick turns on: when a turn then ends by itself
            and what keeps it open (marked for the catalogs; a kind with `quick_turns` says it).
        suggestions: True if the panel may offer the *Suggest* button (an AI that can rank the user's moves).
        since_last_turn: True if the panel opens with "Since your last turn" (`bot.games.gah.since_last_turn` reads the
            game's log events).
        hand_cards: what a player's hand holds, in words ("staff cards").
        news_titles: the beginnings of the titles of the recap sections that a recap too long for its post keeps
            before any other (`bot.host.turn_post.split_recap`): the news a spectator must not miss.
        news_events: event kinds that make a move news for the channel when no seat changed (a round, a scoring):
            other moves wait for the next post; None: every move is posted.
        fast_ai_levels: AI levels quick enough to move inline, in the click's own work (the others think in the
            AI pool).
        command_description: the description of the game's slash command group.
        slash_commands: the group's subcommands, in the order Discord lists them (`SlashCommand`).
        command_ai_level: the AI that `/<command> ai` puts on a seat when no level is given.
        seats_needed: the refusal of a start with a number of seats the game does not take (placeholders title, low,
            high, seats; marked for the catalogs).
        engine: the rules engine (a module), `state_type` and `config_type` its state and config classes.
        ai: the AI module.
    """

    key = ""
    title = ""
    command = ""
    leave_ai_level = ""
    barrier_events: frozenset[str] = frozenset()
    turn_events: frozenset[str] = frozenset()
    min_seats, max_seats = 2, 4
    solo = False
    shared_hotels = False
    several_steps = False
    quick_turns = False
    quick_turns_note = ""
    suggestions = False
    since_last_turn = False
    hand_cards = N_("cards")  # said in the reader's language (`Controller.show_hand`)
    news_events: frozenset[str] | None = None
    news_titles: tuple[str, ...] = ()
    fast_ai_levels: frozenset[str] = frozenset()
    command_description = ""
    slash_commands: tuple[SlashCommand, ...] = ()
    command_ai_level = ""
    seats_needed = N_("A game of {title} needs {low} to {high} seats; this one has {seats}.")
    engine: GameEngine[C, S, Score]
    ai: GameAI[S]
    state_type: type[S]
    config_type: type[C]

    @property
    def provisional(self) -> bool:
        """True while new games of this kind use provisional numbers (only Overbooking has any)."""
        return False

    @property
    def ai_levels(self) -> tuple[str, ...]:
        """The game's AI levels, weakest first (read from the AI module each time)."""
        return tuple(self.ai.LEVELS)

    # ----- options and configs ---------------------------------------------------------------------------------

    def config_fields(self) -> tuple[dataclasses.Field[object], ...]:
        """The fields of the game's config dataclass."""
        raise NotImplementedError

    @property
    def option_names(self) -> frozenset[str]:
        """Options the lobby may set: every field of the game's config but the players (and component data)."""
        return frozenset(f.name for f in self.config_fields()) - {"players", "data"}

    @property
    def option_defaults(self) -> dict[str, object]:
        """What each option is when the host never set it."""
        return {f.name: f.default for f in self.config_fields()
                if f.default is not dataclasses.MISSING and f.name in self.option_names}

    def validate_options(self, options: LobbyOptions) -> None:
        """Raise ValueError (or TypeError) with a sentence if the lobby options do not make a valid game."""
        self.new_config(["a", "b"], options).validate()

    def solo_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a start by a lone human host against the game's solo opponent (`solo` kinds only): the
        lobby's options (already limited to `option_names`) with the solo ones set.

        Raises:
            LobbyError (`bot.host.service.errors`): an option the solo game cannot take.
        """
        raise NotImplementedError(f"{self.key} has no solo game")

    def group_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a start by several seats: the lobby's options less those only a solo game uses (by
        default, all of them)."""
        return options

    def new_config(self, players: list[str], options: LobbyOptions) -> C:
        """The engine config of a game starting with these players and lobby options (the seed among them).

        Raises:
            ValueError: an option is invalid.
        """
        raise NotImplementedError

    def config_to_dict(self, config: C) -> dict[str, object]:
        """The JSON-ready dict stored in `games.config` (read back by `engine_config`)."""
        raise NotImplementedError

    def stored_defaults(self) -> dict[str, object]:
        """The stored config (`config_to_dict`) of a two-player game with no lobby option chosen: what a rematch
        leaves out of the options it copies (`bot.host.service.lobby`)."""
        return self.config_to_dict(self.new_config(["a", "b"], {}))

    def engine_config(self, stored: LobbyOptions) -> C:
        """The engine config of a stored config (`config_to_dict`'s dict; the bot's own options left out by the
        caller).

        Raises:
            ValueError: the config names an option that does not exist.
        """
        raise NotImplementedError

    def start_game(self, players: list[str], options: LobbyOptions) -> tuple[dict[str, object], S]:
        """A new game of these players with these lobby options: the config to store (`config_to_dict`) and the
        first state.

        Raises:
            ValueError: an option is invalid.
        """
        config = self.new_config(players, options)
        return self.config_to_dict(config), self.new_game(config)

    def version(self) -> str:
        """The version of the game's rules engine, stored with each game."""
        return str(getattr(self.engine, "__version__", "unknown"))

    # ----- the engine ----------------------------------------------------------------------------------------

    def own(self, state: object) -> S:
        """`state` as this game's state.

        Raises:
            TypeError: it is another game's state.
        """
        if not isinstance(state, self.state_type):
            raise TypeError(f"not a {self.title} state: {type(state).__name__}")
        return state

    def state_from_json(self, text: str) -> S:
        """The engine state stored as `text`."""
        raise NotImplementedError

    def new_game(self, config: C) -> S:
        """`new_game` of the game's engine."""
        return self.engine.new_game(config)

    def legal_actions(self, state: object, player: str | None = None) -> list[Action]:
        """`legal_actions` of the game's engine."""
        return self.engine.legal_actions(self.own(state), player)

    def apply(self, state: object, action: Action, player: str | None = None) -> tuple[S, list[Event]]:
        """`apply` of the game's engine."""
        return self.engine.apply(self.own(state), action, player)

    def parse_action(self, state: object, text: str, player: str | None = None) -> Action:
        """`parse_action` of the game's engine (the player's name is passed where the engine takes it)."""
        raise NotImplementedError

    def player_view(self, state: object, player: str | None) -> S:
        """`player_view` of the game's engine."""
        return self.engine.player_view(self.own(state), player)

    def final_scores(self, state: object) -> Mapping[str, Score]:
        """`final_scores` of the game's engine: name -> breakdown with total, rank, tiebreak and parts."""
        return self.engine.final_scores(self.own(state))

    def seat_names(self, state: object) -> list[str]:
        """The name of each seat of `state`, in seat order (a solo opponent's seat included). By default the names of
        the state's `players` (both real games keep them there); a game that keeps them elsewhere says so here."""
        return [player.name for player in getattr(self.own(state), "players")]  # noqa: B009 - not in EngineState

    def waiting(self, state: object) -> list[str]:
        """Names of the players who may act now."""
        own = self.own(state)
        name = own.current_player
        return [] if name is None or own.is_over else [name]

    def policy(self, level: str, seed: int) -> Policy[S]:
        """The AI of `level` with its own seed.

        Raises:
            ValueError: unknown level.
        """
        return self.ai.policy(level, seed)

    def rank_moves(self, state: S, seat: int, seed: int) -> list[RankedMove]:
        """The *Suggest* answer: the AI's best moves for `seat` in `state`, best first, with their worth and reasons.

        Raises:
            NotImplementedError: this game has no *Suggest* (`suggestions` is False).
        """
        raise NotImplementedError(f"{self.title} has no Suggest")

    def command_handlers(self) -> Mapping[str, Handler]:
        """The slash command handlers only this game has, by handler name (`SlashCommand.handler`), which the
        shared ones (`bot.host.cogs.commands.HANDLERS`) do not cover; imported on first use (they load discord.py).
        By default none."""
        return {}

    def read_settings(self, read_text: Callable[[str], str]) -> object | None:
        """What this game reads of the environment when the bot starts, through `read_text` (the host's reader: an
        environment variable's text, "" when unset); kept in `Settings.games` under the game's key for `configure`.
        By default nothing (None).

        Raises:
            ValueError: a setting is wrong; the message names it (the bot then does not start).
        """
        return None

    def configure(self, settings: Settings) -> str | None:
        """Take what this game reads from the bot's settings when the bot starts (by default nothing); the answer
        is a line for the log, or None."""
        return None

    def clicks(self) -> TurnClicks | None:
        """What the panel does beyond one legal action a click (`bot.host.kind_clicks.TurnClicks`: compound choices,
        several steps in one select, quick turns, *Suggest*'s *Play this*, Undo's words); None: nothing beyond."""
        return None

    def presenter(self) -> Presenter[S]:
        """The presentation half of the kind (panel, words, pictures, lobby texts), imported on first use so that
        the service and the AI workers load neither discord nor Pillow (`bot.host.kind_presenter`)."""
        raise NotImplementedError

    def step_count(self, state: object) -> int | None:
        """How many actions the state has seen, if the engine counts them (for replay-check messages)."""
        steps = getattr(state, "steps", None)
        return steps if isinstance(steps, int) else None
