"""Helpers for the storage and service tests: a settable clock, game set-ups, and random play through the service."""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

import pytest

import engine.gah.ai
from bot.host.service import GameInfo, GameService, TurnResult
from engine import Action, GameState, legal_actions

GUILD = 1
HOST, BOB, CY, DEE = 101, 102, 103, 104
USERS = (HOST, BOB, CY, DEE)
NAMES = ("Ann", "Bob", "Cy", "Dee")


@dataclass
class FakeClock:
    """A wall clock the test moves by hand."""

    now: float = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def lobby(service: GameService, humans: int = 2, ais: int = 0, channel: int = 500, **options: object) -> GameInfo:
    """A lobby in `channel` hosted by HOST with `humans` users (HOST, BOB, ...) and `ais` random AI seats."""
    game = await service.create(guild_id=GUILD, channel_id=channel, host_id=HOST, host_name=NAMES[0],
                                options=dict(options))
    for user, name in list(zip(USERS, NAMES, strict=True))[1:humans]:
        game = await service.join(game.id, user, name)
    for _ in range(ais):
        game = await service.add_ai(game.id, HOST)
    return game


async def started(service: GameService, humans: int = 2, ais: int = 0, channel: int = 500, seed: int = 7,
                  run_ai: bool = True, **options: object) -> TurnResult:
    """A started game (see `lobby`) with a fixed seed."""
    game = await lobby(service, humans, ais, channel, seed=seed, **options)
    return await service.start(game.id, HOST, run_ai=run_ai)


def random_text(game: GameInfo, chooser: random.Random) -> str:
    """A uniformly random legal action text for the player who must answer."""
    assert game.state is not None
    return chooser.choice(legal_actions(game.state)).text


async def play_random(
    service: GameService, game: GameInfo, chooser: random.Random, moves: int | None = None
) -> GameInfo:
    """Let the users on turn play random legal actions (`moves` of them, or to the end of the game)."""
    done = 0
    while game.status == "active" and (moves is None or done < moves):
        user = game.current_user
        assert user is not None, "an AI should have moved"
        game = (await service.act(game.id, user, random_text(game, chooser), game.version)).game
        done += 1
    return game


class SlowPolicy:
    """Waits for the test's signal (in the worker thread the service runs slow AIs in), then plays the first
    legal action."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate

    def choose(self, state: GameState) -> Action:
        self.gate.wait(10)
        return legal_actions(state)[0]


def install_slow_ai(monkeypatch: pytest.MonkeyPatch, level: str) -> threading.Event:
    """Add an AI level `level` that thinks until the returned gate is set (`SlowPolicy`)."""
    gate = threading.Event()
    real_policy = engine.gah.ai.policy
    monkeypatch.setattr(engine.gah.ai, "LEVELS", (*engine.gah.ai.LEVELS, level))
    monkeypatch.setattr(engine.gah.ai, "policy",
                        lambda name, seed=0: SlowPolicy(gate) if name == level else real_policy(name, seed))
    return gate
