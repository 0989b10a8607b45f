"""The Let's Waltz option `GameConfig.modules` (issue 17): validation, JSON, and the stored JSON of games without
modules staying exactly as before."""

from __future__ import annotations

import random
import re

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.config import MODULES

ALL = frozenset(MODULES)


def test_the_four_modules_of_issue_17_are_offered_in_order() -> None:
    """A later module joins the list (the properties below then cover it too); today's keep their names."""
    assert MODULES[:4] == ("celebrities", "unique_hotels", "start_player", "more_objectives")


@pytest.mark.parametrize(("options", "message"), [
    ({"players": ["ann", "bob"], "modules": {"ballrooms"}}, "Unknown Let's Waltz module(s): ballrooms"),
    ({"players": ["ann", "bob"], "modules": "celebrity"}, "Unknown Let's Waltz module(s): celebrity"),
    ({"players": ["ann"], "solo": "leopold", "modules": {"start_player"}}, "cannot be played solo"),
    ({"players": ["ann"], "solo": "leopold", "modules": {"unique_hotels"}, "solo_entrance": "ritz"},
     "solo_entrance must be one of hautel_couture, nine_stars_inn, sushi_resort, toll_bridge_hotel"),
    ({"players": ["ann"], "solo": "leopold", "solo_entrance": "sushi_resort"}, "needs a solo game with the Unique"),
    ({"players": ["ann", "bob"], "modules": {"unique_hotels"}, "solo_entrance": "sushi_resort"},
     "needs a solo game with the Unique"),
    ({"players": ["ann"], "solo": "elisabeth"}, "Celebrities module"),
    ({"players": ["Elisabeth"], "solo": "leopold", "modules": {"celebrities"}}, "Elisabeth is the solo opponent"),
])
def test_bad_module_options_raise_a_readable_value_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        new_game(GameConfig(**options))  # type: ignore[arg-type]


def test_every_combination_of_modules_is_accepted() -> None:
    for mask in range(2 ** len(MODULES)):
        modules = frozenset(m for bit, m in enumerate(MODULES) if mask >> bit & 1)
        state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=mask, modules=modules))
        assert state.config.modules == modules
        assert (state.waltz is None) == (not modules)


def test_config_json_omits_modules_when_none_and_round_trips_them() -> None:
    plain = GameConfig(players=["ann", "bob"], seed=3)
    assert "modules" not in plain.to_dict()
    config = GameConfig(players=["ann", "bob"], seed=3, modules=["start_player", "celebrities"])
    assert config.to_dict()["modules"] == ["celebrities", "start_player"]
    assert GameConfig.from_dict(config.to_dict()) == config


@pytest.mark.parametrize("seed", range(1, 41))
def test_game_without_modules_has_no_waltz_state_in_its_json(seed: int) -> None:
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:2 + seed % 3], seed=seed))
    chooser = random.Random(seed)
    for _ in range(60):
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    assert "waltz" not in state.to_dict() and "modules" not in state.to_dict()["config"]


@pytest.mark.parametrize("seed", range(1, 41))
def test_game_with_all_modules_round_trips_through_json(seed: int) -> None:
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:2 + seed % 3], seed=seed, modules=ALL))
    chooser = random.Random(seed)
    for step in range(150):  # a 2-player game may end sooner
        if state.is_over:
            break
        state, _ = apply(state, chooser.choice(legal_actions(state)))
        if step % 2:
            assert GameState.from_json(state.to_json()) == state


def test_every_decision_frame_of_games_with_modules_reads_into_its_payload_and_back() -> None:
    """The Let's Waltz decisions have typed payloads too (each module's payloads.py): frame data survive the trip."""
    from engine.gah.payloads import payload_of

    seen: set[str] = set()
    for seed in range(40):
        chooser = random.Random(seed)
        state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:2 + seed % 3], seed=seed, modules=ALL))
        while not state.is_over:
            for frame in state.pending:
                if not frame.kind.startswith("auto:"):
                    assert payload_of(frame).to_data() == frame.data, frame.kind
                    seen.add(frame.kind)
            state, _ = apply(state, chooser.choice(legal_actions(state)))
    assert {"auction", "key_action", "turn"} <= seen
