"""How the service refuses: the engine's three refusals of a move stay distinct on their way to the bot (issue 13,
item 5), and a click on a game that a long chain of AI moves holds is answered within the lock timeout instead of
waiting for the chain (issue 15, item 8)."""

from __future__ import annotations

import asyncio
import time

import pytest

import engine
import engine.gah.ai
from bot.host.service import (
    PLAYER_ERRORS,
    GameBusy,
    GameService,
    IllegalMove,
    MalformedMove,
    NotYourTurn,
    ServiceError,
    StaleVersion,
)
from bot.host.storage import Storage
from engine import legal_actions
from tests.bot.helpers import BOB, HOST, FakeClock, install_slow_ai, started
from tests.bot.test_service_play import snapshot


async def test_malformed_illegal_and_not_your_turn_reach_the_bot_as_distinct_errors(service: GameService) -> None:
    game = (await started(service, humans=2)).game
    assert game.state is not None and game.current_user is not None
    on_turn = game.current_user
    waiting = BOB if on_turn == HOST else HOST
    before = await snapshot(service, game.id)

    with pytest.raises(MalformedMove) as malformed:
        await service.act(game.id, on_turn, "fly to the moon", game.version)
    assert isinstance(malformed.value, engine.MalformedAction) and isinstance(malformed.value, IllegalMove)

    with pytest.raises(IllegalMove) as illegal:
        await service.act(game.id, on_turn, "die 9 boost", game.version)
    assert not isinstance(illegal.value, engine.MalformedAction)
    assert isinstance(illegal.value, engine.IllegalAction) and isinstance(illegal.value, ServiceError)

    assert NotYourTurn is engine.NotYourTurn  # one class, not two
    with pytest.raises(engine.NotYourTurn) as not_yours:
        await service.act(game.id, waiting, legal_actions(game.state)[0].text, game.version)
    assert not isinstance(not_yours.value, IllegalMove)

    with pytest.raises(MalformedMove):  # a panel choice that no panel offered
        await service.choose(game.id, on_turn, len(legal_actions(game.state)), game.version)
    for error in (malformed.value, illegal.value, not_yours.value):
        assert isinstance(error, PLAYER_ERRORS) and str(error)
    assert await snapshot(service, game.id) == before


async def test_choose_plays_the_panels_choice(service: GameService) -> None:
    game = (await started(service, humans=2)).game
    assert game.state is not None and game.current_user is not None
    expected = legal_actions(game.state)[1].text
    result = await service.choose(game.id, game.current_user, 1, game.version)
    assert [move.action for move in result.moves][:1] == [expected]


async def test_a_click_behind_a_long_ai_chain_is_answered_within_the_lock_timeout(
    storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = GameService(storage, clock=clock, seed_source=lambda: 7, lock_timeout=0.3)
    gate = install_slow_ai(monkeypatch, "gated")
    game = (await started(service, humans=2, seed=23)).game
    while game.current_user != BOB:
        assert game.state is not None
        game = (await service.act(game.id, HOST, legal_actions(game.state)[0].text, game.version)).game
    game = (await service.hand_to_ai(game.id, BOB, level="gated", run_ai=False)).game
    chain = asyncio.create_task(service.run_ai(game.id))  # holds the game while the AI "thinks"
    await asyncio.sleep(0.05)
    before = await snapshot(service, game.id)
    try:
        for call in (lambda: service.take_back(game.id, BOB, expected_version=game.version),
                     lambda: service.skip(game.id, HOST), lambda: service.snooze_turn(game.id, HOST)):
            started_at = time.monotonic()
            with pytest.raises(GameBusy) as busy:
                await call()
            waited = time.monotonic() - started_at
            assert 0.25 < waited < 2.5, waited  # an answer well inside Discord's 3 seconds
            assert "busy" in str(busy.value)
        with pytest.raises(StaleVersion):  # a click on an older panel: told so, rather than "busy"
            await service.take_back(game.id, BOB, expected_version=game.version - 1)
        assert await snapshot(service, game.id) == before
        assert not chain.done()
    finally:
        gate.set()
    result = await chain
    assert result.moves and all(move.actor == "ai:gated" for move in result.moves)
    assert (await service.take_back(result.game.id, BOB)).seat_of(BOB) is not None
