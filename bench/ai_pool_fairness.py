"""Benchmark of the AI pool's fairness between servers (issue 51 items 2 and 3), end to end: the real bot process
against the Discord stand-in (Discord's limits on). Prints figures; it is not a test.

    python bench/ai_pool_fairness.py                      # 4 turns per phase, one AI worker
    python bench/ai_pool_fairness.py --turns 6 --workers 2
    python bench/ai_pool_fairness.py --person-seconds 0   # the victim plays at once: her AI wants the pool all along

A member of one server (the victim) plays a strong AI (it thinks in the AI pool); she reads each turn post for
`--person-seconds` before she plays (random legal choices). Her AI's turns are timed in four
phases: alone; while a member of another server floods *Suggest* (60 clicks over his 4 games every 2 s: each of
his panels 15 times); while that member runs 4 games of 3 master AIs each and plays his own turns by script as fast
as they come; and alone again (the machine's own load changes over a run; two runs alone bracket it). Each phase
is a new game of hers with the same seed and the same choices, so her AI does the same work in each.

Figures, per phase (median, mean, max, seconds):
  post    from her last click of a turn to the turn post that names her again (what she waits for)
  ai      from her last move's commit to her AI's last move's commit (the AI pool's part; from the action log)
  ratio   each loaded phase's median over the median of both phases alone (target: at most 2)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bot_e2e.driver import Table, parse_id
from tests.bot_e2e.harness import BotProcess, World, build_world
from tests.bot_e2e.test_ai_pool_by_server import (
    LOAD_GAMES,
    MASTERS,
    first_turn,
    master_load,
    paced_turns,
    stop_playing,
)
from tests.bot_e2e.test_full_game import set_seed
from tests.discord_standin import Message, StandIn, StandInConfig

FLOOD_GAMES = 4
FLOOD_CLICKS = 15
"""Suggest clicks on each of the flooding member's panels per round (4 games: 60 clicks)."""
FLOOD_EVERY = 2.0


async def flood(standin: StandIn, world: World, bot: BotProcess) -> None:
    """bob opens 4 games against a random AI and, on his turn in each, presses *Suggest* 15 times on each panel
    every `FLOOD_EVERY` seconds (never answering his turn), until cancelled."""
    panels: list[Message] = []
    for n in range(1, FLOOD_GAMES + 1):
        channel = standin.create_channel(world.guild, f"flood-{n}")
        table = Table(standin, World(world.guild, channel, world.moderators, world.ann, world.bob, world.watcher,
                                     world.mod), {world.bob.id: world.bob}, random.Random(n), bot=bot)
        post = await table.start(world.bob, await table.open_lobby(world.bob, [], ["random"]))
        panels.append(await table.open_panel(world.bob, await first_turn(standin, table, world.bob, post)))
    while True:
        clicks = [world.bob.click(panel, label="Suggest") for panel in panels for _ in range(FLOOD_CLICKS)]
        await asyncio.gather(*clicks)
        await asyncio.sleep(FLOOD_EVERY)


def ai_parts(database: Path, game_id: int, since: float, until: float) -> list[float]:
    """From the action log: for each run of AI moves after a move of the person made between `since` and `until`
    (wall-clock seconds), the seconds from that move's commit to the run's last AI move's commit."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        rows = db.execute("SELECT actor, created_at FROM action_log WHERE game_id = ? AND kind = 'action' "
                          "ORDER BY seq", (game_id,)).fetchall()
    parts: list[float] = []
    clicked: float | None = None
    last_ai: float | None = None
    for actor, at in rows:
        if actor.startswith("user:"):
            if clicked is not None and last_ai is not None and since <= clicked <= until:
                parts.append(last_ai - clicked)
            clicked, last_ai = at, None
        elif clicked is not None:
            last_ai = at
    return parts


def summary(label: str, samples: Sequence[float]) -> str:
    if not samples:
        return f"{label:<8} (no samples)"
    return (f"{label:<8} n={len(samples):<3} median={statistics.median(samples):6.2f} s  "
            f"mean={statistics.fmean(samples):6.2f} s  max={max(samples):6.2f} s")


async def measure(folder: Path, turns: int, workers: int,
                  person_seconds: float) -> dict[str, tuple[list[float], list[float]]]:
    """The victim's AI turns in each phase: (post samples, ai samples)."""
    standin = await StandIn.start(StandInConfig())
    bot = BotProcess(standin, (world := build_world(standin)).guild, folder / "gah.sqlite3", folder / "bot.log",
                     env={"GAH_AI_WORKERS": str(workers), "GAH_MAX_GAMES_PER_USER": "20",
                          "GAH_EXPENSIVE_AI_SEATS_PER_MEMBER": str(LOAD_GAMES * MASTERS)}, global_commands=True)
    phases: dict[str, tuple[list[float], list[float]]] = {}
    try:
        await bot.start()
        other = build_world(standin, "Other Hotel", suffix="2")
        victim = other.ann

        async def phase(name: str) -> None:
            """A new game of the victim against the strong AI, the same seed and choices as in every phase (so
            her AI does the same work), in a channel of its own; her first `turns` AI turns."""
            channel = standin.create_channel(other.guild, name.replace(" ", "-"))
            table = Table(standin, World(other.guild, channel, other.moderators, victim, other.bob, other.watcher,
                                         other.mod), {victim.id: victim}, random.Random(51), bot=bot)
            lobby = await table.open_lobby(victim, [], ["strong"])
            game_id = parse_id(lobby.buttons()[0]["custom_id"])[0]
            await set_seed(Path(bot.database), game_id, victim.id, 51)
            post = await first_turn(standin, table, victim, await table.start(victim, lobby))
            since = time.time()
            samples, post = await paced_turns(table, post, victim, turns, person_seconds)
            phases[name] = (samples, ai_parts(Path(bot.database), game_id, since, time.time()))
            print(f"{name}: " + summary("post", samples) + " | " + summary("ai", phases[name][1]), flush=True)
            with contextlib.suppress(Exception):
                await table.answer(await table.command(victim, "gah cancel"))

        await phase("alone")
        flooding = asyncio.create_task(flood(standin, world, bot))
        await asyncio.sleep(FLOOD_EVERY)
        await phase("suggest flood")
        await stop_playing([flooding], asyncio.Event())
        stop = asyncio.Event()
        players = await master_load(standin, world, bot, stop)
        await asyncio.sleep(3.0)
        await phase("master games")
        await stop_playing(players, stop)
        await asyncio.sleep(3.0)  # the master games' AIs finish their turns and wait for bob
        await phase("alone again")
    finally:
        await bot.stop()
        await standin.close()
    problems = bot.problems()
    if problems:
        print("the bot logged problems:\n" + "\n".join(problems[:20]))
    return phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=4, help="victim AI turns timed per phase")
    parser.add_argument("--workers", type=int, default=1, help="GAH_AI_WORKERS of the bot")
    parser.add_argument("--person-seconds", type=float, default=2.0,
                        help="how long the victim reads a turn post before she plays (0: at once)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        phases = asyncio.run(measure(Path(folder), args.turns, args.workers, args.person_seconds))
    alone = [s for name in ("alone", "alone again") if name in phases for s in phases[name][0]]
    alone_ai = [s for name in ("alone", "alone again") if name in phases for s in phases[name][1]]
    for name in ("suggest flood", "master games"):
        if name in phases and alone and phases[name][0]:
            post, ai = phases[name]
            ratio_ai = statistics.median(ai) / statistics.median(alone_ai) if ai and alone_ai else float("nan")
            print(f"ratio {name}: post {statistics.median(post) / statistics.median(alone):.2f}, "
                  f"ai {ratio_ai:.2f}")


if __name__ == "__main__":
    main()
