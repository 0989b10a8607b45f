"""The turn picture of a solo game with Let's Waltz module 3 (issue 39): the opponent's solo entrance and its
tokens (the stars track, cogwheels on rooms, guests and action spaces, Hautel Couture's items and waiting guests),
within the size rules, with and without Celebrities."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.cards import guests, hotel_layouts
from engine.gah.config import SOLO_ENTRANCES
from engine.gah.state import OCCUPIED, PREPARED
from engine.gah.waltz.state import SoloHotelState
from render.core.theme import ROOM, WHITE
from render.gah.board import board_png
from render.gah.hotel import hotel_png
from render.gah.turn import turn_image, turn_png
from render.gah.turn_layout import MAX_ASPECT, WIDTH, turn_room_box
from tests.render.test_pictures import check_png
from tests.render.test_waltz_pictures import drawn_texts


def round_four(entrance: str, celebrities: bool = False) -> GameState:
    modules = frozenset({"unique_hotels", "celebrities"} if celebrities else {"unique_hotels"})
    state = new_game(GameConfig(players=["ann"], seed=5, solo="elisabeth" if celebrities else "leopold",
                                modules=modules, solo_entrance=entrance, solo_difficulty="hard"))
    chooser = random.Random(1)
    while state.round < 4 or state.pending[-1].kind != "turn":
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    return state


def hotel(state: GameState) -> SoloHotelState:
    assert state.waltz is not None and state.waltz.unique_hotels.solo_hotel is not None
    return state.waltz.unique_hotels.solo_hotel


@pytest.mark.parametrize("celebrities", [False, True])
@pytest.mark.parametrize("entrance", SOLO_ENTRANCES)
def test_solo_entrance_pictures_keep_the_size_rules(entrance: str, celebrities: bool) -> None:
    state = round_four(entrance, celebrities)
    before = state.to_json()
    image = check_png(turn_png(state, 0))
    assert image.width == WIDTH and image.height <= MAX_ASPECT * image.width
    check_png(board_png(state))
    for seat in range(2):
        check_png(hotel_png(state, seat))
    assert state.to_json() == before, "rendering changed the state"


def test_the_strip_names_the_opponents_entrance_and_the_stars_track(monkeypatch: pytest.MonkeyPatch) -> None:
    state = round_four("nine_stars_inn")
    hotel(state).stars = 5
    texts = drawn_texts(monkeypatch)
    turn_png(state, 0)
    assert "Leopold: Nine Stars Inn" in texts and {"III", "II", "I"} <= set(texts)
    assert any("5/9 now: 10 VP each Emperor scoring" in t for t in texts), texts


def test_the_strip_speaks_of_elisabeth_as_her(monkeypatch: pytest.MonkeyPatch) -> None:
    state = round_four("sushi_resort", celebrities=True)
    texts = drawn_texts(monkeypatch)
    turn_png(state, 0)
    assert "Elisabeth: Sushi Resort" in texts
    assert any("8 VP for her" in t for t in texts) and not any(" him" in t or "His " in t for t in texts)


def test_hautel_couture_waiting_guests_and_items_on_the_spaces(monkeypatch: pytest.MonkeyPatch) -> None:
    state = round_four("hautel_couture")
    texts = drawn_texts(monkeypatch)
    turn_png(state, 0)
    waiting = [t for t in state.players[1].cafe if t.guest is not None]
    for table in waiting:
        assert table.guest is not None
        assert any(t.startswith(guests()[table.guest].name) for t in texts), guests()[table.guest].name
    hotel(state).items = [-1] * 6
    plain = turn_image(state, 0).convert("RGB")
    hotel(state).items = [2, 2, 2, 2, 2, 2]
    with_items = turn_image(state, 0).convert("RGB")
    assert plain.tobytes() != with_items.tobytes()


def test_toll_cogwheel_counts_are_drawn_on_the_action_spaces(monkeypatch: pytest.MonkeyPatch) -> None:
    state = round_four("toll_bridge_hotel")
    hotel(state).tolls = [7, 0, 0, 0, 0, 0]
    texts = drawn_texts(monkeypatch)
    turn_png(state, 0)
    assert "7" in texts and "Leopold: Toll Bridge Hotel" in texts


def test_room_boxes_allow_for_the_opponents_strip() -> None:
    modules = frozenset({"unique_hotels"})
    state = round_four("sushi_resort")
    colors = hotel_layouts()[state.players[0].side].colors
    reds = [space for space in range(20) if colors[space] == "red"]
    state.players[0].rooms[reds[0]] = PREPARED
    state.players[0].rooms[reds[1]] = OCCUPIED
    image = turn_image(state, 0).convert("RGB")
    for space, inside in ((reds[0], WHITE), (reds[1], ROOM["red"])):
        left, top, right, bottom = turn_room_box(2, space, modules, solo=True)
        crop = image.crop((left + 12, top + 12, right - 12, bottom - 12))
        data = crop.tobytes()
        pixels = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]
        assert sum(1 for p in pixels if p == inside) > len(pixels) // 4, space
    assert Image.open(io.BytesIO(turn_png(state, 0))).height == image.height
