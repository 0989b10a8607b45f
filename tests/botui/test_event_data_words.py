"""Grand Austria Hotel events worded from their data, not from the engine's English (issue 55 item 1): over 62
seeded games (base game, against Leopold, against Elisabeth) every event of the kinds that gained data carries it,
consistent with its sentence; the words in English, Polish and German never read a fact back out of the sentence
(`words_stored.text_match`, kept for games stored before); such stored games are worded as before; and the
English words are byte-identical to the code's before the change (`english_words`' golden)."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from typing import Any

import pytest

from bot.games.gah import words_gains, words_stored
from bot.games.gah.words_phrases import PHRASES
from engine import GameConfig, new_game
from engine.core.actions import Event
from engine.gah.config import PRONOUNS
from engine.gah.context import Ctx
from engine.gah.mechanics import gain_krones
from engine.gah.solo_reasons import KEYS, Reason
from render.core.i18n import translator
from tests.botui import english_words
from tests.botui.english_words import GAMES, game, public_words

NEW_DATA: dict[str, tuple[str, ...]] = {
    "krones": ("lost",),
    "emperor": ("now",),
    "items": ("reason",),
    "extra_action": ("space", "strength"),
    "secretary": ("card",),
    "solo_guest": ("reason",),
    "solo_room": ("reason", "colour"),
}
"""The data each event kind always carries now, by the kind (besides "pay", "die" and "solo_objective", whose data
depend on their form: see `_missing`)."""

STORED_WITHOUT: dict[str, tuple[str, ...]] = {
    **NEW_DATA, "secretary": ("card", "points"), "pay": ("paid_for", "cause"), "die": ("reason",),
    "solo_objective": ("reason", "card"),
}
"""The data a game stored before issue 55 item 1 lacks, by event kind."""


def _all_events() -> list[Event]:
    return [event for players, seed, options in GAMES for move in game(players, seed, options)[0]
            for event in move.events]


def _missing(event: Event) -> list[str]:
    """The data `event` should carry and does not."""
    data = event.data
    wanted = list(NEW_DATA.get(event.kind, ()))
    if event.kind == "pay":
        wanted.append("cause" if " loses " in event.text else "paid_for")
    if event.kind == "die" and "does not carry out" in event.text:
        wanted.append("reason")
    if event.kind == "solo_objective" and "slot" in data:
        wanted += ["reason", "card"]
    return [key for key in wanted if key not in data]


def test_every_event_of_the_changed_kinds_carries_its_data() -> None:
    events = _all_events()
    seen = {event.kind for event in events}
    assert seen >= {*NEW_DATA, "pay", "die", "solo_objective"}, "the seeded games lack a kind"
    problems = [f"{event.kind}: {event.text} lacks {missing}" for event in events if (missing := _missing(event))]
    assert not problems, f"{len(problems)} events lack data, e.g.:\n" + "\n".join(problems[:10])


def test_the_solo_reasons_data_says_what_the_sentence_says() -> None:
    keys: set[str] = set()
    for event in _all_events():
        reason = event.data.get("reason")
        if not isinstance(reason, dict):
            continue
        values = {key: value for key, value in reason.items() if key not in ("key", "hand")}
        his = PRONOUNS[str(event.player)]["possessive"]
        said = Reason(reason["key"], values, his=his, hand=reason.get("hand")).text
        assert f"({said})" in event.text, (reason, event.text)
        keys.add(reason["key"])
    assert keys >= set(KEYS) - {"rooms occupied"}, f"reasons never given: {set(KEYS) - keys}"


def test_the_krones_lost_above_20_are_data() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=1))
    ctx = Ctx(copy.deepcopy(state))
    ctx.player(0).money = 19
    gain_krones(ctx, 0, 3)
    event = ctx.events[-1]
    assert (event.data["amount"], event.data["lost"]) == (3, 2)
    assert event.text.endswith("gains 3 krones (2 lost above 20).")
    stored = replace(event, data={key: value for key, value in event.data.items() if key != "lost"})
    for language in ("en", "pl", "de"):
        _ = translator(language)
        said = PHRASES["krones"](_, event, 0)
        assert said == PHRASES["krones"](_, stored, 0)
        assert re.search(r"\b2\b", str(said)), said
    assert words_gains.krones_phrase(translator("en"), event, 0) == "gains 3 krones (2 lost above 20)"


@pytest.mark.parametrize("language", ["en", "pl", "de"])
def test_the_words_never_read_the_engine_sentence(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []

    def reading(event: Event, pattern: str, *, whole: bool = False) -> re.Match[str] | None:
        read.append(f"{event.kind}: {event.text}")
        return None

    monkeypatch.setattr(words_stored, "text_match", reading)
    for players, seed, options in GAMES:
        public_words(players, seed, options, language)
    assert not read, f"{len(read)} events worded from their sentence, e.g.:\n" + "\n".join(read[:10])


def _stored(players: int, seed: int, options: dict[str, str]) -> tuple[Any, ...]:
    """The game's moves as a game stored before issue 55 item 1 holds them (without the new data)."""
    moves, vp_before = game(players, seed, options)
    old = tuple(replace(move, events=tuple(
        replace(event, data={key: value for key, value in event.data.items()
                             if key not in STORED_WITHOUT.get(event.kind, ())}) for event in move.events))
        for move in moves)
    return old, vp_before


@pytest.mark.parametrize("language", ["en", "pl", "de"])
def test_games_stored_before_the_data_are_worded_the_same(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The words from the data are the words the engine's sentence gave (the fallback is the old code's reading)."""
    differ: list[int] = []
    read = 0
    reading = words_stored.text_match

    def counted(event: Event, pattern: str, *, whole: bool = False) -> re.Match[str] | None:
        nonlocal read
        read += 1
        return reading(event, pattern, whole=whole)

    for players, seed, options in GAMES[::3]:
        now = public_words(players, seed, options, language)
        stored = _stored(players, seed, options)
        with monkeypatch.context() as patched:
            patched.setattr(english_words, "game", lambda *_args, value=stored: value)
            patched.setattr(words_stored, "text_match", counted)
            before = english_words.public_words(players, seed, options, language)
        if before != now:
            differ.append(seed)
    assert read > 100, "the stored games were not worded from their sentences"
    assert not differ, f"games worded differently without the data: {differ}"


def test_the_english_words_are_byte_identical_to_before() -> None:
    golden = json.loads(english_words.GOLDEN.read_text())
    now = english_words.digests()
    assert golden.keys() == now.keys()
    assert [seed for seed in golden if golden[seed] != now[seed]] == []
