"""The AI ladder's account of café guests left at game end (bench/ai_ladder.py, issue 20): which guest, when it
arrived, and what kept it from a room, so a bad game can be replayed and understood; where its VP come from;
and the staff it hired and left in hand."""

from __future__ import annotations

from collections import Counter

from bench.ai_ladder import GameResult, cafe_notes, play, staff_line, vp_sources
from engine import GameConfig, final_scores
from engine.gah.cards import guests, staff
from engine.gah.hotel import layout
from engine.gah.simulate import play_game
from engine.gah.state import PREPARED, CafeTable, PlayerState
from tests.ai.test_endgame_cafe import GOLDHAKEN, last_action_taken


def test_ladder_notes_name_each_guest_left_with_its_arrival_and_what_it_lacked() -> None:
    state = last_action_taken()
    ann = state.players[0]
    ann.money = 0
    ann.cafe[1] = CafeTable(GOLDHAKEN, [0, 0, 0, 0])
    ann.rooms = [0] * 20
    ann.rooms[0] = PREPARED
    notes = cafe_notes(ann, {GOLDHAKEN: (6, 2)})
    assert notes == [f"{guests()[GOLDHAKEN].name} (arrived in round 6 with 2 krones; lacked 1 items; at the end "
                     f"0 krones, 1 vacant rooms it could take)"]


def test_ladder_notes_count_only_vacant_rooms_of_the_guest_colour() -> None:
    state = last_action_taken()
    ann = state.players[0]
    colors = layout(ann).colors
    red_guest = next(g for g in guests().values() if g.color == "red")
    ann.cafe = [CafeTable(red_guest.id, list(red_guest.order)), CafeTable(), CafeTable()]
    ann.rooms = [PREPARED if colors[space] != "red" else 0 for space in range(20)]
    assert cafe_notes(ann, {}) == [f"{red_guest.name} (arrival not seen; lacked 0 items; at the end {ann.money} "
                                   f"krones, 0 vacant rooms it could take)"]


def test_ladder_notes_are_empty_when_the_café_is_empty() -> None:
    assert cafe_notes(PlayerState(name="ann"), {GOLDHAKEN: (3, 0)}) == []


def test_ladder_vp_sources_average_each_source_per_seat_of_a_level_tested_level_first() -> None:
    solo = GameResult(["expert", "leopold"], [30, 50], 0, 0.0, seed=1,
                      parts=[{"guests": 10, "politics": 20}, {"guests": 50}])
    other = GameResult(["expert", "leopold"], [20, 40], 0, 0.0, seed=2,
                       parts=[{"guests": 20}, {"guests": 30, "politics": 10}])
    lines = vp_sources([solo, other])
    assert lines[0].split() == ["where", "the", "VP", "go", "(mean", "per", "seat):", "expert", "leopold"]
    # guests first (largest mean: Leopold's 40), then politics; a source a seat lacks counts as 0
    assert [line.split() for line in lines[1:]] == [["guests", "15.0", "40.0"], ["politics", "10.0", "5.0"]]


def test_ladder_vp_sources_are_empty_without_parts() -> None:
    assert vp_sources([GameResult(["expert"], [30], 0, 1.0)]) == []


def test_ladder_staff_line_averages_hired_cards_by_kind_and_cards_left_in_hand() -> None:
    first = GameResult(["expert", "leopold"], [30, 50], 0, 0.0, seed=1,
                       staff_hired={"permanent": 2, "game_end": 1}, hand_left=4)
    second = GameResult(["expert", "leopold"], [20, 40], 0, 0.0, seed=2,
                        staff_hired={"one_time": 1, "game_end": 2}, hand_left=1)
    assert staff_line([first, second]) == ("  expert staff per game: 3.0 hired (permanent 1.0, once per round 0.0, "
                                           "one-time 0.5, game-end 1.5), 2.5 left in hand at the end")


def test_ladder_game_result_counts_the_tested_seats_staff_in_play_and_in_hand() -> None:
    result = play(["greedy"], 0, seed=8, difficulty="hard")
    # the same game replayed by the simulator, which seeds the policies as the ladder does
    state, _ = play_game(GameConfig(players=["ann"], seed=8, solo="leopold", solo_difficulty="hard"), ["greedy"], 8)
    ann = state.players[0]
    assert result.scores[0] == final_scores(state)["ann"].total
    assert result.staff_hired == dict(Counter(staff()[card].kind for card in ann.played))
    assert result.hand_left == len(ann.hand)
    assert sum(result.staff_hired.values()) > 0  # seed 8 hires staff: the counts compared are not both empty
