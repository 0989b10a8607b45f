"""The master level's value network (issue 43): the state encoding reads only the player's view, the network is
loaded once and deterministic, and the master plays legal, deterministic games that hidden cards do not change.

The master runs here with the reduced test budget (`FAST` of tests/ai/test_policies.py) to keep the file quick.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game, player_view
from engine.gah.ai import policy
from engine.gah.ai.determinize import determinize
from engine.gah.ai.economy import economy_value
from engine.gah.ai.encoding import FEATURES, SIZE, encode, encode_with_parts, evaluation_parts
from engine.gah.ai.expert import ExpertPolicy, expert_evaluate
from engine.gah.ai.master import MasterPolicy, master_value
from engine.gah.ai.network import ValueNetwork, load, table_key, value
from engine.gah.ai.strong import Budget
from tests.ai.test_policies import FAST, _reshuffle_hidden, play, sample_states


def solo_states(seed: int, every: int = 6) -> list[GameState]:
    """States of a random solo game against Leopold on hard, one every `every` decisions."""
    config = GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard")
    state = new_game(config)
    chooser = random.Random(seed)
    result = []
    count = 0
    while not state.is_over:
        if count % every == 0:
            result.append(state)
        state, _ = apply(state, chooser.choice(legal_actions(state)))
        count += 1
    return result


def zero_network(tables: frozenset[int] = frozenset({1})) -> ValueNetwork:
    """A network whose correction is always 0 (the hand-built evaluation exactly)."""
    return ValueNetwork(np.zeros(SIZE), np.ones(SIZE), ((np.zeros((SIZE, 4)), np.zeros(4)),), np.zeros(4), 0.0,
                        100.0, tables)


def test_encoding_has_a_fixed_length_with_a_name_per_feature() -> None:
    assert len(FEATURES) == SIZE == len(set(FEATURES))
    for state in solo_states(3) + list(sample_states(4, players=3, every=9)):
        for index in range(len(state.players)):
            features = encode(state, index)
            assert len(features) == SIZE
            assert all(np.isfinite(features))


def test_encoding_reads_only_the_players_view() -> None:
    """Issue 43: the encoding of a state, of the player's view of it, and of a state with other hidden cards
    (other hands, deck orders, the generator) are the same."""
    chooser = random.Random(5)
    compared = 0
    states = solo_states(7, every=4) + list(sample_states(8, players=3, every=5)) + list(
        sample_states(9, players=4, every=7, staff_start="draft"))
    for state in states:
        viewer = state.current_index
        if viewer is None:
            continue
        name = state.players[viewer].name
        view = player_view(state, name)
        other = _reshuffle_hidden(state, viewer, chooser)
        assert player_view(other, name).to_json() == view.to_json()
        expected = encode(state, viewer)
        assert encode(view, viewer) == expected
        assert encode(other, viewer) == expected
        assert encode(determinize(view, viewer, 123)[0], viewer) == expected
        compared += other.to_json() != state.to_json()
    assert compared > 30


def test_evaluation_parts_sum_to_the_expert_evaluation() -> None:
    for state in solo_states(11, every=9) + list(sample_states(12, players=2, every=9)):
        for index in range(len(state.players)):
            total = sum(evaluation_parts(state, index)) + economy_value(state, index)
            assert total == pytest.approx(expert_evaluate(state, index), abs=1e-9)
            assert encode_with_parts(state, index)[1] == evaluation_parts(state, index)


def test_shipped_network_is_loaded_once_and_deterministic() -> None:
    network = load()
    assert load() is network
    assert network.mean.shape == (SIZE,)
    assert 1 in network.players  # trained on solo games
    state = solo_states(13)[5]
    first = value(state, 0)
    assert value(GameState.from_json(state.to_json()), 0) == first
    assert np.isfinite(first)
    with pytest.raises(ValueError, match="features"):
        network.predict([0.0] * (SIZE - 1))


def test_a_zero_network_is_the_hand_built_evaluation() -> None:
    net = zero_network()
    for state in solo_states(14, every=10):
        assert value(state, 0, net) == pytest.approx(expert_evaluate(state, 0), abs=1e-9)


def test_network_round_trips_through_its_arrays() -> None:
    generator = np.random.default_rng(1)
    net = ValueNetwork(generator.normal(size=SIZE), np.ones(SIZE) * 2, ((generator.normal(size=(SIZE, 3)),
                                                                         generator.normal(size=3)),),
                       generator.normal(size=3), 1.5, 40.0, frozenset({1, 3}))
    again = ValueNetwork.from_arrays(net.to_arrays())
    features = encode(solo_states(15)[3], 0)
    assert again.predict(features) == net.predict(features)
    assert again.players == frozenset({1, 3}) and again.limit == 40.0
    assert abs(net.predict(features)) <= 40.0


def test_master_leaf_adds_the_blended_correction() -> None:
    """The master's leaf value is the hand-built evaluation plus `BLEND` times the network's correction."""
    network = load()
    for state in solo_states(20, every=15)[1:]:
        base = expert_evaluate(state, 0)
        full = value(state, 0, network)
        assert master_value(state, 0, network, 0.0) == base
        assert master_value(state, 0, network, 1.0) == full
        assert master_value(state, 0, network, 0.25) == pytest.approx(base + 0.25 * (full - base))


def test_master_falls_back_to_the_expert_where_the_network_was_not_trained() -> None:
    """At a table the network has not seen (3 players here), the master's leaves are the expert's evaluation."""
    states = list(sample_states(16, players=3, every=13))
    assert table_key(states[0]) == 3
    for state in states:
        viewer = state.current_index
        if viewer is None:
            continue
        assert master_value(state, viewer, zero_network(frozenset({1}))) == expert_evaluate(state, viewer)
    state = states[4]
    assert MasterPolicy(3, FAST).choose(state) == ExpertPolicy(3, FAST).choose(state)
    assert MasterPolicy(3, FAST, everywhere=True).choose(state) == ExpertPolicy(3, FAST).choose(state)


def test_master_everywhere_judges_every_state_by_the_master_value() -> None:
    """With `everywhere`, the search's own evaluator (the beam's ranking, the look-ahead's moves) is the master's
    value; without it only the leaves are, and the ranking keeps the hand-built evaluation."""
    state = solo_states(20, every=15)[2]
    network = load()
    assert MasterPolicy(1, FAST, network, everywhere=True).evaluator(state, 0) == master_value(state, 0, network)
    assert MasterPolicy(1, FAST, network).evaluator(state, 0) == expert_evaluate(state, 0)
    assert master_value(state, 0, network) != expert_evaluate(state, 0)


def test_master_plays_a_solo_game_with_legal_moves_only() -> None:
    config = GameConfig(players=["ann"], seed=17, solo="leopold", solo_difficulty="hard")

    def check(state: GameState, action: object) -> None:
        assert action in legal_actions(state)

    assert play(config, [MasterPolicy(4, FAST)], check).is_over
    assert play(config, [MasterPolicy(4, FAST, everywhere=True)], check).is_over


def test_master_same_seed_same_moves_and_hidden_cards_do_not_matter() -> None:
    chooser = random.Random(18)
    budget = Budget(worlds=2, width=2, depth=3, rollouts=1)  # one look-ahead finalist: its leaves too
    for state in solo_states(19, every=8):
        viewer = state.current_index
        if viewer is None:
            continue
        for everywhere in (False, True):
            move = MasterPolicy(7, budget, everywhere=everywhere).choose(state)
            again = GameState.from_json(state.to_json())
            assert MasterPolicy(7, budget, everywhere=everywhere).choose(again) == move
            hidden = _reshuffle_hidden(state, viewer, chooser)
            assert MasterPolicy(7, budget, everywhere=everywhere).choose(hidden) == move


def test_master_is_a_level() -> None:
    assert isinstance(policy("master", 1), MasterPolicy)


def test_lambda_returns_of_the_training_script() -> None:
    """bench/train_value.py's TD(lambda) targets: lambda 1 is the final score of each game, lambda 0 the next
    state's value, and in between the recursion G(t) = (1 - lambda) V(t+1) + lambda G(t+1) within one game."""
    from bench.train_value import game_starts, lambda_returns

    seeds = np.array([5, 5, 5, 9, 9])
    values = np.array([10.0, 20.0, 30.0, 40.0, 50.0])
    finals = np.array([100.0, 100.0, 100.0, 60.0, 60.0])
    starts = game_starts(seeds)
    assert starts.tolist() == [True, False, False, True, False]
    assert lambda_returns(values, finals, starts, 1.0).tolist() == finals.tolist()
    assert lambda_returns(values, finals, starts, 0.0).tolist() == [20.0, 30.0, 100.0, 50.0, 60.0]
    mixed = lambda_returns(values, finals, starts, 0.5)
    assert mixed[2] == 100.0 and mixed[4] == 60.0  # the last state of a game returns its final score
    assert mixed[1] == pytest.approx(0.5 * 30.0 + 0.5 * 100.0)
    assert mixed[0] == pytest.approx(0.5 * 20.0 + 0.5 * mixed[1])
    assert mixed[3] == pytest.approx(0.5 * 50.0 + 0.5 * 60.0)  # the next game does not leak into this one
