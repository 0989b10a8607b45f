"""Emperor scoring and the twelve Emperor tiles A1-C4: each reward and each penalty, 2021 and 2015 rules.

Sources: rulebook 2015 "Emperor Scoring" and "Emperor Tiles" (rules/gah-rulebook-2015-en.txt); Lookout retail
appendix tile texts (gah-raw/MrIee_board-game-helpers__emperor_tiles.json) as summarised in
shared/reference/gah-data.md sections 5 and 7; 2021-vs-2015 differences from rules/gah-yucata-rules-and-variants.txt
("Original Rules variant": free choice of the "lose VP" alternative, C2 second room in the same column).

Each test builds a state in the round whose tile it tests (A: round 3, B: round 5, C: round 7) with no dice left,
sets `state.emperor_tiles`, and plays "end turn" until the Emperor scoring asks ann something or is over.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Event, GameState
from engine.gah.cards import emperor_thresholds
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, PlayerState
from tests.engine.scenario import fresh, play, staff_ids, texts, turn

NO_DICE = [0, 0, 0, 0, 0, 0]
TRACK_VP = (0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9)
RETREAT = {3: 3, 5: 5, 7: 7}
ROUND_OF_PILE = {"A": 3, "B": 5, "C": 7}


# ----- helpers -------------------------------------------------------------------------------------------


def ann(state: GameState) -> PlayerState:
    """The player whose Emperor scoring each test looks at (seat 0)."""
    return state.players[0]


def space(name: str) -> int:
    """Room index of "floor-column"."""
    floor, column = (int(x) for x in name.split("-"))
    return (floor - 1) * 5 + column - 1


def tile_vp(state: GameState) -> int:
    """VP ann gained or lost from Emperor tiles."""
    return ann(state).vp_sources.get("Emperor tiles", 0)


def scoring_vp(state: GameState) -> int:
    """VP ann scored for her Emperor track position."""
    return ann(state).vp_sources.get("Emperor scoring", 0)


def before_scoring(
    tile: str, *, emperor: int | None = None, outcome: str | None = None, round_number: int | None = None,
    edition: str = "2021", **options: Any,
) -> GameState:
    """Ann on turn in the last (dice-less) turn of the round whose Emperor scoring uses `tile`.

    Give ann's track position as `emperor`, or `outcome` "reward" (she ends on space 3) or "penalty" (space 0).
    Bob ends on space 1, which gives him neither reward nor penalty. No politics cards are in play.
    """
    round_number = round_number or ROUND_OF_PILE[tile[0]]
    retreat = RETREAT[round_number]
    if emperor is None:
        emperor = retreat + 3 if outcome == "reward" else 0
    state = turn(round_number=round_number, dice=NO_DICE, emperor=emperor, edition=edition, **options)
    state.players[1].emperor = retreat + 1
    tiles = ["A1", "B1", "C1"]
    tiles[(3, 5, 7).index(round_number)] = tile
    state.emperor_tiles = tiles
    state.politics = []
    state.politics_claims = []
    return fresh(state)


def to_scoring(state: GameState) -> tuple[GameState, list[Event]]:
    """Play "end turn" until the Emperor scoring asks a question or is over (next round started or game over)."""
    number = state.round
    events: list[Event] = []
    while state.phase == "play" and state.round == number:
        state, new = play(state, "end turn")
        events.extend(new)
    return state, events


def score(tile: str, **options: Any) -> GameState:
    """`before_scoring(...)` played through to the Emperor scoring."""
    return to_scoring(before_scoring(tile, **options))[0]


def asks_ann(state: GameState) -> bool:
    """True when the game waits for ann's answer during an Emperor scoring."""
    return state.phase == "emperor" and state.current_player == "ann"


def finished(state: GameState) -> bool:
    """True once the Emperor scoring is over (a new round is under way, or the game ended after round 7)."""
    return state.is_over or (state.phase == "play" and state.round in (4, 6))


def stack_deck(state: GameState, *names: str) -> GameState:
    """Put the named staff cards on top of the staff deck, `names[0]` on the very top (drawn first)."""
    ids = staff_ids(*names)
    for player in state.players:
        player.hand = [c for c in player.hand if c not in ids]
    state.staff_deck = [c for c in state.staff_deck if c not in ids] + list(reversed(ids))
    return fresh(state)


# ----- the Emperor scoring itself --------------------------------------------------------------------------


@pytest.mark.parametrize("position", range(14))
def test_emperor_scoring_vp_follow_the_track_values(position: int) -> None:
    """Source: gah-data.md section 5 (VP below spaces 0-13: 0,1,2,3,3,4,4,5,5,6,6,7,8,9, scored before retreating);
    rulebook 2015 "Emperor Scoring"."""
    state = score("C1", emperor=position, round_number=3)
    assert scoring_vp(state) == TRACK_VP[position]


@pytest.mark.parametrize(("round_number", "start", "end"), [(3, 10, 7), (5, 10, 5), (7, 10, 3), (3, 2, 0), (7, 6, 0)])
def test_emperor_scoring_retreats_3_5_7_spaces_after_rounds_3_5_7(round_number: int, start: int, end: int) -> None:
    """Source: rulebook 2015 "Emperor Scoring" (move back 3, 5 and 7 spaces after the first, second and third
    scoring); gah-data.md section 5 (floor at 0)."""
    state = score("C3", emperor=start, round_number=round_number)
    assert ann(state).emperor == end


@pytest.mark.parametrize(
    ("start", "tile_result"),
    [(13, 8), (6, 8), (5, 0), (4, 0), (3, -8), (1, -8), (0, -8)],
)
def test_emperor_reward_at_3_or_more_after_retreat_penalty_at_0_nothing_at_1_or_2(start: int, tile_result: int) -> None:
    """Source: rulebook 2015 "Emperor Scoring" (yellow area, space 3 or more, after moving back: bonus; space 0:
    penalty; space 1 or 2: neither); gah-data.md section 5. Tile C1 (+8 / -8 VP) in round 3 (retreat 3)."""
    state = score("C1", emperor=start, round_number=3)
    assert tile_vp(state) == tile_result
    assert ann(state).vp == TRACK_VP[start] + tile_result  # VP may go negative


@pytest.mark.parametrize("round_number", [3, 5, 7])
def test_emperor_thresholds_name_the_spaces_before_the_scoring_that_bring_reward_and_penalty(round_number: int) -> None:
    """`engine.gah.cards.emperor_thresholds` (what the board picture, `/gah card` and the rules page tell before a
    scoring) agrees with the scoring itself on every space 0-13: the marker moves back 3/5/7 spaces first, so after
    round 3 space 6 or higher earns the reward and space 3 or lower brings the penalty (issue 52 item 6: a player on
    space 2 read "1-2: nothing" and got the penalty). Tile C1 (+8 / -8 VP)."""
    penalty_at_most, reward_from = emperor_thresholds(round_number)
    assert (penalty_at_most, reward_from) == (round_number, round_number + 3)
    for start in range(14):
        result = tile_vp(score("C1", emperor=start, round_number=round_number))
        expected = 8 if start >= reward_from else -8 if start <= penalty_at_most else 0
        assert result == expected, (round_number, start, result)


def test_emperor_scoring_happens_only_after_rounds_3_5_and_7() -> None:
    """Source: rulebook 2015 "Course of Play" (Emperor Scoring at the end of rounds 3, 5 and 7)."""
    for round_number in (1, 2, 4, 6):
        state = turn(round_number=round_number, dice=NO_DICE, emperor=9)
        state, events = to_scoring(state)
        assert state.round == round_number + 1
        assert ann(state).emperor == 9 and not any(e.kind == "emperor_scoring" for e in events)


def test_emperor_scoring_goes_in_turn_order_and_scores_every_player() -> None:
    """Source: rulebook 2015 "Emperor Scoring" (each player scores); Yucata: the scoring goes in the turn order of
    the round just completed. Bob (tile 1) scores before ann (tile 2)."""
    state = before_scoring("C1", emperor=6, round_number=3)
    state.players[1].emperor = 3
    state, events = to_scoring(fresh(state))
    retreats = [e.player for e in events if e.kind == "emperor_retreat"]
    assert retreats == ["bob", "ann"]
    assert state.players[1].vp_sources.get("Emperor tiles") == -8 and tile_vp(state) == 8


# ----- A1: krones ------------------------------------------------------------------------------------------


def test_emperor_a1_reward_gives_3_krones() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile A1 (reward: +3 krones); money cap 20."""
    assert ann(score("A1", outcome="reward", money=10)).money == 13
    assert ann(score("A1", outcome="reward", money=19)).money == 20


def test_emperor_a1_penalty_takes_3_krones_or_5_vp_when_short_2021() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile A1 ("Lose 3 krones. If you have less than
    3 krones, lose 5 VP instead"); Yucata: the VP alternative only if the krones cannot be paid in full."""
    state = score("A1", outcome="penalty", money=10)
    assert (ann(state).money, ann(state).vp) == (7, 0)
    state = score("A1", outcome="penalty", money=3)
    assert (ann(state).money, ann(state).vp) == (0, 0)
    state = score("A1", outcome="penalty", money=2)
    assert (ann(state).money, ann(state).vp) == (2, -5)


def test_emperor_a1_penalty_is_a_free_choice_in_2015() -> None:
    """Source: rulebook 2015 tile texts ("You lose either ... krones or ... Victory Points"); Yucata Original Rules
    variant ("you can choose either alternate")."""
    state = score("A1", outcome="penalty", money=10, edition="2015")
    assert asks_ann(state) and texts(state) == ["take the penalty", "lose 5 VP instead"]
    krones, _ = play(state, "take the penalty")
    assert (ann(krones).money, ann(krones).vp) == (7, 0)
    vp, _ = play(state, "lose 5 VP instead")
    assert (ann(vp).money, ann(vp).vp) == (10, -5)
    state = score("A1", outcome="penalty", money=2, edition="2015")  # the krones cannot be paid: no choice
    assert finished(state) and (ann(state).money, ann(state).vp) == (2, -5)


# ----- A2: two items of choice / kitchen returned -----------------------------------------------------------


def test_emperor_a2_reward_gives_two_dishes_or_drinks_of_choice() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile A2 ("2 dishes and/or drinks of your
    choice. You can place them on guests as normal")."""
    earl = [(74, [0, 0, 0, 0])]  # 1 cake + 2 coffee
    state = score("A2", outcome="reward", kitchen=[0, 0, 0, 0], cafe=earl)
    assert asks_ann(state) and texts(state) == ["item strudel", "item cake", "item wine", "item coffee"]
    state, _ = play(state, "item coffee", "put coffee on table 1", "item wine")
    assert finished(state)
    assert ann(state).cafe[0].served == [0, 0, 0, 1] and ann(state).kitchen == [0, 0, 1, 0]


def test_emperor_a2_penalty_returns_the_kitchen_but_not_the_cafe() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile A2 ("Return all dishes and drinks in your
    kitchen to the supply")."""
    state = score("A2", outcome="penalty", kitchen=[2, 1, 3, 1], cafe=[(74, [0, 1, 0, 1])])
    assert ann(state).kitchen == [0, 0, 0, 0]
    assert ann(state).cafe[0].served == [0, 1, 0, 1]


# ----- A3 / B3: staff from the deck / staff returned -------------------------------------------------------


def test_emperor_a3_reward_draws_3_staff_and_plays_one_3_krones_cheaper() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile A3 (draw 3, play one paying up to 3 krones
    less, the other two to the bottom of the deck in an order of your choice)."""
    state = stack_deck(before_scoring("A3", outcome="reward", money=2), "Butler", "Waitress", "Stableman")
    state, _ = to_scoring(state)
    assert asks_ann(state)
    assert texts(state) == ["play Butler", "play Stableman", "play none"]  # Waitress: 6 - 3 = 3 > 2 krones
    state, _ = play(state, "play Butler")
    assert ann(state).money == 0 and staff_ids("Butler")[0] in ann(state).played
    assert texts(state) == ["bottom Waitress", "bottom Stableman"]
    state, _ = play(state, "bottom Stableman")
    assert finished(state)
    assert state.staff_deck[:2] == staff_ids("Waitress", "Stableman")
    assert staff_ids("Waitress")[0] not in ann(state).hand


def test_emperor_a3_reward_may_play_none_and_return_all_three() -> None:
    """Source: Lookout retail appendix note on tile A3 ("If you cannot afford or do not want to play any of them,
    return all three to the bottom of the deck")."""
    state = stack_deck(before_scoring("A3", outcome="reward", money=2), "Butler", "Waitress", "Stableman")
    state, _ = play(to_scoring(state)[0], "play none", "bottom Butler", "bottom Waitress")
    assert finished(state) and sorted(state.staff_deck[:3]) == sorted(staff_ids("Butler", "Waitress", "Stableman"))
    assert ann(state).money == 2


def test_emperor_a3_penalty_returns_2_staff_from_hand_or_5_vp_when_short_2021() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile A3 ("Return 2 staff cards from hand to the
    bottom of the deck. If you have less than 2 staff cards in hand, lose 5 VP instead")."""
    state = score("A3", outcome="penalty", hand=["Butler", "Chef", "Barkeeper"])
    assert asks_ann(state) and texts(state) == ["return Butler", "return Chef", "return Barkeeper"]
    state, _ = play(state, "return Butler", "return Chef")
    assert finished(state) and ann(state).hand == staff_ids("Barkeeper") and ann(state).vp == 0
    assert sorted(state.staff_deck[:2]) == sorted(staff_ids("Butler", "Chef"))
    state = score("A3", outcome="penalty", hand=["Butler"])
    assert finished(state) and ann(state).hand == staff_ids("Butler") and ann(state).vp == -5


def test_emperor_b3_reward_draws_3_staff_and_plays_one_free() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile B3 (draw 3, play one at no cost, the other
    two to the bottom of the deck)."""
    state = stack_deck(before_scoring("B3", outcome="reward", money=0), "Waitress", "Delivery Boy", "Sous-Chef")
    state, _ = to_scoring(state)
    assert texts(state) == ["play Waitress", "play Delivery Boy", "play Sous-Chef", "play none"]
    state, _ = play(state, "play Delivery Boy", "bottom Waitress")
    assert finished(state) and ann(state).money == 0
    assert staff_ids("Delivery Boy")[0] in ann(state).played
    assert sorted(state.staff_deck[:2]) == sorted(staff_ids("Waitress", "Sous-Chef"))


def test_emperor_b3_penalty_returns_3_staff_from_hand_or_7_vp_when_short_2021() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile B3 ("Return 3 staff cards from hand ... If
    you have less than 3 staff cards in hand, lose 7 VP instead")."""
    state = score("B3", outcome="penalty", hand=["Butler", "Chef", "Barkeeper"])
    state, _ = play(state, "return Chef", "return Butler", "return Barkeeper")
    assert finished(state) and ann(state).hand == [] and ann(state).vp == 0
    state = score("B3", outcome="penalty", hand=["Butler", "Chef"])
    assert finished(state) and ann(state).hand == staff_ids("Butler", "Chef") and ann(state).vp == -7


# ----- A4 / B4: rooms --------------------------------------------------------------------------------------


def test_emperor_a4_reward_prepares_one_room_free_on_any_floor() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile A4 ("You can prepare one room at no
    cost"); Yucata: following the room preparation rules."""
    state = score("A4", outcome="reward", money=0, rooms="1-1:O 2-1:O 3-1:O")
    assert asks_ann(state) and texts(state) == ["room 1-2", "room 2-2", "room 3-2", "room 4-1", "stop preparing"]
    state, _ = play(state, "room 4-1")  # floor 4 normally costs 3
    assert finished(state) and ann(state).money == 0 and ann(state).rooms[space("4-1")] == PREPARED


def test_emperor_a4_penalty_removes_a_vacant_room_from_the_highest_floor_or_5_vp() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile A4 ("Remove one vacant room from your
    hotel, from as high a floor as possible. If you do not have a vacant room, lose 5 VP instead")."""
    rooms = "1-1:O 1-2:P 2-1:O 3-1:P 2-2:P 3-2:P 4-1:O"
    state = score("A4", outcome="penalty", rooms=rooms)
    assert asks_ann(state) and texts(state) == ["remove room 3-1", "remove room 3-2"]
    state, _ = play(state, "remove room 3-2")
    assert finished(state) and ann(state).rooms[space("3-2")] == EMPTY and ann(state).vp == 0
    assert ann(state).rooms[space("4-1")] == OCCUPIED  # occupied rooms are never taken, however high
    state = score("A4", outcome="penalty", rooms="1-1:O 2-1:O")
    assert finished(state) and ann(state).vp == -5 and ann(state).rooms[space("2-1")] == OCCUPIED


def test_emperor_b4_reward_prepares_and_occupies_a_free_room_on_floor_1_or_2() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile B4 (prepare one room at no cost and turn it
    to the occupied side, in the bottom two floors; nothing if they are full)."""
    state = score("B4", outcome="reward", money=0, rooms="1-1:O 2-1:O 3-1:O")
    assert asks_ann(state) and texts(state) == ["room 1-2", "room 2-2", "stop preparing"]
    state, _ = play(state, "room 2-2")  # floor 2 normally costs 1
    assert finished(state) and ann(state).money == 0 and ann(state).rooms[space("2-2")] == OCCUPIED
    full = "1-1:O 1-2:O 1-3:O 1-4:O 1-5:O 2-1:O 2-2:O 2-3:O 2-4:O 2-5:P 3-1:O"
    state = score("B4", outcome="reward", money=0, rooms=full)
    assert finished(state) and ann(state).rooms[space("3-2")] == EMPTY


def test_emperor_b4_penalty_removes_two_vacant_rooms_from_the_highest_floors_or_7_vp() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile B4 ("Remove two vacant rooms from your
    hotel, each from as high a floor as possible. If you have at most one vacant room, lose 7 VP instead")."""
    rooms = "1-1:O 1-2:P 2-1:O 2-2:P 3-1:P 4-1:O"
    state = score("B4", outcome="penalty", rooms=rooms)
    assert asks_ann(state) and texts(state) == ["remove room 3-1"]
    state, _ = play(state, "remove room 3-1")
    assert texts(state) == ["remove room 2-2"]  # then the next highest vacant room
    state, _ = play(state, "remove room 2-2")
    assert finished(state) and ann(state).vp == 0
    assert [ann(state).rooms[space(r)] for r in ("3-1", "2-2", "1-2")] == [EMPTY, EMPTY, PREPARED]
    state = score("B4", outcome="penalty", rooms="1-1:O 1-2:P 2-1:O")
    assert finished(state) and ann(state).vp == -7 and ann(state).rooms[space("1-2")] == PREPARED


# ----- B1 / B2 ----------------------------------------------------------------------------------------------


def test_emperor_b1_reward_gives_one_of_each_dish_and_drink() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile B1 (+1 strudel, cake, wine, coffee)."""
    state = score("B1", outcome="reward", kitchen=[0, 2, 0, 0])
    assert finished(state) and ann(state).kitchen == [1, 3, 1, 1]


def test_emperor_b1_penalty_returns_the_kitchen_and_the_cafe_orders() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile B1 ("Return all dishes and drinks in your
    kitchen and on guest cards in your café to the supply"); the guests stay."""
    state = score("B1", outcome="penalty", kitchen=[2, 1, 3, 1], cafe=[(74, [0, 1, 0, 1]), (77, [0, 1, 0, 0])])
    assert ann(state).kitchen == [0, 0, 0, 0]
    assert [(t.guest, t.served) for t in ann(state).cafe[:2]] == [(74, [0, 0, 0, 0]), (77, [0, 0, 0, 0])]


def test_emperor_b2_reward_gives_5_krones() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile B2 (reward: +5 krones)."""
    assert ann(score("B2", outcome="reward", money=10)).money == 15


def test_emperor_b2_penalty_takes_5_krones_or_7_vp_when_short_2021() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile B2 ("Lose 5 krones. If you have less than
    5 krones, lose 7 VP instead")."""
    state = score("B2", outcome="penalty", money=5)
    assert (ann(state).money, ann(state).vp) == (0, 0)
    state = score("B2", outcome="penalty", money=4)
    assert (ann(state).money, ann(state).vp) == (4, -7)


# ----- C1 - C4 ----------------------------------------------------------------------------------------------


def test_emperor_c1_reward_gives_8_vp() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C1 ("Score 8 VP")."""
    state = score("C1", outcome="reward")
    assert state.is_over and tile_vp(state) == 8


def test_emperor_c1_penalty_takes_8_vp() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C1 ("Lose 8 VP"); VP may go negative."""
    state = score("C1", outcome="penalty")
    assert state.is_over and tile_vp(state) == -8 and ann(state).vp == -8


def test_emperor_c2_reward_prepares_and_occupies_a_free_room_with_occupancy_bonus() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C2 (prepare one room at no cost and occupy
    it; "You do get the occupancy bonus if you complete a group with this")."""
    state = score("C2", outcome="reward", money=0, rooms="1-1:O 2-1:O 3-1:O")
    assert asks_ann(state) and "room 4-1" in texts(state)
    state, _ = play(state, "room 4-1")  # completes the blue group 3-1/4-1: 5 VP
    assert state.is_over and ann(state).money == 0 and ann(state).rooms[space("4-1")] == OCCUPIED
    assert ann(state).vp_sources.get("occupancy bonus") == 5


# Occupied: 1-1, 2-3, 3-1, 3-3 (floors 1, 2, 3, 3); column 1 has 1-1 and 3-1, column 3 has 2-3 and 3-3.
C2_ROOMS = "1-1:O 1-2:P 2-1:P 2-3:O 1-3:O 3-1:O 3-3:O"


def test_emperor_c2_penalty_2021_highest_floor_then_next_lower_floor_any_column() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C2 (an occupied room from the highest
    possible floor and, if possible, a second from the next highest floor, same or different column); Yucata
    ("remove one occupied room from each of the two highest floors that contain at least one occupied room")."""
    state = score("C2", outcome="penalty", rooms=C2_ROOMS)
    assert asks_ann(state) and texts(state) == ["remove room 3-1", "remove room 3-3"]
    state, _ = play(state, "remove room 3-1")
    assert texts(state) == ["remove room 2-3"]  # floor 2, although column 1 has 1-1 below
    state, _ = play(state, "remove room 2-3")
    assert state.is_over
    rooms = ann(state).rooms
    assert [rooms[space(r)] for r in ("3-1", "2-3", "3-3", "1-1", "1-3")] == [EMPTY, EMPTY, OCCUPIED, OCCUPIED,
                                                                               OCCUPIED]


def test_emperor_c2_penalty_2015_second_room_in_the_same_column() -> None:
    """Source: rulebook 2015 tile C2 ("the occupied room in the highest possible row and the next possible room
    below it"); Yucata Original Rules variant ("the two rooms must be in the same column"); retail appendix note 3."""
    state = score("C2", outcome="penalty", rooms=C2_ROOMS, edition="2015")
    assert texts(state) == ["remove room 3-1", "remove room 3-3"]
    state, _ = play(state, "remove room 3-1")
    assert texts(state) == ["remove room 1-1"]  # the next occupied room below, in column 1
    state, _ = play(state, "remove room 1-1")
    assert state.is_over and ann(state).rooms[space("2-3")] == OCCUPIED


def test_emperor_c2_penalty_second_room_skips_floors_without_occupied_rooms() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C2 ("a second occupied room from the next
    highest possible floor"): floor 2 has none here, so the second room comes from floor 1."""
    state = score("C2", outcome="penalty", rooms="1-1:O 1-3:O 2-1:P 3-1:O")
    state, _ = play(state, "remove room 3-1")
    assert texts(state) == ["remove room 1-1", "remove room 1-3"]
    state, _ = play(state, "remove room 1-3")
    assert state.is_over and [ann(state).rooms[space(r)] for r in ("1-1", "1-3", "3-1")] == [OCCUPIED, EMPTY, EMPTY]


def test_emperor_c2_penalty_takes_only_one_room_when_no_lower_floor_has_one() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C2 ("... and, if possible, a second ...")."""
    state = score("C2", outcome="penalty", rooms="1-1:O 1-2:O 2-1:P")
    assert texts(state) == ["remove room 1-1", "remove room 1-2"]
    state, _ = play(state, "remove room 1-2")
    assert state.is_over and ann(state).rooms[space("1-1")] == OCCUPIED and ann(state).vp == 0
    state = score("C2", outcome="penalty", rooms="1-1:P")  # nothing occupied: nothing to remove, no VP lost
    assert state.is_over and ann(state).rooms[0] == PREPARED and tile_vp(state) == 0


def test_emperor_c3_reward_gives_2_vp_per_staff_played() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C3 ("Score 2 VP for each staff card you
    played (regardless of type)")."""
    state = score("C3", outcome="reward", played=["Butler", "Chef", "Concierge", "Barkeeper"], hand=["Waitress"])
    assert tile_vp(state) == 8


def test_emperor_c3_penalty_takes_2_vp_per_staff_played() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C3 (lose 2 VP for each staff card played)."""
    state = score("C3", outcome="penalty", played=["Butler", "Chef", "Concierge"], hand=["Waitress"])
    assert tile_vp(state) == -6


def test_emperor_c4_reward_plays_a_staff_card_from_hand_free() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C4 ("You can play a staff card from hand at
    no cost")."""
    state = score("C4", outcome="reward", money=0, hand=["Waitress", "Concierge"])
    assert asks_ann(state) and texts(state) == ["play Waitress", "play Concierge", "skip"]
    state, _ = play(state, "play Concierge")
    assert state.is_over and ann(state).money == 0 and staff_ids("Concierge")[0] in ann(state).played


def test_emperor_c4_penalty_discards_a_game_end_staff_or_10_vp() -> None:
    """Source: Lookout retail appendix via gah-data.md section 7, tile C4 ("Remove a staff card with the game-end
    symbol from your display. If you do not have any ... in play, lose 10 VP instead")."""
    state = score("C4", outcome="penalty", played=["Concierge", "Butler", "Operator"])
    assert asks_ann(state) and texts(state) == ["discard Concierge", "discard Operator"]
    state, _ = play(state, "discard Operator")
    assert state.is_over and ann(state).played == staff_ids("Concierge", "Butler") and ann(state).vp == 0
    assert staff_ids("Operator")[0] in state.staff_discard
    state = score("C4", outcome="penalty", played=["Butler", "Chef"])
    assert state.is_over and ann(state).vp == -10 and ann(state).played == staff_ids("Butler", "Chef")


# ----- the "lose VP" alternative: 2021 versus 2015 --------------------------------------------------------

# Tile, holdings that let ann suffer the first penalty in full, and the VP of the alternative.
ALTERNATIVES: list[tuple[str, dict[str, Any], int]] = [
    ("A1", {"money": 3}, 5),
    ("A3", {"hand": ["Butler", "Chef"]}, 5),
    ("A4", {"rooms": "1-1:O 1-2:P"}, 5),
    ("B2", {"money": 5}, 7),
    ("B3", {"hand": ["Butler", "Chef", "Barkeeper"]}, 7),
    ("B4", {"rooms": "1-1:O 1-2:P 2-1:P"}, 7),
    ("C4", {"played": ["Concierge"]}, 10),
]


@pytest.mark.parametrize(("tile", "holdings", "vp"), ALTERNATIVES)
def test_emperor_penalty_vp_alternative_only_when_the_penalty_cannot_be_suffered_2021(
    tile: str, holdings: dict[str, Any], vp: int
) -> None:
    """Source: Yucata 2021 changes ("Emperor A1, A3, A4, B2, B3, B4 and C4 penalties: the player must suffer the
    alternate penalty if he is able to"); retail appendix tile texts ("If you have less than ..., lose ... VP
    instead")."""
    state = score(tile, outcome="penalty", **holdings)
    assert not any(t.startswith("lose ") for t in texts(state))
    while state.phase == "emperor":  # answer the penalty's questions (which card, which room)
        state, _ = play(state, texts(state)[0])
    assert tile_vp(state) == 0


@pytest.mark.parametrize(("tile", "holdings", "vp"), ALTERNATIVES)
def test_emperor_penalty_vp_alternative_is_a_free_choice_2015(tile: str, holdings: dict[str, Any], vp: int) -> None:
    """Source: Yucata Original Rules variant ("For the Original Rules variant you can choose either alternate");
    rulebook 2015 tile texts ("You must either ... or lose ... Victory Points")."""
    state = score(tile, outcome="penalty", edition="2015", **holdings)
    assert asks_ann(state) and texts(state) == ["take the penalty", f"lose {vp} VP instead"]
    before = ann(state)
    state, _ = play(state, f"lose {vp} VP instead")
    after = ann(state)
    assert tile_vp(state) == -vp
    assert (after.money, after.hand, after.rooms, after.played) == (before.money, before.hand, before.rooms,
                                                                    before.played)
