"""Issue 51 item 8: forged clicks on components that the bot answers by updating the clicked message (interaction
response type 7, or a deferred update followed by an edit). On Discord that edit changes the stored message for
everyone who sees it, also when the click came from a tampered client that put the component on another message;
the stand-in does the same (it applies the update to the stored message, not to the tampered copy).

Every such component, and where it may act:

| component | answered by | may act on |
| --- | --- | --- |
| rules pages `rules:<game>:<page>:prev/at/next` (both games) | `edit_message` | the clicker's own rules message |
| panel `act`, `pick`, `picks`, `page`, `refresh`, `quick`, `goto`, `undo`, `confirmundo` | update / edit | the clicker's own panel |
| log pages `logpage` | `edit_message` | the clicker's own log message |
| host's option menus `option` | `edit_message` | the host's own options message |
| lobby `join`, `leave`, `cancel`, `start`, `ailevel`, `reminder`, `onleave` | edit | the game's lobby message |
| a stale lobby click (any lobby verb) | redraws the message | the game's lobby message |

Every other component answers with a new (ephemeral) message. Each test forges the components onto public
messages (a lobby, a turn post) and onto another member's private message, and checks that each is refused
privately and that no message changes.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from tests.discord_standin import Actor, Message, StandIn

from .driver import Table, message_version, parse_id
from .harness import BotProcess, World
from .test_forged import NOT_A_PANEL, NOT_YOURS, Payload, click, public, send
from .test_full_game import set_seed

RULES_ONLY_YOURS = "rules message that only you see"
"""The refusal of a rules page button on a message that is not the clicker's own rules message."""


def frozen(message: Message) -> tuple[int, str, str, str]:
    """What a forged click must not change on a message: its edit count, content, embeds and components."""
    return (message.edit_count, message.content, str(message.embeds), str(message.components))


async def refused(standin: StandIn, payloads: list[Payload], watched: list[Message],
                  channels: list[Any]) -> None:
    """Send each payload one by one: each must be answered privately with one of its phrases, and neither a public
    message of `channels` nor a message of `watched` (private ones) may change."""
    shown = public(standin, channels)
    kept = {message.id: frozen(message) for message in watched}
    for payload in payloads:
        await send(standin, payload)
        assert public(standin, channels) == shown, f"{payload.what} changed a public message"
        for message in watched:
            assert frozen(message) == kept[message.id], f"{payload.what} changed message {message.id}"


def rules_ids(game: str) -> list[str]:
    """Rules page button custom_ids of `game`'s group: each role, on the first pages."""
    return [f"rules:{game}:{page}:{role}" for page in (1, 2, 3) for role in ("prev", "at", "next")]


async def test_forged_rules_buttons_turn_no_message_but_the_clickers_own_rules(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    """Rules page buttons of both games forged onto a lobby of each game, a turn post, another member's turn panel
    and another member's rules message (with its real buttons): each is refused privately, nothing changes; the
    clicker's own rules message still turns its pages."""
    bot = make_bot()
    await bot.start()
    ann, bob, watcher = world.ann, world.bob, world.watcher
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(51), bot=bot)
    lounge = standin.create_channel(world.guild, "lounge")
    overbooking_lobby = await Table(standin, dataclasses.replace(world, channel=lounge), {ann.id: ann},
                                    random.Random(52), bot=bot).open_lobby(ann, [], [], command="overbooking new")
    lobby = await table.open_lobby(ann, [bob], [])
    forged_ids = rules_ids("gah") + rules_ids("overbooking")
    actors = (ann, bob, watcher)
    payloads = [click(f"{custom_id} on the lobby by {actor.user.username}", actor, world.channel, lobby, custom_id,
                      None, (RULES_ONLY_YOURS,)) for custom_id in forged_ids for actor in actors]
    payloads += [click(f"{custom_id} on the Overbooking lobby by {actor.user.username}", actor, lounge,
                       overbooking_lobby, custom_id, None, (RULES_ONLY_YOURS,))
                 for custom_id in forged_ids for actor in actors]
    await refused(standin, payloads, [lobby, overbooking_lobby], [world.channel, lounge])

    await set_seed(bot.database, 1, ann.id, 51)
    post = await table.start(ann, lobby)
    on_turn = table.on_turn(post)
    panel = await table.open_panel(on_turn, post)
    others_rules = await table.answer(await table.command(bob, "gah rules"))
    assert others_rules.ephemeral_for == bob.id and others_rules.buttons(), others_rules.content
    payloads = [click(f"{custom_id} on the turn post by {actor.user.username}", actor, world.channel, post, custom_id,
                      None, (RULES_ONLY_YOURS,)) for custom_id in forged_ids for actor in actors]
    payloads += [click(f"{custom_id} on {on_turn.user.username}'s panel by {actor.user.username}", actor,
                       world.channel, panel, custom_id, None, (NOT_YOURS,))
                 for custom_id in forged_ids[:9] for actor in actors if actor is not on_turn]
    payloads += [click(f"bob's own rules button {b['custom_id']} by {actor.user.username}", actor, world.channel,
                       others_rules, str(b["custom_id"]), None, (NOT_YOURS,), tamper=False)
                 for b in others_rules.buttons() for actor in (ann, watcher)]
    await refused(standin, payloads, [post, panel, others_rules], [world.channel, lounge])

    # the clicker's own rules message still turns its pages in place
    turned = await table.answer(await table.answered(bob.click(others_rules, label="Next")))
    assert turned.id == others_rules.id and turned.content.endswith("(page 2 of 7)"), turned.content
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()
