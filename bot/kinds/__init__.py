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

The seam is typed: a kind is a `GameKind[S, C]` over its engine's state and config types, its engine and AI are
checked against the one `engine.core.GameEngine` protocol and the `GameAI` protocol and its presenter against
`Presenter`. Whatever differs between the games (shared hotels, quick turns, the words for a hand) is a field of the
kind, never a test of its name. Adding a game: its kind here (and in `AnyKind`, `AnyState`), with its slash
command group as data (`slash_commands`, built by `bot.cogs.commands`), and its presenter module.

"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

import engine
import engine.ai
import engine.overbooking
import engine.overbooking.ai
from engine import Action, Event
from engine.core.options import check_value, options_to_dict, spec_named
from engine.core.protocol import GameEngine
from engine.options_spec import OPTIONS as GAH_OPTIONS
from engine.overbooking.data import OverbookingData, bundled_data, parse_data
from engine.overbooking.options_spec import OPTIONS as OVERBOOKING_OPTIONS

_GAH_ENGINE = engine
_GAH_AI = engine.ai
_OVERBOOKING_ENGINE = engine.overbooking
_OVERBOOKING_AI = engine.overbooking.ai

if TYPE_CHECKING:
    from bot.kinds.presenter import OverbookingPresenter, Presenter

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
    """A game's AI module (`engine.ai`, `engine.overbooking.ai`): its levels, weakest first, and its policies."""

    LEVELS: tuple[str, ...]

    def policy(self, level: str, seed: int) -> Policy[S_contra]: ...


@dataclasses.dataclass(frozen=True)
class SlashCommand:
    """One subcommand of a game's slash command group (`/gah turn`), as data: `bot.cogs.commands` builds it into
    the group from the shared handler it names, so that every game answers a shared command with the same code.

    Attributes:
        name: the subcommand's name.
        description: its description in Discord's command list (at most 100 characters).
        handler: the shared handler that answers it (a key of `bot.cogs.commands.HANDLERS`; "" means `name`).
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
        suggestions: True if the panel may offer the *Suggest* button (an AI that can rank the user's moves).
        since_last_turn: True if the panel opens with "Since your last turn" (`bot.since_last_turn` reads the
            game's log events).
        hand_cards: what a player's hand holds, in words ("staff cards").
        news_events: event kinds that make a move news for the channel when no seat changed (a round, a scoring):
            other moves wait for the next post; None: every move is posted.
        fast_ai_levels: AI levels quick enough to move inline, in the click's own work (the others think in the
            AI pool).
        command_description: the description of the game's slash command group.
        slash_commands: the group's subcommands, in the order Discord lists them (`SlashCommand`).
        command_ai_level: the AI that `/<command> ai` puts on a seat when no level is given.
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
    suggestions = False
    since_last_turn = False
    hand_cards = "cards"
    news_events: frozenset[str] | None = None
    fast_ai_levels: frozenset[str] = frozenset()
    command_description = ""
    slash_commands: tuple[SlashCommand, ...] = ()
    command_ai_level = ""
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
        leaves out of the options it copies (`bot.service.lobby`)."""
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

    def presenter(self) -> Presenter[S]:
        """The presentation half of the kind (panel, words, pictures, lobby texts), imported on first use so that
        the service and the AI workers load neither discord nor Pillow (`bot.kinds.presenter`)."""
        raise NotImplementedError

    def step_count(self, state: object) -> int | None:
        """How many actions the state has seen, if the engine counts them (for replay-check messages)."""
        steps = getattr(state, "steps", None)
        return steps if isinstance(steps, int) else None


GahState = engine.GameState
GahConfig = engine.GameConfig
OverbookingState = engine.overbooking.GameState
OverbookingConfig = engine.overbooking.GameConfig


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
    suggestions = True  # the expert AI ranks moves (engine.ai.explain)
    since_last_turn = True
    hand_cards = "staff cards"
    news_events = frozenset({"round", "emperor_scoring", "game_over"})
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

    def presenter(self) -> Presenter[GahState]:
        """The presentation half (panel, words, pictures, texts), imported on first use (Pillow, discord)."""
        from bot.kinds import gah_presenter
        return gah_presenter


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
    hand_cards = "guest cards"
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

    def presenter(self) -> OverbookingPresenter[OverbookingState]:
        """The presentation half (panel, words, pictures, texts, rules pages), imported on first use."""
        from bot.kinds import overbooking_presenter
        return overbooking_presenter


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


__all__ = ["DEFAULT_KIND", "GRAND_AUSTRIA_HOTEL", "KINDS", "KINDS_BY_COMMAND", "OVERBOOKING", "AnyKind", "AnyPolicy",
           "AnyState", "EngineConfig", "EngineState", "GameAI", "GameKind", "LobbyOptions", "Policy",
           "Score", "SlashCommand", "apply", "final_scores", "kind_named", "kind_of", "legal_actions", "new_game",
           "parse_action", "player_view", "waiting"]
