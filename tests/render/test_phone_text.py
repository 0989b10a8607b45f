"""Issue 52 item 8: pictures on a phone. Every text a player reads is at least 9 px high when the picture is shown
390 px wide (`tests.render.phone_text` measures each drawn text's font size against its picture's canvas), and no
text is cut short with "…", across seeded games of 2-4 players, with and without the Let's Waltz modules, solo,
and Overbooking."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

import render.gah
from engine import GameConfig, GameState, player_view
from engine.overbooking import GameConfig as OverbookingConfig
from engine.overbooking import new_game as new_overbooking_game
from engine.overbooking import player_view as overbooking_view
from engine.overbooking.placement import queue_limit
from engine.overbooking.simulate import config_for, play_game
from engine.overbooking.state import DOOR_LIMIT
from render import overbooking
from render.core.theme import USED
from render.gah.board import board_png, emperor_png
from render.gah.turn import turn_png
from render.overbooking.common import CARD_H
from render.overbooking.common import MARGIN as OVERBOOKING_MARGIN
from render.overbooking.common import WIDTH as OVERBOOKING_WIDTH
from render.overbooking.hotels import HOTEL_HEAD, LABEL_H, hotel_top
from render.overbooking.hotels import hotels_image as overbooking_hotels_image
from tests.render.games import sampled_states, turn_states
from tests.render.phone_text import PHONE_WIDTH, SMALLEST, Picture, TextRecorder, recording
from tests.render.test_overbooking_pictures import _after_round_one, _mid_round

Draw = Callable[[], object]


@pytest.fixture
def recorder() -> Iterator[TextRecorder]:
    with recording() as found:
        yield found


def played(config: GameConfig, every: int, seed: int = 3) -> list[GameState]:
    """Every `every`-th state at a turn's start of one random game of `config`, and its final state."""
    states = turn_states(config, seed)
    return [*states[:-1:every], states[-1]]


def gah_pictures(state: GameState) -> Iterator[tuple[str, Draw]]:
    """Every Grand Austria Hotel picture a player sees of `state`: the turn picture of each seat, the board (both
    ways), the Emperor picture, each hotel, each hand and, once over, the scoreboard."""
    view = player_view(state, None)
    yield "board", lambda: board_png(view, compact=True)
    yield "full board", lambda: board_png(view)
    yield "emperor", lambda: emperor_png(view)
    for seat in range(len(state.players)):
        yield f"turn of seat {seat}", lambda seat=seat: turn_png(view, seat)  # type: ignore[misc]
        yield f"hotel of seat {seat}", lambda seat=seat: render.gah.hotel_png(view, seat)  # type: ignore[misc]
        yield f"hand of seat {seat}", lambda seat=seat: render.gah.hand_png(state, seat)  # type: ignore[misc]
    if state.is_over:
        yield "scoreboard", lambda: render.gah.scoreboard_png(state)


def gah_states() -> Iterator[GameState]:
    for players in (2, 3, 4):
        states = sampled_states(players)
        yield from states[::9]
        yield states[-1]
    waltz = frozenset({"celebrities", "unique_hotels", "start_player", "more_objectives"})
    yield from played(GameConfig(players=["ann", "bob", "AI Orange"], seed=4, modules=waltz), 12)
    yield from played(GameConfig(players=["ann"], seed=5, solo="leopold",
                                 modules=frozenset({"celebrities", "unique_hotels"})), 12)


def overbooking_pictures() -> Iterator[tuple[str, Draw]]:
    middle, after = _mid_round(), _after_round_one()
    final, _ = play_game(config_for(4, 2), ["heuristic"] * 4, 2)
    yield "hotels", lambda: overbooking.hotels_png(overbooking_view(middle, "ann"))
    yield "hotels scored", lambda: overbooking.hotels_png(final, scores=True)
    yield "hand", lambda: overbooking.hand_png(after, "bob")
    for index in range(len(after.players)):
        yield f"resolution {index}", lambda index=index: overbooking.resolution_png(after, index)  # type: ignore[misc]
    yield "scoreboard", lambda: overbooking.scoreboard_png(final)


@pytest.fixture(scope="module")
def every_picture() -> list[Picture]:
    """The texts of every picture of every sampled state (drawn once for the module's tests)."""
    with recording() as recorder:
        shown = [recorder.picture(name, draw) for state in gah_states() for name, draw in gah_pictures(state)]
        return shown + [recorder.picture(f"Overbooking {name}", draw) for name, draw in overbooking_pictures()]


def test_every_text_is_at_least_9_px_on_a_phone(every_picture: list[Picture]) -> None:
    pictures = every_picture
    assert len(pictures) > 150
    too_small: dict[str, tuple[float, str]] = {}
    for picture in pictures:
        texts = picture.on_phone()
        assert texts, f"{picture.name} drew no text through ImageDraw.text"
        smallest = texts[0]
        if smallest[0] < SMALLEST:
            too_small.setdefault(picture.name.split(" of ")[0], (round(smallest[0], 1), smallest[1]))
    assert not too_small, f"texts under {SMALLEST} px at {PHONE_WIDTH} px wide: {too_small}"


def test_no_text_is_cut_short(every_picture: list[Picture]) -> None:
    cut: dict[str, set[str]] = {}
    for picture in every_picture:
        for words in picture.clipped():
            cut.setdefault(picture.name.split(" of ")[0], set()).add(words)
    assert not cut, f"texts cut with '…': {cut}"


def test_overbooking_queue_slots_stand_whole_inside_each_hotel() -> None:
    """The Courtyard (no back door) shows its five queue places, each clear of the hotel panel's edge, as every
    other hotel shows its four and the two back-door places (issue 52 item 8: the fifth slot was cut by the edge)."""
    for seed in range(1, 12):
        state = new_overbooking_game(OverbookingConfig(players=["ann", "bob", "cy"], seed=seed))
        image = overbooking_hotels_image(state).convert("RGB")
        for slot in range(len(state.hotels)):
            y = hotel_top(slot) + HOTEL_HEAD + LABEL_H + CARD_H // 2
            row = [image.getpixel((x, y)) == USED for x in range(image.width)]
            runs = [(x, end) for x, end in _runs(row)]
            door = state.face(slot).rule != "no_back_door"
            assert len(runs) == queue_limit(state, slot) + (DOOR_LIMIT if door else 0), (seed, slot, runs)
            assert runs[-1][1] <= OVERBOOKING_WIDTH - OVERBOOKING_MARGIN - 6, (seed, slot, runs[-1])


def _runs(flags: list[bool]) -> Iterator[tuple[int, int]]:
    """(first, last) index of each run of True."""
    start = None
    for x, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = x
        elif not flag and start is not None:
            yield start, x - 1
            start = None


def test_overbooking_texts_never_run_into_each_other(recorder: TextRecorder) -> None:
    """No two texts of an Overbooking table picture (hotels, resolutions, scoreboard) overlap or touch (the
    resolution's "back door" ran into "queue →"). The hand is left out: its cards set a number beside its unit
    ("5" "beds") on purpose."""
    found = {}
    for name, draw in overbooking_pictures():
        if name == "hand":
            continue
        picture = recorder.picture(name, draw)
        if picture.overlapping():
            found[name] = picture.overlapping()
    assert not found, found
