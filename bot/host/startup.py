"""The bot's start-up work (catch-up posts, AI resumption, log compaction), each on its own.

A start-up task that fails does not stop the others, nor the reminder loop that starts after them:
`StartupTasks.first_try` runs a task once, in the order the bot gives (so that, when all is well, catch-up posts
come before the AIs' moves and reminders), and on a failure logs an ERROR naming the task and the cause, then
retries it in the background with a growing pause (`RETRY_DELAYS`, then every last delay) until it succeeds or the
bot stops. No discord imports: tests drive it
directly, and the bot (`bot.host.app.GahBot.on_ready`) hands it its tasks.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

RETRY_DELAYS: tuple[float, ...] = (1.0, 2.0, 5.0, 15.0, 60.0, 300.0)
"""Seconds before each retry of a failed start-up task; after the last, it is tried again every last delay."""


def cause(error: BaseException) -> str:
    """`error` as a short cause for a log line: "OperationalError: database is locked"."""
    return f"{type(error).__name__}: {str(error)[:300] or 'no detail'}"


class StartupTasks:
    """Start-up tasks that run and are retried independently of one another.

    Args:
        delays: the pauses before each retry (seconds); the last repeats.
    """

    def __init__(self, delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        self.delays = delays
        self.failing: set[str] = set()
        """The names of the tasks that failed and are being retried now (a task leaves when it succeeds)."""
        self.done: set[str] = set()
        """The names of the tasks that succeeded (at the first try or a retry)."""
        self._tasks: set[asyncio.Task[None]] = set()

    async def first_try(self, name: str, work: Callable[[], Awaitable[T]]) -> T | None:
        """Run `work` once; returns its result, or None when it failed (it is then retried in the background until
        it succeeds, its result dropped). `name` says in the log which task it is ("catch-up posts")."""
        try:
            result = await work()
        except Exception as error:
            log.error("start-up task %s failed (%s); the bot keeps running and tries it again in %g s", name,
                      cause(error), self.delays[0], exc_info=error)
            self.failing.add(name)
            self._spawn(name, self._retry(name, work))
            return None
        self.done.add(name)
        return result

    def in_background(self, name: str, work: Callable[[], Awaitable[object]]) -> None:
        """Run `work` as a background task, retried like `first_try` when it fails."""

        async def run() -> None:
            await self.first_try(name, work)

        self._spawn(name, run())

    def _spawn(self, name: str, work: Coroutine[None, None, None]) -> None:
        task = asyncio.create_task(work, name=f"gah-startup-{name}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _retry(self, name: str, work: Callable[[], Awaitable[object]]) -> None:
        attempt = 0
        while True:
            await asyncio.sleep(self.delays[min(attempt, len(self.delays) - 1)])
            attempt += 1
            try:
                await work()
            except Exception as error:
                pause = self.delays[min(attempt, len(self.delays) - 1)]
                log.error("start-up task %s failed again at retry %d (%s); next try in %g s", name, attempt,
                          cause(error), pause)
                continue
            log.info("start-up task %s succeeded at retry %d", name, attempt)
            self.failing.discard(name)
            self.done.add(name)
            return

    async def close(self) -> None:
        """Stop every background task and retry (when the bot stops)."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
