"""Issue 6: the bot process is killed (SIGKILL) and restarted at random points of a game played by clicks. The game
finishes; buttons of old turn posts still answer after a restart; the action log replays to the stored state, and
every logged user action is exactly one click the bot acknowledged (nothing lost, nothing applied twice)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Interaction, Message, StandIn, StandInConfig

from .driver import Table, message_version, parse_id
from .harness import BotProcess, World
from .reporting import record_figures
from .test_full_game import set_seed

SEED = int(os.environ.get("GAH_E2E_SEED", "424242"))
KILLS = 4


def stored_version(database: Path, game_id: int = 1) -> int:
    """The game's version in the bot's database (a quick read-only look while the bot writes)."""
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5)) as connection:
        row = connection.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    return int(row[0])


async def test_game_survives_sigkill_restarts(standin: StandIn, world: World, bot: BotProcess, tmp_path: Path) -> None:
    started = time.monotonic()
    rng = random.Random(SEED)
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(SEED + 1),
                  undo_rate=0.03, bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob], ["random"])
    await set_seed(bot.database, 1, world.ann.id, SEED)
    first = await table.start(world.ann, lobby)

    # kill after these decisions, at a random moment after the bot acknowledged the click (before, during or
    # after it stores the move, edits the panel or posts the turn post); once after a click that is no decision
    # (Take my turn, page, undo); and once while a click is in flight (the bot may never answer it: Discord would
    # say "This interaction failed")
    kill_at = sorted(rng.sample(range(3, 110), KILLS))
    in_flight_at = kill_at.pop(rng.randrange(len(kill_at)))
    other_after = rng.randrange(5, 40)
    commit_after = rng.randrange(10, 80)
    caught_up: list[Message] = []
    clicks = 0
    restarts: list[str] = []
    cut_off: set[tuple[int, int]] = set()

    async def restart(what: str) -> None:
        await bot.kill()
        restarts.append(f"{what}@{table.decisions}")
        await bot.start()

    async def in_flight(interaction: Interaction) -> None:
        _, version, verb, _ = parse_id(interaction.data["custom_id"])
        cut_off.add((interaction.user.id, version))
        await bot.kill()
        standin.advance_time(3.5)  # past the 3-second rule: an unanswered click is now overdue
        overdue = standin.take_violations()
        assert all(v.rule == "interaction.initial_response_timeout" for v in overdue), overdue
        restarts.append(f"in-flight {verb}@{table.decisions}" + (" (unanswered)" if overdue else ""))
        await bot.start()

    async def after_commit(clicked: int) -> None:
        """Kill the bot the moment the move is stored, before its turn post is rendered and sent; after the
        restart the bot must post it (pinging the next player)."""
        deadline = time.monotonic() + 10
        while stored_version(bot.database) <= clicked:
            assert time.monotonic() < deadline, "the move was never stored"
            await asyncio.sleep(0.001)
        posted = any(message_version(p) > clicked for p in table.posts())
        await bot.kill()
        restarts.append(f"after-commit {table.last_label}@{table.decisions}" + ("" if posted else " (post lost)"))
        await bot.start()
        caught_up.append(await table.next_post(after_version=clicked))

    async def chaos(kind: str) -> bool:
        nonlocal clicks, other_after, commit_after
        clicks += 1
        decision = kind in ("act", "pick")
        if decision and table.decisions >= commit_after and table.last_label == "End turn":
            commit_after = 10**9
            cut_off.add((table.clicks[-1].user, table.clicks[-1].version))
            await after_commit(table.clicks[-1].version)
            return True
        if decision and table.decisions == in_flight_at:
            table.in_flight = in_flight
        if decision and kill_at and table.decisions >= kill_at[0]:
            kill_at.pop(0)
            delay = rng.choice([0.0, 0.005, 0.02, 0.05, 0.15])
            await asyncio.sleep(delay)
            cut_off.add((table.clicks[-1].user, table.clicks[-1].version))
            await restart(f"+{delay * 1000:.0f}ms after {kind}")
            return True
        if not decision and clicks >= other_after:
            other_after = 10**9
            await restart(f"after {kind}")
            return True
        return False

    final = await table.play_game(first, after_click=chaos)
    elapsed = time.monotonic() - started
    assert "Winner:" in final.content
    assert bot.kills >= 3, f"only {bot.kills} restarts happened: {restarts}"
    assert caught_up, f"no kill came between a stored move and its turn post: {restarts}"
    assert len(table.resyncs) == bot.kills, "after every restart a player found the game again with an old button"

    async with Storage(bot.database) as storage:
        service = GameService(storage)
        info = await service.game(1)
        assert info.status == "finished"
        check = await service.check_replay(1)
        assert check.ok, check.detail
        history = await service.history(1)
        assert len(await service.results(1)) == 3

    # every user action and undo in the log is one acknowledged click at the version before it, and every click
    # whose panel showed the result is in the log
    decisions = {(c.user, c.version) for c in table.clicks if c.verb in ("act", "pick")}
    undos = {(c.user, c.version) for c in table.clicks if c.verb == "confirmundo"}
    # one click may make several moves in a row: a select of several steps, and (issue 42) a compound choice (a die
    # with its first follow-up, serving all that fits) or a follow-up with one legal answer played with it
    several = {(c.user, c.version) for c in table.clicks if c.verb in ("picks", "act", "pick")}
    logged = set()
    chained: tuple[int, int] | None = None
    for move in history:
        if not move.actor.startswith("user:"):
            continue
        key = (int(move.actor.split(":")[1]), move.version - 1)
        if move.kind != "undo" and (key in several or key == chained):
            chained = (key[0], move.version)
            assert key not in logged, f"one click applied twice: {move}"
            logged.add(key)
            continue
        assert key in (undos if move.kind == "undo" else decisions), f"a logged move nobody clicked: {move}"
        assert key not in logged, f"one click applied twice: {move}"
        logged.add(key)
    versions = [move.version for move in history]
    assert versions == sorted(set(versions)), "log versions are unique and grow"
    lost = decisions - logged
    assert lost <= cut_off, f"clicks lost that no kill cut off: {sorted(lost - cut_off)}"
    standin.assert_no_violations()
    record_figures(tmp_path, "restarts", elapsed=elapsed, decisions=table.decisions, table=table,
                   extra=f"{bot.kills} SIGKILL restarts ({', '.join(restarts)})")


NONCE_WINDOW = 180.0
"""Seconds in which Discord returns the stored message for a repeated nonce ("the past few minutes"; set here
explicitly, since the test depends on it)."""
SLOW_RESTART = 100.0
"""How long the bot is down in the nonce test, on the stand-in's clock: a slow restart, within the window."""


@pytest.mark.parametrize("standin_config", [StandInConfig(nonce_window=NONCE_WINDOW)], indirect=True)
async def test_a_turn_post_sent_just_before_a_crash_is_not_posted_twice(
        standin: StandIn, world: World, bot: BotProcess, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot dies after Discord stored its first turn post but before the bot heard back (so it could not
    remember the post). After a slow restart (but within Discord's nonce window) it posts what it believes is
    missing with the same nonce, and Discord (here the stand-in) hands back the stored message instead of a
    second copy."""
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(5), bot=bot)
    lobby = await table.open_lobby(world.ann, [world.bob], ["random"])
    await set_seed(bot.database, 1, world.ann.id, 99)
    messages = standin.services.messages
    create = messages.create
    cut: list[Message] = []

    def create_then_crash(ctx: Any, body: Any) -> Message:
        message = create(ctx, body)
        if not cut and "**Next:**" in message.content and bot.process is not None:
            cut.append(message)
            os.kill(bot.process.pid, signal.SIGKILL)  # before the response reaches the bot
        return message

    monkeypatch.setattr(messages, "create", create_then_crash)
    await (await table.press_start(world.ann, lobby)).response(timeout=10)
    await standin.wait_for(lambda: cut or None, timeout=20, what="the first turn post")
    cut_at = standin.core.clock.monotonic()
    await bot.kill()
    standin.advance_time(SLOW_RESTART)
    await bot.start()

    async def remembered() -> int | None:
        async with Storage(bot.database) as storage:
            posted = {m.purpose: m for m in await GameService(storage).messages(1)}
        return posted["turn"].message_id if "turn" in posted else None

    deadline = time.monotonic() + 20
    while (message_id := await remembered()) is None:
        assert time.monotonic() < deadline, "the restarted bot never caught up on the turn post"
        await asyncio.sleep(0.05)
    down = standin.core.clock.monotonic() - cut_at
    assert down < NONCE_WINDOW, f"the restart took {down:.0f} s, past the nonce window: the test proves nothing"
    assert message_id == cut[0].id, "the bot remembers the post Discord already had"
    assert [p.id for p in table.posts()] == [cut[0].id], "exactly one turn post"
    panel = await table.open_panel(table.on_turn(cut[0]), cut[0])  # and its buttons work
    assert panel.components
    standin.assert_no_violations()
