"""The six actions, serving, check-in, caps and the rulebook's worked examples (issue 2 "Rules";
rulebook 2015 "Take a Die and Carry Out the Action", "Additional Actions", "Example of a turn",
"Passing" (Andrea), "Occupancy Bonus" (Benedict))."""

from __future__ import annotations

from engine.gah.state import EMPTY, OCCUPIED, PREPARED
from tests.engine.scenario import fresh, play, texts, turn

BARONESS, KNIGHT, EARL, APOTHECARY, GOLDHAKEN, COMPOSER = 75, 65, 74, 77, 92, 51


# ----- worked examples ----------------------------------------------------------------------------------


def test_worked_example_doris_boosted_2_action_serves_and_checks_in_the_baroness() -> None:
    """Rulebook "Example of a turn": 3 dice on "2", pay 1 krone to boost, take 2 wine + 2 coffee onto the
    Baroness, move her into a prepared blue room: 5 VP, draw 3 staff and play one (3 less), and a 2 VP
    occupancy bonus for the last room of the group."""
    state = turn(dice=[0, 3, 0, 0, 0, 0], money=5, kitchen=[0, 0, 0, 0], rooms="1-1:P",
                 cafe=[(BARONESS, [0, 0, 0, 0]), (KNIGHT, [0, 0, 0, 0]), (EARL, [0, 0, 0, 0])])
    assert not any(t.startswith("guest") for t in texts(state))  # her café is full
    state, _ = play(state, "die 2 boost")
    assert state.players[0].money == 4
    assert "take 2 wine 2 coffee" in texts(state)
    state, _ = play(state, "take 2 wine 2 coffee", "put wine on table 1", "put wine on table 1",
                    "put coffee on table 1", "put coffee on table 1")
    assert state.players[0].cafe[0].served == [0, 0, 2, 2]
    state, _ = play(state, "checkin table 1 to room 1-1")
    player = state.players[0]
    assert player.rooms[0] == OCCUPIED
    assert player.vp_sources["guests"] == 5
    assert state.pending[-1].kind == "draw_play" and len(state.pending[-1].data["cards"]) == 3
    assert state.pending[-1].data["discount"] == 3
    assert "occupancy bonus" not in player.vp_sources  # the bonus comes after the reward
    state, _ = play(state, "play none")
    while state.pending[-1].kind == "return_cards":
        state, _ = play(state, texts(state)[0])
    assert state.players[0].vp_sources["occupancy bonus"] == 2
    assert state.players[0].vp == 7


def test_worked_example_andrea_passes_and_after_the_reroll_prepares_two_rooms() -> None:
    """Rulebook "Passing": Andrea passes, waits for the reroll, rolls "3" twice and prepares 2 rooms."""
    state = turn(dice=[1, 1, 0, 1, 0, 0], money=10, rooms="1-1:P")
    start_seat = state.current_index
    state, _ = play(state, "pass")
    while state.current_index != start_seat:
        state, _ = play(state, texts(state)[-1] if "end turn" in texts(state) else texts(state)[1])
        while state.current_index != start_seat and "end turn" not in texts(state):
            state, _ = play(state, texts(state)[-1])
        if state.current_index != start_seat:
            state, _ = play(state, "end turn")
    state.dice = [0, 0, 2, 0, 0, 0]
    fresh(state)
    state, _ = play(state, "die 3", "room 1-2", "room 2-1")
    rooms = state.players[start_seat].rooms  # type: ignore[index]
    assert rooms[1] == PREPARED and rooms[5] == PREPARED


def test_worked_example_benedict_fills_a_2_room_blue_group_for_5_vp() -> None:
    """Rulebook "Occupancy Bonus": the last room of a 2-room blue group gives 5 VP."""
    state = turn(dice=[1, 0, 0, 0, 0, 0], rooms="1-1:O 2-1:O 3-1:O 4-1:P", cafe=[(KNIGHT, [0, 0, 0, 1])])
    state, events = play(state, "checkin table 1 to room 4-1")
    player = state.players[0]
    assert player.vp_sources == {"guests": 3, "occupancy bonus": 5}
    assert any(e.kind == "occupancy_bonus" and e.data == {"color": "blue", "size": 2} for e in events)


def test_worked_example_three_1s_give_3_strudel_or_2_strudel_and_1_cake() -> None:
    """Rulebook action 1 example: never more cake than strudel."""
    state = turn(dice=[3, 0, 0, 0, 0, 0])
    state, _ = play(state, "die 1")
    assert texts(state) == ["take 3 strudel 0 cake", "take 2 strudel 1 cake"]


def test_worked_example_four_6s_copying_2_give_2_wine_and_2_coffee() -> None:
    """Rulebook action 6 example: pay 1 krone, use action 2 at the strength of space 6 (4 dice)."""
    state = turn(dice=[0, 1, 0, 0, 0, 4], money=3, kitchen=[0, 0, 0, 0])
    state, _ = play(state, "die 6")
    assert state.players[0].money == 2
    state, _ = play(state, "imitate 2", "take 2 wine 2 coffee")
    assert state.players[0].kitchen == [0, 0, 2, 2]


def test_worked_example_four_5s_pay_2_for_a_cost_6_card_or_nothing_for_cost_4() -> None:
    """Rulebook action 5 example: the cost drops by 1 per die; a cost-6 card costs 2, a cost-4 card is free."""
    state = turn(dice=[0, 0, 0, 0, 4, 0], money=5, hand=["Waitress", "Barkeeper"])
    state, _ = play(state, "die 5", "play Waitress")
    assert state.players[0].money == 3
    state = turn(dice=[0, 0, 0, 0, 4, 0], money=5, hand=["Waitress", "Barkeeper"])
    state, _ = play(state, "die 5", "play Barkeeper")
    assert state.players[0].money == 5


# ----- the actions -------------------------------------------------------------------------------------


def test_action_strength_counts_the_taken_die_and_boost_adds_one_for_a_krone() -> None:
    """Rulebook: the number of dice on the space (the taken die included); +1 for 1 krone once per turn."""
    state = turn(dice=[0, 0, 0, 2, 0, 0], money=4)
    state, _ = play(state, "die 4")
    assert texts(state)[0] == "emperor 2 krones 0"
    state = turn(dice=[0, 0, 0, 2, 0, 0], money=4)
    state, _ = play(state, "die 4 boost")
    assert texts(state)[0] == "emperor 3 krones 0"
    assert state.players[0].money == 3


def test_boost_needs_a_krone() -> None:
    state = turn(dice=[0, 0, 0, 2, 0, 0], money=0)
    assert "die 4" in texts(state) and "die 4 boost" not in texts(state)


def test_action_2_never_more_coffee_than_wine() -> None:
    state = turn(dice=[0, 4, 0, 0, 0, 0])
    state, _ = play(state, "die 2")
    assert texts(state) == ["take 4 wine 0 coffee", "take 3 wine 1 coffee", "take 2 wine 2 coffee"]


def test_action_3_prepares_adjacent_rooms_in_the_space_colour_paying_floor_costs() -> None:
    """Rulebook action 3: adjacent to a placed tile, matching colour, pay the floor cost (0/1/2/3)."""
    state = turn(dice=[0, 0, 3, 0, 0, 0], money=10, rooms="1-1:P")
    state, _ = play(state, "die 3")
    assert set(texts(state)) == {"room 1-2", "room 2-1", "stop preparing"}
    state, _ = play(state, "room 2-1", "room 3-1", "room 4-1")
    assert state.players[0].money == 10 - 1 - 2 - 3
    assert [state.players[0].rooms[s] for s in (5, 10, 15)] == [PREPARED] * 3


def test_action_3_badge_spaces_score_vp_when_prepared() -> None:
    """Rulebook action 3: a room on a space with printed VP scores them at once (floor 3 col 4-5: 1, floor 4
    col 3-5: 2)."""
    state = turn(dice=[0, 0, 2, 0, 0, 0], money=10, rooms="3-3:P")
    state, _ = play(state, "die 3", "room 3-4", "room 4-3")
    assert state.players[0].vp_sources == {"room badges": 3}


def test_action_3_unaffordable_rooms_are_not_offered() -> None:
    state = turn(dice=[0, 0, 1, 0, 0, 0], money=1, rooms="2-1:P")
    state, _ = play(state, "die 3")
    assert set(texts(state)) == {"room 1-1", "room 2-2", "stop preparing"}


def test_action_4_splits_strength_between_emperor_and_krones() -> None:
    state = turn(dice=[0, 0, 0, 3, 0, 0], money=2)
    state, _ = play(state, "die 4", "emperor 1 krones 2")
    assert (state.players[0].emperor, state.players[0].money) == (1, 4)


def test_action_5_cost_minus_strength_never_refunds() -> None:
    """Rulebook action 5: if the cost drops below 0 you get no money."""
    state = turn(dice=[0, 0, 0, 0, 5, 0], money=3, hand=["Stableman"])
    state, _ = play(state, "die 5", "play Stableman")
    assert state.players[0].money == 3 and state.players[0].played[-1] == 6


def test_action_5_plays_exactly_one_card_and_unaffordable_cards_are_not_offered() -> None:
    state = turn(dice=[0, 0, 0, 0, 1, 0], money=2, hand=["Waitress", "Tour Guide", "Stableman"])
    state, _ = play(state, "die 5")
    assert set(texts(state)) == {"play Tour Guide", "play Stableman", "skip"}
    state, _ = play(state, "play Tour Guide")
    assert "play Stableman" not in texts(state)


def test_action_6_costs_a_krone_and_uses_the_strength_of_space_6() -> None:
    state = turn(dice=[0, 0, 0, 1, 0, 2], money=1)
    assert "die 6" in texts(state) and "die 6 boost" not in texts(state)
    state, _ = play(state, "die 6", "imitate 4", "emperor 0 krones 2")
    assert state.players[0].money == 2


def test_action_6_is_not_offered_without_a_krone() -> None:
    state = turn(dice=[1, 0, 0, 0, 0, 2], money=0)
    assert "die 6" not in texts(state)


def test_received_items_go_onto_orders_or_into_the_kitchen_by_choice() -> None:
    """Rulebook: dishes and drinks you receive may go straight onto a guest's order; the rest to the kitchen."""
    state = turn(dice=[2, 0, 0, 0, 0, 0], kitchen=[0, 0, 0, 0], cafe=[(GOLDHAKEN, [0, 0, 0, 0])])
    state, _ = play(state, "die 1", "take 2 strudel 0 cake")
    assert set(texts(state)) == {"put strudel on table 1", "put rest in kitchen"}
    state, _ = play(state, "put rest in kitchen")
    assert state.players[0].kitchen == [2, 0, 0, 0] and state.players[0].cafe[0].served == [0, 0, 0, 0]


def test_items_nobody_needs_go_to_the_kitchen_without_asking() -> None:
    state = turn(dice=[2, 0, 0, 0, 0, 0], kitchen=[0, 0, 0, 0], cafe=[(COMPOSER, [0, 0, 0, 0])])
    state, _ = play(state, "die 1", "take 2 strudel 0 cake")
    assert state.players[0].kitchen == [2, 0, 0, 0]
    assert state.pending[-1].kind == "turn"


def test_serving_from_the_kitchen_moves_up_to_3_items_for_1_krone() -> None:
    """Rulebook "Additional Actions": pay 1 krone to move up to 3 dishes and drinks onto orders."""
    state = turn(dice=[1, 0, 0, 0, 0, 0], money=2, kitchen=[2, 2, 2, 2], cafe=[(89, [0, 0, 0, 0])])
    state, _ = play(state, "serve strudel to table 1", "serve strudel to table 1", "serve cake to table 1")
    assert state.players[0].money == 1
    assert state.players[0].cafe[0].served == [2, 1, 0, 0]
    assert state.pending[-1].kind == "turn"  # the batch of 3 is used up
    state, _ = play(state, "serve wine to table 1")
    assert state.players[0].money == 0


def test_serving_needs_a_krone() -> None:
    state = turn(dice=[1, 0, 0, 0, 0, 0], money=0, kitchen=[1, 0, 0, 0], cafe=[(GOLDHAKEN, [0, 0, 0, 0])])
    assert not any(t.startswith("serve") for t in texts(state))


def test_check_in_needs_a_complete_order_and_a_vacant_room_of_the_guest_colour() -> None:
    """Rulebook: guests move only into an unoccupied room of their colour; green guests take any colour."""
    state = turn(dice=[1, 0, 0, 0, 0, 0], rooms="1-1:P 1-2:P 1-3:P 1-4:O",
                 cafe=[(APOTHECARY, [0, 1, 0, 0]), (GOLDHAKEN, [1, 0, 0, 0]), (EARL, [0, 1, 0, 1])])
    options = [t for t in texts(state) if t.startswith("checkin")]
    assert options == ["checkin table 1 to room 1-3", "checkin table 2 to room 1-1", "checkin table 2 to room 1-2",
                       "checkin table 2 to room 1-3"]


def test_check_in_scores_vp_then_reward_then_staff_then_occupancy_bonus() -> None:
    """Yucata: benefits in the order guest VP and reward, staff triggers (here Custodian), occupancy bonus."""
    state = turn(dice=[1, 0, 0, 0, 0, 0], money=5, rooms="1-3:O 1-4:O 2-3:O 2-4:P", played=["Custodian"],
                 cafe=[(APOTHECARY, [0, 1, 0, 0])])
    state, events = play(state, "checkin table 1 to room 2-4")
    kinds = [e.kind for e in events]
    order = [kinds.index("checkin"), kinds.index("vp"), kinds.index("krones"), kinds.index("occupancy_bonus")]
    assert order == sorted(order)
    money_events = [e.data["amount"] for e in events if e.kind == "krones"]
    assert money_events == [1, 1, 10]  # reward, Custodian, red group of 4
    assert state.players[0].money == 17
    assert state.guest_discard[-1] == APOTHECARY


def test_money_is_capped_at_20_and_the_excess_is_lost() -> None:
    state = turn(dice=[0, 0, 0, 5, 0, 0], money=18)
    state, _ = play(state, "die 4", "emperor 0 krones 5")
    assert state.players[0].money == 20


def test_emperor_track_stops_at_13_and_each_step_beyond_scores_1_vp() -> None:
    state = turn(dice=[0, 0, 0, 4, 0, 0], emperor=11)
    state, _ = play(state, "die 4", "emperor 4 krones 0")
    assert state.players[0].emperor == 13
    assert state.players[0].vp_sources == {"emperor track overflow": 2}


def test_a_removed_room_can_be_prepared_again() -> None:
    state = turn(dice=[0, 0, 1, 0, 0, 0], rooms="1-1:P")
    state.players[0].rooms[0] = EMPTY
    fresh(state)
    state, _ = play(state, "die 3")
    assert texts(state) == ["room 1-1", "stop preparing"]
