"""The lobby: open a game, join and leave, AI seats, options, start; and cancelling a lobby or a running game.

Every edit is one `ServiceBase.unit` (lock, transaction, status "lobby", expected version, one version bump).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from bot.kinds import DEFAULT_KIND, KINDS, kind_named
from bot.service.ai_seats import refuse_ai_only
from bot.service.errors import LobbyError, NotSeated
from bot.service.model import GameInfo, TurnResult
from bot.service.rules import (
    COLOURS,
    bot_options,
    check_level,
    clean_name,
    engine_version,
    free_colour,
    renumber,
    require_host,
    require_status,
    unique_name,
    validated_options,
)
from bot.service.unit import ServiceBase, game_info, load
from bot.storage import ChannelTaken, SeatRow

log = logging.getLogger(__name__)


class Lobby(ServiceBase):
    """The lobby part of `GameService`."""

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str | None = None,
        options: Mapping[str, Any] | None = None,
        seat_host: bool = True,
        kind: str = DEFAULT_KIND,
    ) -> GameInfo:
        """Open a lobby of a game of `kind` (`bot.kinds`: "gah" or "overbooking") in a channel, with the host in
        the first seat (unless `seat_host` is False). A channel holds one open game, of either kind.

        Raises:
            LobbyError: the channel already has an open game (of either kind), an option is invalid, or there is
                no game of that kind.
        """
        if kind not in KINDS:
            raise LobbyError(f"There is no game {kind!r}; the bot hosts {', '.join(KINDS)}.")
        config = validated_options({}, options or {}, kind_named(kind))
        now = self.clock()
        taken = LobbyError("This channel already has a game. Finish or cancel it first.")
        async with self.storage.transaction() as tx:
            open_game = await tx.open_game_in_channel(channel_id)
            if open_game is not None:
                if open_game.kind != kind:
                    raise LobbyError(f"This channel already has a game of {kind_named(open_game.kind).title}. "
                                     "A channel hosts one game at a time: finish or cancel it first, or use another "
                                     "channel.")
                raise taken
            try:
                row = await tx.insert_game(guild_id=guild_id, channel_id=channel_id, host_id=host_id, config=config,
                                           engine_version=engine_version(kind_named(kind)), now=now, kind=kind)
            except ChannelTaken as error:
                raise taken from error
            seats: list[SeatRow] = []
            if seat_host:
                seats = [SeatRow(row.id, 0, host_id, None, clean_name(host_name, "Player 1"), COLOURS[0], now)]
                await tx.replace_seats(row.id, seats)
        log.info("Game %d created in channel %d by %d", row.id, channel_id, host_id)
        return game_info(row, seats)

    async def join(
        self, game_id: int, user_id: int, name: str | None = None, *, expected_version: int | None = None
    ) -> GameInfo:
        """Take the next free seat of a lobby.

        Raises:
            NoGameHere, GameBusy, StaleVersion, GameNotActive: see `ServiceBase.unit` (status "lobby").
            LobbyError: the user is already seated, or every seat is taken.
        """
        async with self.unit(game_id, status="lobby", expected_version=expected_version) as work:
            seats = work.seats
            if any(seat.user_id == user_id for seat in seats):
                raise LobbyError("You are already in this game.")
            most = kind_named(work.game.kind).max_seats
            if len(seats) >= most:
                raise LobbyError(f"The game is full ({most} seats).")
            player = unique_name(seats, clean_name(name, f"Player {len(seats) + 1}"))
            work.set_seats([*seats, SeatRow(game_id, len(seats), user_id, None, player, free_colour(seats), work.now)])
        return work.info()

    async def leave(self, game_id: int, user_id: int, *, expected_version: int | None = None) -> GameInfo:
        """Give up a lobby seat; the seats behind move up. If the host leaves, the next seated user becomes host;
        if no user is left, the lobby is cancelled.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game has started (hand your seat to an AI instead) or is over.
            GameBusy: another change held the game past the lock timeout.
            StaleVersion: `expected_version` is given and the game moved on.
            NotSeated: the user holds no seat.
        """
        async with self.unit(game_id, status="lobby", expected_version=expected_version) as work:
            if not any(seat.user_id == user_id for seat in work.seats):
                raise NotSeated("You are not in this game.")
            work.set_seats(renumber([seat for seat in work.seats if seat.user_id != user_id]))
            if work.game.host_id == user_id:
                humans = [seat.user_id for seat in work.seats if seat.user_id is not None]
                if humans:
                    work.update(host_id=humans[0])
                else:
                    work.update(status="cancelled", finished_at=work.now)
        return work.info()

    async def add_ai(
        self, game_id: int, actor_id: int, level: str = "random", *, expected_version: int | None = None
    ) -> GameInfo:
        """Add an AI seat to a lobby (host only).

        Raises:
            NoGameHere, GameBusy, StaleVersion, GameNotActive: see `ServiceBase.unit` (status "lobby").
            NotHost: the actor is not the host.
            LobbyError: unknown AI level, or every seat is taken.
        """
        async with self.unit(game_id, status="lobby", expected_version=expected_version) as work:
            kind = kind_named(work.game.kind)
            check_level(level, kind)
            require_host(work.game, actor_id, False)
            seats = work.seats
            if len(seats) >= kind.max_seats:
                raise LobbyError(f"The game is full ({kind.max_seats} seats).")
            colour = free_colour(seats)
            name = unique_name(seats, f"AI {colour.title()}")
            work.set_seats([*seats, SeatRow(game_id, len(seats), None, level, name, colour, work.now)])
        return work.info()

    async def remove_ai(
        self, game_id: int, actor_id: int, position: int, *, expected_version: int | None = None
    ) -> GameInfo:
        """Remove the AI seat at `position` from a lobby (host only); the seats behind move up.

        Raises:
            NoGameHere, GameBusy, StaleVersion, GameNotActive: see `ServiceBase.unit` (status "lobby").
            NotHost: the actor is not the host.
            LobbyError: there is no AI seat at that position.
        """
        async with self.unit(game_id, status="lobby", expected_version=expected_version) as work:
            require_host(work.game, actor_id, False)
            seats = work.seats
            if not 0 <= position < len(seats) or seats[position].user_id is not None:
                raise LobbyError(f"Seat {position + 1} is not an AI seat.")
            work.set_seats(renumber([seat for seat in seats if seat.position != position]))
        return work.info()

    async def set_options(
        self, game_id: int, actor_id: int, options: Mapping[str, Any], *, expected_version: int | None = None
    ) -> GameInfo:
        """Change lobby options (host only): any `GameConfig` field but the players; a value of None resets
        the option to its default.

        Raises:
            NoGameHere, GameBusy, StaleVersion, GameNotActive: see `ServiceBase.unit` (status "lobby").
            NotHost: the actor is not the host.
            LobbyError: an unknown option or a bad value.
        """
        async with self.unit(game_id, status="lobby", expected_version=expected_version) as work:
            require_host(work.game, actor_id, False)
            work.update(config=validated_options(work.game.config, options, kind_named(work.game.kind)))
        return work.info()

    async def check_set_options(self, game_id: int, actor_id: int) -> GameInfo:
        """Dry run of `set_options` (before the bot shows the host the option menus): the game if the actor may
        change its options now; changes nothing.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is past its lobby.
            NotHost: the actor is not the host.
        """
        async with self.storage.reading() as tx:
            game, seats = await load(tx, game_id)
        require_status(game, "lobby")
        require_host(game, actor_id, False)
        return game_info(game, seats)

    async def start(
        self, game_id: int, actor_id: int, *, expected_version: int | None = None, run_ai: bool = True
    ) -> TurnResult:
        """Start the game (host only, 2-4 seats): fix the names and the seed, deal, and let AIs move if one
        must answer first. A host who starts alone plays the solo game against Leopold (engine option
        `solo="leopold"`, difficulty from the `solo_difficulty` option), or against Elisabeth with the Celebrities
        module (the engine picks her deck by the modules).

        Raises:
            NoGameHere, GameBusy, StaleVersion, GameNotActive: see `ServiceBase.unit` (status "lobby").
            NotHost: the actor is not the host.
            LobbyError: no seat, more than 4, a lone seat played by an AI, solo with Let's Waltz module 3 or 4, or
                only AI seats while the server runs its most games played only by AIs (`refuse_ai_only`).
        """
        async with self.unit(game_id, status="lobby", expected_version=expected_version, run_ai=run_ai) as work:
            require_host(work.game, actor_id, False)
            kind = kind_named(work.game.kind)
            seats = work.seats
            options = {k: v for k, v in work.game.config.items() if k in kind.option_names}
            if kind.solo and len(seats) == 1 and seats[0].user_id is not None:
                options["solo"] = "leopold"
                refused = [name for name in ("unique_hotels", "start_player") if name in (options.get("modules") or ())]
                if refused:
                    names = " and ".join({"unique_hotels": "Unique Hotels (3)",
                                          "start_player": "Start Player (4)"}[name] for name in refused)
                    raise LobbyError(f"The Let's Waltz module {names} cannot be played solo: take it out under "
                                     "Options (Variants and Let's Waltz modules), or let more players join.")
            else:
                options.pop("solo", None)
                if not kind.min_seats <= len(seats) <= kind.max_seats:
                    alone = " (or you alone, against Leopold)" if kind.solo else ""
                    raise LobbyError(f"A game of {kind.title} needs {kind.min_seats} to {kind.max_seats} seats"
                                     f"{alone}; this one has {len(seats)}.")
            await refuse_ai_only(work.tx, work.game, seats, self.ai_only_games_per_server,
                                 "A game of only AI players cannot start")
            options.setdefault("seed", self.seed_source())
            try:
                config = kind.new_config([seat.name for seat in seats], options)
                state = kind.new_game(config)
            except ValueError as error:
                raise LobbyError(str(error)) from error
            work.update(status="active", config={**kind.config_to_dict(config), **bot_options(work.game.config)},
                        engine_version=engine_version(kind))
            work.play([], state)
        log.info("Game %d started with %d seats (seed %d)", game_id, len(work.seats), config.seed)
        return work.result()

    async def cancel(
        self, game_id: int, actor_id: int, *, is_manager: bool = False, expected_version: int | None = None
    ) -> GameInfo:
        """Cancel a lobby or an active game (the host, or a server manager). Its log stays.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is already finished or cancelled.
            GameBusy: another change held the game past the lock timeout.
            StaleVersion: `expected_version` is given and the game moved on.
            NotHost: the actor is neither the host nor a manager.
        """
        async with self.unit(game_id, status=("lobby", "active"), expected_version=expected_version) as work:
            require_host(work.game, actor_id, is_manager)
            work.update(status="cancelled", finished_at=work.now)
        log.info("Game %d cancelled by %d", game_id, actor_id)
        return work.info()
