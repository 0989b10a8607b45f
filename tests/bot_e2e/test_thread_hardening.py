"""Issue 51 items 1, 9 and 10: games in threads, hardened.

A thread game starts in a fresh channel (no reminder interval ever set there); a start the game refuses leaves no
thread behind, and one that fails after the thread opened (the database refused it) deletes the thread again. A
game whose thread (or channel) is deleted ends as cancelled: at once on THREAD_DELETE or CHANNEL_DELETE, or at its
next post (Discord's 404 10003 Unknown Channel) when the bot missed the event; its players who asked for DMs are
told, its seats count against no cap any more, and the parent's `/gah cancel` no longer names it; a thread game
can be cancelled from the parent by its id. A locked thread (archived by a moderator; the bot without Manage
Threads) is told privately to the next clicker like a missing permission, and the missed post follows when a
moderator reopens it."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Channel, Message, Permission, StandIn, StandInConfig

from .driver import RESPONSE_TIMEOUT, Table, is_turn_post, message_version
from .harness import BotProcess, World, refusals
from .test_full_game import set_seed
from .test_startup_failures import sql
from .test_threads import THREAD_OPTION, choose_thread, thread_of
from .test_views import ephemeral_answer

START_PLAYER = "variants.start_player"
REFUSE_THREAD = """CREATE TRIGGER provoked_failure BEFORE INSERT ON posted_messages WHEN NEW.purpose = 'thread'
BEGIN
    SELECT RAISE(ABORT, 'provoked failure: the test refuses this write');
END"""
"""A trigger that makes a thread game's start fail in the database, after its thread was opened."""


@pytest.fixture
def expected_refusals() -> set[str]:
    """Refusals of the bot's requests that a test brings about on purpose ("400 POST /channels/{channel_id}/
    messages"); a test adds them, every other refusal fails it."""
    return set()


@pytest.fixture
async def standin(standin_config: StandInConfig, expected_refusals: set[str]) -> AsyncIterator[StandIn]:
    """The usual stand-in, except that the refusals in `expected_refusals` are allowed."""
    server = await StandIn.start(standin_config)
    try:
        yield server
        refused = [r for r in refusals(server) if r not in expected_refusals]
        assert not refused, f"the stand-in refused requests of the bot: {refused}"
        unchecked = dict(server.core.schemas.unvalidated)
        assert not unchecked, f"bodies Discord's OpenAPI description has no schema for: {unchecked}"
    finally:
        await server.close()


async def status_of(bot: BotProcess, game_id: int) -> str:
    """The game's status in the bot's database."""
    async with Storage(bot.database) as storage:
        return (await GameService(storage).game(game_id)).status


async def wait_for_status(bot: BotProcess, game_id: int, status: str) -> None:
    """Wait until game `game_id` has `status` in the bot's database."""
    deadline = time.monotonic() + RESPONSE_TIMEOUT
    while await status_of(bot, game_id) != status:
        bot.check_alive()
        assert time.monotonic() < deadline, f"game {game_id} never became {status}"
        await asyncio.sleep(0.1)


async def recorded(bot: BotProcess, game_id: int, post: Message) -> None:
    """Wait until the bot has stored `post` as the game's turn post."""
    deadline = time.monotonic() + RESPONSE_TIMEOUT
    while True:
        async with Storage(bot.database) as storage:
            posts = await GameService(storage).messages(game_id)
        if any(m.purpose == "turn" and m.message_id == post.id for m in posts):
            return
        assert time.monotonic() < deadline, f"the bot never stored post {post.id}"
        await asyncio.sleep(0.05)


async def assert_ended_and_told(standin: StandIn, bot: BotProcess, player: Actor, game_id: int, dms_before: int,
                                what: str) -> None:
    """Game `game_id` ends as cancelled, and `player` (who chose DMs) gets a DM saying so because its `what` was
    deleted."""
    await wait_for_status(bot, game_id, "cancelled")
    dm = await standin.wait_for(
        lambda: next((m for m in player.dms()[dms_before:] if f"game {game_id}" in m.content), None),
        timeout=RESPONSE_TIMEOUT, what=f"{player.user.username}'s DM about game {game_id}")
    assert "was cancelled" in dm.content and f"its {what} was deleted" in dm.content, dm.content


async def set_variants(table: Table, host: Actor, lobby: Message, values: list[str]) -> None:
    """The host ticks exactly `values` in the Options message's variants menu."""
    options = await table.answer(await table.click(host, lobby, label="Options"))
    variants = next(s for s in options.selects() if any(o["value"] == THREAD_OPTION for o in s["options"]))
    saved = await (await host.select(options, values, custom_id=variants["custom_id"])).reply(timeout=RESPONSE_TIMEOUT)
    assert saved.content.startswith("Options saved"), saved.content


async def thread_game(standin: StandIn, world: World, bot: BotProcess, host: Actor, joiners: list[Actor],
                      game_id: int, seed: int) -> tuple[Message, Channel, Table, Message]:
    """A game of `host` and `joiners` played in a thread of its lobby message in the world's channel: (the lobby
    message, the thread, a table in the thread, the first turn post)."""
    players = {actor.id: actor for actor in (host, *joiners)}
    table = Table(standin, world, players, random.Random(seed), bot=bot)
    lobby = await table.open_lobby(host, joiners, [])
    await choose_thread(table, host, lobby)
    await set_seed(bot.database, game_id, host.id, seed)
    await (await table.press_start(host, lobby)).reply(timeout=RESPONSE_TIMEOUT)
    thread = thread_of(standin, world.channel, lobby)
    in_thread = Table(standin, dataclasses.replace(world, channel=thread), players, random.Random(seed), bot=bot)
    first = await in_thread.next_post(after_version=-1)
    return lobby, thread, in_thread, first


async def test_a_thread_game_starts_in_a_fresh_channel_and_a_refused_start_leaves_no_thread(
        standin: StandIn, world: World, bot: BotProcess) -> None:
    ann, channel = world.ann, world.channel
    table = Table(standin, world, {ann.id: ann}, random.Random(4), bot=bot)
    lobby = await table.open_lobby(ann, [], [])
    # a start the game refuses (module 4 alone) opens no thread: the host hears why, the lobby stays
    await set_variants(table, ann, lobby, [THREAD_OPTION, START_PLAYER])
    refusal = await table.answer(await table.press_start(ann, lobby))
    assert refusal.ephemeral_for == ann.id and "cannot be played solo" in refusal.content, refusal.content
    assert standin.threads_of(channel) == [], "a refused start left a thread behind"
    assert "join" in {c["custom_id"].split(":")[3] for c in lobby.iter_components() if "custom_id" in c}

    # the channel never had `/gah reminders`: the game starts in its thread all the same
    await set_variants(table, ann, lobby, [THREAD_OPTION])
    started = await table.answer(await table.press_start(ann, lobby))
    assert "went wrong" not in started.content, started.content
    thread = thread_of(standin, channel, lobby)
    assert [t.id for t in standin.threads_of(channel)] == [thread.id]
    await standin.wait_for(lambda: thread.mention in lobby.content or None, timeout=RESPONSE_TIMEOUT,
                           what="the lobby message naming the thread")
    in_thread = Table(standin, dataclasses.replace(world, channel=thread), {ann.id: ann}, random.Random(4), bot=bot)
    first = await in_thread.next_post(after_version=-1)
    assert first.content.startswith("The game begins!") and first.pings.user_ids == [ann.id], first.content
    shown = await in_thread.answer(await in_thread.command(ann, "gah reminders"))
    assert "12 hours" in shown.content, shown.content  # the default, as in the channel
    panel = await in_thread.open_panel(ann, first)
    assert panel.components, panel.content
    assert await status_of(bot, 1) == "active"
    standin.assert_no_violations()


async def test_a_start_that_fails_after_its_thread_opened_deletes_the_thread(
        standin: StandIn, world: World, tmp_path: Path) -> None:
    """The database refuses the start (a trigger; what the missing settings row did before): the host hears
    "something went wrong", the bot (with Manage Threads, which deleting a thread needs) deletes the thread it had
    opened, and the next Start opens a new one. The one ERROR logged is the refused write's."""
    database = tmp_path / "gah.sqlite3"
    bot = BotProcess(standin, world.guild, database, tmp_path / "bot.log")
    ann, channel = world.ann, world.channel
    try:
        await bot.start()
        standin.set_overwrite(channel, standin.bot, allow=Permission.MANAGE_THREADS)
        table = Table(standin, world, {ann.id: ann}, random.Random(6), bot=bot)
        lobby = await table.open_lobby(ann, [], [])
        await choose_thread(table, ann, lobby)
        sql(database, REFUSE_THREAD)
        failed = await table.answer(await table.press_start(ann, lobby))
        assert failed.ephemeral_for == ann.id and "went wrong" in failed.content, failed.content
        opened = [e.data["id"] for e in standin.gateway.events if e.name == "THREAD_CREATE"]
        deleted = [e.data["id"] for e in standin.gateway.events if e.name == "THREAD_DELETE"]
        assert opened == deleted == [str(lobby.id)] and standin.threads_of(channel) == [], (opened, deleted)
        assert await status_of(bot, 1) == "lobby"

        sql(database, "DROP TRIGGER provoked_failure")
        await table.answer(await table.press_start(ann, lobby))
        thread = thread_of(standin, channel, lobby)
        in_thread = Table(standin, dataclasses.replace(world, channel=thread), {ann.id: ann}, random.Random(6),
                          bot=bot)
        first = await in_thread.next_post(after_version=-1)
        assert first.content.startswith("The game begins!"), first.content
        assert await status_of(bot, 1) == "active"
    finally:
        await bot.stop()
    problems = bot.problems()
    errors = [line for line in problems if not line.startswith("Traceback")]
    assert len(errors) == 1 and "unexpected error in game 1" in errors[0], problems
    standin.assert_no_violations()


async def test_a_deleted_thread_or_channel_ends_its_game_and_a_thread_game_is_cancelled_from_the_parent(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot(GAH_MAX_GAMES_PER_USER="1")
    await bot.start()
    ann, bob, channel = world.ann, world.bob, world.channel
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(9), bot=bot)
    told = await table.answer(await table.command(bob, "gah notify", mode="dm"))
    assert "dm" in told.content, told.content

    # a moderator deletes game 1's thread: the game ends as cancelled, bob (DMs) is told, ann (mentions) is not
    lobby, thread, in_thread, first = await thread_game(standin, world, bot, ann, [bob], 1, 9)
    await in_thread.play_decisions(first, 2)
    bob_dms = len(bob.dms())
    standin.delete_channel(thread)
    await assert_ended_and_told(standin, bot, bob, 1, bob_dms, "thread")
    assert not [m for m in ann.dms() if "cancelled" in m.content], ann.dms()
    await standin.wait_for(lambda: "cancelled" in lobby.content or None, timeout=RESPONSE_TIMEOUT,
                           what="the lobby message saying the game was cancelled")
    assert lobby.content == "This game was cancelled: its thread was deleted.", lobby.content
    # the parent's `/gah cancel` no longer names the deleted thread
    nothing = await ephemeral_answer(table, ann, await table.command(ann, "gah cancel"))
    assert "There is no game in this channel" in nothing.content and thread.mention not in nothing.content, \
        nothing.content

    # the seats are free again: ann and bob (at most one open game each) play game 2, in a thread of its own
    lobby, thread, in_thread, first = await thread_game(standin, world, bot, ann, [bob], 2, 10)
    listed = await ephemeral_answer(table, ann, await table.command(ann, "gah cancel"))
    assert thread.mention in listed.content and "`/gah cancel game:2`" in listed.content, listed.content
    # cancelled from the parent by its id: refused for a watcher, done by a moderator (Manage Channels)
    refused = await ephemeral_answer(table, world.watcher, await table.command(world.watcher, "gah cancel", game=2))
    assert "Only the host" in refused.content, refused.content
    assert await status_of(bot, 2) == "active"
    unknown = await ephemeral_answer(table, world.mod, await table.command(world.mod, "gah cancel", game=77))
    assert "There is no started game 77" in unknown.content, unknown.content
    floor = standin.messages_in(channel)[-1]
    done = await table.answer(await table.command(world.mod, "gah cancel", game=2))
    assert done.ephemeral_for is None and done.content == f"Game 2 (in {thread.mention}) was cancelled.", done.content
    assert await status_of(bot, 2) == "cancelled"
    note = await standin.wait_for_message(thread, predicate=lambda m: "cancelled" in m.content,
                                          after=in_thread.posts()[-1], timeout=RESPONSE_TIMEOUT)
    assert note.content == f"This game was cancelled from {channel.mention} by {world.mod.mention}.", note.content
    assert not note.pings.user_ids
    assert [m.id for m in standin.messages_in(channel) if m.id > floor.id] == [done.id]
    gone = await ephemeral_answer(table, bob, await in_thread.click(bob, first, label="Take my turn"))
    assert "not running" in gone.content, gone.content

    # game 3 in a thread, then its whole channel is deleted (CHANNEL_DELETE): the thread's game ends too
    lobby, thread, in_thread, first = await thread_game(standin, world, bot, ann, [bob], 3, 11)
    bob_dms = len(bob.dms())
    standin.delete_channel(channel)
    await assert_ended_and_told(standin, bot, bob, 3, bob_dms, "channel")
    other = standin.create_channel(world.guild, "more-games")
    elsewhere = Table(standin, dataclasses.replace(world, channel=other), {ann.id: ann}, random.Random(1), bot=bot)
    await elsewhere.open_lobby(ann, [bob], [])  # both are free for a game again
    standin.assert_no_violations()


@pytest.mark.parametrize("found_by", ["post", "reminder"])
async def test_a_thread_deleted_while_the_bot_was_down_ends_its_game_at_its_next_post(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess], expected_refusals: set[str],
        found_by: str) -> None:
    """The bot misses THREAD_DELETE (it is down); the restarted bot finds the thread gone (404 10003) at its next
    post in it: the turn post of a move stored just before the bot went down, or the turn's reminder."""
    expected_refusals.add("404 GET /channels/{channel_id}")  # the deleted thread, looked up to post there
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    await bot.start()
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(12), bot=bot)
    await table.answer(await table.command(bob, "gah notify", mode="dm"))
    if found_by == "reminder":  # 7 s, which the thread takes with it: due after the restart
        changed = await table.answer(await table.command(world.mod, "gah reminders", hours=0.002))
        assert "after 7 seconds" in changed.content, changed.content
    _, thread, _, first = await thread_game(standin, world, bot, ann, [bob], 1, 12)
    await recorded(bot, 1, first)  # else the restarted bot would post it again (and find the thread gone so)
    await bot.kill()
    standin.delete_channel(thread)  # nobody hears of it: the bot is down
    if found_by == "post":
        async with Storage(bot.database) as storage:  # a move stored, and the bot killed before its turn post
            await GameService(storage).skip(1, ann.id)
    bob_dms = len(bob.dms())
    await bot.start()
    await assert_ended_and_told(standin, bot, bob, 1, bob_dms, "thread")
    found = {"post": "bot.host.posts: game 1: its channel",
             "reminder": "bot.host.reminders: game 1: its channel"}[found_by]
    assert found in bot.log_text(), bot.log_tail()
    table2 = Table(standin, world, {ann.id: ann}, random.Random(1), bot=bot)
    await table2.open_lobby(ann, [], [])  # the channel takes a new game
    standin.assert_no_violations()


@pytest.mark.parametrize("seed", [13, 14, 15])
async def test_a_locked_thread_is_told_to_the_next_clicker_and_the_post_follows_when_it_opens(
        standin: StandIn, world: World, bot: BotProcess, expected_refusals: set[str], seed: int) -> None:
    # the thread is locked: the bot (without Manage Threads) may neither reopen it nor post there
    expected_refusals.update({"400 POST /channels/{channel_id}/messages", "403 PATCH /channels/{channel_id}"})
    ann, bob = world.ann, world.bob
    _, thread, in_thread, first = await thread_game(standin, world, bot, ann, [bob], 1, seed)
    post = await in_thread.play_decisions(first, seed - 11)
    standin.archive_thread(thread, locked=True)
    actor = in_thread.on_turn(post)
    panel = await in_thread.open_panel(actor, post)
    await in_thread.play_panel(actor, panel)  # the turn passes: Discord refuses its post (the thread is locked)

    def refused_posts() -> int:
        return sum(r.status == 400 and r.route == "/channels/{channel_id}/messages" for r in standin.requests)

    await standin.wait_for(lambda: refused_posts() >= 1 or None, timeout=RESPONSE_TIMEOUT, what="the refusal")
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert not [p for p in in_thread.posts() if message_version(p) > message_version(post)], "no post got through"
    waiting = ann if info.current_user == ann.id else bob
    asked = await in_thread.click(waiting, post, label="Take my turn")
    notice = await standin.wait_for(lambda: next((m for m in asked.followups if "could not be posted" in m.content),
                                                 None), timeout=RESPONSE_TIMEOUT, what="the notice")
    assert notice.ephemeral_for == waiting.id and "thread is locked" in notice.content, notice.content
    assert "lack" not in notice.content, notice.content

    # a moderator reopens the thread: the missed post follows by itself, telling the missed moves, pinging
    standin.reopen_thread(thread)
    missed = await in_thread.next_post(after_version=message_version(post))
    assert is_turn_post(missed) and message_version(missed) == info.version, (message_version(missed), info.version)
    assert waiting.id in missed.pings.user_ids, missed.content
    assert actor.user.username in missed.content, missed.content  # the moves the locked thread missed are told
    await in_thread.play_decisions(missed, 2)  # and the game goes on
    standin.assert_no_violations()
