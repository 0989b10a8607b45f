"""A host who starts alone plays "Dinner for One" against Leopold (issue 9, bot part through the service)."""

from __future__ import annotations

import random

from bot.host.service import GameService
from engine import legal_actions
from tests.bot.helpers import HOST, lobby


async def test_a_lone_host_starts_a_solo_game_against_leopold_and_plays_it_to_the_end(service: GameService) -> None:
    game = await lobby(service, humans=1, seed=3)
    game = await service.set_options(game.id, HOST, {"solo_difficulty": "hard"})
    result = await service.start(game.id, HOST)
    game = result.game
    assert game.state is not None and game.state.solo is not None
    assert [p.name for p in game.state.players] == ["Ann", "Leopold"]
    assert game.state.config.solo_difficulty == "hard"
    assert game.current_user == HOST
    chooser = random.Random(5)
    while game.status == "active":
        assert game.state is not None and game.current_user == HOST  # Leopold never waits for anyone
        actions = legal_actions(game.state)
        preferred = [a for a in actions if a.kind in ("end", "decline")]
        text = (chooser.choice(preferred) if preferred and chooser.random() < 0.7 else chooser.choice(actions)).text
        game = (await service.act(game.id, HOST, text, game.version)).game
    results = await service.results(game.id)
    assert [r.name for r in results] == ["Ann"]  # Leopold is no user: only the human's result is stored
    assert (await service.check_replay(game.id)).ok
