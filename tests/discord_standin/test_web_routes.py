"""The web page's routes answer every malformed or forged request with a sentence (400, or 403 for what another
site could send), never a server error, and change nothing; the page and its scripts are served."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from .conftest import Hotel
from .standin import StandIn
from .web import WebPage

FORGED: list[tuple[str, Any, str]] = [
    ("/api/send", {"user": "nobody", "text": "/game"}, "no test user 'nobody'"),
    ("/api/send", {"user": "alice", "text": "  "}, "type a command"),
    ("/api/send", {"user": "alice", "text": "/game"}, "no command /game"),
    ("/api/send", ["alice"], "the request was not a JSON object"),
    ("/api/click", {"user": "alice", "message": "\u00b2", "custom_id": "x"}, "that message is gone"),
    ("/api/click", {"user": "alice", "message": "9" * 40, "custom_id": "x"}, "that message is gone"),
    ("/api/click", {"user": "alice", "message": None}, "that message is gone"),
    ("/api/select", {"user": "alice", "message": "1", "values": "a"}, "pick at least one option"),
    ("/api/select", {"user": "bob", "message": "1", "values": ["a"]}, "that message is gone"),
]


@pytest.mark.parametrize(("route", "body", "says"), FORGED)
async def test_forged_actions_get_a_sentence(standin: StandIn, hotel: Hotel, route: str, body: Any,
                                             says: str) -> None:
    page = WebPage(standin, hotel.guild, [hotel.alice, hotel.bob])
    url = await page.start()
    try:
        before = len(standin.world.messages)
        async with aiohttp.ClientSession() as session, session.post(url.rstrip("/") + route, json=body) as answer:
            assert answer.status == 400
            assert (await answer.json())["error"].startswith(says)
        assert len(standin.world.messages) == before and not standin.interactions
    finally:
        await page.close()


async def test_other_sites_cannot_act_and_the_page_is_served(standin: StandIn, hotel: Hotel) -> None:
    page = WebPage(standin, hotel.guild, [hotel.alice])
    url = await page.start()
    try:
        async with aiohttp.ClientSession() as session:
            async with session.post(url + "api/send", data="user=alice&text=hi") as answer:
                assert answer.status == 403, "a plain form post (what any web site can send) is refused"
            async with session.post(url + "api/send", json={"user": "alice", "text": "hi"},
                                    headers={"Origin": "http://evil.example"}) as answer:
                assert answer.status == 403
            async with session.post(url + "api/send", data=b"{", headers={"Content-Type": "application/json"}) as a:
                assert a.status == 400 and (await a.json())["error"] == "the request was not JSON"
            async with session.get(url + "api/state", params={"user": "mallory"}) as answer:
                assert answer.status == 400
            async with session.get(url + "api/state", params={"since": "\u00b2"}) as answer:
                state = await answer.json()
                assert state["users"] == [{"id": str(hotel.alice.id), "name": "alice"}]
            for path in ("", "static/app.js", "static/markdown.js", "static/app.css"):
                async with session.get(url + path) as answer:
                    assert answer.status == 200, path
            async with session.post(url + "api/send", json={"user": "alice", "text": "hi <b>"}) as answer:
                assert answer.status == 200
        assert [m.content for m in standin.messages_in(hotel.lobby)] == ["hi <b>"]
    finally:
        await page.close()
