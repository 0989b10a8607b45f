"""Issue 53 item 1, `/gah games`: ann has three open games in two channels and a thread (a solo game of Grand Austria
Hotel in a thread of #games, an Overbooking game with bob in #games, a solo game in #games2), bob a lobby of his own
in #games3. ann's list (private, one message) names each of her games with its id, its channel or thread as a
mention, whose turn it is ("your turn" first), since when it waits, and a jump link that resolves to the game's
newest post among the stand-in's stored messages; `/overbooking games` lists the same; bob sees only his; with
`everyone:True` ann sees bob's lobby too, but not his lobby in a channel she may not see. With twelve games the
list pages (Previous, Next, a counter), and a Next whose page is gone (lobbies cancelled meanwhile) is answered
privately, the message left as it was."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Channel, Message, StandIn

from .driver import RESPONSE_TIMEOUT, Table, parse_id
from .harness import BotProcess, World
from .overbooking_driver import OverbookingTable
from .test_threads import choose_thread, thread_of

LINE = re.compile(r"\*\*(?P<title>[^*]+)\*\*, game (?P<game>\d+), in <#(?P<where>\d+)>: (?P<turn>.+?), waiting since "
                  r"<t:(?P<since>\d+):R> - latest post: https://discord\.com/channels/(?P<guild>\d+)/(?P<channel>\d+)/"
                  r"(?P<message>\d+)$")


def game_of(message: Message) -> int | None:
    """The game a message of the bot belongs to, read from its components' custom_ids (None without any)."""
    for component in [*message.buttons(), *message.selects()]:
        try:
            return parse_id(component["custom_id"])[0]
        except (ValueError, IndexError):
            continue
    return None


def lines_of(message: Message) -> dict[int, re.Match[str]]:
    """The games a list message names, by game id, in its order."""
    found = {int(m["game"]): m for m in (LINE.fullmatch(line) for line in message.content.splitlines()) if m}
    assert len(found) == len([line for line in message.content.splitlines() if "game " in line]), message.content
    return found


async def ask(table: Table, actor: Actor, command: str = "gah games", **options: object) -> Message:
    """Run a games command; its answer must be one private message that pings nobody."""
    answer = await table.answer(await table.command(actor, command, **options))
    assert answer.ephemeral_for == actor.id and not answer.pings.user_ids, answer
    return answer


def check_links(standin: StandIn, listed: dict[int, re.Match[str]], guild_id: int,
                channels: dict[int, Channel]) -> None:
    """Every jump link points into this server, at the listed channel, to the newest message there of that game."""
    for game, line in listed.items():
        assert int(line["guild"]) == guild_id and line["channel"] == line["where"], line.group(0)
        channel = channels[int(line["channel"])]
        own = [m for m in standin.messages_in(channel) if m.author.id == standin.bot.id and game_of(m) == game]
        assert own, f"no message of game {game} in {channel.name}"
        assert int(line["message"]) == own[-1].id, (game, line.group(0), [m.id for m in own])


async def test_games_lists_a_members_games_with_jump_links(standin: StandIn, world: World,
                                                           make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot(GAH_MAX_GAMES_PER_USER="20")
    await bot.start()
    ann, bob, guild, games_channel = world.ann, world.bob, world.guild, world.channel
    second = standin.create_channel(guild, "games2")
    third = standin.create_channel(guild, "games3")

    def table_in(channel: Channel, players: list[Actor], seed: int) -> Table:
        return Table(standin, dataclasses.replace(world, channel=channel), {p.id: p for p in players},
                     random.Random(seed), bot=bot)

    # game 1: ann alone, in a thread of #games; she plays a little, so its newest post is not its first
    here = table_in(games_channel, [ann], 1)
    lobby = await here.open_lobby(ann, [], [])
    await choose_thread(here, ann, lobby)
    await (await here.press_start(ann, lobby)).reply(timeout=RESPONSE_TIMEOUT)
    await standin.wait_for(lambda: any(t.id == lobby.id for t in standin.threads_of(games_channel)) or None,
                           timeout=RESPONSE_TIMEOUT, what="the thread of game 1")  # made after Start's answer
    thread = thread_of(standin, games_channel, lobby)
    in_thread = table_in(thread, [ann], 1)
    await in_thread.play_decisions(await in_thread.next_post(after_version=-1), 3)
    # game 2: Overbooking, ann and bob, in #games itself
    overbooking = OverbookingTable(standin, world, {ann.id: ann, bob.id: bob}, random.Random(2), bot=bot)
    overbooking_post = await overbooking.start(ann, await overbooking.open_lobby(ann, [bob], []))
    # game 3: ann alone in #games2; game 4: bob's lobby in #games3
    solo = table_in(second, [ann], 3)
    await solo.start(ann, await solo.open_lobby(ann, [], []))
    await table_in(third, [bob], 4).open_lobby(bob, [], [])
    channels = {c.id: c for c in (games_channel, second, third, thread)}

    answer = await ask(solo, ann)
    listed = lines_of(answer)
    assert list(listed) != [] and set(listed) == {1, 2, 3}, answer.content
    assert answer.content.startswith("**Your open games on this server (3)**"), answer.content
    assert {g: int(m["where"]) for g, m in listed.items()} == {1: thread.id, 2: games_channel.id, 3: second.id}
    assert {g: m["title"] for g, m in listed.items()} == {1: "Grand Austria Hotel", 2: "Overbooking",
                                                          3: "Grand Austria Hotel"}
    check_links(standin, listed, guild.id, channels)
    ann_on_turn = overbooking.on_turn(overbooking_post) is ann
    turns = {g: m["turn"] for g, m in listed.items()}
    assert turns == {1: "**your turn**", 2: "**your turn**" if ann_on_turn else "bob's turn", 3: "**your turn**"}
    order = [m["turn"] == "**your turn**" for m in listed.values()]
    assert order == sorted(order, reverse=True), "the games where it is ann's turn come first"
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        updated = {g: int((await service.game(g)).updated_at) for g in listed}
    assert {g: int(m["since"]) for g, m in listed.items()} == updated

    # the same list under /overbooking; bob sees his two; everyone:True adds bob's lobby to ann's
    assert lines_of(await ask(solo, ann, "overbooking games")).keys() == listed.keys()
    bobs = lines_of(await ask(solo, bob))
    assert set(bobs) == {2, 4} and bobs[2]["turn"] == ("ann's turn" if ann_on_turn else "**your turn**"), bobs
    check_links(standin, bobs, guild.id, channels)
    everyone = await ask(solo, ann, everyone=True)
    every = lines_of(everyone)
    assert set(every) == {1, 2, 3, 4} and every[4]["turn"] == "lobby: waiting to start", everyone.content
    assert everyone.content.startswith("**Open games on this server (4)**"), everyone.content
    check_links(standin, every, guild.id, channels)
    # a game in a channel ann may not see stays out of her everyone list (bob, who plays there, sees it)
    hidden = standin.create_channel(guild, "bobs-room", private_to=[bob])
    await table_in(hidden, [bob], 5).open_lobby(bob, [], [])
    assert set(lines_of(await ask(solo, ann, everyone=True))) == {1, 2, 3, 4}
    assert set(lines_of(await ask(solo, bob, everyone=True))) == {1, 2, 3, 4, 5}

    # twelve games: two pages, turned in place
    for n in range(9):
        extra = standin.create_channel(guild, f"extra{n}")
        channels[extra.id] = extra
        await table_in(extra, [ann], 10 + n).open_lobby(ann, [], [])
    paged = await ask(solo, ann)
    first = lines_of(paged)
    assert 1 <= len(first) <= 10 and len(paged.content) <= 2000, paged.content
    assert paged.content.endswith("(page 1 of 2)"), paged.content
    assert [b["label"] for b in paged.buttons()] == ["Previous", "Page 1 of 2", "Next"]
    assert [bool(b.get("disabled")) for b in paged.buttons()] == [True, True, False]
    turned = await ann.click(paged, label="Next")
    await standin.wait_for(lambda: "(page 2 of 2)" in paged.content or None, timeout=RESPONSE_TIMEOUT,
                           what="page 2 of the games list")
    assert turned.response_type == 7, "the page turns in the same message"
    second_page = lines_of(paged)
    assert len(first) + len(second_page) == 12 and not set(first) & set(second_page), paged.content
    assert set(first) | set(second_page) == {1, 2, 3} | set(range(6, 15))
    check_links(standin, {**first, **second_page}, guild.id, channels)
    await ann.click(paged, label="Previous")
    await standin.wait_for(lambda: "(page 1 of 2)" in paged.content or None, timeout=RESPONSE_TIMEOUT,
                           what="page 1 again")

    # the extra lobbies cancelled: the list has one page now, and Next (to page 2) is answered privately
    for n in range(9):
        extra = next(c for c in channels.values() if c.name == f"extra{n}")
        cancelled = await table_in(extra, [ann], 0).answer(await table_in(extra, [ann], 0).command(ann, "gah cancel"))
        assert "cancelled" in cancelled.content.lower(), cancelled.content
    shown, edits = paged.content, paged.edit_count
    stale = await ann.click(paged, label="Next")
    gone = await stale.reply(timeout=RESPONSE_TIMEOUT)
    assert gone.ephemeral_for == ann.id and "does not exist any more" in gone.content, gone.content
    assert paged.content == shown and paged.edit_count == edits, "the list message stays as it was"
    standin.assert_no_violations()
