"""Issue 40 through the service: a solo player called like the opponent, the caps on open games, lobbies that
expire, a lobby whose message was never posted, and who may start a rematch."""

from __future__ import annotations

import random

import pytest

from bot.host.service import GameService, LobbyError, NotSeated
from bot.host.service.lobby_limits import UNPOSTED_GRACE_SECONDS, LobbyLimits
from bot.host.storage import Storage
from bot.host.texts import options_line
from tests.bot.helpers import BOB, GUILD, HOST, FakeClock, lobby, play_random

# ----- item 12: the solo opponent's name ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "modules", "opponent"), [
    ("Leopold", [], "Leopold"), ("leopold", [], "Leopold"), ("Elisabeth", ["celebrities"], "Elisabeth"),
])
async def test_a_solo_player_called_like_the_opponent_gets_a_distinct_seat_name(
        service: GameService, name: str, modules: list[str], opponent: str) -> None:
    """Issue 40 item 12 (Let's Waltz solo rules: the opponent is Leopold, or Elisabeth with module 2): the engine
    refuses a player named like the opponent, and a member cannot pick another name, so the bot names the seat
    "<name> 2" at Start and the game starts."""
    game = await service.create(guild_id=GUILD, channel_id=500, host_id=HOST, host_name=name,
                                options={"seed": 3, "modules": modules})
    result = await service.start(game.id, HOST)
    state = result.game.state
    assert state is not None and [p.name for p in state.players] == [f"{name} 2", opponent]
    assert result.game.seats[0].name == f"{name} 2" and result.game.current_user == HOST
    assert (await service.check_replay(game.id)).ok


async def test_a_solo_player_with_another_name_keeps_it(service: GameService) -> None:
    """Issue 40 item 12: only a colliding name changes."""
    game = await lobby(service, humans=1, seed=3)
    state = (await service.start(game.id, HOST)).game.state
    assert state is not None and [p.name for p in state.players] == ["Ann", "Leopold"]


async def test_a_game_of_several_players_keeps_the_name_leopold(service: GameService) -> None:
    """Issue 40 item 12: without the solo opponent, "Leopold" is an ordinary name."""
    game = await service.create(guild_id=GUILD, channel_id=500, host_id=HOST, host_name="Leopold",
                                options={"seed": 3})
    game = await service.join(game.id, BOB, "Bob")
    state = (await service.start(game.id, HOST)).game.state
    assert state is not None and [p.name for p in state.players] == ["Leopold", "Bob"]


# ----- item 3: caps and expiry ---------------------------------------------------------------------------------


async def test_a_member_may_keep_at_most_the_per_user_number_of_open_games(storage: Storage) -> None:
    """Issue 40 item 3: the per-user cap counts lobbies hosted or joined and running games; the refusal names it."""
    service = GameService(storage, clock=FakeClock())
    service.limits = LobbyLimits(per_user=2, per_server=10)
    await service.create(guild_id=GUILD, channel_id=1, host_id=HOST)
    other = await service.create(guild_id=GUILD, channel_id=2, host_id=BOB)
    await service.join(other.id, HOST)
    with pytest.raises(LobbyError, match="already have 2 open games"):
        await service.create(guild_id=GUILD, channel_id=3, host_id=HOST)
    third = await service.create(guild_id=GUILD, channel_id=3, host_id=BOB + 50)
    with pytest.raises(LobbyError, match="already have 2 open games"):
        await service.join(third.id, HOST)
    await service.leave(other.id, HOST)
    await service.create(guild_id=GUILD, channel_id=4, host_id=HOST)  # room again


async def test_a_server_may_keep_at_most_the_per_server_number_of_open_games(storage: Storage) -> None:
    """Issue 40 item 3: the per-server cap; another server is not affected."""
    service = GameService(storage, clock=FakeClock())
    service.limits = LobbyLimits(per_user=5, per_server=2)
    await service.create(guild_id=GUILD, channel_id=1, host_id=1)
    await service.create(guild_id=GUILD, channel_id=2, host_id=2)
    with pytest.raises(LobbyError, match="This server already has 2 open games"):
        await service.create(guild_id=GUILD, channel_id=3, host_id=3)
    await service.create(guild_id=GUILD + 1, channel_id=4, host_id=3)


async def test_a_lobby_nobody_changed_expires_and_frees_its_channel(storage: Storage) -> None:
    """Issue 40 item 3: after `lobby_expiry_seconds` without a change the lobby is cancelled."""
    clock = FakeClock()
    service = GameService(storage, clock=clock)
    service.limits = LobbyLimits(lobby_expiry_seconds=3600)
    old = await service.create(guild_id=GUILD, channel_id=1, host_id=HOST)
    young = await service.create(guild_id=GUILD, channel_id=2, host_id=BOB)
    clock.advance(1800)
    await service.join(young.id, HOST)
    clock.advance(1801)
    expired = await service.expire_lobbies()
    assert [game.id for game in expired] == [old.id] and expired[0].status == "cancelled"
    assert (await service.game(young.id)).status == "lobby"
    fresh = await service.create(guild_id=GUILD, channel_id=1, host_id=BOB)
    assert fresh.id != old.id


# ----- item 7: a lobby whose message was never posted -------------------------------------------------------------


async def test_an_unposted_lobby_is_given_back_to_its_host_and_replaced_for_others_after_the_grace(
        storage: Storage) -> None:
    """Issue 40 item 7: a lobby without a posted message does not block the channel."""
    clock = FakeClock()
    service = GameService(storage, clock=clock)
    stalled = await service.create(guild_id=GUILD, channel_id=1, host_id=HOST, host_name="Ann")
    again = await service.create(guild_id=GUILD, channel_id=1, host_id=HOST, host_name="Ann")
    assert again.id == stalled.id and again.status == "lobby"
    with pytest.raises(LobbyError, match="opening a game in this channel right now"):
        await service.create(guild_id=GUILD, channel_id=1, host_id=BOB)
    clock.advance(UNPOSTED_GRACE_SECONDS + 1)
    replaced = await service.create(guild_id=GUILD, channel_id=1, host_id=BOB)
    assert replaced.id != stalled.id and (await service.game(stalled.id)).status == "cancelled"
    await service.record_message(replaced.id, "lobby", 1, 999, replaced.version)
    clock.advance(UNPOSTED_GRACE_SECONDS + 1)
    with pytest.raises(LobbyError, match="already has a game"):  # a posted lobby keeps its channel
        await service.create(guild_id=GUILD, channel_id=1, host_id=HOST)


# ----- item 1: rematch ------------------------------------------------------------------------------------------


async def test_only_a_player_may_start_a_rematch_and_only_they_are_seated(service: GameService) -> None:
    """Issue 40 item 1: a watcher is refused; a player's rematch seats only them, as host."""
    game = await lobby(service, humans=2, seed=4)
    game = (await service.start(game.id, HOST)).game
    finished = await play_random(service, game, random.Random(2))
    assert finished.status == "finished"
    with pytest.raises(NotSeated, match="Only the players of this game"):
        await service.rematch(finished.id, 999)
    again = await service.rematch(finished.id, BOB, "Bob")
    assert again.host_id == BOB and [(s.user_id, s.name) for s in again.seats] == [(BOB, "Bob")]
    assert again.status == "lobby" and "seed" not in again.options


@pytest.mark.parametrize("options", [{}, {"edition": "2015", "staff_start": "draft"}])
async def test_a_rematch_lobby_names_its_options_as_the_first_lobby_did(service: GameService,
                                                                         options: dict[str, object]) -> None:
    """Issue 52 item 9: the rematch's lobby describes its options in the same words as the game's first lobby (the
    options the players chose, not every default the engine stored)."""
    game = await lobby(service, humans=2, seed=4, **options)
    first = options_line(game.options)
    game = (await service.start(game.id, HOST)).game
    finished = await play_random(service, game, random.Random(2))
    again = await service.rematch(finished.id, BOB, "Bob")
    assert options_line(again.options) == first, (again.options, game.options)
    assert again.options == options
