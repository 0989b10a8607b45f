"""Run the real bot with its wall clock set to another moment (`BotProcess.wrap` = `wrap_command()`).

    bot = make_bot()
    bot.wrap = wrap_command()
    bot.extra_env[CLOCK_ENV] = str(epoch)     # the bot's `time.time()` reads `epoch` when it starts, then runs on
    await bot.start()

As a script (what `wrap_command` runs) it reads the moment from `CLOCK_ENV`, shifts `time.time` and `time.time_ns`
by the difference (so the clock runs at its normal pace from that moment), and runs the command line it was given
(`python -m bot --sync`) as `python -m` would, in this process: the bot's own code is unchanged, only its idea of the
wall clock. Monotonic clocks (asyncio, discord.py's rate limits and heartbeats) are left alone, and so is Discord's
(the stand-in's) clock. Used to test quiet hours in a member's time zone at any time of day (issue 53 item 4).

With `JUMP_ENV` naming a file, the clock also jumps while the bot runs: the file holds a number of seconds (a text
such as "86400"), added to the clock from the moment the test writes it (`jump`); used to let a turn clock of 24 hours
run out without waiting a day (issue 53 item 2).
"""

from __future__ import annotations

import contextlib
import os
import runpy
import sys
import time
from pathlib import Path

CLOCK_ENV = "FAKE_CLOCK_AT"
"""The environment variable with the epoch second the bot's wall clock shows when it starts."""

JUMP_ENV = "FAKE_CLOCK_JUMP_FILE"
"""The environment variable naming a file of seconds added to the running bot's clock (absent file: 0)."""

JUMP_READ_SECONDS = 0.05
"""How often (monotonic seconds) the running bot reads the jump file again."""


def jump(path: Path, seconds: float) -> None:
    """Move the clock of a bot started with `JUMP_ENV` = `path` to `seconds` after its normal course (the total,
    not an increment), within `JUMP_READ_SECONDS`."""
    partial = path.with_suffix(".partial")
    partial.write_text(repr(float(seconds)))
    partial.replace(path)  # atomic: the bot never reads half a number


def wrap_command() -> list[str]:
    """The `BotProcess.wrap` that runs the bot under this script."""
    return [sys.executable, str(Path(__file__).resolve())]


def _shift(offset: float, jump_file: str | None = None) -> None:
    real_time, real_time_ns = time.time, time.time_ns
    jumped = {"seconds": 0.0, "read_at": -1.0}

    def extra() -> float:
        if jump_file is None:
            return 0.0
        now = time.monotonic()
        if now - jumped["read_at"] >= JUMP_READ_SECONDS:
            jumped["read_at"] = now
            with contextlib.suppress(OSError, ValueError):  # no jump yet
                jumped["seconds"] = float(Path(jump_file).read_text() or 0.0)
        return jumped["seconds"]

    def shifted() -> float:
        return real_time() + offset + extra()

    def shifted_ns() -> int:
        return real_time_ns() + int((offset + extra()) * 1e9)

    time.time = shifted
    time.time_ns = shifted_ns


def main(argv: list[str]) -> None:
    """`argv`: the bot's command line (`python -m bot --sync`), after this script's name."""
    start = os.environ.get(CLOCK_ENV)
    _shift(0.0 if start is None else float(start) - time.time(), os.environ.get(JUMP_ENV))
    if len(argv) < 3 or argv[1] != "-m":
        raise SystemExit(f"usage: fake_clock.py PYTHON -m MODULE [ARGS...]; got {argv}")
    module, args = argv[2], argv[3:]
    sys.path[0] = os.getcwd()  # as `python -m` does: the working directory's packages, not this folder's
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
