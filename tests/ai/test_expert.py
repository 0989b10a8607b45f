"""The expert level (issue 20): registered with its own budget and evaluation, legal, deterministic and blind to
hidden cards with its real budget, and its valuation rule (items per main action by table size).

Legality of every decision kind (setup, turn, follow-ups, draft, Let's Waltz) with the reduced test budget is
proven for every level in tests/ai/test_decisions.py, tests/ai/test_policies.py and tests/ai/test_waltz_ai.py.
"""

from __future__ import annotations

import random

from engine import GameConfig, GameState, apply, legal_actions, new_game, player_view
from engine.gah.ai import policy
from engine.gah.ai.evaluate import ENDGAME_ACTIONS, evaluate
from engine.gah.ai.expert import EXPERT_BUDGET, ExpertPolicy, expert_evaluate, table_items
from engine.gah.ai.strong import Budget
from engine.gah.ai.weights import W, actions_left
from engine.gah.cards import guests
from engine.gah.game import forget_legal_actions
from engine.gah.state import PREPARED, CafeTable
from tests.ai.test_policies import _reshuffle_hidden


def test_expert_is_a_level_with_a_larger_budget_than_strong() -> None:
    expert = policy("expert", 3)
    assert isinstance(expert, ExpertPolicy)
    assert expert.budget == EXPERT_BUDGET
    assert EXPERT_BUDGET.worlds > Budget().worlds
    assert expert.evaluator is expert_evaluate


def _solo_turns(seed: int, count: int) -> list[GameState]:
    """`count` states of a solo game against Leopold on hard where the player chooses a turn's main move."""
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))
    chooser = random.Random(seed)
    found: list[GameState] = []
    while not state.is_over and len(found) < count:
        if state.current_index == 0 and state.pending[-1].kind == "turn" and chooser.random() < 0.3:
            found.append(state)
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    return found


def test_real_budget_moves_are_legal_deterministic_and_blind_to_hidden_cards() -> None:
    """With the budget the bot uses: every move is legal, the same seed and state give the same move, and
    reshuffling what the player cannot see (the decks, Leopold's piles) does not change it."""
    chooser = random.Random(5)
    states = _solo_turns(12, 4)
    assert len(states) == 4
    for state in states:
        move = policy("expert", 8).choose(state)
        assert move in legal_actions(state)
        assert policy("expert", 8).choose(state) == move
        other = _reshuffle_hidden(state, 0, chooser)
        assert player_view(other, "ann").to_json() == player_view(state, "ann").to_json()
        assert policy("expert", 8).choose(other) == move


def _cafe_state(players: int) -> GameState:
    """Round 6, the first player on turn with 4 main actions left (none taken this round) and three café guests
    whose drinks are served and who still need 3 strudel each (9 in all), an empty kitchen, every room prepared."""
    names = ["ann", "bob", "cy", "dee"][:players]
    state = new_game(GameConfig(players=names, seed=3))
    chooser = random.Random(3)
    while not (state.round == 6 and state.pending[-1].kind == "turn" and state.current_index == 0
               and not state.players[0].covered):
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    state = state.copy()
    forget_legal_actions(state)
    ann = state.players[0]
    three = [g for g in guests().values() if g.order[0] == 3 and g.order[1] == 0]  # Poet, M. Polo, Brother Uwe
    ann.cafe = [CafeTable(g.id, [0, 0, g.order[2], g.order[3]]) for g in three]
    ann.kitchen = [0, 0, 0, 0]
    ann.rooms = [PREPARED] * 20  # a vacant room of every colour
    ann.money = 10
    return state


def test_a_long_order_counts_less_at_a_small_table_where_actions_bring_fewer_items() -> None:
    """Items per main action by table size: 9 strudel in 4 main actions are within reach at 2.5 dishes per action
    (the shared estimate) but not at 2.0 (a two-player table rolls 10 dice): the expert values the café lower
    there, and exactly as the shared evaluation at a four-player table (2.5)."""
    two = _cafe_state(2)
    assert actions_left(two, 0) == 4 > ENDGAME_ACTIONS
    assert len(two.players[0].cafe) == 3
    assert table_items(2) < W.items_per_action
    assert expert_evaluate(two, 0) < evaluate(two, 0) - 1.0
    four = _cafe_state(4)
    assert table_items(4) == W.items_per_action
    assert expert_evaluate(four, 0) == evaluate(four, 0)


def test_in_the_last_round_the_café_is_judged_with_the_shared_estimate() -> None:
    """In the endgame the expert keeps the shared items-per-action estimate (giving up a guest costs 5 VP)."""
    state = _cafe_state(2)
    state.round = 7
    ann = state.players[0]
    ann.covered = []
    ann.cafe[0] = CafeTable()
    ann.cafe[1].served[0] = 1  # guests needing 2 and 3 strudel: 5 dishes in 2 actions, in reach only at 2.5 each
    assert actions_left(state, 0) == 2
    assert evaluate(state, 0, table_items(2)) < evaluate(state, 0) - 1.0
    assert expert_evaluate(state, 0) == evaluate(state, 0)
