"""Issue 6: the host sets the channel's reminder interval (in the lobby and by command; others may not); one
reminder pings the player on turn after that (shortened) interval, also across a restart of the bot, and no second
one follows in the same turn; the host skips a turn; a seat is handed to an AI and the game goes on without that
player; the player takes it back and the game finishes."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Message, StandIn

from .driver import Table, is_final_post, message_version, parse_id
from .harness import BotProcess, World
from .test_full_game import set_seed

REMINDER = "friendly reminder"


async def test_reminder_skip_ai_and_takeback(standin: StandIn, world: World,
                                             make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    await bot.start()
    ann, bob, channel = world.ann, world.bob, world.channel
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(3), bot=bot)

    for actor in (ann, bob):
        answer = await table.answer(await table.command(actor, "gah notify", reminders=True))
        assert answer.ephemeral_for == actor.id
        assert answer.content == "Notifications: mention; reminders: on (after 12 hours in this channel).", \
            answer.content

    lobby = await table.open_lobby(ann, [bob], ["random"])
    assert "after 12 hours" in str(lobby.embeds), "the lobby shows the channel's interval (12 hours by default)"

    # in the lobby only the host may choose the interval
    choice = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "reminder")
    refused = await table.answer(await table.pick(bob, lobby, choice["custom_id"], "3600"))
    assert refused.ephemeral_for == bob.id and refused.content.startswith("Only the host"), refused.content
    await (await table.pick(ann, lobby, choice["custom_id"], "3600")).reply(timeout=20)
    assert "after 1 hour" in str(lobby.embeds), lobby.embeds

    # and by command: bob is refused, the host's change is announced to the channel and shown in the lobby
    refused = await table.answer(await table.command(bob, "gah reminders", hours=0.0005))
    assert refused.ephemeral_for == bob.id and refused.content.startswith("Only the host"), refused.content
    shown = await table.answer(await table.command(bob, "gah reminders"))
    assert shown.ephemeral_for == bob.id and "after 1 hour" in shown.content, shown.content
    changed = await table.answer(await table.command(ann, "gah reminders", hours=0.0005))
    assert changed.ephemeral_for is None and "after 2 seconds" in changed.content, changed.content
    assert not changed.pings.user_ids, "announcing the setting pings nobody"
    await standin.wait_for(lambda: "after 2 seconds" in str(lobby.embeds) or None, timeout=20,
                           what="the lobby showing the new interval")

    await set_seed(bot.database, 1, ann.id, 8)
    floor = standin.messages_in(channel)[-1]  # the restarted bot may send the reminder before `bot.start` returns
    began = time.monotonic()
    post = await table.start(ann, lobby)
    waiting = table.on_turn(post)
    await bot.kill()  # the timer lives in the database: the restarted bot still sends the reminder
    await bot.start()

    # one reminder, about two seconds after the turn began, pinging only the player on turn
    reminder = await standin.wait_for_message(channel, after=floor, predicate=lambda m: REMINDER in m.content,
                                              timeout=20)
    waited = time.monotonic() - began
    assert 1.9 <= waited <= 15.0, f"the reminder came {waited:.1f} s after Start"
    assert reminder.pings.user_ids == [waiting.id] and not reminder.pings.role_ids, reminder.pings
    assert reminder.content.startswith(waiting.mention) and "<t:" in reminder.content, reminder.content
    # ... and only one: three more intervals pass without a second reminder in the same turn
    await asyncio.sleep(6.0)
    assert len(reminders(standin, world)) == 1, [m.content for m in reminders(standin, world)]

    # the host skips the player on turn: the turn moves on, a turn post says so
    before = await version(bot)
    skip = await table.command(ann, "gah skip")
    skipped = await table.answer(skip)
    assert skipped.ephemeral_for is None and skipped.content == "The turn was skipped.", skipped.content
    post = await table.next_post(after_version=message_version(post))
    assert await version(bot) > before
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    skips = [m for m in history if m.actor == f"skip:{ann.id}"]
    assert skips and all(m.name == waiting.user.username for m in skips), skips
    assert post.content.split("**Next:**")[0].strip(), "the turn post after a skip has a recap"

    # the host hands bob's seat to an AI: only ann is pinged from now on, the AI plays bob's moves
    handed = await table.answer(await table.command(ann, "gah ai", player=bob, level="random"))
    assert handed.ephemeral_for is None and "now plays bob's seat" in handed.content, handed.content
    handed_at = await version(bot)
    latest = newest_post(table)
    if table.on_turn(latest) is bob:  # it was bob's turn: the AI moved at once and a new turn post followed
        latest = await table.next_post(after_version=message_version(latest))
    table.players = {ann.id: ann}
    post = await table.play_decisions(latest, 12)
    assert all(p.pings.user_ids == [ann.id] for p in table.posts() if message_version(p) > handed_at
               and not is_final_post(p))
    async with Storage(bot.database) as storage:
        history = await GameService(storage).history(1)
    bob_moves = [m for m in history if m.name == "bob" and m.version > handed_at]
    assert bob_moves and all(m.actor == "ai:random" for m in bob_moves), bob_moves

    # bob takes his seat back and is pinged again; the game finishes
    back = await table.answer(await table.command(bob, "gah takeback"))
    assert back.ephemeral_for == bob.id and "yours again" in back.content, back.content
    table.players = {ann.id: ann, bob.id: bob}
    taken_back_at = await version(bot)
    final = await table.play_game(newest_post(table))
    assert is_final_post(final)
    assert any(bob.id in p.pings.user_ids for p in table.posts() if message_version(p) > taken_back_at)
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        assert (await service.game(1)).status == "finished"
        assert (await service.check_replay(1)).ok
        history = await service.history(1)
    assert any(m.actor == f"user:{bob.id}" for m in history if m.version > taken_back_at)
    standin.assert_no_violations()


def reminders(standin: StandIn, world: World) -> list[Message]:
    """The reminder messages in the game channel."""
    return [m for m in standin.messages_in(world.channel) if REMINDER in m.content]


def newest_post(table: Table) -> Message:
    """The newest turn post (or the final post)."""
    return max(table.posts(), key=lambda m: (message_version(m), m.id))


async def version(bot: BotProcess) -> int:
    async with Storage(bot.database) as storage:
        return (await GameService(storage).game(1)).version
