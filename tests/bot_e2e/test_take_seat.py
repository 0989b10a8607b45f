"""Issue 53 item 5: newcomers take AI seats. ann plays against two random AIs; `/gah seats` shows her (privately)
the seats with *Open seat* (and *no asking*) under the AIs', and refuses bob; she opens seat 2 and seat 3 (no
asking), and the next turn post carries *Take this seat* for each. ann (seated) and a forged button from before the
opening are refused privately, and so are the host's buttons forged onto the turn post; bob (not seated) asks for
seat 2, the host is pinged on a public request, a watcher's *Confirm* is refused, ann confirms; mod takes seat 3 at
once (bob, seated now, is refused). Both play their seats, with their hands and hotels, to the final post (pinged
on their turns, their clicks logged as theirs). `/gah stats` counts the game for each with "joined in round N";
the results credit them for the seats."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, is_final_post, message_version, parse_id
from .harness import BotProcess, World
from .test_forged import click, public, send
from .test_full_game import SEED, set_seed


class SeatTable(Table):
    """A `Table` that knows a member may play a seat under its former AI's name (`names`: seat name -> player)."""

    names: dict[str, Actor]

    def on_turn(self, post: Message) -> Actor:
        next_line = post.content.partition("**Next:**")[2]
        for name, actor in getattr(self, "names", {}).items():
            if not re.search(r"<@\d+>", next_line) and next_line.strip().startswith(name):
                return actor
        return super().on_turn(post)


def newest(table: Table) -> Message:
    return max(table.posts(), key=lambda m: (message_version(m), m.id))


def take_buttons(post: Message) -> list[dict[str, object]]:
    return [b for b in post.buttons() if parse_id(str(b["custom_id"]))[2] == "takeseat"]


async def test_newcomer_takes_an_ai_seat_to_the_end(standin: StandIn, world: World,
                                                   make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot()
    await bot.start()
    ann, bob, watcher = world.ann, world.bob, world.watcher
    table = SeatTable(standin, world, {ann.id: ann}, random.Random(SEED), bot=bot, end_bias=0.5)
    mod = world.mod
    lobby = await table.open_lobby(ann, [], ["random", "random"])
    await set_seed(bot.database, 1, ann.id, SEED)
    post = await table.start(ann, lobby)

    refused = await table.answer(await table.command(bob, "gah seats"))
    assert refused.ephemeral_for == bob.id and "Only the host" in refused.content, refused.content
    seats = await table.answer(await table.command(ann, "gah seats"))
    assert seats.ephemeral_for == ann.id and "AI random" in seats.content, seats.content
    opener = next(b for b in seats.buttons() if str(b["label"]).startswith("Open seat 2:"))
    ai_name = str(opener["label"]).partition(": ")[2]
    other_name = str(next(b for b in seats.buttons() if str(b["label"]).startswith("Open seat 3:"))["label"])
    other_name = other_name.partition(": ")[2]
    edits = seats.edit_count
    await table.click(ann, seats, custom_id=str(opener["custom_id"]))
    await standin.wait_for(lambda: seats.edit_count > edits or None, timeout=20, what="the seats message redrawn")
    assert "open to newcomers" in seats.content and any(str(b["label"]).startswith("Close seat 2")
                                                        for b in seats.buttons()), seats.content
    edits = seats.edit_count
    await table.click(ann, seats, label="Open seat 3, no asking")  # seat 3: a newcomer takes it without asking
    await standin.wait_for(lambda: seats.edit_count > edits or None, timeout=20, what="the seats message redrawn")
    assert "(no asking)" in seats.content, seats.content
    async with Storage(bot.database) as storage:
        opened_at = (await GameService(storage).game(1)).version

    # the turn posts after the opening offer the seat
    while not take_buttons(post := newest(table)):
        post = await table.play_decisions(post, 1)
        assert not is_final_post(post), "no turn post offered the open seat"
    take, take_other = take_buttons(post)
    assert str(take["label"]) == f"Take this seat: {ai_name}", take
    assert str(take_other["label"]) == f"Take this seat: {other_name}", take_other

    # the host's seat buttons forged onto the public turn post: refused, nothing redrawn
    shown = public(standin, [world.channel])
    await send(standin, click("Open seat on the turn post", ann, world.channel, post, str(opener["custom_id"]),
                              expected=("host's own `/gah seats` message",)))
    await send(standin, click("Confirm on the turn post", ann, world.channel, post, f"gah:1:{message_version(post)}:"
                              f"seatok:1.{bob.id}", expected=("newest request for a seat",)))
    assert public(standin, [world.channel]) == shown

    seated = await table.answer(await table.click(ann, post, custom_id=str(take["custom_id"])))
    assert seated.ephemeral_for == ann.id and "already" in seated.content, seated.content
    old = f"gah:1:{opened_at - 1}:takeseat:1"
    stale = await table.answer(await table.forge(bob, post, old))
    assert stale.ephemeral_for == bob.id and ("not open" in stale.content or "not one I know" in stale.content)

    before = len(standin.messages_in(world.channel))
    asked = await table.click(bob, post, custom_id=str(take["custom_id"]))
    request = await table.answer(asked)
    assert request.ephemeral_for is None and "asks to take" in request.content, request.content
    assert request.pings.user_ids == [ann.id], request.pings
    await standin.wait_for(lambda: asked.followups or None, timeout=20, what="bob's private answer")
    assert asked.followups[0].ephemeral_for == bob.id and "asked the host" in asked.followups[0].content
    assert len(standin.messages_in(world.channel)) == before + 1

    edits = request.edit_count
    watched = await table.answer(await table.click(watcher, request, label="Confirm"))
    assert watched.ephemeral_for == watcher.id and "Only the host" in watched.content, watched.content
    assert request.edit_count == edits
    await table.click(ann, request, label="Confirm")
    await standin.wait_for(lambda: "now plays" in request.content or None, timeout=20, what="the confirmation")
    joined = int(re.search(r"joined in round (\d+)", request.content)[1])  # type: ignore[index]
    assert not request.buttons()
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.seats[1].user_id == bob.id and info.seats[1].ai_level is None and info.seats[1].name == ai_name

    # seat 3 was opened "no asking": mod takes it at once (bob, seated now, may not take a second seat)
    second = await table.answer(await table.click(bob, post, custom_id=str(take_other["custom_id"])))
    assert second.ephemeral_for == bob.id and "already" in second.content, second.content
    took = await table.answer(await table.click(mod, post, custom_id=str(take_other["custom_id"])))
    assert took.ephemeral_for is None and f"now plays {other_name}'s seat" in took.content, took.content
    assert took.pings.user_ids == [mod.id]
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert info.seats[2].user_id == mod.id and info.seats[2].ai_level is None
    taken_at = info.version

    # bob plays the seat to the final post
    table.players = {ann.id: ann, bob.id: bob, mod.id: mod}
    table.names = {ai_name: bob, other_name: mod}
    final = await table.play_game(newest(table))
    assert is_final_post(final)
    assert any(bob.id in p.pings.user_ids for p in table.posts() if message_version(p) > taken_at)
    async with Storage(bot.database) as storage:
        service = GameService(storage)
        history = await service.history(1)
        assert (await service.game(1)).status == "finished"
        assert (await service.check_replay(1)).ok
        results = {r.seat: r for r in await service.results(1)}
    later = [m for m in history if m.seat == 1 and m.version > taken_at]
    assert later and all(m.actor == f"user:{bob.id}" for m in later), later[:5]
    assert results[1].user_id == bob.id and results[2].user_id == mod.id, results

    stats = await table.answer(await table.command(ann, "gah stats", user=bob))
    assert stats.ephemeral_for == ann.id and "1 game" in stats.content, stats.content
    assert f"(1 joined in round {joined})" in stats.content, stats.content
    stats = await table.answer(await table.command(mod, "gah stats"))
    assert "1 game" in stats.content and "(1 joined in round" in stats.content, stats.content
    standin.assert_no_violations()
