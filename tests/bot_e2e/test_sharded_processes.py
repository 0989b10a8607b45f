"""Issue 19: two bot processes, each running half of 4 shards, over one PostgreSQL database. A game in a guild on
each process's shards is played by clicks to the end; every turn reminder is sent exactly once, by the process whose
shards hold the game's guild; a SIGKILL of one process loses nothing: while it is down the other process leaves its
games alone, and after it restarts its game goes on (a move stored just before the kill gets its turn post)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.bot.databases import fresh_database, postgres_unreachable
from tests.discord_standin import Message, StandIn, StandInConfig

from .conftest import BOTS_KEY
from .driver import Table, message_version, parse_id
from .harness import BotProcess, World, build_world
from .reporting import record_figures
from .test_full_game import set_seed

pytestmark = pytest.mark.skipif(postgres_unreachable() is not None, reason=str(postgres_unreachable()))

REMINDER = "friendly reminder"
REMINDED = re.compile(r"reminded user (\d+) in game (\d+) at version (\d+)")
INTERVAL = 2.0
"""Seconds a player on turn waits before the reminder (`/gah reminders hours:0.0005`, shown as 2 seconds)."""


@pytest.fixture
async def shared_database(tmp_path: Path) -> AsyncIterator[str]:
    """An empty PostgreSQL database (a schema of its own) for both bot processes."""
    async with fresh_database("postgresql", tmp_path, "shards") as url:
        yield url


def reminders_in(standin: StandIn, world: World) -> list[Message]:
    """The reminder messages in a world's game channel."""
    return [m for m in standin.messages_in(world.channel) if REMINDER in m.content]


async def open_game(standin: StandIn, world: World, bot: BotProcess, database: str, seed: int) -> tuple[Table, int]:
    """Reminders on for both players, a lobby with ann, bob and a random AI, the channel's reminder interval set to
    2 seconds, the seed fixed and Start pressed. Returns the table and the game id."""
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(seed), end_bias=0.3, bot=bot)
    for actor in (ann, bob):
        await table.answer(await table.command(actor, "gah notify", reminders=True))
    lobby = await table.open_lobby(ann, [bob], ["random"])
    game_id = parse_id(lobby.button(label="Join")["custom_id"])[0]
    changed = await table.answer(await table.command(ann, "gah reminders", hours=0.0005))
    assert "after 2 seconds" in changed.content, changed.content
    await set_seed(database, game_id, ann.id, seed)  # type: ignore[arg-type]  # Storage takes a URL too
    await table.start(ann, lobby)
    return table, game_id


def newest_post(table: Table) -> Message:
    """The newest turn post (or the final post)."""
    return max(table.posts(), key=lambda m: (message_version(m), m.id))


@pytest.mark.parametrize("standin_config", [StandInConfig(recommended_shards=4)], indirect=True)
async def test_two_processes_each_with_half_the_shards(standin: StandIn, shared_database: str, tmp_path: Path,
                                                         request: pytest.FixtureRequest) -> None:
    started = time.monotonic()
    low_world = build_world(standin, "Low Hotel", shard=(1, 4))
    high_world = build_world(standin, "High Hotel", shard=(2, 4), suffix="2")
    common = {"GAH_SHARD_COUNT": "4", "GAH_REMINDER_POLL_SECONDS": "0.25", "DATABASE_POOL_MAX": "4"}
    low = BotProcess(standin, low_world.guild, shared_database, tmp_path / "low.log",
                     env=common | {"GAH_SHARD_IDS": "0,1"})
    high = BotProcess(standin, high_world.guild, shared_database, tmp_path / "high.log",
                      env=common | {"GAH_SHARD_IDS": "2-3"})
    request.node.stash[BOTS_KEY] = [low, high]
    watch = GameService(Storage(shared_database))
    try:
        await watch.storage.open()
        await asyncio.gather(low.start(), high.start())
        sessions = sorted(s.shard for s in standin.gateway.live_sessions())
        assert sessions == [(0, 4), (1, 4), (2, 4), (3, 4)], sessions
        table_low, game_low = await open_game(standin, low_world, low, shared_database, 31)
        table_high, game_high = await open_game(standin, high_world, high, shared_database, 32)

        # the first turn of each game waits: one reminder in each channel, and no second one in that turn
        for world in (low_world, high_world):
            await standin.wait_for(lambda w=world: reminders_in(standin, w) or None, timeout=30,  # type: ignore[misc]
                                   what=f"the first reminder in {world.guild.name}")
        await asyncio.sleep(3 * INTERVAL)
        assert [len(reminders_in(standin, w)) for w in (low_world, high_world)] == [1, 1]

        # both games are played at once; after some decisions the high process is killed right after it stored
        # a move (before it may post the turn), stays down while the other game goes on, and restarts
        kill_after = 20
        stored_before_kill: list[int] = []
        downtime: list[str] = []

        async def kill_high(kind: str) -> bool:
            if kind not in ("act", "pick") or table_high.decisions < kill_after or stored_before_kill:
                return False
            clicked = table_high.clicks[-1].version
            deadline = time.monotonic() + 20
            while await stored_version(watch, game_high) <= clicked:
                assert time.monotonic() < deadline, "the move was never stored"
                await asyncio.sleep(0.005)
            await high.kill()
            stored_before_kill.append(clicked)
            before = len(reminders_in(standin, high_world))
            await asyncio.sleep(4 * INTERVAL)  # the player on turn waits past the interval: the reminder is due
            assert len(reminders_in(standin, high_world)) == before, \
                "the low process reminded in a game of the high process's shards"
            downtime.append(f"{4 * INTERVAL:.0f} s down, {table_low.decisions} decisions in the other game")
            await high.start()
            await standin.wait_for(lambda: len(reminders_in(standin, high_world)) > before or None, timeout=30,
                                   what="the reminder the restarted process owed")
            return True

        finals = await asyncio.gather(table_low.play_game(newest_post(table_low)),
                                      table_high.play_game(newest_post(table_high), after_click=kill_high))
        elapsed = time.monotonic() - started
        assert stored_before_kill, "the high process was never killed"
        assert all("Winner:" in final.content for final in finals)
        assert len(table_high.resyncs) == 1, "after the restart a player found the game again with an old button"

        for game_id in (game_low, game_high):
            assert (await watch.game(game_id)).status == "finished"
            check = await watch.check_replay(game_id)
            assert check.ok, check.detail
            assert len(await watch.results(game_id)) == 3
        history = await watch.history(game_high)
        assert any(m.version == stored_before_kill[0] + 1 and m.actor.startswith("user:") for m in history), \
            "the move stored just before the kill is in the log"

        # every reminder was sent once per game version, by the process whose shards hold the game's guild
        sent = {name: [(int(g), int(v)) for _, g, v in REMINDED.findall(bot.log_text())]
                for name, bot in (("low", low), ("high", high))}
        assert {g for g, _ in sent["low"]} <= {game_low} and {g for g, _ in sent["high"]} <= {game_high}, sent
        twice = [key for key, n in Counter(sent["low"] + sent["high"]).items() if n > 1]
        assert not twice, f"reminders sent twice: {twice}"
        assert len(sent["low"]) == len(reminders_in(standin, low_world))
        assert len(sent["high"]) == len(reminders_in(standin, high_world))
        assert not standin_shard_violations(standin)
        standin.assert_no_violations()
        record_figures(tmp_path, "two sharded processes", elapsed=elapsed, decisions=table_low.decisions,
                       table=table_low, extra=f"high process killed after a stored move ({'; '.join(downtime)}); "
                       f"{len(sent['low'])} + {len(sent['high'])} reminders")
    finally:
        for bot in (low, high):
            with contextlib.suppress(Exception):
                await bot.stop()
        await watch.storage.close()
    problems = low.problems() + high.problems()
    assert not problems, "a bot logged errors:\n" + "\n".join(problems)


def standin_shard_violations(standin: StandIn) -> list[str]:
    """Wrong-shard dispatches the stand-in recorded."""
    return [str(v) for v in standin.core.all_violations if v.rule == "gateway.shard"]


async def stored_version(service: GameService, game_id: int) -> int:
    """The game's version in the shared database (one small query: the test polls it)."""
    async with service.storage.reading() as tx:
        [row] = await tx.fetchall("SELECT version FROM games WHERE id = ?", (game_id,))
    return int(row[0])
