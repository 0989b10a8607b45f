"""Overbooking AI levels: deterministic, legal, and the heuristic beats random (bench/overbooking_ai.py measures
the win rate; this only checks a few games)."""

from __future__ import annotations

import pytest

from engine.overbooking import final_scores, legal_actions
from engine.overbooking.ai import HeuristicPolicy, policy
from engine.overbooking.simulate import config_for, play_game
from tests.overbooking.scenario import game


def test_policies_choose_legal_actions_and_are_deterministic() -> None:
    state = game(4, seed=3)
    for level in ("random", "heuristic"):
        first = policy(level, 5).choose(state)
        assert first in legal_actions(state) and policy(level, 5).choose(state) == first
    with pytest.raises(ValueError, match="unknown AI level"):
        policy("genius", 1)


def test_heuristic_decides_from_the_view_only() -> None:
    """Changing what the player cannot see (others' hands, decks, the RNG) does not change its choice."""
    state = game(4, seed=9)
    other = state.copy()
    other.rng = 12345
    for seat, player in enumerate(other.players):
        if seat != state.turn:
            player.hand, player.deck = player.deck[:9], player.hand + player.deck[9:]
    assert HeuristicPolicy(1).choose(state) == HeuristicPolicy(1).choose(other)


def test_heuristic_wins_most_four_player_games_against_random() -> None:
    wins = 0
    for seed in range(10):
        final, _ = play_game(config_for(4, seed), ["heuristic", "random", "random", "random"], seed)
        wins += final_scores(final)["ann"].rank == 1
    assert wins >= 8
