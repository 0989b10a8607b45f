"""Issue 6: refusals. A user who is not seated, a player out of turn, a stale panel and forged custom_ids are each
answered ephemerally (only that user sees the answer), and nothing changes: the game's version stays, and no
public message is posted or edited."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Awaitable, Callable
from typing import Any

from tests.discord_standin import Actor, Interaction, Message, StandIn

from .driver import Table, game_version, message_version
from .harness import BotProcess, World
from .test_full_game import set_seed


async def refused(table: Table, bot: BotProcess, actor: Actor, act: Callable[[], Awaitable[Interaction]],
                  *expected: str) -> str:
    """Run `act`; its answer must be ephemeral for `actor` and contain one of `expected`; the game version and
    every public message must stay as they were. Returns the answer's text."""
    version = await game_version(bot.database)
    public = table.public_snapshot()
    interaction = await act()
    message = await table.answer(interaction)
    assert message.ephemeral_for == actor.id, f"the refusal is public: {message.content!r}"
    assert any(text in message.content for text in expected), (message.content, expected)
    assert await game_version(bot.database) == version, f"a refusal changed the game: {message.content!r}"
    assert table.public_snapshot() == public, f"a refusal changed a public message: {message.content!r}"
    print("REFUSED", actor.user.username, repr(message.content[:150]))
    return message.content


async def test_refusals_are_ephemeral_and_change_nothing(standin: StandIn, world: World, bot: BotProcess) -> None:
    table = Table(standin, world, {world.ann.id: world.ann, world.bob.id: world.bob}, random.Random(5), bot=bot)
    ann, bob, watcher = world.ann, world.bob, world.watcher
    lobby = await table.open_lobby(ann, [bob], ["random"])

    # the lobby: only the host starts, cancels, adds AIs and sets options; only seated users leave
    await refused(table, bot, watcher, lambda: table.click(watcher, lobby, label="Start"), "Only the host")
    await refused(table, bot, bob, lambda: table.click(bob, lobby, label="Cancel"), "Only the host")
    await refused(table, bot, watcher, lambda: table.click(watcher, lobby, label="Leave"), "not in this game")
    await refused(table, bot, bob, lambda: table.click(bob, lobby, label="Options"), "Only the host")
    ai_select = next(s["custom_id"] for s in lobby.selects())
    await refused(table, bot, watcher, lambda: table.pick(watcher, lobby, ai_select, "random"), "Only the host")
    await refused(table, bot, bob, lambda: table.click(bob, lobby, label="Join"), "already in this game")

    await set_seed(bot.database, 1, ann.id, 11)
    post = await table.start(ann, lobby)
    on_turn = table.on_turn(post)
    other = bob if on_turn is ann else ann
    version = message_version(post)

    # not seated: no panel, no hand; out of turn: no panel
    await refused(table, bot, watcher, lambda: table.click(watcher, post, label="Take my turn"),
                  "You are not playing in this game")
    await refused(table, bot, watcher, lambda: table.click(watcher, post, label="My hand"), "not playing")
    await refused(table, bot, other, lambda: table.click(other, post, label="Take my turn"),
                  f"It is {on_turn.user.username}'s turn, not yours")
    await refused(table, bot, watcher, lambda: table.command(watcher, "gah skip"), "Only the host")
    await refused(table, bot, watcher, lambda: table.command(watcher, "gah ai", player=on_turn), "Only the host")
    await refused(table, bot, watcher, lambda: table.command(watcher, "gah takeback"), "not in this game")
    await refused(table, bot, bob, lambda: table.command(bob, "gah cancel"), "Only the host")

    # forged custom_ids: unknown game, a panel action on a public post, a component the message does not carry,
    # malformed ids, a select pick nobody offered
    forged = [
        ("gah:999:1:act:0", None),
        (f"gah:1:{version}:act:0", None),
        (f"gah:1:{version}:confirmundo:1", None),
        (f"gah:1:{version}:start:", None),
        ("gah:1:x:act:0", None),
        ("gah:1:1:act:0:extra", None),
        ("not-ours", None),
        (f"gah:1:{version}:pick:0-0", ["0"]),
        (f"gah:1:{version}:hotel:", ["0"]),
    ]
    for custom_id, values in forged:
        for actor in (watcher, on_turn):
            await refused(table, bot, actor, functools.partial(table.forge, actor, post, custom_id, values=values),
                          "not one I know", "not valid", "not your turn panel", "does not exist")

    # a tampered copy of the turn post that does carry panel components: the bot refuses panel actions from a
    # public message (it would otherwise edit the public post)
    for custom_id, values in ((f"gah:1:{version}:act:0", None), (f"gah:1:{version}:pick:0-0", ["0"]),
                              (f"gah:1:{version}:refresh:", None), (f"gah:1:{version}:act:x", None)):
        tampered = carrying(post, custom_id, select=values is not None)
        for actor in (watcher, on_turn):
            await refused(table, bot, actor, functools.partial(table.forge, actor, tampered, custom_id, values=values),
                          "not your turn panel")

    # a stale panel: the player opens two panels and plays the second to the end of the turn (and its turn post
    # is out); the first one is out of date
    old_panel = await table.open_panel(on_turn, post)
    panel = await table.open_panel(on_turn, post)
    last = await table.play_panel(on_turn, panel)
    assert last is not None
    await table.next_post(after_version=last)
    assert await game_version(bot.database) > version
    stale = table.choose(old_panel)
    assert stale is not None
    stale_kind, stale_id, stale_value = stale
    text = await refused(
        table, bot, on_turn,
        (lambda: table.pick(on_turn, old_panel, stale_id, stale_value or "")) if stale_kind == "pick"
        else (lambda: table.click(on_turn, old_panel, custom_id=stale_id)),
        "out of date")
    assert old_panel.ephemeral_for == on_turn.id

    # the other player's own panel cannot be clicked by anyone else: the stand-in (like Discord) shows it only to
    # its owner; and a panel component forged onto a public post is refused (above)
    assert all(m.ephemeral_for in (None, on_turn.id) for m in on_turn.sees(world.channel))
    assert not [m for m in watcher.sees(world.channel) if m.ephemeral_for not in (None, watcher.id)]
    assert text
    standin.assert_no_violations()


def carrying(message: Message, custom_id: str, *, select: bool) -> Message:
    """A copy of `message` whose components also hold a button (or select) with `custom_id`."""
    component: dict[str, Any] = (
        {"type": 3, "custom_id": custom_id, "options": [{"label": "forged", "value": "0"}]} if select
        else {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id})
    return dataclasses.replace(message, components=[*message.components, {"type": 1, "components": [component]}])

