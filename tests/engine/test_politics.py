"""The twelve base politics cards (105-116), the 15/10/5 VP ladder and the one-marker-per-card rule.

Sources: rulebook 2015 "Politics Cards" (rules/gah-rulebook-2015-en.txt: as soon as you meet the requirement on
your turn, place a disk on the highest available space; one disk per card); Yucata (claimed automatically during
your own turn; "You cannot claim a politics award during an emperor scoring"); conditions and the 15/10/5 ladder
from shared/reference/gah-data.md section 6; retail appendix note 2 on Emperor tile C2 (no claim after the game).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import GameState
from engine.gah.state import PlayerState
from tests.engine.scenario import fresh, play, staff_ids, texts, turn

NO_DICE = [0, 0, 0, 0, 0, 0]
GOLDHAKEN = (92, [1, 0, 0, 0])
"""Capt. Goldhaken: a green guest (any room colour) whose order (1 strudel) is complete; reward 1 krone."""

OTHERS = {"A": 105, "B": 109, "C": 113}
"""The cards of the other two piles that share the table with the card under test (none of them is met there)."""


# ----- helpers -------------------------------------------------------------------------------------------


def ann(state: GameState) -> PlayerState:
    """The player on turn (seat 0)."""
    return state.players[0]


def politics_vp(state: GameState, seat: int = 0) -> int:
    """VP the player scored from politics cards."""
    return state.players[seat].vp_sources.get("politics", 0)


def trio(card: int, **others: int) -> list[int]:
    """Three politics cards, one per pile, with `card` in its own pile's slot (`others` overrides OTHERS)."""
    cards = OTHERS | others
    cards["ABC"[slot(card)]] = card
    return [cards["A"], cards["B"], cards["C"]]


def with_politics(state: GameState, cards: list[int], claims: list[list[int]] | None = None) -> GameState:
    """Put `cards` (piles A, B, C) in play with the given claims (default: none)."""
    state.politics = list(cards)
    state.politics_claims = [list(c) for c in claims] if claims is not None else [[] for _ in cards]
    return fresh(state)


def slot(card: int) -> int:
    """The slot (0-2) of `card` in `trio(card)`."""
    return (card - 105) // 4


def claims_after(card: int, actions: list[str], *, cards: list[int] | None = None, **options: Any) -> GameState:
    """Ann's turn with `cards` (default `trio(card)`) in play and nothing claimed; she plays `actions`."""
    state = with_politics(turn(**options), cards or trio(card))
    state, _ = play(state, *actions)
    return state


def check_in_to(card: int, rooms: str, room: str, **others: int) -> GameState:
    """Ann moves Capt. Goldhaken into vacant `room` of a hotel given in `parse_rooms` syntax."""
    return claims_after(card, [f"checkin table 1 to room {room}"], cards=trio(card, **others), dice=NO_DICE,
                        money=5, cafe=[GOLDHAKEN], rooms=rooms)


def assert_claimed(state: GameState, card: int) -> None:
    """Ann holds the first marker (15 VP) on `card`, and only on it."""
    assert state.politics_claims[slot(card)] == [0]
    assert politics_vp(state) == 15
    assert all(claims == [] for i, claims in enumerate(state.politics_claims) if i != slot(card))


def assert_not_claimed(state: GameState) -> None:
    """Nobody claimed anything."""
    assert state.politics_claims == [[], [], []] and politics_vp(state) == 0


# ----- one test per card -----------------------------------------------------------------------------------


def test_politics_105_have_20_krones() -> None:
    """Source: gah-data.md section 6, card 105 (A: have 20 krones); Yucata ("Have 20 krones anytime during your
    turn")."""
    state = claims_after(105, ["die 4", "emperor 0 krones 1"], dice=[0, 0, 0, 1, 0, 0], money=19)
    assert ann(state).money == 20
    assert_claimed(state, 105)
    assert_not_claimed(claims_after(105, ["die 4", "emperor 0 krones 1"], dice=[0, 0, 0, 1, 0, 0], money=18))


def test_politics_106_have_12_room_tiles() -> None:
    """Source: gah-data.md section 6, card 106 (A: at least 12 room tiles, prepared or occupied)."""
    eleven = "1-1:O 1-2:O 1-3:O 1-4:O 1-5:O 2-1:P 2-2:P 2-3:P 2-4:P 2-5:P 3-1:P"
    state = claims_after(106, ["die 3", "room 3-2"], dice=[0, 0, 1, 0, 0, 0], money=5, rooms=eleven)
    assert_claimed(state, 106)
    ten = eleven.replace(" 3-1:P", "")
    assert_not_claimed(claims_after(106, ["die 3", "room 3-1"], dice=[0, 0, 1, 0, 0, 0], money=5, rooms=ten))


def test_politics_107_have_played_6_staff() -> None:
    """Source: gah-data.md section 6, card 107 (A: played at least 6 staff cards of any type)."""
    five = ["Butler", "Chef", "Concierge", "Barkeeper", "Gardener"]
    state = claims_after(107, ["die 5", "play Stableman"], dice=[0, 0, 0, 0, 1, 0], money=5, hand=["Stableman"],
                         played=five)
    assert_claimed(state, 107)
    state = claims_after(107, ["die 5", "play Stableman"], dice=[0, 0, 0, 0, 1, 0], money=5, hand=["Stableman"],
                         played=five[:4])
    assert_not_claimed(state)


def test_politics_108_emperor_space_10_or_higher() -> None:
    """Source: gah-data.md section 6, card 108 (A: Emperor marker on space 10 or higher; card photo)."""
    state = claims_after(108, ["die 4", "emperor 1 krones 0"], dice=[0, 0, 0, 1, 0, 0], emperor=9)
    assert ann(state).emperor == 10
    assert_claimed(state, 108)
    assert_not_claimed(claims_after(108, ["die 4", "emperor 1 krones 0"], dice=[0, 0, 0, 1, 0, 0], emperor=8))


def test_politics_109_two_full_floors() -> None:
    """Source: gah-data.md section 6, card 109 (B: every room occupied on at least 2 floors, not necessarily
    adjacent)."""
    floors = "1-1:O 1-2:O 1-3:O 1-4:O 1-5:O 3-1:O 3-2:O 3-3:O 3-4:O 3-5:P 2-1:P"
    assert_claimed(check_in_to(109, floors, "3-5", C=114), 109)  # floors 1 and 3 (113 would be met too)
    assert_not_claimed(check_in_to(109, floors.replace("3-4:O", "3-4:P"), "3-5", C=114))


def test_politics_110_six_full_groups() -> None:
    """Source: gah-data.md section 6, card 110 (B: every room occupied in at least 6 groups)."""
    # Full: 1-1 | 1-5 | 1-2 2-1 2-2 | 1-3 1-4 2-3 2-4 | 3-1 4-1; then 3-2 4-2 completes a sixth group.
    groups = "1-1:O 1-5:O 1-2:O 2-1:O 2-2:O 1-3:O 1-4:O 2-3:O 2-4:O 3-1:O 4-1:O 3-2:O 4-2:P 3-3:P"
    assert_claimed(check_in_to(110, groups, "4-2", C=115), 110)
    assert_not_claimed(check_in_to(110, groups, "3-3", C=115))  # 3-3 alone does not fill its group 3-3/4-3


def test_politics_111_one_colour_fully_occupied() -> None:
    """Source: gah-data.md section 6, card 111 (B: all rooms of at least one colour occupied; yellow has 6)."""
    yellow = "1-2:O 2-1:O 2-2:O 2-5:O 3-4:O 3-5:P 1-1:O 1-3:P"
    assert_claimed(check_in_to(111, yellow, "3-5"), 111)
    assert_not_claimed(check_in_to(111, yellow.replace("3-4:O", "3-4:P"), "3-5"))


def test_politics_112_two_full_columns() -> None:
    """Source: gah-data.md section 6, card 112 (B: every room occupied in at least 2 columns)."""
    columns = "1-1:O 2-1:O 3-1:O 4-1:O 1-2:O 2-2:O 3-2:O 4-2:P 1-3:P"
    assert_claimed(check_in_to(112, columns, "4-2"), 112)
    assert_not_claimed(check_in_to(112, columns, "1-3"))


# Occupied red 1-3 1-4 2-3, blue 1-1 1-5, yellow 1-2 2-1 2-2; vacant 3-1 (blue), 2-4 (red), 2-5 (yellow).
THREE_EACH_BUT_BLUE = "1-3:O 1-4:O 2-3:O 1-1:O 1-5:O 1-2:O 2-1:O 2-2:O 3-1:P 2-4:P 2-5:P"


def test_politics_113_three_red_three_blue_three_yellow() -> None:
    """Source: gah-data.md section 6, card 113 (C: at least 3 occupied red, 3 blue and 3 yellow rooms)."""
    assert_claimed(check_in_to(113, THREE_EACH_BUT_BLUE, "3-1"), 113)
    assert_not_claimed(check_in_to(113, THREE_EACH_BUT_BLUE, "2-4"))  # 4 red, 2 blue, 3 yellow


def test_politics_114_four_red_three_yellow() -> None:
    """Source: gah-data.md section 6, card 114 (C: at least 4 occupied red and 3 yellow rooms)."""
    assert_claimed(check_in_to(114, THREE_EACH_BUT_BLUE, "2-4"), 114)
    assert_not_claimed(check_in_to(114, THREE_EACH_BUT_BLUE, "2-5"))  # 3 red, 4 yellow: the mirror image


def test_politics_115_four_yellow_three_blue() -> None:
    """Source: gah-data.md section 6, card 115 (C: at least 4 occupied yellow and 3 blue rooms)."""
    rooms = THREE_EACH_BUT_BLUE.replace("3-1:P", "3-1:O")
    assert_claimed(check_in_to(115, rooms, "2-5"), 115)
    blue_four = THREE_EACH_BUT_BLUE.replace("2-5:P", "4-1:O 3-3:P")  # 3 blue, 3 yellow, then a 4th blue
    assert_not_claimed(check_in_to(115, blue_four, "3-3"))  # 4 blue, 3 yellow: the mirror image


def test_politics_116_four_blue_three_red() -> None:
    """Source: gah-data.md section 6, card 116 (C: at least 4 occupied blue and 3 red rooms)."""
    rooms = THREE_EACH_BUT_BLUE.replace("3-1:P", "3-1:O 4-1:P")
    assert_claimed(check_in_to(116, rooms, "4-1"), 116)
    assert_not_claimed(check_in_to(116, THREE_EACH_BUT_BLUE, "3-1"))  # 3 blue, 3 red
    red_four = THREE_EACH_BUT_BLUE.replace("3-1:P", "3-1:O")
    assert_not_claimed(check_in_to(116, red_four, "2-4"))  # 4 red, 3 blue: the mirror image


# ----- the ladder and the one-marker rule ------------------------------------------------------------------


@pytest.mark.parametrize(("earlier", "vp"), [([], 15), ([1], 10), ([1, 2], 5), ([1, 2, 3], 0)])
def test_politics_ladder_highest_free_space_15_10_5(earlier: list[int], vp: int) -> None:
    """Source: rulebook 2015 "Politics Cards" (the highest available space); gah-data.md section 6 (15/10/5;
    only three spaces, so a fourth player gets nothing)."""
    state = with_politics(turn(players=4, dice=[0, 0, 0, 1, 0, 0], money=19), [105, 109, 113],
                          [earlier, [], []])
    state, _ = play(state, "die 4", "emperor 0 krones 1")
    assert politics_vp(state) == vp
    assert state.politics_claims[0] == ([*earlier, 0] if vp else earlier)


def test_politics_one_marker_per_player_per_card() -> None:
    """Source: rulebook 2015 "Politics Cards" ("You can only place one wooden disk per Politics card")."""
    state = with_politics(turn(dice=[0, 0, 0, 2, 0, 0], money=20), [105, 109, 113], [[0], [], []])
    state, _ = play(state, "die 4", "emperor 0 krones 2", "end turn")
    assert state.politics_claims[0] == [0] and politics_vp(state) == 0
    state = with_politics(turn(dice=[0, 0, 0, 2, 0, 0], money=19), [105, 109, 113])
    state, _ = play(state, "die 4", "emperor 1 krones 1", "end turn")  # meets the card at several decisions
    assert state.politics_claims[0] == [0] and politics_vp(state) == 15


def test_politics_several_cards_claimed_by_one_action() -> None:
    """Source: rulebook 2015 "Politics Cards" (each card whose requirement you meet on your turn)."""
    rooms = THREE_EACH_BUT_BLUE.replace("3-1:P", "3-1:O 4-1:P")  # 4 blue, 3 red after the check-in
    state = with_politics(turn(dice=NO_DICE, money=19, cafe=[GOLDHAKEN], rooms=rooms), [105, 109, 116])
    state, _ = play(state, "checkin table 1 to room 4-1")  # Goldhaken's reward: 1 krone -> 20
    assert state.politics_claims == [[0], [], [0]] and politics_vp(state) == 30


def test_politics_claimed_automatically_and_only_on_the_players_own_turn() -> None:
    """Source: rulebook 2015 "Politics Cards" (on your turn; an additional action); Yucata (automatic)."""
    state = turn(dice=NO_DICE, money=20)
    state.players[1].money = 20
    state = with_politics(state, [105, 109, 113])
    state, _ = play(state, "end turn")
    assert state.politics_claims[0] == [0]  # ann claims during her own turn without a dedicated action
    assert state.current_player == "ann" and politics_vp(state, 1) == 0
    state, _ = play(state, "end turn")
    assert state.current_player == "bob"
    assert state.politics_claims[0] == [0, 1] and politics_vp(state, 1) == 10  # bob on his own turn


def test_politics_not_claimed_during_an_emperor_scoring() -> None:
    """Source: Yucata ("You cannot claim a politics award during an emperor scoring"); rulebook 2015 (only on your
    turn). Emperor tile A3's reward hires ann's 6th staff card during the scoring; she claims on her next turn."""
    state = turn(round_number=3, dice=NO_DICE, emperor=6, money=5, played=["Butler", "Chef", "Concierge",
                                                                         "Barkeeper", "Gardener"])
    state.players[1].emperor = 4
    state.emperor_tiles = ["A3", "B1", "C1"]
    deck = staff_ids("Stableman", "Waitress", "Sous-Chef")
    for player in state.players:
        player.hand = [c for c in player.hand if c not in deck]
    state.staff_deck = [c for c in state.staff_deck if c not in deck] + list(reversed(deck))
    state = with_politics(state, [107, 109, 113])
    while state.phase == "play":
        state, _ = play(state, "end turn")
    state, _ = play(state, "play Stableman")
    assert state.phase == "emperor" and texts(state) == ["bottom Waitress", "bottom Sous-Chef"]
    assert len(ann(state).played) == 6 and state.politics_claims[0] == []
    state, _ = play(state, "bottom Waitress")
    while state.politics_claims[0] == []:
        assert state.round == 4 and state.phase == "play" and state.current_player == "bob"
        state, _ = play(state, "pass")
    assert state.turn is not None and state.turn.player == 0 and politics_vp(state) == 15


def test_politics_not_claimed_after_the_last_emperor_scoring() -> None:
    """Source: retail appendix note 2 on Emperor tile C2 (via gah-raw/MrIee_board-game-helpers__emperor_tiles.json):
    "Even if this completes an objective for you, you cannot claim it ... there will not be another turn"."""
    eleven = "1-1:O 1-2:O 1-3:O 1-4:O 1-5:O 2-1:P 2-2:P 2-3:P 2-4:P 2-5:P 3-1:O"
    state = turn(round_number=7, dice=NO_DICE, emperor=10, rooms=eleven)
    state.players[1].emperor = 8
    state.emperor_tiles = ["A1", "B1", "C2"]
    state = with_politics(state, [106, 109, 113])
    while state.phase == "play":
        state, _ = play(state, "end turn")
    state, _ = play(state, "room 4-1")  # the 12th room tile, prepared and occupied by the C2 reward
    assert state.is_over
    assert sum(1 for r in ann(state).rooms if r) == 12
    assert state.politics_claims == [[], [], []] and politics_vp(state) == 0


def test_politics_every_base_card_has_a_test_here() -> None:
    """Source: gah-data.md section 6 (12 base politics cards, 105-116)."""
    ids = {int(name.split("_")[2]) for name in globals() if name.startswith("test_politics_1")}
    assert ids == set(range(105, 117))
