"""Issue 51 item 3: one member's master AIs cannot take the AI pool from another server; real bot, stand-in, Discord's
limits on, one AI worker.

A member of another server plays a strong AI (it thinks in the AI pool), reading each turn post for 2 s before she
plays; her AI's turns are timed (her turn's last click to the post that names her again) alone, then while bob, in
this server, runs 4 games each with 3 master AIs and plays his own turns by script as fast as they come (so the pool
always has master decisions waiting). With the pool shared one decision per game in turn, each of her AI's decisions
waited for one decision of each of bob's 4 games (15-24 s a turn instead of 1 s); shared by server, her AI keeping
the worker while it thinks, she waits for at most about one of bob's decisions per turn. The bound is generous (the
shared machine): the median with the load at most 3 times the median alone plus 4 s. bob's cap
(`GAH_EXPENSIVE_AI_SEATS_PER_MEMBER=12`) takes exactly those 12 master seats: a 5th such game does not start, refused
privately naming the limit."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time

from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, is_final_post
from .harness import BotProcess, World, build_world
from .reporting import check_slowdown
from .test_ai_fairness import ai_turns, names_next

LOAD_GAMES = 4
MASTERS = 3
AI_TURNS = 3
READ_SECONDS = 2.0
"""How long the victim reads each turn post before she plays (a person does; her AI then does not want the pool all
the time, so her server has used it less than bob's)."""


async def first_turn(standin: StandIn, table: Table, actor: Actor, post: Message) -> Message:
    """The first post that names `actor` (the AI seats may move first)."""
    if names_next(post, actor):
        return post
    return await standin.wait_for(lambda: next((m for m in reversed(table.posts()) if names_next(m, actor)), None),
                                  timeout=90, what=f"{actor.user.username}'s first turn")


async def master_game(standin: StandIn, world: World, bot: BotProcess, n: int) -> tuple[Table, Message]:
    """bob opens a game with 3 master AIs in channel masters-`n`; returns the table and its lobby."""
    channel = standin.create_channel(world.guild, f"masters-{n}")
    table = Table(standin, dataclasses.replace(world, channel=channel), {world.bob.id: world.bob},
                  random.Random(n), end_bias=0.7, bot=bot)
    return table, await table.open_lobby(world.bob, [], ["master"] * MASTERS)


async def paced_turns(table: Table, post: Message, actor: Actor, count: int,
                      pause: float = READ_SECONDS) -> tuple[list[float], Message]:
    """`ai_turns`, with `pause` seconds before each of `actor`'s turns (reading the post)."""
    samples: list[float] = []
    while len(samples) < count and not is_final_post(post):
        await asyncio.sleep(pause)
        more, post = await ai_turns(table, post, actor, 1)
        samples += more
    return samples, post


async def keep_playing(standin: StandIn, table: Table, bob: Actor, post: Message, stop: asyncio.Event) -> None:
    """bob plays his turns by script as soon as they come, until `stop` is set (or the game ends)."""
    post = await first_turn(standin, table, bob, post)
    while not is_final_post(post) and not stop.is_set():
        _, post = await ai_turns(table, post, bob, 1)


async def master_load(standin: StandIn, world: World, bot: BotProcess, stop: asyncio.Event) -> list[asyncio.Task[None]]:
    """bob starts `LOAD_GAMES` games of `MASTERS` master AIs each in `world` and plays them by script (`keep_playing`)
    until `stop` is set; returns the players' tasks (end them with `stop_playing`)."""
    players = []
    for n in range(1, LOAD_GAMES + 1):
        load, lobby = await master_game(standin, world, bot, n)
        first = await load.start(world.bob, lobby)
        players.append(asyncio.create_task(keep_playing(standin, load, world.bob, first, stop)))
    return players


async def stop_playing(players: list[asyncio.Task[None]], stop: asyncio.Event) -> None:
    """End the script players: set `stop` and cancel them (again each second: a cancel can be lost in
    `asyncio.wait_for` of Python 3.11 when its wait ends at the same moment), at most 60 s."""
    stop.set()
    deadline = time.monotonic() + 60
    while not all(task.done() for task in players) and time.monotonic() < deadline:
        for task in players:
            task.cancel()
        await asyncio.wait(players, timeout=1.0)
    await asyncio.gather(*players, return_exceptions=True)


async def test_one_members_master_games_do_not_slow_another_servers_ai(standin: StandIn, world: World,
                                                                        make_bot: object) -> None:
    started = time.monotonic()
    bot: BotProcess = make_bot(  # type: ignore[operator]
        GAH_AI_WORKERS="1", GAH_EXPENSIVE_AI_SEATS_PER_MEMBER=str(LOAD_GAMES * MASTERS),
        GAH_MAX_GAMES_PER_USER="20")
    bot.global_commands = True  # the victim's server has the commands too
    await bot.start()
    other = build_world(standin, "Other Hotel", suffix="2")
    victim = other.ann
    table = Table(standin, other, {victim.id: victim}, random.Random(51), end_bias=0.7, bot=bot)
    post = await first_turn(standin, table, victim, await table.start(victim, await table.open_lobby(
        victim, [], ["strong"])))
    alone, post = await paced_turns(table, post, victim, AI_TURNS)

    stop = asyncio.Event()
    players = await master_load(standin, world, bot, stop)
    try:
        await asyncio.sleep(3.0)  # the master AIs are all thinking, bob answering at once
        assert not any(task.done() for task in players), [task for task in players if task.done()]
        loaded, post = await paced_turns(table, post, victim, AI_TURNS)
    finally:
        await stop_playing(players, stop)
    # slack 4 s: her turn may wait for the one master decision running (up to 2 s on the loaded machine), and the
    # bot draws the 4 games' turn posts meanwhile (on main the median was 12-19 s with about 1 s alone)
    check_slowdown("ai_pool_by_server", "the other server's strong AI turns (click to the post naming her)", alone,
                   loaded, f"while one member runs {LOAD_GAMES} games of {MASTERS} master AIs", started, slack=4.0)
    extra, lobby = await master_game(standin, world, bot, LOAD_GAMES + 1)
    refused = await extra.answer(await extra.press_start(world.bob, lobby))
    assert refused.ephemeral_for == world.bob.id, "the refusal is private"
    assert f"one member may run at most {LOAD_GAMES * MASTERS} expert or master AI seats" in refused.content, \
        refused.content
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()
