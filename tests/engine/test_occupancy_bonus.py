"""The occupancy bonus is a property of the group: paid once, in the moment its last room is turned (issue 39).

Sources: rulebook 2015, "Occupancy Bonus" ("Each group provides its bonus only once, in the moment you turn the
last Room tile in that group"; "You can trigger the bonus when receiving a reward from a guest that lets you
turn a Room tile"); rules/gah-yucata-rules-and-variants.txt, "Occupancy Bonus" (the check-in's order: the
guest's reward, the staff triggers, then the bonus; "If a room in the group later becomes unoccupied (due to an
emperor penalty) and then you occupy it again, you receive the bonus again"); Let's Waltz player aid, Chateau
Paulwei ("Replaces the occupancy bonus charts on your hotel board").

Standard hotel side, groups used here: red 1-3/1-4/2-3/2-4 (4 rooms: 10 krones), yellow 1-2/2-1/2-2 (3 rooms:
6 Emperor steps).
"""

from __future__ import annotations

from engine import Event, GameState
from engine.gah.behaviours import run_row
from engine.gah.cards import emperor_tiles, hotel_layouts
from engine.gah.context import Ctx
from engine.gah.state import EMPTY
from tests.engine.scenario import fresh, play, turn

SENIOR_COUNCILLOR, VOCALIST, ACTRESS = 82, 56, 58
"""Red, reward "occupy 1 room"; yellow, reward 1 cake and a staff card for 3 krones less; yellow, "occupy 1 room"."""
RED_GROUP = ("1-3", "1-4", "2-3", "2-4")
CHATEAU, STROUP = 1, 7
"""Let's Waltz module 3 hotel entrances: Chateau Paulwei (its own occupancy table: a red group of 4 gives 13) and
Stroup (the first room of a red group: 2 krones)."""


def bonuses(events: list[Event]) -> list[dict[str, object]]:
    """The data of every occupancy bonus paid in `events`."""
    return [event.data for event in events if event.kind == "occupancy_bonus"]


def group_index(*rooms: str) -> int:
    """The standard side's group index holding exactly these rooms ("floor-column")."""
    spaces = tuple(sorted((int(r[0]) - 1) * 5 + int(r[2]) - 1 for r in rooms))
    return hotel_layouts()["standard"].groups.index(spaces)


def senior_councillor_checks_in(**options: object) -> tuple[GameState, list[Event]]:
    """The issue's 3-player case: Senior Councillor into 2-3, his reward occupies 2-4, the red group's last room."""
    state = turn(0, players=3, cafe=[(SENIOR_COUNCILLOR, [0, 1, 1, 1])], rooms="1-3:O 1-4:O 2-3:P 2-4:P",
                 money=0, **options)  # type: ignore[arg-type]
    return play(state, "checkin table 1 to room 2-3", "occupy room 2-4")


def test_each_group_pays_its_occupancy_bonus_only_once_senior_councillor_reward_fills_the_group() -> None:
    """Rulebook 2015, "Occupancy Bonus": the reward turns the group's last room, so the bonus comes then, and the
    check-in's own late check (Yucata order) pays nothing more."""
    state, events = senior_councillor_checks_in()
    assert bonuses(events) == [{"color": "red", "size": 4}]
    assert state.players[0].money == 10
    assert state.players[0].paid_groups == [group_index(*RED_GROUP)]


def test_each_group_pays_its_occupancy_bonus_only_once_check_in_to_the_last_room() -> None:
    """Rulebook 2015, "Occupancy Bonus": the guest moved into the last room pays the bonus once, after the reward
    (Yucata order), also when the reward occupies a room of another group."""
    state = turn(0, players=3, cafe=[(SENIOR_COUNCILLOR, [0, 1, 1, 1])], rooms="1-3:O 1-4:O 2-3:O 2-4:P 1-1:P",
                 money=0)
    state, events = play(state, "checkin table 1 to room 2-4", "occupy room 1-1")
    assert bonuses(events) == [{"color": "blue", "size": 1}, {"color": "red", "size": 4}]
    assert state.players[0].money == 10 and state.players[0].vp_sources["occupancy bonus"] == 2


def test_each_group_pays_its_occupancy_bonus_only_once_page_boy_hired_by_a_check_in_reward() -> None:
    """Rulebook 2015, "Occupancy Bonus" and staff 35 Page Boy (occupy 2 rooms): the Vocalist's reward hires the
    Page Boy, who turns the yellow group's last room inside the check-in; 6 Emperor steps, once."""
    state = turn(0, cafe=[(VOCALIST, [1, 0, 2, 0])], rooms="1-2:O 2-1:P 2-2:P 2-3:P", money=0, emperor=0,
                 hand=["Page Boy"])
    state, events = play(state, "checkin table 1 to room 2-1", "play Page Boy", "occupy room 2-2",
                         "occupy room 2-3")
    assert bonuses(events) == [{"color": "yellow", "size": 3}]
    assert state.players[0].emperor == 6


def test_each_group_pays_its_occupancy_bonus_only_once_with_the_custodian() -> None:
    """Rulebook 2015, "Occupancy Bonus"; staff 23 Custodian (2021: 1 krone per room occupied by any means): the
    Actress's reward fills the yellow group; the Custodian pays for both rooms, the group once."""
    state = turn(0, cafe=[(ACTRESS, [0, 0, 3, 1])], rooms="1-2:O 2-1:P 2-2:P", money=0, emperor=0,
                 played=["Custodian"])
    state, events = play(state, "checkin table 1 to room 2-1", "occupy room 2-2")
    assert bonuses(events) == [{"color": "yellow", "size": 3}]
    assert state.players[0].emperor == 6 and state.players[0].money == 2


def test_each_group_pays_its_occupancy_bonus_only_once_emperor_tile_reward_turns_the_last_room() -> None:
    """Yucata, "Occupancy Bonus" ("You can trigger the occupancy bonus when receiving an emperor tile bonus");
    Emperor tile C2 reward: prepare a room for free and occupy it at once."""
    state = turn(0, rooms="1-3:O 1-4:O 2-3:O", money=0)
    ctx = Ctx(state)
    run_row(ctx, 0, emperor_tiles()["C2"].reward, "Emperor tile C2")
    state, events = play(fresh(state), "room 2-4")
    assert bonuses(events) == [{"color": "red", "size": 4}] and state.players[0].money == 10


def refill_after_c2_penalty(edition: str) -> tuple[GameState, list[Event]]:
    """The red group filled (bonus paid), Emperor tile C2's penalty removes 2-4 and 1-4, then two C2 rewards
    prepare and occupy them again."""
    state, first = senior_councillor_checks_in(edition=edition)
    assert bonuses(first) == [{"color": "red", "size": 4}]
    ctx = Ctx(state)
    run_row(ctx, 0, emperor_tiles()["C2"].penalty, "Emperor tile C2")
    state, events = play(fresh(state), "remove room 2-4", "remove room 1-4")
    assert state.players[0].rooms[8] == state.players[0].rooms[3] == EMPTY
    for room in ("1-4", "2-4"):
        run_row(Ctx(state), 0, emperor_tiles()["C2"].reward, "Emperor tile C2")
        state, more = play(fresh(state), f"room {room}")
        events += more
    return state, events


def test_occupancy_bonus_again_after_an_emperor_penalty_emptied_the_group_2021() -> None:
    """Yucata, "Occupancy Bonus" (2021 rules): "If a room in the group later becomes unoccupied (due to an emperor
    penalty) and then you occupy it again, you receive the bonus again" - once more, when the last room is
    turned again, not for each room."""
    state, events = refill_after_c2_penalty("2021")
    assert bonuses(events) == [{"color": "red", "size": 4}]
    assert state.players[0].money == 20 and state.players[0].paid_groups == [group_index(*RED_GROUP)]


def test_occupancy_bonus_only_once_per_game_even_after_an_emperor_penalty_2015() -> None:
    """Rulebook 2015, "Occupancy Bonus": "Each group provides its bonus only once" - under the 2015 rules a group
    refilled after an Emperor penalty pays nothing more."""
    state, events = refill_after_c2_penalty("2015")
    assert bonuses(events) == []
    assert state.players[0].money == 10 and state.players[0].paid_groups == [group_index(*RED_GROUP)]


def owning(entrance: int, rooms: str) -> GameState:
    """The Senior Councillor seated in a 3-player module-3 game where seat 0 owns `entrance` (nobody else one)."""
    state = turn(0, players=3, cafe=[(SENIOR_COUNCILLOR, [0, 1, 1, 1])], rooms=rooms, money=0,
                 modules=frozenset({"unique_hotels"}))
    for seat in state.players:
        seat.entrance = None
    state.players[0].entrance = entrance
    return fresh(state)


def test_each_group_pays_its_occupancy_bonus_only_once_chateau_paulwei_table() -> None:
    """Let's Waltz player aid, Chateau Paulwei: its own table replaces the board's (red group of 4: 13 krones),
    and the group still pays once."""
    state = owning(CHATEAU, "1-3:O 1-4:O 2-3:P 2-4:P")
    state, events = play(state, "checkin table 1 to room 2-3", "occupy room 2-4")
    assert bonuses(events) == [{"color": "red", "size": 4}] and state.players[0].money == 13


def test_stroup_first_room_of_a_group_counts_in_the_moment_the_guest_moves_in() -> None:
    """Let's Waltz player aid, Stroup: "Each time you occupy the first room in a group (by any means), immediately
    gain a bonus": the Senior Councillor moves into 2-3, the red group's first room, and his reward then occupies
    2-4 of the same group; Stroup pays 2 krones once (judged after the reward, it paid nothing)."""
    state = owning(STROUP, "1-3:P 1-4:P 2-3:P 2-4:P")
    state, events = play(state, "checkin table 1 to room 2-3", "occupy room 2-4")
    assert [e.kind for e in events].count("stroup") == 1 and state.players[0].money == 2


def test_paid_groups_round_trip_through_json_and_old_states_load_without_them() -> None:
    """DESIGN.md, "State is plain data" (`GameState.from_json(s.to_json()) == s`); a state stored before
    `paid_groups` existed loads with no group paid."""
    state, _ = senior_councillor_checks_in()
    assert GameState.from_json(state.to_json()) == state
    assert state.copy() == state and state.copy().players[0].paid_groups is not state.players[0].paid_groups
    old = turn(0)
    assert '"paid_groups"' not in old.to_json()
    assert GameState.from_json(old.to_json()).players[0].paid_groups == []
