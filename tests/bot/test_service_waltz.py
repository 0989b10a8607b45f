"""Service lobby with the Let's Waltz modules (issue 17): the `modules` option is stored, validated and used at
the start; a host alone with module 2 plays Elisabeth; module 4 alone is refused with a readable error."""

from __future__ import annotations

import pytest

from bot.host.service import GameService, LobbyError
from tests.bot.helpers import HOST, lobby


async def test_modules_option_is_stored_validated_and_used(service: GameService) -> None:
    game = await lobby(service)
    game = await service.set_options(game.id, HOST, {"modules": ["start_player", "celebrities"]})
    assert game.options["modules"] == ["start_player", "celebrities"]
    with pytest.raises(LobbyError, match="Unknown Let's Waltz module"):
        await service.set_options(game.id, HOST, {"modules": ["ballrooms"]})
    state = (await service.start(game.id, HOST)).game.state
    assert state is not None and state.config.modules == frozenset({"start_player", "celebrities"})
    assert state.waltz is not None and state.waltz.celebrities.lounge


async def test_alone_with_celebrities_plays_elisabeth_and_module_4_is_refused(service: GameService) -> None:
    solo = await lobby(service, humans=1, channel=600, modules=["celebrities", "more_objectives"])
    state = (await service.start(solo.id, HOST)).game.state
    assert state is not None and state.players[1].name == "Elisabeth"
    refused = await lobby(service, humans=1, channel=601, modules=["start_player"])
    with pytest.raises(LobbyError, match="cannot be played solo"):
        await service.start(refused.id, HOST)
