"""The staff draft through the service: several users answer at once, in any order (issue 8, issue 4)."""

from __future__ import annotations

import pytest

from bot.service import GameService, NotYourTurn
from engine import legal_actions
from tests.bot.helpers import BOB, CY, HOST, started


async def test_draft_users_pick_in_any_order_and_a_picked_user_waits(service: GameService) -> None:
    result = await started(service, humans=3, staff_start="draft")
    game = result.game
    assert game.state is not None and game.state.waiting == ["Ann", "Bob", "Cy"]
    # the last seat picks first: allowed, although the engine's "current" seat is the first one
    pick = legal_actions(game.state, "Cy")[0].text
    result = await service.act(game.id, CY, pick, game.version)
    game = result.game
    assert game.state is not None and game.state.waiting == ["Ann", "Bob"]
    with pytest.raises(NotYourTurn):
        await service.act(game.id, CY, legal_actions(game.state, "Ann")[0].text, game.version)
    for user, name in ((BOB, "Bob"), (HOST, "Ann")):
        assert game.state is not None
        result = await service.act(game.id, user, legal_actions(game.state, name)[0].text, game.version)
        game = result.game
    assert game.state is not None and game.state.waiting == ["Ann", "Bob", "Cy"]
    assert [len(p.hand) for p in game.state.players] == [1, 1, 1]
