"""Turn reminders: timers live in the database and one loop re-arms them after every restart.

`Reminders` gets what it uses as typed arguments (the client, the service, how to DM a user), not the bot."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

import discord

from bot.service import GameInfo, GameService

log = logging.getLogger(__name__)


class Reminders:
    """Every `poll_seconds`, remind the players whose turn has been waiting longer than their channel's
    reminder interval: one reminder per turn, in the game's channel (and by DM for users who chose DMs)."""

    def __init__(self, client: discord.Client, service: GameService,
                 notify_dm: Callable[[int, GameInfo], Awaitable[None]], poll_seconds: float = 60.0) -> None:
        self.client = client
        self.service = service
        self.notify_dm = notify_dm  # `Controller.notify_dm`: a DM for users who chose DMs
        self.poll_seconds = poll_seconds
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start the loop (once)."""
        if self.task is None:
            self.task = asyncio.create_task(self.loop(), name="gah-reminders")

    async def stop(self) -> None:
        """Stop the loop."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None

    async def loop(self) -> None:
        await self.client.wait_until_ready()
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("reminder pass failed")
            await asyncio.sleep(self.poll_seconds)

    async def tick(self) -> int:
        """Send every reminder that is due (one per turn); returns how many were sent."""
        service = self.service
        sent = 0
        for timer in await service.timers(due_before=time.time()):
            info = await service.game(timer.game_id)
            if info.version != timer.version:  # the game moved on since this timer was set: set it for now
                await service.rearm_reminder(timer.game_id)
                continue
            user = info.current_user
            if info.status != "active" or user is None:
                await service.reminder_sent(timer.game_id, timer.version)
                continue
            prefs = await service.prefs(user)
            if not prefs.reminders:
                await service.reminder_sent(timer.game_id, timer.version)
                continue
            if prefs.snooze_until and prefs.snooze_until > time.time():
                await service.rearm_reminder(timer.game_id)
                continue
            channel = self.client.get_channel(info.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                since = int(info.updated_at)
                await channel.send(f"<@{user}>, friendly reminder: it is your turn in Grand Austria Hotel "
                                   f"(waiting since <t:{since}:R>).",
                                   allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)]))
                sent += 1
            if prefs.notify == "dm":
                await self.notify_dm(user, info)
            await service.reminder_sent(timer.game_id, timer.version)
        return sent
