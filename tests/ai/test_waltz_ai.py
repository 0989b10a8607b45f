"""The AI levels answer every Let's Waltz decision legally and sensibly (issue 17): the entrance auction (bids
within their krones, an entrance for everybody), the dustbin die, and whole games with all modules."""

from __future__ import annotations

import pytest

from engine import GameConfig, apply, legal_actions, new_game
from engine.gah.ai import LEVELS
from engine.gah.config import MODULES
from engine.gah.context import Ctx
from engine.gah.flow import STEPS
from engine.gah.game import forget_legal_actions
from engine.gah.state import Frame
from tests.ai.test_policies import make_policy


@pytest.mark.parametrize("level", LEVELS)
def test_entrance_auction_gets_legal_bids_and_everybody_an_entrance(level: str) -> None:
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=21, modules=frozenset({"unique_hotels"})))
    bids = 0
    while state.round == 0:
        action = make_policy(level, 3).choose(state)
        assert action in legal_actions(state)
        if action.kind == "bid":
            bids += 1
            assert action.args[1] <= state.players[state.current_index or 0].money
        state, _ = apply(state, action)
    assert bids >= 2 and all(player.entrance is not None for player in state.players)
    if level != "random":  # sensible: nobody spends the krones the starting rooms need
        assert all(player.money >= 4 for player in state.players)


@pytest.mark.parametrize("level", ["greedy", "strong", "expert"])
def test_dustbin_die_bins_the_celebrity_with_the_fewest_vp(level: str) -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=5, modules=frozenset({"celebrities"})))
    while state.round == 0:
        state, _ = apply(state, legal_actions(state)[0])
    state = state.copy()
    assert state.waltz is not None
    part = state.waltz.celebrities
    state.dice, part.colored, part.chits = [0, 1, 0, 0, 1, 0], [2, 5, -1], [4, 1, 2]
    for player in state.players:
        player.covered = [player.tile[0]]
    state.cycle, state.turn, state.pending = [], None, []
    ctx = Ctx(state)
    STEPS["auto:next_turn"](ctx, Frame("auto:next_turn", 0))
    forget_legal_actions(state)
    assert state.pending[-1].kind == "dustbin_die"
    action = make_policy(level, 1).choose(state)
    assert action in legal_actions(state) and str(action) == "discard blue die"


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_whole_games_with_every_module(level: str) -> None:
    """Greedy, and expert (with the reduced test budget), play two full 2-player games with all modules: every
    answer legal, the game ends."""
    kinds: set[str] = set()
    for seed in (1, 2):
        state = new_game(GameConfig(players=["ann", "bob"], seed=seed, modules=frozenset(MODULES)))
        policies = [make_policy(level, seed), make_policy(level, seed + 7)]
        while not state.is_over:
            kinds.add(state.pending[-1].kind)
            action = policies[state.current_index or 0].choose(state)
            assert action in legal_actions(state)
            state, _ = apply(state, action)
        assert state.round == 7
    assert {"auction", "turn"} <= kinds
