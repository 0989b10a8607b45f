"""Games whose channel or thread was deleted (issue 51 item 9): they end as cancelled.

The bot hears of a deletion from Discord's THREAD_DELETE or CHANNEL_DELETE (a channel's threads go with it), or,
when it missed the event (it was down), from Discord's 404 10003 Unknown Channel on the game's next post or
reminder. Either way `GoneChannels.deleted` cancels the games the channel took with it
(`GameService.cancel_in_deleted`: its seats count against no cap any more), forgets their refused posts, tells
their players who asked for DMs, and says so on a thread game's lobby message in the parent channel. Nothing here
raises: a failure is logged, and the next post or event tries again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from bot.host.kinds import kind_named
from bot.host.language import dm_language, game_language
from bot.host.service import GameInfo, GameService
from bot.host.service.channels import THREAD_PURPOSE
from render.core.i18n import ENGLISH, translator
from render.core.lang import N_

log = logging.getLogger(__name__)

LOBBY_TEXT = N_("This game was cancelled: its thread was deleted.")
"""What a thread game's lobby message (in the parent channel) says once its thread was deleted (in the game's
language)."""


def dm_text(info: GameInfo, what: str, *, language: str = ENGLISH) -> str:
    """The DM to a player of a game cancelled because its `what` ("thread" or "channel") was deleted, in the
    member's `language` (`bot.host.language.dm_language`)."""
    _ = translator(language)
    kind = kind_named(info.kind)
    new = f"/{kind.command} {_.pgettext('command_name', 'new')}"
    if what == "thread":
        return _("Your game of {title} (game {game}) was cancelled: its thread was deleted. `{new}` opens a new one.",
                 title=kind.title, game=info.id, new=new)
    return _("Your game of {title} (game {game}) was cancelled: its channel was deleted. `{new}` opens a new one.",
             title=kind.title, game=info.id, new=new)


class GoneChannels:
    """Ends the games of deleted channels (see the module text).

    Args:
        client: the bot (to DM players and edit lobby messages).
        service: the game service.
        forget: drops what the bot keeps in memory for a game (its refused turn post), by game id.
    """

    def __init__(self, client: discord.Client, service: GameService, forget: Callable[[int], object]) -> None:
        self.client = client
        self.service = service
        self.forget = forget

    async def deleted(self, channel_id: int, *, thread: bool = False) -> list[GameInfo]:
        """Channel or thread `channel_id` was deleted (`thread`: Discord said it was a thread; a game's thread is
        known anyway): cancel its games and tell their players. Returns the cancelled games (none if it held none,
        or they ended before). Never raises."""
        try:
            ended = await self.service.cancel_in_deleted(channel_id)
        except Exception as error:  # a busy game or a storage hiccup: the next post or event tries again
            log.warning("could not end the games of deleted channel %s: %s: %s", channel_id,
                        type(error).__name__, error)
            return []
        for info in ended:
            self.forget(info.id)
            try:
                marker = next((m for m in await self.service.messages(info.id) if m.purpose == THREAD_PURPOSE),
                              None)
                in_thread = marker is not None and marker.channel_id != channel_id  # not with its parent
                await self.tell_players(info, "thread" if in_thread or thread else "channel")
                if in_thread:
                    await self.show_on_lobby(info)
            except Exception as error:
                log.warning("game %s: could not tell of its deleted channel: %s: %s", info.id,
                            type(error).__name__, error)
        return ended

    async def tell_players(self, info: GameInfo, what: str) -> None:
        """DM the game's players who asked for DMs (`/gah notify mode:dm`) that it was cancelled."""
        for seat in info.seats:
            if seat.user_id is None:
                continue
            prefs = await self.service.prefs(seat.user_id)
            if prefs.notify != "dm":
                continue
            try:
                user = self.client.get_user(seat.user_id) or await self.client.fetch_user(seat.user_id)
                await user.send(dm_text(info, what, language=dm_language(prefs.language, info.options)))
            except discord.HTTPException as error:
                log.info("could not DM user %s about game %s (%s)", seat.user_id, info.id, error.status)

    async def show_on_lobby(self, info: GameInfo) -> None:
        """Say on a thread game's lobby message (in the parent channel, which names the thread) that it ended."""
        posted = next((m for m in await self.service.messages(info.id) if m.purpose == "lobby"), None)
        if posted is None:
            return
        message = self.client.get_partial_messageable(posted.channel_id).get_partial_message(posted.message_id)
        try:
            await message.edit(content=translator(game_language(info.options))(LOBBY_TEXT), embed=None, view=None)
        except discord.HTTPException as error:
            log.info("game %s: could not say on its lobby message that it was cancelled (%s)", info.id,
                     error.status)
