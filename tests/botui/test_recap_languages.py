"""A game's public words in the game's language (issue 55, item 2): the recap, the log and its export, the
highlights and the final lines in Polish and German leave no English sentence of the catalogs behind, and every
counted noun takes the Polish plural form its number asks for (1, 2, 5, 22)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot.games.gah import highlights, texts, words_gains, words_pages
from bot.games.gah.since_last_turn import since_line
from bot.host.language import OPTION
from bot.host.posts import news_titles
from bot.host.service.model import Move
from engine import Event, GameConfig, apply, new_game
from engine.gah.ai import policy
from render.core.glossary import bundled
from render.core.i18n import compiled
from render.core.plural import count

SETUPS: tuple[dict[str, str], ...] = ({}, {"edition": "2015"}, {"staff_start": "draft"}, {})
"""The game options the seeded games cycle through (base game, the 2015 edition, the staff draft)."""

MODULES = ",".join(("celebrities", "unique_hotels", "start_player", "more_objectives"))

GAMES = [(2 + seed % 3, seed, SETUPS[seed % len(SETUPS)]) for seed in range(1, 41)] + [
    (2 + seed % 3, seed, {"modules": MODULES}) for seed in range(41, 49)] + [
    (1, seed, {"solo": "leopold"}) for seed in range(49, 53)] + [
    (1, seed, {"solo": "elisabeth", "modules": "celebrities"}) for seed in range(53, 56)]
"""55 seeded games: (players, seed, options); 8 with every Let's Waltz module, 4 against Leopold and 3 against
Elisabeth (the solo opponents)."""

NAMES = ("ann", "bob", "cy", "dee")


@cache
def played(players: int, seed: int, options: tuple[tuple[str, str], ...]) -> tuple[tuple[Move, ...], dict[str, int]]:
    """A whole seeded game of random AIs as logged moves, and each player's VP before the final scoring (the
    state's, as the final post gives the highlights)."""
    config = dict(options)
    modules = frozenset(config.pop("modules").split(",")) if "modules" in config else frozenset()
    state = new_game(GameConfig(players=list(NAMES[:players]), seed=seed, modules=modules, **config))
    seats = [policy("random", seed * 11 + k) for k in range(len(state.players))]  # solo: the opponent's seat too
    moves: list[Move] = []
    while not state.is_over:
        index = state.current_index
        assert index is not None
        state, events = apply(state, seats[index].choose(state))
        moves.append(Move(len(moves) + 1, index, state.players[index].name, "ai:random", "",
                          tuple(events), len(moves) + 1))
    return tuple(moves), {player.name: player.vp for player in state.players}


@cache
def english_fragments(language: str) -> tuple[re.Pattern[str], ...]:
    """The English words of every catalog entry that the language translates differently: each msgid's text
    between its placeholders, where it has at least two words (a single word may be a name the glossary keeps,
    "Major", "Sommelier")."""
    catalog = compiled(language)
    found: set[str] = set()
    for key, translated in getattr(catalog, "_catalog", {}).items():
        msgid = (key[0] if isinstance(key, tuple) else key).split("\x04", 1)[-1]  # without its context
        if not msgid or translated == msgid:
            continue
        for piece in re.split(r"\{[^{}]*\}", msgid):
            piece = piece.strip(" .,:;()*•…-–")
            if len(piece.split()) >= 2 and re.search(r"[a-z]{3}", piece):
                found.add(piece)
    names = {entry.translation for entry in bundled(language).values()}
    kept = sorted(piece for piece in found if not any(piece in name for name in names))
    return tuple(re.compile(rf"(?<![\w]){re.escape(piece)}(?![\w])") for piece in kept)


ENGLISH_WORDS = re.compile(r"\b(the|and|of|to|from|with|takes|gains|scores|serves|prepares|checks|hires|rooms?|"
                           r"krones?|guests?|round|turn)\b")
"""Plain English words that no Polish or German line has (names aside: the test's players are ann, bob, cy, dee)."""


def _public_words(moves: tuple[Move, ...], vp_before: dict[str, int], language: str) -> list[str]:
    """Every line of the game's log (its export), its newest recap and its highlights in `language`."""
    lines = words_pages.log_export(moves, language=language).splitlines()[3:]
    lines += words_pages.recap_text(moves[-30:], limit=100_000, language=language).splitlines()
    lines += highlights.highlights_text(moves, vp_before, language=language).splitlines()
    return [line for line in lines if line.strip()]


def _glossary_names(language: str) -> list[str]:
    return sorted((entry.translation for entry in bundled(language).values()), key=len, reverse=True)


@pytest.mark.parametrize("language", ["pl", "de"])
def test_no_english_sentence_is_left_in_the_public_words_of_55_games(language: str) -> None:
    fragments = english_fragments(language)
    assert len(fragments) > 100, "the catalog's English sentences were not found"
    names = _glossary_names(language)
    problems: list[str] = []
    for players, seed, options in GAMES:
        moves, vp_before = played(players, seed, tuple(sorted(options.items())))
        for line in _public_words(moves, vp_before, language):
            left = [pattern.pattern for pattern in fragments if pattern.search(line)]
            plain = line
            for name in names:  # a card's name in the glossary may keep an English word ("Lord")
                plain = plain.replace(name, "")
            english = ENGLISH_WORDS.findall(plain)
            if left or english:
                problems.append(f"game {seed}: {line!r}: {left or english}")
    assert not problems, f"{len(problems)} lines with English words, e.g.:\n" + "\n".join(problems[:15])


@pytest.mark.parametrize(("number", "polish", "german"), [
    (1, "1 korona", "1 Krone"), (2, "2 korony", "2 Kronen"), (5, "5 koron", "5 Kronen"), (22, "22 korony", "22 Kronen"),
])
def test_krones_take_the_plural_form_of_their_number(number: int, polish: str, german: str) -> None:
    assert count(number, "krone", language="pl") == polish
    assert count(number, "krone", language="de") == german
    assert count(number, "krone") == f"{number} krone{'s' * (number != 1)}"


@pytest.mark.parametrize(("number", "gained"), [
    (1, "zyskuje 1 koronę"), (2, "zyskuje 2 korony"), (5, "zyskuje 5 koron"), (22, "zyskuje 22 korony"),
])
def test_a_gain_of_krones_in_a_recap_agrees_with_its_number_in_polish(number: int, gained: str) -> None:
    from render.core.i18n import translator

    event = Event("krones", "ann", f"ann gains {number} krones.", {"amount": number, "source": "staff",
                                                                     "cause": "Page Boy"})
    assert words_gains.krones_phrase(translator("pl"), event, 0) == f"{gained} (Boy hotelowy)"


@pytest.mark.parametrize(("number", "guests", "rooms", "vp"), [
    (1, "1 gość", "1 pokój", "1 PZ"), (2, "2 gości", "2 pokoje", "2 PZ"), (5, "5 gości", "5 pokoi", "5 PZ"),
    (22, "22 gości", "22 pokoje", "22 PZ"),
])
def test_guests_rooms_and_vp_take_the_polish_plural_form_of_their_number(number: int, guests: str, rooms: str,
                                                                          vp: str) -> None:
    assert count(number, "guest", language="pl") == guests
    assert count(number, "room", language="pl") == rooms
    assert count(number, "VP", language="pl") == vp


def test_the_final_lines_and_status_line_are_in_the_games_language() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=3))
    while not state.is_over:
        state, _events = apply(state, policy("random", 5).choose(state))
    polish = texts.final_lines(state, language="pl")
    assert polish.startswith(("Wygrywa: **", "Wygrywają: **")) and " PZ" in polish and "VP" not in polish
    status = texts.status_line(state.players[0], language="de")
    assert "Kaiserleiste" in status and "krone" not in status and "hand" not in status


def test_a_long_recap_keeps_the_emperor_scorings_in_the_games_language() -> None:
    assert news_titles(("Emperor scoring", "Game over"), {OPTION: "pl"}) == ("Punktacja Cesarza", "Koniec gry")
    assert news_titles(("Emperor scoring", "Game over"), {}) == ("Emperor scoring", "Game over")


@pytest.mark.parametrize("language", ["pl", "de"])
def test_the_since_your_last_turn_line_is_in_the_readers_language(language: str) -> None:
    fragments = english_fragments(language)
    problems: list[str] = []
    for players, seed, options in GAMES[:12]:
        moves, _vp = played(players, seed, tuple(sorted(options.items())))
        for end in range(10, len(moves), 23):
            line = since_line(moves[:end], "ann", language=language)
            if line and ([p.pattern for p in fragments if p.search(line)] or ENGLISH_WORDS.findall(line)):
                problems.append(line)
    assert not problems, "\n".join(problems[:5])
