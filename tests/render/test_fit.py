"""`render.core.fit.fit_png`: a picture larger than an upload limit is scaled down until it fits, or given up."""

from __future__ import annotations

import io

import pytest
from PIL import Image, UnidentifiedImageError

import render.core.fit
import render.gah
from engine import GameConfig, new_game, player_view


@pytest.fixture(scope="module")
def board() -> bytes:
    return render.gah.board_png(player_view(new_game(GameConfig(players=["ann", "bob", "cy"], seed=3)), None))


def test_a_picture_within_the_limit_is_kept_as_it_is(board: bytes) -> None:
    assert render.core.fit.fit_png(board, len(board)) is board


def test_a_larger_picture_is_scaled_down_under_the_limit_keeping_its_shape(board: bytes) -> None:
    limit = len(board) // 2
    fitted = render.core.fit.fit_png(board, limit)
    assert fitted is not None and len(fitted) <= limit
    before, after = Image.open(io.BytesIO(board)), Image.open(io.BytesIO(fitted))
    after.load()  # a complete, readable PNG
    assert after.format == "PNG" and after.width < before.width
    assert abs(after.width / after.height - before.width / before.height) < 0.01


def test_a_limit_no_useful_size_meets_gives_none(board: bytes) -> None:
    assert render.core.fit.fit_png(board, 500) is None


def test_bytes_that_are_no_picture_raise() -> None:
    with pytest.raises(UnidentifiedImageError):
        render.core.fit.fit_png(b"not a picture at all", 5)
