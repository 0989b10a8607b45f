"""Issue 55: the engine tells what each back-door ability did as data (an outcome and its values), not only as an
English sentence, so the bot can word it in any language; games stored before keep loading."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.overbooking import GameConfig, GameState, apply, legal_actions, new_game
from engine.overbooking.data import bundled_data
from engine.overbooking.resolve import BEDS_PER_ABILITY
from engine.overbooking.state import ABILITY_OUTCOMES, Step

TARGETED = {"book_first", "take_place"}


def random_game(seed: int) -> tuple[GameState, list[tuple[dict[str, Any], Step]]]:
    """A whole seeded 3-player game of random moves: its end state and each ability event's data with the step
    the hotel's resolution recorded for it (a resolution keeps each card once)."""
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=seed, data=bundled_data()))
    rng = random.Random(seed)
    found: list[tuple[dict[str, Any], Step]] = []
    while not state.is_over:
        actions = next(legal for player in state.players if (legal := legal_actions(state, player.name)))
        state, happened = apply(state, rng.choice(actions))
        for event in happened:
            if event.kind == "ability":
                steps = [step for resolution in state.resolutions for step in resolution.steps
                         if step.kind == "ability" and step.card == event.data["card"]]
                found.append((event.data, steps[-1]))
    return state, found


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_ability_step_and_event_says_what_it_did_as_data(seed: int) -> None:
    state, abilities = random_game(seed)
    assert len(abilities) > 5, "a random game has back-door abilities"
    for data, step in abilities:
        assert step.outcome in ABILITY_OUTCOMES and data["outcome"] == step.outcome, (data, step)
        assert (step.target is not None) == (step.outcome in TARGETED), step
        assert step.change == {"beds": BEDS_PER_ABILITY if "+" in step.text else -BEDS_PER_ABILITY}.get(
            step.outcome, 0), step
        guest = data["guest"]
        assert step.card is not None and guest["card"] == step.card == data["card"]
        assert guest["owner"] == state.players[state.owner_of(step.card)].name
        card = state.card(step.card)
        assert (guest["crest"], guest["beds"], guest["kind"]) == (card.crest, card.beds, card.kind)
        target = data.get("target")
        assert (target is None) == (step.target is None)
        if target is not None:
            assert target["card"] == step.target
            assert target["owner"] == state.players[state.owner_of(target["card"])].name
        assert data["change"] == step.change and data["free"] == step.beds
        json.dumps(data)  # stored with the move


def test_a_state_round_trips_with_the_outcomes_and_an_older_one_still_loads() -> None:
    state, _abilities = random_game(3)
    assert GameState.from_json(state.to_json()) == state
    raw = json.loads(state.to_json())
    for resolution in raw["resolutions"]:
        for step in resolution["steps"]:
            for key in ("outcome", "target", "change"):
                del step[key]
    older = GameState.from_json(json.dumps(raw))
    steps = [step for resolution in older.resolutions for step in resolution.steps]
    assert steps and all((step.outcome, step.target, step.change) == ("", None, 0) for step in steps)
    assert [step.text for step in steps] == [step.text for r in state.resolutions for step in r.steps]
