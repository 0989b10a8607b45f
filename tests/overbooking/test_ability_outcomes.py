"""Issue 55: the engine tells what each back-door ability did as data (an outcome and its values), not only as an
English sentence, so the bot can word it in any language; games stored before keep loading."""

from __future__ import annotations

import json
import random

import pytest

from engine.overbooking import GameConfig, GameState, apply, legal_actions, new_game
from engine.overbooking.data import bundled_data
from engine.overbooking.resolve import BEDS_PER_ABILITY
from engine.overbooking.state import ABILITY_OUTCOMES

TARGETED = {"book_first", "take_place"}


def random_game(seed: int) -> tuple[GameState, list[tuple[str, dict[str, object]]]]:
    """A whole seeded 3-player game of random moves: its end state and every event's (kind, data)."""
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=seed, data=bundled_data()))
    rng = random.Random(seed)
    events: list[tuple[str, dict[str, object]]] = []
    while not state.is_over:
        actions = next(found for player in state.players if (found := legal_actions(state, player.name)))
        state, happened = apply(state, rng.choice(actions))
        events += [(event.kind, event.data) for event in happened]
    return state, events


@pytest.mark.parametrize("seed", range(1, 9))
def test_every_ability_step_and_event_says_what_it_did_as_data(seed: int) -> None:
    state, events = random_game(seed)
    steps = [step for resolution in state.resolutions for step in resolution.steps if step.kind == "ability"]
    assert steps, "a random game has back-door abilities"
    for step in steps:
        assert step.outcome in ABILITY_OUTCOMES, step
        assert (step.target is not None) == (step.outcome in TARGETED), step
        assert step.change == {"beds": BEDS_PER_ABILITY if "+" in step.text else -BEDS_PER_ABILITY}.get(
            step.outcome, 0), step
    abilities = [data for kind, data in events if kind == "ability"]
    assert [data["outcome"] for data in abilities] == [step.outcome for step in steps]
    for data, step in zip(abilities, steps, strict=True):
        guest = data["guest"]
        assert isinstance(guest, dict) and guest["card"] == step.card == data["card"]
        assert guest["owner"] == state.players[step.owner or 0].name
        assert (guest["crest"], guest["beds"], guest["kind"]) == (
            state.card(step.card).crest, state.card(step.card).beds, state.card(step.card).kind)
        target = data.get("target")
        assert (target is None) == (step.target is None)
        if isinstance(target, dict):
            assert target["card"] == step.target and target["owner"] == state.players[
                state.owner_of(step.target)].name
        assert data["change"] == step.change and data["free"] == step.beds
        json.dumps(data)  # stored with the move


def test_a_state_round_trips_with_the_outcomes_and_an_older_one_still_loads() -> None:
    state, _events = random_game(3)
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
