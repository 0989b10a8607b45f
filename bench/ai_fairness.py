"""Benchmark of the fair AI pool (issue 40 item 2): how long a person waits for the AI's turn in their game, alone and
while one member runs 8 games of only expert AIs in another server. Prints figures; it is not a test.

    python bench/ai_fairness.py                  # 6 AI turns of the victim's strong AI alone, with the 8 games, alone
    python bench/ai_fairness.py --turns 10 --load-level expert --victim-level strong
    python bench/ai_fairness.py --fifo --turns 2 # also the old first-come-first-served pool, for comparison

The service runs as the bot runs it (`background_ai`, a process pool of `GAH_AI_WORKERS`' default size and the
background worker, `bot.host.service.ai_fairness`), on a temporary SQLite file. The victim (server 1) plays random moves
(one per `--person-seconds`) against one AI; an AI turn lasts from the commit of the victim's move that hands the
turn to the AI until the commit after which the victim must answer again (what the person waits for; the turn post
comes after it). The victim's game is played three times from the same seed with the same moves (so the AI does the
same work each time): alone, while 8 games of only AIs (server 2, two AI seats each) think, and alone again once
they are cancelled (the machine's own load changes over a run; two runs alone bracket it).

Figures:
  alone, alone again   the victim's AI turns with nothing else thinking: median, mean, max (seconds)
  with load            the same while the 8 games of only AIs run
  ratio                median with load / median of both runs alone (target: at most 2)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.host.service import GameInfo, GameNotActive, GameService, TurnResult
from bot.host.service.ai_fairness import AIScheduler
from bot.host.service.thinking import Thinker, default_workers
from bot.host.storage import Storage
from engine import legal_actions

VICTIM = 1
VICTIM_GUILD, LOAD_GUILD = 1, 2


class Waiter:
    """Tells when a background AI commit hands the victim's game back to the victim (or ends it)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.latest: GameInfo | None = None
        self.event = asyncio.Event()

    def heard(self, result: TurnResult) -> None:
        if result.game.id == self.game_id and (result.game.current_user == VICTIM or result.game.status != "active"):
            self.latest = result.game
            self.event.set()


async def victim_turns(service: GameService, game: GameInfo, waiter: Waiter, turns: int,
                       chooser: random.Random, person_seconds: float) -> tuple[list[float], GameInfo]:
    """Play the victim's moves (each after `person_seconds`, as a person reads and clicks) until `turns` AI turns
    were timed; returns their seconds and the game after them."""
    samples: list[float] = []
    while len(samples) < turns and game.status == "active":
        if game.current_user == VICTIM:
            assert game.state is not None
            await asyncio.sleep(person_seconds)  # meanwhile the games of only AIs have the workers
            text = chooser.choice(legal_actions(game.state)).text
            waiter.event.clear()
            result = await service.act(game.id, VICTIM, text, game.version)
            begin = time.perf_counter()
            game = result.game
            if game.current_user == VICTIM or game.status != "active":
                continue  # the victim's turn goes on (or the move ended the game)
        else:  # the AI moves first (the game's start)
            begin = time.perf_counter()
        await waiter.event.wait()
        samples.append(time.perf_counter() - begin)
        assert waiter.latest is not None
        game = waiter.latest
    return samples, game


async def new_victim_game(service: GameService, level: str, seed: int, channel: int) -> GameInfo:
    """The victim and one AI of `level` in server 1."""
    game = await service.create(guild_id=VICTIM_GUILD, channel_id=channel, host_id=VICTIM, host_name="victim",
                                options={"seed": seed})
    game = await service.add_ai(game.id, VICTIM, level)
    return game


async def start_load(service: GameService, games: int, level: str) -> list[int]:
    """`games` games of two AIs of `level` each in server 2, started (their AI tasks think in the background)."""
    ids = []
    for n in range(games):
        game = await service.create(guild_id=LOAD_GUILD, channel_id=1000 + n, host_id=2, seat_host=False,
                                    options={"seed": 500 + n})
        for _ in range(2):
            game = await service.add_ai(game.id, 2, level)
        await service.start(game.id, 2)
        ids.append(game.id)
    return ids


def summary(label: str, samples: Sequence[float]) -> str:
    return (f"{label:<12} n={len(samples):<3} median={statistics.median(samples):6.2f} s  "
            f"mean={statistics.fmean(samples):6.2f} s  max={max(samples):6.2f} s")


async def victim_game(service: GameService, level: str, seed: int, turns: int, person_seconds: float,
                      channel: int) -> list[float]:
    """A new victim game (the same seed each time, so the same moves and the same AI work): its first `turns` AI
    turns' seconds."""
    game = await new_victim_game(service, level, seed, channel)
    waiter = Waiter(game.id)
    service.ai_listeners.append(waiter.heard)
    try:
        game = (await service.start(game.id, VICTIM)).game
        if game.current_user != VICTIM and game.status == "active":
            await waiter.event.wait()
            assert waiter.latest is not None
            game = waiter.latest
        samples, game = await victim_turns(service, game, waiter, turns, random.Random(seed), person_seconds)
        with contextlib.suppress(GameNotActive):
            await service.cancel(game.id, VICTIM)
        return samples
    finally:
        service.ai_listeners.remove(waiter.heard)


async def measure(db: Path, *, turns: int, load_games: int, victim_level: str, load_level: str, workers: int,
                  fifo: bool, seed: int, person_seconds: float) -> dict[str, list[float]]:
    """The victim's AI turn times alone, with the load, and alone again (see the module)."""
    thinker = Thinker(workers)
    try:
        async with Storage(db) as storage:
            service = GameService(storage, thinker=thinker, background_ai=True,
                                  ai_only_games_per_server=load_games)
            if fifo:  # the pool as it was: every decision straight into one pool's own queue
                service.ai_turns = AIScheduler(capacity=1_000_000, background_capacity=1_000_000)
                thinker._pools[True] = thinker._executor()  # one pool for all (its workers at the people's priority)
            await thinker.warm()
            figures = {"alone": await victim_game(service, victim_level, seed, turns, person_seconds, 100)}
            load = await start_load(service, load_games, load_level)
            await asyncio.sleep(2.0)  # every game of only AIs is thinking
            figures["with load"] = await victim_game(service, victim_level, seed, turns, person_seconds, 101)
            for game_id in load:
                with contextlib.suppress(GameNotActive):  # finished meanwhile
                    await service.cancel(game_id, 2)
            await service.wait_ai()
            figures["alone again"] = await victim_game(service, victim_level, seed, turns, person_seconds, 102)
            return figures
    finally:
        thinker.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options and run; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--turns", type=int, default=6, help="victim AI turns to time in each part (default 6)")
    parser.add_argument("--games", type=int, default=8, help="games of only AIs in the second part (default 8)")
    parser.add_argument("--victim-level", default="strong", help="the victim's AI (default strong)")
    parser.add_argument("--load-level", default="expert", help="the AIs of the other games (default expert)")
    parser.add_argument("--workers", type=int, default=default_workers(),
                        help=f"AI worker processes (default {default_workers()}: the bot's default here)")
    parser.add_argument("--person-seconds", type=float, default=1.0,
                        help="how long the victim takes for each of their own decisions (default 1.0)")
    parser.add_argument("--seed", type=int, default=40, help="the victim game's seed (default 40)")
    parser.add_argument("--fifo", action="store_true", help="also measure the old first-come-first-served pool")
    args = parser.parse_args(argv)
    print(f"victim: 1 person ({args.person_seconds:g} s per decision) vs 1 {args.victim_level} AI; load: "
          f"{args.games} games of 2 {args.load_level} AIs; {args.workers} AI worker(s)")
    modes = [False, True] if args.fifo else [False]
    for fifo in modes:
        with tempfile.TemporaryDirectory() as folder:
            figures = asyncio.run(measure(
                Path(folder) / "bench.sqlite3", turns=args.turns, load_games=args.games,
                victim_level=args.victim_level, load_level=args.load_level, workers=args.workers, fifo=fifo,
                seed=args.seed, person_seconds=args.person_seconds))
        print("old first-come-first-served pool:" if fifo else "fair pool:")
        for label, samples in figures.items():
            print("  " + summary(label, samples))
        alone = statistics.median([*figures["alone"], *figures["alone again"]])
        ratio = statistics.median(figures["with load"]) / alone
        verdict = "met" if ratio <= 2 else "MISSED"
        print(f"  ratio        {ratio:5.2f} (median with load / median of both runs alone; target at most 2: "
              f"{verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
