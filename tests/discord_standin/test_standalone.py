"""``python -m tests.discord_standin`` serves a demo guild, and the bot's two settings are enough to reach it."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from pathlib import Path

from .client_config import point_discord_py_at
from .tinybot import TinyBot

REPO_ROOT = Path(__file__).resolve().parents[2]


async def test_standalone_server_reached_with_the_bot_settings() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.discord_standin", "--port", "0", "--seconds", "60", "--channels", "lobby",
        cwd=REPO_ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    assert process.stdout is not None
    settings: dict[str, str] = {}
    target = None
    try:
        while "DEV_GUILD_ID" not in settings:
            line = await asyncio.wait_for(process.stdout.readline(), timeout=30)
            assert line, "the stand-in exited before printing its settings"
            key, _, value = line.decode().strip().partition("=")
            settings[key] = value
        assert settings["DISCORD_API_BASE"].endswith("/api/v10")
        # Exactly what the bot does with DISCORD_API_BASE and DISCORD_GATEWAY_URL.
        target = point_discord_py_at(settings["DISCORD_API_BASE"], settings["DISCORD_GATEWAY_URL"])
        assert target.api_base == settings["DISCORD_API_BASE"]
        bot = TinyBot()
        task = asyncio.create_task(bot.start(settings["DISCORD_TOKEN"]))
        try:
            await asyncio.wait_for(bot.ready_event.wait(), timeout=20)
            guild = bot.get_guild(int(settings["DEV_GUILD_ID"]))
            assert guild is not None and [c.name for c in guild.text_channels] == ["lobby"]
        finally:
            await bot.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, timeout=10)
    finally:
        if target is not None:
            target.restore()
        if process.returncode is None:
            process.terminate()
        await process.wait()
