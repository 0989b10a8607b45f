"""Issue 51 item 8: forged clicks on components that the bot answers by updating the clicked message (interaction
response type 7, or a deferred update followed by an edit). On Discord that edit changes the stored message for
everyone who sees it, also when the click came from a tampered client that put the component on another message;
the stand-in does the same (it applies the update to the stored message, not to the tampered copy).

Every such component, and where it may act:

| component | answered by | may act on |
| --- | --- | --- |
| rules pages `rules:<game>:<page>:prev/at/next` (both games) | `edit_message` | the clicker's own rules |
| panel `act`, `pick`, `picks`, `page`, `refresh`, `quick`, `goto`, `undo`, `confirmundo` | update, edit | own panel |
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

from tests.discord_standin import Actor, InteractionType, Message, StandIn

from .driver import Table, message_version, parse_id
from .harness import BotProcess, World
from .test_forged import NOT_A_PANEL, NOT_YOURS, Payload, click, public, send, snapshot
from .test_full_game import set_seed
from .test_refusals import carrying

NOT_THE_LOBBY = "belongs on the game's lobby message"
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


def with_components(message: Message, rows: list[dict[str, Any]]) -> Message:
    """A tampered copy of `message` (same id) that shows `rows` as its components."""
    return dataclasses.replace(message, components=rows)


def at_version(rows: list[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    """`rows` with every custom_id of ours rewritten to `version` (an older drawing of the same lobby)."""
    def redrawn(component: dict[str, Any]) -> dict[str, Any]:
        game, _, verb, arg = parse_id(str(component["custom_id"]))
        return {**component, "custom_id": f"gah:{game}:{version}:{verb}:{arg}"}
    return [{**row, "components": [redrawn(c) for c in row["components"]]} for row in rows]


def lobby_click(what: str, actor: Actor, channel: Any, source: Message, component: dict[str, Any],
                expected: tuple[str, ...]) -> Payload:
    """A click of a lobby `component` (a button, or a select with its first option) on the `source` message as
    it is (already tampered with)."""
    data: dict[str, Any] = {"custom_id": component["custom_id"], "component_type": component["type"]}
    if component["type"] == 3:
        data["values"] = [component["options"][0]["value"]]
    return Payload(what, actor, channel, InteractionType.MESSAGE_COMPONENT, data, source, expected)


async def test_forged_lobby_components_act_only_on_the_games_lobby_message(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    """A lobby click is answered by redrawing the clicked message (or marking it cancelled or started, or starting
    a thread from it), and a click on a lobby message that fell behind its game redraws that message. A copy of the
    old game's turn post, or of another member's private message, carrying the next lobby's whole rows of
    components (so that the click looks like one on a lobby message), or all of them at an older version: every
    lobby component clicked there is refused privately, and no message or game changes."""
    bot = make_bot()
    await bot.start()
    ann, bob, watcher, mod = world.ann, world.bob, world.watcher, world.mod
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(53), bot=bot)
    first = await table.open_lobby(ann, [bob], [])
    await set_seed(bot.database, 1, ann.id, 53)
    post = await table.start(ann, first)
    cancelled = await table.answer(await table.command(ann, "gah cancel"))
    assert "cancelled" in cancelled.content.lower(), cancelled.content
    lobby = await table.open_lobby(ann, [bob], [])  # bob's join makes an older version to forge
    version = message_version(lobby)
    assert version >= 1
    game = parse_id(lobby.components[0]["components"][0]["custom_id"])[0]
    others_rules = await table.answer(await table.command(bob, "gah rules"))
    rows = [dict(row) for row in lobby.components]
    components = [c for row in rows for c in row["components"]]
    assert {parse_id(c["custom_id"])[2] for c in components} >= {"join", "leave", "start", "cancel", "ailevel",
                                                                  "reminder", "onleave"}
    copies = {
        "the old turn post with the lobby's rows": with_components(post, [*post.components[:1], *rows[:4]]),
        "the old turn post as the lobby": with_components(post, rows),
        "the old turn post as an older lobby": with_components(post, at_version(rows, version - 1)),
        "bob's rules message as the lobby": with_components(others_rules, rows),
    }
    payloads = [lobby_click(f"{parse_id(component['custom_id'])[2]} on {where} by {actor.user.username}", actor,
                            world.channel, copy, component, (NOT_THE_LOBBY, NOT_YOURS))
                for where, copy in copies.items()
                for component in (c for row in copy.components for c in row["components"]
                                  if parse_id(str(c["custom_id"]))[0] == game
                                  and parse_id(str(c["custom_id"]))[2] != "options")
                for actor in (ann, watcher, mod)]
    state = await snapshot(bot.database, [world.channel], [ann, bob, watcher, mod])
    await refused(standin, payloads, [lobby, post, others_rules], [world.channel])
    assert await snapshot(bot.database, [world.channel], [ann, bob, watcher, mod]) == state, "a game changed"
    assert not standin.threads_of(world.channel), "a thread was started"

    # the lobby message itself still works
    joined = await table.answered(watcher.click(lobby, label="Join"))
    assert (await table.answer(joined)).id == lobby.id and watcher.mention in str(lobby.embeds)
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()


PANEL_COMPONENTS: list[tuple[str, list[str] | None]] = [
    ("act:0", None), ("pick:0-0", ["0"]), ("picks:0-0", ["0"]), ("page:1", None), ("refresh:", None),
    ("quick:1", None), ("goto:0", ["0"]), ("undo:", None), ("confirmundo:1", None), ("suggest:", None)]
"""Turn panel components (verb and argument; select values), each answered by updating the panel (*Suggest* by a
new private message, but it is a panel component all the same)."""
PRIVATE_COMPONENTS: list[tuple[str, list[str] | None, str]] = [
    ("logpage:0.f", None, "log that only you see"), ("logpage:1.n", None, "log that only you see"),
    ("option:0", ["edition.2015"], "host's own options message")]
"""Components of the other private messages that the bot updates (a log page, the host's options), with the
refusal on a public message."""


def fitting(message: Message, custom_id: str, *, select: bool) -> Message:
    """A tampered copy of `message` that also carries `custom_id`, within Discord's five rows (on a full message
    the last row gives way), so that discord.py routes the click to the bot's handlers."""
    copy = carrying(message, custom_id, select=select)
    return copy if len(copy.components) <= 5 else dataclasses.replace(copy, components=[*copy.components[:4],
                                                                                          copy.components[-1]])


def forged(what: str, actor: Actor, channel: Any, message: Message, custom_id: str, values: list[str] | None,
           expected: tuple[str, ...]) -> Payload:
    """`click` on a copy of `message` that fits Discord's rows (`fitting`)."""
    payload = click(what, actor, channel, message, custom_id, values, expected, tamper=False)
    return dataclasses.replace(payload, source=fitting(message, custom_id, select=values is not None))


async def test_forged_panel_log_and_option_components_act_only_on_the_clickers_own_message(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    """Every turn panel component, the log page buttons and the host's option menus forged onto the lobby and a turn
    post, and onto other members' private messages (the host's options message, a turn panel, a log page): each is
    refused privately (public: "not your turn panel", "log that only you see", "host's own options message";
    someone else's: "shown to someone else") and no message or game changes."""
    bot = make_bot()
    await bot.start()
    ann, bob, watcher = world.ann, world.bob, world.watcher
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(54), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    options = await table.answer(await table.click(ann, lobby, label="Options"))
    assert options.ephemeral_for == ann.id and options.selects(), options.content

    def payloads_for(where: str, message: Message, version: int, actors: tuple[Actor, ...],
                     own: bool = False) -> list[Payload]:
        """Every component forged onto `message` by each of `actors`; `own`: a private message of someone else."""
        made = [forged(f"{verb} on {where} by {actor.user.username}", actor, world.channel, message,
                       f"gah:1:{version}:{verb}", values, (NOT_YOURS,) if own else (NOT_A_PANEL,))
                for verb, values in PANEL_COMPONENTS for actor in actors]
        made += [forged(f"{verb} on {where} by {actor.user.username}", actor, world.channel, message,
                        f"gah:1:{version}:{verb}", values, (NOT_YOURS,) if own else (refusal,))
                 for verb, values, refusal in PRIVATE_COMPONENTS for actor in actors]
        return made

    version = message_version(lobby)
    payloads = payloads_for("the lobby", lobby, version, (ann, bob, watcher))
    payloads += payloads_for("ann's options message", options, version, (bob, watcher), own=True)
    payloads += [click(f"ann's own option menu {s['custom_id']} by {actor.user.username}", actor, world.channel,
                       options, str(s["custom_id"]), [s["options"][0]["value"]], (NOT_YOURS,), tamper=False)
                 for s in options.selects() for actor in (bob, watcher)]
    state = await snapshot(bot.database, [world.channel], [ann, bob, watcher])
    await refused(standin, payloads, [lobby, options], [world.channel])
    assert await snapshot(bot.database, [world.channel], [ann, bob, watcher]) == state, "the lobby changed"

    await set_seed(bot.database, 1, ann.id, 54)
    post = await table.start(ann, lobby)
    version = message_version(post)
    on_turn = table.on_turn(post)
    off_turn = bob if on_turn is ann else ann
    panel = await table.open_panel(on_turn, post)
    log_page = await table.answer(await table.click(off_turn, post, label="Log"))
    assert log_page.ephemeral_for == off_turn.id and "logpage" in {parse_id(b["custom_id"])[2]
                                                                    for b in log_page.buttons()}
    payloads = payloads_for("the turn post", post, version, (ann, bob, watcher))
    payloads += payloads_for(f"{on_turn.user.username}'s panel", panel, version, (off_turn, watcher), own=True)
    payloads += payloads_for(f"{off_turn.user.username}'s log", log_page, version, (on_turn, watcher), own=True)
    payloads += [click(f"{off_turn.user.username}'s own log button {b['custom_id']} by {actor.user.username}", actor,
                       world.channel, log_page, str(b["custom_id"]), None, (NOT_YOURS,), tamper=False)
                 for b in log_page.buttons() for actor in (on_turn, watcher)]
    state = await snapshot(bot.database, [world.channel], [ann, bob, watcher])
    await refused(standin, payloads, [post, panel, log_page], [world.channel])
    assert await snapshot(bot.database, [world.channel], [ann, bob, watcher]) == state, "the game changed"
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()
