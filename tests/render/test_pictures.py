"""Every picture is produced for every sampled state of seeded 2-, 3- and 4-player games, within the size limits,
and rendering never changes the state."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from engine import GameConfig, apply, new_game, player_view
from engine.gah.ai import policy
from render.core.theme import MAX_WIDTH, PLAYER_COLORS
from render.gah import board_png, emperor_png, hand_png, hotel_png, scoreboard_png
from render.gah.board import MARGIN, POLITICS_Y, ROW_H, board_image
from tests.render.games import sampled_states

MAX_BYTES = 1_000_000
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def check_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) <= MAX_BYTES
    image = Image.open(io.BytesIO(data))
    assert image.width <= MAX_WIDTH
    return image


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_picture_for_every_turn_start(players: int) -> None:
    states = sampled_states(players)
    assert len(states) > 20
    last_round = -1
    for number, state in enumerate(states):
        before = state.to_json()
        seat = state.current_index if state.current_index is not None else 0
        check_png(board_png(state, compact=number % 2 == 1))
        check_png(hotel_png(state, seat))
        check_png(hand_png(state, state.players[seat].name))
        if state.round != last_round or state.is_over:
            # once per round (and at the end): the full board, every hotel and the scoreboard
            check_png(board_png(state))
            for other in range(players):
                check_png(hotel_png(state, other))
            check_png(scoreboard_png(state))
            last_round = state.round
        assert state.to_json() == before, "rendering changed the state"
    assert states[-1].is_over


def test_final_pictures_are_phone_sized() -> None:
    state = sampled_states(4)[-1]
    for data in (board_png(state, compact=True), emperor_png(state), hotel_png(state, 0), hand_png(state, 0),
                 scoreboard_png(state)):
        image = check_png(data)
        assert 900 <= image.width <= MAX_WIDTH
        assert image.height <= 2400
    # the whole board in one picture (the demo's), 900 px wide
    whole = check_png(board_png(state))
    assert whole.width == 900 and whole.height <= 3000


def test_same_state_same_bytes() -> None:
    state = sampled_states(3)[30]
    assert board_png(state) == board_png(state)
    assert hotel_png(state, "bob") == hotel_png(state, 1)
    assert hand_png(state, "cy") == hand_png(state, 2)


def test_unknown_player_is_a_key_error() -> None:
    state = sampled_states(2)[0]
    with pytest.raises(KeyError):
        hotel_png(state, "zed")
    with pytest.raises(KeyError):
        hand_png(state, 5)


def test_pictures_of_a_player_view() -> None:
    state = sampled_states(3)[40]
    view = player_view(state, "ann")
    check_png(board_png(view))
    for seat in range(3):
        check_png(hotel_png(view, seat))
    check_png(hand_png(view, "ann"))
    check_png(hand_png(view, "bob"))  # hidden cards are drawn face down
    check_png(scoreboard_png(view))


def test_rendering_from_threads_gives_the_same_pictures() -> None:
    """The bot renders off the event loop (`asyncio.to_thread`): shared caches and fonts must stay safe."""
    states = sampled_states(4)[5:45:5]
    jobs = [(board_png, (state,)) for state in states] + [(hotel_png, (state, 1)) for state in states]
    expected = [job(*args) for job, args in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda item: item[0](*item[1]), jobs))
    assert got == expected


def test_solo_game_pictures() -> None:
    seat_policy = policy("random", 1)
    state = new_game(GameConfig(players=["ann"], seed=4, solo="leopold"))
    count = 0
    while not state.is_over:
        state, _ = apply(state, seat_policy.choose(state))
        count += 1
        if count % 9 == 0:
            check_png(board_png(state))
            check_png(hotel_png(state, 1))
    check_png(board_png(state))
    check_png(hotel_png(state, "Leopold"))
    check_png(scoreboard_png(state))


def test_solo_countdown_marker_shows_on_its_politics_card() -> None:
    state = new_game(GameConfig(players=["ann"], seed=4, solo="leopold"))
    assert state.solo is not None
    state.solo.countdown = [0, 3, 0]
    marked = board_image(state)
    state.solo.countdown = [0, 0, 0]
    plain = board_image(state)
    seat_colour = PLAYER_COLORS[state.solo.seat]
    row = (MARGIN, POLITICS_Y + 52 + ROW_H, MARGIN + 90, POLITICS_Y + 52 + 2 * ROW_H)
    assert seat_colour in {c for _, c in marked.crop(row).getcolors(1 << 20) or []}
    assert seat_colour not in {c for _, c in plain.crop(row).getcolors(1 << 20) or []}
