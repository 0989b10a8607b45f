"""Wording: every staff card has its own sentence, every effect in the data has words, fonts stay legible."""

from __future__ import annotations

import pytest

from engine.cards import emperor_tiles, guests, staff
from render.texts import EFFECT_WORDS, STAFF_TEXT, describe, emperor_words, staff_text
from render.theme import MIN_FONT, font


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
        assert row["effect"] in EFFECT_WORDS, f"no words for {row['effect']!r} in render.texts.EFFECT_WORDS: {row}"
        words = describe(row)
        assert "_" not in words, row


def test_fonts_below_the_minimum_are_refused() -> None:
    assert font(MIN_FONT).size == MIN_FONT
    with pytest.raises(ValueError):
        font(MIN_FONT - 1)
