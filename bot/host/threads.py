"""Games played in a thread of their lobby message (issue 42 item 12), as the large Discord game bots do: a busy
channel holds several games, one per thread, and its main view gets only each game's start and result.

The host ticks "Play in a thread" under the lobby's *Options* (the bot's lobby option `play_in_thread`, kept with
the game's config). At Start the bot starts a public thread from the lobby message (Discord gives the thread the
message's id) and the game moves there in the same transaction that starts it (`GameService.start(thread_id=)`):
the game's `channel_id` becomes the thread's, so every post, ping and reminder goes to the thread, and every
command and click inside the thread finds its game, while the parent channel is free for the next lobby. The
parent is remembered as the game's posted message of purpose "thread" (channel = the parent, message = the thread,
which is also the lobby message's id). Without the permissions to start a thread and post in it, the bot says so
on the lobby message and the game is played in the channel.

Discord archives a thread after a day without messages (and discord.py then forgets it): `game_channel` fetches
and unarchives it before the bot posts there.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.host.kinds import kind_named
from bot.host.language import game_language
from bot.host.permissions import listed
from bot.host.service import GameInfo, GameService
from bot.host.service.channels import THREAD_PURPOSE
from render.core.i18n import ENGLISH, translator
from render.core.lang import N_

log = logging.getLogger(__name__)

OPTION = "play_in_thread"
"""The bot's lobby option (a boolean) that asks for the game to be played in a thread of its lobby message."""
OPTION_LABEL = N_("Play in a thread of the lobby message")
"""Its label in the Options message's variants menu."""
OPTION_NOTE = N_("Turn posts go to a thread; the channel gets only the start and the result")
"""Its note in that menu (at most 100 characters)."""

UNKNOWN_CHANNEL = 10003
"""Discord's JSON error code for a channel (or thread) that does not exist (any more)."""


def is_unknown_channel(error: BaseException) -> bool:
    """Whether `error` is Discord's answer about a deleted channel (404, code `UNKNOWN_CHANNEL`)."""
    return isinstance(error, discord.HTTPException) and error.code == UNKNOWN_CHANNEL

NEEDED: tuple[tuple[str, str], ...] = (
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
)
"""(discord.py attribute, the name Discord's settings show) of the permissions a thread game needs besides those of
`bot.host.permissions.NEEDED` (in English; `bot.host.permissions.permission_name` in a language)."""





def wanted(info: GameInfo) -> bool:
    """Whether the game's host asked for it to be played in a thread."""
    return bool(info.options.get(OPTION))


def thread_name(info: GameInfo) -> str:
    """The thread's name, e.g. "Grand Austria Hotel, game 7" (at most 100 characters), in the game's language."""
    _ = translator(game_language(info.options))
    return _("{title}, game {game}", title=kind_named(info.kind).title, game=info.id)[:100]


def lacking(permissions: discord.Permissions) -> list[str]:
    """The names of the thread permissions (`NEEDED`) that `permissions` lacks, in that order."""
    return [name for attribute, name in NEEDED if not getattr(permissions, attribute)]


def fallback_note(names: list[str], *, language: str = ENGLISH) -> str:
    """Why the game is played in the channel and not in a thread, naming the missing permissions (in the game's
    `language`: the note joins the public line that the game started)."""
    _ = translator(language)
    names_said = listed(names, _)
    return _.ngettext("I could not open a thread for this game: I lack the {names} permission in this channel. So the "
                      "game is played here in the channel. Someone who manages the channel can give me that for the "
                      "next game.",
                      "I could not open a thread for this game: I lack the {names} permissions in this channel. So the "
                      "game is played here in the channel. Someone who manages the channel can give me that for the "
                      "next game.", len(names), names=names_said)


async def open_thread(interaction: discord.Interaction, info: GameInfo) -> tuple[discord.Thread | None, str]:
    """Start the game's thread from the clicked lobby message, or find the one an earlier Start press made.
    Returns (the thread, "") or (None, a sentence saying why the game is played in the channel instead).
    Never raises for Discord's refusals (they are the sentence)."""
    channel = interaction.channel
    message = interaction.message
    language = game_language(info.options)  # the sentence joins the public line that the game started
    _ = translator(language)
    if isinstance(channel, discord.Thread):
        return None, _("This lobby is already in a thread, so the game is played here.")
    if not isinstance(channel, discord.TextChannel) or message is None:
        return None, _("Games can be played in threads of text channels only, so this one is played here.")
    existing = channel.guild.get_thread(message.id)
    if existing is not None:
        return existing, ""
    missing = lacking(interaction.app_permissions)
    if missing:
        return None, fallback_note(missing, language=language)
    try:
        thread = await channel.get_partial_message(message.id).create_thread(name=thread_name(info))
    except discord.Forbidden:
        return None, fallback_note([name for _attribute, name in NEEDED], language=language)
    except discord.HTTPException as error:
        if error.code == 160004:  # a thread was started from this message already (a Start press that failed)
            found = await _fetched_thread(interaction.client, message.id)
            if found is not None:
                return found, ""
        log.warning("game %s: could not start its thread (%s %s)", info.id, error.status, error.text)
        return None, _("I could not open a thread for this game (Discord said {status}), so the game is played "
                       "here in the channel.", status=error.status)
    log.info("game %s: playing in thread %s of channel %s", info.id, thread.id, channel.id)
    return thread, ""


async def _fetched_thread(client: discord.Client, thread_id: int) -> discord.Thread | None:
    try:
        found = await client.fetch_channel(thread_id)
    except discord.HTTPException:
        return None
    return found if isinstance(found, discord.Thread) else None


async def game_channel(client: discord.Client, channel_id: int, given: Any = None) -> Any:
    """Where a game's post goes: `given` (the channel of the click that made the news) or the game's channel by
    id; a thread that Discord archived (after a day without messages; discord.py no longer has it) is fetched and
    unarchived first, so the post is not refused. None if the channel cannot be read.

    Raises:
        discord.NotFound: the channel was deleted (Discord's 10003 Unknown Channel: `bot.host.gone` ends its games).
    """
    channel = given if given is not None else client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except discord.HTTPException as error:
            if is_unknown_channel(error):
                raise
            log.info("channel %s cannot be read (%s)", channel_id, error.status)
            return None
    if isinstance(channel, discord.Thread) and channel.archived:
        try:
            channel = await channel.edit(archived=False)
            log.info("thread %s was archived: unarchived it to post there", channel_id)
        except discord.HTTPException as error:
            log.warning("thread %s is archived and I may not unarchive it (%s)", channel_id, error.status)
    return channel


async def remove_thread(thread: discord.Thread, game_id: int) -> None:
    """Delete the thread a start that then failed had opened, so that no empty thread is left behind (the retry
    opens it anew). Discord's refusal is logged, not raised."""
    try:
        await thread.delete()
    except discord.HTTPException as error:
        log.info("game %s: could not delete the thread %s of a failed start (%s)", game_id, thread.id, error.status)


def result_text(info: GameInfo, thread_id: int, scores: str) -> str:
    """The parent channel's line when a thread game ends: which game, where, and the final ranking `scores`
    (the presenter's `final_lines`), in the game's language."""
    _ = translator(game_language(info.options))
    return (_("The game of {title} in {thread} (game {game}) is over.", title=kind_named(info.kind).title,
              thread=f"<#{thread_id}>", game=info.id) + f"\n{scores}")[:2000]


async def tell_parent(client: discord.Client, service: GameService, info: GameInfo, scores: str) -> None:
    """If the game was played in a thread, post its result in the parent channel, once: the post carries a nonce
    and is remembered (purpose "result"), so a final post made again after a restart does not repeat it. It comes
    just before the thread's final post. Discord's refusal is logged, not raised."""
    posts = {m.purpose: m for m in await service.messages(info.id)}
    marker = posts.get(THREAD_PURPOSE)
    if marker is None or "result" in posts:
        return
    try:
        message = await _parent(client, marker.channel_id).send(
            result_text(info, marker.message_id, scores), allowed_mentions=discord.AllowedMentions.none(),
            nonce=f"gahr{info.id}.{info.version}"[:25])
    except discord.HTTPException as error:
        log.warning("game %s: could not post its result in channel %s (%s)", info.id, marker.channel_id,
                    error.status)
        return
    await service.record_message(info.id, "result", marker.channel_id, message.id, info.version)


def _parent(client: discord.Client, parent_id: int) -> discord.abc.Messageable:
    found = client.get_channel(parent_id)
    return found if isinstance(found, discord.abc.Messageable) else client.get_partial_messageable(parent_id)
