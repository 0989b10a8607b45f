"""Issue 15 item 3: one channel where the bot may not post does not silence the reminders of other channels.

A game runs in "quiet", then the bot loses Send Messages there; another game runs in "games". The quiet game's
reminder is due first and fails (403 Missing Permissions); the games channel's reminder still arrives, the quiet
game's player on turn hears of the failure by DM, `/gah reminders` in quiet shows it, and the bot logs no error.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from tests.discord_standin import Actor, Permission, StandIn

from .driver import Table
from .harness import BotProcess, World
from .test_full_game import set_seed

REMINDER = "friendly reminder"


async def start_game(table: Table, host: Actor, guest: Actor, game_id: int, bot: BotProcess) -> Actor:
    """Open a lobby in the table's channel, set a 2-second reminder interval, start; returns the player on turn."""
    lobby = await table.open_lobby(host, [guest], [])
    changed = await table.answer(await table.command(host, "gah reminders", hours=0.0005))
    assert "after 2 seconds" in changed.content, changed.content
    await set_seed(bot.database, game_id, host.id, 8)
    post = await table.start(host, lobby)
    return table.on_turn(post)


async def test_a_blocked_channel_does_not_stop_other_reminders(standin: StandIn, world: World,
                                                               make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    quiet = standin.create_channel(world.guild, "quiet")
    await bot.start()
    ann, bob = world.ann, world.bob
    players = {ann.id: ann, bob.id: bob}
    quiet_table = Table(standin, dataclasses.replace(world, channel=quiet), players, random.Random(1), bot=bot)
    games_table = Table(standin, world, players, random.Random(2), bot=bot)

    # the quiet game starts first, so its reminder is the first one due; then the bot may no longer post there
    quiet_on_turn = await start_game(quiet_table, ann, bob, 1, bot)
    standin.set_overwrite(quiet, standin.bot, deny=Permission.SEND_MESSAGES)
    games_on_turn = await start_game(games_table, bob, ann, 2, bot)

    reminder = await standin.wait_for_message(world.channel, predicate=lambda m: REMINDER in m.content, timeout=30)
    assert reminder.pings.user_ids == [games_on_turn.id], reminder.pings
    assert not [m for m in standin.messages_in(quiet) if REMINDER in m.content]

    # the failure reaches the quiet game's players: a DM to the player on turn, and `/gah reminders` there
    dm = await standin.wait_for(
        lambda: next((m for m in quiet_on_turn.dms() if "could not post a turn reminder" in m.content), None),
        timeout=20, what="the DM about the failed reminder")
    assert f"<#{quiet.id}>" in dm.content and "your turn" in dm.content, dm.content
    shown = await quiet_table.answer(await quiet_table.command(ann, "gah reminders"))
    assert shown.ephemeral_for == ann.id and "could not be sent" in shown.content, shown.content

    # the only requests the stand-in refused are the quiet channel's reminders (expected: the bot may not post
    # there); the fixture checks that nothing else was refused
    refused = [r for r in standin.requests if r.status >= 400]
    assert refused and all(r.status == 403 and str(quiet.id) in r.path for r in refused), \
        [(r.status, r.method, r.path) for r in refused]
    standin.requests[:] = [r for r in standin.requests if r.status < 400]
    assert "reminder pass failed" not in bot.log_text()
