"""300 seeded random Overbooking games (2-4 players, both scoring sides) with invariants after every action."""

from __future__ import annotations

from engine.core import rng
from engine.overbooking import GameState, apply, final_scores, legal_actions
from engine.overbooking.game import new_game
from engine.overbooking.simulate import config_for
from tests.overbooking import invariants


def test_300_seeded_random_games_keep_every_invariant_and_end() -> None:
    """No card in two places, beds never negative, every card accounted for at the end; the game always ends
    after four rounds; action texts unique and short; JSON round trip exact (checked every 25th action)."""
    for seed in range(300):
        players = 2 + seed % 3
        state = new_game(config_for(players, seed, "advanced" if seed % 2 else "beginner"))
        generator = rng.seed_state(seed)
        count = 0
        while not state.is_over:
            actions = legal_actions(state)
            assert actions, "no legal action before the end"
            texts = [action.text for action in actions]
            assert len(set(texts)) == len(texts) and max(map(len, texts)) <= 60
            generator, pick = rng.below(generator, len(actions))
            state, _ = apply(state, actions[pick])
            invariants.check(state)
            count += 1
            if count % 25 == 0:
                assert GameState.from_json(state.to_json()) == state
            assert count < 200
        assert state.round == 4
        assert len(final_scores(state)) == players
