"""Channels and threads that a moderator deletes, and a locked thread reopened, as Discord has them: THREAD_DELETE
(id, guild_id, parent_id, type) for a thread, CHANNEL_DELETE for a channel, whose threads go with it without events
of their own; afterwards posts and look-ups are answered 404 10003 Unknown Channel. A locked archived thread refuses
posts with 400 50083 and its unarchiving with 403 50013 (a bot without Manage Threads) until a moderator reopens it
(THREAD_UPDATE)."""

from __future__ import annotations

import discord
import pytest

from . import Permission, StandIn
from .conftest import Hotel
from .tinybot import TinyBot, running


async def _thread(bot: TinyBot, hotel: Hotel, text: str) -> discord.Thread:
    channel = bot.get_channel(hotel.games.id)
    assert isinstance(channel, discord.TextChannel)
    start = await channel.send(text)
    return await start.create_thread(name=text)


async def test_a_deleted_thread_and_a_deleted_channel_are_announced_and_gone(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    deleted_threads: list[tuple[int, int]] = []
    deleted_channels: list[int] = []

    async def on_raw_thread_delete(payload: discord.RawThreadDeleteEvent) -> None:
        deleted_threads.append((payload.thread_id, payload.parent_id))

    async def on_guild_channel_delete(channel: discord.abc.GuildChannel) -> None:
        deleted_channels.append(channel.id)

    bot.event(on_raw_thread_delete)
    bot.event(on_guild_channel_delete)
    async with running(standin, bot):
        first = await _thread(bot, hotel, "Game 1")
        await standin.wait_for(lambda: bot.get_channel(first.id), what="the thread in discord.py's cache")
        standin.delete_channel(standin.world.channels[first.id])
        await standin.wait_for(lambda: deleted_threads or None, what="THREAD_DELETE to reach the bot")
        assert deleted_threads == [(first.id, hotel.games.id)]
        sent = [e for e in standin.gateway.events if e.name == "THREAD_DELETE"]
        assert [sorted(e.data) for e in sent] == [["guild_id", "id", "parent_id", "type"]]
        assert bot.get_channel(first.id) is None and standin.threads_of(hotel.games) == []
        for attempt in (first.send("anyone?"), bot.fetch_channel(first.id)):
            with pytest.raises(discord.NotFound) as gone:
                await attempt
            assert (gone.value.status, gone.value.code) == (404, 10003)

        # a channel goes with its threads: one CHANNEL_DELETE, no THREAD_DELETE of its own for the thread
        second = await _thread(bot, hotel, "Game 2")
        await standin.wait_for(lambda: bot.get_channel(second.id), what="the second thread in discord.py's cache")
        standin.delete_channel(hotel.games)
        await standin.wait_for(lambda: deleted_channels or None, what="CHANNEL_DELETE to reach the bot")
        assert deleted_channels == [hotel.games.id]
        assert [e.name for e in standin.gateway.events if e.name.endswith("_DELETE")] == [
            "THREAD_DELETE", "CHANNEL_DELETE"]
        assert second.id not in standin.world.channels and hotel.games.id not in standin.world.channels
        for target in (second, bot.get_partial_messageable(hotel.games.id)):
            with pytest.raises(discord.NotFound) as channel_gone:
                await target.send("anyone?")
            assert channel_gone.value.code == 10003
        lobby = bot.get_channel(hotel.lobby.id)
        assert isinstance(lobby, discord.TextChannel)
        await lobby.send("the other channel still works")


async def test_a_locked_thread_refuses_posts_until_a_moderator_reopens_it(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        thread = await _thread(bot, hotel, "Game 1")
        stored = standin.world.channels[thread.id]
        standin.archive_thread(stored, locked=True)
        await standin.wait_for(lambda: bot.get_channel(thread.id) is None, what="THREAD_UPDATE (archived)")
        with pytest.raises(discord.HTTPException) as refused:
            await thread.send("round 2")
        assert (refused.value.status, refused.value.code) == (400, 50083)
        with pytest.raises(discord.Forbidden) as not_reopened:
            await thread.edit(archived=False)
        assert not_reopened.value.code == 50013 and stored.archived and stored.locked

        standin.reopen_thread(stored)
        assert not stored.archived and not stored.locked
        reopened = await standin.wait_for(lambda: bot.get_channel(thread.id), what="THREAD_UPDATE (reopened)")
        assert isinstance(reopened, discord.Thread) and not reopened.archived and not reopened.locked
        await thread.send("round 2")
        assert [m.content for m in standin.messages_in(stored)] == ["round 2"]


async def test_a_bot_deletes_a_thread_only_with_manage_threads(standin: StandIn, hotel: Hotel) -> None:
    """Discord's *Delete/Close Channel*: a thread needs Manage Threads, even for the bot that started it."""
    bot = TinyBot()
    async with running(standin, bot):
        thread = await _thread(bot, hotel, "Game 1")
        with pytest.raises(discord.Forbidden) as refused:
            await thread.delete()
        assert refused.value.code == 50013 and thread.id in standin.world.channels
        standin.set_overwrite(hotel.games, standin.bot, allow=Permission.MANAGE_THREADS)
        await thread.delete()
        assert thread.id not in standin.world.channels
        assert [e.data["id"] for e in standin.gateway.events if e.name == "THREAD_DELETE"] == [str(thread.id)]
