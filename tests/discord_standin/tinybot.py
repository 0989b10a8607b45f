"""The tiny discord.py client the stand-in's own tests run against it (it is not the game bot).

Tests register their commands and views on a :class:`TinyBot`, then run it with :func:`running`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord import app_commands
from discord.http import Route

from .standin import StandIn

log = logging.getLogger(__name__)

__all__ = ["TinyBot", "raw_callback", "raw_request", "running"]


class TinyBot(discord.Client):
    """A discord.py client with a command tree that it syncs at start, and events tests can await."""

    def __init__(
        self, *, intents: discord.Intents | None = None, sync_guild_id: int | None = None, **options: Any
    ) -> None:
        options.setdefault("guild_ready_timeout", 0.2)
        super().__init__(intents=intents or discord.Intents.default(), **options)
        self.tree = app_commands.CommandTree(self)
        self.sync_guild = discord.Object(sync_guild_id) if sync_guild_id else None
        self.synced: list[app_commands.AppCommand] = []
        self.ready_event = asyncio.Event()
        self.resumed_event = asyncio.Event()
        self.received_messages: list[discord.Message] = []
        self.errors: list[BaseException] = []

    async def setup_hook(self) -> None:
        """Sync the command tree (globally, or to ``sync_guild_id``)."""
        if self.sync_guild is not None:
            self.tree.copy_global_to(guild=self.sync_guild)
        self.synced = await self.tree.sync(guild=self.sync_guild)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Identify again at once (discord.py waits 5 s before a non-initial IDENTIFY by default)."""

    async def on_ready(self) -> None:
        """Mark the client ready."""
        self.ready_event.set()

    async def on_resumed(self) -> None:
        """Mark that a RESUME succeeded."""
        self.resumed_event.set()

    async def on_message(self, message: discord.Message) -> None:
        """Keep every message the gateway delivered."""
        self.received_messages.append(message)


@contextlib.asynccontextmanager
async def running(
    standin: StandIn, bot: TinyBot, *, timeout: float = 15.0, token: str | None = None
) -> AsyncIterator[TinyBot]:
    """Point discord.py at ``standin``, start ``bot`` and wait for on_ready; close everything on exit."""
    target = standin.point_discord_py_here()
    task = asyncio.create_task(bot.start(token or standin.token), name="tinybot")
    try:
        ready = asyncio.create_task(bot.ready_event.wait())
        done, _ = await asyncio.wait({ready, task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ready
        if task in done:
            task.result()
            raise RuntimeError("the bot stopped before it was ready")
        if ready not in done:
            raise TimeoutError(f"the bot was not ready after {timeout} s: {standin.describe()}")
        yield bot
    finally:
        await bot.close()
        try:
            await asyncio.wait_for(task, timeout=10)
        except Exception as exc:  # the test's own failure matters more; log why the client ended
            log.debug("tiny bot ended with %r", exc)
        target.restore()


async def raw_request(bot: discord.Client, method: str, path: str, *, json: Any = None, **params: Any) -> Any:
    """Send a request through the bot's own discord.py HTTP client, bypassing discord.py's own checks (so a test
    can break a limit on purpose)."""
    route = Route(method, path, **params)
    if json is None:
        return await bot.http.request(route)
    return await bot.http.request(route, json=json)


async def raw_callback(bot: discord.Client, interaction: discord.Interaction, payload: dict[str, Any]) -> Any:
    """Post an interaction callback body as-is through the bot's HTTP client."""
    return await raw_request(
        bot,
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
        json=payload,
    )
