"""Issue 51 item 12: each way a request can fail to reach Discord, made for real on loopback with aiohttp (what
discord.py uses), is one of `bot.host.unreachable.NETWORK_ERRORS` and gets its cause in words. The whole start through
`python -m bot`: tests/bot_e2e/test_start_exits.py."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest

from bot.host.unreachable import EXIT_UNREACHABLE, NETWORK_ERRORS, cause, explain

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Coroutine[Any, Any, None]]


@asynccontextmanager
async def server(handler: Handler) -> AsyncIterator[int]:
    """A TCP server on a free loopback port that treats every connection with `handler`; yields the port."""
    listening = await asyncio.start_server(handler, "127.0.0.1", 0)
    try:
        yield listening.sockets[0].getsockname()[1]
    finally:
        listening.close()
        await listening.wait_closed()


async def failure(url: str, seconds: float = 5.0) -> BaseException:
    """What aiohttp raises for a GET of `url` (the test fails if the GET succeeds)."""
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=seconds)) as session:
        try:
            async with session.get(url):
                pass
        except Exception as error:
            return error
    pytest.fail(f"GET {url} succeeded")


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


async def never_answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await asyncio.sleep(30)
    writer.close()


async def hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    await reader.read(1)
    writer.close()


async def plain_text(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.write(b"this is no TLS server\r\n" * 20)
    await writer.drain()
    writer.close()


async def test_a_refused_connection() -> None:
    port = closed_port()
    error = await failure(f"http://127.0.0.1:{port}/api/v10/users/@me")
    assert isinstance(error, NETWORK_ERRORS)
    assert cause(error) == f"127.0.0.1:{port} refused the connection"


async def test_a_name_that_does_not_resolve() -> None:
    error = await failure("http://discord.invalid/api/v10/users/@me")
    assert isinstance(error, NETWORK_ERRORS)
    assert cause(error).startswith("the name discord.invalid could not be looked up (DNS: ")


async def test_no_answer_in_time() -> None:
    async with server(never_answer) as port:
        error = await failure(f"http://127.0.0.1:{port}/api/v10/users/@me", seconds=0.5)
    assert isinstance(error, NETWORK_ERRORS)
    assert "did not answer in time" in cause(error)


async def test_a_connection_that_is_closed_at_once() -> None:
    async with server(hang_up) as port:
        error = await failure(f"http://127.0.0.1:{port}/api/v10/users/@me")
    assert isinstance(error, NETWORK_ERRORS)
    assert cause(error).startswith("the connection to Discord broke (ServerDisconnectedError")


async def test_a_server_that_speaks_no_tls() -> None:
    async with server(plain_text) as port:
        error = await failure(f"https://127.0.0.1:{port}/api/v10/users/@me")
    assert isinstance(error, NETWORK_ERRORS)
    assert cause(error).startswith(f"the secure connection to 127.0.0.1:{port} failed (")


async def test_the_paragraph_names_the_address_the_cause_the_code_and_not_the_token() -> None:
    port = closed_port()
    error = await failure(f"http://127.0.0.1:{port}/api/v10/users/@me")
    text = explain(error, f"http://127.0.0.1:{port}/api/v10")
    assert "\n" not in text and text.startswith(f"Network problem: the bot could not reach Discord at "
                                                f"http://127.0.0.1:{port}/api/v10: 127.0.0.1:{port} refused")
    assert "it is not the token" in text and f"exits with code {EXIT_UNREACHABLE}" in text
