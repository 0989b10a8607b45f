"""Threads as Discord has them: a thread started from a message (its id is the message's, its parent the message's
channel, type 11), THREAD_CREATE and THREAD_UPDATE, posting in it, the permissions a thread takes from its parent
(Create Public Threads, Send Messages in Threads), archived threads that refuse posts until unarchived, commands
used inside a thread, and a bot that reconnects finding the thread in GUILD_CREATE."""

from __future__ import annotations

import discord
import pytest

from . import Permission, StandIn
from .conftest import Hotel
from .tinybot import TinyBot, running


async def _thread_from_a_message(bot: TinyBot, hotel: Hotel, text: str = "Game 1 starts") -> discord.Thread:
    channel = bot.get_channel(hotel.games.id)
    assert isinstance(channel, discord.TextChannel)
    start = await channel.send(text)
    thread = await start.create_thread(name="Game 1")
    assert thread.id == start.id
    return thread


async def test_a_thread_from_a_message_takes_its_id_and_is_announced(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        thread = await _thread_from_a_message(bot, hotel)
        stored = standin.world.channels[thread.id]
        assert (stored.type, stored.parent_id, stored.owner_id) == (11, hotel.games.id, standin.bot.id)
        assert standin.threads_of(hotel.games) == [stored] and standin.threads_of(hotel.lobby) == []
        created = [e for e in standin.gateway.events if e.name == "THREAD_CREATE"]
        assert [(e.data["id"], e.data["parent_id"], e.data["newly_created"]) for e in created] == [
            (str(thread.id), str(hotel.games.id), True)]
        cached = await standin.wait_for(lambda: bot.get_channel(thread.id), what="the thread in discord.py's cache")
        assert isinstance(cached, discord.Thread) and cached.parent_id == hotel.games.id

        # one thread per message, as on Discord
        with pytest.raises(discord.HTTPException) as again:
            await cached.parent.get_partial_message(thread.id).create_thread(name="Game 1 again")  # type: ignore
        assert again.value.code == 160004

        starter = await cached.parent.fetch_message(thread.id)  # type: ignore[union-attr]
        assert starter.flags.has_thread and starter.thread is not None and starter.thread.id == thread.id
        await thread.send("ann to move")

        await hotel.alice.send_message(stored, "on my way")
        assert [m.content for m in hotel.bob.sees(stored)] == ["ann to move", "on my way"]
        assert [m.content for m in standin.messages_in(hotel.games)] == ["Game 1 starts"]


async def test_a_thread_inherits_its_parents_overwrites(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        thread = await _thread_from_a_message(bot, hotel)
        stored = standin.world.channels[thread.id]

        # Send Messages in Threads taken away on the parent: the thread refuses, the parent still takes posts
        standin.set_overwrite(hotel.games, standin.bot, deny=Permission.SEND_MESSAGES_IN_THREADS)
        with pytest.raises(discord.Forbidden) as refused:
            await thread.send("refused")
        assert refused.value.code == 50013
        parent = bot.get_channel(hotel.games.id)
        assert isinstance(parent, discord.TextChannel)
        await parent.send("the parent still works")

        # the reverse: no Send Messages, but Send Messages in Threads; a user without it may not write there
        standin.set_overwrite(hotel.games, standin.bot, allow=Permission.SEND_MESSAGES_IN_THREADS,
                              deny=Permission.SEND_MESSAGES)
        await thread.send("threads only")
        with pytest.raises(discord.Forbidden):
            await parent.send("refused in the parent")
        standin.set_overwrite(hotel.games, hotel.alice, deny=Permission.SEND_MESSAGES_IN_THREADS)
        with pytest.raises(Exception, match="may not send messages"):
            await hotel.alice.send_message(stored, "refused")
        assert [m.content for m in standin.messages_in(stored)] == ["threads only"]

        # without Create Public Threads no thread can be started from a message
        standin.set_overwrite(hotel.games, standin.bot, deny=Permission.CREATE_PUBLIC_THREADS)
        await standin.wait_for(lambda: not parent.permissions_for(parent.guild.me).create_public_threads,
                               what="CHANNEL_UPDATE to reach the bot")
        start = await parent.send("Game 2 starts")
        with pytest.raises(discord.Forbidden) as no_thread:
            await start.create_thread(name="Game 2")
        assert no_thread.value.code == 50013 and len(standin.threads_of(hotel.games)) == 1


async def test_an_archived_thread_refuses_posts_until_it_is_unarchived(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        thread = await _thread_from_a_message(bot, hotel)
        stored = standin.world.channels[thread.id]
        first = await thread.send("round 1")
        standin.archive_thread(stored)
        # discord.py drops an archived thread from its cache on THREAD_UPDATE (it has to fetch it again)
        await standin.wait_for(lambda: bot.get_channel(thread.id) is None, what="THREAD_UPDATE (archived) to reach "
                                                                               "the bot")
        with pytest.raises(discord.HTTPException) as refused:
            await thread.send("round 2")
        assert (refused.value.status, refused.value.code) == (400, 50083)
        with pytest.raises(discord.HTTPException) as not_edited:
            await first.edit(content="round 1, edited")
        assert not_edited.value.code == 50083 and stored.archived

        unarchived = await thread.edit(archived=False)
        assert not unarchived.archived and not stored.archived
        await thread.send("round 2")
        assert [m.content for m in standin.messages_in(stored)] == ["round 1", "round 2"]
        assert [e.data["thread_metadata"]["archived"] for e in standin.gateway.events if e.name == "THREAD_UPDATE"] \
            == [True, False]
        assert isinstance(bot.get_channel(thread.id), discord.Thread)  # back in discord.py's cache

        # its owner may archive it; a locked thread stays archived for a bot without Manage Threads
        await thread.edit(archived=True)
        assert stored.archived
        await thread.edit(archived=False)
        standin.archive_thread(stored, locked=True)
        fetched = await bot.fetch_channel(thread.id)
        assert isinstance(fetched, discord.Thread) and fetched.archived and fetched.locked
        with pytest.raises(discord.Forbidden):
            await fetched.edit(archived=False)
        assert stored.archived

        # a person writing in an archived (not locked) thread unarchives it, as Discord's client does
        other = await _thread_from_a_message(bot, hotel, "Game 2 starts")
        standin.archive_thread(standin.world.channels[other.id])
        await hotel.bob.send_message(standin.world.channels[other.id], "still here?")
        assert not standin.world.channels[other.id].archived


async def test_commands_inside_a_thread_and_a_thread_after_reconnecting(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot(sync_guild_id=hotel.guild.id)
    seen: list[tuple[int | None, str, int | None]] = []

    @bot.tree.command(name="where", description="Where am I")
    async def where(interaction: discord.Interaction) -> None:
        channel = interaction.channel
        seen.append((interaction.channel_id, type(channel).__name__, getattr(channel, "parent_id", None)))
        await interaction.response.send_message(f"in {interaction.channel_id}")

    async with running(standin, bot):
        thread = await _thread_from_a_message(bot, hotel)
        stored = standin.world.channels[thread.id]
        command = await hotel.alice.run_command(stored, "where")
        reply = await command.reply()
        assert reply.channel_id == thread.id and reply.content == f"in {thread.id}"
        assert seen == [(thread.id, "Thread", hotel.games.id)]
        assert command.payload["channel"]["type"] == 11
        assert int(command.payload["app_permissions"]) & Permission.SEND_MESSAGES_IN_THREADS

    later = TinyBot()
    async with running(standin, later):
        found = later.get_channel(thread.id)
        assert isinstance(found, discord.Thread) and found.parent_id == hotel.games.id
        await found.send("after a reconnect")
        assert standin.messages_in(stored)[-1].content == "after a reconnect"
