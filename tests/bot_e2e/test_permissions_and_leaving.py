"""Issue 14: the bot's channel permissions (a lobby refused with the missing permission named; a turn post Discord
refused is told to the next click and posted once the permission is back), leaving a running game, `/gah sync`
refused without Manage Server, and card lookup by part of a name."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.discord_standin import Message, Permission, StandIn, StandInConfig

from .driver import MENTION_RE, RESPONSE_TIMEOUT, Table, game_version, is_turn_post, message_version, parse_id
from .harness import BotProcess, World, refusals
from .test_full_game import set_seed
from .test_views import ephemeral_answer


@pytest.fixture
async def standin(standin_config: StandInConfig) -> AsyncIterator[StandIn]:
    """The usual stand-in, except that Discord's 403 refusals of posts are expected here (a permission is denied on
    purpose); every other refusal still fails the test."""
    server = await StandIn.start(standin_config)
    try:
        yield server
        refused = [r for r in refusals(server) if not r.startswith("403 ")]
        assert not refused, f"the stand-in refused requests of the bot: {refused}"
        unchecked = dict(server.core.schemas.unvalidated)
        assert not unchecked, f"bodies Discord's OpenAPI description has no schema for: {unchecked}"
    finally:
        await server.close()


async def games(bot: BotProcess) -> list[str]:
    """The status of every game in the bot's database."""
    async with Storage(bot.database) as storage:
        return [g.status for g in await GameService(storage).games(open_only=False)]


async def test_a_lobby_is_refused_naming_the_missing_permission(standin: StandIn, world: World,
                                                                bot: BotProcess) -> None:
    ann = world.ann
    table = Table(standin, world, {ann.id: ann}, random.Random(1), bot=bot)
    standin.set_overwrite(world.channel, standin.bot, deny=Permission.ATTACH_FILES | Permission.EMBED_LINKS)
    refusal = await ephemeral_answer(table, ann, await table.command(ann, "gah new"))
    assert "Attach Files" in refusal.content and "Embed Links" in refusal.content, refusal.content
    assert "Send Messages" not in refusal.content
    assert not standin.messages_in(world.channel), "no lobby was posted"
    assert await games(bot) == [], "no game blocks the channel"
    standin.set_overwrite(world.channel, standin.bot)  # the permissions are back: the lobby opens
    await table.open_lobby(ann, [world.bob], [])


async def test_a_refused_turn_post_is_told_and_posted_when_the_permission_is_back(standin: StandIn, world: World,
                                                                                  bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(3), end_bias=1.0, bot=bot)
    lobby = await table.open_lobby(ann, [bob], [])
    await set_seed(bot.database, 1, ann.id, 5)
    post = await table.start(ann, lobby)
    standin.set_overwrite(world.channel, standin.bot, deny=Permission.ATTACH_FILES)
    actor = table.on_turn(post)
    panel = await table.open_panel(actor, post)
    await table.play_panel(actor, panel)  # the turn passes: Discord refuses its post (403), and the retry after
    # the click that made it (that click's player is told)

    def refused_posts() -> int:
        return sum(r.status == 403 and r.route == "/channels/{channel_id}/messages" for r in standin.requests)

    await standin.wait_for(lambda: refused_posts() >= 2 or None, timeout=RESPONSE_TIMEOUT, what="the refusals")
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
    assert not [p for p in table.posts() if message_version(p) > message_version(post)], "no post got through"
    waiting = world.ann if info.current_user == ann.id else world.bob
    asked = await table.click(waiting, post, label="Take my turn")
    notice = await standin.wait_for(lambda: next((m for m in asked.followups if "could not be posted" in m.content),
                                                 None), timeout=RESPONSE_TIMEOUT, what="the notice")
    assert notice.ephemeral_for == waiting.id and "Attach Files" in notice.content, notice.content
    told = await ephemeral_answer(table, world.watcher, await table.command(world.watcher, "gah log"))
    assert "could not be posted" in told.content, "the log tells of the missing post"
    standin.set_overwrite(world.channel, standin.bot)  # the permission is back: the next click posts it
    await table.click(world.watcher, post, label="Score")
    missed = await standin.wait_for(lambda: next((p for p in table.posts() if is_turn_post(p)
                                                  and message_version(p) > message_version(post)), None),
                                    timeout=RESPONSE_TIMEOUT, what="the missing turn post")
    assert f"{actor.user.username}" in missed.content.partition("**Next:**")[0], "the missed moves are told"
    assert waiting.id in missed.pings.user_ids


async def test_leaving_a_running_game(standin: StandIn, world: World, bot: BotProcess) -> None:
    ann, bob = world.ann, world.bob
    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(4), end_bias=1.0, bot=bot)
    lobby = await table.open_lobby(ann, [bob], ["random"])
    await set_seed(bot.database, 1, ann.id, 8)
    choice = next(s for s in lobby.selects() if parse_id(s["custom_id"])[2] == "onleave")
    assert [o["value"] for o in choice["options"] if o.get("default")] == ["ai"], "an AI plays on by default"
    await table.start(ann, lobby)
    refused = await ephemeral_answer(table, world.watcher, await table.command(world.watcher, "gah leave"))
    assert "no seat" in refused.content
    await table.command(bob, "gah leave")
    said = await standin.wait_for(lambda: next((m for m in standin.messages_in(world.channel)
                                                if "left the game" in m.content), None),
                                  timeout=RESPONSE_TIMEOUT, what="the announcement")
    assert "an AI plays bob's seat" in said.content and "/gah takeback" in said.content
    assert not said.pings.user_ids
    left_at = await game_version(bot.database)
    table.players = {ann.id: ann}

    def ann_on_turn() -> Message | None:  # the newest post, once it names ann (the AI may still be playing bob's turn)
        newest = max(table.posts(), key=message_version)
        return newest if ann.id in {int(m) for m in MENTION_RE.findall(newest.content.partition("**Next:**")[2])} \
            or f"{ann.user.username} again" in newest.content else None

    newest = await standin.wait_for(ann_on_turn, timeout=RESPONSE_TIMEOUT, what="a post naming ann")
    await table.play_decisions(newest, 8)
    async with Storage(bot.database) as storage:
        info = await GameService(storage).game(1)
        bob_moves = [m for m in await GameService(storage).history(1) if m.name == "bob" and m.version > left_at]
    assert info.status == "active" and info.seats[1].ai_controlled
    assert bob_moves and all(m.actor.startswith("ai:") for m in bob_moves), bob_moves

    # the host may choose that the game ends when a player leaves
    await table.answer(await table.command(ann, "gah cancel"))
    second = await table.open_lobby(ann, [bob], [])
    choice = next(s for s in second.selects() if parse_id(s["custom_id"])[2] == "onleave")
    await table.pick(ann, second, choice["custom_id"], "end")
    await standin.wait_for(lambda: "the game ends" in str(second.embeds) or None, what="the option on the lobby")
    await (await table.click(ann, second, label="Start")).reply(timeout=RESPONSE_TIMEOUT)  # game 2 (its own versions)
    await table.command(bob, "gah leave")
    await standin.wait_for(lambda: next((m for m in standin.messages_in(world.channel)
                                         if "the game ends here" in m.content), None),
                           timeout=RESPONSE_TIMEOUT, what="the game's end")
    assert (await games(bot))[-1] == "cancelled"


async def test_sync_needs_manage_server_and_cards_are_found_by_part_of_a_name(standin: StandIn, world: World,
                                                                               bot: BotProcess) -> None:
    ann = world.ann
    table = Table(standin, world, {ann.id: ann}, random.Random(1), bot=bot)
    for member in (ann, world.mod):  # Manage Channels is not Manage Server
        refused = await ephemeral_answer(table, member, await table.command(member, "gah sync"))
        assert "Manage Server" in refused.content, refused.content
    admins = standin.create_role(world.guild, "Admins", permissions=Permission.MANAGE_GUILD)
    admin = standin.create_user("admin", guild=world.guild, roles=[admins])
    synced = await ephemeral_answer(table, admin, await table.command(admin, "gah sync"))
    assert synced.content.startswith("Synced"), synced.content

    choices = (await (await ann.autocomplete(world.channel, "gah card", "name", name="Waiter")).response()).choices
    assert choices and choices[0]["name"] == "Chief Waiter", choices
    card = await ephemeral_answer(table, ann, await table.command(ann, "gah card", name="waiter"))
    assert card.content.startswith("**Chief Waiter**"), card.content
