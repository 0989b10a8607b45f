"""Issue 55 item 5: the board, turn, hotel, hand and scoreboard pictures in the game's language. In Polish and
German, across the seeded games of the phone-text tests (2-4 players, the Let's Waltz modules, solo), every text is
at least 9 px on a 390-px phone and none is cut with "…" (longer German words and Polish diacritics fit), no label
is left in English, and every translated text of the catalogs has a glyph in each of the bundled fonts (no
missing-glyph box).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import bot.host.glossary
import bot.host.i18n
from engine import GameState, player_view
from engine.gah.cards import emperor_tiles, guests
from render.core import glossary, i18n
from render.core.lang import card_name, use_server_names, words
from render.gah.board import board_png, emperor_png
from render.gah.effect_words import WORDS, describe_all_in, describe_in
from render.gah.hand import hand_png
from render.gah.hotel import hotel_png
from render.gah.scoreboard import scoreboard_png
from render.gah.texts import describe
from render.gah.turn import turn_png
from tests.render.phone_text import PHONE_WIDTH, SMALLEST, Picture, recording
from tests.render.test_phone_text import gah_states
from tests.test_glossary import missing_glyphs

Draw = Callable[[], object]


def translated_pictures(state: GameState, language: str) -> Iterator[tuple[str, Draw]]:
    """The pictures of `state` this step translates: the board (both ways), the Emperor picture, each seat's turn
    picture, hotel and hand, and the scoreboard."""
    view = player_view(state, None)
    yield "board", lambda: board_png(view, compact=True, language=language)
    yield "full board", lambda: board_png(view, language=language)
    yield "emperor", lambda: emperor_png(view, language=language)
    for seat in range(len(state.players)):
        yield f"turn of seat {seat}", lambda seat=seat: turn_png(view, seat, language=language)  # type: ignore[misc]
        yield f"hotel of seat {seat}", lambda seat=seat: hotel_png(view, seat, language=language)  # type: ignore[misc]
        yield f"hand of seat {seat}", lambda seat=seat: hand_png(state, seat, language=language)  # type: ignore[misc]
    yield "scoreboard", lambda: scoreboard_png(state, language=language)


@pytest.fixture(scope="module", params=i18n.LANGUAGES)
def pictures(request: pytest.FixtureRequest) -> tuple[str, list[Picture]]:
    """The language and the texts of every translated picture of every sampled state, drawn in it."""
    language = str(request.param)
    with recording() as recorder:
        return language, [recorder.picture(name, draw) for state in gah_states()
                          for name, draw in translated_pictures(state, language)]


def test_every_text_is_at_least_9_px_on_a_phone(pictures: tuple[str, list[Picture]]) -> None:
    language, shown = pictures
    assert len(shown) > 150
    too_small = {picture.name.split(" of ")[0]: picture.on_phone()[0] for picture in shown
                 if picture.on_phone()[0][0] < SMALLEST}
    assert not too_small, f"{language}: texts under {SMALLEST} px at {PHONE_WIDTH} px wide: {too_small}"


def test_no_text_is_cut_short(pictures: tuple[str, list[Picture]]) -> None:
    language, shown = pictures
    cut = {words for picture in shown for words in picture.clipped()}
    assert not cut, f"{language}: texts cut with '…': {cut}"


NUMBERS = frozenset({"count", "vp", "round", "rank", "number", "space", "pool", "stars", "floor", "less"})
"""The placeholders that always hold a number ("{rank}th" is a number and "th", not any word ending in "th")."""


@cache
def english_patterns(language: str) -> tuple[re.Pattern[str], ...]:
    """Each English text of the catalog that `language` translates differently, as a pattern matching it with any
    values in its placeholders."""
    with i18n.catalog_path(language).open("rb") as file:
        catalog = read_po(file, locale=language)
    patterns = []
    for message in catalog:
        if not message.id or message.context is not None:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        for source in sources:
            pieces = re.split(r"\{[a-z_]+\}", source)
            # a text with words of its own: glue such as "{first} and {second}" or "AI {level}" (a seat's stored
            # name) would match any drawn words
            if source not in forms and len(re.findall("[A-Za-z]", "".join(pieces))) >= 4:
                names = re.findall(r"\{([a-z_]+)\}", source)
                values = [r"[−+-]?\d+" if name in NUMBERS else ".+" for name in names] + [""]
                pairs = zip(pieces, values, strict=True)
                patterns.append(re.compile("".join(re.escape(piece) + value for piece, value in pairs)))
    return tuple(patterns)


def test_no_label_is_left_in_english(pictures: tuple[str, list[Picture]]) -> None:
    language, shown = pictures
    patterns = english_patterns(language)
    assert any(pattern.fullmatch("Round 4 of 7") for pattern in patterns)  # the check sees an English label
    english = {drawn.words for picture in shown for drawn in picture.drawn
               if any(pattern.fullmatch(drawn.words) for pattern in patterns)}
    assert not english, f"{language}: English left on the pictures: {sorted(english)}"


def test_the_words_of_the_pictures_are_the_catalogs() -> None:
    drawn = {language: {d.words for name, draw in translated_pictures(gah_states_final(), language)
                        for d in picture_of(name, draw).drawn} for language in ("pl", "de")}
    assert {"Wyniki końcowe", "Suma", "Miejsce"} <= drawn["pl"]
    assert {"Endwertung", "Summe", "Platz"} <= drawn["de"]


def gah_states_final() -> GameState:
    """The final state of the first sampled game (over: the scoreboard's final form)."""
    return next(state for state in gah_states() if state.is_over)


def picture_of(name: str, draw: Draw) -> Picture:
    with recording() as recorder:
        return recorder.picture(name, draw)


@pytest.mark.parametrize(("bold", "condensed"), [(False, False), (True, False), (False, True), (True, True)])
def test_every_catalog_text_renders_without_a_missing_glyph(bold: bool, condensed: bool) -> None:
    texts = ""
    for language in i18n.LANGUAGES:
        with i18n.catalog_path(language).open("rb") as file:
            catalog = read_po(file, locale=language)
        for message in catalog:
            if message.id:
                texts += "".join([message.string] if isinstance(message.string, str) else message.string)
    assert set("ąćęłóśżäöü") <= set(texts.lower())
    assert words("pl")("Action spaces") != "Action spaces"  # the pictures' texts are in the catalogs
    assert missing_glyphs(texts, bold=bold, condensed=condensed) == set()


@pytest.mark.parametrize(("amount", "polish", "german"), [
    (1, "+1 korona", "+1 Krone"), (2, "+2 korony", "+2 Kronen"), (5, "+5 koron", "+5 Kronen"),
    (22, "+22 korony", "+22 Kronen"), (12, "+12 koron", "+12 Kronen"),
])
def test_a_reward_counts_krones_in_each_plural_form(amount: int, polish: str, german: str) -> None:
    row = [{"effect": "krones", "amount": amount}]
    assert describe_all_in(words("pl"), row) == polish
    assert describe_all_in(words("de"), row) == german
    assert describe_all_in(words("en"), row) == f"+{amount} krone{'s' if amount != 1 else ''}"


def test_cards_are_named_as_the_glossary_names_them_with_a_servers_own_names(
        tmp_path: Path) -> None:
    assert card_name(words("de"), "guest", 50, "Musician") == "Musiker"
    assert card_name(words("en"), "guest", 50, "Musician") == "Musician"
    assert card_name(words("pl"), "guest", 99999, "New guest") == "New guest"  # not in the glossary yet
    folder = tmp_path
    (folder / "de.json").write_text('{"language": "de", "entries": [{"key": "guest:50", "translation": '
                                    '"Spielmann", "source": "our printed cards"}]}', encoding="utf-8")
    use_server_names(str(folder))
    try:
        assert card_name(words("de"), "guest", 50, "Musician") == "Spielmann"
    finally:
        use_server_names(None)
    assert card_name(words("de"), "guest", 50, "Musician") == "Musiker"


def test_the_bot_keeps_its_translator_and_glossary_where_they_were() -> None:
    assert bot.host.i18n.translator is i18n.translator and bot.host.i18n.krones is i18n.krones
    assert bot.host.glossary.term is glossary.term and bot.host.glossary.read_overrides is glossary.read_overrides


def test_every_reward_and_emperor_tile_has_words_in_each_language() -> None:
    """A guest's reward and an Emperor tile's reward and penalty are told in the picture's language, never in the
    English fallback of `render.gah.texts.describe` (an effect kind added to the data needs its words here)."""
    rows = [row for guest in guests().values() for row in guest.reward]
    rows += [row for tile in emperor_tiles().values() for row in (tile.reward, tile.penalty)]
    assert sorted({str(row["effect"]) for row in rows} - WORDS.keys()) == []
    penalty = {"effect": "lose_krones_or_vp", "amount": 3, "vp": 5}
    assert [describe_in(words(language), penalty) for language in ("en", "pl", "de")] == [
        describe(penalty), "−3 korony lub −5 PZ", "−3 Kronen oder −5 SP"]
