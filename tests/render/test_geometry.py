"""Pixel probes: the pictures show what the state says, where the exposed geometry says it is."""

from __future__ import annotations

import io

from PIL import Image

from engine.gah.cards import guests, hotel_layouts
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, GameState
from render.core.draw import Box
from render.core.theme import PLAYER_COLORS, REWARD_SPACE, RGB, ROOM, ROOM_PALE, TRACK, WHITE
from render.gah.board import (
    action_space_box,
    board_image,
    display_box,
    dustbin_box,
    emperor_space_box,
    emperor_zones,
    politics_slot_box,
    zone_legend,
)
from render.gah.hotel import hotel_image, hotel_png, space_box, table_box
from tests.render.games import fresh, sampled_states


def crop_bytes(image: Image.Image, box: Box) -> bytes:
    return image.crop(box).tobytes()


def colours(image: Image.Image, box: Box) -> set[RGB]:
    crop = image.crop(box).convert("RGB")
    return {colour for _, colour in crop.getcolors(maxcolors=1 << 20) or []}


def mean(image: Image.Image, box: Box) -> RGB:
    crop = image.crop(box).convert("RGB").resize((1, 1), Image.Resampling.BOX)
    pixel = crop.getpixel((0, 0))
    assert isinstance(pixel, tuple)
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]))


def changed_share(a: Image.Image, b: Image.Image) -> float:
    """Share of pixels whose colour differs by more than 40 (sum over channels) between two equal-sized crops."""
    pixels_a, pixels_b = a.convert("RGB").tobytes(), b.convert("RGB").tobytes()
    changed = sum(
        1
        for k in range(0, len(pixels_a), 3)
        if sum(abs(pixels_a[k + c] - pixels_b[k + c]) for c in range(3)) > 40
    )
    return changed / (a.width * a.height)


def distance(a: RGB, b: RGB) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


# ----- hotel ---------------------------------------------------------------------------------------------


def red_spaces(state: GameState) -> list[int]:
    colors = hotel_layouts()[state.players[0].side].colors
    return [space for space in range(20) if colors[space] == "red"]


def test_empty_prepared_and_occupied_rooms_look_different() -> None:
    state = fresh()
    empty, prepared, occupied = red_spaces(state)[:3]
    state.players[0].rooms = [EMPTY] * 20
    state.players[0].rooms[prepared] = PREPARED
    state.players[0].rooms[occupied] = OCCUPIED
    image = hotel_image(state, 0)
    # probe 1: just inside the left edge, mid-height (the frame of a prepared room)
    # probe 2: low in the space, left of the icon (a prepared room's white inside)
    edge = {}
    inside = {}
    for space in (empty, prepared, occupied):
        left, top, _right, bottom = space_box(space)
        edge[space] = image.getpixel((left + 11, (top + bottom) // 2))
        inside[space] = image.getpixel((left + 28, bottom - 22))
    assert edge[empty] == ROOM_PALE["red"] and inside[empty] == ROOM_PALE["red"]
    assert edge[prepared] == ROOM["red"] and inside[prepared] == WHITE
    assert edge[occupied] == ROOM["red"] and inside[occupied] == ROOM["red"]
    crops = {space: image.crop(space_box(space)) for space in (empty, prepared, occupied)}
    assert changed_share(crops[empty], crops[prepared]) > 0.5
    assert changed_share(crops[prepared], crops[occupied]) > 0.5
    assert changed_share(crops[empty], crops[occupied]) > 0.5
    assert distance(mean(image, space_box(empty)), mean(image, space_box(occupied))) > 100


def test_changing_one_room_changes_only_that_space() -> None:
    state = fresh()
    state.players[0].rooms = [EMPTY] * 20
    before = hotel_image(state, 0)
    after_state = state.copy()
    after_state.players[0].rooms[0] = PREPARED
    after = hotel_image(after_state, 0)
    assert crop_bytes(before, space_box(0)) != crop_bytes(after, space_box(0))
    for space in range(1, 20):
        assert crop_bytes(before, space_box(space)) == crop_bytes(after, space_box(space)), space


def test_every_space_box_lies_inside_the_picture_and_boxes_do_not_overlap() -> None:
    image = hotel_image(fresh(), 0)
    boxes = [space_box(space) for space in range(20)]
    for left, top, right, bottom in boxes:
        assert 0 <= left < right <= image.width and 0 <= top < bottom <= image.height
    assert space_box(0)[1] > space_box(15)[1], "floor 1 is drawn below floor 4"
    assert space_box(0)[0] < space_box(4)[0], "column 1 is left of column 5"
    assert len({(b[0], b[1]) for b in boxes}) == 20


def test_cafe_guest_and_served_items_show() -> None:
    state = fresh()
    guest = next(g for g in guests().values() if g.color == "blue" and sum(g.order) >= 2)
    table = state.players[0].cafe[1]
    table.guest = guest.id
    table.served = [0, 0, 0, 0]
    empty_table = hotel_image(state, 0)
    assert ROOM["blue"] in colours(empty_table, table_box(1))
    first = next(i for i, n in enumerate(guest.order) if n)
    table.served[first] = 1
    served = hotel_image(state, 0)
    assert crop_bytes(empty_table, table_box(1)) != crop_bytes(served, table_box(1))
    assert crop_bytes(empty_table, table_box(0)) == crop_bytes(served, table_box(0))


# ----- board ---------------------------------------------------------------------------------------------


def test_dice_count_shows_on_its_action_space() -> None:
    state = fresh()
    state.dice = [3, 0, 2, 0, 0, 0]
    first = board_image(state, compact=True)
    moved = state.copy()
    moved.dice = [2, 1, 2, 0, 0, 0]
    second = board_image(moved, compact=True)
    assert crop_bytes(first, action_space_box(1)) != crop_bytes(second, action_space_box(1))
    assert crop_bytes(first, action_space_box(2)) != crop_bytes(second, action_space_box(2))
    assert crop_bytes(first, action_space_box(3)) == crop_bytes(second, action_space_box(3))
    assert crop_bytes(first, action_space_box(6)) == crop_bytes(second, action_space_box(6))
    bin_state = moved.copy()
    bin_state.dustbin = 4
    assert crop_bytes(second, dustbin_box()) != crop_bytes(board_image(bin_state, compact=True), dustbin_box())


def test_full_and_compact_board_share_the_action_spaces() -> None:
    state = fresh()
    state.dice = [1, 2, 3, 4, 5, 6]
    full, compact = board_image(state), board_image(state, compact=True)
    assert full.height > compact.height
    for space in range(1, 7):
        assert crop_bytes(full, action_space_box(space)) == crop_bytes(compact, action_space_box(space))


def test_emperor_marker_moves_with_the_track_position() -> None:
    state = fresh()
    for player in state.players:
        player.emperor = 0
    state.players[1].emperor = 5
    first = board_image(state)
    colour = PLAYER_COLORS[1]
    assert colour in colours(first, emperor_space_box(5))
    assert colour not in colours(first, emperor_space_box(6))
    moved = state.copy()
    moved.players[1].emperor = 6
    second = board_image(moved)
    assert colour not in colours(second, emperor_space_box(5))
    assert colour in colours(second, emperor_space_box(6))


def test_politics_markers_sit_in_their_slots() -> None:
    state = fresh()
    state.politics_claims = [[2], [], [0, 1]]
    image = board_image(state)
    assert PLAYER_COLORS[2] in colours(image, politics_slot_box(0, 0))
    assert PLAYER_COLORS[0] in colours(image, politics_slot_box(2, 0))
    assert PLAYER_COLORS[1] in colours(image, politics_slot_box(2, 1))
    for card, place in ((0, 1), (1, 0), (2, 2)):
        assert not set(PLAYER_COLORS) & colours(image, politics_slot_box(card, place))


def test_display_cards_show_their_guest_colour() -> None:
    state = fresh()
    image = board_image(state, compact=True)
    for position, guest_id in enumerate(state.display, start=1):
        assert guest_id is not None
        assert ROOM[guests()[guest_id].color] in colours(image, display_box(position))
    emptied = state.copy()
    emptied.display[0] = None
    after = board_image(emptied, compact=True)
    assert crop_bytes(image, display_box(1)) != crop_bytes(after, display_box(1))
    assert crop_bytes(image, display_box(2)) == crop_bytes(after, display_box(2))


def test_palette_png_keeps_the_probed_colours() -> None:
    state = fresh()
    empty, prepared, occupied = red_spaces(state)[:3]
    state.players[0].rooms = [EMPTY] * 20
    state.players[0].rooms[prepared] = PREPARED
    state.players[0].rooms[occupied] = OCCUPIED
    exact = hotel_image(state, 0)
    decoded = Image.open(io.BytesIO(hotel_png(state, 0))).convert("RGB")
    assert decoded.size == exact.size
    for space in (empty, prepared, occupied):
        left, top, _right, bottom = space_box(space)
        for point in ((left + 11, (top + bottom) // 2), (left + 28, bottom - 22)):
            got, want = decoded.getpixel(point), exact.getpixel(point)
            assert isinstance(got, tuple) and isinstance(want, tuple)
            assert distance(got[:3], want[:3]) <= 12, (point, got, want)
    assert changed_share(exact, decoded) < 0.001
    boxes = [space_box(space) for space in (empty, prepared, occupied)]
    probes = [decoded.getpixel((box[0] + 28, box[3] - 22)) for box in boxes]
    assert len(set(probes)) == 3


def test_emperor_track_zones_show_the_coming_scoring_as_markers_stand_before_it() -> None:
    """Issue 52 item 6: the track's colours and legend tell, for the coming Emperor scoring, which spaces bring the
    penalty and the reward as the markers stand now (the marker moves back 3/5/7 spaces first): rounds 1-3 0-3
    penalty and 6+ reward, rounds 4-5 0-5 and 8+, rounds 6-7 0-7 and 10+ (`engine.gah.cards.emperor_thresholds`)."""
    expected = {1: (3, 6), 2: (3, 6), 3: (3, 6), 4: (5, 8), 5: (5, 8), 6: (7, 10), 7: (7, 10)}
    seen: set[int] = set()
    for state in sampled_states(3):
        if state.phase != "play":
            continue
        zones, note = emperor_zones(state)
        assert zones == expected[state.round], (state.round, zones)
        penalty, reward = zones
        assert [label for _, label in zone_legend(zones)] == [f"0-{penalty}: penalty",
                                                              f"{penalty + 1}-{reward - 1}: nothing",
                                                              f"{reward}+: reward"]
        assert f"round {expected[state.round][0]}'s scoring" in note
        if state.round not in seen:  # the picture's spaces coloured by those zones, once a round
            seen.add(state.round)
            image = board_image(state)
            for position in range(14):
                zone = "penalty" if position <= penalty else "nothing" if position < reward else "reward"
                fill = TRACK[zone] if zone != "reward" else REWARD_SPACE
                corner = emperor_space_box(position)[2:]  # bottom right, clear of numbers and markers
                assert image.convert("RGB").getpixel((corner[0] - 6, corner[1] - 6)) == fill, (state.round, position)
    assert seen == set(expected)
