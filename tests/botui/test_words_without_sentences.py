"""No word is chosen by reading the engine's English (issue 55 item 1): over 58 seeded games (the base game, the
2015 edition, the staff draft, every Let's Waltz module together and each alone, solo against Leopold and against
Elisabeth, solo with the unique hotels), every event's text is replaced by a meaningless string, and the Polish and
German log export, newest recap, highlights and since-last-turn lines must be IDENTICAL to those of the real events.
(The final lines are worded from the game state, never from events, so they cannot read a sentence.)

English tells the engine's own sentence for the kinds of `ENGLISH_SENTENCE_KINDS` (allowed: it is the engine's
English); for every other kind the English words are checked the same way, with those kinds' sentences kept.
The engine's sentence is still read (through `bot.games.gah.words_stored.text_match`, the one place) only for games
stored before their events carried the data.
"""

from __future__ import annotations

import difflib
from dataclasses import replace

import pytest

from bot.games.gah import highlights, words_events, words_pages, words_solo
from bot.games.gah.event_text import ENGLISH_FROM_DATA, without_name
from bot.games.gah.since_last_turn import since_line
from bot.host.service.model import Move
from render.core.i18n import translator
from render.core.plural import agree
from tests.botui.test_recap_languages import MODULES, SETUPS, played

GARBAGE = "\u2063"
"""An invisible separator: no English the words could read back."""

GAMES: list[tuple[int, int, dict[str, str]]] = [
    (2 + seed % 3, seed, SETUPS[seed % len(SETUPS)]) for seed in range(1, 21)] + [
    (2 + seed % 3, seed, {"modules": MODULES}) for seed in range(41, 49)] + [
    (2 + seed % 3, seed, {"modules": module}) for seed, module in zip(
        range(71, 79), ("celebrities", "unique_hotels", "start_player", "more_objectives") * 2, strict=True)] + [
    (1, seed, {"solo": "leopold"}) for seed in range(49, 53)] + [
    (1, seed, {"solo": "elisabeth", "modules": "celebrities"}) for seed in range(53, 56)] + [
    (1, seed, {"solo": "leopold", "modules": "unique_hotels"}) for seed in range(81, 90)] + [
    (1, seed, {"solo": "elisabeth", "modules": "celebrities,unique_hotels"}) for seed in range(106, 112)]
"""58 seeded games: (players, seed, options)."""

ENGLISH_SENTENCE_KINDS: frozenset[str] = frozenset({
    "corogari", "couture_place", "couture_restock", "couture_supply", "emperor_penalty", "emperor_retreat",
    "emperor_reward", "kaufman_pile", "kitchen", "kozi", "krones", "pay", "penalty_ignored", "play_staff", "prepare",
    "secretary", "solo_card", "solo_ignore", "solo_objective", "solo_reveal", "sushi_vp", "swap", "vp",
})
"""Event kinds whose English words are (or include, for some of their forms) the engine's sentence, as found by
garbling one kind at a time in the games below: allowed, it is the engine's English. Each is a kind whose catalog
msgid words it otherwise than the engine does ("reveals {card} from the private staff deck" against "reveals the
Concierge from his private staff deck"), so its English stays the engine's
(`bot.games.gah.event_text.ENGLISH_FROM_DATA` holds the kinds whose msgids say the same).
(In English, the since-last-turn line tells an Emperor scoring's events by their sentences: hence "prepare",
"play_staff", "kitchen", "krones", "vp", which a reward or the scoring brings there.)"""


def _garbled(moves: tuple[Move, ...], kept: frozenset[str] = frozenset()) -> tuple[Move, ...]:
    """`moves` with every event's text replaced by `GARBAGE`, except events of the `kept` kinds."""
    return tuple(replace(move, events=tuple(event if event.kind in kept else replace(event, text=GARBAGE)
                                            for event in move.events)) for move in moves)


def _words(moves: tuple[Move, ...], vp_before: dict[str, int], language: str) -> list[str]:
    """The game's public words in `language`, one entry per page, and the since-last-turn lines."""
    found = [words_pages.log_export(moves, language=language),
             words_pages.recap_text(moves[-30:], limit=100_000, language=language),
             highlights.highlights_text(moves, vp_before, language=language)]
    for end in range(5, len(moves), 7):
        found += [since_line(moves[:end], name, language=language) for name in ("ann", "bob")]
    return found


@pytest.mark.parametrize("language", ["pl", "de", "en"])
def test_the_words_are_the_same_without_the_engines_sentences(language: str) -> None:
    kept = ENGLISH_SENTENCE_KINDS if language == "en" else frozenset()
    problems: list[str] = []
    for players, seed, options in GAMES:
        moves, vp_before = played(players, seed, tuple(sorted(options.items())))
        real = _words(moves, vp_before, language)
        garbled = _words(_garbled(moves, kept), vp_before, language)
        for page, (said, without) in enumerate(zip(real, garbled, strict=True)):
            problems += [f"game {seed} page {page}: {line!r}" for line in difflib.ndiff(
                said.splitlines(), without.splitlines()) if line[:1] in "+-"]
    assert not problems, f"{len(problems)} lines differ, e.g.:\n" + "\n".join(problems[:400])


def test_the_english_worded_from_data_is_the_engines_sentence() -> None:
    """Every event of a kind English words from its data (`ENGLISH_FROM_DATA`, but "serve", a line of its own built
    from data in every language) is worded, through the catalogs' English msgids, exactly as the engine's sentence
    (without the player's name, its numbers and nouns in agreement, as English told it before), in all 58 games; and
    no such kind is still listed as told by the engine's sentence."""
    english = translator("en")
    problems: list[str] = []
    told = 0
    for players, seed, options in GAMES:
        moves, _vp_before = played(players, seed, tuple(sorted(options.items())))
        for event in (event for move in moves for event in move.events if event.kind in ENGLISH_FROM_DATA - {"serve"}):
            words = words_solo.phrase(english, event) or words_events.phrase(english, event)
            told += 1
            if words != agree(without_name(event)):
                problems.append(f"game {seed} {event.kind}: {words!r} != {event.text!r}")
    assert told > 1000 and not problems, f"{told} events, {len(problems)} differ:\n" + "\n".join(problems[:50])
    assert not ENGLISH_FROM_DATA & ENGLISH_SENTENCE_KINDS
