"""Issue 15 "done when": more than 300 forged interactions (what a tampered client could send) against three games:
game 1 running in "games", game 2 in its lobby in "other" (same server), game 3 in its lobby in "lounge" of another
server. The payloads: components of one game clicked in another channel or server, lobby clicks with a stale
version, malformed custom_ids and select values (Unicode digits, no values, 19-digit ids), clicks on another user's
turn panel, slash commands with out-of-range or wrong-typed options, users from another server, unknown commands,
and forms (modals) the bot never showed.

Every payload must get an ephemeral answer for its sender; no game, channel setting, user preference or public
message may change anywhere, the panel clicked by others keeps its content, and the bot logs no ERROR line.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Callable
from typing import Any

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Actor, Channel, InteractionType, Message, Permission, StandIn
from tests.discord_standin.payloads import user_payload

from .driver import RESPONSE_TIMEOUT, Table, message_version, parse_id, verbs
from .harness import BotProcess, World
from .test_full_game import set_seed
from .test_refusals import carrying

OTHER_CHANNEL = "another channel"
STALE = "lobby changed"
NOT_VALID = "not valid"
UNKNOWN = "not one I know"
NOT_YOURS = "shown to someone else"
NOT_A_PANEL = "not your turn panel"
FORM = "never asked for that form"
APOLOGY = "Sorry, something went wrong"


@dataclasses.dataclass
class Payload:
    """One forged interaction: who sends it where, its type and data, the message it comes from, and the phrases
    one of which the answer must contain (any answer when empty)."""

    what: str
    actor: Actor
    channel: Channel
    type: int
    data: dict[str, Any]
    source: Message | None = None
    expected: tuple[str, ...] = ()


def click(what: str, actor: Actor, channel: Channel, message: Message, custom_id: str,
          values: list[str] | None = None, expected: tuple[str, ...] = (), *, tamper: bool = True,
          component_type: int | None = None) -> Payload:
    """A forged click (or select pick with `values`) of `custom_id`; by default on a copy of `message` that
    carries the component, so it reaches the bot's component handlers."""
    kind = component_type or (2 if values is None else 3)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if values is not None:
        data["values"] = values
    source = carrying(message, custom_id, select=kind == 3) if tamper else message
    return Payload(what, actor, channel, InteractionType.MESSAGE_COMPONENT, data, source, expected)


class Commands:
    """Raw `/gah` command payloads, built by hand so that any value can be sent."""

    def __init__(self, standin: StandIn, world: World) -> None:
        registered = next(c for c in standin.commands(world.guild) if c.name == "gah")
        self.id = str(registered.id)
        self.guild_id = str(world.guild.id)

    def data(self, subcommand: str, options: list[dict[str, Any]] | None = None, *, name: str = "gah",
             resolved: dict[str, Any] | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "name": name, "type": 1, "guild_id": self.guild_id,
                                "options": [{"name": subcommand, "type": 1, "options": options or []}]}
        if resolved:
            data["resolved"] = resolved
        return data

    def option(self, subcommand: str, name: str, kind: int, value: Any) -> dict[str, Any]:
        return self.data(subcommand, [{"name": name, "type": kind, "value": value}])

    def stranger(self, subcommand: str, name: str, stranger: Actor) -> dict[str, Any]:
        """A user option naming someone who is not a member of this server (resolved as a user only)."""
        return self.data(subcommand, [{"name": name, "type": 6, "value": str(stranger.id)}],
                         resolved={"users": {str(stranger.id): user_payload(stranger.user)}})


async def snapshot(database: Any, channels: list[Channel], users: list[Actor]) -> dict[str, Any]:
    """Everything a forged payload must not change: every game (version, status, channel, seats, options), the
    channels' reminder settings and every user's notification preferences."""
    async with Storage(database) as storage:
        service = GameService(storage)
        games = {info.id: (info.version, info.status, info.channel_id, info.guild_id,
                           [(s.user_id, s.name, s.ai_controlled) for s in info.seats], sorted(info.options.items()))
                 for info in await service.games(open_only=False)}
        settings = [await service.channel_settings(channel.id) for channel in channels]
        prefs = [await service.prefs(user.id) for user in users]
    return {"games": games, "settings": settings, "prefs": prefs}


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The entries of two snapshots that differ (for a readable failure)."""
    found: list[tuple[Any, Any]] = []
    for key in before:
        old, new = before[key], after[key]
        if isinstance(old, dict):
            pairs = [(old.get(k), new.get(k)) for k in {*old, *new}]
        else:
            pairs = list(zip(old, new, strict=True))
        found += [(a, b) for a, b in pairs if a != b]
    return found


def public(standin: StandIn, channels: list[Channel]) -> dict[int, tuple[int, str, str]]:
    """Every public message of the channels with its edit count, content and components."""
    return {m.id: (m.edit_count, m.content, str(m.components)) for channel in channels
            for m in standin.messages_in(channel)}


async def send(standin: StandIn, payload: Payload) -> str:
    """Send one payload; its answer must be an ephemeral message for the sender containing an expected phrase and
    no apology for a bug. Returns the answer's text."""
    interaction = standin.services.interactions.create(type=payload.type, user=payload.actor.user,
                                                       channel=payload.channel, data=payload.data,
                                                       source_message=payload.source)
    response = await interaction.response(timeout=RESPONSE_TIMEOUT)
    assert response.type in (4, 5), f"{payload.what}: answered with type {response.type}, not a message"
    answer = await interaction.reply(timeout=RESPONSE_TIMEOUT)
    assert answer.ephemeral_for == payload.actor.id, f"{payload.what}: a public answer {answer.content!r}"
    assert answer.content and APOLOGY not in answer.content, f"{payload.what}: {answer.content!r}"
    if payload.expected:
        assert any(text in answer.content for text in payload.expected), (payload.what, answer.content)
    return answer.content


async def test_forged_interactions_change_nothing(standin: StandIn, world: World,
                                                  make_bot: Callable[..., BotProcess]) -> None:
    bot = make_bot()
    other = standin.create_channel(world.guild, "other")
    elsewhere = standin.create_guild("Elsewhere", channels=["lounge"])
    lounge = elsewhere.channel("lounge")
    foreign_mods = standin.create_role(elsewhere, "Moderator", permissions=Permission.MANAGE_CHANNELS)
    stranger = standin.create_user("stranger", guild=elsewhere)
    foreign_mod = standin.create_user("foreignmod", guild=elsewhere, roles=[foreign_mods])
    await bot.start()
    ann, bob, watcher, mod = world.ann, world.bob, world.watcher, world.mod
    players = {ann.id: ann, bob.id: bob}
    commands = Commands(standin, world)

    # game 1 runs in "games"; game 2 waits in its lobby in "other"; game 3 waits in the lobby in "lounge"
    table = Table(standin, world, players, random.Random(4), bot=bot)
    lobby1 = await table.open_lobby(ann, [bob], [])
    await set_seed(bot.database, 1, ann.id, 21)
    post = await table.start(ann, lobby1)
    on_turn = table.on_turn(post)
    off_turn = bob if on_turn is ann else ann
    panel = await table.open_panel(on_turn, post)
    assert panel.components
    lobby2 = await Table(standin, dataclasses.replace(world, channel=other), players, random.Random(5),
                         bot=bot).open_lobby(ann, [bob], [])
    opened = await send(standin, Payload("/gah new in lounge", stranger, lounge, InteractionType.APPLICATION_COMMAND,
                                         commands.data("new")))
    assert "lobby is open" in opened
    lobby3 = await standin.wait_for(lambda: next((m for m in standin.messages_in(lounge) if "join" in verbs(m)), None),
                                    timeout=RESPONSE_TIMEOUT, what="the lounge lobby")
    v1, v2 = message_version(post), message_version(lobby2)
    assert (parse_id(lobby2.components[0]["components"][0]["custom_id"])[0],
            parse_id(lobby3.components[0]["components"][0]["custom_id"])[0]) == (2, 3)

    channels = [world.channel, other, lounge]
    users = [ann, bob, watcher, mod, stranger, foreign_mod]
    payloads: list[Payload] = []

    # 1. components of game 1 and game 2 clicked in another channel of the server, or in another server
    game1 = [(f"gah:1:{v1}:{verb}:{arg}", None) for verb, arg in (
        ("turn", ""), ("hand", ""), ("hotels", ""), ("score", ""), ("log", ""), ("rematch", ""), ("undo", ""),
        ("refresh", ""), ("page", "1"), ("act", "0"), ("confirmundo", "1"))]
    game1 += [(f"gah:1:{v1}:hotel:", ["0"]), (f"gah:1:{v1}:pick:0-0", ["0"])]
    game2 = [(f"gah:2:{v2}:{verb}:", None) for verb in ("join", "leave", "options", "start", "cancel")]
    game2 += [(f"gah:2:{v2}:ailevel:", ["random"]), (f"gah:2:{v2}:reminder:", ["3600"]),
              (f"gah:2:{v2}:option:0", ["edition.2015"])]
    for custom_id, values in game1:
        for actor, channel, message in ((ann, other, lobby2), (bob, other, lobby2), (mod, other, lobby2),
                                        (watcher, other, lobby2), (stranger, lounge, lobby3),
                                        (foreign_mod, lounge, lobby3)):
            payloads.append(click(f"{custom_id} in {channel.name} by {actor.user.username}", actor, channel,
                                  message, custom_id, values, (OTHER_CHANNEL, NOT_A_PANEL)))
    for custom_id, values in game2:
        for actor, channel, message in ((ann, world.channel, post), (bob, world.channel, post),
                                        (mod, world.channel, post), (watcher, world.channel, post),
                                        (stranger, lounge, lobby3), (foreign_mod, lounge, lobby3)):
            payloads.append(click(f"{custom_id} in {channel.name} by {actor.user.username}", actor, channel,
                                  message, custom_id, values, (OTHER_CHANNEL,)))

    # 2. lobby clicks of game 2 in its own channel, with a version that is not the lobby's
    for version in (0, v2 - 1, v2 + 1, v2 + 1000):
        for custom_id, values in game2:
            stale = custom_id.replace(f"gah:2:{v2}:", f"gah:2:{version}:")
            for actor in (ann, bob, mod):
                payloads.append(click(f"stale {stale} by {actor.user.username}", actor, other, lobby2, stale, values,
                                      (STALE,)))

    # 3. malformed select values, arguments and custom_ids
    pick_id = next((s["custom_id"] for s in panel.selects()), f"gah:1:{v1}:pick:0-0")
    bad_values: list[list[str]] = [["²"], ["①"], ["٣"], ["-1"], [""], [], ["0", "1"], ["1e3"], [" 1"],
                                   ["99999999999"]]
    for values in bad_values:
        payloads.append(click(f"pick {values}", on_turn, world.channel, panel, pick_id, values, (NOT_VALID,)))
        for actor in (on_turn, watcher):
            payloads.append(click(f"hotel {values} by {actor.user.username}", actor, world.channel, post,
                                  f"gah:1:{v1}:hotel:", values, (NOT_VALID,)))
    for arg_id in ("confirmundo:0", "confirmundo:", "confirmundo:abc", "page:x", "page:-1", "act:", "act:x",
                   "act:-1", "act:99999999999"):
        payloads.append(click(f"panel {arg_id}", on_turn, world.channel, panel, f"gah:1:{v1}:{arg_id}", None,
                              (NOT_VALID,)))
    for verb, values in (("ailevel", []), ("reminder", []), ("ailevel", ["godlike"]), ("reminder", ["-5"]),
                         ("reminder", ["99999999"]), ("ailevel", ["random", "easy"])):
        for actor in (ann, bob):
            payloads.append(click(f"lobby {verb} {values} by {actor.user.username}", actor, other, lobby2,
                                  f"gah:2:{v2}:{verb}:", values, (NOT_VALID,)))
    malformed = ["gah:1234567890123456789:1:turn:", "gah:1:1234567890123:turn:", "gah:9223372036854775808:1:hand:",
                 "gah:0:1:turn:", f"gah:01:{v1}:turn:", f"gah:1:{v1}:turn", f"gah:1:{v1}:TURN:",
                 f"gah:1:{v1}:turn:\n", f"gah:1:{v1}:turn: ", "x" * 100, f"gah:1:{v1}:act:" + "a" * 41,
                 f"gah:²:{v1}:turn:", "gah:1:①:turn:", "🙂", f"gah:1:{v1}:nothing:", f"gah:1:{v1}:turn:0:0"]
    for custom_id in malformed:
        for actor in (on_turn, watcher):
            payloads.append(click(f"malformed {custom_id!r} by {actor.user.username}", actor, world.channel, post,
                                  custom_id, None, (UNKNOWN,)))
    for custom_id, kind in ((f"gah:1:{v1}:hotel:", 2), (f"gah:1:{v1}:turn:", 3), (f"gah:1:{v1}:turn:", 5),
                            (f"gah:1:{v1}:hand:", 99)):
        payloads.append(click(f"{custom_id} as component type {kind}", watcher, world.channel, post, custom_id,
                              ["0"] if kind != 2 else None, (UNKNOWN,), component_type=kind))

    # 4. the player on turn's own panel, clicked by others with its real components
    panel_components = [(b["custom_id"], None) for b in panel.buttons()]
    panel_components += [(s["custom_id"], [o["value"]]) for s in panel.selects() for o in s["options"][:3]]
    for custom_id, values in panel_components:
        for actor in (off_turn, watcher, mod):
            payloads.append(click(f"{on_turn.user.username}'s panel {custom_id} by {actor.user.username}", actor,
                                  world.channel, panel, custom_id, values, (NOT_YOURS,), tamper=False))

    # 5. slash commands with values the command does not take, users from elsewhere, unknown commands
    bad_options: list[tuple[str, str, int, Any]] = [
        *(("rules", "page", 4, value) for value in (0, 8, -1, 10**20, "three", 2.5, True, None)),
        *(("notify", "mode", 3, value) for value in ("xyz", "", 5, "DM")),
        *(("notify", "reminders", 5, value) for value in ("yes", 1)),
        *(("reminders", "hours", 10, value) for value in (1e308, -5, 1e12, 168.5, "12", True, -0.0001)),
        *(("snooze", "hours", 10, value) for value in (1e308, -5, 1e12, 0, 72.5, "1", False)),
        *(("ai", "level", 3, value) for value in ("godlike", "", 3, "RANDOM")),
        *(("card", "name", 3, value) for value in ("x" * 101, 5, "")),
    ]
    for actor in (on_turn, watcher):
        for subcommand, name, kind, value in bad_options:
            payloads.append(Payload(f"/gah {subcommand} {name}:{value!r} by {actor.user.username}", actor,
                                    world.channel, InteractionType.APPLICATION_COMMAND,
                                    commands.option(subcommand, name, kind, value)))
        for subcommand, name in (("ai", "player"), ("hotel", "player"), ("stats", "user")):
            payloads.append(Payload(f"/gah {subcommand} {name}:stranger by {actor.user.username}", actor,
                                    world.channel, InteractionType.APPLICATION_COMMAND,
                                    commands.stranger(subcommand, name, stranger), expected=("member of this server",)))
        for subcommand in ("bogus", "RULES", "admin", "new2"):
            payloads.append(Payload(f"/gah {subcommand}", actor, world.channel, InteractionType.APPLICATION_COMMAND,
                                    commands.data(subcommand), expected=("do not know that command",)))
        for name in ("gahh", "hotel", "rules"):
            payloads.append(Payload(f"/{name}", actor, world.channel, InteractionType.APPLICATION_COMMAND,
                                    commands.data("new", name=name), expected=("do not know that command",)))

    # 6. forms (modals) the bot never showed
    for custom_id in (f"gah:1:{v1}:act:0", "hotel_name", "x" * 100):
        for actor, channel, message in ((on_turn, world.channel, post), (on_turn, world.channel, None),
                                        (bob, other, lobby2), (stranger, lounge, None)):
            data = {"custom_id": custom_id,
                    "components": [{"type": 1, "components": [{"type": 4, "custom_id": "name", "value": "Sacher"}]}]}
            payloads.append(Payload(f"modal {custom_id[:30]!r} by {actor.user.username}", actor, channel,
                                    InteractionType.MODAL_SUBMIT, data, message, (FORM,)))

    assert len(payloads) >= 300, len(payloads)
    state = await snapshot(bot.database, channels, users)
    shown = public(standin, channels)
    panel_shown = (panel.edit_count, panel.content, str(panel.components))
    rng = random.Random(15)
    rng.shuffle(payloads)
    for start in range(0, len(payloads), 8):
        batch = payloads[start:start + 8]
        await asyncio.gather(*(send(standin, payload) for payload in batch))
        assert public(standin, channels) == shown, f"a public message changed after {[p.what for p in batch]}"
        assert (panel.edit_count, panel.content, str(panel.components)) == panel_shown, \
            f"{on_turn.user.username}'s panel changed after {[p.what for p in batch]}"
        if start % 64 == 0:
            now = await snapshot(bot.database, channels, users)
            assert now == state, (changes(state, now), [p.what for p in batch])
    now = await snapshot(bot.database, channels, users)
    assert now == state, changes(state, now)
    modal_lines = [line for line in bot.log_text().splitlines() if "the bot never asked for a form" in line]
    assert len(modal_lines) == sum(p.type == InteractionType.MODAL_SUBMIT for p in payloads)
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()
    print(f"{len(payloads)} forged payloads, each answered ephemerally; nothing changed")


async def test_a_forged_log_page_or_option_click_on_a_public_message_rewrites_nothing(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    """Issue 40 item 5: a log page button and an option menu are only ever on an ephemeral message, and the bot
    answers them by updating the clicked message. A forged one on a lobby or a turn post (a tampered copy carrying
    the component) would rewrite that public message for everyone (the stand-in applies an update to the stored
    message, as Discord does): each is refused ephemerally and the public message keeps its content. So is a lobby
    button of the channel's next game forged onto the old game's turn post (a lobby click redraws the clicked
    message)."""
    bot = make_bot()
    await bot.start()
    ann, bob, watcher = world.ann, world.bob, world.watcher
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(40), bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    version = message_version(lobby)
    payloads = [click(f"{what} on the lobby by {actor.user.username}", actor, world.channel, lobby,
                      f"gah:1:{version}:{verb}", values, (expected,))
                for verb, values, expected, what in (
                    ("logpage:0.f", None, "log that only you see", "log page"),
                    ("option:0", ["edition.2015"], "host's own options message", "option"))
                for actor in (ann, bob, watcher)]
    shown = public(standin, [world.channel])
    for payload in payloads:
        await send(standin, payload)
        assert public(standin, [world.channel]) == shown, f"{payload.what} changed a public message"
    assert (await snapshot(bot.database, [world.channel], [ann]))["games"][1][0] == version, "the lobby changed"

    await set_seed(bot.database, 1, ann.id, 40)
    post = await table.start(ann, lobby)
    version = message_version(post)
    shown = public(standin, [world.channel])
    for actor in (ann, bob, watcher):
        for page in ("0.f", "0.p", "1.n", "0.l"):
            payload = click(f"log page {page} on the turn post by {actor.user.username}", actor, world.channel, post,
                            f"gah:1:{version}:logpage:{page}", None, ("log that only you see",))
            await send(standin, payload)
            assert public(standin, [world.channel]) == shown, f"{payload.what} changed a public message"
    assert "logpage" not in verbs(post) and post.content == shown[post.id][1]

    # a lobby component of the next game clicked on a copy of the old game's turn post: the bot would redraw (or
    # mark cancelled) the clicked message, the old post, for everyone
    cancelled = await table.command(ann, "gah cancel")
    assert "cancelled" in (await table.answer(cancelled)).content.lower()
    lobby = await table.open_lobby(ann, [], [])
    version = message_version(lobby)
    game2 = parse_id(lobby.components[0]["components"][0]["custom_id"])[0]
    before = await snapshot(bot.database, [world.channel], [ann, bob])
    shown = public(standin, [world.channel])
    for actor, verb in ((bob, "join"), (ann, "cancel"), (ann, "start"), (bob, "leave")):
        payload = click(f"{verb} of game {game2} on the old turn post by {actor.user.username}", actor, world.channel,
                        post, f"gah:{game2}:{version}:{verb}:", None, ("belongs on the game's lobby message",))
        await send(standin, payload)
        assert public(standin, [world.channel]) == shown, f"{payload.what} changed a public message"
    assert await snapshot(bot.database, [world.channel], [ann, bob]) == before, "the lobby changed"
    assert not bot.problems(), bot.problems()
    standin.assert_no_violations()
