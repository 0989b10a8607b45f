"""Overbooking's recap, log and final lines in the game's language (issue 55, item 3): over seeded random games,
no line in Polish or German keeps an English sentence of the catalogs or a plain English word; English is as the
engine says it."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from bot.games.overbooking import presenter as shown
from bot.host.service.model import Move
from engine.overbooking import GameConfig, GameState, apply, legal_actions, new_game
from engine.overbooking.data import bundled_data
from tests.botui.test_recap_languages import english_fragments

ENGLISH_WORDS = re.compile(r"\b(the|and|of|to|puts|takes|books|needs|beds?|queue|back door|hotels|round|left|"
                           r"free|nothing|card)\b")
"""Plain English words that no Polish or German line has (the players are ann, bob, cy)."""


@cache
def played(seed: int) -> tuple[GameState, tuple[Move, ...]]:
    """A whole seeded 3-player game of random moves, as logged moves."""
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=seed, data=bundled_data()))
    rng = random.Random(seed)
    moves: list[Move] = []
    while not state.is_over:
        name, actions = next((player.name, found) for player in state.players
                             if (found := legal_actions(state, player.name)))
        state, events = apply(state, rng.choice(actions))
        moves.append(Move(len(moves) + 1, 0, name, "ai:random", "", tuple(events), len(moves) + 1))
    return state, tuple(moves)


@pytest.mark.parametrize("language", ["pl", "de"])
def test_no_english_is_left_in_overbookings_public_words(language: str) -> None:
    fragments = english_fragments(language)
    problems: list[str] = []
    for seed in range(1, 13):
        state, moves = played(seed)
        lines = shown.log_export(moves, language=language).splitlines()[3:]
        lines += shown.recap_text(moves[-20:], limit=100_000, language=language).splitlines()
        lines += shown.final_lines(state, language=language).splitlines()
        lines += shown.score_text(state, language=language).splitlines()[:-1]  # the provisional note names a file
        for line in filter(str.strip, lines):
            left = [pattern.pattern for pattern in fragments if pattern.search(line)] or ENGLISH_WORDS.findall(line)
            if left:
                problems.append(f"game {seed}: {line!r}: {left}")
    assert not problems, f"{len(problems)} lines with English words, e.g.:\n" + "\n".join(problems[:12])


def test_english_keeps_the_engines_sentences() -> None:
    _state, moves = played(1)
    told = [event.text for move in moves for event in move.events if event.text]
    assert shown.log_export(moves).splitlines()[3:] == told


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_status_line_and_hand_text_are_in_the_readers_language(language: str) -> None:
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=3, data=bundled_data()))
    status = shown.status_line(state, "ann", language=language)
    text, _pictures = shown.hand(state, "ann", language=language)
    english = re.compile(r"\b(Hand: |booked|cards?|coins?|point tokens?|maids|nobles|soldiers|workers|merchants|Bird|"
                         r"Fish|Lion|Your)\b")  # "Hand" and "Rose" are German too
    assert not english.findall(status if language == "pl" else status.removeprefix("Hand: ")), status
    assert not english.findall(text), text
    assert shown.status_line(state, "ann").startswith("Hand: ")
