"""Leaving a running game (issue 14 item 8): the host's lobby option `on_leave` decides whether an AI plays the seat
on or the game ends; the engine never sees the option, and the log still replays."""

from __future__ import annotations

import pytest

from bot.host.service import GameService, LobbyError, NotSeated
from engine import GameConfig

from .helpers import BOB, HOST, lobby


async def test_leaving_hands_the_seat_to_an_ai_by_default(service: GameService) -> None:
    game = await lobby(service, humans=2)
    await service.start(game.id, HOST)
    result = await service.resign(game.id, BOB)
    seat = result.game.seat_of(BOB)
    assert result.game.status == "active" and seat is not None and seat.ai_controlled
    assert all(m.actor.startswith("ai:") for m in result.moves), "only the AI moved for bob's seat"
    with pytest.raises(LobbyError):
        await service.resign(game.id, BOB)  # an AI already plays it
    taken = await service.take_back(game.id, BOB)
    assert not taken.seat_of(BOB).ai_controlled  # type: ignore[union-attr]
    assert (await service.check_replay(game.id)).ok


async def test_leaving_ends_the_game_when_the_host_chose_so(service: GameService) -> None:
    game = await lobby(service, humans=2)
    await service.set_options(game.id, HOST, {"on_leave": "end"})
    started = await service.start(game.id, HOST)
    assert started.game.options["on_leave"] == "end"
    assert GameConfig.from_dict({k: v for k, v in started.game.options.items() if k != "on_leave"})
    result = await service.resign(game.id, BOB)
    assert result.game.status == "cancelled"
    assert (await service.check_replay(game.id)).ok


async def test_leave_option_refuses_unknown_values_and_watchers(service: GameService) -> None:
    game = await lobby(service, humans=2)
    with pytest.raises(LobbyError):
        await service.set_options(game.id, HOST, {"on_leave": "sometimes"})
    await service.start(game.id, HOST)
    with pytest.raises(NotSeated):
        await service.resign(game.id, 999)
