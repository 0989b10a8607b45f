"""Issue 53 item 4, quiet hours per member: `/gah notify quiet:"22-08" timezone:"Europe/Warsaw"`. A malformed span
or an unknown zone is refused privately, naming the expected form, and changes nothing; `/gah notify` alone shows
the quiet hours. Inside them (the bot's clock at 23:30 in Warsaw, `fake_clock.py`) the turn post names bob without
pinging him, and neither his turn DM nor his reminder comes (both are stored timers); the bot is SIGKILLed and
restarted with its clock at 07:59:40 the next morning: the reminder (pinging bob) and one DM arrive once, not before
08:00 in Warsaw, each with the jump link to the turn post. The same holds in an Overbooking game."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import re
import time
from collections.abc import Callable
from zoneinfo import ZoneInfo

from bot.host.quiet_hours import held_dm_kind
from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Message, StandIn

from .driver import Table, message_version
from .fake_clock import CLOCK_ENV, wrap_command
from .harness import BotProcess, World
from .overbooking_driver import OverbookingTable
from .test_full_game import set_seed

REMINDER = "friendly reminder"
WARSAW = ZoneInfo("Europe/Warsaw")


def warsaw(day: dt.date, hour: int, minute: int, second: int = 0) -> float:
    """The epoch second of that local time in Warsaw."""
    return dt.datetime.combine(day, dt.time(hour, minute, second), tzinfo=WARSAW).timestamp()


def sent_at(message: Message) -> float:
    """When Discord (the stand-in, on the real clock) stored `message`, in seconds since the epoch."""
    return dt.datetime.fromisoformat(message.timestamp).timestamp()


def reminders(standin: StandIn, world: World) -> list[Message]:
    return [m for m in standin.messages_in(world.channel) if REMINDER in m.content]


async def test_quiet_hours_hold_the_dm_and_the_reminder_until_they_end(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    ann, bob, guild, channel = world.ann, world.bob, world.guild, world.channel
    evening = dt.datetime.now(WARSAW).date() - dt.timedelta(days=3)
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    bot.wrap = wrap_command()
    bot.extra_env[CLOCK_ENV] = str(warsaw(evening, 23, 30))  # the bot's clock: 23:30 in Warsaw
    await bot.start()
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(5), bot=bot)
    table.QUIET_TURNS = True  # a quiet member is named without a mention

    # refused privately, naming the expected form; nothing changes
    for options, expected in (({"quiet": "25-08", "timezone": "Europe/Warsaw"}, "`HH-HH` or `HH:MM-HH:MM`"),
                              ({"quiet": "x", "timezone": "Europe/Warsaw"}, "`HH-HH` or `HH:MM-HH:MM`"),
                              ({"quiet": "08-08", "timezone": "Europe/Warsaw"}, "`HH-HH` or `HH:MM-HH:MM`"),
                              ({"quiet": "22-08", "timezone": "Mars/Olympus_Mons"}, "IANA time zone name"),
                              ({"timezone": "../../etc/passwd"}, "IANA time zone name"),
                              ({"quiet": "22-08"}, "need your time zone"),
                              ({"mode": "dm", "quiet": "22-8x", "timezone": "Europe/Warsaw"}, "`HH-HH`")):
        refused = await table.answer(await table.command(bob, "gah notify", **options))
        assert refused.ephemeral_for == bob.id and expected in refused.content, (options, refused.content)
    shown = await table.answer(await table.command(bob, "gah notify"))
    assert shown.content == "Notifications: mention; reminders: on (after 12 hours in this channel).", shown.content
    async with Storage(bot.database) as storage:
        prefs = await GameService(storage).prefs(bob.id)
    assert (prefs.notify, prefs.quiet_start, prefs.quiet_end, prefs.time_zone) == ("mention", None, None, None)

    # bob's quiet hours, in any spelling of the zone; shown by /gah notify without options
    done = await table.answer(await table.command(bob, "gah notify", mode="dm", quiet="22-08",
                                                  timezone="europe/warsaw"))
    wanted = ("Notifications: dm; reminders: on (after 12 hours in this channel); quiet hours: 22:00-08:00 "
              "(Europe/Warsaw) - quiet now.")
    assert done.ephemeral_for == bob.id and done.content == wanted, done.content
    assert (await table.answer(await table.command(bob, "gah notify"))).content == wanted
    choices = await bob.autocomplete(channel, "gah notify", "timezone", timezone="warsa")
    assert "Europe/Warsaw" in [c["value"] for c in (await choices.response()).choices or []], choices

    lobby = await table.open_lobby(ann, [bob], [])
    changed = await table.answer(await table.command(ann, "gah reminders", hours=0.0005))
    assert "after 2 seconds" in changed.content, changed.content
    await set_seed(bot.database, 1, ann.id, 11)
    post = await table.start(ann, lobby)
    while table.on_turn(post) is ann:  # ann plays until the turn passes to bob
        panel = await table.open_panel(ann, post)
        last = await table.play_panel(ann, panel)
        assert last is not None
        post = await table.next_post(after_version=last)
    next_line = post.content.partition("**Next:**")[2]
    assert table.on_turn(post) is bob and bob.mention not in next_line and "bob - press *Take my turn*" in next_line, \
        post.content
    assert bob.id not in post.pings.user_ids, "a quiet member is not pinged"
    link = f"https://discord.com/channels/{guild.id}/{channel.id}/{post.id}"

    # inside the quiet hours: no DM, no reminder (the 2-second interval passes several times); both are stored
    await asyncio.sleep(6.0)
    assert not bob.dms(), [m.content for m in bob.dms()]
    assert not reminders(standin, world), [m.content for m in reminders(standin, world)]
    morning = evening + dt.timedelta(days=1)
    ends = warsaw(morning, 8, 0)
    async with Storage(bot.database) as storage:
        timers = {t.kind: t for t in await GameService(storage).timers()}
    assert set(timers) == {"reminder", held_dm_kind(bob.id)}, timers
    assert all(t.due_at == ends and t.user_id == bob.id for t in timers.values()), (timers, ends)

    # the bot dies; it comes back at 07:59:40 the next morning in Warsaw; the quiet hours end at 08:00
    await bot.kill()
    bot.extra_env[CLOCK_ENV] = str(warsaw(morning, 7, 59, 40))
    started = time.time()
    await bot.start()
    offset = warsaw(morning, 7, 59, 40) - started  # the bot's clock minus the real one (within the start-up time)
    reminder = await standin.wait_for_message(channel, predicate=lambda m: REMINDER in m.content, timeout=60)
    dm = await standin.wait_for(lambda: next(iter(bob.dms()), None), timeout=20, what="bob's turn DM")
    for message in (reminder, dm):
        assert sent_at(message) + offset >= ends - 0.5, \
            f"sent at {sent_at(message) + offset - ends:.1f} s after the quiet hours end"
        assert link in message.content, (link, message.content)
    assert reminder.pings.user_ids == [bob.id] and reminder.content.startswith(bob.mention), reminder.content
    assert "It is your turn in Grand Austria Hotel" in dm.content, dm.content
    assert re.search(rf"<#{channel.id}>", dm.content), dm.content
    await asyncio.sleep(4.0)  # and once: no second reminder, no second DM
    assert len(reminders(standin, world)) == 1 and len(bob.dms()) == 1, \
        ([m.content for m in reminders(standin, world)], [m.content for m in bob.dms()])
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        assert not await service.timers(), "both timers were used up"
        assert (await service.game(1)).version == message_version(post)
    standin.assert_no_violations()


async def test_quiet_hours_hold_in_overbooking_too(standin: StandIn, world: World,
                                                   make_bot: Callable[..., BotProcess]) -> None:
    """Quiet hours are per member: in an Overbooking game the post that hands bob his turn names him without a
    ping, his turn DM is stored until 08:00 in Warsaw instead of sent, and his reminder waits for the same moment."""
    ann, bob = world.ann, world.bob
    evening = dt.datetime.now(WARSAW).date() - dt.timedelta(days=3)
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    bot.wrap = wrap_command()
    bot.extra_env[CLOCK_ENV] = str(warsaw(evening, 23, 30))
    await bot.start()
    table = OverbookingTable(standin, world, {ann.id: ann, bob.id: bob}, random.Random(8), bot=bot)
    await table.answer(await table.command(bob, "gah notify", mode="dm", quiet="22-08", timezone="Europe/Warsaw"))
    lobby = await table.open_lobby(ann, [bob], [])
    await table.answer(await table.command(ann, "gah reminders", hours=0.0005))
    await set_seed(bot.database, 1, ann.id, 5)  # ann places the first card
    post = await table.start(ann, lobby)
    assert table.on_turn(post) is ann
    for _ in range(10):  # ann places cards until a post hands the turn to bob
        if table.on_turn(post) is bob:
            break
        last = await table.play_panel(ann, await table.open_panel(ann, post))
        assert last is not None, "ann's panel offered nothing"
        post = await table.next_post(after_version=last)
    assert table.on_turn(post) is bob, post.content
    assert bob.id not in post.pings.user_ids and bob.mention not in post.content.partition("**Next:**")[2], post
    await asyncio.sleep(5.0)
    assert not bob.dms() and not reminders(standin, world), ([m.content for m in bob.dms()],
                                                             [m.content for m in reminders(standin, world)])
    ends = warsaw(evening + dt.timedelta(days=1), 8, 0)
    async with Storage(bot.database) as storage:
        timers = {t.kind: t for t in await GameService(storage).timers()}
    assert set(timers) == {"reminder", held_dm_kind(bob.id)} and all(t.due_at == ends for t in timers.values()), \
        timers
    standin.assert_no_violations()
