"""A real discord.py client logs in to the stand-in, gets READY and GUILD_CREATE, heartbeats, and RESUMEs."""

from __future__ import annotations

import asyncio

import discord
import pytest

from . import StandIn, StandInConfig
from .conftest import Hotel
from .tinybot import TinyBot, running


async def test_login_ready_and_guild_create(standin: StandIn, hotel: Hotel) -> None:
    intents = discord.Intents.default()
    intents.members = True
    bot = TinyBot(intents=intents)
    async with running(standin, bot):
        routes = [(r.method, r.route) for r in standin.requests]
        assert ("GET", "/users/@me") in routes
        assert ("GET", "/oauth2/applications/@me") in routes
        assert bot.user is not None and bot.user.id == standin.bot.id and bot.user.bot
        assert bot.application_id == standin.application_id

        names = [e.name for e in standin.gateway.events]
        assert names[:2] == ["READY", "GUILD_CREATE"]
        ready = standin.gateway.events[0].data
        assert ready["guilds"] == [{"id": str(hotel.guild.id), "unavailable": True}]
        assert ready["resume_gateway_url"] == standin.gateway_url + "/resume"
        identify = next(d for _, op, d in standin.gateway.received if op == 2)
        assert identify is not None and identify["intents"] == intents.value

        guild = bot.get_guild(hotel.guild.id)
        assert guild is not None and guild.name == "Grand Hotel"
        assert [c.name for c in guild.text_channels] == ["lobby", "games"]
        moderator = guild.get_role(hotel.moderator.id)
        assert moderator is not None and moderator.permissions.manage_channels
        assert guild.me.id == standin.bot.id
        # With the members intent discord.py chunks the guild; the stand-in answers with every member.
        member = await standin.wait_for(lambda: guild.get_member(hotel.alice.id), what="alice in the member cache")
        assert member.name == "alice"
        mod = guild.get_member(hotel.mod.id)
        assert mod is not None and mod.guild_permissions.manage_channels
        assert "GUILD_MEMBERS_CHUNK" in [e.name for e in standin.gateway.events]
        # discord.py heartbeats as soon as it gets HELLO, and the stand-in acknowledges.
        assert standin.gateway.heartbeats >= 1
        assert bot.latency < 5


@pytest.mark.parametrize(
    "standin_config",
    [StandInConfig(gateway_compression=True), StandInConfig(gateway_compression=False)],
    ids=["zlib-stream", "plain-text"],
    indirect=True,
)
async def test_gateway_frames_with_and_without_zlib_stream(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        conn = next(iter(standin.gateway.connections))
        assert conn.request.query["compress"] == "zlib-stream"
        assert conn.request.query["v"] == "10" and conn.request.query["encoding"] == "json"
        assert (conn._compressor is not None) is standin.core.config.gateway_compression
        guild = bot.get_guild(hotel.guild.id)
        assert guild is not None and [c.name for c in guild.text_channels] == ["lobby", "games"]


@pytest.mark.parametrize("standin_config", [StandInConfig(heartbeat_interval=0.1)], indirect=True)
async def test_heartbeats_are_acknowledged(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        await standin.wait_for(lambda: standin.gateway.heartbeats >= 4, what="four heartbeats")
        # discord.py's latency stays infinite until a HEARTBEAT_ACK arrives; and no zombie reconnects happened.
        assert bot.latency < 1.0
        assert (standin.gateway.connects, standin.gateway.resumes) == (1, 0)


@pytest.mark.parametrize("abrupt", [False, True], ids=["close-frame-4000", "tcp-cut"])
async def test_resume_replays_missed_events(standin: StandIn, hotel: Hotel, abrupt: bool) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        await standin.drop_gateway(4000, abrupt=abrupt)
        # While the bot is away, alice writes in the lobby; the event waits in the session's buffer.
        missed = await hotel.alice.send_message(hotel.lobby, "hello while you were away")
        await asyncio.wait_for(bot.resumed_event.wait(), timeout=15)
        assert standin.gateway.identifies == 1
        assert standin.gateway.resumes == 1
        replayed = [e for e in standin.gateway.events if e.replayed]
        assert [e.name for e in replayed] == ["MESSAGE_CREATE"]
        assert replayed[0].data["id"] == str(missed.id)
        conn = next(iter(standin.gateway.connections))
        assert conn.path == "/gateway/resume", "discord.py must come back on READY's resume_gateway_url"
        received = await standin.wait_for(
            lambda: next((m for m in bot.received_messages if m.id == missed.id), None), what="the missed message"
        )
        assert received.author.id == hotel.alice.id
        assert received.content == "", "without the message content intent Discord blanks other users' content"


async def test_reconnect_opcode_leads_to_resume(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        standin.gateway.send_reconnect()
        await asyncio.wait_for(bot.resumed_event.wait(), timeout=15)
        assert (standin.gateway.identifies, standin.gateway.resumes) == (1, 1)


async def test_invalid_session_makes_the_client_identify_again(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        bot.ready_event.clear()
        standin.gateway.invalidate_sessions(resumable=False)
        await standin.wait_for(
            lambda: standin.gateway.identifies == 2 and standin.gateway.connected, what="a second IDENTIFY"
        )
        # discord.py fires on_ready again after the new READY; closing before that leaves its ready task behind.
        await asyncio.wait_for(bot.ready_event.wait(), timeout=10)
        assert standin.gateway.resumes == 0
        assert len(standin.gateway.live_sessions()) == 1


async def test_wrong_token_is_refused(standin: StandIn, hotel: Hotel) -> None:
    with pytest.raises(discord.LoginFailure):
        async with running(standin, TinyBot(), token="not-the-token"):
            pass
    assert [(r.route, r.status) for r in standin.requests] == [("/users/@me", 401)]
    assert standin.gateway.connects == 0


@pytest.mark.parametrize("standin_config", [StandInConfig(allowed_privileged_intents=0)], indirect=True)
async def test_disallowed_privileged_intent_closes_with_4014(standin: StandIn, hotel: Hotel) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    bot = TinyBot(intents=intents)
    with pytest.raises(discord.PrivilegedIntentsRequired):
        async with running(standin, bot):
            pass
    assert standin.gateway.identifies == 0
