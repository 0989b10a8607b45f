"""Issue 55: every Overbooking event carries the data its sentence needs, and the bot words it from that data in
Polish and German, never reading the engine's English (`bot.games.overbooking.words.SENTENCES`, the readers kept
for games stored before the data was kept, is never reached). Over 40 seeded games of 2-4 players, random and
heuristic moves, both scoring sides and the first-game variant. English stays the engine's own sentence, and a
stored game without the data still reads the same through the English readers."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from functools import cache

import pytest

from bot.games.overbooking import words
from engine.core.actions import Event
from engine.overbooking import GameConfig, apply, legal_actions, new_game
from engine.overbooking.ai import policy
from engine.overbooking.game import EVENT_DATA
from render.core.i18n import Translator, translator

SEEDS = range(1, 41)
NAMES = ("ann", "AI Teal", "Mary Jane", "Zoë")
"""Player names, some with spaces (which the English readers once stumbled on)."""


@cache
def events(seed: int) -> tuple[Event, ...]:
    """Every event of a whole seeded game: 2-4 players (by seed), random or heuristic moves, a scoring side."""
    count = 2 + seed % 3
    state = new_game(GameConfig(players=list(NAMES[:count]), seed=seed, scoring="advanced" if seed % 2 else "beginner",
                                without_score_cards=seed % 5 == 0))
    chooser = random.Random(seed)
    heuristic = [policy("heuristic", seed * 10 + seat) for seat in range(count)]
    found: list[Event] = []
    while not state.is_over:
        seat = state.current_index
        assert seat is not None
        action = heuristic[seat].choose(state) if seed % 4 == 0 else chooser.choice(legal_actions(state))
        state, new = apply(state, action)
        found += new
    return tuple(found)


def _never(kind: str) -> Callable[[Translator, str], str | None]:
    def reader(_: Translator, text: str) -> str | None:
        raise AssertionError(f"a {kind} event was read from the engine's English: {text!r}")

    return reader


def test_the_games_show_every_kind_and_each_carries_its_data() -> None:
    seen: set[str] = set()
    for seed in SEEDS:
        for event in events(seed):
            seen.add(event.kind)
            assert event.data and EVENT_DATA[event.kind] <= event.data.keys(), (seed, event)
    assert seen == EVENT_DATA.keys()


def test_the_words_need_only_data_the_engine_gives() -> None:
    assert all(words.FROM_DATA[kind].keys <= keys for kind, keys in EVENT_DATA.items())


@pytest.mark.parametrize("language", ["pl", "de"])
def test_every_event_is_worded_from_its_data(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _ = translator(language)
    worded = {seed: [words.event_words(_, event) for event in events(seed)] for seed in SEEDS}
    monkeypatch.setattr(words, "SENTENCES", {kind: _never(kind) for kind in words.SENTENCES})
    for seed in SEEDS:
        for event, said in zip(events(seed), worded[seed], strict=True):
            assert words.event_words(_, event) == said, (seed, event)
            garbled = dataclasses.replace(event, text="(the engine says something else)")
            assert words.event_words(_, garbled) == said, (seed, event)
            assert said != event.text, (seed, said)


@pytest.mark.parametrize("language", ["pl", "de"])
def test_a_stored_game_without_the_data_reads_the_same(language: str) -> None:
    """The English readers, kept for games stored before the data was kept, agree with the data's words."""
    _ = translator(language)
    for seed in SEEDS[::4]:
        for event in events(seed):
            stored = dataclasses.replace(event, data={})
            assert words.event_words(_, stored) == words.event_words(_, event), (seed, event.text)


def test_english_is_the_engines_own_sentence() -> None:
    _ = translator("en")
    for seed in SEEDS[::4]:
        assert all(words.event_words(_, event) == event.text for event in events(seed))
