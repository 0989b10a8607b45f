"""Where AI decisions are computed: inline for fast levels, else in a process pool (the bot) or a worker thread.

A strong AI thinks for up to a second of pure Python. In a thread it holds the interpreter lock the event loop
needs, so every click of every game waits behind it; in a `ProcessPoolExecutor` it runs beside the event loop.
The pool is made on first use (a bot without slow AI seats never starts it) with the "spawn" start method (the
bot process has threads: aiosqlite's, the executor's), and its workers import the engine once. A second pool (one
worker at the lowest priority, also made on first use) thinks for games played only by AIs, so that they never hold
a worker a person's AI needs (`bot.host.service.ai_fairness`).

    thinker = Thinker(workers=2)
    action = await thinker.choose("strong", seed, state)    # in a worker process
    thinker.close()
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.host.kinds import kind_of
from engine.core.actions import Action
from engine.core.suggestions import RankedMove

log = logging.getLogger(__name__)

def is_fast(level: str, state: Any) -> bool:
    """True if the AI of `level` of the state's game is cheap enough to run on the event loop
    (`GameKind.fast_ai_levels`: Overbooking's "heuristic" decides in about 0.5 ms, at most 5 ms, on the shared
    2-core machine, so its replies are stored with the user's move like the random AI's); any other level thinks
    in a worker.

    Raises:
        TypeError: `state` is no state of a game the bot hosts.
    """
    return level in kind_of(state).fast_ai_levels


def default_workers() -> int:
    """The AI process pool's size when the settings name none: one worker per core but one (the event loop keeps a
    core), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


def decide(level: str, seed: int, state: Any) -> Action:
    """The move of the AI of `level` seeded `seed` in `state` (of either game, `bot.host.kinds`; runs in a worker
    process; the policy is made there, so the same seed and state give the same move as in the bot process)."""
    return kind_of(state).policy(level, seed).choose(state)


def explain(state: Any, seat: int, seed: int) -> list[RankedMove]:
    """The game's best moves for `seat` in `state` with their worth and reasons (`GameKind.rank_moves`: Grand Austria
    Hotel's expert with its suggestion budget; runs in a worker process).

    Raises:
        NotImplementedError: the state's game has no *Suggest* (`GameKind.suggestions` is False).
    """
    return kind_of(state).rank_moves(state, seat, seed)


def _watch_parent() -> None:
    """Runs in each worker as the pool starts it: end the worker when the bot process is gone. A pool's worker
    otherwise outlives a bot that was killed (it waits on a queue whose writing end it holds itself)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="gah-parent-watch", daemon=True).start()


AI_WORKER_NICENESS = 10
"""How much lower than the bot's own the AI workers' scheduling priority is (Unix `nice` steps). On a machine
with few cores a thinking AI would otherwise take its share of the core the event loop runs on, and every click
of every other game would wait behind it; lowered, the AI thinks in whatever time the clicks leave."""


def _lower_priority(niceness: int = AI_WORKER_NICENESS) -> None:
    """Lower this worker's scheduling priority by `niceness` steps (where the platform has `os.nice`)."""
    try:
        os.nice(niceness)
    except (AttributeError, OSError) as error:  # Windows has no os.nice; a container may forbid it
        log.info("AI worker keeps its priority: %s", error)


AI_BACKGROUND_NICENESS = 19
"""How much lower than the bot's own the background worker's priority is: the lowest Unix has. It thinks for games
played only by AIs (`bot.host.service.ai_fairness`), which nobody waits for, in the CPU time that people's AIs, the bot
and everything else on the machine leave."""


def _start_worker(niceness: int = AI_WORKER_NICENESS) -> None:
    """Runs in each worker as the pool starts it: lower its priority by `niceness` and watch for the bot process's
    end."""
    _lower_priority(niceness)
    _watch_parent()


def _warm() -> int:
    """A no-op a new worker runs so that it has imported the engine before the first real decision."""
    return os.getpid()


class Thinker:
    """Computes AI moves off the event loop.

    Args:
        workers: the size of the process pool; 0 thinks in worker threads instead (as tests that patch
            `engine.gah.ai.policy` need: a patched policy does not exist in another process).
        background_workers: the size of the second pool, for `background` decisions (games played only by AIs,
            `bot.host.service.ai_fairness`), whose workers run at `AI_BACKGROUND_NICENESS`; made on first use. Without a
            process pool (`workers` 0) background decisions think in threads too.
    """

    def __init__(self, workers: int = 0, background_workers: int = 1) -> None:
        self.workers = workers
        self.background_workers = max(1, background_workers)
        self._pools: dict[bool, ProcessPoolExecutor] = {}

    def _executor(self, background: bool = False) -> ProcessPoolExecutor:
        pool = self._pools.get(background)
        if pool is None:
            size, niceness = ((self.background_workers, AI_BACKGROUND_NICENESS) if background
                              else (self.workers, AI_WORKER_NICENESS))
            pool = self._pools[background] = ProcessPoolExecutor(
                size, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker,
                initargs=(niceness,))
        return pool

    async def warm(self) -> None:
        """Start the pool's workers and let them import the engine (a no-op without a pool)."""
        if self.workers <= 0:
            return
        loop = asyncio.get_running_loop()
        pool = self._executor()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.workers)))

    async def choose(self, level: str, seed: int, state: Any, *, background: bool = False) -> Action:
        """The move of the AI of `level` (seeded `seed`) in `state`: computed inline for a fast level (`is_fast`),
        else in the process pool (the background pool if `background`; a thread without pools). A pool whose worker
        died is made anew once.

        Raises:
            ValueError: unknown level.
            Exception: whatever the AI raised (a bug); the caller logs it.
        """
        if is_fast(level, state):
            return decide(level, seed, state)
        if self.workers <= 0:
            chooser = kind_of(state).policy(level, seed)
            return await asyncio.to_thread(chooser.choose, state)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(background), decide, level, seed, state)
        except BrokenProcessPool:
            log.warning("the AI process pool broke (a worker died); starting a new one")
            self._close(background)
            return await loop.run_in_executor(self._executor(background), decide, level, seed, state)

    async def suggest(self, state: Any, seat: int, seed: int) -> list[RankedMove]:
        """`explain` (the *Suggest* button's ranked moves) in the AI process pool (a thread without one), off the
        event loop. A pool whose worker died is made anew once.

        Raises:
            ValueError: the seat has nothing to decide.
        """
        if self.workers <= 0:
            return await asyncio.to_thread(explain, state, seat, seed)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), explain, state, seat, seed)
        except BrokenProcessPool:
            log.warning("the AI process pool broke (a worker died); starting a new one")
            self._close(False)
            return await loop.run_in_executor(self._executor(), explain, state, seat, seed)

    def _close(self, background: bool) -> None:
        pool = self._pools.pop(background, None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the pools' workers (without waiting for running decisions)."""
        for background in list(self._pools):
            self._close(background)
