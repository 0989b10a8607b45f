"""Service lobby: create, join, leave, AI seats, options, start; each refusal is a specific, readable error."""

from __future__ import annotations

import pytest

from bot.host.service import (
    COLOURS,
    GameNotActive,
    GameService,
    LobbyError,
    NoGameHere,
    NotHost,
    NotSeated,
    StaleVersion,
    clean_name,
)
from tests.bot.helpers import BOB, CY, DEE, GUILD, HOST, lobby


async def test_create_seats_the_host_and_claims_the_channel(service: GameService) -> None:
    game = await service.create(guild_id=GUILD, channel_id=500, host_id=HOST, host_name="  Ann\n the {host} ",
                                options={"edition": "2015"})
    assert (game.status, game.version, game.host_id, game.options) == ("lobby", 0, HOST, {"edition": "2015"})
    assert [(s.position, s.user_id, s.name, s.colour) for s in game.seats] == [(0, HOST, "Ann the host", COLOURS[0])]
    assert game.state is None and game.current_seat is None and game.current_user is None
    assert (await service.game_in_channel(500)).id == game.id
    await service.record_message(game.id, "lobby", 500, 999, game.version)  # a posted lobby claims its channel
    with pytest.raises(LobbyError, match="already has a game"):
        await service.create(guild_id=GUILD, channel_id=500, host_id=BOB)
    other = await service.create(guild_id=GUILD, channel_id=501, host_id=BOB, seat_host=False)
    assert other.seats == ()
    assert [g.id for g in await service.games(guild_id=GUILD)] == [game.id, other.id]
    assert [g.id for g in await service.games(user_id=HOST)] == [game.id]


async def test_create_refuses_bad_options(service: GameService) -> None:
    for options in ({"edition": "1999"}, {"colour": "red"}, {"players": ["a", "b"]}, {"seed": "seven"}):
        with pytest.raises(LobbyError):
            await service.create(guild_id=GUILD, channel_id=500, host_id=HOST, options=options)
    with pytest.raises(NoGameHere):
        await service.game_in_channel(500)


async def test_unknown_games_and_empty_channels(service: GameService) -> None:
    with pytest.raises(NoGameHere):
        await service.game(12345)
    with pytest.raises(NoGameHere):
        await service.game_in_channel(12345)
    with pytest.raises(NoGameHere):
        await service.join(12345, BOB)


async def test_join_fills_seats_in_order_with_unique_names_and_colours(service: GameService) -> None:
    game = await lobby(service, humans=1)
    game = await service.join(game.id, BOB, "ann")
    game = await service.join(game.id, CY, None)
    assert [(s.user_id, s.name, s.colour) for s in game.seats] == [
        (HOST, "Ann", "purple"), (BOB, "ann 2", "orange"), (CY, "Player 3", "teal")]
    assert game.version == 2
    with pytest.raises(LobbyError, match="already in"):
        await service.join(game.id, BOB)
    game = await service.join(game.id, DEE, "Dee")
    with pytest.raises(LobbyError, match="full"):
        await service.join(game.id, 105)
    with pytest.raises(StaleVersion):
        await service.leave(game.id, DEE, expected_version=game.version - 1)


async def test_leave_moves_seats_up_and_passes_the_host_on(service: GameService) -> None:
    game = await lobby(service, humans=3, ais=1)
    game = await service.leave(game.id, BOB)
    assert [(s.position, s.user_id) for s in game.seats] == [(0, HOST), (1, CY), (2, None)]
    # each seat has its position's colour, as the pictures colour players by their place (issue 42 item 10)
    assert [s.colour for s in game.seats] == list(COLOURS[:3])
    with pytest.raises(NotSeated):
        await service.leave(game.id, BOB)
    game = await service.leave(game.id, HOST)
    assert game.host_id == CY and game.status == "lobby"
    game = await service.leave(game.id, CY)  # the last user leaves: only an AI is left, the lobby closes
    assert game.status == "cancelled" and game.finished_at is not None
    with pytest.raises(NoGameHere):
        await service.game_in_channel(500)


async def test_ai_seats_are_added_and_removed_by_the_host(service: GameService) -> None:
    game = await lobby(service, humans=2)
    with pytest.raises(NotHost):
        await service.add_ai(game.id, BOB)
    with pytest.raises(LobbyError, match="Unknown AI level"):
        await service.add_ai(game.id, HOST, "grandmaster")
    game = await service.add_ai(game.id, HOST)
    game = await service.add_ai(game.id, HOST)
    assert [(s.name, s.ai_level, s.is_ai_seat) for s in game.seats[2:]] == [
        ("AI Teal", "random", True), ("AI Graphite", "random", True)]
    with pytest.raises(LobbyError, match="full"):
        await service.add_ai(game.id, HOST)
    with pytest.raises(LobbyError, match="not an AI seat"):
        await service.remove_ai(game.id, HOST, 1)
    with pytest.raises(NotHost):
        await service.remove_ai(game.id, BOB, 2)
    game = await service.remove_ai(game.id, HOST, 2)
    assert [(s.position, s.name) for s in game.seats] == [(0, "Ann"), (1, "Bob"), (2, "AI Graphite")]
    with pytest.raises(LobbyError):
        await service.remove_ai(game.id, HOST, 7)


async def test_options_are_changed_by_the_host_and_validated(service: GameService) -> None:
    game = await lobby(service)
    with pytest.raises(NotHost):
        await service.set_options(game.id, BOB, {"edition": "2015"})
    game = await service.set_options(game.id, HOST, {"edition": "2015", "seed": 42})
    assert game.options == {"edition": "2015", "seed": 42}
    game = await service.set_options(game.id, HOST, {"edition": None})
    assert game.options == {"seed": 42}
    for bad in ({"edition": "3000"}, {"staff_start": "draft!"}, {"dice": 9}, {"seed": 1.5}):
        with pytest.raises(LobbyError):
            await service.set_options(game.id, HOST, bad)
    assert (await service.game(game.id)).options == {"seed": 42}


async def test_start_is_for_the_host_with_two_to_four_seats(service: GameService) -> None:
    empty = await service.create(guild_id=GUILD, channel_id=999, host_id=HOST, host_name="Ann", seat_host=False)
    with pytest.raises(LobbyError, match="2 to 4"):
        await service.start(empty.id, HOST)  # (a host alone would play solo against Leopold)
    alone = await lobby(service, humans=1)
    game = await service.join(alone.id, BOB, "Bob")
    with pytest.raises(NotHost):
        await service.start(game.id, BOB)
    with pytest.raises(StaleVersion):
        await service.start(game.id, HOST, expected_version=game.version + 1)
    result = await service.start(game.id, HOST, expected_version=game.version)
    started = result.game
    assert started.status == "active" and started.version == game.version + 1
    assert started.state is not None and started.state.config.players == ("Ann", "Bob")
    assert started.options["seed"] == 7  # from the seed source: fixed at start, stored for replay
    assert started.current_user in (HOST, BOB)
    for call in (service.start(game.id, HOST), service.join(game.id, CY), service.leave(game.id, BOB),
                 service.add_ai(game.id, HOST), service.set_options(game.id, HOST, {"seed": 1})):
        with pytest.raises(GameNotActive, match="already started"):
            await call


async def test_a_seed_set_in_the_lobby_is_used(service: GameService) -> None:
    game = await lobby(service, seed=1234, edition="2015")
    state = (await service.start(game.id, HOST)).game.state
    assert state is not None and (state.config.seed, state.config.edition) == (1234, "2015")


def test_clean_name() -> None:
    assert clean_name("  a\tb  ", "x") == "a b"
    assert clean_name("{}\x00", "fallback") == "fallback"
    assert clean_name(None, "fallback") == "fallback"
    assert len(clean_name("y" * 100, "x")) == 32


async def test_the_expert_ai_level_can_be_seated(service: GameService) -> None:
    """Issue 20: the expert level is offered wherever AI levels are (the lobby's list is `engine.gah.ai.LEVELS`)."""
    from engine.gah.ai import LEVELS

    assert "expert" in LEVELS
    game = await lobby(service, humans=2)
    game = await service.add_ai(game.id, HOST, "expert")
    assert [(s.ai_level, s.is_ai_seat) for s in game.seats[2:]] == [("expert", True)]
