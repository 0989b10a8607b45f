"""The lobby: open a game, join and leave, AI seats, options, start; and cancelling a lobby or a running game.

Every edit is one `ServiceBase.unit` (lock, transaction, status "lobby", expected version, one version bump).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from bot.host.kinds import DEFAULT_KIND, KINDS, kind_named
from bot.host.service.ai_caps import refuse_expensive_ai
from bot.host.service.ai_seats import refuse_ai_only
from bot.host.service.channels import move_to_thread, start_options
from bot.host.service.errors import N_, LobbyError, Nn_, NotSeated, ServiceError, counted
from bot.host.service.lobby_limits import UNPOSTED_GRACE_SECONDS, LobbyLimits, check_open_games
from bot.host.service.model import GameInfo, TurnResult
from bot.host.service.rules import (
    COLOURS,
    LANGUAGE,
    apart_from_opponent,
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
from bot.host.service.unit import ServiceBase, game_info, load
from bot.host.storage import ChannelTaken, GameRow, SeatRow, Tx
from render.core.i18n import ENGLISH, language_of

log = logging.getLogger(__name__)

FULL = Nn_("The game is full ({count} seat).", "The game is full ({count} seats).")
"""A join or an AI seat past the game's seats (its most, the count)."""
CHANNEL_TAKEN = N_("This channel already has a game. Finish or cancel it first.")


class Lobby(ServiceBase):
    """The lobby part of `GameService`.

    Attributes:
        limits: the caps on open games and the lobby expiry (the bot sets its settings' here).
    """

    limits: LobbyLimits = LobbyLimits()

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
        guild_locale: str | None = None,
    ) -> GameInfo:
        """Open a lobby of a game of `kind` (`bot.host.kinds`: "gah" or "overbooking") in a channel, with the host in
        the first seat (unless `seat_host` is False). A channel holds one open game, of either kind.

        A lobby of the channel whose message was never posted (the bot missed Discord's 3 seconds, or stopped,
        right after storing it) does not block the channel: its host gets it back as it is
        (the caller posts it), and after `UNPOSTED_GRACE_SECONDS` anyone else's new game replaces it. A lobby past
        `limits.lobby_expiry_seconds` is replaced as well.

        The game's language (the lobby option `language`, issue 55 item 2) is the one `options` name, else the
        server's preferred locale `guild_locale` ("pl", "de", "en-US", ...) when it is Polish or German; English is
        not stored (unset means English).

        Raises:
            LobbyError: the channel already has an open game (of either kind), the host or the server has as many
                open games as `limits` allows, an option is invalid, or there is no game of that kind.
        """
        game_kind = KINDS.get(kind)
        if game_kind is None:
            raise LobbyError(N_("There is no game {kind}; the bot hosts {kinds}."), kind=repr(kind),
                             kinds=", ".join(KINDS))
        server = language_of(guild_locale)
        wanted = dict(options or {})
        if wanted.get(LANGUAGE) is None and server != ENGLISH:
            wanted[LANGUAGE] = server
        config = validated_options({}, wanted, game_kind)
        for _ in range(2):  # a second time after dropping a lobby that no longer holds the channel
            now = self.clock()
            async with self.storage.transaction() as tx:
                open_game = await tx.open_game_in_channel(channel_id)
                if open_game is not None:
                    verdict = await self._open_lobby_verdict(tx, open_game, host_id, kind, now)
                    if verdict == "reuse":
                        seats = await tx.seats(open_game.id)
                        log.info("Game %d: its lobby was never posted; %d gets it back", open_game.id, host_id)
                        return game_info(open_game, seats)
                    if verdict == "opening":
                        raise LobbyError(N_("Someone is opening a game in this channel right now. If its lobby does "
                                            "not appear, try again in a minute."))
                    if verdict == "taken":
                        raise self._channel_taken(open_game, kind)
                else:
                    return await self._insert_lobby(tx, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                                                    host_name=host_name, config=config, seat_host=seat_host,
                                                    kind=kind, now=now)
            await self._drop_lobby(open_game, "its message was never posted" if verdict == "unposted"
                                   else "it expired")
        raise LobbyError(CHANNEL_TAKEN)

    @staticmethod
    def _channel_taken(open_game: GameRow, kind: str) -> LobbyError:
        """The refusal for a channel that holds `open_game`."""
        if open_game.kind != kind:
            return LobbyError(N_("This channel already has a game of {title}. A channel hosts one game at a time: "
                                 "finish or cancel it first, or use another channel."),
                              title=kind_named(open_game.kind).title)
        return LobbyError(CHANNEL_TAKEN)

    async def _open_lobby_verdict(self, tx: Tx, game: GameRow, host_id: int, kind: str, now: float) -> str:
        """What a new game in the channel does with the channel's open `game`: "taken" (it keeps the channel),
        "reuse" (its lobby was never posted and the same host asks again for the same game), "opening" (not
        posted yet, within the grace: someone else waits), "unposted" (never posted, past the grace: drop it) or
        "expired" (drop it)."""
        if game.status != "lobby":
            return "taken"
        if now - game.updated_at > self.limits.lobby_expiry_seconds:
            return "expired"
        if any(message.purpose == "lobby" for message in await tx.messages(game.id)):
            return "taken"
        if game.host_id == host_id and game.kind == kind:
            return "reuse"
        return "unposted" if now - game.created_at > UNPOSTED_GRACE_SECONDS else "opening"

    async def _drop_lobby(self, game: GameRow, why: str) -> None:
        """Cancel a lobby that no longer holds its channel (another change to it meanwhile wins: no error)."""
        try:
            async with self.unit(game.id, status="lobby", expected_version=game.version) as work:
                work.update(status="cancelled", finished_at=work.now)
        except ServiceError as error:
            log.info("Game %d was not dropped (%s): %s", game.id, why, error)
            return
        log.info("Game %d cancelled: %s", game.id, why)

    async def _insert_lobby(self, tx: Tx, *, guild_id: int, channel_id: int, host_id: int, host_name: str | None,
                            config: dict[str, Any], seat_host: bool, kind: str, now: float) -> GameInfo:
        """Store a new lobby (inside `create`'s transaction), within `limits`."""
        await check_open_games(tx, self.limits, guild_id, host_id, new_game=True)
        try:
            row = await tx.insert_game(guild_id=guild_id, channel_id=channel_id, host_id=host_id, config=config,
                                       engine_version=engine_version(kind_named(kind)), now=now, kind=kind)
        except ChannelTaken as error:
            raise LobbyError(CHANNEL_TAKEN) from error
        seats: list[SeatRow] = []
        if seat_host:
            seats = [SeatRow(row.id, 0, host_id, None, clean_name(host_name, "Player 1"), COLOURS[0], now)]
            await tx.replace_seats(row.id, seats)
        log.info("Game %d created in channel %d by %d", row.id, channel_id, host_id)
        return game_info(row, seats)

    async def rematch(self, game_id: int, user_id: int, user_name: str | None = None) -> GameInfo:
        """A new lobby in the channel of the finished game `game_id`, with its options (and a new seed), hosted by
        `user_id`, who must have played a seat of it. Only they are seated: the others join themselves.

        Raises:
            NoGameHere: no such game.
            NotSeated: the user played no seat of that game.
            LobbyError: as `create` (the channel has an open game, a cap is reached).
        """
        async with self.storage.reading() as tx:
            old, seats = await load(tx, game_id)
        if not any(seat.user_id == user_id for seat in seats):
            raise NotSeated(N_("Only the players of this game can start a rematch. `/gah new` opens a new game "
                               "that anyone can join."))
        # only what the old game chose: a default the engine stored is not an option the new lobby names (issue 52
        # item 9: a rematch lobby describes its options as a new one does)
        defaults = kind_named(old.kind).stored_defaults()
        options = {k: v for k, v in old.config.items()
                   if k not in ("seed", "players", "data", "solo") and (k not in defaults or defaults[k] != v)}
        return await self.create(guild_id=old.guild_id, channel_id=old.channel_id, host_id=user_id,
                                 host_name=user_name, options=options, kind=old.kind)

    async def expire_lobbies(self, channel_id: int | None = None) -> list[GameInfo]:
        """Cancel every lobby (of `channel_id`, or everywhere) nobody changed for `limits.lobby_expiry_seconds`;
        returns them as cancelled (the bot says so on their lobby messages)."""
        cutoff = self.clock() - self.limits.lobby_expiry_seconds
        async with self.storage.reading() as tx:
            due = [game for game in await tx.games(statuses=("lobby",))
                   if game.updated_at < cutoff and channel_id in (None, game.channel_id)]
        expired: list[GameInfo] = []
        for game in due:
            try:
                async with self.unit(game.id, status="lobby", expected_version=game.version) as work:
                    work.update(status="cancelled", finished_at=work.now)
            except ServiceError as error:  # joined or started meanwhile: it lives on
                log.info("Game %d did not expire: %s", game.id, error)
                continue
            log.info("Game %d expired: nobody changed its lobby for %.0f s", game.id,
                     self.limits.lobby_expiry_seconds)
            expired.append(work.info())
        return expired

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
                raise LobbyError(N_("You are already in this game."))
            await check_open_games(work.tx, self.limits, work.game.guild_id, user_id, new_game=False)
            most = kind_named(work.game.kind).max_seats
            if len(seats) >= most:
                raise counted(LobbyError, FULL, most)
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
                raise NotSeated(N_("You are not in this game."))
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
                raise counted(LobbyError, FULL, kind.max_seats)
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
                raise LobbyError(N_("Seat {seat} is not an AI seat."), seat=position + 1)
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
        self, game_id: int, actor_id: int, *, expected_version: int | None = None, run_ai: bool = True,
        thread_id: int | None = None,
    ) -> TurnResult:
        """Start the game (host only, 2-4 seats): fix the names and the seed, deal, and let AIs move if one
        must answer first. A host who starts alone plays the solo game against Leopold (engine option
        `solo="leopold"`, difficulty from the `solo_difficulty` option), or against Elisabeth with the Celebrities
        module (the engine picks her deck by the modules); a host called like the opponent plays as "Leopold 2"
        (`bot.host.service.rules.apart_from_opponent`).

        With `thread_id` (a thread started from the lobby message: issue 42, `bot.host.threads`) the game moves there in
        the same transaction: its channel becomes the thread (so its posts, reminders and commands are there, and
        the parent channel may open its next lobby), the parent is remembered
        (`bot.host.service.channels.move_to_thread`),
        and the thread takes the parent's reminder interval.

        Raises:
            NoGameHere, GameBusy, StaleVersion, GameNotActive: see `ServiceBase.unit` (status "lobby").
            NotHost: the actor is not the host.
            LobbyError: no seat, more than 4, a lone seat played by an AI, solo with Let's Waltz module 4, or only
                AI seats while the server runs its most games played only by AIs (`refuse_ai_only`), or more expert
                or master AI seats than the host or the server may run (`bot.host.service.ai_caps`). The
                `solo_entrance` option counts only in a solo game with module 3.
        """
        async with self.unit(game_id, status="lobby", expected_version=expected_version, run_ai=run_ai) as work:
            require_host(work.game, actor_id, False)
            kind = kind_named(work.game.kind)
            seats = work.seats
            options = start_options(kind, seats, work.game.config)
            await refuse_ai_only(work.tx, work.game, seats, self.ai_only_games_per_server,
                                 N_("A game of only AI players cannot start"))
            await refuse_expensive_ai(work.tx, work.game, [(seat.user_id, seat.ai_level) for seat in seats],
                                      self.expensive_ai, N_("The game cannot start"))
            options.setdefault("seed", self.seed_source())
            if options.get("solo"):
                seats = apart_from_opponent(seats, kind, options)
                work.set_seats(seats)
            try:
                stored, state = kind.start_game([seat.name for seat in seats], options)
            except ValueError as error:
                raise LobbyError(str(error)) from error
            work.update(status="active", config={**stored, **bot_options(work.game.config)},
                        engine_version=engine_version(kind))
            if thread_id is not None:
                await move_to_thread(work.tx, work.game, thread_id, work.now)
                work.update(channel_id=thread_id)
            work.play([], state)
        log.info("Game %d started with %d seats (seed %d)", game_id, len(work.seats), options["seed"])
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
