"""One test per base-game guest card (49-104): order, colour, printed VP and the exact check-in reward.

Reference texts: shared/reference/gah-data.md section 1 (guest table: colour, order strudel/cake/wine/coffee,
VP, reward), the retail appendix card texts in shared/reference/gah-raw/MrIee_board-game-helpers__guests.json,
and shared/reference/rules/*.txt (rulebook 2015 "Guest Cards", "Overview of Symbols", "Additional Actions";
Yucata rules for the 2021 E. Gizia).

Every test builds a state where ann (seat 0) is on turn with the guest at café table 1 and its order served,
checks that the guest needs exactly its printed order and goes only into a room of its colour, moves it into
a room, and then checks the printed VP and the reward to the krone, step, card and item.

The standard hotel used below (`BASE`) is: 1-1 (blue) and 2-1 (yellow) occupied, prepared vacant rooms 1-2
(yellow), 1-3 (red) and 3-1 (blue). Checking a guest into any of those three rooms completes no group, so no
occupancy bonus muddies the numbers. Empty spaces a room could be prepared on: 1-4 and 2-2, 2-3 (floors 1-2,
cost 0 and 1), 3-2 (floor 3, cost 2) and 4-1 (floor 4, cost 3); none has a VP badge.
"""

from __future__ import annotations

from engine import Event, GameState
from engine.gah.state import EMPTY, OCCUPIED, PREPARED
from tests.engine.scenario import fresh, play, staff_ids, texts, turn

BASE = "1-1:O 2-1:O 1-2:P 1-3:P 3-1:P"
"""The standard test hotel (see the module docstring)."""

ROOM_FOR = {"yellow": "1-2", "red": "1-3", "blue": "3-1", "green": "1-3"}
"""Where each colour of guest is checked in, in the `BASE` hotel."""

ROOMS_BY_COLOUR = {
    "yellow": {"1-2"},
    "red": {"1-3"},
    "blue": {"3-1"},
    "green": {"1-2", "1-3", "3-1"},
}
"""The vacant `BASE` rooms a guest of each colour may move into (green: any colour)."""

NEEDY = [(62, [0, 0, 0, 0]), (87, [0, 0, 0, 0])]
"""Café tables 2 and 3: Opera Singer (needs strudel, cake, wine) and Medicinal Councillor (needs cake, coffee).
Which of them a received item may be put on shows exactly which item was received."""

DISPLAY = [67, 74, 85, 98, 104]
"""A known guest display: Sovereign, Earl, Major, M. Polo, MacLeod (positions 1-5, costs 3/2/1/0/0)."""

DISPLAY_NAMES = ["Sovereign", "Earl", "Major", "M. Polo", "MacLeod"]

NEXT_GUESTS = [68, 69]
"""The top of the guest deck, top first: Princess, then Countess (they refill the display)."""

DECK_TOP = ["Chef", "Barista", "Sommelier", "Confectioner"]
"""Staff cards stacked on top of the staff deck, top first (`ready(..., deck=True)`)."""


# ----- helpers ---------------------------------------------------------------------------------------------


def space(name: str) -> int:
    """Room index of "floor-column"."""
    floor, column = (int(part) for part in name.split("-"))
    return (floor - 1) * 5 + column - 1


def ids(*names: str) -> list[int]:
    """Staff ids by name."""
    return staff_ids(*names)


def stack_staff(state: GameState, names: list[str]) -> None:
    """Put the named staff cards on top of the staff deck, the first name on top; no copies elsewhere."""
    cards = ids(*names)
    state.staff_deck = [c for c in state.staff_deck if c not in cards] + list(reversed(cards))
    for player in state.players:
        player.hand = [c for c in player.hand if c not in cards]


def stack_guests(state: GameState, display: list[int], top: list[int]) -> None:
    """Set the guest display and the top of the guest deck (first of `top` drawn first)."""
    used = set(display) | set(top)
    state.display = list(display)
    state.guest_deck = [g for g in state.guest_deck if g not in used] + list(reversed(top))


def ready(
    guest: int,
    order: tuple[int, int, int, int],
    *,
    rooms: str = BASE,
    money: int = 5,
    emperor: int = 0,
    hand: list[str] | None = None,
    played: list[str] | None = None,
    dice: list[int] | None = None,
    needy: bool = False,
    deck: bool = False,
    edition: str = "2021",
) -> GameState:
    """Ann on turn with `guest` at café table 1 and `order` served on it.

    `needy` seats the `NEEDY` guests at tables 2 and 3; `deck` stacks `DECK_TOP` on the staff deck. The guest
    display is always `DISPLAY` with `NEXT_GUESTS` on top of the guest deck (only the free-guest cards use it).
    Every politics card is made fully claimed (by bob), so no automatic politics claim can add VP to ann.
    """
    cafe = [(guest, list(order)), *(NEEDY if needy else [])]
    state = turn(
        dice=dice if dice is not None else [1, 1, 1, 1, 1, 1],
        money=money,
        emperor=emperor,
        kitchen=[0, 0, 0, 0],
        cafe=cafe,
        hand=hand if hand is not None else [],
        played=played if played is not None else [],
        rooms=rooms,
        edition=edition,
    )
    state.politics_claims = [[1, 1, 1] for _ in state.politics]
    stack_guests(state, DISPLAY, NEXT_GUESTS)
    state.guest_deck = [g for g in state.guest_deck if g != guest]
    if deck:
        stack_staff(state, DECK_TOP)
    return fresh(state)


def checkin_rooms(state: GameState) -> set[str]:
    """The rooms the guest at café table 1 may move into now."""
    prefix = "checkin table 1 to room "
    return {text.removeprefix(prefix) for text in texts(state) if text.startswith(prefix)}


def assert_order_and_colour(guest: int, colour: str, order: tuple[int, int, int, int]) -> None:
    """The guest checks in only with exactly `order` served, and only into rooms of its colour (green: any)."""
    state = ready(guest, order)
    assert checkin_rooms(state) == ROOMS_BY_COLOUR[colour]
    assert sum(order) > 0
    for item, count in enumerate(order):
        if count == 0:
            continue
        short = state.copy()
        short.players[0].cafe[0].served[item] -= 1
        assert checkin_rooms(fresh(short)) == set(), f"checked in with one item {item} missing"


def check_in(state: GameState, colour: str, room: str | None = None) -> tuple[GameState, list[Event]]:
    """Move the guest at table 1 into `room` (default: the colour's `BASE` room)."""
    return play(state, f"checkin table 1 to room {room or ROOM_FOR[colour]}")


def assert_checked_in(state: GameState, guest: int, vp: int, room: str) -> None:
    """The guest left the café for the room, and exactly its printed VP were scored for it."""
    ann = state.players[0]
    assert ann.cafe[0].guest is None
    assert ann.checked_in == [guest]
    assert guest in state.guest_discard
    assert ann.rooms[space(room)] == OCCUPIED
    assert ann.vp_sources.get("guests", 0) == vp


def on_turn(state: GameState) -> bool:
    """Whether every reward decision is done and ann is back at her turn's choices."""
    return state.pending[-1].kind == "turn" and state.pending[-1].player == 0


def put_options(state: GameState) -> list[str]:
    """The offered "put <item> on table <n>" answers."""
    return [text for text in texts(state) if text.startswith("put ") and text != "put rest in kitchen"]


def simple_reward(
    guest: int,
    colour: str,
    order: tuple[int, int, int, int],
    vp: int,
    *,
    krones: int = 0,
    steps: int = 0,
) -> None:
    """A guest whose whole reward is krones and/or Emperor steps: no decision, exact amounts."""
    assert_order_and_colour(guest, colour, order)
    state = ready(guest, order, money=5, emperor=2, hand=["Butler"], deck=True)
    before = state.copy()
    state, _ = check_in(state, colour)
    assert_checked_in(state, guest, vp, ROOM_FOR[colour])
    assert on_turn(state)
    ann, old = state.players[0], before.players[0]
    assert ann.money == 5 + krones
    assert ann.emperor == 2 + steps
    assert ann.vp == vp
    assert ann.kitchen == [0, 0, 0, 0]
    assert ann.hand == old.hand and ann.played == old.played
    assert state.staff_deck == before.staff_deck and state.display == before.display


def item_reward(
    guest: int,
    colour: str,
    order: tuple[int, int, int, int],
    vp: int,
    *,
    item: str,
    offered: list[str],
    krones: int = 0,
    steps: int = 0,
) -> GameState:
    """A guest giving one `item` (offered for placement as `offered`) plus krones/steps; returns the end state."""
    assert_order_and_colour(guest, colour, order)
    state = ready(guest, order, money=5, emperor=2, needy=True)
    state, _ = check_in(state, colour)
    assert_checked_in(state, guest, vp, ROOM_FOR[colour])
    assert put_options(state) == offered
    kitchen_state, _ = play(state, "put rest in kitchen")
    expected = [1 if name == item else 0 for name in ("strudel", "cake", "wine", "coffee")]
    assert kitchen_state.players[0].kitchen == expected
    state, _ = play(state, offered[0])
    ann = state.players[0]
    table = int(offered[0].rsplit(" ", 1)[1]) - 1
    assert ann.cafe[table].served == expected
    assert ann.kitchen == [0, 0, 0, 0], "more than one item was received"
    assert on_turn(state)
    assert ann.money == 5 + krones
    assert ann.emperor == 2 + steps
    assert ann.vp == vp
    return state


def draw_reward(
    guest: int,
    colour: str,
    order: tuple[int, int, int, int],
    vp: int,
    *,
    count: int,
    steps: int = 0,
) -> None:
    """A guest drawing `count` staff cards from the top of the deck into the hand (plus Emperor steps)."""
    assert_order_and_colour(guest, colour, order)
    state = ready(guest, order, money=5, hand=["Butler"], deck=True)
    deck_size = len(state.staff_deck)
    state, _ = check_in(state, colour)
    assert_checked_in(state, guest, vp, ROOM_FOR[colour])
    assert on_turn(state)
    ann = state.players[0]
    assert sorted(ann.hand) == sorted(ids("Butler", *DECK_TOP[:count]))
    assert len(state.staff_deck) == deck_size - count
    assert state.staff_deck[-1] == ids(DECK_TOP[count])[0]
    assert ann.played == [] and ann.money == 5
    assert ann.emperor == steps


def play_reward(
    guest: int,
    colour: str,
    order: tuple[int, int, int, int],
    vp: int,
    *,
    discount: int,
    steps: int = 0,
) -> None:
    """A guest letting the player play one staff card from hand `discount` krones cheaper (never below 0)."""
    assert_order_and_colour(guest, colour, order)
    butler = 5 - discount
    # Exactly enough krones for the Butler (5) after the discount: one krone less and it is not offered.
    state = ready(guest, order, money=butler, hand=["Butler", "Tour Guide", "Stableman"])
    poor = ready(guest, order, money=butler - 1, hand=["Butler"])
    state, _ = check_in(state, colour)
    assert_checked_in(state, guest, vp, ROOM_FOR[colour])
    assert state.players[0].emperor == steps
    assert "play Butler" in texts(state) and "skip" in texts(state)
    played, _ = play(state, "play Butler")
    ann = played.players[0]
    assert ann.money == 0
    assert ann.played == ids("Butler")
    assert sorted(ann.hand) == sorted(ids("Tour Guide", "Stableman"))
    assert on_turn(played), "more than one staff card could be played"
    cheap, _ = play(state, "play Tour Guide")  # costs 2: never paid below 0, never a gain
    assert cheap.players[0].money == butler - max(0, 2 - discount)
    skipped, _ = play(state, "skip")
    assert skipped.players[0].money == butler and skipped.players[0].played == []
    poor, _ = check_in(poor, colour)
    assert "play Butler" not in texts(poor)


def free_guest_reward(
    guest: int,
    colour: str,
    order: tuple[int, int, int, int],
    vp: int,
    *,
    krones: int = 0,
    steps: int = 0,
) -> None:
    """A guest letting the player take one display guest at no cost (the display then refills from the left)."""
    assert_order_and_colour(guest, colour, order)
    state = ready(guest, order, money=0)
    state, _ = check_in(state, colour)
    assert_checked_in(state, guest, vp, ROOM_FOR[colour])
    # Even the 3-krone guest at position 1 is offered with 0 krones (plus the reward's own krones).
    offered = [f"guest {n + 1} {name}" for n, name in enumerate(DISPLAY_NAMES)]
    assert [t for t in texts(state) if t.startswith("guest ")] == offered
    assert "skip" in texts(state)
    state, _ = play(state, "guest 1 Sovereign")
    ann = state.players[0]
    assert ann.money == krones
    assert ann.emperor == steps
    assert ann.cafe[0].guest == 67 and ann.cafe[0].served == [0, 0, 0, 0]
    assert [t.guest for t in ann.cafe[1:]] == [None, None]
    assert state.display == [NEXT_GUESTS[0], 74, 85, 98, 104]
    assert on_turn(state)


def occupy_reward(
    guest: int,
    colour: str,
    order: tuple[int, int, int, int],
    vp: int,
    *,
    offered: list[str],
    steps: int = 0,
) -> None:
    """A guest letting the player turn one more prepared vacant room (any colour) to occupied."""
    assert_order_and_colour(guest, colour, order)
    state = ready(guest, order, money=5)
    state, _ = check_in(state, colour)
    assert_checked_in(state, guest, vp, ROOM_FOR[colour])
    assert state.players[0].emperor == steps
    assert texts(state) == [f"occupy room {room}" for room in offered] + ["skip"]
    occupied, _ = play(state, f"occupy room {offered[0]}")
    ann = occupied.players[0]
    assert ann.rooms[space(offered[0])] == OCCUPIED
    assert ann.rooms[space(offered[1])] == PREPARED, "more than one extra room was occupied"
    assert on_turn(occupied)
    assert ann.money == 5 and ann.vp == vp
    skipped, _ = play(state, "skip")
    assert all(skipped.players[0].rooms[space(room)] == PREPARED for room in offered)


# ----- yellow guests (artists) ------------------------------------------------------------------------------


def test_guest_49_sculptor_prepares_a_free_room_on_floor_1_or_2() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 49 (yellow, 1 wine,
    0 VP, "prepare one room at no cost; you must choose a room in the bottom two floors"); rulebook 2015
    'Guest Cards' (Bildhauer: first or second row at no cost; if you cannot: tough luck)."""
    order = (0, 0, 1, 0)
    assert_order_and_colour(49, "yellow", order)
    state = ready(49, order, money=0)
    state, _ = check_in(state, "yellow")
    assert_checked_in(state, 49, 0, "1-2")
    # Floors 3-4 (3-2, 4-1) are adjacent too, but not allowed; 2-3 would cost 1 krone and ann has none.
    assert texts(state) == ["room 1-4", "room 2-2", "room 2-3", "stop preparing"]
    state, _ = play(state, "room 2-3")
    ann = state.players[0]
    assert ann.rooms[space("2-3")] == PREPARED
    assert ann.money == 0
    assert on_turn(state), "more than one room"
    # Floors 1 and 2 full: the Sculptor gives nothing, although floor 3 has room.
    full = "1-1:O 1-2:P 1-3:O 1-4:O 1-5:O 2-1:O 2-2:O 2-3:O 2-4:O 2-5:O"
    state = ready(49, order, money=5, rooms=full)
    state, _ = check_in(state, "yellow")
    assert on_turn(state)
    assert all(room == EMPTY for room in state.players[0].rooms[10:])
    assert state.players[0].money == 5


def test_guest_50_musician_draws_a_staff_card_and_prepares_a_room_at_full_cost() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 50 (yellow, 1 wine,
    0 VP, draw 1 staff card; prepare one room paying the normal cost); rulebook 2015 'Overview of Symbols'."""
    order = (0, 0, 1, 0)
    assert_order_and_colour(50, "yellow", order)
    state = ready(50, order, money=5, deck=True)
    deck_size = len(state.staff_deck)
    state, _ = check_in(state, "yellow")
    assert_checked_in(state, 50, 0, "1-2")
    assert state.players[0].hand == ids("Chef")
    assert len(state.staff_deck) == deck_size - 1
    assert texts(state) == ["room 1-4", "room 2-2", "room 2-3", "room 3-2", "room 4-1", "stop preparing"]
    state, _ = play(state, "room 4-1")
    assert state.players[0].money == 5 - 3
    assert state.players[0].rooms[space("4-1")] == PREPARED
    assert on_turn(state)
    # Without krones only the floor-1 room (cost 0) can be prepared.
    poor = ready(50, order, money=0, deck=True)
    poor, _ = check_in(poor, "yellow")
    assert texts(poor) == ["room 1-4", "stop preparing"]


def test_guest_51_composer_gives_a_strudel() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 51 (yellow, 1 wine,
    1 VP, +1 strudel); rulebook 2015 'Overview of Symbols' (place it on an order or in the kitchen)."""
    item_reward(51, "yellow", (0, 0, 1, 0), 1, item="strudel", offered=["put strudel on table 2"])


def test_guest_52_tailor_gives_a_strudel_and_2_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 52 (yellow, 1 wine +
    1 coffee, 0 VP, +1 strudel and +2 krones); rulebook 2015 'Overview of Symbols'."""
    item_reward(52, "yellow", (0, 0, 1, 1), 0, item="strudel", offered=["put strudel on table 2"], krones=2)


def test_guest_53_flamenco_dancer_gives_a_coffee_and_2_emperor_steps() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 53 (yellow, 1 strudel
    + 1 wine, 0 VP, +1 coffee and 2 Emperor steps); rulebook 2015 'Overview of Symbols'."""
    item_reward(53, "yellow", (1, 0, 1, 0), 0, item="coffee", offered=["put coffee on table 3"], steps=2)


def test_guest_54_portrait_painter_gives_a_dish_or_drink_of_choice_and_2_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 54 (yellow, 2 wine,
    0 VP, 1 dish or drink of your choice and 2 krones); rulebook 2015 'Overview of Symbols'."""
    order = (0, 0, 2, 0)
    assert_order_and_colour(54, "yellow", order)
    state = ready(54, order, money=5, needy=True)
    state, _ = check_in(state, "yellow")
    assert_checked_in(state, 54, 0, "1-2")
    assert texts(state) == ["item strudel", "item cake", "item wine", "item coffee"]
    where = {
        "strudel": ["put strudel on table 2"],
        "cake": ["put cake on table 2", "put cake on table 3"],
        "wine": ["put wine on table 2"],
        "coffee": ["put coffee on table 3"],
    }
    for item, offered in where.items():
        chosen, _ = play(state, f"item {item}")
        assert put_options(chosen) == offered
    chosen, _ = play(state, "item coffee", "put rest in kitchen")
    ann = chosen.players[0]
    assert ann.kitchen == [0, 0, 0, 1]
    assert ann.money == 5 + 2
    assert on_turn(chosen), "more than one dish or drink"


def test_guest_55_photographer_draws_2_staff_cards() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 55 (yellow, 3 wine,
    7 VP, draw 2 staff cards into the hand); rulebook 2015 'Overview of Symbols'."""
    draw_reward(55, "yellow", (0, 0, 3, 0), 7, count=2)


def test_guest_56_vocalist_gives_a_cake_and_plays_a_staff_card_up_to_3_krones_less() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 56 (yellow, 1 strudel
    + 2 wine, 0 VP, +1 cake; play a staff card up to 3 krones less); rulebook 2015 'Overview of Symbols'."""
    order = (1, 0, 2, 0)
    state = item_reward(56, "yellow", order, 0, item="cake", offered=["put cake on table 2", "put cake on table 3"])
    assert state.players[0].vp == 0
    play_reward(56, "yellow", order, 0, discount=3)


def test_guest_57_architect_prepares_up_to_2_rooms_1_krone_less_each() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 57 (yellow, 2 wine +
    1 coffee, 1 VP, prepare up to two rooms paying 1 krone less each); rulebook 2015 'Overview of Symbols'."""
    order = (0, 0, 2, 1)
    assert_order_and_colour(57, "yellow", order)
    state = ready(57, order, money=10)
    state, _ = check_in(state, "yellow")
    assert_checked_in(state, 57, 1, "1-2")
    first, _ = play(state, "room 4-1")
    assert first.players[0].money == 10 - 2
    assert "stop preparing" in texts(first)
    second, _ = play(first, "room 3-2")
    assert second.players[0].money == 10 - 2 - 1
    assert on_turn(second), "more than two rooms"
    assert second.players[0].rooms[space("4-1")] == second.players[0].rooms[space("3-2")] == PREPARED
    stopped, _ = play(first, "stop preparing")
    assert on_turn(stopped) and stopped.players[0].money == 8
    cheap, _ = play(state, "room 1-4")  # floor 1 costs 0: no krone back
    assert cheap.players[0].money == 10


def test_guest_58_actress_occupies_an_additional_room_of_any_colour() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 58 (yellow, 3 wine +
    1 coffee, 7 VP, occupy an additional vacant room of any colour); rulebook 2015 'Overview of Symbols'."""
    occupy_reward(58, "yellow", (0, 0, 3, 1), 7, offered=["1-3", "3-1"])


def test_guest_59_poet_gives_a_cake_and_plays_a_staff_card_up_to_2_krones_less() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 59 (yellow, 3 strudel
    + 1 wine, 5 VP, +1 cake; play a staff card up to 2 krones less); rulebook 2015 'Overview of Symbols'."""
    order = (3, 0, 1, 0)
    item_reward(59, "yellow", order, 5, item="cake", offered=["put cake on table 2", "put cake on table 3"])
    play_reward(59, "yellow", order, 5, discount=2)


def test_guest_60_jewelry_designer_gives_a_coffee_and_3_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 60 (yellow, 2 cake +
    2 wine, 5 VP, +1 coffee and +3 krones); rulebook 2015 'Overview of Symbols'."""
    item_reward(60, "yellow", (0, 2, 2, 0), 5, item="coffee", offered=["put coffee on table 3"], krones=3)


def test_guest_61_painter_prepares_one_room_1_krone_less_and_a_second_at_full_cost() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 61 (yellow, 1 strudel
    + 3 wine, 2 VP, "prepare up to two rooms: pay 1 krone less for one of them; if you choose to prepare a
    second, you must pay the normal cost"); rulebook 2015 'Overview of Symbols'."""
    order = (1, 0, 3, 0)
    assert_order_and_colour(61, "yellow", order)
    state = ready(61, order, money=10)
    state, _ = check_in(state, "yellow")
    assert_checked_in(state, 61, 2, "1-2")
    first, _ = play(state, "room 4-1")
    assert first.players[0].money == 10 - 2
    assert "stop preparing" in texts(first)
    second, _ = play(first, "room 3-2")
    ann = second.players[0]
    assert ann.money == 10 - 2 - 2
    assert ann.rooms[space("4-1")] == ann.rooms[space("3-2")] == PREPARED
    assert on_turn(second), "more than two rooms"


def test_guest_62_opera_singer_takes_a_free_guest_and_3_emperor_steps() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 62 (yellow, 1 strudel
    + 1 cake + 2 wine, 4 VP, take a guest from the queue at no cost; advance 3 on the Emperor track);
    rulebook 2015 'Overview of Symbols'."""
    free_guest_reward(62, "yellow", (1, 1, 2, 0), 4, steps=3)


# ----- blue guests (nobles) --------------------------------------------------------------------------------


def test_guest_63_dame_takes_a_free_guest() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 63 (blue, 1 coffee,
    0 VP, take a guest from the queue at no cost); rulebook 2015 'Overview of Symbols'."""
    free_guest_reward(63, "blue", (0, 0, 0, 1), 0)


def test_guest_64_duchess_plays_a_staff_card_1_krone_less() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 64 (blue, 1 coffee,
    0 VP, play a staff card from hand paying 1 krone less); rulebook 2015 'Overview of Symbols'."""
    play_reward(64, "blue", (0, 0, 0, 1), 0, discount=1)


def test_guest_65_knight_of_the_empire_has_no_reward() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 65 (blue, 1 coffee,
    3 VP, no reward); rulebook 2015 'Guest Cards' (Reichsritter: the only guest with no reward, worth 3 VP)."""
    order = (0, 0, 0, 1)
    assert_order_and_colour(65, "blue", order)
    state = ready(65, order, money=5, emperor=2, hand=["Butler"], deck=True, needy=True)
    before = state.copy()
    state, events = check_in(state, "blue")
    assert_checked_in(state, 65, 3, "3-1")
    assert on_turn(state)
    assert [e.kind for e in events] == ["checkin", "occupy", "vp"]
    ann, old = state.players[0], before.players[0]
    assert ann.vp == 3 and ann.vp_sources == {"guests": 3}
    assert (ann.money, ann.emperor, ann.kitchen, ann.hand, ann.played) == (5, 2, [0, 0, 0, 0], old.hand, [])
    assert [t.guest for t in ann.cafe] == [None, 62, 87]
    changed = [i for i in range(20) if ann.rooms[i] != old.rooms[i]]
    assert changed == [space("3-1")]
    assert state.display == before.display and state.staff_deck == before.staff_deck


def test_guest_66_landgrave_plays_a_staff_card_1_krone_less_and_prepares_a_room() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 66 (blue, 1 cake +
    1 coffee, 3 VP, play a staff card 1 krone less; prepare one room paying the normal cost); rulebook 2015
    'Overview of Symbols'."""
    order = (0, 1, 0, 1)
    assert_order_and_colour(66, "blue", order)
    state = ready(66, order, money=6, hand=["Groom", "Stableman"])
    state, _ = check_in(state, "blue")
    assert_checked_in(state, 66, 3, "3-1")
    assert texts(state) == ["play Groom", "play Stableman", "skip"]
    state, _ = play(state, "play Groom")
    assert state.players[0].money == 6 - 3
    assert state.players[0].played == ids("Groom")
    assert state.players[0].hand == ids("Stableman"), "only one staff card"
    assert texts(state) == ["room 1-4", "room 2-2", "room 2-3", "room 3-2", "room 4-1", "stop preparing"]
    state, _ = play(state, "room 4-1")
    ann = state.players[0]
    assert ann.money == 6 - 3 - 3
    assert ann.rooms[space("4-1")] == PREPARED
    assert on_turn(state), "more than one room"
    # The room has no discount: with 5 krones, after the Groom (3) the 2 left pay for 3-2 (2) but not 4-1 (3).
    poor = ready(66, order, money=5, hand=["Groom"])
    poor, _ = play(poor, "checkin table 1 to room 3-1", "play Groom")
    assert "room 4-1" not in texts(poor) and "room 3-2" in texts(poor)


def test_guest_67_sovereign_draws_2_staff_cards_and_2_emperor_steps() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 67 (blue, 2 coffee,
    2 VP, draw 2 staff cards; advance 2 on the Emperor track); rulebook 2015 'Overview of Symbols'."""
    draw_reward(67, "blue", (0, 0, 0, 2), 2, count=2, steps=2)


def test_guest_68_princess_gives_3_emperor_steps() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 68 (blue, 2 strudel
    + 1 coffee, 4 VP, advance 3 on the Emperor track); rulebook 2015 'Overview of Symbols'."""
    simple_reward(68, "blue", (2, 0, 0, 1), 4, steps=3)


def test_guest_69_countess_gives_3_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 69 (blue, 2 cake +
    1 coffee, 7 VP, +3 krones); rulebook 2015 'Overview of Symbols'."""
    simple_reward(69, "blue", (0, 2, 0, 1), 7, krones=3)


def test_guest_70_elector_plays_a_staff_card_1_krone_less_and_3_emperor_steps() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 70 (blue, 1 strudel
    + 1 wine + 1 coffee, 1 VP, play a staff card 1 krone less; advance 3 on the Emperor track); rulebook 2015
    'Overview of Symbols'."""
    play_reward(70, "blue", (1, 0, 1, 1), 1, discount=1)
    state = ready(70, (1, 0, 1, 1), money=4, hand=["Butler"])
    state, _ = play(state, "checkin table 1 to room 3-1", "play Butler")
    assert state.players[0].emperor == 3
    assert on_turn(state)


def test_guest_71_baron_prepares_a_free_room() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 71 (blue, 1 strudel
    + 2 coffee, 4 VP, prepare one room of any colour at no cost); rulebook 2015 'Overview of Symbols'."""
    order = (1, 0, 0, 2)
    assert_order_and_colour(71, "blue", order)
    state = ready(71, order, money=0)
    state, _ = check_in(state, "blue")
    assert_checked_in(state, 71, 4, "3-1")
    # Any floor, at no cost (ann has no krones at all).
    assert texts(state) == ["room 1-4", "room 2-2", "room 2-3", "room 3-2", "room 4-1", "stop preparing"]
    state, _ = play(state, "room 4-1")
    assert state.players[0].rooms[space("4-1")] == PREPARED
    assert state.players[0].money == 0
    assert on_turn(state), "more than one room"


def test_guest_72_prince_occupies_an_additional_room_of_any_colour() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 72 (blue, 1 strudel
    + 1 cake + 1 coffee, 7 VP, occupy an additional vacant room of any colour); rulebook 2015 'Overview of
    Symbols'."""
    occupy_reward(72, "blue", (1, 1, 0, 1), 7, offered=["1-2", "1-3"])


def test_guest_73_count_plays_up_to_2_staff_cards_1_krone_less_each() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 73 (blue, 1 wine +
    2 coffee, 4 VP, play up to two staff cards from hand paying 1 krone less each); rulebook 2015 'Overview of
    Symbols'."""
    order = (0, 0, 1, 2)
    assert_order_and_colour(73, "blue", order)
    state = ready(73, order, money=10, hand=["Groom", "Tour Guide", "Stableman"])
    state, _ = check_in(state, "blue")
    assert_checked_in(state, 73, 4, "3-1")
    first, _ = play(state, "play Groom")
    assert first.players[0].money == 10 - 3
    assert texts(first) == ["play Tour Guide", "play Stableman", "skip"]
    second, _ = play(first, "play Tour Guide")
    ann = second.players[0]
    assert ann.money == 10 - 3 - 1
    assert ann.played == ids("Groom", "Tour Guide") and ann.hand == ids("Stableman")
    assert on_turn(second), "more than two staff cards"
    stopped, _ = play(first, "skip")
    assert on_turn(stopped) and stopped.players[0].money == 7
    free, _ = play(first, "play Stableman")  # costs 1: 0 after the discount
    assert free.players[0].money == 7


def test_guest_74_earl_gives_1_krone() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 74 (blue, 1 cake +
    2 coffee, 10 VP, +1 krone); rulebook 2015 'Overview of Symbols'."""
    simple_reward(74, "blue", (0, 1, 0, 2), 10, krones=1)


def _draw_three_play_one(guest: int, order: tuple[int, int, int, int], vp: int, discount: int | None) -> None:
    """Baroness/Duke: draw the top 3 staff, may play one (`discount` krones less, None = free), the other
    cards go to the bottom of the deck in the player's chosen order."""
    assert_order_and_colour(guest, "blue", order)
    money = 2
    state = ready(guest, order, money=money, hand=["Stableman"])
    stack_staff(state, ["Butler", "Delivery Boy", "Tour Guide", "Chef"])
    fresh(state)
    deck_size = len(state.staff_deck)
    state, _ = check_in(state, "blue")
    assert_checked_in(state, guest, vp, "3-1")
    butler, boy, guide, chef = ids("Butler", "Delivery Boy", "Tour Guide", "Chef")
    if discount is None:
        assert texts(state) == ["play Butler", "play Delivery Boy", "play Tour Guide", "play none"]
    else:  # 2 krones: Butler 5-3, Tour Guide 2-3 -> 0; Delivery Boy 6-3 = 3 is too dear
        assert texts(state) == ["play Butler", "play Tour Guide", "play none"]
    assert state.players[0].hand == ids("Stableman"), "drawn cards must not go to the hand"
    played, _ = play(state, "play Butler")
    assert played.players[0].money == (money if discount is None else money - (5 - discount))
    assert played.players[0].played == [butler]
    assert texts(played) == ["bottom Delivery Boy", "bottom Tour Guide"]
    one, _ = play(played, "bottom Delivery Boy")
    other, _ = play(played, "bottom Tour Guide")
    for result in (one, other):
        assert on_turn(result)
        assert len(result.staff_deck) == deck_size - 1
        assert result.staff_deck[-1] == chef
        assert result.players[0].hand == ids("Stableman")
    assert {tuple(one.staff_deck[:2]), tuple(other.staff_deck[:2])} == {(boy, guide), (guide, boy)}
    none, _ = play(state, "play none", "bottom Butler", "bottom Delivery Boy")
    assert none.players[0].money == money and none.players[0].played == []
    assert sorted(none.staff_deck[:3]) == sorted([butler, boy, guide])
    assert len(none.staff_deck) == deck_size


def test_guest_75_baroness_draws_3_plays_1_up_to_3_krones_less_rest_to_deck_bottom() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 75 (blue, 2 wine +
    2 coffee, 5 VP, "draw 3 staff cards and play one of them immediately, paying up to 3 krones less; return
    the other two to the bottom of the deck, in an order of your choice"); rulebook 2015 'Overview of
    Symbols'."""
    _draw_three_play_one(75, (0, 0, 2, 2), 5, discount=3)


def test_guest_76_duke_draws_3_plays_1_free_rest_to_deck_bottom() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 76 (blue, 2 strudel +
    2 coffee, 4 VP, "draw 3 staff cards and immediately play one of them at no cost; return the other two to
    the bottom of the deck, in an order of your choice"); rulebook 2015 'Overview of Symbols'."""
    _draw_three_play_one(76, (2, 0, 0, 2), 4, discount=None)


# ----- red guests (citizens) -------------------------------------------------------------------------------


def test_guest_77_apothecary_gives_1_krone() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 77 (red, 1 cake,
    1 VP, +1 krone); rulebook 2015 'Overview of Symbols'."""
    simple_reward(77, "red", (0, 1, 0, 0), 1, krones=1)


def test_guest_78_post_councillor_takes_a_free_guest() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 78 (red, 1 cake,
    0 VP, take a guest from the queue at no cost); rulebook 2015 'Overview of Symbols'."""
    free_guest_reward(78, "red", (0, 1, 0, 0), 0)


def test_guest_79_privy_councillor_gives_1_krone_and_1_emperor_step() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 79 (red, 1 cake,
    0 VP, +1 krone and 1 Emperor step); rulebook 2015 'Overview of Symbols'."""
    simple_reward(79, "red", (0, 1, 0, 0), 0, krones=1, steps=1)


def test_guest_80_professor_emeritus_takes_a_free_guest() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 80 (red, 1 cake +
    1 wine, 4 VP, take a guest from the queue at no cost); rulebook 2015 'Overview of Symbols'."""
    free_guest_reward(80, "red", (0, 1, 1, 0), 4)


def test_guest_81_general_gives_a_wine_and_3_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 81 (red, 2 cake,
    0 VP, +1 wine and +3 krones); rulebook 2015 'Overview of Symbols'."""
    item_reward(81, "red", (0, 2, 0, 0), 0, item="wine", offered=["put wine on table 2"], krones=3)


def test_guest_82_senior_councillor_occupies_an_additional_room_of_any_colour() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 82 (red, 1 cake +
    1 wine + 1 coffee, 7 VP, occupy an additional vacant room of any colour); rulebook 2015 'Overview of
    Symbols'."""
    occupy_reward(82, "red", (0, 1, 1, 1), 7, offered=["1-2", "3-1"])


def test_guest_83_councillor_of_commerce_gives_5_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 83 (red, 1 strudel +
    1 cake + 1 wine, 0 VP, +5 krones); rulebook 2015 'Overview of Symbols'."""
    simple_reward(83, "red", (1, 1, 1, 0), 0, krones=5)


def test_guest_84_court_councillor_gives_3_krones_and_a_free_guest() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 84 (red, 2 cake +
    1 wine, 2 VP, +3 krones; take a guest from the queue at no cost); rulebook 2015 'Overview of Symbols'."""
    free_guest_reward(84, "red", (0, 2, 1, 0), 2, krones=3)


def test_guest_85_major_gives_3_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 85 (red, 2 strudel +
    1 cake, 3 VP, +3 krones); rulebook 2015 'Overview of Symbols'."""
    simple_reward(85, "red", (2, 1, 0, 0), 3, krones=3)


def test_guest_86_veterinary_councillor_plays_a_staff_card_up_to_3_krones_less() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 86 (red, 1 cake +
    2 wine, 3 VP, play a staff card from hand paying up to 3 krones less); rulebook 2015 'Overview of
    Symbols'."""
    play_reward(86, "red", (0, 1, 2, 0), 3, discount=3)


def test_guest_87_medicinal_councillor_gives_3_krones_and_up_to_2_free_guests() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 87 (red, 2 cake +
    2 coffee, 3 VP, "+3 krones; take up to two guests from the queue at no cost; replenish the queue before
    taking the second guest"); rulebook 2015 'Overview of Symbols'."""
    order = (0, 2, 0, 2)
    assert_order_and_colour(87, "red", order)
    state = ready(87, order, money=0)
    state, _ = check_in(state, "red")
    assert_checked_in(state, 87, 3, "1-3")
    assert state.players[0].money == 3
    first, _ = play(state, "guest 5 MacLeod")
    # The queue is replenished before the second pick: Princess is new at position 1 and may be taken free.
    assert first.display == [68, 67, 74, 85, 98]
    assert [t for t in texts(first) if t.startswith("guest ")] == [
        "guest 1 Princess", "guest 2 Sovereign", "guest 3 Earl", "guest 4 Major", "guest 5 M. Polo"]
    second, _ = play(first, "guest 1 Princess")
    ann = second.players[0]
    assert [t.guest for t in ann.cafe] == [104, 68, None]
    assert ann.money == 3
    assert second.display == [69, 67, 74, 85, 98]
    assert on_turn(second), "more than two guests"
    stopped, _ = play(first, "skip")
    assert on_turn(stopped) and [t.guest for t in stopped.players[0].cafe] == [104, None, None]


def test_guest_88_procurator_prepares_up_to_2_free_rooms() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 88 (red, 1 cake +
    3 wine, 0 VP, prepare up to two rooms of any colour, both at no cost); rulebook 2015 'Overview of
    Symbols'."""
    order = (0, 1, 3, 0)
    assert_order_and_colour(88, "red", order)
    state = ready(88, order, money=0)
    state, _ = check_in(state, "red")
    assert_checked_in(state, 88, 0, "1-3")
    assert texts(state) == ["room 1-4", "room 2-2", "room 2-3", "room 3-2", "room 4-1", "stop preparing"]
    first, _ = play(state, "room 4-1")
    assert "stop preparing" in texts(first)
    second, _ = play(first, "room 3-2")
    ann = second.players[0]
    assert ann.money == 0
    assert ann.rooms[space("4-1")] == ann.rooms[space("3-2")] == PREPARED
    assert on_turn(second), "more than two rooms"


def test_guest_89_lord_high_commissioner_gives_4_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 89 (red, 2 strudel +
    1 cake + 1 wine, 5 VP, +4 krones); rulebook 2015 'Overview of Symbols'."""
    simple_reward(89, "red", (2, 1, 1, 0), 5, krones=4)


def test_guest_90_senior_legal_secretary_gives_a_wine_and_3_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 90 (red, 1 strudel +
    3 cake, 7 VP, +1 wine and +3 krones); rulebook 2015 'Overview of Symbols'."""
    item_reward(90, "red", (1, 3, 0, 0), 7, item="wine", offered=["put wine on table 2"], krones=3)


# ----- green guests (tourists): any room colour -------------------------------------------------------------


def test_guest_91_tezcatlipoca_draws_3_staff_cards() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 91 (green, 1 strudel,
    0 VP, draw 3 staff cards into the hand); rulebook 2015 'Overview of Symbols'."""
    draw_reward(91, "green", (1, 0, 0, 0), 0, count=3)


def test_guest_92_capt_goldhaken_gives_1_krone() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 92 (green, 1 strudel,
    0 VP, +1 krone); rulebook 2015 'Overview of Symbols'."""
    simple_reward(92, "green", (1, 0, 0, 0), 0, krones=1)


def test_guest_93_mr_horsa_gives_1_emperor_step() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 93 (green, 1 strudel,
    0 VP, advance 1 on the Emperor track); rulebook 2015 'Overview of Symbols'."""
    simple_reward(93, "green", (1, 0, 0, 0), 0, steps=1)


def test_guest_94_m_ingalls_plays_a_staff_card_1_krone_less() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 94 (green, 2 strudel,
    0 VP, play a staff card from hand paying 1 krone less); rulebook 2015 'Overview of Symbols'."""
    play_reward(94, "green", (2, 0, 0, 0), 0, discount=1)


def test_guest_95_mr_boydell_gives_2_emperor_steps() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 95 (green, 1 strudel
    + 1 cake, 2 VP, advance 2 on the Emperor track); rulebook 2015 'Overview of Symbols'."""
    simple_reward(95, "green", (1, 1, 0, 0), 2, steps=2)


def test_guest_96_mr_oundo_plays_a_staff_card_up_to_3_krones_less() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 96 (green, 1 strudel
    + 1 coffee, 0 VP, play a staff card from hand paying up to 3 krones less); rulebook 2015 'Overview of
    Symbols'."""
    play_reward(96, "green", (1, 0, 0, 1), 0, discount=3)


def test_guest_97_e_gizia_gives_an_extra_action_without_a_die_after_all_other_benefits() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 97 (green, 2 strudel
    + 1 wine, 4 VP, "select an action space with at least one die and carry out the action as normal, but
    without taking a die; you cannot boost this action; staff cards providing benefits for taking a specific
    die cannot be used"; note: "right after sending E. Gizia to a room and collecting all other benefits");
    Yucata rules (2021 change: one die action instead of a whole extra turn); rulebook 2015 'Guest Cards'."""
    order = (2, 0, 1, 0)
    assert_order_and_colour(97, "green", order)
    die_staff = ["Executive Housekeeper", "Bootblack", "Kitchen Hand", "Restaurant Manager", "Laundress"]
    dice = [0, 2, 0, 2, 0, 1]
    # 1-1 is a blue group of one room: moving E. Gizia there pays the occupancy bonus (2 VP).
    rooms = "1-1:P 1-2:P 1-3:P"
    state = ready(97, order, money=3, dice=dice, rooms=rooms, played=["Tour Guide", *die_staff])
    state, events = check_in(state, "green", "1-1")
    assert_checked_in(state, 97, 4, "1-1")
    # Every other benefit came first: printed VP, Tour Guide (+2 VP for green), the occupancy bonus.
    assert state.pending[-1].kind == "extra_action"
    assert state.players[0].vp_sources == {"guests": 4, "staff": 2, "occupancy bonus": 2}
    assert "occupancy_bonus" in [e.kind for e in events]
    # Only spaces that still have a die; no boost answers.
    assert texts(state) == ["action 2", "action 4", "action 6", "skip"]

    # Action 4 at the strength of the 2 dice there: no boost, no Bootblack (it would give both krones and steps).
    four, _ = play(state, "action 4")
    assert texts(four) == ["emperor 2 krones 0", "emperor 1 krones 1", "emperor 0 krones 2"]
    four, _ = play(four, "emperor 1 krones 1")
    ann = four.players[0]
    assert (ann.emperor, ann.money) == (1, 4)
    assert ann.vp_sources == {"guests": 4, "staff": 2, "occupancy bonus": 2}, "a die-triggered staff fired"
    assert four.dice == dice and ann.dice_taken == 0 and ann.covered == []
    assert four.turn is not None and not four.turn.die_taken
    assert on_turn(four) and "die 4" in texts(four), "the main die action must still be open"

    # Action 2: strength 2 (the Restaurant Manager's +1 for a taken 1 or 2 does not apply).
    two, _ = play(state, "action 2")
    assert texts(two) == ["take 2 wine 0 coffee", "take 1 wine 1 coffee"]

    # Action 6 still costs 1 krone (no Kitchen Hand waiver) and uses the 1 die on space 6 (no Kitchen Hand +1).
    six, _ = play(state, "action 6")
    assert six.players[0].money == 3 - 1
    six, _ = play(six, "imitate 4")
    assert texts(six) == ["emperor 1 krones 0", "emperor 0 krones 1"]

    # Without a krone, space 6 is not offered.
    poor = ready(97, order, money=0, dice=dice, rooms=rooms)
    poor, _ = check_in(poor, "green", "1-1")
    assert texts(poor) == ["action 2", "action 4", "skip"]
    skipped, _ = play(state, "skip")
    assert on_turn(skipped) and skipped.players[0].money == 3 and skipped.dice == dice


def test_guest_97_e_gizia_in_the_2015_edition_gives_a_whole_extra_turn() -> None:
    """Source: rulebook 2015 'Guest Cards' ("E. Gizia: You receive another turn without taking dice"); Yucata
    rules, Original Rules variant (the extra turn starts at once if the turn's die action is already done)."""
    state = ready(97, (2, 0, 1, 0), money=5, dice=[0, 2, 0, 2, 0, 1], edition="2015")
    state, _ = play(state, "die 4", "emperor 2 krones 0")
    state, _ = check_in(state, "green")
    assert_checked_in(state, 97, 4, "1-3")
    # A turn starts with the optional guest from the display (costs 3/2/1/0/0; ann has 5 krones).
    assert [t for t in texts(state) if t.startswith("guest ")] == [
        f"guest {n + 1} {name}" for n, name in enumerate(DISPLAY_NAMES)]


def test_guest_98_m_polo_gives_4_krones() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 98 (green, 3 strudel,
    0 VP, +4 krones); rulebook 2015 'Overview of Symbols'."""
    simple_reward(98, "green", (3, 0, 0, 0), 0, krones=4)


def test_guest_99_cramersopholus_draws_a_staff_card_and_2_emperor_steps() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 99 (green, 1 strudel
    + 2 cake, 5 VP, draw 1 staff card; advance 2 on the Emperor track); rulebook 2015 'Overview of Symbols'."""
    draw_reward(99, "green", (1, 2, 0, 0), 5, count=1, steps=2)


def test_guest_100_farmer_franz_gives_3_emperor_steps_and_occupies_an_additional_room() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 100 (green, 1 strudel
    + 3 coffee, 4 VP, advance 3 on the Emperor track; occupy an additional vacant room of any colour);
    rulebook 2015 'Overview of Symbols'."""
    occupy_reward(100, "green", (1, 0, 0, 3), 4, offered=["1-2", "3-1"], steps=3)


def test_guest_101_brother_uwe_gives_3_emperor_steps_and_a_free_guest() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 101 (green, 3 strudel
    + 1 coffee, 3 VP, advance 3 on the Emperor track; take a guest from the queue at no cost); rulebook 2015
    'Overview of Symbols'."""
    free_guest_reward(101, "green", (3, 0, 0, 1), 3, steps=3)


def test_guest_102_conductor_gives_1_emperor_step_and_occupies_an_additional_room() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 102 (green, 1 strudel
    + 1 coffee, 0 VP, advance 1 on the Emperor track; occupy an additional vacant room of any colour);
    rulebook 2015 'Overview of Symbols'."""
    occupy_reward(102, "green", (1, 0, 0, 1), 0, offered=["1-2", "3-1"], steps=1)


def test_guest_103_durgoing_draws_2_staff_cards() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 103 (green, 1 strudel
    + 1 wine, 4 VP, draw 2 staff cards into the hand); rulebook 2015 'Overview of Symbols'."""
    draw_reward(103, "green", (1, 0, 1, 0), 4, count=2)


def test_guest_104_macleod_plays_a_staff_card_free() -> None:
    """Source: Lookout retail appendix via shared/reference/gah-data.md section 1, card 104 (green, 2 strudel
    + 2 cake, 2 VP, play a staff card from hand at no cost); rulebook 2015 'Overview of Symbols'."""
    order = (2, 2, 0, 0)
    assert_order_and_colour(104, "green", order)
    state = ready(104, order, money=0, hand=["Delivery Boy", "Butler"])
    state, _ = check_in(state, "green")
    assert_checked_in(state, 104, 2, "1-3")
    assert texts(state) == ["play Delivery Boy", "play Butler", "skip"]
    state, _ = play(state, "play Delivery Boy")
    ann = state.players[0]
    assert ann.money == 0
    assert ann.played == ids("Delivery Boy") and ann.hand == ids("Butler")
    assert on_turn(state), "more than one staff card"

