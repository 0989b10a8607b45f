"""Replay: for 100 games played by AIs through the service, the seed plus the action log rebuild exactly the
stored state; every fifth game commits its AI moves in small batches to exercise the batching."""

from __future__ import annotations

import pytest

from bot.host.service import GameService, ai_seats
from tests.bot.helpers import GUILD, HOST

GAMES = 100
POSTGRESQL_GAMES = 25
"""On PostgreSQL a quarter of the games (every kind of batching still comes up): what the variant adds is the
storage underneath, and the suite has a time limit."""


async def test_100_ai_games_replay_to_their_stored_state(service: GameService, monkeypatch: pytest.MonkeyPatch,
                                                        backend: str) -> None:
    games = GAMES if backend == "sqlite" else POSTGRESQL_GAMES
    actions = 0
    for n in range(games):
        monkeypatch.setattr(ai_seats, "AI_FLUSH_MOVES", 400 if n % 5 else 3 + n % 37)
        game = await service.create(guild_id=GUILD, channel_id=10_000 + n, host_id=HOST, seat_host=False,
                                    options={"seed": 5000 + n})
        for _ in range(2 + n % 3):
            game = await service.add_ai(game.id, HOST)
        result = await service.start(game.id, HOST)
        assert result.finished, n
        check = await service.check_replay(game.id)
        assert check.ok, (n, check.detail)
        assert result.game.state is not None and check.actions == result.game.state.steps
        history = await service.history(game.id)
        assert [m.seq for m in history] == list(range(1, len(history) + 1))
        assert [m.version for m in history] == list(range(history[0].version, result.version + 1))
        actions += len(history)
    assert actions > games * 100
    assert len(await service.leaderboard(GUILD)) == 0  # AI seats belong to no user
