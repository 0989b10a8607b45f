"""The remaining REST routes through discord.py: command CRUD, guild/member/role/user lookups, and a sharded client
that asks ``GET /gateway/bot``."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import discord

from . import StandIn
from .conftest import Hotel
from .tinybot import TinyBot, running


async def test_command_crud_and_lookups(standin: StandIn, hotel: Hotel) -> None:
    intents = discord.Intents.default()
    intents.members = True
    bot = TinyBot(intents=intents)

    @bot.tree.command(name="hello", description="Say hello")
    async def hello(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hello")

    async with running(standin, bot):
        app_id = standin.application_id
        [fetched] = await bot.tree.fetch_commands()
        assert fetched.name == "hello" and fetched.id == bot.synced[0].id
        bye: Any = {"name": "bye", "description": "Say bye"}
        created = await bot.http.upsert_global_command(app_id, bye)
        assert created["version"] and {c.name for c in standin.commands()} == {"hello", "bye"}
        edited = await bot.http.edit_global_command(app_id, int(created["id"]), {"description": "Say goodbye"})
        assert edited["id"] == created["id"] and edited["description"] == "Say goodbye"
        await bot.http.delete_global_command(app_id, int(created["id"]))
        assert [c.name for c in standin.commands()] == ["hello"]

        guild = await bot.fetch_guild(hotel.guild.id)
        assert guild.name == "Grand Hotel" and {r.name for r in guild.roles} >= {"@everyone", "Moderator"}
        member = await guild.fetch_member(hotel.mod.id)
        assert hotel.moderator.id in [r.id for r in member.roles]
        members = [m.name async for m in guild.fetch_members(limit=None)]
        assert {"alice", "bob", "mod"} <= set(members)
        assert (await bot.fetch_user(hotel.alice.id)).name == "alice"
        channel = await bot.fetch_channel(hotel.games.id)
        assert isinstance(channel, discord.TextChannel) and channel.name == "games"
        assert [c.name for c in await guild.fetch_channels()] == ["lobby", "games"]
        async with channel.typing():
            pass


class ShardedBot(discord.AutoShardedClient):
    """An auto-sharded client, which asks ``GET /gateway/bot`` for its URL and shard count."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.2)
        self.ready_event = asyncio.Event()

    async def on_ready(self) -> None:
        """Mark the client ready."""
        self.ready_event.set()


async def test_sharded_client_uses_gateway_bot(standin: StandIn, hotel: Hotel) -> None:
    target = standin.point_discord_py_here()
    client = ShardedBot()
    task = asyncio.create_task(client.start(standin.token))
    try:
        await asyncio.wait_for(client.ready_event.wait(), timeout=15)
        assert ("GET", "/gateway/bot") in [(r.method, r.route) for r in standin.requests]
        [session] = standin.gateway.live_sessions()
        assert session.shard == (0, 1)
        assert client.get_guild(hotel.guild.id) is not None
    finally:
        await client.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, timeout=10)
        target.restore()
