"""The service's rules of who may do what, and when a click is out of date: the one place that decides them.

The bot asks these questions only through the service (`GameService.may_*` dry runs, or the call itself); it never
re-checks versions, choices fingerprints, host or seat rules of its own. Also the lobby's small rules (seat
names, colours, options) and the constants they use.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.host.kinds import KINDS, AnyKind, kind_named, legal_actions, waiting
from bot.host.service.errors import N_, GameNotActive, LobbyError, NotHost, NotSeated, NotYourTurn, StaleVersion, worded
from bot.host.storage import GameRow, SeatRow, Tx
from render.core.theme import PLAYER_COLOR_NAMES

COLOURS = PLAYER_COLOR_NAMES
"""Seat colours, in the order seats get them (`render.core.theme.PLAYER_COLORS`, which every game's pictures use)."""

MIN_SEATS, MAX_SEATS = 2, 4
NAME_LIMIT = 32
"""Longest player name kept (longer display names are cut)."""

LEAVE_CHOICES = ("ai", "end")
"""What happens when a player leaves a running game (the host's lobby option "on_leave"): an AI plays their seat
(the default), or the game ends."""


@functools.cache
def host_options() -> dict[str, tuple[object, ...]]:
    """Lobby options that the bot keeps with the game's config but the engine never sees, with their allowed values
    (the first is the default): what happens when a player leaves, whether the game is played in a thread of its
    lobby message (`bot.host.threads`, issue 42), and "no_suggestions": the host turned the *Suggest* button off
    (`bot.host.service.suggest`); the turn clock's hours per turn (0: none) and its AI level (unset: the game's
    `leave_ai_level`; `bot.host.service.clock`)."""
    clock_levels = tuple(dict.fromkeys(level for kind in KINDS.values() for level in kind.ai_levels))
    return {"on_leave": LEAVE_CHOICES, "play_in_thread": (False, True), "no_suggestions": (False, True),
            "clock_hours": (0, 12, 24, 48, 72), "clock_level": clock_levels, LANGUAGE: LANGUAGES}


LANGUAGE = "language"
"""The lobby option of the game's language (issue 55 item 2): its public posts and pictures are in it
(`bot.host.language.game_language`). Its default is the server's (`GameService.create`'s `guild_locale`), stored
only when it is not English; unset means English (and every game from before the option)."""
LANGUAGES = ("en", "pl", "de")
"""The languages a game may be played in (`bot.host.language.CHOICES`)."""


KEPT_OPTIONS = frozenset({"clock_strikes"})
"""What the bot keeps with a game's config that no host sets: the turn clock's timed-out turns in a row per seat."""


def engine_config(config: Mapping[str, Any], kind: AnyKind) -> Any:
    """The engine's config of a stored config of a game of `kind` (the bot's own options left out): a
    `GameConfig` of Grand Austria Hotel or of Overbooking.

    Raises:
        ValueError: the config names an option that does not exist.
    """
    return kind.engine_config({k: v for k, v in config.items() if k not in host_options() and k not in KEPT_OPTIONS})


def bot_options(config: Mapping[str, Any]) -> dict[str, Any]:
    """The bot's own options of a stored config (those set)."""
    return {k: v for k, v in config.items() if k in host_options() or k in KEPT_OPTIONS}

STALE_PANEL = N_("That panel is out of date: the game has moved on. Here is the current state.")


@functools.cache
def engine_version(kind: AnyKind) -> str:
    """The version of the rules engine of `kind`, stored with each game (the distribution's version if the engine
    has no `__version__`)."""
    version = getattr(kind.engine, "__version__", None)
    if isinstance(version, str):
        return version
    import importlib.metadata  # only here: it is slow to import, and needed once per process

    try:
        return importlib.metadata.version("grand-austria-hotel-bot")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def clean_name(name: str | None, fallback: str) -> str:
    """A player name fit for the engine and event texts: one line, no braces, at most `NAME_LIMIT` characters."""
    text = re.sub(r"\s+", " ", name or "")
    text = re.sub(r"[{}\x00-\x1f\x7f]", "", text).strip()[:NAME_LIMIT].strip()
    return text or fallback


def choices_fingerprint(state: Any, name: str) -> str:
    """A short fingerprint (10 hex digits) of the legal actions of player `name`, in order: equal fingerprints
    mean a panel's choice indices still name the same actions."""
    texts = "\n".join(action.text for action in legal_actions(state, name))
    return hashlib.blake2s(texts.encode(), digest_size=5).hexdigest()


def stored_state(game: GameRow) -> Any:
    """The engine state of a started game (of the game's kind, `bot.host.kinds`).

    Raises:
        GameNotActive: the game has not started.
    """
    if game.state is None:
        raise GameNotActive(N_("The game has not started yet."))
    return kind_named(game.kind).state_from_json(game.state)


def check_version(game: GameRow, expected: int | None) -> None:
    """Raise StaleVersion if `expected` is given and the game is at another version."""
    if expected is not None and expected != game.version:
        raise StaleVersion(STALE_PANEL, game.version)


def require_status(game: GameRow, *statuses: str) -> None:
    """Raise GameNotActive unless the game's status is one of `statuses`, with a sentence for the case."""
    if game.status in statuses:
        return
    if statuses == ("lobby",) and game.status == "active":
        raise GameNotActive(N_("The game has already started."))
    if "lobby" in statuses:
        raise GameNotActive(OVER.get(game.status, N_("The game has already started.")))
    if game.status == "lobby":
        raise GameNotActive(N_("The game has not started yet."))
    raise GameNotActive(NO_MORE_MOVES.get(game.status, N_("The game is over; no more moves can be made.")))


OVER = {"finished": N_("The game is already finished."), "cancelled": N_("The game is already cancelled.")}
"""A lobby request's refusal for a game that is over, by status: a whole sentence each (a status word would be
English in any language)."""
NO_MORE_MOVES = {"finished": N_("The game is finished; no more moves can be made."),
                 "cancelled": N_("The game is cancelled; no more moves can be made.")}
"""A move's refusal for a game that is over, by status."""


def require_host(game: GameRow, actor_id: int, is_manager: bool) -> None:
    """Raise NotHost unless the actor hosts the game or (where `is_manager` says so) manages the channel."""
    if actor_id != game.host_id and not is_manager:
        raise NotHost(N_("Only the host can do that.") if not is_manager
                      else N_("Only the host or a manager can do that."))


def own_seat(seats: Sequence[SeatRow], user_id: int, message: str = N_("You are not in this game.")) -> SeatRow:
    """The user's seat.

    Raises:
        NotSeated: the user holds none (with `message`).
    """
    seat = next((s for s in seats if s.user_id == user_id), None)
    if seat is None:
        raise NotSeated(message)
    return seat


def seat_on_turn(seats: Sequence[SeatRow], state: Any, user_id: int) -> SeatRow:
    """The user's seat, which must be one of those answering now (several during the staff draft).

    Raises:
        NotSeated: the user holds no seat.
        GameNotActive: the game is over.
        NotYourTurn: another seat must answer, or an AI plays the user's seat.
    """
    seat = own_seat(seats, user_id, N_("You are not playing in this game."))
    if state.current_index is None:
        raise GameNotActive(N_("The game is over; no more moves can be made."))
    on_turn = waiting(state)
    if seat.name not in on_turn:
        if len(on_turn) == 1:
            raise worded(NotYourTurn, N_("It is {player}'s turn, not yours."), player=on_turn[0])
        raise worded(NotYourTurn, N_("It is the turn of {players}, not yours."), players=", ".join(on_turn))
    if seat.ai_controlled:
        raise worded(NotYourTurn, N_("An AI is playing your seat; take it back first."))
    return seat


def seat_for_ai(game: GameRow, seats: Sequence[SeatRow], actor_id: int, position: int | None,
                is_manager: bool) -> SeatRow:
    """The seat `hand_to_ai` gives an AI: the actor's own (`position` None) or, for the host or a manager, any.

    Raises:
        NotSeated: `position` is None and the actor holds no seat.
        NotHost: the seat is not the actor's and the actor is neither the host nor a manager.
        LobbyError: no such seat, an AI seat, or already played by an AI.
    """
    if position is None:
        position = own_seat(seats, actor_id).position
    if not 0 <= position < len(seats):
        raise LobbyError(N_("There is no seat {seat}."), seat=position + 1)
    seat = seats[position]
    if seat.user_id != actor_id:
        require_host(game, actor_id, is_manager)
    if seat.user_id is None:
        raise LobbyError(N_("Seat {seat} is an AI seat already."), seat=position + 1)
    if seat.ai_controlled:
        raise LobbyError(N_("An AI already plays {player}'s seat."), player=seat.name)
    return seat


async def check_panel(tx: Tx, game: GameRow, seat: SeatRow, state: Any, since: int,
                      choices: str | None) -> None:
    """Whether a panel drawn at version `since` (with the choices fingerprint `choices`) may still act for `seat`.

    It may if the game is still at `since`; or if every version after `since` came from other seats' actions (no
    undo, no seat change, nothing of this seat's) and the seat's legal actions still have the fingerprint
    `choices` (in the simultaneous staff draft, one player's pick does not make the others' panels stale).

    Raises:
        StaleVersion: the panel is out of date.
    """
    if since == game.version:
        return
    stale = StaleVersion(STALE_PANEL, game.version)
    if choices is None or since > game.version or choices_fingerprint(state, seat.name) != choices:
        raise stale
    later = [row for row in await tx.log(game.id) if row.version_after > since]
    if {row.version_after for row in later} != set(range(since + 1, game.version + 1)):
        raise stale  # a version without a log row: a seat was handed to an AI or taken back
    if any(row.kind != "action" or row.seat == seat.position for row in later):
        raise stale


def check_level(level: str, kind: AnyKind) -> None:
    """Raise LobbyError for an AI level the game of `kind` does not have."""
    if level not in kind.ai_levels:
        raise LobbyError(N_("Unknown AI level {level}; choose one of {levels}."), level=repr(level),
                         levels=", ".join(kind.ai_levels))


def validated_options(current: Mapping[str, Any], changes: Mapping[str, Any],
                      kind: AnyKind) -> dict[str, Any]:
    """`current` options with `changes` applied (None resets one), checked by the config of the game of `kind`.

    Raises:
        LobbyError: an unknown option or a bad value.
    """
    option_names = kind.option_names
    unknown = sorted(set(changes) - option_names - set(host_options()))
    if unknown:
        raise LobbyError(f"Unknown option(s): {', '.join(unknown)}. Options: "
                         f"{', '.join(sorted(option_names | set(host_options())))}.")
    for name, allowed in host_options().items():
        if changes.get(name) is not None and changes[name] not in allowed:
            words = ", ".join(str(value) for value in allowed)
            raise LobbyError(f"The option {name} is one of {words}, not {changes[name]!r}.")
    if changes.get("clock_level") is not None and changes["clock_level"] not in kind.ai_levels:
        raise LobbyError(f"The turn clock's AI is one of {', '.join(kind.ai_levels)}, not {changes['clock_level']!r}.")
    everything = {k: v for k, v in {**current, **changes}.items() if v is not None}
    merged = {k: v for k, v in everything.items() if k in option_names}
    try:
        kind.validate_options(merged)
    except (TypeError, ValueError) as error:
        raise LobbyError(str(error)) from error
    return {**merged, **bot_options(everything)}


def free_colour(seats: Sequence[SeatRow]) -> str:
    """The first seat colour nobody has."""
    taken = {seat.colour for seat in seats}
    return next(colour for colour in COLOURS if colour not in taken)


def unique_name(seats: Sequence[SeatRow], name: str) -> str:
    """`name`, or `name 2`, `name 3` ... so that no two seats share a name (ignoring case)."""
    taken = {seat.name.casefold() for seat in seats}
    candidate, n = name, 2
    while candidate.casefold() in taken:
        suffix = f" {n}"
        candidate = name[: NAME_LIMIT - len(suffix)] + suffix
        n += 1
    return candidate


def renumber(seats: Sequence[SeatRow]) -> list[SeatRow]:
    """The seats with positions 0, 1, ... in their order, each with its position's colour: the pictures colour a
    player by their place in the game (`render.core.theme.PLAYER_COLORS`), so a seat that moves up changes colour
    too."""
    return [dataclasses.replace(seat, position=i, colour=COLOURS[i % len(COLOURS)]) for i, seat in enumerate(seats)]


def apart_from_opponent(seats: list[SeatRow], kind: Any, options: Mapping[str, Any]) -> list[SeatRow]:
    """The lone seat of a solo game, renamed "Leopold 2" (`unique_name`) if its player is called like the solo
    opponent (Leopold, or Elisabeth with the Celebrities module; `GameConfig.opponent_name`), which the engine
    refuses: a member cannot choose another name in the bot, so the bot picks one. Names are fixed at Start,
    so stored games keep theirs."""
    try:
        opponent = str(kind.new_config(["-"], options).opponent_name)
    except (ValueError, AttributeError):  # no such option mix (the real config says why) or no opponent
        return seats
    opponent_seat = dataclasses.replace(seats[0], position=1, user_id=None, name=opponent)
    return [dataclasses.replace(seats[0], name=unique_name([opponent_seat], seats[0].name))]
