"""Two clicks at once: one wins, the others are told the game moved on; nothing is applied twice and the log
has no gaps, whether the racers share a process (per-game lock) or not (BEGIN IMMEDIATE + versioned UPDATE)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.host.service import GameService, StaleVersion
from bot.host.storage import Storage
from engine import legal_actions
from tests.bot.helpers import BOB, HOST, FakeClock, install_slow_ai, random_text, started


async def test_200_concurrent_acts_on_one_version_apply_exactly_once(service: GameService) -> None:
    game = (await started(service, humans=2, seed=21)).game
    chooser = random.Random(21)
    for round_number in range(3):
        assert game.state is not None and game.current_user is not None
        texts = [a.text for a in legal_actions(game.state)]
        calls = [service.act(game.id, game.current_user, chooser.choice(texts), game.version) for _ in range(200)]
        outcomes = await asyncio.gather(*calls, return_exceptions=True)
        wins = [o for o in outcomes if not isinstance(o, BaseException)]
        losses = [o for o in outcomes if isinstance(o, BaseException)]
        assert len(wins) == 1, round_number
        assert all(isinstance(o, StaleVersion) for o in losses), {type(o) for o in losses}
        assert all(o.current == wins[0].version for o in losses if isinstance(o, StaleVersion))
        game = wins[0].game
        assert game.version == (await service.game(game.id)).version
    history = await service.history(game.id)
    assert [m.seq for m in history] == list(range(1, len(history) + 1)) and len(history) == 3
    assert (await service.check_replay(game.id)).ok


async def test_racers_in_two_processes_apply_exactly_once(db_path: Path, service: GameService,
                                                         clock: FakeClock) -> None:
    game = (await started(service, humans=2, seed=22)).game
    async with Storage(db_path) as second_storage:
        second = GameService(second_storage, clock=clock)  # its own connection and its own locks
        for _ in range(3):
            assert game.state is not None and game.current_user is not None
            text = legal_actions(game.state)[0].text
            calls = [(service if i % 2 else second).act(game.id, game.current_user, text, game.version)
                     for i in range(100)]
            outcomes = await asyncio.gather(*calls, return_exceptions=True)
            wins = [o for o in outcomes if not isinstance(o, BaseException)]
            assert len(wins) == 1
            assert all(isinstance(o, StaleVersion) for o in outcomes if isinstance(o, BaseException))
            game = wins[0].game
        assert (await second.check_replay(game.id)).ok
    assert len(await service.history(game.id)) == 3


async def test_an_ai_move_computed_before_another_process_wrote_is_dropped(
    db_path: Path, service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = install_slow_ai(monkeypatch, "slow")
    game = (await started(service, humans=2, seed=23)).game
    chooser = random.Random(23)
    while game.current_user != BOB:
        game = (await service.act(game.id, HOST, random_text(game, chooser), game.version)).game
    game = (await service.hand_to_ai(game.id, BOB, level="slow", run_ai=False)).game
    thinking = asyncio.create_task(service.run_ai(game.id))
    await asyncio.sleep(0.05)  # the AI is thinking in its thread now
    async with Storage(db_path) as second_storage:
        taken = await GameService(second_storage, clock=clock).take_back(game.id, BOB)  # "another process"
    gate.set()
    result = await thinking
    assert result.moves == ()  # the versioned UPDATE refused the AI's write
    now = await service.game(game.id)
    assert now.version == taken.version and now.state == game.state
    assert now.current_user == BOB
    assert all(m.actor != "ai:slow" for m in await service.history(game.id))
    assert (await service.check_replay(game.id)).ok


async def test_actions_on_different_games_run_side_by_side(service: GameService) -> None:
    games = [(await started(service, humans=2, seed=30 + i, channel=800 + i)).game for i in range(5)]
    chooser = random.Random(30)

    async def play(game_id: int) -> None:
        game = await service.game(game_id)
        for _ in range(20):
            game = (await service.act(game.id, game.current_user or 0, random_text(game, chooser), game.version)).game

    await asyncio.gather(*(play(g.id) for g in games))
    for game in games:
        assert len(await service.history(game.id)) == 20
        assert (await service.check_replay(game.id)).ok
