"""bench/move_outcomes.py (issue 20): the parts it fits are the evaluation's, the fit recovers known multipliers,
and a sampled decision's first candidate is the search's own move, played on exactly as the game goes."""

from __future__ import annotations

import random

import pytest

from bench.move_outcomes import (
    PARTS,
    Candidate,
    Decision,
    expert_parts,
    first_choice_gain,
    fit_parts,
    play_to_end,
    sample_decisions,
    solo_game,
)
from engine import GameConfig, apply, final_scores, new_game
from engine.gah.ai import policy
from engine.gah.ai.expert import ExpertPolicy, expert_evaluate
from engine.gah.ai.strong import Budget

TINY = Budget(worlds=1, width=2, depth=3, rollouts=0)
"""A search small enough for a test; with no look-ahead finalists its move is the beam's first choice."""


@pytest.mark.parametrize("config", [GameConfig(players=["ann"], seed=8, solo="leopold", solo_difficulty="hard"),
                                    GameConfig(players=["ann", "bob", "cy"], seed=9)], ids=["solo", "3-players"])
def test_parts_sum_to_the_expert_evaluation(config: GameConfig) -> None:
    state = new_game(config)
    players = [policy("greedy", 1), policy("greedy", 2), policy("greedy", 3)]
    checked = 0
    step = 0
    while True:
        if step % 3 == 0 or state.is_over:
            for index, player in enumerate(state.players):
                if player.name == "Leopold":
                    continue
                parts = expert_parts(state, index)
                assert set(parts) == set(PARTS)
                assert sum(parts.values()) == pytest.approx(expert_evaluate(state, index), abs=1e-9)
                checked += 1
        if state.is_over:
            break
        index = state.current_index
        assert index is not None
        state, _ = apply(state, players[index].choose(state))
        step += 1
    assert checked > 30
    # after the game only the final score and the café aversion are left
    final = expert_parts(state, 0)
    assert final["projected"] == final_scores(state)["ann"].total
    assert all(final[part] == 0 for part in PARTS if part not in ("projected", "café aversion"))


def _synthetic(multipliers: dict[str, float], decisions: int, chooser: random.Random) -> list[Decision]:
    result = []
    for number in range(decisions):
        rows = []
        for k in range(4):
            parts = {part: chooser.uniform(-10, 10) for part in PARTS}
            own = 100 + number + sum(multipliers[p] * parts[p] for p in PARTS)  # a decision's level cancels out
            rows.append(Candidate(f"move {k}", 0.0, parts, own, 150.0))
        result.append(Decision(number, 0, 14 - number % 14, rows))
    return result


def test_fit_recovers_known_multipliers() -> None:
    chooser = random.Random(4)
    multipliers = {part: round(chooser.uniform(-1, 2), 2) for part in PARTS}
    beta, errors, spread, _ = fit_parts(_synthetic(multipliers, 30, chooser))
    for part in PARTS:
        assert beta[part] == pytest.approx(multipliers[part], abs=1e-6)
        assert errors[part] < 1e-6
    assert spread < 1e-6


def test_first_choice_gain_compares_the_first_candidate_with_the_mean_of_the_others() -> None:
    def decision(*scores: float) -> Decision:
        return Decision(1, 0, 10, [Candidate("m", 0.0, dict.fromkeys(PARTS, 0.0), s, 0.0) for s in scores])

    gain, error = first_choice_gain([decision(10, 4, 6), decision(0, 2, 2, 2)])
    assert gain == pytest.approx((5 + -2) / 2)
    assert error == pytest.approx(3.5)  # spread of (5, -2) is 4.95, over the square root of 2
    assert first_choice_gain([]) == (0.0, 0.0)


def test_first_candidate_is_the_search_move_and_its_game_is_the_real_one() -> None:
    seed = 3
    decisions = sample_decisions(seed, points=1, count=2, alternatives="top", budget=TINY)
    assert len(decisions) == 1
    first, other = decisions[0].candidates
    assert first.action != other.action
    straight = final_scores(play_to_end(solo_game(seed), ExpertPolicy(seed * 31, TINY)))
    assert first.own == straight["ann"].total
    assert first.opponent == straight["Leopold"].total


def test_unknown_alternatives_are_refused() -> None:
    with pytest.raises(ValueError, match="alternatives"):
        sample_decisions(1, alternatives="worst")
