"""Issue 51 items 6 and 7 through the real bot and the stand-in, on SQLite and on PostgreSQL (the bot's database is
this module's `bot_database`: both backends).

Item 6: the caps hold when the requests that would pass them come at once. A member at 3 of a cap of 4 sends
`/gah new` in four channels at once: one lobby opens, three are refused privately naming the cap, and only one
lobby message is posted (two members in turn). bob's `/gah ai` in three games at once with a cap of 2 games of only
AIs: two seats are handed over (announced), the third is refused privately, and nothing public is left of it.

Item 7: one member's `/gah new`s at once in one channel, and their Rematch presses at once on a final post, post one
lobby message for the one game, and the notice naming the other players once; and a lobby message Discord stored
just before the bot died is not posted again by the restarted bot when its host asks again (its nonce)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.host.service import GameService
from bot.host.storage import Storage
from tests.bot.databases import fresh_database, postgres_unreachable
from tests.discord_standin import Actor, Channel, Interaction, Message, StandIn

from .driver import RESPONSE_TIMEOUT, Table, is_final_post, verbs_or_empty
from .harness import RAISED_LIMITS, BotProcess, World
from .test_public_servers import open_in

AT_ONCE = 4
"""How many requests each race sends at once."""


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    postgres_unreachable() is not None, reason=str(postgres_unreachable())))])
async def bot_database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Path | str]:
    """The bot's database: an SQLite file, or a PostgreSQL schema of its own (dropped after the test)."""
    async with fresh_database(request.param, tmp_path) as address:
        yield address if "://" in address else Path(address)


def lobbies_in(standin: StandIn, channel: Channel) -> list[Message]:
    """Every lobby message of a channel (a message with a Join button), oldest first."""
    return [m for m in standin.messages_in(channel) if "join" in verbs_or_empty(m)]


async def first_answers(interactions: list[Interaction]) -> list[Message]:
    """Each interaction's first visible answer: its response message, its filled-in deferred message, or (after a
    public "thinking" message was withdrawn) its first follow-up."""
    answers = []
    for interaction in interactions:
        response = await interaction.response(timeout=RESPONSE_TIMEOUT)
        assert response.latency < 3, response.latency
        answers.append(await interaction.followup(0, timeout=RESPONSE_TIMEOUT) if response.type == 5
                       else await interaction.reply(timeout=RESPONSE_TIMEOUT))
    return answers


async def commands_at_once(actor: Actor, channels: list[Channel], name: str, **options: object) -> list[Message]:
    """`actor` runs slash command `name` in every channel at once; the answers, in the channels' order."""
    interactions = await asyncio.gather(*(actor.run_command(channel, name, **options) for channel in channels))
    return await first_answers(list(interactions))


async def open_games(database: Path | str, user_id: int) -> int:
    """How many lobbies and running games the member has (hosted, or a seat they play)."""
    async with Storage(database) as storage, storage.reading() as tx:
        return await tx.count_open_games(user_id=user_id)


async def test_new_games_at_once_stop_at_the_per_member_cap(standin: StandIn, world: World,
                                                            make_bot: Callable[..., BotProcess]) -> None:
    """Item 6: ann, then bob, each at 3 of a cap of 4 open games, sends `/gah new` in four channels at once."""
    bot = make_bot(GAH_MAX_GAMES_PER_USER="4", GAH_MAX_GAMES_PER_SERVER="100")
    await bot.start()
    for round_number, member in enumerate((world.ann, world.bob)):
        rooms = [standin.create_channel(world.guild, f"room{round_number}-{n}") for n in range(3 + AT_ONCE)]
        for room in rooms[:3]:
            assert "lobby is open" in (await open_in(standin, member, room)).content
        answers = await commands_at_once(member, rooms[3:], "gah new")
        assert all(a.ephemeral_for == member.id for a in answers), [a.content for a in answers]
        opened = [a for a in answers if "lobby is open" in a.content]
        refused = [a for a in answers if "You already have 4 open games" in a.content]
        assert (len(opened), len(refused)) == (1, AT_ONCE - 1), [a.content for a in answers]
        assert sum(len(lobbies_in(standin, room)) for room in rooms[3:]) == 1, "a refused /gah new posted a lobby"
        assert await open_games(bot.database, member.id) == 4
    standin.assert_no_violations()


async def test_seats_handed_to_ais_at_once_stop_at_the_cap_of_games_of_only_ais(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    """Item 6: bob plays three games against a random AI; with a cap of 2 games of only AIs, his `/gah ai` (a
    strong AI, which keeps its game running) in all three at once hands over two seats; the third is refused
    privately, and its channel shows nothing of it."""
    bot = make_bot(GAH_AI_ONLY_GAMES_PER_SERVER="2", GAH_AI_WORKERS="1")
    await bot.start()
    bob = world.bob
    rooms = [standin.create_channel(world.guild, f"ai-{n}") for n in range(3)]
    for n, room in enumerate(rooms):
        table = Table(standin, World(world.guild, room, world.moderators, world.ann, bob, world.watcher, world.mod),
                      {bob.id: bob}, random.Random(n), bot=bot)
        await table.start(bob, await table.open_lobby(bob, [], ["random"]))
    before = {room.id: len(standin.messages_in(room)) for room in rooms}
    answers = await commands_at_once(bob, rooms, "gah ai", level="strong")
    async with Storage(bot.database) as storage:
        only_ais = [await only_ais_play(storage, room.id) for room in rooms]
    assert sorted(only_ais) == [False, True, True], f"{sum(only_ais)} games of only AIs run, at most 2 may"
    handed = [a for a in answers if "now plays" in a.content]
    refused = [a for a in answers if "at most 2 such games running at a time" in a.content]
    assert (len(handed), len(refused)) == (2, 1), [a.content for a in answers]
    assert all(a.ephemeral_for is None for a in handed), "the hand-over is announced"
    assert refused[0].ephemeral_for == bob.id and "last person's seat" in refused[0].content, refused[0].content
    quiet = next(room for room, answer in zip(rooms, answers, strict=True) if answer is refused[0])
    assert len(standin.messages_in(quiet)) == before[quiet.id], "the refused /gah ai left a public message"
    standin.assert_no_violations()


async def only_ais_play(storage: Storage, channel_id: int) -> bool:
    """Whether the channel's running game is played only by AIs."""
    async with storage.reading() as tx:
        game = await tx.open_game_in_channel(channel_id)
        assert game is not None and game.status == "active"
        return all(seat.ai_level is not None for seat in await tx.seats(game.id))


@pytest.mark.parametrize("standin_config", [RAISED_LIMITS], indirect=True)  # the AIs' game to its end: not its pace
async def test_one_members_new_games_and_rematches_at_once_post_one_lobby(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess]) -> None:
    """Item 7: ann's `/gah new` four times at once in one channel: one lobby message, every answer private. Then
    ann and bob's game (their seats handed to AIs, played to the end): ann presses Rematch four times at once on
    its final post: one new lobby message, one notice naming bob."""
    bot = make_bot(GAH_AI_ONLY_TURN_SECONDS="0")
    await bot.start()
    ann, bob = world.ann, world.bob
    room = standin.create_channel(world.guild, "at-once")
    answers = await commands_at_once(ann, [room] * AT_ONCE, "gah new")
    assert all(a.ephemeral_for == ann.id for a in answers), [a.content for a in answers]
    assert all("lobby is open" in a.content or "already has a game" in a.content for a in answers), \
        [a.content for a in answers]
    await asyncio.sleep(1.0)  # a late duplicate would be posted by now
    assert len(lobbies_in(standin, room)) == 1, [m.id for m in lobbies_in(standin, room)]

    table = Table(standin, world, {ann.id: ann, bob.id: bob}, random.Random(7), bot=bot)
    await table.start(ann, await table.open_lobby(ann, [bob], []))
    for player in (ann, bob):
        said = await table.answer(await table.command(player, "gah ai"))
        assert "now plays" in said.content, said.content
    final = await standin.wait_for(
        lambda: next((m for m in standin.messages_in(world.channel) if is_final_post(m)), None),
        timeout=240, what="the final post")
    clicks = await asyncio.gather(*(ann.click(final, label="Rematch") for _ in range(AT_ONCE)))
    pressed = await first_answers(list(clicks))
    assert all(a.ephemeral_for == ann.id for a in pressed), [a.content for a in pressed]
    assert any("lobby is open" in a.content for a in pressed), [a.content for a in pressed]
    await asyncio.sleep(1.0)
    after = [m for m in lobbies_in(standin, world.channel) if m.id > final.id]
    assert len(after) == 1, f"{len(after)} lobby messages for one rematch"
    told = [m for m in standin.messages_in(world.channel) if "opened a rematch" in m.content]
    assert len(told) == 1, [m.content for m in told]
    assert bob.mention in told[0].content and not told[0].pings.user_ids, told[0].content
    standin.assert_no_violations()


async def test_a_lobby_posted_just_before_a_crash_is_not_posted_again(
        standin: StandIn, world: World, make_bot: Callable[..., BotProcess], monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 7 across a restart: the bot dies after Discord stored ann's lobby message but before the bot heard back
    (so it could not remember it). Restarted, ann's `/gah new` gets her unposted lobby back; its post carries the
    lobby's nonce, so Discord hands back the stored message: one lobby message, remembered, and bob joins on it."""
    bot = make_bot()
    await bot.start()
    messages = standin.services.messages
    create = messages.create
    cut: list[Message] = []

    def create_then_crash(ctx: Any, body: Any) -> Message:
        message = create(ctx, body)
        if not cut and "join" in verbs_or_empty(message) and bot.process is not None:
            cut.append(message)
            os.kill(bot.process.pid, signal.SIGKILL)  # before the response reaches the bot
        return message

    monkeypatch.setattr(messages, "create", create_then_crash)
    await world.ann.run_command(world.channel, "gah new")
    await standin.wait_for(lambda: cut or None, timeout=20, what="the lobby message")
    await bot.kill()
    await bot.start()
    assert "lobby is open" in (await open_in(standin, world.ann, world.channel)).content
    assert [m.id for m in lobbies_in(standin, world.channel)] == [cut[0].id], "the lobby was posted again"
    async with Storage(bot.database) as storage:
        posted = {m.purpose: m for m in await GameService(storage).messages(1)}
    assert posted["lobby"].message_id == cut[0].id, "the bot remembers the message Discord already had"
    table = Table(standin, world, {}, random.Random(8), bot=bot)
    await (await table.click(world.bob, cut[0], label="Join")).reply(timeout=RESPONSE_TIMEOUT)
    assert world.bob.mention in str(cut[0].embeds)
    standin.assert_no_violations()
