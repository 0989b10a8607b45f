"""Issue 42 item 10, the Overbooking presenter's part: after a back-door choice paused the bookings, the post that
carries on shows every hotel that booked in it; a back-door choice names the card it acts on; the cards after the
first of a round are a quiet turn (no new ping); *Hotels* and *Full board* differ; seat colours are the lobby's."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass

from PIL import Image

from bot.games.gah import presenter as gah_presenter
from bot.games.overbooking import presenter as shown
from bot.host.service import COLOURS
from engine import Event
from engine.overbooking import GameConfig, GameState, apply, legal_actions, new_game
from engine.overbooking.data import bundled_data
from engine.overbooking.placement import card_label
from render.core.theme import PLAYER_COLOR_NAMES, PLAYER_COLORS
from render.overbooking.common import DECK_NAMES, deck_color


@dataclass
class Move:
    """What the presenter reads of a logged move."""

    events: tuple[Event, ...]
    seat: int = 0
    undone: bool = False
    kind: str = "action"
    name: str = ""


def paused_game() -> tuple[GameState, list[Event]]:
    """A seeded random game played until a back-door choice waits on a maids, nobles or soldiers card whose answer
    (the first offered) lets this hotel and the next one book, and the events that led there."""
    for seed in range(200):
        state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=seed, data=bundled_data()))
        rng = random.Random(seed)
        events: list[Event] = []
        while not state.is_over:
            if state.pending is not None and state.resolving + 1 < len(state.hotels):
                answer = next(a for a in legal_actions(state) if a.kind != "decline")
                _, after = apply(state, answer)
                if len({e.data.get("slot") for e in after if e.kind in shown.RESOLUTION_EVENTS}) >= 2:
                    return state, events
            state, new = apply(state, rng.choice(legal_actions(state)))
            events = new
    raise AssertionError("no seed gives a paused booking")


def test_after_a_paused_booking_every_hotel_that_books_gets_its_picture() -> None:
    state, _ = paused_game()
    paused_slot = state.resolving
    action = next(a for a in legal_actions(state) if a.kind != "decline")
    after, events = apply(state, action)
    assert not any(e.kind == "resolve" for e in events), "the post after the choice has no start-of-bookings event"
    booked = {e.data["slot"] for e in events if e.kind in shown.RESOLUTION_EVENTS}
    assert paused_slot in booked and len(booked) >= 2
    names = [name for _, name in shown.turn_pictures(after, 0, [Move(tuple(events))])]
    assert names == ["hotels.png", *(f"hotel-{slot + 1}.png" for slot in sorted(booked))]


def test_a_back_door_choice_names_the_card_it_acts_on() -> None:
    state, _ = paused_game()
    assert state.pending is not None
    queue = state.hotels[state.pending.hotel].queue
    panel = shown.build_panel(state, legal_actions(state))
    labels = [choice.label for row in panel.rows for choice in row.choices]
    for action in legal_actions(state):
        if action.kind == "decline":
            continue
        target = queue[action.args[0]]
        words = f"{state.players[target.owner].name}'s {card_label(state, target.card)}"
        assert any(label.startswith(action.text[:1].upper() + action.text[1:]) and label.endswith(words)
                   for label in labels), (labels, words)


def test_the_cards_after_the_first_of_a_round_are_a_quiet_turn() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=4, data=bundled_data()))
    assert not shown.quiet_turn(state), "the first card of the round pings"
    rng = random.Random(4)
    state, _ = apply(state, rng.choice(legal_actions(state)))
    assert not shown.quiet_turn(state), "the second player's first card pings"
    state, _ = apply(state, rng.choice(legal_actions(state)))
    assert shown.quiet_turn(state), "the first player's second card is the same turn of cards"
    assert not gah_presenter.quiet_turn(state)  # type: ignore[arg-type]


def test_hotels_shows_the_hotels_and_full_board_the_whole_table() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=4, data=bundled_data()))
    hotels = shown.hotels_pictures(state)
    board = shown.board_pictures(state)
    assert [name for _, name in hotels] == ["hotels.png"]
    assert [name for _, name in board] == ["hotels.png", "scores.png"]
    plain, scored = (Image.open(io.BytesIO(data)) for data in (hotels[0][0], board[0][0]))
    assert plain.size == scored.size and plain.tobytes() != scored.tobytes(), "the full board's legend has scores"


def test_seat_colours_are_one_table_for_the_lobby_and_every_picture() -> None:
    assert COLOURS == PLAYER_COLOR_NAMES == DECK_NAMES
    assert [deck_color(seat) for seat in range(4)] == list(PLAYER_COLORS)
