"""The click path of the real bot process, driven through the local Discord stand-in (issue 16). Prints figures;
it is not a test.

    python bench/click_path.py                       # every part; about 3-6 minutes on a loaded 2-core machine
    python bench/click_path.py --turns 6 --thinking 3 --stored 100,1000,10000
    python bench/click_path.py --backend postgresql  # the same figures with the games in PostgreSQL (issue 19)

Figures (each p50 / p95 / max, milliseconds, wall clock as a player would see it):
  click -> panel update        every panel click in a 2-user game (the bot defers, stores, edits the panel)
  click -> turn post           the click that ends a turn until the next turn post, with a user next and with a
                               strong AI next (that post comes after the AI's own moves); and with a user next at a
                               person's pace (--pace seconds before each turn), below the channel's rate limit
  End turn, AI next -> panel   the panel update after the click that hands the turn to a strong AI
  other games, N AIs think     click -> panel update in a 2-user game while N games' strong AIs think
  RSS                          the bot process, and its AI worker processes
  start-up                     databases with 100 / 1,000 / 10,000 stored games (1% active, the others finished over
                               four months): from process start to ready, the bot's own resume + catch-up time, RSS
                               after start; bytes per finished game
Targets (issue 16): panel update after End turn with a strong AI next p95 <= 50 ms; clicks in other games while 3
strong AIs think p95 <= 50 ms; start-up catch-up with 10,000 games <= 200 ms; <= 25 kB per finished game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.host.migrate_db import copy_database
from bot.host.service import GameService
from bot.host.storage import Storage
from tests.bot.databases import POSTGRES_URL, fresh_database, postgres_unreachable
from tests.bot.helpers import play_random, started
from tests.bot_e2e.driver import Table, is_final_post, parse_id, percentile
from tests.bot_e2e.harness import BotProcess, World
from tests.discord_standin import Actor, Guild, Message, StandIn

RESUMED = re.compile(r"resumed: (\d+) AI task\(s\) started, (\d+) catch-up post\(s\), in (\d+) ms")


def figures(values: Sequence[float]) -> str:
    """"p50 .. / p95 .. / max .. ms (n)" of seconds."""
    if not values:
        return "no samples"
    return (f"p50 {percentile(list(values), 0.5) * 1000:6.0f} / p95 {percentile(list(values), 0.95) * 1000:6.0f} / "
            f"max {max(values) * 1000:6.0f} ms  (n={len(values)})")


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid: int) -> list[int]:
    """The direct child processes of `pid` (the AI workers of the bot)."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


class Bench:
    """One stand-in, one guild with a channel per game, users ann, bob and cy, and the bot."""

    def __init__(self, standin: StandIn, guild: Guild, users: dict[str, Actor], bot: BotProcess) -> None:
        self.standin = standin
        self.guild = guild
        self.users = users
        self.bot = bot
        self.games = 0

    def table(self, channel: str, humans: Sequence[str], seed: int, end_bias: float) -> Table:
        world = World(self.guild, self.guild.channel(channel), None, self.users["ann"], self.users["bob"],  # type: ignore[arg-type]
                      self.users["cy"], self.users["cy"])
        players = {self.users[name].id: self.users[name] for name in humans}
        return Table(self.standin, world, players, random.Random(seed), end_bias=end_bias, bot=self.bot)

    async def open_game(self, channel: str, humans: Sequence[str], ais: Sequence[str], seed: int,
                        end_bias: float = 0.5) -> tuple[Table, Message]:
        table = self.table(channel, humans, seed, end_bias)
        host = self.users[humans[0]]
        lobby = await table.open_lobby(host, [self.users[name] for name in humans[1:]], list(ais))
        self.games += 1
        async with Storage(self.bot.database) as storage:
            await GameService(storage).set_options(self.games, host.id, {"seed": seed})
        return table, await table.start(host, lobby)


async def play_turn(table: Table, post: Message, updates: list[float], to_post: list[float] | None = None,
                    ai_next: list[float] | None = None) -> Message:
    """The player a post pings plays their turn by clicks; returns the next post. Records click -> panel update
    of every click in `updates`, click -> next post of the turn-ending click in `to_post`, and the panel update of a
    turn-ending click that handed the turn to an AI in `ai_next`."""
    actor = table.on_turn(post)
    panel = await table.open_panel(actor, post)
    last_version = -1
    last_click = 0.0
    last_update = 0.0
    watcher: asyncio.Task[None] | None = None
    post_seen: dict[str, float] = {}
    while True:
        choice = table.choose(panel)
        if choice is None:
            break
        kind, custom_id, value = choice
        edits = panel.edit_count
        clicked = time.monotonic()
        if kind == "pick":
            assert value is not None
            await table.pick(actor, panel, custom_id, value)
        else:
            await table.click(actor, panel, custom_id=custom_id)
        if kind in ("act", "pick"):
            last_version, last_click = parse_id(custom_id)[1], clicked
            seen_version = last_version

            def newer(version: int = seen_version) -> Message | None:
                return next((m for m in table.posts() if _version(m) > version), None)

            async def watch(version: int = seen_version) -> None:
                await table.standin.wait_for(lambda: newer(version), timeout=120, what="the next post")
                post_seen[str(version)] = time.monotonic()

            if watcher is not None:
                watcher.cancel()
            watcher = asyncio.create_task(watch())
        await table.standin.wait_for(lambda e=edits: panel.edit_count > e or None, timeout=20, what="panel update")
        last_update = time.monotonic() - clicked
        updates.append(last_update)
    following = await table.next_post(after_version=last_version)
    if watcher is not None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(watcher, 30)
    arrived = post_seen.get(str(last_version), time.monotonic())
    if to_post is not None:
        to_post.append(arrived - last_click)
    if ai_next is not None and "(AI) is thinking" in panel.content:
        ai_next.append(last_update)
    return following


def _version(message: Message) -> int:
    from tests.bot_e2e.driver import message_version

    return message_version(message)


async def click_path(bench: Bench, turns: int, thinking: int, pace: float) -> None:
    print("== click path (the real bot through the stand-in) ==")
    updates: list[float] = []
    to_post_user: list[float] = []
    table, post = await bench.open_game("g1", ["ann", "bob"], [], seed=11)
    for _ in range(turns):
        if is_final_post(post):
            break
        post = await play_turn(table, post, updates, to_post_user)
    quiet = list(updates)
    print(f"click -> panel update (2 users, 0 AIs think)   {figures(quiet)}")
    print(f"click -> turn post, a user next               {figures(to_post_user)}  (players without a pause: "
          "the channel's 5 posts per 5 s set the pace)")

    # the same at a person's pace: each player looks at the post for `pace` seconds before clicking, so the
    # channel's rate limit is not met and the figure is the bot's own: commit, words, picture, upload
    paced: list[float] = []
    table_paced, post_paced = await bench.open_game("g0", ["ann", "bob"], [], seed=10)
    for _ in range(turns):
        if is_final_post(post_paced):
            break
        await asyncio.sleep(pace)
        post_paced = await play_turn(table_paced, post_paced, [], paced)
    print(f"click -> turn post, a user next, {pace:.1f} s pause  {figures(paced)}")

    ai_updates: list[float] = []
    to_post_ai: list[float] = []
    ai_next: list[float] = []
    table_ai, post_ai = await bench.open_game("g2", ["cy"], ["strong"], seed=12, end_bias=0.7)
    for _ in range(turns):
        if is_final_post(post_ai):
            break
        post_ai = await play_turn(table_ai, post_ai, ai_updates, to_post_ai, ai_next)
    print(f"click -> turn post, a strong AI next          {figures(to_post_ai)}")
    print(f"End turn, strong AI next -> panel update      {figures(ai_next)}")

    # N games whose strong AIs think all the time (their user ends each turn at once), while g1 is played
    busy = [await bench.open_game(f"t{n}", ["cy" if n % 2 else "bob"], ["strong", "strong"], seed=20 + n,
                                  end_bias=1.0) for n in range(thinking)]
    stop = asyncio.Event()

    async def keep_thinking(table: Table, post: Message) -> None:
        with contextlib.suppress(Exception):
            while not stop.is_set() and not is_final_post(post):
                post = await play_turn(table, post, [])

    keepers = [asyncio.create_task(keep_thinking(t, p)) for t, p in busy]
    await asyncio.sleep(1.0)
    others: list[float] = []
    table2, post2 = await bench.open_game("g3", ["ann", "bob"], [], seed=13)
    for _ in range(turns):
        if is_final_post(post2):
            break
        post2 = await play_turn(table2, post2, others)
    rss_bot = rss_mb(bench.bot.process.pid) if bench.bot.process else 0.0
    workers = [rss_mb(pid) for pid in children(bench.bot.process.pid)] if bench.bot.process else []
    stop.set()
    for keeper in keepers:
        keeper.cancel()
    print(f"click -> panel update, {thinking} games' strong AIs think {figures(others)}")
    print(f"RSS: bot {rss_bot:.0f} MB, {len(workers)} child process(es) (AI workers, resource tracker) "
          f"{sum(workers):.0f} MB, "
          f"{bench.games} games played")


async def template_game(path: Path) -> None:
    """A database with one finished game (2 users + a random AI, played to the end, final post recorded) and one
    active game (turn post up to date)."""
    async with Storage(path) as storage:
        service = GameService(storage, seed_source=lambda: 7)
        finished = (await started(service, humans=2, ais=1, seed=5, channel=1)).game
        finished = await play_random(service, finished, random.Random(5))
        await service.record_message(finished.id, "final", 1, 1, finished.version)
        active = (await started(service, humans=2, ais=1, seed=6, channel=2)).game
        active = await play_random(service, active, random.Random(6), moves=20)
        await service.record_message(active.id, "turn", 2, 2, active.version)


def stored_games(template: Path, target: Path, count: int) -> float:
    """Copy `template` to `target` and clone its games until it holds `count` games (1% active); returns bytes per
    finished game (the database file grown by the clones, divided by their number)."""
    shutil.copy(template, target)
    with contextlib.closing(sqlite3.connect(target)) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("DROP TRIGGER IF EXISTS action_log_no_gap")
        before = os.path.getsize(target)
        for n in range(3, count + 1):
            source = 2 if n % 100 == 0 else 1
            age = 86400.0 * 120 * n / count  # finished over the last four months, as a real history would be
            db.execute("INSERT INTO games SELECT ?, guild_id, ?, host_id, status, config, engine_version, state, "
                       "version, created_at - ?, updated_at - ?, finished_at - ? FROM games WHERE id = ?",
                       (n, 10 + n, age, age, age, source))
            for table in ("seats", "action_log", "results", "posted_messages"):
                columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
                picked = ", ".join("?" if c == "game_id" else c for c in columns)
                db.execute(f"INSERT INTO {table} SELECT {picked} FROM {table} WHERE game_id = ?", (n, source))
        db.execute("""CREATE TRIGGER action_log_no_gap BEFORE INSERT ON action_log
WHEN NEW.seq != (SELECT COALESCE(MAX(seq), 0) + 1 FROM action_log WHERE game_id = NEW.game_id)
BEGIN
    SELECT RAISE(ABORT, 'action_log sequence must grow by one');
END""")
        db.commit()
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finished = max(1, count - 2 - count // 100)
    return (os.path.getsize(target) - before) / finished if count > 10 else 0.0


@contextlib.asynccontextmanager
async def bench_database(backend: str, folder: Path, name: str) -> AsyncIterator[Path | str]:
    """An empty database for the bot: an SQLite file in `folder`, or a fresh PostgreSQL schema on the server of
    `GAH_TEST_POSTGRES_URL` (dropped afterwards)."""
    if backend == "sqlite":
        yield folder / f"{name}.sqlite3"
        return
    async with fresh_database("postgresql", folder, name) as url:
        yield url


async def schema_bytes(url: str) -> int:
    """The size of every table and index of the PostgreSQL schema `url` uses."""
    async with Storage(url) as storage, storage.reading() as tx:
        row = await tx.fetchone("SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS size FROM pg_class c "
                                "JOIN pg_namespace n ON n.oid = c.relnamespace "
                                "WHERE n.nspname = current_schema() AND c.relkind = 'r'")
    return int(row["size"]) if row is not None else 0


async def start_up(standin: StandIn, guild: Guild, counts: Sequence[int], folder: Path,
                   backend: str = "sqlite") -> None:
    print("== start-up with stored games ==")
    template = folder / "template.sqlite3"
    await template_game(template)
    for count in counts:
        stored = folder / f"stored{count}.sqlite3"
        per_game = stored_games(template, stored, count)
        async with contextlib.AsyncExitStack() as stack:
            database: Path | str = stored
            size = os.path.getsize(stored)
            if backend == "postgresql":  # the same games, copied into a fresh schema (rows checked, no replays)
                database = await stack.enter_async_context(bench_database(backend, folder, f"stored{count}"))
                async with Storage(stored) as source, Storage(database) as destination:
                    await copy_database(source, destination, replay=False)
                size = await schema_bytes(str(database))
                per_game = size / count
            await start_one(standin, guild, database, folder, count, per_game, size)


async def start_one(standin: StandIn, guild: Guild, database: Path | str, folder: Path, count: int,
                    per_game: float, size: int) -> None:
    """Start the bot on `database` holding `count` games and print its start-up figures."""
    bot = BotProcess(standin, guild, database, folder / f"startup{count}.log")
    began = time.monotonic()
    await bot.start()
    ready = time.monotonic() - began
    deadline = time.monotonic() + 30
    found = None
    while found is None and time.monotonic() < deadline:
        found = RESUMED.search(bot.log_text())
        await asyncio.sleep(0.05)
    rss = rss_mb(bot.process.pid) if bot.process else 0.0
    await bot.stop()
    catch_up = f"{found[3]} ms ({found[1]} AI tasks, {found[2]} posts)" if found else "not logged"
    print(f"{count:6d} stored games: process start -> ready {ready:5.2f} s, resume + catch-up {catch_up}, "
          f"RSS {rss:.0f} MB, database {size / 1e6:.1f} MB "
          f"({per_game / 1000:.1f} kB per finished game)")


async def main(arguments: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="gah-click-path-"))
    if arguments.backend == "postgresql":
        print(f"(games stored in PostgreSQL: {POSTGRES_URL}, a fresh schema per part)")
    standin = await StandIn.start()
    try:
        channels = ["g0", "g1", "g2", "g3"] + [f"t{n}" for n in range(arguments.thinking)]
        guild = standin.create_guild("Bench Hotel", channels=channels)
        users = {name: standin.create_user(name, guild=guild) for name in ("ann", "bob", "cy")}
        if not arguments.skip_clicks:
            async with bench_database(arguments.backend, folder, "clicks") as database:
                bot = BotProcess(standin, guild, database, folder / "bot.log",
                                 env={"GAH_AI_WORKERS": str(arguments.workers)} if arguments.workers else None)
                await bot.start()
                try:
                    await click_path(Bench(standin, guild, users, bot), arguments.turns, arguments.thinking,
                                     arguments.pace)
                finally:
                    await bot.stop()
            problems = bot.problems()
            if problems:
                print("the bot logged problems:\n" + "\n".join(problems[:10]))
        counts = [int(n) for n in arguments.stored.split(",") if n]
        if counts:
            await start_up(standin, guild, counts, folder, arguments.backend)
        print(f"(load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    finally:
        await standin.close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=8, help="turns played in each measured game")
    parser.add_argument("--pace", type=float, default=1.5,
                        help="seconds a player looks at a turn post before clicking, in the paced game")
    parser.add_argument("--thinking", type=int, default=3, help="games whose strong AIs think meanwhile")
    parser.add_argument("--workers", type=int, default=0, help="GAH_AI_WORKERS for the bot (0: its default)")
    parser.add_argument("--stored", default="100,1000,10000", help="stored games for the start-up figures")
    parser.add_argument("--skip-clicks", action="store_true", help="only the start-up figures")
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite",
                        help="where the bot stores games: an SQLite file, or PostgreSQL at GAH_TEST_POSTGRES_URL")
    options = parser.parse_args()
    if options.backend == "postgresql" and (unreachable := postgres_unreachable()):
        raise SystemExit(unreachable)
    asyncio.run(main(options))
