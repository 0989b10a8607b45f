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

from bot.games.gah import highlights, words_pages
from bot.games.gah.since_last_turn import since_line
from bot.host.service.model import Move
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
    "auction_pass", "bottom", "celebrity", "celebrity_leaves", "celebrity_reshuffle", "corogari", "couture_done",
    "couture_place", "couture_restock", "couture_supply", "discard_staff", "fill_order", "kitchen", "play_staff",
    "serve", "sushi_return", "toll_penalty",
    "draft", "draft_pass", "draw_staff", "emperor_penalty", "emperor_retreat", "emperor_reward", "emperor_solo",
    "entrance", "extra_turn", "final_score", "game_over", "items", "kaufman_pile", "keep_staff", "key", "key_action",
    "key_returns", "kozi", "krones", "lounge", "occupy", "pass", "pay", "penalty", "penalty_ignored", "politics",
    "prepare", "remove_room", "return_staff", "secretary", "solo_card", "solo_colour", "solo_ignore",
    "solo_objective", "solo_reveal", "solo_room", "stars_add", "stars_score", "stroup", "sushi_token", "sushi_vp",
    "swap", "toll_token", "toll_vp", "use_staff", "vp", "wray",
})
"""Event kinds whose English words are (or include, for some of their forms) the engine's sentence, as found by
garbling one kind at a time in the games below: allowed, it is the engine's English. (In English, the since-last-turn
line tells an Emperor scoring's events by their sentences: hence "prepare", "serve", "play_staff", "kitchen", which
a reward brings there.)"""


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
