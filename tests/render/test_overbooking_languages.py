"""Issue 55 item 5: Overbooking's pictures (the hotels, a hand, a hotel's resolution, the scoreboard) in the game's
language. In Polish and German, on one game after its first round (bookings, a card without room, back-door cards
leaving, back-door abilities) and at its end, every text is at least 9 px on a 390-px phone, none is cut with "…", no
label of the catalogs or of the game's data (crests, guest types, hotel names and rules) is left in English, and every
drawn text has a glyph in the bundled fonts. The English pictures stay as they were
(tests/render/test_overbooking_pictures.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

import pytest

from bot.games.overbooking import presenter
from engine.overbooking import GameConfig, GameState, apply, new_game, player_view
from engine.overbooking.ai import policy
from engine.overbooking.data import GUEST_TYPES, RULES
from render.overbooking import hand_png, hotels_png, resolution_png, scoreboard_png
from tests.render.phone_text import PHONE_WIDTH, SMALLEST, Picture, recording
from tests.render.test_picture_languages import english_patterns
from tests.test_glossary import missing_glyphs

Draw = Callable[[], object]
LANGUAGES = ("pl", "de")


@cache
def games() -> tuple[GameState, GameState]:
    """One four-player game just after its first round (every hotel resolved) and the same game at its end."""
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"], seed=3))
    policies = [policy("heuristic", seat) for seat in range(4)]
    after_round_one = None
    while not state.is_over:
        if state.round == 2 and after_round_one is None:
            after_round_one = state
        index = state.current_index
        assert index is not None
        state, _ = apply(state, policies[index].choose(state))
    assert after_round_one is not None
    return after_round_one, state


def overbooking_pictures(language: str) -> Iterator[tuple[str, Draw]]:
    """Every Overbooking picture of the sampled states in `language`."""
    middle, final = games()
    public = player_view(middle, None)
    yield "hotels", lambda: hotels_png(public, scores=True, language=language)
    yield "hotels of ann", lambda: hotels_png(player_view(middle, "ann"), language=language)
    for name in ("ann", "bob"):
        yield f"hand of {name}", lambda name=name: hand_png(  # type: ignore[misc]
            player_view(middle, name), name, language=language)
    for index in range(len(public.resolutions)):
        yield f"resolution {index}", lambda index=index: resolution_png(  # type: ignore[misc]
            public, index, language=language)
    yield "scores so far", lambda: scoreboard_png(public, language=language)
    yield "final scores", lambda: scoreboard_png(final, language=language)
    yield "final hotels", lambda: hotels_png(player_view(final, None), scores=True, language=language)


@pytest.fixture(scope="module", params=LANGUAGES)
def pictures(request: pytest.FixtureRequest) -> tuple[str, list[Picture]]:
    language = str(request.param)
    with recording() as recorder:
        return language, [recorder.picture(name, draw) for name, draw in overbooking_pictures(language)]


def test_the_sample_shows_every_kind_of_resolution_step() -> None:
    middle, _ = games()
    kinds = {step.kind for resolution in middle.resolutions for step in resolution.steps}
    assert {"reveal", "ability", "book", "full", "discard"} <= kinds


def test_every_text_is_at_least_9_px_on_a_phone(pictures: tuple[str, list[Picture]]) -> None:
    language, shown = pictures
    too_small = {picture.name: picture.on_phone()[0] for picture in shown if picture.on_phone()[0][0] < SMALLEST}
    assert not too_small, f"{language}: texts under {SMALLEST} px at {PHONE_WIDTH} px wide: {too_small}"


def test_no_text_is_cut_short(pictures: tuple[str, list[Picture]]) -> None:
    language, shown = pictures
    cut = {words for picture in shown for words in picture.clipped()}
    assert not cut, f"{language}: texts cut with '…': {cut}"


def english_data_words(state: GameState) -> set[str]:
    """The English names of the game's data that a picture draws as a label of its own."""
    data = state.config.data
    return ({crest.name for crest in data.crests} | set(GUEST_TYPES.values()) | {face.name for face in data.hotels}
            | set(RULES.values()))


def test_no_label_is_left_in_english(pictures: tuple[str, list[Picture]]) -> None:
    language, shown = pictures
    patterns = english_patterns(language)
    assert any(pattern.fullmatch("back door") for pattern in patterns)  # the check sees an English label
    assert any(pattern.fullmatch("ann's Bird 1 (monk) walks to the end of the queue.") for pattern in patterns)
    texts = {drawn.words for picture in shown for drawn in picture.drawn}
    english = {words for words in texts if any(pattern.fullmatch(words) for pattern in patterns)}
    data = english_data_words(games()[0])
    english |= {words for words in texts if words in data or words.split(". ", 1)[-1] in data}
    english -= {"Hotel", "Rose"}  # the same word in German
    assert not english, f"{language}: English left on the pictures: {sorted(english)}"


def test_the_pictures_say_the_glossarys_and_the_catalogs_words(pictures: tuple[str, list[Picture]]) -> None:
    language, shown = pictures
    texts = {drawn.words for picture in shown for drawn in picture.drawn}
    expected = {"pl": {"tylne drzwi", "Ptak", "mnich", "suma", "Wyniki końcowe"},
                "de": {"Hintertür", "Vogel", "Mönch", "Summe", "Endwertung"}}[language]
    assert expected <= texts


def test_every_drawn_text_has_a_glyph(pictures: tuple[str, list[Picture]]) -> None:
    _, shown = pictures
    texts = "".join(drawn.words for picture in shown for drawn in picture.drawn)
    for bold in (False, True):
        assert missing_glyphs(texts, bold=bold, condensed=False) == set()
        assert missing_glyphs(texts, bold=bold, condensed=True) == set()


def test_the_presenter_draws_in_the_games_language() -> None:
    middle, final = games()
    moves: list[object] = []
    for language in LANGUAGES:
        assert presenter.board_pictures(middle, language=language) != presenter.board_pictures(middle)
        assert presenter.hotels_pictures(middle, language=language) != presenter.hotels_pictures(middle)
        assert presenter.hotel_picture(middle, 0, language=language) != presenter.hotel_picture(middle, 0)
        assert presenter.scoreboard_png(final, language=language) != presenter.scoreboard_png(final)
        assert presenter.turn_pictures(middle, 0, moves, language=language) != presenter.turn_pictures(middle, 0, moves)
