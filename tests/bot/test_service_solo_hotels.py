"""Service lobby with Let's Waltz module 3 in the solo game (issue 39): a host alone with Unique Hotels plays the
opponent's solo entrance, the one the `solo_entrance` option names (else one drawn at random); the option is
checked by name, and ignored in a game of several players or without the module."""

from __future__ import annotations

import pytest

from bot.host.service import GameService, LobbyError
from engine.gah.waltz.cards import solo_entrance_ids
from tests.bot.helpers import HOST, lobby


async def test_alone_with_unique_hotels_plays_the_named_solo_entrance(service: GameService) -> None:
    game = await lobby(service, humans=1, channel=610, modules=["unique_hotels"], solo_entrance="toll_bridge_hotel")
    state = (await service.start(game.id, HOST)).game.state
    assert state is not None and state.config.solo == "leopold" and state.config.solo_entrance == "toll_bridge_hotel"
    assert state.players[1].entrance == solo_entrance_ids()["toll_bridge_hotel"]
    assert state.pending[-1].kind == "solo_staff"  # then the choice of 3 entrances


async def test_alone_with_unique_hotels_and_celebrities_without_a_name_draws_one(service: GameService) -> None:
    game = await lobby(service, humans=1, channel=611, modules=["unique_hotels", "celebrities"])
    state = (await service.start(game.id, HOST)).game.state
    assert state is not None and state.players[1].name == "Elisabeth"
    assert state.config.solo_entrance is None and state.players[1].entrance in solo_entrance_ids().values()


async def test_a_bad_solo_entrance_is_refused_and_a_named_one_is_ignored_with_several_players(
        service: GameService) -> None:
    game = await lobby(service, humans=1, channel=612)
    with pytest.raises(LobbyError, match="solo_entrance must be one of"):
        await service.set_options(game.id, HOST, {"solo_entrance": "ritz"})
    several = await lobby(service, humans=2, channel=613, modules=["unique_hotels"], solo_entrance="sushi_resort")
    state = (await service.start(several.id, HOST)).game.state
    assert state is not None and state.solo is None and state.config.solo_entrance is None
    plain = await lobby(service, humans=1, channel=614, solo_entrance="sushi_resort")
    state = (await service.start(plain.id, HOST)).game.state
    assert state is not None and state.config.solo == "leopold" and state.config.solo_entrance is None
