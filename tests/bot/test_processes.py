"""Four processes over one database (`tests/bot/race_driver.py`): of the processes acting on one version of a game
exactly one wins, and of the processes claiming due timers exactly one takes each; on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from pathlib import Path

from bot.host.service import GameService
from bot.host.storage import Storage, Timer
from tests.bot.helpers import FakeClock, started

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 4


async def race(*args: str) -> list[list[str]]:
    """Run PROCESSES race drivers with `args`, start them together, and return each one's output lines."""
    drivers = [await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bot.race_driver", *args, cwd=ROOT,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    ) for _ in range(PROCESSES)]
    for driver in drivers:
        assert driver.stdout is not None
        ready = await asyncio.wait_for(driver.stdout.readline(), 60)
        assert ready.strip() == b"ready", (ready, await driver.communicate())
    outputs = await asyncio.gather(*(driver.communicate(b"go\n") for driver in drivers))
    for driver, (_, err) in zip(drivers, outputs, strict=True):
        assert driver.returncode == 0, err.decode()
    return [out.decode().split() for out, _ in outputs]


async def test_four_processes_acting_on_one_game_win_once_per_version(db_path: Path, service: GameService) -> None:
    game = (await started(service, humans=2, seed=41)).game
    first = game.version
    final = first + 40
    outputs = await race(str(db_path), "act", str(game.id), str(final))
    wins = [int(version) for lines in outputs for word, version in zip(lines[::2], lines[1::2], strict=True)
            if word == "win"]
    losses = [int(version) for lines in outputs for word, version in zip(lines[::2], lines[1::2], strict=True)
              if word == "lose"]
    assert sorted(wins) == list(range(first, final))  # one winner for every version, none twice
    assert losses and set(losses) <= set(wins)  # the others were told the game moved on
    assert sum("win" in lines for lines in outputs) >= 2  # the wins are spread over processes
    assert (await service.game(game.id)).version == final
    history = await service.history(game.id)
    assert [m.seq for m in history] == list(range(1, len(history) + 1)) and len(history) == 40
    assert (await service.check_replay(game.id)).ok


async def test_four_processes_claiming_timers_take_each_once(db_path: Path, storage: Storage, clock: FakeClock,
                                                            backend: str) -> None:
    now = clock.now
    due, later = [], []
    async with storage.transaction() as tx:
        for n in range(110):
            game = await tx.insert_game(guild_id=1, channel_id=900 + n, host_id=5, config={}, engine_version="t",
                                        now=now)
            await tx.put_timer(Timer(game.id, "reminder", 5, now - n if n < 100 else now + 60, 0))
            (due if n < 100 else later).append(game.id)
    outputs = await race(str(db_path), "claim", "racer", str(now))
    claimed = Counter(int(game) for lines in outputs for word, game in zip(lines[::2], lines[1::2], strict=True)
                      if word == "claimed")
    assert sorted(claimed) == sorted(due) and set(claimed.values()) == {1}  # each due timer by one process
    if backend == "postgresql":  # claims pass over each other's rows (SKIP LOCKED), so the processes share the work;
        # SQLite lets one writer in at a time, and the one that just committed often gets the lock straight back
        assert sum(any(word == "claimed" for word in lines) for lines in outputs) >= 2
    async with storage.reading() as tx:
        holders = [(await tx.timer_claim(game_id, "reminder"))[0] for game_id in due + later]
    assert holders == ["racer"] * len(due) + [None] * len(later)  # the timers not yet due were left alone
