"""Discord's real rate limits in the stand-in: 5 messages per 5 s per channel, the global 50 requests a second,
Discord's headers and 429 bodies, and how discord.py reacts to them. Source: Discord's developer documentation,
*Topics > Rate Limits*."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest
from jsonschema import Draft202012Validator

from . import StandIn, StandInConfig
from .clock import Clock
from .conftest import Hotel
from .ratelimit import DISCORD_ROUTE_LIMITS, RateLimiter, RouteLimit
from .schemas import component_validator
from .tinybot import TinyBot, running

MESSAGES_ROUTE = "/channels/{channel_id}/messages"


def rate_limited_body_validator() -> Draft202012Validator:
    """Discord's OpenAPI schema of a 429 body (``RatelimitedResponse``: message, code, retry_after, global)."""
    return component_validator("RatelimitedResponse")


async def post(session: aiohttp.ClientSession, standin: StandIn, channel_id: int, content: str,
               **extra: Any) -> tuple[int, dict[str, str], Any]:
    async with session.post(f"{standin.api_base}/channels/{channel_id}/messages", json={"content": content, **extra},
                            headers={"Authorization": f"Bot {standin.token}"}) as response:
        return response.status, dict(response.headers), await response.json()


def test_the_defaults_are_discords() -> None:
    config = StandInConfig()
    assert (config.global_rate_limit, config.global_rate_limit_per) == (50, 1.0)
    assert RouteLimit("POST", MESSAGES_ROUTE, 5, 5.0) in config.route_limits == DISCORD_ROUTE_LIMITS
    assert 60 <= config.nonce_window <= 10 * 60, "a few minutes"


async def test_five_messages_per_five_seconds_per_channel(standin: StandIn, hotel: Hotel) -> None:
    async with aiohttp.ClientSession() as session:
        answers = [await post(session, standin, hotel.lobby.id, f"m{n}") for n in range(6)]
        elsewhere = await post(session, standin, hotel.games.id, "another channel has its own bucket")
        standin.advance_time(5.0)
        after_reset = await post(session, standin, hotel.lobby.id, "after the window")

    assert [status for status, _, _ in answers] == [200] * 5 + [429]
    headers = [h for _, h, _ in answers]
    assert [h["X-RateLimit-Limit"] for h in headers] == ["5"] * 6
    assert [h["X-RateLimit-Remaining"] for h in headers] == ["4", "3", "2", "1", "0", "0"]
    assert len({h["X-RateLimit-Bucket"] for h in headers}) == 1
    assert all(0 < float(h["X-RateLimit-Reset-After"]) <= 5.0 for h in headers)
    assert all(abs(float(h["X-RateLimit-Reset"]) - float(headers[0]["X-RateLimit-Reset"])) < 0.01 for h in headers)

    _, limited, body = answers[5]
    assert body["message"] == "You are being rate limited." and body["global"] is False and body["code"] == 0
    assert 0 < body["retry_after"] <= 5.0
    assert limited["Retry-After"] == str(int(-(-body["retry_after"] // 1)))  # whole seconds, rounded up
    assert limited["X-RateLimit-Scope"] == "user" and "X-RateLimit-Global" not in limited
    assert not list(rate_limited_body_validator().iter_errors(body)), "the 429 body is what Discord describes"

    assert elsewhere[0] == 200 and elsewhere[1]["X-RateLimit-Remaining"] == "4"
    assert after_reset[0] == 200 and after_reset[1]["X-RateLimit-Remaining"] == "4"
    assert [m.content for m in standin.messages_in(hotel.lobby)] == ["m0", "m1", "m2", "m3", "m4", "after the window"]
    [hit] = standin.rate_limits.hits
    assert (hit.route, hit.scope, hit.forced, hit.global_) == (MESSAGES_ROUTE, "user", False, False)


@pytest.mark.parametrize("standin_config", [StandInConfig(global_rate_limit=4, global_rate_limit_per=30)],
                         indirect=True)
async def test_global_limit_spans_routes_but_not_interaction_callbacks(standin: StandIn, hotel: Hotel) -> None:
    bot = TinyBot()

    @bot.tree.command(name="ping", description="Answer")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")
        await interaction.followup.send("and a follow-up")

    async with running(standin, bot):
        standin.advance_time(30)  # a fresh global window after the bot's start-up requests
        auth = {"Authorization": f"Bot {standin.token}"}
        statuses = []
        async with aiohttp.ClientSession() as session:
            for url in ("/users/@me", "/oauth2/applications/@me", "/gateway", "/users/@me", "/gateway"):
                async with session.get(standin.api_base + url, headers=auth) as response:
                    statuses.append(response.status)
                    headers, body = dict(response.headers), await response.json()
        assert statuses == [200, 200, 200, 200, 429], "four requests on any routes use up a global limit of four"
        assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
        assert "X-RateLimit-Bucket" not in headers and int(headers["Retry-After"]) >= 1
        assert body["global"] is True and body["code"] == 0 and 0 < body["retry_after"] <= 30
        assert not list(rate_limited_body_validator().iter_errors(body))

        command = await hotel.alice.run_command(hotel.lobby, "ping")  # callback and follow-up webhook are exempt
        assert (await command.reply()).content == "pong"
        assert (await command.followup(0)).content == "and a follow-up"
    assert [(h.route, h.scope) for h in standin.rate_limits.hits] == [("/gateway", "global")]


@pytest.mark.parametrize("standin_config", [StandInConfig(global_rate_limit=3, global_rate_limit_per=2.0)],
                         indirect=True)
async def test_discord_py_holds_every_request_after_a_global_429(standin: StandIn, hotel: Hotel) -> None:
    extra = [standin.create_channel(hotel.guild, f"room-{n}") for n in range(3)]
    bot = TinyBot()
    async with running(standin, bot):
        standin.advance_time(2.0)  # a fresh global window
        channels = [bot.get_channel(c.id) for c in (hotel.lobby, hotel.games, *extra)]
        assert all(isinstance(c, discord.TextChannel) for c in channels)
        sent = await asyncio.gather(*(c.send(f"to {c.name}") for c in channels if isinstance(c, discord.TextChannel)))
    assert len(sent) == 5 and all(len(standin.messages_in(c)) == 1 for c in (hotel.lobby, hotel.games, *extra))
    hits = standin.rate_limits.hits
    assert hits and all(h.global_ and h.scope == "global" for h in hits), "discord.py waits out retry_after, then"
    posts = [r for r in standin.requests if r.route == MESSAGES_ROUTE]
    assert [r.status for r in posts].count(200) == 5
    first_hit = min(h.at for h in hits)
    retried = [r.at for r in posts if r.status == 200 and r.at > first_hit]
    assert retried and min(retried) - first_hit >= hits[0].retry_after - 0.01


@pytest.mark.parametrize("standin_config", [StandInConfig(route_limits=(RouteLimit("POST", MESSAGES_ROUTE, 2, 2.0),))],
                         indirect=True)
async def test_discord_py_send_that_empties_a_bucket_returns_only_when_it_resets(standin: StandIn,
                                                                                 hotel: Hotel) -> None:
    """discord.py sleeps out an exhausted bucket inside the request that exhausted it: ``await channel.send()``
    returns only when the window resets, although Discord stored the message at once. (So a bot must not await a
    channel post where it has to answer an interaction within 3 s.)"""
    bot = TinyBot()
    async with running(standin, bot):
        channel = bot.get_channel(hotel.lobby.id)
        assert isinstance(channel, discord.TextChannel)
        loop = asyncio.get_running_loop()
        started = loop.time()
        await channel.send("first")
        first_returned = loop.time() - started
        await channel.send("second, the last of the window")
        second_returned = loop.time() - started
        stored = [r.at for r in standin.requests if r.route == MESSAGES_ROUTE]
    assert first_returned < 1.0
    assert stored[1] - stored[0] < 1.0, "the second message was stored at once"
    assert second_returned >= 1.9, "but its send() came back only when the bucket reset"
    assert standin.rate_limits.hits == []


async def test_nonce_returns_the_stored_message_only_within_the_window(standin: StandIn, hotel: Hotel) -> None:
    """Discord: with ``enforce_nonce``, a nonce is checked for uniqueness in the past few minutes; a repeat returns
    the message already created instead of a new one."""
    window = standin.core.config.nonce_window
    async with aiohttp.ClientSession() as session:
        first = await post(session, standin, hotel.lobby.id, "turn 5", nonce="gaht1.5", enforce_nonce=True)
        standin.advance_time(window - 1)
        again = await post(session, standin, hotel.lobby.id, "turn 5", nonce="gaht1.5", enforce_nonce=True)
        unenforced = await post(session, standin, hotel.lobby.id, "turn 5", nonce="gaht1.5")
        standin.advance_time(2)
        late = await post(session, standin, hotel.lobby.id, "turn 5", nonce="gaht1.5", enforce_nonce=True)
        later = await post(session, standin, hotel.lobby.id, "turn 5", nonce="gaht1.5", enforce_nonce=True)
    assert [a[0] for a in (first, again, unenforced, late, later)] == [200] * 5
    assert again[2]["id"] == first[2]["id"], "within the window: the stored message"
    assert unenforced[2]["id"] != first[2]["id"], "without enforce_nonce the nonce is not checked"
    assert late[2]["id"] not in (first[2]["id"], unenforced[2]["id"]), "after the window: a new message"
    assert later[2]["id"] == late[2]["id"]
    assert len(standin.messages_in(hotel.lobby)) == 3


@pytest.mark.parametrize("standin_config", [StandInConfig(nonce_window=10)], indirect=True)
async def test_nonce_window_is_configurable(standin: StandIn, hotel: Hotel) -> None:
    async with aiohttp.ClientSession() as session:
        first = await post(session, standin, hotel.lobby.id, "x", nonce="n1", enforce_nonce=True)
        standin.advance_time(10.5)
        second = await post(session, standin, hotel.lobby.id, "x", nonce="n1", enforce_nonce=True)
    assert first[2]["id"] != second[2]["id"]


def test_routes_naming_one_bucket_share_its_count() -> None:
    """Discord may count several routes in one bucket (the same X-RateLimit-Bucket), per major parameter."""
    limiter = RateLimiter(Clock(), route_limits=(RouteLimit("POST", "/things", 2, 5.0, bucket="things"),
                                                 RouteLimit("PATCH", "/things/{thing_id}", 2, 5.0, bucket="things")))
    first = limiter.decide("POST", "/things", "7", "/things")
    second = limiter.decide("PATCH", "/things/{thing_id}", "7", "/things/1")
    other_major = limiter.decide("PATCH", "/things/{thing_id}", "8", "/things/2")
    third = limiter.decide("POST", "/things", "7", "/things")
    assert first.headers["X-RateLimit-Bucket"] == second.headers["X-RateLimit-Bucket"]
    assert (first.headers["X-RateLimit-Remaining"], second.headers["X-RateLimit-Remaining"]) == ("1", "0")
    assert other_major.limited is None and other_major.headers["X-RateLimit-Remaining"] == "1"
    assert third.limited is not None and third.limited.scope == "user" and not third.limited.global_
