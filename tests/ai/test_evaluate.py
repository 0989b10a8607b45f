"""The AI's heuristic evaluation: its fast projected score agrees with the engine's, and it equals the final score
once the game is over."""

from __future__ import annotations

import random

import pytest

from engine import GameConfig, apply, final_scores, legal_actions, new_game, projected_scores
from engine.ai.evaluate import evaluate, projected_total


@pytest.mark.parametrize("options", [
    {"players": ["ann", "bob", "cy"]},
    {"players": ["ann", "bob"], "edition": "2015", "hotel_sides": "individual"},
    {"players": ["ann", "bob", "cy", "dee"], "staff_start": "draft", "extra_politics": True},
    {"players": ["ann"], "solo": "leopold"},
], ids=["3p", "2p-2015-day-sides", "4p-draft", "solo"])
def test_projected_total_matches_the_engine(options: dict[str, object]) -> None:
    for seed in range(4):
        chooser = random.Random(seed)
        state = new_game(GameConfig(seed=seed, **options))  # type: ignore[arg-type]
        while True:
            scores = projected_scores(state)
            for index, player in enumerate(state.players):
                assert projected_total(state, index) == scores[player.name].total
            if state.is_over:
                break
            state, _ = apply(state, chooser.choice(legal_actions(state)))


def test_evaluation_is_the_final_score_at_the_end() -> None:
    chooser = random.Random(3)
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=3))
    while not state.is_over:
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    scores = final_scores(state)
    for index, player in enumerate(state.players):
        assert evaluate(state, index) == scores[player.name].total
