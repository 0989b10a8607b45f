"""What a view hides, over many seeds (issue 54 item 4): the contract test (test_engine_contract.py) checks every
clause after every action of 2 games per setup; here the view clauses alone are checked in 40 more games per
engine (seeds 3-42, the setup drawn from the seed), at every 7th decision: `player_view` hides what it must for
the player on turn and for the public, the legal moves follow from the view, and a twin with other hidden cards
looks the same to the player and offers the same moves."""

from __future__ import annotations

from typing import Any

import pytest

from tests.contract.engines import ENGINES, EngineUnderTest

SEEDS = range(3, 43)
EVERY = 7
"""Check every 7th decision of a game (all of them would cost about 2 s a game)."""


def check_view(entry: EngineUnderTest, state: Any) -> None:
    """The view clauses of the contract for the player on turn (and the public view)."""
    api = entry.api
    entry.hides(state, api.player_view(state, None), None)
    me = state.current_player
    view = api.player_view(state, me)
    entry.hides(state, view, me)
    actions = api.legal_actions(state)
    assert api.legal_actions(view) == actions, "the view offers other actions than the state"
    twin = entry.twin(state, me)
    assert api.player_view(twin, me) == view, "the twin looks different to the player"
    assert api.legal_actions(twin) == actions, "the legal moves depend on what the view hides"


@pytest.mark.parametrize("entry", ENGINES, ids=[entry.name for entry in ENGINES])
def test_views_hide_what_they_must_over_many_seeds(entry: EngineUnderTest) -> None:
    labels = list(entry.setups)
    for seed in SEEDS:
        label = labels[seed % len(labels)]
        state = entry.api.new_game(entry.setups[label](seed))
        policy = entry.policy(seed)
        step = 0
        while not state.is_over:
            if step % EVERY == 0:
                try:
                    check_view(entry, state)
                except AssertionError as error:
                    raise AssertionError(f"{label}, seed {seed}, action {step}: {error}") from error
            state, _ = entry.api.apply(state, policy.choose(state))
            step += 1
