"""A member's turn DM and the jump link that turn DMs, reminders and `/gah games` carry (issue 53 items 1 and 4).

    link = await post_link(service, info)              # https://discord.com/channels/<guild>/<channel>/<message>
    await send_turn_dm(client, service, user_id, info) # now, or held until the member's quiet hours end

A DM that would reach a member inside their quiet hours (`bot.host.quiet_hours`) is stored as a timer instead
(`GameService.hold_dm`), which the reminder loop (`bot.host.reminders`) claims and sends once the hours end.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

import discord

from bot.host.i18n import translator
from bot.host.kinds import kind_named
from bot.host.language import dm_language
from bot.host.quiet_hours import quiet_until, stored_span
from bot.host.service import GameInfo, GameService
from bot.host.storage import PostedMessage, UserPrefs

log = logging.getLogger(__name__)

POST_PURPOSES = ("turn", "final", "lobby")
"""The posted messages of a game that a jump link may point at, the likeliest newest first (a game's turn posts
come after its lobby message)."""


def jump_link(guild_id: int, channel_id: int, message_id: int) -> str:
    """Discord's link to a message: `https://discord.com/channels/<guild>/<channel>/<message>`."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def latest_post(messages: Iterable[PostedMessage]) -> PostedMessage | None:
    """The game's latest public post among its remembered messages (`POST_PURPOSES`): the turn or final post,
    else the lobby message; None when none is remembered."""
    found = {message.purpose: message for message in messages}
    return next((found[purpose] for purpose in POST_PURPOSES if purpose in found), None)


async def post_link(service: GameService, info: GameInfo) -> str | None:
    """The jump link to the game's latest post (None if the bot remembers none)."""
    post = latest_post(await service.messages(info.id))
    return None if post is None else jump_link(info.guild_id, post.channel_id, post.message_id)


def quiet_end(prefs: UserPrefs, now: float | None = None) -> float | None:
    """When the member's quiet hours that hold now end (seconds since the epoch), or None outside them."""
    return quiet_until(stored_span(prefs.quiet_start, prefs.quiet_end), prefs.time_zone,
                       time.time() if now is None else now)


async def send_turn_dm(client: discord.Client, service: GameService, user_id: int, info: GameInfo) -> None:
    """The turn DM for a member who asked for DMs (`/gah notify mode:dm`), with the jump link to the game's latest
    post; inside their quiet hours it is held until they end (a stored timer, sent by `bot.host.reminders`). A member
    whose DMs are closed is logged at INFO. In the member's own language (`/gah notify language`), else the game's
    (`bot.host.language.dm_language`)."""
    prefs = await service.prefs(user_id)
    if prefs.notify != "dm":
        return
    until = quiet_end(prefs)
    if until is not None:
        await service.hold_dm(info.id, user_id, info.version, until)
        log.info("held the turn DM of user %s in game %s until their quiet hours end at %.0f", user_id, info.id,
                 until)
        return
    link = await post_link(service, info)
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        _ = translator(dm_language(prefs.language, info.options))  # the member's language, else the game's
        title, channel = kind_named(info.kind).title, f"<#{info.channel_id}>"
        await user.send(_("It is your turn in {game} in {channel}: {link}", game=title, channel=channel, link=link)
                        if link else _("It is your turn in {game} in {channel}.", game=title, channel=channel))
    except discord.HTTPException:
        log.info("could not DM user %s for game %s", user_id, info.id)
