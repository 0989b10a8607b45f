"""Games played in a thread of their lobby message (issue 42 item 12; `bot.threads`): the "play_in_thread" lobby
option, a start that moves the game to its thread in the same transaction (the thread's commands find the game,
the parent channel is free for its next lobby, the thread keeps the parent's reminder interval), the parent
remembered, and a channel's thread games listed; on both databases."""

from __future__ import annotations

import dataclasses

import discord
import pytest

from bot import threads
from bot.service import GameInfo, GameService, LobbyError, NoGameHere
from tests.bot.helpers import BOB, GUILD, HOST, lobby

PARENT = 500
THREAD = 9001
SECOND_THREAD = 9002


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
