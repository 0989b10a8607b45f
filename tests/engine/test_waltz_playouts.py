"""Seeded random games with the Let's Waltz modules (issue 17): 100 per module and 100 with all of them, the
invariants of tests/engine/invariants.py checked after every action (the fast uniform random policy)."""

from __future__ import annotations

import random

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.config import MODULES
from tests.engine.invariants import check_invariants

GAMES = 100
MAX_ACTIONS = 6000
PARTS = 2
"""Each module's games run in this many tests (seeds 0, 2, 4, ...; 1, 3, 5, ...), so that pytest-xdist spreads them
over its workers; together they play all `GAMES`."""


def play_random(modules: frozenset[str], seed: int) -> GameState:
    """One uniformly random game with 2-4 players; invariants after every action."""
    chooser = random.Random(seed)
    players = 2 + seed % 3
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed, modules=modules))
    count = 0
    while not state.is_over:
        check_invariants(state)
        state, _ = apply(state, chooser.choice(legal_actions(state)))
        count += 1
        assert count < MAX_ACTIONS, "the game did not end"
    check_invariants(state)
    return state


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("modules", [frozenset({m}) for m in MODULES] + [frozenset(MODULES)],
                         ids=[*MODULES, "all"])
def test_random_games_with_modules_keep_every_invariant_and_end(modules: frozenset[str], part: int) -> None:
    for seed in range(part, GAMES, PARTS):
        state = play_random(modules, seed * 7 + 1)
        assert state.is_over and state.round == 7 and len(state.vp_history) == 7
