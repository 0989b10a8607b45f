"""Where the bot draws its pictures: one worker at a time, off the event loop.

A turn picture takes about 50 ms of Python and Pillow. Drawn in a thread of the bot process it holds the
interpreter lock for most of that time, so a click in another game that arrives meanwhile waits for it (with
three AI games posting, that was the slowest twentieth of all clicks). The running bot therefore draws in one
worker process (`use_process`, called at start-up); everything else (tests that call the controller directly,
tools) draws in one thread. Either way pictures are drawn one at a time, as two drawers would only contend.

    use_process()                                   # the bot, at start-up
    png = await render_in_worker(render.board_png, view)
    close()                                         # the bot, at shutdown
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, TypeVar

from bot.service.thinking import watch_parent

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")
_process: ProcessPoolExecutor | None = None
_use_process = False


def use_process(on: bool = True) -> None:
    """Draw in one worker process from now on (started on the first picture; `close` stops it), or with
    `on=False` in the thread again (after `close`)."""
    global _use_process
    _use_process = on


def _executor() -> Executor:
    global _process
    if not _use_process:
        return _thread
    if _process is None:
        _process = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=watch_parent)
    return _process


async def render_in_worker(function: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`function(*args, **kwargs)` drawn in the render worker. In the process, the function and its arguments
    travel by pickle (module-level functions and game states do). A render process that died is started anew
    once.

    Raises:
        Exception: whatever the render function raised.
    """
    global _process
    loop = asyncio.get_running_loop()
    call = functools.partial(function, *args, **kwargs)
    try:
        return await loop.run_in_executor(_executor(), call)
    except BrokenProcessPool:
        log.warning("the render process died; starting a new one")
        _process = None
        return await loop.run_in_executor(_executor(), call)


def close() -> None:
    """Stop the render process, if one runs (pictures after this start a new one)."""
    global _process
    if _process is not None:
        _process.shutdown(wait=False, cancel_futures=True)
        _process = None
