"""Rate-limit headers, real buckets, and forced 429 answers that a discord.py client must back off from."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from . import StandIn, StandInConfig
from .conftest import Hotel
from .tinybot import TinyBot, running

MESSAGES_ROUTE = "/channels/{channel_id}/messages"


async def test_answers_carry_rate_limit_headers(standin: StandIn, hotel: Hotel) -> None:
    headers = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(standin.api_base + "/users/@me", headers=headers) as first:
            assert first.status == 200
            assert first.headers["Content-Type"] == "application/json", "discord.py parses only this exact type"
            assert first.headers["Via"] == "1.1 google"
            assert first.headers["X-RateLimit-Limit"] == "50"
            assert first.headers["X-RateLimit-Remaining"] == "49"
            assert float(first.headers["X-RateLimit-Reset-After"]) <= 1.0
            assert float(first.headers["X-RateLimit-Reset"]) > 1_600_000_000
            bucket = first.headers["X-RateLimit-Bucket"]
            assert (await first.json())["id"] == str(standin.bot.id)
        async with session.get(standin.api_base + "/users/@me", headers=headers) as second:
            assert second.headers["X-RateLimit-Remaining"] == "48"
            assert second.headers["X-RateLimit-Bucket"] == bucket
        async with session.get(standin.api_base + "/users/@me") as anonymous:
            assert anonymous.status == 401
            assert await anonymous.json() == {"message": "401: Unauthorized", "code": 0}


async def test_client_waits_retry_after_on_a_forced_429(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        standin.force_429(method="POST", route=MESSAGES_ROUTE, retry_after=0.3)
        sent = await channel.send("sent after backing off")
        attempts = [r for r in standin.requests if r.route == MESSAGES_ROUTE]
        assert [r.status for r in attempts] == [429, 200]
        assert attempts[1].at - attempts[0].at >= 0.3
        [hit] = standin.rate_limits.hits
        assert hit.forced and not hit.global_ and hit.retry_after == 0.3
        assert [m.id for m in standin.messages_in(hotel.lobby)] == [sent.id]


async def test_429_on_interaction_callback_and_followup_webhook(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()

    @bot.tree.command(name="slow", description="Defer, then follow up")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send("done")

    async with running(standin, bot):
        standin.force_429(route="/interactions/{interaction_id}/{interaction_token}/callback", retry_after=0.2)
        standin.force_429(route="/webhooks/{webhook_id}/{webhook_token}", retry_after=0.2)
        interaction = await hotel.alice.run_command(hotel.lobby, "slow")
        answer = await interaction.reply()
        assert answer.content == "done"
        assert interaction.latency is not None and 0.2 <= interaction.latency < 3
        statuses = [
            (r.route.split("/")[1], r.status)
            for r in standin.requests
            if r.route.startswith(("/interactions", "/webhooks"))
        ]
        assert statuses == [("interactions", 429), ("interactions", 200), ("webhooks", 429), ("webhooks", 200)]


@pytest.mark.parametrize(
    "standin_config", [StandInConfig(rate_limit=2, rate_limit_per=0.4, route_limits=())], indirect=True
)
async def test_bucket_headers_make_the_client_wait_and_ignoring_them_gets_429(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()
    async with running(standin, bot):
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        loop = asyncio.get_running_loop()
        started = loop.time()
        for n in range(5):
            await channel.send(f"message {n}")
        assert loop.time() - started >= 0.6, "two full windows must pass for five messages at two per window"
        assert standin.rate_limits.hits == [], "discord.py waits on X-RateLimit-Remaining: 0 instead of hitting 429"
        assert len(standin.messages_in(hotel.lobby)) == 5

    url = f"{standin.api_base}/channels/{hotel.games.id}/messages"
    headers = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession() as session:
        statuses = []
        for n in range(3):
            async with session.post(url, json={"content": f"spam {n}"}, headers=headers) as response:
                statuses.append(response.status)
                body = await response.json()
        assert statuses == [200, 200, 429]
        assert body["global"] is False and 0 < body["retry_after"] <= 0.4
        assert response.headers["X-RateLimit-Remaining"] == "0" and "Retry-After" in response.headers
    assert len(standin.messages_in(hotel.games)) == 2
