"""Fixtures for the stand-in's own tests: a started stand-in with a small guild, checked for clean shutdown."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord.gateway
import discord.http
import pytest

from . import Actor, Channel, Guild, Permission, Role, StandIn, StandInConfig

DEFAULT_API_BASE = discord.http.Route.BASE
DEFAULT_GATEWAY = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


@dataclass
class Hotel:
    """A guild with two channels, a Moderator role (Manage Channels) and three users."""

    guild: Guild
    lobby: Channel
    games: Channel
    moderator: Role
    alice: Actor
    bob: Actor
    mod: Actor


def build_hotel(standin: StandIn) -> Hotel:
    """Populate ``standin`` with the :class:`Hotel` guild."""
    guild = standin.create_guild("Grand Hotel", channels=["lobby", "games"])
    moderator = standin.create_role(guild, "Moderator", permissions=Permission.MANAGE_CHANNELS)
    return Hotel(
        guild=guild,
        lobby=guild.channel("lobby"),
        games=guild.channel("games"),
        moderator=moderator,
        alice=standin.create_user("alice", guild=guild),
        bob=standin.create_user("bob", guild=guild),
        mod=standin.create_user("mod", guild=guild, roles=[moderator]),
    )


async def assert_clean_shutdown(port: int) -> None:
    """No task of ours, no discord.py heartbeat thread and no listening port may survive a test."""
    for _ in range(50):
        current = asyncio.current_task()
        leftovers = [t for t in asyncio.all_tasks() if t is not current and not t.done()]
        threads = [t for t in threading.enumerate() if t.name.startswith("keep-alive-handler")]
        if not leftovers and not threads:
            break
        await asyncio.sleep(0.02)
    assert not leftovers, f"tasks left running after the test: {leftovers}"
    assert not threads, f"discord.py heartbeat threads left running: {threads}"
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    assert discord.http.Route.BASE == DEFAULT_API_BASE, "discord.py's REST base was not restored"
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == DEFAULT_GATEWAY, "discord.py's gateway not restored"


UNHURRIED = StandInConfig(route_limits=())
"""Discord's settings, but without the tight per-channel message limits (5 per 5 s): for tests about other rules
that send many messages to one channel."""


@pytest.fixture
def standin_config(request: pytest.FixtureRequest) -> StandInConfig:
    """The ``standin`` fixture's configuration; parametrize it indirectly to change it."""
    config = getattr(request, "param", None)
    return config if isinstance(config, StandInConfig) else StandInConfig()


@pytest.fixture
async def standin(standin_config: StandInConfig) -> AsyncIterator[StandIn]:
    """A started stand-in; afterwards no unreported violation may remain and everything must be shut down."""
    server = await StandIn.start(standin_config)
    try:
        yield server
        server.assert_no_violations()
    finally:
        port = server.port
        await server.close()
        await assert_clean_shutdown(port)


@pytest.fixture
def hotel(standin: StandIn) -> Hotel:
    """The :class:`Hotel` guild in the ``standin``."""
    return build_hotel(standin)
