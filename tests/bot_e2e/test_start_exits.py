"""Issue 51 items 11-13: how `python -m bot` ends a start that cannot go on, each with one paragraph and its exit
code (docs/hosting.md, Exit codes), never a traceback, never an ERROR line:

- a number setting out of its bounds (inf, nan, too small, too large, Unicode digits): exit 2, "Settings problem"
  naming the setting and both bounds (every other number setting: tests/bot/test_number_settings.py);
- Discord unreachable (a closed port on loopback, a name that never resolves): exit 4, "Network problem" saying what
  was tried and that it is not the token; the stand-in hears nothing; once Discord is reachable the same bot starts;
  Discord answering the login with 503 (an outage): exit 4, "Discord problem";
- discord.py older than its floor (its metadata says 2.5.2): exit 2, "Install problem" naming both versions.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from aiohttp import web

from bot.host.dependency_floors import FLOORS
from bot.host.settings import NUMBER_BOUNDS
from tests.discord_standin import StandIn

from .harness import ROOT, BotProcess


def closed_port() -> int:
    """A loopback port nothing listens on (bound once by us, then closed): a connection there is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


async def run_bot(env: dict[str, str], timeout: float = 60) -> tuple[int, str]:
    """`python -m bot` with `env`; its exit code and stderr. A bot still running after `timeout` seconds (it
    started when it should have stopped) is killed and fails the test."""
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=str(ROOT), env=env,
                                                   stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
                                                   stderr=asyncio.subprocess.PIPE)
    try:
        _, stderr = await asyncio.wait_for(process.communicate(), timeout=timeout)
    except TimeoutError:
        process.kill()
        _, stderr = await process.communicate()
        pytest.fail(f"the bot was still running after {timeout} s:\n{stderr.decode(errors='replace')[-3000:]}")
    assert process.returncode is not None
    return process.returncode, stderr.decode(errors="replace")


def one_paragraph(stderr: str, opening: str) -> str:
    """The one line of `stderr` that starts with `opening`; nothing went wrong out loud besides it."""
    assert "Traceback" not in stderr, stderr
    assert not [line for line in stderr.splitlines() if " ERROR " in line or " CRITICAL " in line], stderr
    paragraphs = [line for line in stderr.splitlines() if line.startswith(opening)]
    assert len(paragraphs) == 1, stderr
    return paragraphs[0]


def number_cases() -> list[tuple[str, str]]:
    cases = []
    for name in ("GAH_GUILD_READY_TIMEOUT", "GAH_REMINDER_POLL_SECONDS"):
        low, high = NUMBER_BOUNDS[name]
        for value in ("inf", "nan", repr(low / 100), f"{high * 10:g}", "６０"):  # "６０": full-width digits
            cases.append((name, value))
    return cases


@pytest.mark.parametrize(("name", "value"), number_cases())
async def test_a_number_setting_out_of_bounds_stops_the_start_with_code_2_naming_the_bounds(
        standin: StandIn, make_bot: Callable[..., BotProcess], name: str, value: str) -> None:
    env = {**make_bot().environment(), name: value}
    code, stderr = await run_bot(env)
    low, high = NUMBER_BOUNDS[name]
    line = one_paragraph(stderr, "Settings problem:")
    assert code == 2, stderr
    assert f"{name} must be a finite number of seconds of at least {low:g} and at most {high:g}" in line, line
    assert repr(value) in line, line
    assert standin.requests == [], "the settings stop it before it talks to Discord"


@pytest.mark.parametrize("where", ["closed port", "unknown name"])
@pytest.mark.parametrize("token", ["right", "wrong"])
async def test_discord_unreachable_at_start_exits_with_code_4_and_says_it_is_the_network(
        standin: StandIn, make_bot: Callable[..., BotProcess], where: str, token: str) -> None:
    bot = make_bot()
    port = closed_port()
    # a .invalid name never resolves (RFC 6761): the lookup fails without reaching any other host
    host, shown = (("127.0.0.1", f"127.0.0.1:{port} refused the connection") if where == "closed port"
                   else ("discord.invalid", "the name discord.invalid could not be looked up (DNS"))
    api_base = f"http://{host}:{port}/api/v10"
    env = {**bot.environment(), "DISCORD_API_BASE": api_base, "DISCORD_GATEWAY_URL": f"ws://{host}:{port}/gateway"}
    if token == "wrong":
        env["DISCORD_TOKEN"] = "not-the-token"
    code, stderr = await run_bot(env)
    line = one_paragraph(stderr, "Network problem:")
    assert code == 4, stderr
    assert f"could not reach Discord at {api_base}: {shown}" in line, line
    assert "it is not the token" in line and "exits with code 4" in line, line
    assert "Discord refused the token" not in stderr
    assert standin.requests == []
    if where == "closed port" and token == "right":
        # what a service manager does after exit code 4: start it again; with the network back, it runs
        await bot.start()
        assert [request.status for request in standin.requests][:1] == [200]


async def test_discord_answering_the_start_with_a_server_error_exits_with_code_4(
        standin: StandIn, make_bot: Callable[..., BotProcess]) -> None:
    """An outage as Discord's edge shows it: every request answered 503 (discord.py does not retry a 503)."""
    heard: list[str] = []

    async def outage(request: web.Request) -> web.Response:
        heard.append(f"{request.method} {request.path}")
        return web.Response(status=503, text="upstream connect error")

    app = web.Application()
    app.router.add_route("*", "/{path:.*}", outage)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        port = runner.addresses[0][1]
        api_base = f"http://127.0.0.1:{port}/api/v10"
        code, stderr = await run_bot({**make_bot().environment(), "DISCORD_API_BASE": api_base})
    finally:
        await runner.cleanup()
    line = one_paragraph(stderr, "Discord problem:")
    assert code == 4, stderr
    assert f"Discord at {api_base} answered the bot's start with the server error 503 Service Unavailable" in line
    assert "it is not the token" in line and "exits with code 4" in line, line
    assert heard == ["GET /api/v10/users/@me"] and standin.requests == []


async def test_a_discord_py_older_than_its_floor_stops_the_start_with_code_2(
        standin: StandIn, make_bot: Callable[..., BotProcess], tmp_path: Path) -> None:
    """Only the installed version's metadata is replaced (a dist-info folder found first on the path); the check
    reads nothing else, so the real discord.py below it never gets to run."""
    old = tmp_path / "old" / "discord.py-2.5.2.dist-info"
    old.mkdir(parents=True)
    (old / "METADATA").write_text("Metadata-Version: 2.1\nName: discord.py\nVersion: 2.5.2\n", encoding="utf-8")
    env = make_bot().environment()
    env["PYTHONPATH"] = os.pathsep.join([str(old.parent), str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    code, stderr = await run_bot(env)
    line = one_paragraph(stderr, "Install problem:")
    assert code == 2, stderr
    assert f"discord.py 2.5.2 is installed, but the bot needs {FLOORS['discord.py']} or newer" in line, line
    assert f'pip install -U "discord.py>={FLOORS["discord.py"]}"' in line, line
    assert standin.requests == []
