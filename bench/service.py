"""Benchmark of the game service on a database: milliseconds per `act` (including the commit) and AI games
per second. Prints figures; it is not a test.

    python bench/service.py                 # defaults: 2000 acts, 50 AI games, a temporary database file
    python bench/service.py --acts 5000 --games 100 --db /tmp/bench.sqlite3
    python bench/service.py --db postgresql://postgres@127.0.0.1:5432/test?search_path=bench   # an empty schema

Figures:
  act (2 users)        one user action per call: parse, apply, log row, state, version, reminder, commit.
  act (1 user + 2 AI)  a user action followed by the AI replies until the user must answer again (two commits).
  undo                 preview + confirm (replays the log).
  AI games             3-seat all-AI games from `start` to the recorded results.
Target: p95 <= 15 ms per act.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.host.service import GameInfo, GameService, NothingToUndo
from bot.host.storage import Storage
from engine import legal_actions


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value below which `fraction` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def report(label: str, samples: Sequence[float]) -> None:
    """Print p50, p95, p99, max and mean of samples in seconds, as milliseconds."""
    ms = [s * 1000 for s in samples]
    print(f"{label:<22} n={len(ms):<6} p50={percentile(ms, 0.5):6.2f} ms  p95={percentile(ms, 0.95):6.2f} ms  "
          f"p99={percentile(ms, 0.99):6.2f} ms  max={max(ms):6.2f} ms  mean={statistics.fmean(ms):6.2f} ms")


async def new_game(service: GameService, channel: int, users: int, ais: int, seed: int) -> GameInfo:
    """A started game with `users` users (ids 1, 2, ...) and `ais` random AIs."""
    game = await service.create(guild_id=1, channel_id=channel, host_id=1, host_name="u1", options={"seed": seed})
    for user in range(2, users + 1):
        game = await service.join(game.id, user, f"u{user}")
    for _ in range(ais):
        game = await service.add_ai(game.id, 1)
    return (await service.start(game.id, 1)).game


async def time_acts(service: GameService, count: int, users: int, ais: int, channel: int,
                    undo_samples: list[float] | None = None) -> tuple[list[float], int]:
    """Time `count` act calls over as many games as needed; returns the samples and the next free channel."""
    chooser = random.Random(channel)
    samples: list[float] = []
    game = await new_game(service, channel, users, ais, channel)
    while len(samples) < count:
        if game.status != "active":
            channel += 1
            game = await new_game(service, channel, users, ais, channel)
        user = game.current_user
        assert user is not None and game.state is not None
        if undo_samples is not None and chooser.random() < 0.05:
            begin = time.perf_counter()
            try:
                preview = await service.preview_undo(game.id, user)
                game = (await service.undo(game.id, user, preview.version)).game
                undo_samples.append(time.perf_counter() - begin)
                continue
            except NothingToUndo:
                pass
        assert game.state is not None
        text = chooser.choice(legal_actions(game.state)).text
        begin = time.perf_counter()
        result = await service.act(game.id, user, text, game.version)
        samples.append(time.perf_counter() - begin)
        game = result.game
    return samples, channel + 1


async def run(db: Path | str, acts: int, games: int) -> None:
    """Run every benchmark against the database `db` (an SQLite file, or an empty PostgreSQL database)."""
    async with Storage(db) as storage:
        service = GameService(storage)
        if storage.backend == "sqlite":
            print(f"database: {db} (journal {await storage.pragma('journal_mode')}, synchronous "
                  f"{await storage.pragma('synchronous')})")
        else:
            print(f"database: {storage.display_name}")
        await time_acts(service, 100, 2, 0, 1)  # warm-up
        undo: list[float] = []
        plain, channel = await time_acts(service, acts, 2, 0, 100, undo)
        report("act (2 users)", plain)
        with_ai, channel = await time_acts(service, acts // 2, 1, 2, channel)
        report("act (1 user + 2 AI)", with_ai)
        if undo:
            report("undo (preview+confirm)", undo)

        begin = time.perf_counter()
        moves = 0
        for n in range(games):
            game = await service.create(guild_id=1, channel_id=channel + n, host_id=1, seat_host=False,
                                        options={"seed": n})
            for _ in range(3):
                game = await service.add_ai(game.id, 1)
            result = await service.start(game.id, 1)
            assert result.finished
            moves += len(result.moves)
        seconds = time.perf_counter() - begin
        print(f"{'AI games (3 seats)':<22} n={games:<6} {games / seconds:6.1f} games/s  "
              f"{moves / seconds:8.0f} moves/s  ({moves / games:.0f} moves per game, stored and committed)")
        begin = time.perf_counter()
        for game_id in range(1, 11):
            assert (await service.check_replay(game_id)).ok
        print(f"{'replay check':<22} n=10     {(time.perf_counter() - begin) * 100:6.1f} ms per game")
        if storage.backend == "sqlite":
            size = os.path.getsize(db) + (os.path.getsize(f"{db}-wal") if os.path.exists(f"{db}-wal") else 0)
            print(f"database size: {size / 1e6:.1f} MB")
        target = percentile(plain, 0.95) * 1000
        print(f"target p95 <= 15 ms per act: {'met' if target <= 15 else 'MISSED'} ({target:.2f} ms)")


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options and run; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--acts", type=int, default=2000, help="act calls to time (default 2000)")
    parser.add_argument("--games", type=int, default=50, help="all-AI games to play (default 50)")
    parser.add_argument("--db", default=None,
                        help="database file or postgresql:// URL (default: a new temporary file)")
    args = parser.parse_args(argv)
    if args.db is not None:
        asyncio.run(run(args.db, args.acts, args.games))
        return 0
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder) / "bench.sqlite3", args.acts, args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
