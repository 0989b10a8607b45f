"""Games and the channels they live in (issue 51): the start's dry run, asked before the bot opens a game's thread
(so that a start the game refuses leaves no thread behind), and the games that end because their channel or thread
was deleted.

Every change is one `ServiceBase.unit` (lock, transaction, status check, one version bump).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from bot.host.kinds import kind_named
from bot.host.service.ai_seats import refuse_ai_only
from bot.host.service.errors import N_, GameNotActive, LobbyError, NoGameHere
from bot.host.service.model import GameInfo
from bot.host.service.rules import require_host, require_status
from bot.host.service.unit import ServiceBase, game_info, load
from bot.host.storage import GameRow, PostedMessage, SeatRow, Tx

log = logging.getLogger(__name__)

THREAD_PURPOSE = "thread"
"""The purpose of the posted message that marks a game played in a thread (`move_to_thread`)."""


def start_options(kind: Any, seats: Sequence[SeatRow], config: Mapping[str, Any]) -> dict[str, Any]:
    """The engine options of a start of `seats` in a lobby of `kind` with options `config` (no seed added): a lone
    human host of a game with a solo opponent plays solo (`GameKind.solo_options`), other starts leave the solo
    options out (`GameKind.group_options`).

    Raises:
        LobbyError: an option the solo game cannot take (the kind's), or a number of seats the game does not take.
    """
    options = {k: v for k, v in config.items() if k in kind.option_names}
    if kind.solo and len(seats) == 1 and seats[0].user_id is not None:
        return dict(kind.solo_options(options))
    if not kind.min_seats <= len(seats) <= kind.max_seats:
        raise LobbyError(kind.seats_needed, title=kind.title, low=kind.min_seats, high=kind.max_seats,
                         seats=len(seats))
    return dict(kind.group_options(options))


async def move_to_thread(tx: Tx, game: GameRow, thread_id: int, now: float) -> None:
    """Remember the parent channel of a game that moves to `thread_id`, and give the thread the parent's
    reminder interval (`start`). A parent that never had one set keeps no row: neither does the thread, which
    has the same default then (issue 51: a row needs the member who set it)."""
    await tx.put_message(PostedMessage(game.id, THREAD_PURPOSE, game.channel_id, thread_id, game.version, now))
    settings = await tx.channel_settings(game.channel_id)
    if settings.updated_by is not None:
        await tx.put_channel_settings(dataclasses.replace(settings, channel_id=thread_id), game.guild_id)


class Channels(ServiceBase):
    """The channel part of `GameService` (see the module text)."""

    async def check_start(self, game_id: int, actor_id: int) -> GameInfo:
        """Dry run of `start` (before the bot opens the game's thread): the game if the actor may start it now and
        the game would start; changes nothing. Races with other changes are `start`'s to refuse.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is past its lobby.
            NotHost: the actor is not the host.
            LobbyError: what `start` refuses of these seats and options (`start_options`, the limit of games played
                only by AIs, a mix of options the engine refuses).
        """
        async with self.storage.reading() as tx:
            game, seats = await load(tx, game_id)
            require_status(game, "lobby")
            require_host(game, actor_id, False)
            kind = kind_named(game.kind)
            options = start_options(kind, seats, game.config)
            await refuse_ai_only(tx, game, seats, self.ai_only_games_per_server,
                                 N_("A game of only AI players cannot start"))
        options.setdefault("seed", 0)
        try:
            kind.start_game([seat.name for seat in seats], options)
        except ValueError as error:
            raise LobbyError(str(error)) from error
        return game_info(game, seats)

    async def cancel_in_deleted(self, channel_id: int) -> list[GameInfo]:
        """End the games that channel `channel_id` took with it when it was deleted: its lobby or running game,
        and the running games played in its threads (Discord deletes them with it). Each is cancelled (no results),
        as `/gah cancel` does, so its seats count against no cap any more. Games that ended meanwhile are left
        out. Returns the cancelled games.

        Raises:
            GameBusy: another change held one of the games past the lock timeout.
        """
        async with self.storage.reading() as tx:
            row = await tx.open_game_in_channel(channel_id)
            found = [row.id] if row is not None else []
            found += [game_id for game_id, _ in await tx.thread_games(channel_id, THREAD_PURPOSE)]
        ended = []
        for game_id in dict.fromkeys(found):
            try:
                async with self.unit(game_id, status=("lobby", "active")) as work:
                    work.update(status="cancelled", finished_at=work.now)
            except (GameNotActive, NoGameHere):
                continue  # ended meanwhile
            log.info("Game %d cancelled: its channel %d was deleted", game_id, channel_id)
            ended.append(work.info())
        return ended

    async def thread_parent(self, game_id: int) -> int | None:
        """The parent channel of a game played in a thread (`start` with `thread_id`), or None."""
        async with self.storage.reading() as tx:
            return next((m.channel_id for m in await tx.messages(game_id) if m.purpose == THREAD_PURPOSE), None)

    async def thread_games(self, parent_id: int) -> list[tuple[int, int]]:
        """The running games played in threads of channel `parent_id`: (game id, thread id), oldest first."""
        async with self.storage.reading() as tx:
            return await tx.thread_games(parent_id, THREAD_PURPOSE)
