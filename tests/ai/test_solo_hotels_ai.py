"""The AI levels play the solo game with Let's Waltz module 3 (issue 39): every answer legal, with each of the
opponent's four solo entrances; the player's entrance choice and Hautel Couture's item placement get a legal,
sensible rule answer."""

from __future__ import annotations

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.ai import LEVELS
from engine.gah.cards import guests
from engine.gah.config import SOLO_ENTRANCES
from engine.gah.game import forget_legal_actions
from engine.gah.state import Frame
from engine.gah.waltz.cards import entrances
from tests.ai.test_policies import make_policy


def solo(entrance: str, seed: int, celebrities: bool = False) -> GameConfig:
    modules = frozenset({"unique_hotels", "celebrities"} if celebrities else {"unique_hotels"})
    return GameConfig(players=["ann"], seed=seed, solo="elisabeth" if celebrities else "leopold", modules=modules,
                      solo_entrance=entrance, solo_difficulty="hard")


def play_solo(level: str, config: GameConfig) -> tuple[GameState, set[str]]:
    policy = make_policy(level, config.seed)
    state = new_game(config)
    kinds: set[str] = set()
    while not state.is_over:
        kinds.add(state.pending[-1].kind)
        action = policy.choose(state)
        assert action in legal_actions(state), (level, str(action))
        state, _ = apply(state, action)
    return state, kinds


@pytest.mark.parametrize("entrance", SOLO_ENTRANCES)
@pytest.mark.parametrize("level", ["random", "greedy"])
def test_cheap_levels_finish_a_solo_game_with_each_solo_entrance(level: str, entrance: str) -> None:
    state, kinds = play_solo(level, solo(entrance, seed=3, celebrities=entrance == "sushi_resort"))
    assert state.is_over and "choose_entrance" in kinds
    assert state.players[0].entrance is not None and not entrances()[state.players[0].entrance].solo


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_search_levels_finish_one_solo_game_with_a_solo_entrance(level: str) -> None:
    """One game each (the reduced test budget): Hautel Couture for strong, Toll Bridge Hotel for expert."""
    entrance = "hautel_couture" if level == "strong" else "toll_bridge_hotel"
    state, _ = play_solo(level, solo(entrance, seed=4))
    assert state.is_over


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_the_entrance_choice_and_the_couture_item(level: str) -> None:
    state = new_game(solo("hautel_couture", seed=6))
    while state.pending[-1].kind != "choose_entrance":
        state, _ = apply(state, legal_actions(state)[0])
    action = make_policy(level, 1).choose(state)
    assert action in legal_actions(state) and action.kind == "take"
    state, _ = apply(state, action)
    while state.phase == "setup":
        state, _ = apply(state, legal_actions(state)[-1])
    state = state.copy()
    assert state.solo is not None
    cafe = state.players[state.solo.seat].cafe
    item = next(i for i in range(4) if any(t.guest is not None and guests()[t.guest].order[i] for t in cafe))
    for table in cafe:
        table.served = [0, 0, 0, 0]
    state.pending.append(Frame("couture_item", 0, {"item": item, "space": 1}))
    forget_legal_actions(state)
    answers = legal_actions(state)
    if not answers:
        pytest.skip("no opponent guest needs this item in the seed")
    chosen = make_policy(level, 1).choose(state)
    assert chosen in answers
    apply(state, chosen)
