"""One rule test per base-game staff card (ids 1-48), plus the cost of hiring staff with action 5.

Sources: rulebook 2015 staff list (rules/gah-rulebook-2015-en.txt, "Staff Cards"); Lookout retail appendix
texts (gah-raw/MrIee_board-game-helpers__staff.json) as summarised in shared/reference/gah-data.md section 3;
2021-vs-2015 differences from rules/gah-yucata-rules-and-variants.txt ("Original Rules variant").

Each test builds a hand-made state with `tests.engine.scenario`, acts by action text, and checks the card's
effect against the same situation without the card wherever that makes a wrong effect visible.
"""

from __future__ import annotations

from typing import Any

from engine import GameState, final_scores
from engine.gah.cards import guests, staff_by_name
from engine.gah.state import OCCUPIED, PREPARED, PlayerState
from tests.engine.scenario import fresh, parse_rooms, play, staff_ids, texts, turn

NO_DICE = [0, 0, 0, 0, 0, 0]

# Vacant rooms of every colour, none of which completes a group when occupied (standard side):
# 1-3 red (group of 4), 2-1 yellow (group 1-2/2-1/2-2), 3-1 blue (group 3-1/4-1).
CHECKIN_ROOMS = "1-1:O 1-2:O 1-3:P 2-1:P 3-1:P"
ROOM_OF_COLOR = {"red": "1-3", "yellow": "2-1", "blue": "3-1", "green": "1-3"}


# ----- helpers -------------------------------------------------------------------------------------------


def start(**options: Any) -> GameState:
    """`scenario.turn(...)` with no politics cards in play, so no politics claim mixes into what a test measures."""
    state = turn(**options)
    state.politics = []
    state.politics_claims = []
    return fresh(state)


def ann(state: GameState) -> PlayerState:
    """The acting player (seat 0)."""
    return state.players[0]


def staff_vp(state: GameState) -> int:
    """VP ann scored from staff abilities during play."""
    return ann(state).vp_sources.get("staff", 0)


def space(name: str) -> int:
    """Room index of "floor-column"."""
    floor, column = (int(x) for x in name.split("-"))
    return (floor - 1) * 5 + column - 1


def check_in(guest: int, played: list[str], edition: str = "2021") -> GameState:
    """Ann moves `guest` (order complete, at table 1) into the vacant room of its colour in CHECKIN_ROOMS."""
    order = list(guests()[guest].order)
    state = start(dice=NO_DICE, money=5, cafe=[(guest, order)], played=played, rooms=CHECKIN_ROOMS, edition=edition)
    room = ROOM_OF_COLOR[guests()[guest].color]
    state, _ = play(state, f"checkin table 1 to room {room}")
    return state


def take_die(action: str, played: list[str], dice: list[int], **options: Any) -> tuple[GameState, list[str]]:
    """Ann takes a die (`action` is e.g. "die 3"); returns the state and the legal action texts that follow."""
    state = start(dice=dice, played=played, **options)
    state, _ = play(state, action)
    return state, texts(state)


def hire(name: str, *, money: int = 10, **options: Any) -> GameState:
    """Ann hires `name` with action 5 at strength 1 (the card is the only one in her hand)."""
    state = start(dice=[0, 0, 0, 0, 1, 0], money=money, hand=[name], **options)
    state, _ = play(state, "die 5", f"play {name}")
    return state


def end_turns_until_round_changes(state: GameState) -> GameState:
    """Play "end turn" (the round has no dice left) until the round is over and the next one has started."""
    number = state.round
    while state.round == number and state.phase == "play":
        state, _ = play(state, "end turn")
    return state


def until_ann_is_on_turn(state: GameState) -> GameState:
    """Let bob pass (or end his turn) until ann has a turn decision."""
    while not (state.current_player == "ann" and state.pending[-1].kind == "turn"):
        state, _ = play(state, "pass" if "pass" in texts(state) else "end turn")
    return state


def to_emperor_scoring(state: GameState) -> GameState:
    """End the (dice-less) turns of the round until its Emperor scoring asks a question or has finished."""
    number = state.round
    while state.phase == "play" and state.round == number:
        state, _ = play(state, "end turn")
    return state


def scoring_state(
    tile: str, emperor: int, played: list[str], money: int = 10, edition: str = "2021", **options: Any
) -> GameState:
    """Round 3 without dice; the round-3 Emperor tile is `tile`; bob ends on space 1 (neither reward nor penalty)."""
    state = start(round_number=3, dice=NO_DICE, emperor=emperor, money=money, played=played, edition=edition,
                  **options)
    state.players[1].emperor = 4
    state.emperor_tiles = [tile, "B2", "C1"]
    return fresh(state)


def game_end_vp(played: list[str], rooms: str = "", emperor: int = 0, edition: str = "2021") -> int:
    """The "game-end staff" part of ann's final score with the given staff in play and hotel."""
    state = start(played=played, rooms=rooms, emperor=emperor, edition=edition)
    return final_scores(state)["ann"].parts["game-end staff"]


def once_per_round(name: str, item: int) -> None:
    """A once-per-round card: `use` gives one `item`, then not again this round, and again next round."""
    state = start(dice=NO_DICE, kitchen=[0, 0, 0, 0], played=[name])
    assert f"use {name}" in texts(state)
    state, _ = play(state, f"use {name}")
    expected = [0, 0, 0, 0]
    expected[item] = 1
    assert ann(state).kitchen == expected
    assert f"use {name}" not in texts(state)
    state, _ = play(state, "end turn")
    assert state.current_player == "ann" and state.round == 1  # ann's second turn of the same round
    assert f"use {name}" not in texts(state)
    state = until_ann_is_on_turn(end_turns_until_round_changes(state))
    assert state.round == 2
    assert f"use {name}" in texts(state)
    state, _ = play(state, f"use {name}")
    expected[item] = 2
    assert ann(state).kitchen == expected


def one_time_items(name: str, gained: list[int]) -> None:
    """A one-time card: the dishes/drinks come once, when hired; the card cannot be used afterwards."""
    state = hire(name, kitchen=[0, 0, 0, 0])
    assert ann(state).kitchen == gained
    assert staff_by_name()[name.lower()].id in ann(state).played
    assert not any(text.startswith("use ") for text in texts(state))


# ----- once per round: 1-4 ---------------------------------------------------------------------------------


def test_staff_01_breakfast_server_gives_one_strudel_once_per_round() -> None:
    """Source: rulebook 2015 staff list ("Frühstückskellner / Breakfast Server ... once per round: 1 strudel");
    Lookout retail appendix via shared/reference/gah-data.md section 3, card 1."""
    once_per_round("Breakfast Server", 0)


def test_staff_02_waitress_gives_one_cake_once_per_round() -> None:
    """Source: rulebook 2015 staff list (Kellnerin / Waitress); Lookout retail appendix via gah-data.md section 3,
    card 2."""
    once_per_round("Waitress", 1)


def test_staff_03_barkeeper_gives_one_wine_once_per_round() -> None:
    """Source: rulebook 2015 staff list (Barmann / Barkeeper); Lookout retail appendix via gah-data.md section 3,
    card 3."""
    once_per_round("Barkeeper", 2)


def test_staff_04_sous_chef_gives_one_coffee_once_per_round() -> None:
    """Source: rulebook 2015 staff list (Sous Chef / Sous-Chef); Lookout retail appendix via gah-data.md section 3,
    card 4."""
    once_per_round("Sous-Chef", 3)


def test_once_per_round_card_can_be_used_in_the_turn_it_is_hired() -> None:
    """Source: rulebook 2015 "Staff Cards": once-per-round staff activate once per round, when the owner decides.
    A freshly hired Barkeeper may be used at once, and its wine may go straight onto a café guest."""
    composer = [(51, [0, 0, 0, 0])]  # yellow, orders 1 wine
    state = start(dice=[0, 0, 0, 0, 1, 0], money=10, kitchen=[0, 0, 0, 0], hand=["Barkeeper"], cafe=composer)
    state, _ = play(state, "die 5", "play Barkeeper", "use Barkeeper", "put wine on table 1")
    assert ann(state).cafe[0].served == [0, 0, 1, 0]
    assert "use Barkeeper" not in texts(state)


# ----- check-in triggers: 5-8, 23, 33 ----------------------------------------------------------------------


def test_staff_05_groom_gives_two_krones_per_red_guest_checked_in() -> None:
    """Source: rulebook 2015 staff list (Pferdeknecht / Groom: +2 krones for each red guest); Lookout retail
    appendix via gah-data.md section 3, card 5."""
    red, green = 77, 92  # Apothecary (red), Capt. Goldhaken (green); both reward 1 krone
    assert ann(check_in(red, ["Groom"])).money - ann(check_in(red, [])).money == 2
    assert ann(check_in(green, ["Groom"])).money == ann(check_in(green, [])).money


def test_staff_06_stableman_advances_emperor_per_blue_guest_checked_in() -> None:
    """Source: rulebook 2015 staff list (Stallmeister / Stableman: +1 Emperor step for each blue guest); Lookout
    retail appendix via gah-data.md section 3, card 6."""
    blue, red = 65, 77  # Knight of the Empire (no reward), Apothecary
    assert ann(check_in(blue, ["Stableman"])).emperor == 1
    assert ann(check_in(blue, [])).emperor == 0
    assert ann(check_in(red, ["Stableman"])).emperor == 0


def test_staff_07_masseuse_gives_one_krone_per_yellow_guest_checked_in() -> None:
    """Source: rulebook 2015 staff list (Masseurin / Masseuse: +1 krone for each yellow guest); Lookout retail
    appendix via gah-data.md section 3, card 7."""
    yellow, red = 51, 77  # Composer (reward 1 strudel), Apothecary
    assert ann(check_in(yellow, ["Masseuse"])).money - ann(check_in(yellow, [])).money == 1
    assert ann(check_in(red, ["Masseuse"])).money == ann(check_in(red, [])).money


def test_staff_08_tour_guide_scores_two_vp_per_green_guest_checked_in() -> None:
    """Source: rulebook 2015 staff list (Fremdenführer / Tour Guide: +2 VP for each green guest, besides the
    guest's VP); Lookout retail appendix via gah-data.md section 3, card 8."""
    green, red = 92, 77
    state = check_in(green, ["Tour Guide"])
    assert staff_vp(state) == 2
    assert ann(state).vp - ann(check_in(green, [])).vp == 2
    assert staff_vp(check_in(red, ["Tour Guide"])) == 0


def test_staff_23_custodian_pays_a_krone_for_every_occupied_room_2021() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 23 ("each time you occupy a room (by
    whichever means), you also get 1 krone"): a guest moving in and a Page Boy turning rooms both pay."""
    assert ann(check_in(77, ["Custodian"])).money - ann(check_in(77, [])).money == 1
    state = start(dice=[0, 0, 0, 0, 1, 0], money=5, hand=["Page Boy"], played=["Custodian"], rooms=CHECKIN_ROOMS)
    state, _ = play(state, "die 5", "play Page Boy", "occupy room 1-3", "occupy room 2-1")
    assert ann(state).money == 5 - 1 + 2  # Page Boy costs 2 - 1 (strength); +1 krone per occupied room
    state = to_emperor_scoring(scoring_state("B4", emperor=6, played=["Custodian"], money=5, rooms="1-1:O"))
    state, _ = play(state, "room 1-2")  # Emperor tile B4's reward: a free room, occupied at once
    assert ann(state).rooms[space("1-2")] == OCCUPIED and ann(state).money == 6


def test_staff_23_custodian_pays_only_for_guests_moving_in_2015() -> None:
    """Source: rulebook 2015 staff list (Hausverwalter / Custodian: "Each time a guest moves into a room, you also
    receive 1 krone"); gah-data.md section 3, card 23 edition note."""
    assert ann(check_in(77, ["Custodian"], "2015")).money - ann(check_in(77, [], "2015")).money == 1
    state = start(dice=[0, 0, 0, 0, 1, 0], money=5, hand=["Page Boy"], played=["Custodian"], rooms=CHECKIN_ROOMS,
                  edition="2015")
    state, _ = play(state, "die 5", "play Page Boy", "occupy room 1-3", "occupy room 2-1")
    assert ann(state).money == 5 - 1
    state = to_emperor_scoring(scoring_state("B4", emperor=6, played=["Custodian"], money=5, rooms="1-1:O",
                                             edition="2015"))
    state, _ = play(state, "room 1-2")
    assert ann(state).rooms[space("1-2")] == OCCUPIED and ann(state).money == 5


def test_staff_33_male_floor_housekeeper_scores_four_vp_for_orders_of_four_items() -> None:
    """Source: rulebook 2015 staff list (Etagendiener / Male Floor Housekeeper: +4 VP when a guest whose order
    has 4 dishes and drinks moves into a room); Lookout retail appendix via gah-data.md section 3, card 33."""
    four, three = 89, 85  # Lord High Commissioner (2 strudel, 1 cake, 1 wine), Major (2 strudel, 1 cake)
    assert guests()[four].order_size == 4 and guests()[three].order_size == 3
    state = check_in(four, ["Male Floor Housekeeper"])
    assert staff_vp(state) == 4
    assert ann(state).vp - ann(check_in(four, [])).vp == 4
    assert staff_vp(check_in(three, ["Male Floor Housekeeper"])) == 0


# ----- free rooms: 9-11 ------------------------------------------------------------------------------------


def test_staff_09_butler_makes_blue_rooms_free() -> None:
    """Source: rulebook 2015 staff list (Butler: prepare blue rooms at no cost); Lookout retail appendix via
    gah-data.md section 3, card 9 (removes the cost only, from any action or effect)."""
    # 3-1 is blue on floor 3 (cost 2); 2-2 is yellow on floor 2 (cost 1).
    state, options = take_die("die 3", ["Butler"], [0, 0, 1, 0, 0, 0], money=0, rooms="1-1:O 2-1:O")
    assert "room 3-1" in options and "room 2-2" not in options
    state, _ = play(state, "room 3-1")
    assert ann(state).money == 0 and ann(state).rooms[space("3-1")] == PREPARED
    state, _ = take_die("die 3", [], [0, 0, 1, 0, 0, 0], money=2, rooms="1-1:O 2-1:O")
    state, _ = play(state, "room 3-1")
    assert ann(state).money == 0  # without the Butler the room costs 2


def test_staff_10_chauffeur_makes_red_rooms_free() -> None:
    """Source: rulebook 2015 staff list (Chauffeur: prepare red rooms at no cost); Lookout retail appendix via
    gah-data.md section 3, card 10."""
    # 3-2 is red on floor 3 (cost 2); 2-1 is yellow on floor 2 (cost 1).
    state, options = take_die("die 3", ["Chauffeur"], [0, 0, 1, 0, 0, 0], money=0, rooms="1-1:O 1-2:O 2-2:O")
    assert "room 3-2" in options and "room 2-1" not in options
    state, _ = play(state, "room 3-2")
    assert ann(state).money == 0 and ann(state).rooms[space("3-2")] == PREPARED
    _, options = take_die("die 3", [], [0, 0, 1, 0, 0, 0], money=0, rooms="1-1:O 1-2:O 2-2:O")
    assert "room 3-2" not in options


def test_staff_11_florist_makes_yellow_rooms_free() -> None:
    """Source: rulebook 2015 staff list (Floristin / Florist: prepare yellow rooms at no cost); Lookout retail
    appendix via gah-data.md section 3, card 11."""
    # 3-4 is yellow on floor 3 (cost 2, 1 VP badge); 3-3 is blue on floor 3 (cost 2).
    rooms = "1-1:O 1-2:O 1-3:O 1-4:O 2-3:O 2-4:O"
    state, options = take_die("die 3", ["Florist"], [0, 0, 1, 0, 0, 0], money=0, rooms=rooms)
    assert "room 3-4" in options and "room 3-3" not in options
    state, _ = play(state, "room 3-4")
    assert ann(state).money == 0 and ann(state).rooms[space("3-4")] == PREPARED
    _, options = take_die("die 3", [], [0, 0, 1, 0, 0, 0], money=0, rooms=rooms)
    assert "room 3-4" not in options


# ----- die-triggered abilities: 12-20, 22 ------------------------------------------------------------------


def test_staff_12_executive_housekeeper_scores_two_vp_for_dice_3_and_4() -> None:
    """Source: rulebook 2015 staff list (Hausdame / Executive Housekeeper: +2 VP for a die showing 3 or 4);
    Lookout retail appendix via gah-data.md section 3, card 12."""
    dice = [1, 1, 1, 1, 1, 1]
    for action, vp in (("die 3", 2), ("die 4", 2), ("die 5", 0), ("die 2", 0), ("die 6", 0)):
        state, _ = take_die(action, ["Executive Housekeeper"], dice)
        assert staff_vp(state) == vp, action


def test_staff_13_restaurant_manager_adds_one_strength_to_dice_1_and_2() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 13 (die 1 or 2: +1 strength); rulebook
    2015 (+1 dish or drink, cake <= strudel and coffee <= wine still apply)."""
    dice = [2, 1, 0, 0, 0, 2]
    _, options = take_die("die 1", ["Restaurant Manager"], dice)
    assert options == ["take 3 strudel 0 cake", "take 2 strudel 1 cake"]
    _, options = take_die("die 1", [], dice)
    assert options == ["take 2 strudel 0 cake", "take 1 strudel 1 cake"]
    _, options = take_die("die 2", ["Restaurant Manager"], dice)
    assert options == ["take 2 wine 0 coffee", "take 1 wine 1 coffee"]
    _, options = take_die("die 2 boost", ["Restaurant Manager"], dice)
    assert "take 3 wine 0 coffee" in options
    state, _ = take_die("die 6", ["Restaurant Manager"], dice)  # a die showing 6 imitating action 1: no bonus
    state, _ = play(state, "imitate 1")
    assert texts(state) == ["take 2 strudel 0 cake", "take 1 strudel 1 cake"]


def test_staff_14_decorator_prepares_a_room_at_normal_cost_with_dice_1_and_2() -> None:
    """Source: rulebook 2015 staff list (Dekorateur / Decorator: die 1 or 2, also prepare 1 room); Lookout retail
    appendix via gah-data.md section 3, card 14 (any colour, normal cost)."""
    for action in ("die 1", "die 2"):
        state = start(dice=[1, 1, 0, 0, 0, 0], money=1, kitchen=[0, 0, 0, 0], played=["Decorator"], rooms="1-1:O")
        state, _ = play(state, action)
        state, _ = play(state, texts(state)[0])  # the main action's dishes or drinks
        assert texts(state) == ["room 1-2", "room 2-1", "stop preparing"]
        state, _ = play(state, "room 2-1")  # yellow, floor 2: the normal cost of 1 krone
        assert ann(state).money == 0 and ann(state).rooms[space("2-1")] == PREPARED
        assert state.pending[-1].kind == "turn"
    for action in ("die 3", "die 4"):  # other dice: no extra room
        state = start(dice=[0, 0, 1, 1, 0, 0], money=5, played=["Decorator"], rooms="1-1:O")
        state, _ = play(state, action)
        state, _ = play(state, texts(state)[0])
        assert state.pending[-1].kind == "turn"
        assert sum(1 for r in ann(state).rooms if r) == (2 if action == "die 3" else 1)
    state = start(dice=[1, 0, 0, 0, 0, 0], money=1, kitchen=[0, 0, 0, 0], rooms="1-1:O")
    state, _ = play(state, "die 1", "take 1 strudel 0 cake")
    assert state.pending[-1].kind == "turn"  # without the Decorator


def test_staff_15_bootblack_gives_krones_and_emperor_steps_for_die_4() -> None:
    """Source: rulebook 2015 staff list (Schuhputzer / Bootblack: each die on space 4 gives 1 Emperor step and
    1 krone instead of a choice); Lookout retail appendix via gah-data.md section 3, card 15 (boost gives both)."""
    state, options = take_die("die 4", ["Bootblack"], [0, 0, 0, 2, 0, 1], money=5)
    assert state.pending[-1].kind == "turn"  # no split to choose
    assert (ann(state).emperor, ann(state).money) == (2, 7)
    state, _ = take_die("die 4 boost", ["Bootblack"], [0, 0, 0, 2, 0, 1], money=5)
    assert (ann(state).emperor, ann(state).money) == (3, 5 - 1 + 3)
    state, options = take_die("die 6", ["Bootblack"], [0, 0, 0, 2, 0, 1], money=5)
    state, _ = play(state, "imitate 4")  # a die showing 6: the usual split
    assert texts(state) == ["emperor 1 krones 0", "emperor 0 krones 1"]
    _, options = take_die("die 4", [], [0, 0, 0, 2, 0, 1], money=5)
    assert options == ["emperor 2 krones 0", "emperor 1 krones 1", "emperor 0 krones 2"]


def test_staff_16_laundress_scores_four_vp_for_die_4() -> None:
    """Source: rulebook 2015 staff list (Wäscherin / Laundress: +4 VP for a die showing 4); Lookout retail
    appendix via gah-data.md section 3, card 16."""
    dice = [1, 1, 1, 1, 1, 1]
    for action, vp in (("die 4", 4), ("die 3", 0), ("die 5", 0)):
        state, _ = take_die(action, ["Laundress"], dice)
        assert staff_vp(state) == vp, action


def test_staff_17_kitchen_hand_waives_the_die_6_fee_and_adds_one_strength() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 17 (die 6: no 1-krone fee, +1 strength);
    rulebook 2015 (Küchenhilfe: take a 6 at no cost, dice on space 6 plus one)."""
    state = start(dice=[0, 0, 0, 0, 0, 2], money=0, played=["Kitchen Hand"])
    assert "die 6" in texts(state)
    state, _ = play(state, "die 6", "imitate 1")
    assert texts(state) == ["take 3 strudel 0 cake", "take 2 strudel 1 cake"]
    assert ann(state).money == 0
    assert "die 6" not in texts(start(dice=[0, 0, 0, 0, 0, 2], money=0))
    state = start(dice=[0, 0, 0, 0, 0, 2], money=1)
    state, _ = play(state, "die 6", "imitate 1")
    assert texts(state) == ["take 2 strudel 0 cake", "take 1 strudel 1 cake"] and ann(state).money == 0


def test_staff_17_kitchen_hand_costs_5_in_2021_and_3_in_2015() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 17 ("We increased the cost of this card
    from 3 krones ... to 5 krones"); Yucata Original Rules variant; rulebook 2015 (3 krones)."""
    assert ann(hire("Kitchen Hand", money=10)).money == 10 - (5 - 1)
    assert ann(hire("Kitchen Hand", money=10, edition="2015")).money == 10 - (3 - 1)
    state, _ = play(start(dice=[0, 0, 0, 0, 1, 0], money=3, hand=["Kitchen Hand"]), "die 5")
    assert state.pending[-1].kind == "turn" and ann(state).money == 3  # 5 - 1 = 4 > 3: cannot be hired


def test_staff_18_checker_adds_two_strength_to_die_5() -> None:
    """Source: rulebook 2015 staff list (Garderobenfrau / Checker: die 5 gives 2 krones more discount, no money
    back); Lookout retail appendix via gah-data.md section 3, card 18."""
    state, options = take_die("die 5", ["Checker"], [0, 0, 0, 0, 1, 0], money=2, hand=["Butler", "Stableman"])
    assert "play Butler" in options  # cost 5 - (1 + 2) = 2
    state, _ = play(state, "play Butler")
    assert ann(state).money == 0
    _, options = take_die("die 5", [], [0, 0, 0, 0, 1, 0], money=2, hand=["Butler"])
    assert "play Butler" not in options
    state, _ = take_die("die 5", ["Checker"], [0, 0, 0, 0, 1, 0], money=2, hand=["Stableman"])
    state, _ = play(state, "play Stableman")
    assert ann(state).money == 2  # discount beyond the cost gives nothing back


def test_staff_19_interior_architect_scores_five_vp_for_die_3() -> None:
    """Source: rulebook 2015 staff list (Innenarchitekt / Interior Architect: +5 VP for a die showing 3); Lookout
    retail appendix via gah-data.md section 3, card 19."""
    dice = [1, 1, 1, 1, 1, 1]
    for action, vp in (("die 3", 5), ("die 4", 0), ("die 2", 0)):
        state, _ = take_die(action, ["Interior Architect"], dice)
        assert staff_vp(state) == vp, action


def test_staff_20_detective_advances_two_emperor_steps_for_die_5() -> None:
    """Source: rulebook 2015 staff list (Hausdetektiv / Detective: die 5, also advance 2 on the Emperor track);
    Lookout retail appendix via gah-data.md section 3, card 20."""
    dice = [1, 1, 1, 1, 1, 1]
    state, _ = take_die("die 5", ["Detective"], dice, emperor=3)
    assert ann(state).emperor == 5
    state, _ = take_die("die 4", ["Detective"], dice, emperor=3)
    state, _ = play(state, "emperor 0 krones 1")
    assert ann(state).emperor == 3
    state, _ = take_die("die 5", [], dice, emperor=3)
    assert ann(state).emperor == 3


def test_staff_22_staff_manager_plays_a_staff_card_at_full_cost_with_die_3() -> None:
    """Source: rulebook 2015 staff list (Personalchef / Staff Manager: die 3, also play a staff card); Lookout
    retail appendix via gah-data.md section 3, card 22 (paying its cost); Yucata: after preparing the rooms."""
    state, options = take_die("die 3", ["Staff Manager"], [0, 0, 2, 0, 0, 0], money=4,
                              hand=["Stableman", "Butler"], rooms="1-1:O")
    assert options[0].startswith("room ")  # the main action first
    state, _ = play(state, "room 1-2", "stop preparing")
    assert texts(state) == ["play Stableman", "skip"]  # Butler costs 5 > 4: no discount for the Staff Manager
    state, _ = play(state, "play Stableman")
    assert ann(state).money == 3 and staff_ids("Stableman")[0] in ann(state).played
    state, _ = take_die("die 3", [], [0, 0, 2, 0, 0, 0], money=4, hand=["Stableman"], rooms="1-1:O")
    state, _ = play(state, "room 1-2", "stop preparing")
    assert state.pending[-1].kind == "turn"
    state, _ = take_die("die 4", ["Staff Manager"], [0, 0, 0, 1, 0, 0], money=4, hand=["Stableman"])
    state, _ = play(state, "emperor 1 krones 0")
    assert state.pending[-1].kind == "turn"


def test_staff_22_staff_manager_may_play_the_staff_card_before_the_main_action_2021() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 22 ("Each time you take a die showing 3,
    before or after taking the main action, you can also play a staff card from hand by paying its cost").
    (The Yucata summary says "after preparing rooms"; the retail card text is the 2021 wording.)"""
    state, options = take_die("die 3", ["Staff Manager"], [0, 0, 1, 0, 0, 0], money=5, hand=["Butler"],
                              rooms="1-1:O 2-1:O")
    assert "play Butler" in options  # before any room is prepared
    state, _ = play(state, "play Butler", "room 3-1")  # blue, floor 3: free with the Butler
    assert ann(state).money == 0 and ann(state).rooms[space("3-1")] == PREPARED


# ----- one-time effects: 21, 35, 36, 38, 39, 43, 44, 45 ----------------------------------------------------


def test_staff_21_chef_gives_one_of_each_dish_and_drink_when_hired() -> None:
    """Source: rulebook 2015 staff list (Chefkoch / Chef, one-time: 1 strudel, 1 cake, 1 wine, 1 coffee);
    Lookout retail appendix via gah-data.md section 3, card 21."""
    one_time_items("Chef", [1, 1, 1, 1])


def test_staff_35_page_boy_occupies_up_to_two_vacant_rooms_when_hired() -> None:
    """Source: rulebook 2015 staff list (Page / Page-boy, one-time: turn 2 rooms of any colour to occupied);
    Lookout retail appendix via gah-data.md section 3, card 35; Yucata: occupancy bonus when a group fills."""
    # 1-1 blue group of 1 (+2 VP), 2-2 completes yellow group 1-2/2-1/2-2 (+6 Emperor steps), 1-3 stays vacant.
    state = start(dice=[0, 0, 0, 0, 1, 0], money=5, hand=["Page Boy"], rooms="1-1:P 1-2:O 2-1:O 2-2:P 1-3:P")
    state, _ = play(state, "die 5", "play Page Boy")
    assert texts(state) == ["occupy room 1-1", "occupy room 1-3", "occupy room 2-2", "skip"]
    state, _ = play(state, "occupy room 1-1", "occupy room 2-2")
    rooms = ann(state).rooms
    assert (rooms[space("1-1")], rooms[space("2-2")], rooms[space("1-3")]) == (OCCUPIED, OCCUPIED, PREPARED)
    assert ann(state).vp_sources.get("occupancy bonus") == 2 and ann(state).emperor == 6
    assert state.pending[-1].kind == "turn" and ann(state).money == 5 - 1


def test_staff_36_sommelier_gives_four_wine_when_hired() -> None:
    """Source: rulebook 2015 staff list (Sommelier, one-time: 4 wine); Lookout retail appendix via gah-data.md
    section 3, card 36."""
    one_time_items("Sommelier", [0, 0, 4, 0])


def test_staff_38_porter_fills_a_guest_order_from_the_supply_when_hired() -> None:
    """Source: rulebook 2015 staff list (Portier / Porter, one-time: complete a guest's order from the general
    supply); Lookout retail appendix via gah-data.md section 3, card 38."""
    state = start(dice=[0, 0, 0, 0, 1, 0], money=10, kitchen=[1, 1, 1, 1], hand=["Porter"],
                  cafe=[(74, [0, 1, 0, 0]), (77, [0, 1, 0, 0])], rooms="1-1:O 2-1:O 3-1:P")
    state, _ = play(state, "die 5", "play Porter")
    assert texts(state) == ["fill table 1", "skip"]  # the Apothecary's order is already complete
    state, _ = play(state, "fill table 1")
    assert ann(state).cafe[0].served == list(guests()[74].order)
    assert ann(state).kitchen == [1, 1, 1, 1]  # nothing taken from the kitchen
    assert "checkin table 1 to room 3-1" in texts(state)


def test_staff_39_confectioner_gives_four_cake_when_hired() -> None:
    """Source: rulebook 2015 staff list (Konditor / Confectioner, one-time: 4 cakes); Lookout retail appendix via
    gah-data.md section 3, card 39."""
    one_time_items("Confectioner", [0, 4, 0, 0])


def test_staff_43_barista_gives_four_coffee_when_hired() -> None:
    """Source: rulebook 2015 staff list (Barista, one-time: 4 coffee); Lookout retail appendix via gah-data.md
    section 3, card 43."""
    one_time_items("Barista", [0, 0, 0, 4])


def test_staff_44_larder_cook_gives_four_strudel_when_hired() -> None:
    """Source: rulebook 2015 staff list (Kaltmamsell / Larder Cook, one-time: 4 strudels); Lookout retail appendix
    via gah-data.md section 3, card 44."""
    one_time_items("Larder Cook", [4, 0, 0, 0])


def test_staff_45_pool_attendant_advances_three_emperor_steps_when_hired() -> None:
    """Source: rulebook 2015 staff list (Bademeister / Pool Attendant, one-time: advance 3 on the Emperor track);
    Lookout retail appendix via gah-data.md section 3, card 45; rulebook: steps beyond 13 score 1 VP each."""
    state = hire("Pool Attendant", emperor=4)
    assert ann(state).emperor == 7
    state = hire("Pool Attendant", emperor=12)
    assert ann(state).emperor == 13 and ann(state).vp_sources.get("emperor track overflow") == 2
    assert "use Pool Attendant" not in texts(state)


# ----- other permanent abilities: 24-26, 42 ----------------------------------------------------------------


def test_staff_24_chief_waiter_makes_serving_from_the_kitchen_free() -> None:
    """Source: rulebook 2015 staff list (Oberkellner / Chief Waiter: move dishes and drinks from the kitchen to
    guests at no cost); Lookout retail appendix via gah-data.md section 3, card 24."""
    cafe = [(74, [0, 0, 0, 0])]  # Earl: 1 cake + 2 coffee
    state = start(dice=NO_DICE, money=0, kitchen=[0, 1, 0, 2], cafe=cafe, played=["Chief Waiter"])
    state, _ = play(state, "serve cake to table 1", "serve coffee to table 1", "serve coffee to table 1")
    assert ann(state).cafe[0].served == [0, 1, 0, 2] and ann(state).money == 0
    assert not any(t.startswith("serve") for t in texts(start(dice=NO_DICE, money=0, kitchen=[0, 1, 0, 2], cafe=cafe)))
    state = start(dice=NO_DICE, money=1, kitchen=[0, 1, 0, 2], cafe=cafe)
    state, _ = play(state, "serve cake to table 1")
    assert ann(state).money == 0


def test_staff_25_delivery_boy_makes_display_guests_free() -> None:
    """Source: rulebook 2015 staff list (Bote / Delivery Boy: take guests from the game board at no cost); Lookout
    retail appendix via gah-data.md section 3, card 25 (removes the cost; no extra guest)."""
    state = start(dice=[1, 1, 1, 1, 1, 1], money=0, played=["Delivery Boy"])
    first = state.display[0]
    guest_texts = [t for t in texts(state) if t.startswith("guest ")]
    assert len(guest_texts) == 5  # position 1 would cost 3 krones
    state, _ = play(state, guest_texts[0])
    assert ann(state).money == 0 and ann(state).cafe[0].guest == first
    assert not any(t.startswith("guest ") for t in texts(state))  # still one guest per turn
    without = start(dice=[1, 1, 1, 1, 1, 1], money=0)
    assert len([t for t in texts(without) if t.startswith("guest ")]) == 2  # only the 0-krone positions 4 and 5


def test_staff_26_conference_manager_pays_one_krone_to_ignore_the_emperor_penalty_2021() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 26 ("you can pay 1 krone to ignore the
    penalty during an Emperor scoring"); penalty of tile A1 per gah-data.md section 7."""
    state = to_emperor_scoring(scoring_state("C1", emperor=0, played=["Conference Manager"], money=4))
    assert texts(state) == ["ignore penalty", "suffer penalty"]
    ignored, _ = play(state, "ignore penalty")
    assert ann(ignored).money == 3 and ann(ignored).vp == 0
    suffered, _ = play(state, "suffer penalty")
    assert ann(suffered).money == 4 and ann(suffered).vp == -8
    broke = to_emperor_scoring(scoring_state("C1", emperor=0, played=["Conference Manager"], money=0))
    assert ann(broke).vp == -8  # no krone to pay: the penalty applies


def test_staff_26_conference_manager_ignores_the_emperor_penalty_for_free_2015() -> None:
    """Source: rulebook 2015 staff list (Veranstaltungsleiter / Conference Manager: "You do not suffer the penalty
    for being on "0" on the Emperor track"); gah-data.md section 3, card 26 edition note."""
    state = to_emperor_scoring(scoring_state("C1", emperor=0, played=["Conference Manager"], money=4, edition="2015"))
    assert ann(state).money == 4 and ann(state).vp == 0
    without = to_emperor_scoring(scoring_state("C1", emperor=0, played=[], money=4, edition="2015"))
    assert ann(without).vp == -8


def test_staff_42_gardener_scores_five_vp_with_each_emperor_reward() -> None:
    """Source: rulebook 2015 staff list (Gärtner / Gardener: +5 VP each time you receive the Emperor bonus);
    Lookout retail appendix via gah-data.md section 3, card 42."""
    state = to_emperor_scoring(scoring_state("C1", emperor=6, played=["Gardener"]))
    assert staff_vp(state) == 5 and ann(state).vp_sources.get("Emperor tiles") == 8
    state = to_emperor_scoring(scoring_state("C1", emperor=5, played=["Gardener"]))  # ends on 2: no reward
    assert staff_vp(state) == 0
    state = to_emperor_scoring(scoring_state("C1", emperor=0, played=["Gardener"]))  # penalty
    assert staff_vp(state) == 0


# ----- game-end scoring: 27-32, 34, 37, 40, 41, 46-48 ------------------------------------------------------

# Occupied: blue 1-1, 1-5; yellow 1-2, 2-1; red 1-3, 1-4, 2-3. Prepared: yellow 2-2, red 2-4, blue 3-3.
# Full groups: 1-1 (blue, 1) and 1-5 (blue, 1). Full floors: floor 1. Full columns: none.
HOTEL = "1-1:O 1-2:O 1-3:O 1-4:O 1-5:O 2-1:O 2-2:P 2-3:O 2-4:P 3-3:P"


def test_staff_27_booking_manager_scores_three_vp_per_occupied_red_room() -> None:
    """Source: rulebook 2015 staff list (Reservierungsleiter / Booking Manager: 3 VP per occupied red room);
    Lookout retail appendix via gah-data.md section 3, card 27."""
    assert game_end_vp(["Booking Manager"], HOTEL) == 9
    assert game_end_vp([], HOTEL) == 0


def test_staff_28_concierge_scores_three_vp_per_occupied_blue_room() -> None:
    """Source: rulebook 2015 staff list (Concierge: 3 VP per occupied blue room); Lookout retail appendix via
    gah-data.md section 3, card 28."""
    assert game_end_vp(["Concierge"], HOTEL) == 6


def test_staff_29_secretary_copies_one_opponent_game_end_card_chosen_at_game_end() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 29 (select an opponent's staff card in play
    with the game-end symbol and apply it to your hotel; never one of your own; nothing if there is none)."""
    state = start(round_number=7, dice=NO_DICE, emperor=8, played=["Secretary", "Concierge"],
                  rooms="1-1:O 1-3:O 1-4:O 1-5:O 2-3:O")
    state.players[1].emperor = 8  # both end on space 1 after the last retreat: no reward, no penalty
    state.players[1].played = staff_ids("Booking Manager", "Chambermaid", "Secretary", "Butler")
    state = to_emperor_scoring(fresh(state))
    assert state.phase == "final" and state.current_player == "ann"
    assert texts(state) == ["copy Booking Manager", "copy Chambermaid"]  # not her own Concierge, no Secretary
    state, _ = play(state, "copy Booking Manager")
    assert state.current_player == "bob" and texts(state) == ["copy Concierge"]
    state, _ = play(state, "copy Concierge")
    assert state.is_over
    scores = final_scores(state)
    assert scores["ann"].parts["game-end staff"] == 2 * 3 + 3 * 3  # Concierge (2 blue) + copied Booking (3 red)
    assert scores["bob"].parts["game-end staff"] == 0 + 0 + 0  # bob's hotel is empty


def test_staff_29_secretary_scores_nothing_without_opponent_game_end_cards() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 29 ("If none of your opponents have staff
    with the game-end symbol in play, the Secretary scores nothing")."""
    state = start(round_number=7, dice=NO_DICE, emperor=8, played=["Secretary", "Concierge"], rooms="1-1:O")
    state.players[1].emperor = 8
    state.players[1].played = staff_ids("Secretary", "Butler")
    state = to_emperor_scoring(fresh(state))
    assert state.current_player == "bob"  # only bob's Secretary has something to copy (ann's Concierge)
    state, _ = play(state, "copy Concierge")
    assert state.is_over and state.players[0].secretary_copy is None
    assert final_scores(state)["ann"].parts["game-end staff"] == 3


def test_staff_30_reception_clerk_scores_three_vp_per_occupied_yellow_room() -> None:
    """Source: rulebook 2015 staff list (Empfangschef / Reception Clerk: 3 VP per occupied yellow room); Lookout
    retail appendix via gah-data.md section 3, card 30."""
    assert game_end_vp(["Reception Clerk"], HOTEL) == 6


def test_staff_31_chambermaid_scores_one_vp_per_occupied_room() -> None:
    """Source: rulebook 2015 staff list (Zimmermädchen / Chambermaid: 1 VP per occupied room); Lookout retail
    appendix via gah-data.md section 3, card 31."""
    assert game_end_vp(["Chambermaid"], HOTEL) == 7


def test_staff_32_assistant_manager_scores_two_vp_per_staff_played_including_itself() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 32 (2 VP per staff card played, regardless
    of type, including this); Yucata staff list agrees (the 2015 English rulebook prints 4 VP)."""
    assert game_end_vp(["Assistant Manager"]) == 2
    assert game_end_vp(["Assistant Manager", "Butler", "Chef", "Barkeeper"]) == 8


def test_staff_34_receptionist_scores_one_vp_per_room_tile() -> None:
    """Source: rulebook 2015 staff list (Rezeptionist / Receptionist: 1 VP per room, occupied or merely prepared);
    Lookout retail appendix via gah-data.md section 3, card 34."""
    assert game_end_vp(["Receptionist"], HOTEL) == 10


def test_staff_37_room_service_scores_two_vp_per_fully_occupied_group() -> None:
    """Source: rulebook 2015 staff list (Zimmerdiener / Room Service: 2 VP per fully occupied group; prepared
    rooms do not count); Lookout retail appendix via gah-data.md section 3, card 37."""
    assert game_end_vp(["Room Service"], HOTEL) == 4
    assert game_end_vp(["Room Service"], HOTEL.replace("2-2:P", "2-2:O")) == 6  # yellow group 1-2/2-1/2-2 full


def test_staff_40_marketing_director_scores_five_vp_per_politics_card_with_a_marker() -> None:
    """Source: rulebook 2015 staff list (Marketingleiter / Marketing Director: 5 VP per politics card with your
    wooden disk); Lookout retail appendix via gah-data.md section 3, card 40."""
    state = start(played=["Marketing Director"])
    state.politics = [105, 109, 113]
    state.politics_claims = [[1, 0], [1], [0]]
    assert final_scores(state)["ann"].parts["game-end staff"] == 10
    state.politics_claims = [[1], [1], []]
    assert final_scores(state)["ann"].parts["game-end staff"] == 0


def test_staff_41_operator_scores_twice_the_emperor_position_uncapped_in_2021() -> None:
    """Source: Lookout retail appendix via gah-data.md section 3, card 41 (double your Emperor position; more than
    12 VP "wasn't allowed in earlier prints, but it is now"); rulebook 2015 and Yucata Original Rules: at most 12."""
    assert game_end_vp(["Operator"], emperor=8) == 16
    assert game_end_vp(["Operator"], emperor=5) == 10
    assert game_end_vp(["Operator"], emperor=8, edition="2015") == 12
    assert game_end_vp(["Operator"], emperor=5, edition="2015") == 10


def test_staff_46_female_floor_housekeeper_scores_five_vp_per_full_floor() -> None:
    """Source: rulebook 2015 staff list (Etagendame / Female Floor Housekeeper: 5 VP per fully occupied floor);
    Lookout retail appendix via gah-data.md section 3, card 46."""
    assert game_end_vp(["Female Floor Housekeeper"], HOTEL) == 5
    full_two = HOTEL.replace("2-2:P", "2-2:O").replace("2-4:P", "2-4:O") + " 2-5:O"
    assert game_end_vp(["Female Floor Housekeeper"], full_two) == 10
    assert game_end_vp(["Female Floor Housekeeper"], HOTEL.replace("1-5:O", "1-5:P")) == 0


def test_staff_47_liftboy_scores_five_vp_per_full_column() -> None:
    """Source: rulebook 2015 staff list (Liftboy: 5 VP per fully occupied column); Lookout retail appendix via
    gah-data.md section 3, card 47."""
    columns = "1-1:O 2-1:O 3-1:O 4-1:O 1-2:O 2-2:O 3-2:O 4-2:O 1-3:O 2-3:O 3-3:O 4-3:P"
    assert game_end_vp(["Liftboy"], columns) == 10
    assert game_end_vp(["Liftboy"], HOTEL) == 0


def test_staff_48_hotel_manager_scores_four_vp_per_set_of_red_blue_yellow_rooms() -> None:
    """Source: rulebook 2015 staff list (Direktor / Hotel Manager: 4 VP per set of 3 occupied rooms of different
    colours, e.g. 3 red, 4 blue, 6 yellow -> 12 VP); Lookout retail appendix via gah-data.md section 3, card 48."""
    assert game_end_vp(["Hotel Manager"], HOTEL) == 8  # 2 blue, 2 yellow, 3 red
    assert game_end_vp(["Hotel Manager"], "1-3:O 1-4:O 2-3:O 1-2:O") == 0  # no blue room


def test_game_end_staff_cards_add_up_on_one_hotel() -> None:
    """Source: rulebook 2015 "Game End and Final Scoring" (you receive VP for your staff cards that provide them):
    several game-end cards each score on their own."""
    assert game_end_vp(["Booking Manager", "Concierge", "Chambermaid"], HOTEL) == 9 + 6 + 7


# ----- hiring staff: action 5 ------------------------------------------------------------------------------


def test_action_5_staff_cost_is_printed_cost_minus_strength_without_refund() -> None:
    """Source: rulebook 2015 action 5 and Yucata ("For each die on the 5 action space, the cost is reduced by 1,
    but not below zero. Pay the remaining cost"); staff costs per gah-data.md section 3."""
    state = start(dice=[0, 0, 0, 0, 2, 0], money=4, hand=["Butler", "Waitress", "Stableman"])
    state, _ = play(state, "die 5")
    assert texts(state) == ["play Butler", "play Waitress", "play Stableman", "skip"]  # 5-2=3, 6-2=4, 1-2<0 -> 0
    paid, _ = play(state, "play Butler")
    assert ann(paid).money == 1 and ann(paid).hand == staff_ids("Waitress", "Stableman")
    free, _ = play(state, "play Stableman")
    assert ann(free).money == 4  # no refund below 0
    state = start(dice=[0, 0, 0, 0, 2, 0], money=4, hand=["Butler", "Waitress"])
    state, _ = play(state, "die 5 boost")  # strength 3, 1 krone paid for the boost
    state, _ = play(state, "play Waitress")
    assert ann(state).money == 4 - 1 - (6 - 3)
    state = start(dice=[0, 0, 0, 0, 1, 0], money=3, hand=["Waitress"])
    state, _ = play(state, "die 5")
    assert state.pending[-1].kind == "turn"  # 6 - 1 = 5 > 3: not affordable, so nothing to choose
    assert ann(state).hand == staff_ids("Waitress")


def test_staff_once_per_round_cards_do_nothing_when_hired() -> None:
    """Source: rulebook 2015 "Staff Cards": once-per-round cards act when used, not when hired; one-time cards
    act only when hired (gah-data.md section 3, types)."""
    state = hire("Barkeeper", kitchen=[0, 0, 0, 0])
    assert ann(state).kitchen == [0, 0, 0, 0] and "use Barkeeper" in texts(state)


def test_every_base_staff_card_has_a_test_here() -> None:
    """Source: gah-data.md section 3 (48 base staff cards): this file names a test after each card id."""
    names = {name for name in globals() if name.startswith("test_staff_")}
    ids = {int(name.split("_")[2]) for name in names if name.split("_")[2].isdigit()}
    assert ids == set(range(1, 49))


def test_parse_rooms_helper_matches_the_standard_layout_used_here() -> None:
    """Source: gah-data.md section 4a (standard side colours); guards the room choices of the tests above."""
    from engine.gah.cards import hotel_layouts

    colors = hotel_layouts()["standard"].colors
    assert [colors[space(r)] for r in ("1-3", "2-1", "3-1", "3-2", "3-4", "3-3")] == [
        "red", "yellow", "blue", "red", "yellow", "blue"]
    assert parse_rooms("1-1:O")[0] == OCCUPIED
