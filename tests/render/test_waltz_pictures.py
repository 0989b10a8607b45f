"""Pictures of the Let's Waltz modules (issue 17): coloured dice marked by colour and letter, the lounge with its
celebrities and chits, the skeleton key, each player's hotel entrance; all within the size limits."""

from __future__ import annotations

import io

from PIL import Image

from engine import GameConfig, GameState, apply, new_game
from engine.ai import policy
from engine.config import MODULES
from render import board_png, hotel_png
from render.board import action_space_box, board_image
from render.hotel import hotel_image
from render.theme import GOLD, MAX_WIDTH, ROOM
from render.waltz import LOUNGE_H, coloured_die
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
        assert board.height <= 2600 and board.width <= MAX_WIDTH
        check_png(board_png(state, compact=True))
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
        space = state.waltz.colored[slot]
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
    assert _count(key_image, (900, height, 1200, key_image.height), GOLD) > 30  # the key


def test_hotel_shows_the_entrance_panel() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=2, modules=frozenset({"unique_hotels"})))
    without = hotel_image(state, 0).height
    while state.phase == "setup":
        state, _ = apply(state, policy("random", 3).choose(state))
    assert all(player.entrance is not None for player in state.players)
    assert hotel_image(state, 0).height > without + 80
    image = Image.open(io.BytesIO(hotel_png(state, 1)))
    assert image.width <= MAX_WIDTH
