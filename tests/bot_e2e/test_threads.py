"""Issue 42 item 12, busy channels: a game played in a thread of its lobby message. The host ticks "Play in a
thread" under the lobby's Options; at Start the bot starts a thread from the lobby message and every turn post,
ping and reminder of the game goes there, while the channel gets only the start (on the lobby message) and the
result. Commands inside the thread find its game, the channel opens and starts another thread game meanwhile,
the channel's reminder interval holds in the thread, a SIGKILL restart mid-game (the thread archived meanwhile, as
Discord does after a day without messages) keeps playing in the thread, and
the game is played to its final post there. Without the permission to start threads the bot says so politely and
the game is played in the channel."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Channel, Message, Permission, StandIn

from .driver import RESPONSE_TIMEOUT, Table, is_final_post, is_turn_post, message_version
from .harness import BotProcess, World
from .test_full_game import set_seed

REMINDER = "friendly reminder"
THREAD_OPTION = "variants.play_in_thread"


async def choose_thread(table: Table, host: Actor, lobby: Message) -> None:
    """The host ticks "Play in a thread" (only that) in the lobby's Options message; the lobby says so."""
    options = await table.answer(await table.click(host, lobby, label="Options"))
    assert options.ephemeral_for == host.id
    variants = next(s for s in options.selects() if any(o["value"] == THREAD_OPTION for o in s["options"]))
    label = next(o for o in variants["options"] if o["value"] == THREAD_OPTION)["label"]
    assert label == "Play in a thread of the lobby message", label
    saved = await (await host.select(options, [THREAD_OPTION], custom_id=variants["custom_id"])).reply(
        timeout=RESPONSE_TIMEOUT)
    assert saved.content.startswith("Options saved"), saved.content
    await table.standin.wait_for(lambda: "In a thread of this message" in str(lobby.embeds) or None,
                                 timeout=RESPONSE_TIMEOUT, what="the lobby saying the game is played in a thread")


def thread_of(standin: StandIn, parent: Channel, message: Message) -> Channel:
    """The thread started from `message` (it has the message's id)."""
    threads = [t for t in standin.threads_of(parent) if t.id == message.id]
    assert threads, f"no thread from message {message.id}: {standin.threads_of(parent)}"
    return threads[0]


async def test_a_game_played_in_a_thread_to_the_end(standin: StandIn, world: World,
                                                    make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    await bot.start()
    ann, bob, channel = world.ann, world.bob, world.channel
    table = Table(standin, world, {ann.id: ann}, random.Random(42), bot=bot)

    lobby = await table.open_lobby(ann, [], [])
    assert "In this channel" in str(lobby.embeds), lobby.embeds
    await choose_thread(table, ann, lobby)
    await set_seed(bot.database, 1, ann.id, 42)
    # the channel's reminder interval (2 seconds here) goes with the game into its thread
    changed = await table.answer(await table.command(ann, "gah reminders", hours=0.0005))
    assert "after 2 seconds" in changed.content, changed.content

    floor = standin.messages_in(channel)[-1]
    await (await table.press_start(ann, lobby)).reply(timeout=RESPONSE_TIMEOUT)
    thread = thread_of(standin, channel, lobby)
    assert thread.type == 11 and thread.parent_id == channel.id and "game 1" in (thread.name or "")
    # the channel's start: the lobby message (the thread's first message) says where the game is on
    await standin.wait_for(lambda: thread.mention in lobby.content or None, timeout=RESPONSE_TIMEOUT,
                           what="the lobby message naming the thread")
    assert lobby.content == f"The game has started: it is on in the thread {thread.mention}.", lobby.content
    assert not lobby.components and not lobby.embeds
    in_thread = Table(standin, dataclasses.replace(world, channel=thread), {ann.id: ann}, random.Random(42), bot=bot)
    first = await in_thread.next_post(after_version=-1)
    assert first.content.startswith("The game begins!") and first.pings.user_ids == [ann.id], first.content

    # a reminder in the thread, pinging ann, after the 2 seconds
    reminder = await standin.wait_for_message(thread, predicate=lambda m: REMINDER in m.content, timeout=20)
    assert reminder.pings.user_ids == [ann.id] and reminder.content.startswith(ann.mention), reminder.content
    quiet = await in_thread.answer(await in_thread.command(ann, "gah reminders", hours=0))
    assert quiet.ephemeral_for is None and quiet.channel_id == thread.id, quiet

    # commands inside the thread find its game; the channel itself has none, and names its thread
    score = await in_thread.answer(await in_thread.command(bob, "gah score"))
    assert score.ephemeral_for == bob.id and "There is no game" not in score.content, score.content
    here = await table.answer(await table.command(bob, "gah score"))
    assert here.ephemeral_for == bob.id and thread.mention in here.content, here.content

    # the channel holds a second game meanwhile: bob opens a lobby there and plays it in a thread of its own
    other_table = Table(standin, world, {bob.id: bob}, random.Random(7), bot=bot)
    other_lobby = await other_table.open_lobby(bob, [], ["random"])
    await choose_thread(other_table, bob, other_lobby)
    await (await other_table.press_start(bob, other_lobby)).reply(timeout=RESPONSE_TIMEOUT)
    other_thread = thread_of(standin, channel, other_lobby)
    other = Table(standin, dataclasses.replace(world, channel=other_thread), {bob.id: bob}, random.Random(7), bot=bot)
    await other.next_post(after_version=-1)
    listed = await table.answer(await table.command(ann, "gah score"))
    assert thread.mention in listed.content and other_thread.mention in listed.content, listed.content
    cancelled = await other.answer(await other.command(bob, "gah cancel"))
    assert "cancelled" in cancelled.content.lower(), cancelled.content

    # a few decisions, then a SIGKILL; while the bot is down Discord archives the thread (as after a day without
    # messages); the restarted bot unarchives it and the game goes on in the thread
    post = await in_thread.play_decisions(first, 6)
    await bot.kill()
    killed_at = max(message_version(m) for m in in_thread.posts())
    standin.archive_thread(thread)
    await bot.start()
    post = max(in_thread.posts(), key=lambda m: (message_version(m), m.id))
    final = await in_thread.play_game(post)
    assert is_final_post(final) and final.channel_id == thread.id and not thread.archived
    assert [m for m in in_thread.posts() if message_version(m) > killed_at and not is_final_post(m)], \
        "turn posts after the restart, in the thread"

    # the channel got the start and the result only: no turn post, no reminder, one result naming the thread
    results = await standin.wait_for(
        lambda: [m for m in standin.messages_in(channel) if "is over" in m.content] or None,
        timeout=RESPONSE_TIMEOUT, what="the result in the channel")
    assert len(results) == 1 and results[0].content.startswith(
        f"The game of Grand Austria Hotel in {thread.mention} (game 1) is over.\nWinner:"), results[0].content
    assert not results[0].pings.user_ids and not results[0].attachments
    said = [m for m in standin.messages_in(channel) if m.author.id == standin.bot.id]
    assert not [m for m in said if is_turn_post(m) or is_final_post(m) or REMINDER in m.content], \
        [m.content[:80] for m in said]
    assert [m.id for m in said if m.id > floor.id] == [other_lobby.id, results[0].id], \
        [m.content[:80] for m in said if m.id > floor.id]  # after Start: only bob's lobby and game 1's result
    # Rematch on the final post opens the next lobby in the thread, where its game is played
    rematch = await in_thread.answer(await in_thread.click(ann, final, label="Rematch"))
    assert rematch.ephemeral_for == ann.id and "lobby is open" in rematch.content, rematch.content
    again = await in_thread.lobby_after(final)
    assert again.channel_id == thread.id and "In this thread." in str(again.embeds), again.embeds
    await in_thread.answer(await in_thread.command(ann, "gah cancel"))
    turn_posts = [m for m in standin.messages_in(thread) if is_turn_post(m)]
    assert len(turn_posts) >= 3 and all(m.channel_id == thread.id for m in turn_posts)
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        game = await service.game(1)
        assert game.status == "finished" and game.channel_id == thread.id
        assert await service.thread_parent(1) == channel.id
        assert (await service.check_replay(1)).ok
    standin.assert_no_violations()


async def test_without_thread_permissions_the_game_is_played_in_the_channel(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot()
    await bot.start()
    ann, channel = world.ann, world.channel
    standin.set_overwrite(channel, standin.bot, deny=Permission.CREATE_PUBLIC_THREADS)
    table = Table(standin, world, {ann.id: ann}, random.Random(5), bot=bot)
    lobby = await table.open_lobby(ann, [], [])
    await choose_thread(table, ann, lobby)
    first = await table.start(ann, lobby)
    assert standin.threads_of(channel) == []
    assert lobby.content.startswith("The game has started! I could not open a thread for this game: I lack the "
                                    "Create Public Threads permission in this channel. So the game is played here"), \
        lobby.content
    assert first.channel_id == channel.id and first.pings.user_ids == [ann.id], first.content
    panel = await table.open_panel(ann, first)
    assert panel.components, panel.content
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        assert (await service.game(1)).channel_id == channel.id and await service.thread_parent(1) is None
    standin.assert_no_violations()
