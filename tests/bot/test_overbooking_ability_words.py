"""Issue 55: Overbooking's back-door abilities are worded in the game's language from the engine's data, not from
its English sentence (the recap, the log and the resolution picture); a game stored before the data was kept still
shows its abilities in that language, read from the English as before."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.games.overbooking.words import SENTENCES, event_words
from engine.core.actions import Event
from engine.overbooking import GameConfig, apply, legal_actions, new_game
from engine.overbooking.data import bundled_data
from render.core.i18n import translator
from render.overbooking.resolution import step_words
from tests.bot.test_overbooking_words_languages import played

SEEDS = range(1, 9)


def abilities(seed: int) -> list[Event]:
    _state, moves = played(seed)
    return [event for move in moves for event in move.events if event.kind == "ability"]


@pytest.mark.parametrize("language", ["pl", "de"])
def test_an_ability_is_worded_from_its_data_and_not_from_the_english(language: str) -> None:
    _ = translator(language)
    found = 0
    for seed in SEEDS:
        for event in abilities(seed):
            said = event_words(_, event)
            garbled = dataclasses.replace(event, text="(the engine says something else)")
            assert event_words(_, garbled) == said, (seed, event)
            assert said != event.text and "'s " not in said, (seed, said)
            found += 1
    assert found > 20


@pytest.mark.parametrize("language", ["pl", "de"])
def test_a_stored_game_without_the_data_still_shows_its_abilities_the_same(language: str) -> None:
    _ = translator(language)
    for seed in SEEDS:
        for event in abilities(seed):
            stored = dataclasses.replace(event, data={"slot": event.data["slot"], "card": event.data["card"]})
            assert event_words(_, stored) == event_words(_, event) == SENTENCES["ability"](_, event.text), (
                seed, event.text)


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_resolution_picture_words_an_ability_from_its_outcome(language: str) -> None:
    _ = translator(language)
    checked = 0
    for seed in SEEDS:
        state, _moves = played(seed)
        for resolution in state.resolutions:
            for step in resolution.steps:
                if step.kind != "ability":
                    continue
                said = step_words(state, resolution, step, _)
                assert step_words(state, resolution, dataclasses.replace(step, text="?"), _) == said
                older = dataclasses.replace(step, outcome="", target=None, change=0)
                assert step_words(state, resolution, older, _) == said, (seed, step.text)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("language", ["pl", "de"])
def test_a_new_round_is_worded_whatever_the_starting_players_name(language: str) -> None:
    """The e2e game found it: "Round 2 begins. ... AI Teal starts." stayed English (a name with a space)."""
    _ = translator(language)
    checked = 0
    for seed in SEEDS:
        state = new_game(GameConfig(players=["AI Teal", "ann", "Mary Jane"], seed=seed, data=bundled_data()))
        rng = random.Random(seed)
        while not state.is_over:
            actions = next(legal for player in state.players if (legal := legal_actions(state, player.name)))
            state, events = apply(state, rng.choice(actions))
            for event in events:
                if event.kind != "round":
                    continue
                said = event_words(_, event)
                stored = dataclasses.replace(event, data={"round": event.data["round"]})
                assert event_words(_, stored) == said, (seed, event.text)
                assert "starts" not in said and "hotels" not in said and event.data["starts"] in said, said
                checked += 1
    assert checked >= 3 * len(SEEDS)
