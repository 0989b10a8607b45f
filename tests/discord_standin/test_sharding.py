"""Sharding as Discord does it (https://discord.com/developers/docs/topics/gateway#sharding): ``GET /gateway/bot``
recommends a shard count, IDENTIFY carries a ``[shard_id, shard_count]`` pair, a guild's events go only to the
connection of shard ``(guild_id >> 22) % shard_count`` (direct messages to shard 0), and a dispatch that would reach
another shard is recorded as a violation."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from typing import Any

import discord
import pytest
from aiohttp import ClientSession, WSMsgType
from discord import app_commands

from . import Guild, StandIn, StandInConfig
from .gateway import Session

FOUR_SHARDS = StandInConfig(recommended_shards=4)


class ShardedTinyBot(discord.AutoShardedClient):
    """An auto-sharded discord.py client with one slash command, `/where`, that answers in the channel."""

    def __init__(self, *, shard_count: int | None = None, shard_ids: Sequence[int] | None = None) -> None:
        options: dict[str, Any] = {"shard_count": shard_count}
        if shard_ids is not None:
            options["shard_ids"] = list(shard_ids)
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.2, **options)
        self.tree = app_commands.CommandTree(self)
        self.ready_event = asyncio.Event()
        self.answered: list[int | None] = []

        @self.tree.command(name="where", description="Say which guild this is")
        async def where(interaction: discord.Interaction) -> None:
            self.answered.append(interaction.guild_id)
            await interaction.response.send_message(f"guild {interaction.guild_id}")

    async def setup_hook(self) -> None:
        """Publish `/where` globally."""
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Identify every shard at once (discord.py waits 5 s between shards by default)."""

    async def on_ready(self) -> None:
        """Mark the client ready (every shard it runs is ready)."""
        self.ready_event.set()


@contextlib.asynccontextmanager
async def running_all(standin: StandIn, *bots: ShardedTinyBot) -> AsyncIterator[None]:
    """Start ``bots`` one after the other against ``standin`` and wait until each is ready; close them on exit."""
    target = standin.point_discord_py_here()
    tasks = []
    try:
        for bot in bots:
            tasks.append(asyncio.create_task(bot.start(standin.token)))
            await asyncio.wait_for(bot.ready_event.wait(), timeout=20)
        yield
    finally:
        for bot in bots:
            await bot.close()
        for task in tasks:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, timeout=10)
        target.restore()


def guilds_on_every_shard(standin: StandIn, count: int) -> list[Guild]:
    """One guild on each of ``count`` shards, in shard order, each with a "games" channel."""
    return [standin.create_guild(f"Hotel {shard}", channels=["games"], shard=(shard, count)) for shard in range(count)]


def session_of(standin: StandIn, shard_id: int) -> Session:
    """The live gateway session of ``shard_id``."""
    [session] = [s for s in standin.gateway.live_sessions() if s.shard[0] == shard_id]
    return session


def guilds_told(standin: StandIn, session: Session) -> set[int]:
    """The guilds whose GUILD_CREATE went to ``session``."""
    return {int(e.data["id"]) for e in standin.gateway.events
            if e.session_id == session.id and e.name == "GUILD_CREATE"}


def test_a_guild_made_for_a_shard_lands_on_it(standin: StandIn) -> None:
    for shard, guild in enumerate(guilds_on_every_shard(standin, 4)):
        assert (guild.id >> 22) % 4 == shard
    ids = [g.id for g in standin.core.world.guilds.values()]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)  # snowflakes stay unique and increasing


@pytest.mark.parametrize("standin_config", [FOUR_SHARDS], indirect=True)
async def test_gateway_bot_recommends_shards_and_each_identify_gets_its_own_guilds(standin: StandIn) -> None:
    guilds = guilds_on_every_shard(standin, 4)
    bot = ShardedTinyBot()
    async with running_all(standin, bot):
        assert ("GET", "/gateway/bot") in [(r.method, r.route) for r in standin.requests]
        assert bot.shard_count == 4
        identifies = [d for _, op, d in standin.gateway.received if op == 2 and d is not None]
        assert sorted(tuple(d["shard"]) for d in identifies) == [(0, 4), (1, 4), (2, 4), (3, 4)]
        for shard, guild in enumerate(guilds):
            session = session_of(standin, shard)
            ready = next(e.data for e in standin.gateway.events if e.session_id == session.id and e.name == "READY")
            assert ready["shard"] == [shard, 4]
            assert ready["guilds"] == [{"id": str(guild.id), "unavailable": True}]
            assert guilds_told(standin, session) == {guild.id}
            assert bot.get_guild(guild.id) is not None


@pytest.mark.parametrize("standin_config", [FOUR_SHARDS], indirect=True)
async def test_two_processes_with_half_the_shards_each_get_only_their_guilds_events(standin: StandIn) -> None:
    guilds = guilds_on_every_shard(standin, 4)
    ann = standin.create_user("ann")
    for guild in guilds:
        standin.add_member(guild, ann)
    low, high = ShardedTinyBot(shard_count=4, shard_ids=[0, 1]), ShardedTinyBot(shard_count=4, shard_ids=[2, 3])
    async with running_all(standin, low, high):
        assert {g.id for g in low.guilds} == {guilds[0].id, guilds[1].id}
        assert {g.id for g in high.guilds} == {guilds[2].id, guilds[3].id}
        for guild in guilds:
            await ann.run_command(guild.channel("games"), "where")
            answer = await standin.wait_for_message(guild.channel("games"))
            assert answer.content == f"guild {guild.id}"
        assert low.answered == [guilds[0].id, guilds[1].id] and high.answered == [guilds[2].id, guilds[3].id]
        for shard, guild in enumerate(guilds):
            session = session_of(standin, shard)
            got = {int(e.data["guild_id"]) for e in standin.gateway.events
                   if e.session_id == session.id and e.name == "INTERACTION_CREATE"}
            assert got == {guild.id}
        await ann.send_dm("hello")  # a direct message: shard 0 only
        dm_sessions = {e.session_id for e in standin.gateway.events
                       if e.name == "MESSAGE_CREATE" and e.data.get("guild_id") is None}
        assert dm_sessions == {session_of(standin, 0).id}
        assert not standin.core.take_violations()


@pytest.mark.parametrize("standin_config", [FOUR_SHARDS], indirect=True)
async def test_a_dispatch_that_reaches_the_wrong_shard_is_a_violation(standin: StandIn) -> None:
    guilds = guilds_on_every_shard(standin, 4)
    bot = ShardedTinyBot()
    async with running_all(standin, bot):
        assert not standin.core.take_violations()
        wrong = session_of(standin, 1)
        # No route of the stand-in sends it there; the check guards the stand-in's own dispatch code.
        standin.gateway._send_dispatch(wrong, "MESSAGE_DELETE", {"id": "1", "channel_id": "2",
                                                                  "guild_id": str(guilds[0].id)})
        standin.gateway._send_dispatch(wrong, "INTERACTION_CREATE", {"id": "3", "channel_id": "4"})  # a DM's
        standin.gateway._send_dispatch(wrong, "GUILD_CREATE", {"id": str(guilds[1].id)})  # its own: fine
        found = standin.core.take_violations()
        assert [v.rule for v in found] == ["gateway.shard", "gateway.shard"]
        assert f"guild {guilds[0].id} (shard 0) was dispatched on shard 1 of 4" in str(found[0])


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0]])
async def test_an_identify_with_a_shard_outside_the_count_is_closed(standin: StandIn, shard: list[int]) -> None:
    async with ClientSession() as http, http.ws_connect(standin.gateway_url + "?v=10&encoding=json") as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": standin.token, "intents": 1, "shard": shard, "properties": {}}})
        closed = await ws.receive()
        assert closed.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
        assert ws.close_code == 4010
    assert not standin.gateway.live_sessions()
