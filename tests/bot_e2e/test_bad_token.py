"""A token Discord refuses: `python -m bot` says so in words and exits with code 3, without a traceback."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Callable

import pytest

from tests.discord_standin import StandIn, StandInConfig

from .harness import ROOT, BotProcess


@pytest.fixture
async def standin(standin_config: StandInConfig) -> AsyncIterator[StandIn]:
    """A stand-in that answers the wrong token with Discord's 401 (expected here)."""
    server = await StandIn.start(standin_config)
    try:
        yield server
    finally:
        await server.close()


async def test_a_wrong_token_gives_a_clear_message_and_exit_code(standin: StandIn,
                                                                 make_bot: Callable[..., BotProcess]) -> None:
    env = {**make_bot().environment(), "DISCORD_TOKEN": "not-the-token"}
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=str(ROOT), env=env,
                                                   stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    _, stderr = await asyncio.wait_for(process.communicate(), timeout=60)
    text = stderr.decode()
    assert process.returncode == 3, text
    assert "Discord refused the token" in text and "Traceback" not in text, text
    assert [r.status for r in standin.requests] == [401], "it stopped at Discord's first refusal"
