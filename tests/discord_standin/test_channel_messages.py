"""Channel messages through discord.py's REST calls: send with embeds and files, edit, history, fetch, delete,
threads, channel creation, and the permissions Discord checks."""

from __future__ import annotations

import io

import discord
import pytest

from . import Permission, StandIn
from .conftest import Hotel
from .tinybot import TinyBot, running


async def test_send_edit_fetch_history_and_delete(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        hello = await hotel.alice.send_message(hotel.lobby, "hello bot")
        embed = discord.Embed(title="Scores", description="after round 1", color=0x00AA00)
        embed.add_field(name="alice", value="10").set_footer(text="Grand Austria Hotel")
        sent = await channel.send("Round 1", embed=embed, file=discord.File(io.BytesIO(b"\x89PNG..."), "board.png"))

        stored = standin.world.messages[sent.id]
        assert stored.content == "Round 1" and stored.author is standin.bot
        assert stored.embeds[0]["title"] == "Scores" and stored.embeds[0]["footer"] == {"text": "Grand Austria Hotel"}
        assert [(a.filename, a.content_type, a.data) for a in stored.attachments] == [
            ("board.png", "image/png", b"\x89PNG...")
        ]
        assert sent.attachments[0].url.startswith(standin.base_url + "/attachments/")

        edited = await sent.edit(content="Round 2", attachments=[])
        assert edited.content == "Round 2" and edited.edited_at is not None
        assert stored.content == "Round 2" and stored.attachments == [] and stored.edit_count == 1

        history = [m.id async for m in channel.history(limit=10)]
        assert history == [sent.id, hello.id], "history is newest first"
        assert [m.id async for m in channel.history(limit=10, oldest_first=True)] == [hello.id, sent.id]
        assert (await channel.fetch_message(hello.id)).author.id == hotel.alice.id

        with pytest.raises(discord.Forbidden):
            await (await channel.fetch_message(hello.id)).edit(content="hijacked")
        await sent.delete()
        assert stored.deleted and standin.messages_in(hotel.lobby) == [hello]
        with pytest.raises(discord.NotFound):
            await channel.fetch_message(sent.id)
        # The bot's own messages come back over the gateway, as on Discord.
        assert sent.id in [m.id for m in bot.received_messages]


async def test_threads_and_channel_management(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        channel = bot.get_channel(hotel.games.id)
        assert isinstance(channel, discord.TextChannel)
        start = await channel.send("Game 1 starts")
        thread = await start.create_thread(name="Game 1")
        assert thread.id == start.id and thread.parent_id == hotel.games.id
        await thread.send("Alice to move")
        world_thread = standin.world.channels[thread.id]
        assert world_thread.is_thread and [m.content for m in hotel.alice.sees(world_thread)] == ["Alice to move"]
        assert "THREAD_CREATE" in [e.name for e in standin.gateway.events]

        # Without Manage Channels the bot cannot make a channel; with it, it can.
        guild = bot.get_guild(hotel.guild.id)
        assert guild is not None
        with pytest.raises(discord.Forbidden):
            await guild.create_text_channel("game-2")
        bot_role = hotel.guild.roles[hotel.guild.bot_role_id or 0]
        bot_role.permissions |= Permission.MANAGE_CHANNELS
        created = await guild.create_text_channel("game-2")
        assert hotel.guild.channel("game-2").id == created.id
        await created.delete()
        assert created.id not in standin.world.channels


async def test_bot_cannot_post_where_it_may_not(standin: StandIn, hotel: Hotel) -> None:
    staff = standin.create_channel(hotel.guild, "staff-only", private_to=[hotel.moderator])
    bot = TinyBot()
    async with running(standin, bot):
        assert hotel.alice.member_of(hotel.guild) is not None
        with pytest.raises(Exception, match="cannot see"):
            hotel.alice.sees(staff)
        channel = bot.get_channel(staff.id)
        assert isinstance(channel, discord.TextChannel)
        await channel.send("for moderators")
        assert [m.content for m in hotel.mod.sees(staff)] == ["for moderators"]
        # Deny SEND_MESSAGES to the bot here: Discord answers 403 Missing Permissions (50013).
        standin.set_overwrite(staff, standin.bot, allow=Permission.VIEW_CHANNEL, deny=Permission.SEND_MESSAGES)
        await standin.wait_for(
            lambda: not channel.permissions_for(channel.guild.me).send_messages, what="CHANNEL_UPDATE to reach the bot"
        )
        with pytest.raises(discord.Forbidden) as refused:
            await channel.send("again")
        assert refused.value.code == 50013
        assert [m.content for m in hotel.mod.sees(staff)] == ["for moderators"]
