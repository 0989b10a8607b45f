"""Seeded random full games with invariants checked after every action (issue 2; DESIGN.md "Tests").

300 complete games over 2, 3 and 4 players. Each action is drawn uniformly from `legal_actions` with a
seeded generator; after every action `check_invariants` verifies money and Emperor caps, no negative stock,
dice and card conservation, legal actions non-empty until the end, str/parse round trip and JSON round trip.
"""

from __future__ import annotations

import random

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game
from tests.engine.invariants import check_invariants

GAMES_PER_COUNT = 100
MAX_ACTIONS = 5000


def play_random_game(players: int, seed: int, checks: bool = True) -> tuple[GameState, int]:
    """Play one uniformly random game; returns the final state and the number of actions."""
    chooser = random.Random(seed)
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed))
    count = 0
    while not state.is_over:
        if checks:
            check_invariants(state)
        before = state.to_json()
        action = chooser.choice(legal_actions(state))
        state_after, _ = apply(state, action)
        assert state.to_json() == before, "apply changed its input state"
        state = state_after
        count += 1
        assert count < MAX_ACTIONS, "the game did not end"
    check_invariants(state)
    return state, count


PARTS = 3
"""Each player count's games run in this many tests (seeds 0, 3, 6, ...; 1, 4, 7, ...; ...), so that pytest-xdist
spreads them over its workers; together they play all `GAMES_PER_COUNT`."""


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players: int, part: int) -> None:
    for seed in range(part, GAMES_PER_COUNT, PARTS):
        state, _ = play_random_game(players, seed * 10 + players)
        assert state.is_over
        assert state.round == 7
        assert len(state.vp_history) == 7


def test_same_seed_and_choices_give_identical_games_even_with_global_random_disturbed() -> None:
    """Determinism: the engine never touches the global `random` module."""
    def run(disturb: bool) -> str:
        chooser = random.Random(99)
        disturber = random.Random(5)
        state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=4242))
        while not state.is_over:
            if disturb:
                random.seed(disturber.random())
                random.random()
            state, _ = apply(state, chooser.choice(legal_actions(state)))
        return state.to_json()

    assert run(False) == run(True)


def test_different_seeds_give_different_games() -> None:
    a = new_game(GameConfig(players=["ann", "bob"], seed=1))
    b = new_game(GameConfig(players=["ann", "bob"], seed=2))
    assert (a.display, a.players[0].hand) != (b.display, b.players[0].hand)
