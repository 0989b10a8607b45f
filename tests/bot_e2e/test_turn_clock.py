"""Issue 53 item 2, the turn clock: the host picks "Turn clock: 24 hours a turn" and its AI in the lobby's reminders
menu (bob may not); the game starts and nobody moves. The bot's clock jumps a day at a time (`fake_clock.py`: the
jump file): each time, the player on turn has their turn played by the AI, the channel is told ("ann's turn timed
out after 24 hours: the AI played it"), the seat stays theirs and the turn post pings the next player; the third
timed-out turn in a row of one player hands their seat to the AI until `/gah takeback`. In between, the bot is
SIGKILLed and restarted with its clock 30 hours on: the time it was down does not count, so the turn is NOT played
at once; it is played when a day of running time has passed; no timer is lost."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.host.service import GameInfo, GameService
from bot.host.storage import Storage
from tests.discord_standin import Message, StandIn

from .driver import Table, parse_id
from .fake_clock import JUMP_ENV, jump, wrap_command
from .harness import BotProcess, World
from .test_full_game import set_seed

DAY = 24 * 3600.0
TIMED_OUT = "turn timed out after 24 hours: the AI played it."
REMINDER = "friendly reminder"


async def game(bot: BotProcess) -> GameInfo:
    async with Storage(bot.database) as storage:
        return await GameService(storage).game(1)


def timeouts(standin: StandIn, world: World) -> list[Message]:
    return [m for m in standin.messages_in(world.channel) if TIMED_OUT in m.content]


@pytest.mark.parametrize("seed", [21, 8])
async def test_turn_clock_plays_timed_out_turns_and_hands_over_the_third(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess], tmp_path: Path, seed: int) -> None:
    ann, bob = world.ann, world.bob
    jump_file = tmp_path / "clock-jump"
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    bot.wrap = wrap_command()
    bot.extra_env[JUMP_ENV] = str(jump_file)
    await bot.start()
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(4), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    assert "Turn clock: off." in str(lobby.embeds), lobby.embeds

    # only the host sets the clock; it shares the reminders menu (the lobby keeps to four rows)
    menu = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "reminder")
    assert {"clock:24", "clocklevel:random"} <= {o["value"] for o in menu["options"]}, menu["options"]
    refused = await table.answer(await table.pick(bob, lobby, menu["custom_id"], "clock:24"))
    assert refused.ephemeral_for == bob.id and "host" in refused.content, refused.content
    await (await table.pick(ann, lobby, menu["custom_id"], "clock:24")).reply(timeout=20)
    menu = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "reminder")
    await (await table.pick(ann, lobby, menu["custom_id"], "clocklevel:random")).reply(timeout=20)
    await standin.wait_for(lambda: "Turn clock: 24 hours a turn; then the random AI" in str(lobby.embeds) or None,
                           timeout=20, what="the lobby showing the turn clock")
    assert len(lobby.components) <= 4, "the lobby keeps to four rows"

    await set_seed(bot.database, 1, ann.id, seed)
    post = await table.start(ann, lobby)
    names = {ann.id: "ann", bob.id: "bob"}
    counts = {ann.id: 0, bob.id: 0}
    offset = 0.0
    handed: int | None = None
    for step in range(12):
        before = await game(bot)
        user = before.current_user
        assert user is not None and before.status == "active", before
        if step == 3:  # the bot dies; it comes back 30 hours later on its clock: that time does not count
            await bot.kill()
            offset += 30 * 3600
            jump(jump_file, offset)
            await bot.start()
            await asyncio.sleep(8.0)  # several passes of the timer loop
            assert len(timeouts(standin, world)) == step, [m.content for m in timeouts(standin, world)]
            assert (await game(bot)).version == before.version, "the turn was played at once after the restart"
        offset += DAY + 60
        jump(jump_file, offset)
        line = await standin.wait_for(lambda seen=step: next(iter(timeouts(standin, world)[seen:]), None),
                                      timeout=60, what=f"timed-out turn {step + 1}")
        counts[user] += 1
        seat_name = next(s.name for s in before.seats if s.user_id == user)
        assert line.content.startswith(f"{seat_name}'s {TIMED_OUT}"), (line.content, seat_name)
        assert not line.pings.user_ids, "the line pings nobody"
        # the player's one reminder came first in this turn (the channel's 12 hours, half the clock)
        messages = standin.messages_in(world.channel)
        since = max((m.id for m in timeouts(standin, world) if m.id < line.id), default=0)
        assert any(REMINDER in m.content and m.pings.user_ids == [user] for m in messages if since < m.id < line.id), \
            "no reminder before the timed-out turn"
        post = await table.next_post(after_version=before.version, floor=post)
        after = await game(bot)
        seat = next(s for s in after.seats if s.user_id == user)
        if counts[user] == 3:  # the third in a row: the seat goes to the AI until takeback
            assert "third timed-out turn in a row" in line.content and "`/gah takeback`" in line.content, \
                line.content
            assert seat.ai_level == "random", after.seats
            handed = user
            break
        assert seat.ai_level is None, ("the seat stays the player's", after.seats)
        assert "third" not in line.content, line.content
    assert handed is not None, counts
    other = next(u for u in names if u != handed)
    assert counts[other] < 3

    # the player takes the seat back; the clock runs for whoever is on turn
    back = await table.answer(await table.command(table.players[handed], "gah takeback"))
    assert back.content == "Your seat is yours again.", back.content
    assert all(s.ai_level is None for s in (await game(bot)).seats)
    async with Storage(bot.database) as storage:
        kinds = {t.kind for t in await GameService(storage).timers() if t.game_id == 1}
    assert "clock" in kinds or (await game(bot)).current_user is None, kinds
    standin.assert_no_violations()
