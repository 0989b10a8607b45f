"""The turn post's one picture (issue 14 item 3): phone-first size and aspect, smallest text, room names as the
panel's buttons use them, colour never the only cue, and the state left unchanged."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine import Event, GameState, apply, legal_actions
from engine.gah.cards import hotel_layouts, space_name
from engine.gah.state import EMPTY, OCCUPIED, PREPARED
from render.core import draw as draw_module
from render.core.theme import HIGHLIGHT, ROOM, ROOM_DARK, ROOM_PALE, WHITE
from render.gah import turn, turn_changes, turn_hotel
from render.gah.turn import turn_image, turn_png
from render.gah.turn_layout import MAX_ASPECT, SCALE, WIDTH, turn_room_box
from tests.render.games import fresh, sampled_states

PHONE_WIDTH = 390
SMALLEST_ALLOWED = 18  # px in the finished picture: 9 px at a phone's 390 px


def picture(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    return Image.open(io.BytesIO(data))


@pytest.fixture
def font_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[float, str]]]:
    """Every (font size, text) drawn while the fixture is active, with the cached sprites and cards drawn anew."""
    seen: list[tuple[float, str]] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: object, text: object, *args: object, **kwargs: object) -> None:
        face = kwargs.get("font")
        assert face is not None, f"text {text!r} drawn without a font of ours"
        size = float(getattr(face, "size", 0))
        width, height = self.im.size if self.im is not None else (0, 0)
        if self.mode == "RGBA" and width == height:
            size /= draw_module.SS  # a sprite (a seat marker) drawn at SS times its size and shrunk afterwards
        seen.append((size, str(text)))
        original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    for cached in (turn._guest_card, turn_hotel.empty_grid, draw_module.token):
        cached.cache_clear()
    yield seen
    for cached in (turn._guest_card, turn_hotel.empty_grid, draw_module.token):
        cached.cache_clear()


def test_the_turn_picture_is_800_wide_and_at_most_1_6_times_as_high() -> None:
    for players in (2, 3, 4):
        states = sampled_states(players)
        for state in (*states[:: max(1, len(states) // 12)], states[-1]):
            seat = state.current_index if state.current_index is not None else 0
            image = picture(turn_png(state, seat))
            assert image.width == WIDTH == 800
            assert image.height <= MAX_ASPECT * image.width, (players, image.size)
            assert image.height >= image.width, "a portrait picture, for a phone"


def test_the_smallest_text_is_at_least_18_px_in_the_finished_picture(font_sizes: list[tuple[float, str]]) -> None:
    state = sampled_states(4)[30]
    turn_png(state, state.current_index or 0)
    drawn = [(size, words) for size, words in font_sizes if words.strip()]
    assert len(drawn) > 100, "the picture draws its texts through ImageDraw.text"
    smallest, words = min(drawn)
    assert smallest * SCALE >= SMALLEST_ALLOWED, f"{words!r} ends up {smallest * SCALE:.1f} px high"
    assert smallest * SCALE * PHONE_WIDTH / WIDTH >= 8.5  # about 9 px on a 390-px phone


def test_every_room_carries_its_panel_name_and_colour_letter(font_sizes: list[tuple[float, str]]) -> None:
    state = sampled_states(3)[20]
    turn_png(state, 1)
    drawn = {words for _, words in font_sizes}
    for space in range(20):
        assert space_name(space) in drawn  # "1-1" ... "4-5", as the panel's buttons name rooms
    assert {"R", "B", "Y"} <= drawn


def room_state(state: GameState) -> tuple[GameState, dict[str, int]]:
    colors = hotel_layouts()[state.players[0].side].colors
    reds = [space for space in range(20) if colors[space] == "red"]
    rooms = {"empty": reds[0], "prepared": reds[1], "occupied": reds[2]}
    state.players[0].rooms = [EMPTY] * 20
    state.players[0].rooms[rooms["prepared"]] = PREPARED
    state.players[0].rooms[rooms["occupied"]] = OCCUPIED
    return state, rooms


def near(a: tuple[int, ...], b: tuple[int, int, int], tolerance: int = 24) -> bool:
    return sum(abs(x - y) for x, y in zip(a[:3], b, strict=True)) <= tolerance


def test_room_boxes_show_empty_prepared_and_occupied_rooms_differently() -> None:
    state, rooms = room_state(fresh(3))
    image = turn_image(state, 0).convert("RGB")
    probes = {}
    for name, space in rooms.items():
        left, top, right, bottom = turn_room_box(3, space)
        probes[name] = (image.getpixel((left + 7, (top + bottom) // 2)),  # just inside the frame
                        image.getpixel(((left + right) // 2 + 4, top + 14)))  # the room's inside, top middle
    assert near(probes["empty"][0], ROOM_PALE["red"]) and near(probes["empty"][1], ROOM_PALE["red"])
    assert near(probes["prepared"][0], ROOM["red"]) and near(probes["prepared"][1], WHITE)
    assert near(probes["occupied"][0], ROOM["red"]) and near(probes["occupied"][1], ROOM["red"])


def test_a_room_name_is_written_in_the_room_s_bottom_right_corner() -> None:
    state, rooms = room_state(fresh(3))
    image = turn_image(state, 0).convert("RGB")
    left, top, right, bottom = turn_room_box(3, rooms["empty"])
    corner = image.crop((right - (right - left) // 2, bottom - (bottom - top) // 3, right - 2, bottom - 2))
    colours = corner.getcolors(maxcolors=corner.width * corner.height) or []
    inked = sum(count for count, colour in colours if near(colour, ROOM_DARK["red"], 90))
    assert inked > 20, "the dark room name stands out of the pale empty room"


def test_changing_a_room_changes_that_room_s_box_only() -> None:
    state, _ = room_state(fresh(3))
    before = turn_image(state, 0)
    after_state = state.copy()
    after_state.players[0].rooms[0] = PREPARED
    after = turn_image(after_state, 0)
    assert before.crop(turn_room_box(3, 0)).tobytes() != after.crop(turn_room_box(3, 0)).tobytes()
    for space in (2, 5, 10, 19):
        box = turn_room_box(3, space)
        inner = (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4)
        assert before.crop(inner).tobytes() == after.crop(inner).tobytes(), space


def test_the_turn_picture_does_not_change_the_state_and_shows_the_named_player() -> None:
    state = sampled_states(3)[25]
    before = state.to_json()
    first, second = turn_png(state, 0), turn_png(state, "bob")
    assert state.to_json() == before
    assert first != second
    assert turn_png(state, 1) == second
    with pytest.raises(KeyError):
        turn_png(state, "nobody")


def test_the_phone_sized_copy_keeps_its_proportions() -> None:
    state = sampled_states(3)[-1]
    image = turn_image(state, 0)
    phone = image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.Resampling.LANCZOS)
    assert phone.width == PHONE_WIDTH
    assert phone.height <= MAX_ASPECT * PHONE_WIDTH + 1


def test_rooms_changed_this_turn_are_found_from_the_events_and_framed() -> None:
    state = fresh(3)
    events: list[Event] = []  # the setup's room choices prepare rooms
    while state.current_index is not None and not any(a.kind == "die" for a in legal_actions(state)):
        action = next((a for a in legal_actions(state) if a.kind == "room"), legal_actions(state)[0])
        state, caused = apply(state, action)
        events += caused
    name = state.players[0].name
    changed = turn_changes.rooms_changed(events, name)
    prepared = {space for space in range(20) if state.players[0].rooms[space] != EMPTY}
    assert changed and changed == prepared
    assert turn_changes.rooms_changed(events, "nobody") == frozenset()
    plain = turn_image(state, 0).convert("RGB")
    framed = turn_image(state, 0, changed=changed).convert("RGB")
    for space in range(20):
        left, top, _right, bottom = turn_room_box(3, space)
        probe = (left + 3, (top + bottom) // 2)
        if space in changed:
            assert near(framed.getpixel(probe), HIGHLIGHT, 60), space
        else:
            assert framed.getpixel(probe) == plain.getpixel(probe), space


def test_every_guest_name_fits_its_display_card_whole() -> None:
    from engine.gah.cards import guests
    from render.core.theme import font

    width = (turn.INNER - 4 * 8) // 5 - 16
    face = font(22, True, True)
    for guest in guests().values():
        lines = turn.name_lines(guest.name, width)
        assert 1 <= len(lines) <= 3, guest.name
        assert all(face.getlength(line) <= width for line in lines), lines
        assert " ".join(lines).replace("- ", "") == guest.name, lines
    assert turn.name_lines("Photographer", width) == ["Photog-", "rapher"]


def test_the_turn_picture_frames_the_dice_taken_and_the_tables_served() -> None:
    """Issue 42 item 2: what changed since the last post is marked; the same picture without marks differs exactly
    there (the action spaces' row and the café)."""
    from engine import GameConfig, new_game, player_view
    from render.gah.turn_changes import Changes, changes_of

    state = player_view(new_game(GameConfig(players=["ann", "bob"], seed=4)), None)
    events = [Event("die", "ann", "", {"space": 3, "strength": 2}), Event("serve", "ann", "", {"item": 0, "table": 1}),
              Event("die", "bob", "", {"space": 5, "strength": 1}), Event("prepare", "ann", "", {"space": 0})]
    marks = changes_of(events, "ann")
    assert marks == Changes(rooms=frozenset({0}), spaces=frozenset({3}), tables=frozenset({1}))
    plain = turn_image(state, 0)
    marked = turn_image(state, 0, marks=Changes(spaces=frozenset({3})))
    assert plain.size == marked.size
    difference = ImageChops.difference(plain.convert("RGB"), marked.convert("RGB"))
    box = difference.getbbox()
    assert box is not None, "the die's space is framed"
    assert box[3] - box[1] < plain.height / 5, "only the action spaces' row changed"
    # the row's note gains the gold frame's legend (one text line at its top); below it, only that space changed
    spaces = difference.crop((0, box[1] + 36, plain.width, plain.height)).getbbox()
    assert spaces is not None, "the die's space is framed"
    left, _, right, _ = spaces
    assert right - left < plain.width / 4, "only that action space changed"
