"""Issue 53 item 6, away mode: ann and bob play two games, in #games (no turn clock: the greedy AI, the game's
`leave_ai_level`) and #games2 (the host chose the random AI for its clock in the lobby). `/gah away` without days
says bob is not away; `/gah away days:3` makes him away: in both games every turn of
his is played at once by that game's AI, the channel says "bob is away until ...: the AI plays their turns", no
message pings or DMs him, and his seats stay his. ann plays her own turns by clicks. Then bob clicks *Score* on a
turn post: that ends it (and the next post pings him, his turn waits for him); `/gah away days:1` then `days:0`
says welcome back."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Callable

from bot.host.service import GameInfo, GameService
from bot.host.storage import Storage
from tests.discord_standin import Message, StandIn

from .driver import Table, parse_id
from .harness import BotProcess, World
from .test_full_game import set_seed

AWAY = "is away until <t:"


async def game(bot: BotProcess, game_id: int) -> GameInfo:
    async with Storage(bot.database) as storage:
        return await GameService(storage).game(game_id)


def away_lines(standin: StandIn, table: Table) -> list[Message]:
    return [m for m in standin.messages_in(table.channel) if AWAY in m.content]


async def test_away_lets_the_ai_play_a_members_turns_in_two_games_until_they_click(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    ann, bob = world.ann, world.bob
    bot = make_bot(GAH_REMINDER_POLL_SECONDS="0.25")
    await bot.start()
    second = standin.create_channel(world.guild, "games2")
    tables = [Table(standin, dataclasses.replace(world, channel=channel), {ann.id: ann, bob.id: bob},
                    random.Random(seed), bot=bot) for channel, seed in ((world.channel, 5), (second, 6))]
    for table in tables:
        table.QUIET_TURNS = True  # an away member is named without a mention
    first_posts = []
    for game_id, table in enumerate(tables, start=1):
        lobby = await table.open_lobby(ann, [bob], [])
        if game_id == 2:
            menu = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "reminder")
            await (await table.pick(ann, lobby, menu["custom_id"], "clocklevel:random")).reply(timeout=20)
            await standin.wait_for(lambda lobby=lobby: "Turn clock: off." in str(lobby.embeds) or None, timeout=20,
                                   what="the redrawn lobby")
        await set_seed(bot.database, game_id, ann.id, 30 + game_id)
        first_posts.append(await table.start(ann, lobby))

    # bad and empty uses answer privately and change nothing
    shown = await tables[0].answer(await tables[0].command(bob, "gah away"))
    assert shown.ephemeral_for == bob.id and shown.content.startswith("You are not away."), shown.content
    floor = {t.channel.id: standin.messages_in(t.channel)[-1].id for t in tables}
    done = await tables[0].answer(await tables[0].command(bob, "gah away", days=3))
    assert done.ephemeral_for == bob.id and "2 running games now" in done.content, done.content
    assert "nobody is pinged for you" in done.content and "any game's button or menu" in done.content

    # in both games bob's turns are played at once by the game's AI; ann plays hers
    levels = {1: "ai:greedy", 2: "ai:random"}
    for game_id, (table, post) in enumerate(zip(tables, first_posts, strict=True), start=1):
        seen = 0
        for _ in range(40):
            if seen >= 2:
                break
            info = await game(bot, game_id)
            if info.current_user == ann.id:
                post = await table.next_post(after_version=info.version - 1)
                last = await table.play_panel(ann, await table.open_panel(ann, post))
                assert last is not None
                continue
            await standin.wait_for(lambda t=table, n=seen: len(away_lines(standin, t)) > n or None, timeout=30,
                                   what=f"bob's turn played by the AI in game {game_id}")
            seen = len(away_lines(standin, table))
        assert seen >= 2, f"game {game_id}: bob's turns were not played"
        line = away_lines(standin, table)[0]
        assert line.content.startswith("bob is away until <t:") and "the AI plays their turns." in line.content
        async with Storage(bot.database) as storage:
            log = await GameService(storage).history(game_id)
        bobs_seat = next(s.position for s in (await game(bot, game_id)).seats if s.user_id == bob.id)
        played = [m for m in log if m.seat == bobs_seat and m.actor.startswith("ai:")]
        assert played and {m.actor for m in played} == {levels[game_id]}, {m.actor for m in played}
        assert all(s.ai_level is None for s in (await game(bot, game_id)).seats), "the seats stay the players'"
    for table in tables:
        later = [m for m in standin.messages_in(table.channel) if m.id > floor[table.channel.id]]
        assert later and all(bob.id not in m.pings.user_ids for m in later), [m.content for m in later]
    assert not bob.dms(), [m.content for m in bob.dms()]

    # bob clicks Score on a turn post: his away time ends; his next turn waits for him and pings him
    table = tables[0]
    latest = table.posts()[-1]
    await (await table.click(bob, latest, label="Score")).reply(timeout=20)
    async def back() -> bool | None:  # the bot ends it right after answering the click
        async with Storage(bot.database) as storage:
            return await GameService(storage).away_until(bob.id) is None or None
    for _ in range(100):
        if await back():
            break
        await asyncio.sleep(0.1)
    assert await back(), "a click ends the away time"
    lines = len(away_lines(standin, table))
    for _ in range(20):
        info = await game(bot, 1)
        if info.current_user == bob.id:
            break
        post = await table.next_post(after_version=info.version - 1)
        last = await table.play_panel(ann, await table.open_panel(ann, post))
        assert last is not None
    assert info.current_user == bob.id, info
    post = await table.next_post(after_version=info.version - 1)
    assert bob.id in post.pings.user_ids, post.content
    await asyncio.sleep(3.0)
    assert len(away_lines(standin, table)) == lines and (await game(bot, 1)).version == info.version

    # away for a day, then back by command
    again = await table.answer(await table.command(bob, "gah away", days=1))
    assert again.ephemeral_for == bob.id and "(1 day)" in again.content and "2 running games now" in again.content, \
        again.content
    back = await table.answer(await table.command(bob, "gah away", days=0))
    assert back.ephemeral_for == bob.id and back.content == "Welcome back: you play your own turns again.", back
    standin.assert_no_violations()
