"""Overbooking pictures: phone-first size rules and pixel probes that the pictures show what the state says."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

import render.core.draw
from engine.overbooking import GameConfig, GameState, apply, load_data, new_game, player_view
from engine.overbooking.ai import policy
from engine.overbooking.data import BUNDLED
from engine.overbooking.simulate import config_for, play_game
from engine.overbooking.state import PlacedCard, card_back
from render.overbooking import hand_png, hotels_png, resolution_png, scoreboard_png
from render.overbooking.common import DECK_COLORS, WIDTH, deck_color
from render.overbooking.hand import hand_card_box, hand_image
from render.overbooking.hotels import card_box, hotels_image, token_box
from render.overbooking.resolution import resolution_image, step_boxes
from render.overbooking.scoreboard import row_box, scoreboard_image


def _mean(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    pixel = image.crop(box).convert("RGB").resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))
    assert isinstance(pixel, tuple)
    return int(pixel[0]), int(pixel[1]), int(pixel[2])


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def _mid_round(seed: int = 3, moves: int = 13) -> GameState:
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"], seed=seed))
    policies = [policy("heuristic", i) for i in range(4)]
    for _ in range(moves):
        index = state.current_index
        assert index is not None
        state, _ = apply(state, policies[index].choose(state))
    return state


def _after_round_one() -> GameState:
    state = _mid_round(moves=0)
    policies = [policy("heuristic", i) for i in range(4)]
    while state.round == 1:
        index = state.current_index
        assert index is not None
        state, _ = apply(state, policies[index].choose(state))
    return state


@pytest.fixture
def font_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every font size the pictures ask for while the test runs."""
    sizes: list[int] = []
    original = render.core.draw.font

    def spy(size: int, bold: bool = False, condensed: bool = False):  # type: ignore[no-untyped-def]
        sizes.append(size)
        return original(size, bold, condensed)

    monkeypatch.setattr(render.core.draw, "font", spy)
    yield sizes


def test_every_picture_is_phone_sized_with_text_of_at_least_18_px(font_sizes: list[int]) -> None:
    """<= 800 px wide, smallest text >= 18 px (the house minimum is 22), every picture a PNG."""
    state = _after_round_one()
    final, _ = play_game(config_for(4, 2), ["heuristic"] * 4, 2)
    pictures = [hotels_png(player_view(_mid_round(), "ann")), hand_png(state, "bob"),
                resolution_png(state, 0), scoreboard_png(final)]
    for data in pictures:
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.width == WIDTH <= 800 and image.height < 2200
    assert font_sizes and min(font_sizes) >= 18


def test_hotels_show_backs_with_crest_size_for_opponents_and_faces_for_the_owner() -> None:
    """A face-down card: its owner sees the face (white), others see the back in the owner's colour; a small and a
    large crest back differ (the crest's size and the words "1-3" / "4-6"), and so do two crests of one size (the
    back shows the crest: docs/rules-notes-overbooking.md)."""
    state = _mid_round()
    for hotel in state.hotels:
        hotel.queue = [PlacedCard(1, 0), PlacedCard(5, 0), PlacedCard(7, 0)]  # ann's bird 2, bird 6 and fish 2
        hotel.door = []
    mine = hotels_image(player_view(state, "ann"))
    theirs = hotels_image(player_view(state, "bob"))
    view = player_view(state, "bob")
    assert [p.card for p in view.hotels[0].queue] == [card_back(0, True), card_back(0, False), card_back(1, True)]
    box = card_box(0, "queue", 0)
    inner = (box[0] + 8, box[1] + 44, box[2] - 8, box[3] - 44)
    assert _distance(_mean(mine, inner), (255, 255, 255)) < 150
    assert _distance(_mean(theirs, inner), deck_color(0)) < 150
    small, large = card_box(0, "queue", 0), card_box(0, "queue", 1)
    assert theirs.crop(small).tobytes() != theirs.crop(large).tobytes()
    fish = card_box(0, "queue", 2)
    assert theirs.crop(small).tobytes() != theirs.crop(fish).tobytes()


def test_hotel_token_drawn_only_where_one_lies() -> None:
    state = _mid_round(moves=0)
    state.hotels[0].token, state.hotels[1].token = True, False
    image = hotels_image(state)
    gold = _mean(image, token_box(0))
    plain = _mean(image, token_box(1))
    assert _distance(gold, plain) > 60


def test_hotel_card_boxes_stay_inside_and_never_overlap() -> None:
    boxes = [card_box(0, "door", p) for p in range(2)] + [card_box(0, "queue", p) for p in range(5)]
    for box in boxes:
        assert box[0] >= 0 and box[2] <= WIDTH
    for a in boxes:
        for b in boxes:
            if a != b:
                assert a[2] <= b[0] or b[2] <= a[0]


def test_hand_shows_own_cards_and_hides_others() -> None:
    state = _mid_round(moves=0)
    own = hand_image(player_view(state, "bob"), "bob")
    hidden = hand_image(player_view(state, "ann"), "bob")
    box = hand_card_box(0)
    assert own.crop(box).tobytes() != hidden.crop(box).tobytes()
    assert _distance(_mean(own, (box[0] + 10, box[1] + 10, box[2] - 10, box[1] + 50)), deck_color(1)) < 300
    assert hand_card_box(8)[3] <= own.height


def test_resolution_has_one_row_per_step_booked_green_no_room_red() -> None:
    state = _after_round_one()
    for index, resolution in enumerate(state.resolutions):
        image = resolution_image(state, index)
        boxes = step_boxes(resolution)
        assert len(boxes) == len(resolution.steps) and boxes[-1][3] <= image.height
        for step, box in zip(resolution.steps, boxes, strict=True):
            green, red = _mean(image, box)[1], _mean(image, box)[0]
            if step.kind == "book":
                assert green > red
            if step.kind == "full":
                assert red > green


def test_scoreboard_rows_in_order_of_place_and_provisional_note_only_when_provisional(tmp_path: Path) -> None:
    final, _ = play_game(config_for(3, 4), ["heuristic", "random", "random"], 4)
    image = scoreboard_image(final)
    assert row_box(2)[3] < image.height
    raw = json.loads(BUNDLED.read_text(encoding="utf-8"))
    for row in raw["crests"] + raw["cards"] + raw["hotels"]:
        row["provisional"] = False
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    printed = GameState.from_json(final.to_json())
    printed.config.data = load_data(path)
    assert scoreboard_image(printed).height == image.height - 40
    assert len(DECK_COLORS) == 4
