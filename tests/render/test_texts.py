"""Wording: every staff card has its own sentence, every effect in the data has words, fonts stay legible."""

from __future__ import annotations

import pytest

from engine.gah.cards import emperor_tiles, guests, staff
from render.core.theme import MIN_FONT, font
from render.gah.texts import EFFECT_WORDS, STAFF_TEXT, describe, emperor_words, fill_words, sentence, staff_text


def test_every_staff_card_has_a_sentence() -> None:
    assert set(STAFF_TEXT) == set(range(1, 49))
    for card in staff().values():
        sentence = staff_text(card)
        assert sentence.endswith(".") and len(sentence) <= 70, card.name


def test_every_guest_reward_and_emperor_tile_is_worded() -> None:
    rows = [row for guest in guests().values() for row in guest.reward]
    for tile in emperor_tiles().values():
        rows += [tile.reward, tile.penalty]
        reward, penalty = emperor_words(tile)
        assert reward and penalty
    for row in rows:
        assert row["effect"] in EFFECT_WORDS or "words" in row, (
            f"no words for {row['effect']!r} in render.gah.texts.EFFECT_WORDS nor in the row: {row}")
        words = describe(row)
        assert "_" not in words, row


def test_a_row_brings_its_own_words_when_its_kind_has_none() -> None:
    row = {"effect": "not_a_kind_yet", "count": 2, "amount": 1, "words": "take {count:item} and {amount:krone}"}
    assert describe(row) == "take 2 items and 1 krone"
    assert sentence(row) == "take 2 items and 1 krone"
    assert fill_words("gain {amount} VP", {"amount": 3}) == "gain 3 VP"
    assert describe({"effect": "krones", "amount": 2, "words": "ignored"}) == "+2 krones"  # the kind's words win


def test_a_row_without_words_for_a_new_kind_falls_back_to_its_name() -> None:
    assert describe({"effect": "not_a_kind_yet"}) == "not a kind yet"


def test_fonts_below_the_minimum_are_refused() -> None:
    assert font(MIN_FONT).size == MIN_FONT
    with pytest.raises(ValueError):
        font(MIN_FONT - 1)
