"""*Suggest*'s reasons in the reader's language (issue 55 item 1): the engine's reason is data
(`engine.core.suggestions.Reason`, facts from `engine.gah.ai.explain`), and `bot.games.gah.suggest_reasons` says it
in English, Polish or German: no English sentence left in a Polish or German reason, every fact kind worded in each
language, and Polish counted in its three plural forms."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from typing import Any

import pytest

from bot.games.gah.suggest_reasons import WORDS, fact_text, reason_text
from bot.games.gah.suggest_words import suggestion_text
from bot.host.service.suggest_desk import Suggestion
from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.core.suggestions import Fact, Reason
from engine.gah.ai.explain import (
    CHECKED_IN,
    FACT_KINDS,
    ITEMS,
    KRONES,
    POLITICS,
    ROOMS,
    SEATED,
    STAFF_DRAWN,
    STAFF_PLAYED,
    rank_moves,
    reason,
)
from engine.gah.ai.strong import Budget
from engine.gah.cards import guests, staff
from tests.botui.test_panel_languages import english_sentences

SMALL = Budget(worlds=1, width=3, depth=4, rollouts=3, turns_ahead=1, horizon=60)
LANGUAGES = ("pl", "de")
CARDS = {CHECKED_IN: sorted(guests()), SEATED: sorted(guests()), STAFF_PLAYED: sorted(staff())}
"""The card ids each fact kind about cards names."""


def _line(seed: int) -> tuple[GameState, int, GameState, GameState]:
    """A seeded mid-game decision of some seat (start), the state after its next action (mid) and after a few more
    random actions (end): a line whose changes the facts builder tells, without a search."""
    players = ["ann", "bob", "cy", "dee"][:seed % 3 + 2]
    state = new_game(GameConfig(players=players, seed=seed))
    chooser = random.Random(seed)
    for _step in range(chooser.randrange(10, 120)):
        if state.is_over:
            break
        state, _events = apply(state, chooser.choice(legal_actions(state)))
    seat = state.current_index
    if state.is_over or seat is None:
        return _line(seed + 1000)
    mid, _events = apply(state, chooser.choice(legal_actions(state)))
    end = mid
    for _step in range(chooser.randrange(1, 25)):
        if end.is_over:
            break
        end, _events = apply(end, chooser.choice(legal_actions(end)))
    return state, seat, mid, end


def _from_json(data: dict[str, Any]) -> Reason:
    def facts(rows: list[dict[str, Any]]) -> tuple[Fact, ...]:
        return tuple(Fact(row["kind"], row["count"], tuple(row["cards"])) for row in rows)
    return Reason(facts(data["own"]), facts(data["later"]), data["vp"], data["nothing_more"])


def _facts(told: Reason) -> tuple[Fact, ...]:
    return told.own + told.later


def _assert_said_in(language: str, told: Reason | None) -> None:
    english, said = reason_text(told), reason_text(told, language=language)
    assert bool(said) == bool(english), (language, english, said)
    if not english:
        return
    assert said != english and "{" not in said and said.endswith("."), (language, said)
    left = [sentence for sentence in english_sentences(language) if sentence in said]
    assert told is not None
    left += [clause for fact in _facts(told) if (clause := fact_text(fact)) in said]
    assert not left, f"{language}: {said!r} holds English {left}"
    assert not re.search(r"\b(You would|then|for \d+ VP|in your café|to your hand|krones?)\b", said), said


@pytest.mark.parametrize("seed", range(48))
def test_the_reason_of_a_seeded_line_is_data_said_in_each_language(seed: int) -> None:
    start, seat, mid, end = _line(seed)
    told = reason(start, seat, end, None, mid)
    if told is not None:  # data only: kinds, counts and card ids, ready for JSON
        assert _from_json(json.loads(json.dumps(dataclasses.asdict(told)))) == told
        for fact in _facts(told):
            assert fact.kind in FACT_KINDS and fact.count > 0, fact
            assert len(fact.cards) == (fact.count if fact.kind in CARDS else 0), fact
    for language in LANGUAGES:
        _assert_said_in(language, told)


def test_the_seeded_lines_tell_most_kinds_of_fact() -> None:
    """The seeded lines above are varied enough to mean something: they tell most kinds of fact, in both parts."""
    kinds: set[str] = set()
    for seed in range(48):
        start, seat, mid, end = _line(seed)
        told = reason(start, seat, end, None, mid)
        kinds |= {fact.kind for fact in _facts(told)} if told is not None else set()
    assert len(kinds) >= 7, kinds


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", FACT_KINDS)
def test_every_fact_kind_has_words_in_each_language(kind: str, language: str) -> None:
    assert set(WORDS) == set(FACT_KINDS)
    for count in (1, 2, 5, 22):
        cards = tuple(CARDS[kind][:count]) if kind in CARDS else ()
        fact = Fact(kind, len(cards) if cards else count, cards)
        english, said = fact_text(fact), fact_text(fact, language=language)
        assert said and said != english and "{" not in said, (kind, count, said)
        for told in (Reason((fact,), (), 0), Reason((fact,), (Fact(ROOMS, 2),), count), Reason((fact,), (), 3)):
            _assert_said_in(language, told)
    _assert_said_in(language, Reason(nothing_more=True))


@pytest.mark.parametrize(("count", "rooms", "krones", "cards", "politics"), [
    (1, "przygotujesz 1 pokój", "zyskasz 1 koronę", "dobierzesz na rękę 1 kartę personelu", "kartę polityki"),
    (2, "przygotujesz 2 pokoje", "zyskasz 2 korony", "dobierzesz na rękę 2 karty personelu", "2 karty polityki"),
    (5, "przygotujesz 5 pokoi", "zyskasz 5 koron", "dobierzesz na rękę 5 kart personelu", "5 kart polityki"),
    (22, "przygotujesz 22 pokoje", "zyskasz 22 korony", "dobierzesz na rękę 22 karty personelu",
     "22 karty polityki"),
])
def test_polish_counts_in_its_three_plural_forms(count: int, rooms: str, krones: str, cards: str,
                                                 politics: str) -> None:
    assert fact_text(Fact(ROOMS, count), language="pl") == rooms
    assert fact_text(Fact(KRONES, count), language="pl") == krones
    assert fact_text(Fact(STAFF_DRAWN, count), language="pl") == cards
    assert fact_text(Fact(POLITICS, count), language="pl") == f"zdobędziesz {politics}"
    told = Reason((Fact(ROOMS, count),), (Fact(ITEMS, count),), count)
    items = fact_text(Fact(ITEMS, count), language="pl")
    assert reason_text(told, language="pl") == f"Tym ruchem {rooms}, a potem {items} — łącznie {count} PZ."


def test_english_reads_as_before() -> None:
    major = next(guest for guest in guests().values() if guest.name == "Major")
    told = Reason((Fact(SEATED, 1, (major.id,)),), (Fact(ROOMS, 2), Fact(KRONES, 1)), 5)
    said = "You would seat Major (red, 3 VP) in your café, then prepare 2 rooms and gain 1 krone, for 5 VP."
    assert reason_text(told) == said
    assert reason_text(Reason((Fact(POLITICS, 1),), (), 0)) == "You would claim a politics card."
    assert reason_text(Reason(nothing_more=True)) == "Nothing more this turn is worth what it costs."
    assert reason_text(None) == ""


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_suggest_answer_in_polish_and_german_has_no_english_reason(seed: int) -> None:
    """The whole *Suggest* answer (on a real search): its reasons are in the reader's language, not English."""
    state = new_game(GameConfig(players=["ann", "bob"], seed=seed))
    chooser = random.Random(seed)
    for _step in range(chooser.randrange(20, 90)):
        state, _events = apply(state, chooser.choice(legal_actions(state)))
    seat = state.current_index or 0
    suggestion = Suggestion(1, 1, seat, state, tuple(rank_moves(state, seat, SMALL, seed=2)))
    for language in LANGUAGES:
        said = suggestion_text(suggestion, language=language)
        assert not re.search(r"You would|Nothing more this turn|in your café|for \d+ VP", said), said
        assert not [sentence for sentence in english_sentences(language) if sentence in said], said
