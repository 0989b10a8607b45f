"""Games played in a thread of their lobby message (issue 42 item 12; `bot.host.threads`): the "play_in_thread" lobby
option, a start that moves the game to its thread in the same transaction (the thread's commands find the game,
the parent channel is free for its next lobby, the thread keeps the parent's reminder interval), the parent
remembered, and a channel's thread games listed; on both databases."""

from __future__ import annotations

import dataclasses

import discord
import pytest

from bot.host import threads
from bot.host.service import GameInfo, GameNotActive, GameService, LobbyError, NoGameHere, NotHost
from tests.bot.helpers import BOB, CY, GUILD, HOST, lobby, started

PARENT = 500
THREAD = 9001
SECOND_THREAD = 9002
OTHER_CHANNEL = 600


async def test_the_thread_option_is_a_lobby_option(service: GameService) -> None:
    game = await lobby(service, play_in_thread=True)
    assert game.options["play_in_thread"] is True
    game = await service.set_options(game.id, HOST, {"play_in_thread": False})
    assert game.options["play_in_thread"] is False
    with pytest.raises(LobbyError, match="play_in_thread is one of False, True"):
        await service.set_options(game.id, HOST, {"play_in_thread": "yes"})


async def test_a_start_with_a_thread_moves_the_game_there_and_frees_the_channel(service: GameService) -> None:
    game = await lobby(service, play_in_thread=True, seed=7)
    await service.set_reminder_interval(PARENT, GUILD, HOST, 3600)
    result = await service.start(game.id, HOST, thread_id=THREAD)
    assert result.game.channel_id == THREAD and result.game.status == "active"
    assert (await service.game(game.id)).channel_id == THREAD
    assert (await service.game_in_channel(THREAD)).id == game.id
    with pytest.raises(NoGameHere):
        await service.game_in_channel(PARENT)
    assert await service.thread_parent(game.id) == PARENT
    assert (await service.channel_settings(THREAD)).reminder_seconds == 3600
    assert result.game.state is not None and result.game.options["play_in_thread"] is True  # the engine never sees it

    # the parent channel takes another game, itself played in a thread; both are listed
    second = await service.create(guild_id=GUILD, channel_id=PARENT, host_id=BOB, host_name="Bob",
                                  options={"play_in_thread": True})
    await service.add_ai(second.id, BOB)
    await service.start(second.id, BOB, thread_id=SECOND_THREAD)
    assert await service.thread_games(PARENT) == [(game.id, THREAD), (second.id, SECOND_THREAD)]
    assert await service.thread_games(THREAD) == []
    await service.cancel(second.id, BOB)
    assert await service.thread_games(PARENT) == [(game.id, THREAD)]


async def test_a_thread_game_starts_in_a_channel_whose_reminder_interval_was_never_set(service: GameService) -> None:
    """Issue 51 item 1: the parent has no settings row (every new channel); the thread gets none either and has the
    same default interval."""
    game = await lobby(service, play_in_thread=True, seed=7)
    result = await service.start(game.id, HOST, thread_id=THREAD)
    assert result.game.channel_id == THREAD and result.game.status == "active"
    default = await service.channel_settings(PARENT)
    assert default.updated_by is None
    assert await service.channel_settings(THREAD) == dataclasses.replace(default, channel_id=THREAD)


async def test_a_start_without_a_thread_stays_in_the_channel(service: GameService) -> None:
    game = await lobby(service, play_in_thread=True, seed=7)
    result = await service.start(game.id, HOST)
    assert result.game.channel_id == PARENT and await service.thread_parent(game.id) is None
    assert await service.thread_games(PARENT) == []


def test_the_thread_texts_read_as_sentences() -> None:
    """The fallback names what is missing (one permission, or two with "permissions"); the thread's name and the
    channel's result line name the game."""
    none = discord.Permissions.none()
    assert threads.lacking(none) == ["Create Public Threads", "Send Messages in Threads"]
    assert threads.lacking(discord.Permissions(create_public_threads=True)) == ["Send Messages in Threads"]
    assert threads.lacking(discord.Permissions(create_public_threads=True, send_messages_in_threads=True)) == []
    two = threads.fallback_note(threads.lacking(none))
    assert "I lack the Create Public Threads and Send Messages in Threads permissions in this channel." in two
    one = threads.fallback_note(["Create Public Threads"])
    assert "I lack the Create Public Threads permission in this channel. So the game is played here" in one
    info = GameInfo(id=7, guild_id=GUILD, channel_id=THREAD, host_id=HOST, status="finished", version=3, options={},
                    engine_version="1", seats=(), state=None, created_at=0.0, updated_at=0.0, kind="gah")
    assert threads.thread_name(info) == "Grand Austria Hotel, game 7"
    assert threads.result_text(info, THREAD, "Winner: **ann**\n1. ann: 80 VP") == (
        f"The game of Grand Austria Hotel in <#{THREAD}> (game 7) is over.\nWinner: **ann**\n1. ann: 80 VP")


@pytest.mark.parametrize(("humans", "modules", "refused"), [
    (1, ["start_player"], "cannot be played solo"),
    (1, ["celebrities", "start_player"], "cannot be played solo"),
    (1, [], None),
    (2, ["start_player"], None),
    (1, ["celebrities", "more_objectives"], None),
])
async def test_the_start_dry_run_refuses_what_the_start_refuses_and_changes_nothing(
        service: GameService, humans: int, modules: list[str], refused: str | None) -> None:
    """Issue 51 item 1: the bot asks `check_start` before it opens a game's thread, so a start the game refuses
    leaves no thread behind; the dry run and the start agree, and the dry run changes nothing."""
    game = await lobby(service, humans, play_in_thread=True, modules=modules, seed=3)
    with pytest.raises(NotHost):
        await service.check_start(game.id, BOB)
    if refused is None:
        assert (await service.check_start(game.id, HOST)).version == game.version
        assert (await service.start(game.id, HOST, thread_id=THREAD)).game.status == "active"
        with pytest.raises(GameNotActive):
            await service.check_start(game.id, HOST)
        return
    with pytest.raises(LobbyError, match=refused):
        await service.check_start(game.id, HOST)
    assert (await service.game(game.id)).version == game.version
    with pytest.raises(LobbyError, match=refused):
        await service.start(game.id, HOST, thread_id=THREAD)
    assert await service.thread_parent(game.id) is None


async def test_a_deleted_channel_or_thread_cancels_the_games_it_took_with_it(service: GameService) -> None:
    """Issue 51 item 9: a deleted thread ends its game; a deleted channel ends its own lobby and the games played
    in its threads, not other channels' games; the cancelled games count against no cap any more."""
    first = await lobby(service, play_in_thread=True, seed=7)
    await service.start(first.id, HOST, thread_id=THREAD)
    second = await service.create(guild_id=GUILD, channel_id=PARENT, host_id=CY, host_name="Cy",
                                  options={"play_in_thread": True, "seed": 8})
    await service.add_ai(second.id, CY)
    await service.start(second.id, CY, thread_id=SECOND_THREAD)
    waiting = await service.create(guild_id=GUILD, channel_id=PARENT, host_id=CY, host_name="Cy")
    elsewhere = (await started(service, channel=OTHER_CHANNEL, seed=9)).game
    assert await open_games(service) == 4

    assert [g.id for g in await service.cancel_in_deleted(THREAD)] == [first.id]
    assert (await service.game(first.id)).status == "cancelled"
    assert await service.cancel_in_deleted(THREAD) == []  # said twice (THREAD_DELETE, then 10003): once
    assert await service.thread_games(PARENT) == [(second.id, SECOND_THREAD)]

    ended = await service.cancel_in_deleted(PARENT)
    assert sorted(g.id for g in ended) == sorted([waiting.id, second.id])
    assert all(g.status == "cancelled" for g in ended)
    assert await service.thread_games(PARENT) == []
    assert (await service.game(elsewhere.id)).status == "active"
    assert [g.id for g in await service.games(guild_id=GUILD)] == [elsewhere.id]
    assert await open_games(service) == 1  # what counts against the server's cap


async def open_games(service: GameService) -> int:
    """The server's lobbies and running games, as its cap counts them."""
    async with service.storage.reading() as tx:
        return await tx.count_open_games(guild_id=GUILD)
