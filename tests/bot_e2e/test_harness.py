"""The harness's reading of the stand-in's records: which refusals fail an end-to-end test."""

from __future__ import annotations

import aiohttp

from tests.discord_standin import StandIn

from .harness import World, refusals


async def post(standin: StandIn, session: aiohttp.ClientSession, channel_id: int) -> int:
    async with session.post(f"{standin.api_base}/channels/{channel_id}/messages", json={"content": "x"},
                            headers={"Authorization": f"Bot {standin.token}"}) as response:
        return response.status


async def test_a_429_counts_unless_it_was_waited_out(standin: StandIn, world: World) -> None:
    route = "/channels/{channel_id}/messages"
    async with aiohttp.ClientSession() as session:
        standin.force_429(method="POST", route=route, retry_after=2.0)
        assert await post(standin, session, world.channel.id) == 429
        assert await post(standin, session, world.channel.id) == 200  # at once: not waited out
        assert refusals(standin) == [f"429 POST {route}"]

        standin.force_429(method="POST", route=route, retry_after=2.0)
        assert await post(standin, session, world.channel.id) == 429
        standin.advance_time(2.0)
        assert await post(standin, session, world.channel.id) == 200  # after retry_after: what discord.py does
        assert refusals(standin) == [f"429 POST {route}"], "only the first one still counts"

        standin.force_429(method="POST", route=route, retry_after=0.5, global_=True)
        assert await post(standin, session, world.channel.id) == 429
        standin.advance_time(1.0)
        assert await post(standin, session, world.channel.id) == 200
        assert refusals(standin) == [f"429 POST {route}"] * 2, "a global 429 always counts"
        standin.core.requests.clear()  # the fixture checks the bot's requests; these were the test's own
