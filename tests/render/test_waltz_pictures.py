"""Pictures of the Let's Waltz modules (issue 17): coloured dice marked by colour and letter, the lounge with its
celebrities and chits, the skeleton key, each player's hotel entrance; all within the size limits."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from engine import GameConfig, GameState, apply, new_game
from engine.gah.ai import policy
from engine.gah.cards import hotel_layouts
from engine.gah.config import MODULES
from engine.gah.state import EMPTY, OCCUPIED, PREPARED
from engine.gah.waltz.cards import celebrities, entrances
from render.core.theme import GOLD, MAX_WIDTH, ROOM, ROOM_PALE, WHITE
from render.gah import board_png, emperor_png, hotel_png, turn, turn_hotel
from render.gah.board import action_space_box, board_image
from render.gah.hotel import hotel_image
from render.gah.turn import turn_image, turn_png
from render.gah.turn_layout import MAX_ASPECT, WIDTH, turn_room_box
from render.gah.waltz import LOUNGE_H, coloured_die, entrance_short
from tests.render.test_pictures import check_png

ALL = frozenset(MODULES)


def sampled(modules: frozenset[str], players: int = 3, seed: int = 13) -> list[GameState]:
    seats = [policy("random", seed * 31 + k) for k in range(players)]
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed, modules=modules))
    samples = [state]
    while not state.is_over:
        index = state.current_index
        assert index is not None
        state, events = apply(state, seats[index].choose(state))
        if any(event.kind == "turn" for event in events):
            samples.append(state)
    return [*samples[::6], state]


def test_every_picture_with_all_modules_within_the_limits() -> None:
    for state in sampled(ALL):
        before = state.to_json()
        board = check_png(board_png(state))
        assert board.height <= 3000 and board.width <= MAX_WIDTH  # the whole board in one picture
        for phone in (board_png(state, compact=True), emperor_png(state)):  # what *Full board* sends
            picture = check_png(phone)
            assert picture.width == 900 and picture.height <= 1.7 * picture.width
        for seat in range(len(state.players)):
            check_png(hotel_png(state, seat))
        assert state.to_json() == before, "rendering changed the state"


def _pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    rgb = image.convert("RGB")
    raw = rgb.tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def _count(image: Image.Image, box: tuple[int, int, int, int], color: tuple[int, int, int]) -> int:
    return sum(1 for pixel in _pixels(image.crop(box)) if pixel == color)


def test_coloured_dice_are_drawn_in_colour_with_a_letter_badge() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=2, modules=frozenset({"celebrities"})))
    while state.round == 0:
        state, _ = apply(state, policy("random", 1).choose(state))
    assert state.waltz is not None
    image = board_image(state, compact=True)
    for slot, color in enumerate(("red", "blue", "yellow")):
        space = state.waltz.celebrities.colored[slot]
        assert 1 <= space <= 6
        assert _count(image, action_space_box(space), ROOM[color]) > 50
    sprite = coloured_die(40, 3, "red")
    badge = _pixels(sprite.crop((40 - 8, 4, 40 + 8, 24)))
    assert any(p == (255, 255, 255) for p in badge) and any(sum(p) < 150 for p in badge)


def test_lounge_and_key_panel_appear_only_with_their_modules() -> None:
    plain = new_game(GameConfig(players=["ann", "bob"], seed=2))
    lounge = new_game(GameConfig(players=["ann", "bob"], seed=2, modules=frozenset({"celebrities"})))
    key = new_game(GameConfig(players=["ann", "bob"], seed=2, modules=frozenset({"start_player"})))
    objectives = new_game(GameConfig(players=["ann", "bob"], seed=2, modules=frozenset({"more_objectives"})))
    height = board_image(plain).height
    assert board_image(objectives).height == height
    assert board_image(lounge).height == height + LOUNGE_H + 14
    key_image = board_image(key)
    assert key_image.height == height + LOUNGE_H + 14
    # the key, in the skeleton key panel at the right
    assert _count(key_image, (key_image.width - 300, height, key_image.width, key_image.height), GOLD) > 30


def test_hotel_shows_the_entrance_panel() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=2, modules=frozenset({"unique_hotels"})))
    without = hotel_image(state, 0).height
    while state.phase == "setup":
        state, _ = apply(state, policy("random", 3).choose(state))
    assert all(player.entrance is not None for player in state.players)
    assert hotel_image(state, 0).height > without + 80
    image = Image.open(io.BytesIO(hotel_png(state, 1)))
    assert image.width <= MAX_WIDTH


# ----- the turn post's picture (render/gah/turn.py) ---------------------------------------------------------------


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn through ImageDraw.text while the test runs (the turn picture's cached parts drawn anew)."""
    seen: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: object, text: object, *args: object, **kwargs: object) -> None:
        seen.append(str(text))
        original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    turn_hotel.empty_grid.cache_clear()
    return seen


def first_round(modules: frozenset[str], players: int = 3, seed: int = 2) -> GameState:
    """A game with `modules` at its first turn of round 1 (setup and the entrance auction done)."""
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed, modules=modules))
    while state.round == 0 or state.phase == "setup":
        state, _ = apply(state, policy("random", 1).choose(state))
    return state


@pytest.mark.parametrize("modules", [ALL, *(frozenset({name}) for name in sorted(MODULES))],
                         ids=lambda modules: "+".join(sorted(modules)))
def test_the_turn_picture_with_modules_keeps_its_phone_size(modules: frozenset[str]) -> None:
    for players in (2, 3, 4):
        for state in sampled(modules, players)[::3]:
            seat = state.current_index if state.current_index is not None else 0
            image = check_png(turn_png(state, seat))
            assert image.width == WIDTH and image.height <= MAX_ASPECT * image.width, (players, image.size)


def test_the_solo_turn_picture_against_elisabeth_keeps_its_phone_size() -> None:
    state = new_game(GameConfig(players=["ann"], seed=4, solo="leopold", modules=frozenset({"celebrities"})))
    for _ in range(60):
        if state.is_over:
            break
        state, _ = apply(state, policy("random", 2).choose(state))
    image = check_png(turn_png(state, "ann"))
    assert image.width == WIDTH and image.height <= MAX_ASPECT * image.width


def test_the_turn_picture_marks_coloured_dice_by_letter_and_shows_the_lounge(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = first_round(frozenset({"celebrities"}))
    assert state.waltz is not None
    texts = drawn_texts(monkeypatch)
    image = turn_image(state, 0).convert("RGB")
    for slot, color in enumerate(("red", "blue", "yellow")):
        space = state.waltz.celebrities.colored[slot]
        assert 1 <= space <= 6
        assert f"{color[0].upper()} {color} die on space {space}" in texts, "the lounge says where each die is"
        celebrity = state.waltz.celebrities.lounge[slot]
        assert celebrity is not None and celebrities()[celebrity].name in texts
        assert f"{state.waltz.celebrities.chits[slot]} VP" in texts
    # the strength box of a space with a coloured die holds a badge of its colour (the letter is drawn on it)
    width = (turn.INNER - 6 * 8) // 7
    layout = turn.layout_for({"celebrities"})  # the action spaces' top: below the header and the turn order
    actions_y = turn.HEADER_H + 8 + turn.TABLE_HEAD_H + 3 * layout.row_h + turn.GAP + 36
    scale = turn.SCALE
    for slot, color in enumerate(("red", "blue", "yellow")):
        space = state.waltz.celebrities.colored[slot]
        left = turn.MARGIN + (space - 1) * (width + 8)
        box = tuple(round(v * scale) for v in (left, actions_y + turn.SPACE_H - 40, left + width,
                                                actions_y + turn.SPACE_H - 6))
        near = sum(1 for pixel in _pixels(image.crop(box))  # type: ignore[arg-type]
                   if sum(abs(a - b) for a, b in zip(pixel, ROOM[color], strict=True)) < 40)
        assert near > 20, (color, space)
    assert texts.count("R") >= 1 and texts.count("B") >= 1 and texts.count("Y") >= 1


def test_the_turn_picture_names_each_entrance_and_the_key_holder(monkeypatch: pytest.MonkeyPatch) -> None:
    state = first_round(frozenset({"unique_hotels", "start_player"}), players=4)
    texts = drawn_texts(monkeypatch)
    turn_png(state, 0)
    for player in state.players:
        assert player.entrance is not None
        assert entrance_short(entrances()[player.entrance].name) in texts, player.name
    assert "key: not taken" in texts
    assert state.waltz is not None
    state.waltz.start_player.key = 2
    texts.clear()
    turn_png(state, 0)
    assert f"key: {state.players[2].name}" in texts


def test_room_boxes_match_the_lower_grid_of_the_lounge_layout() -> None:
    modules = frozenset({"celebrities"})
    state = first_round(modules)
    colors = hotel_layouts()[state.players[0].side].colors
    reds = [space for space in range(20) if colors[space] == "red"]
    state.players[0].rooms = [EMPTY] * 20
    state.players[0].rooms[reds[1]] = PREPARED
    state.players[0].rooms[reds[2]] = OCCUPIED
    image = turn_image(state, 0).convert("RGB")
    for space, inside in ((reds[0], ROOM_PALE["red"]), (reds[1], WHITE), (reds[2], ROOM["red"])):
        left, top, right, _bottom = turn_room_box(3, space, modules)
        pixel = image.getpixel(((left + right) // 2 + 4, top + 12))
        assert sum(abs(a - b) for a, b in zip(pixel, inside, strict=True)) < 30, (space, pixel)  # type: ignore[arg-type]
