"""Game options (issue 8): staff draft and introductory sets, individual hotel sides, the 2015 rules, the
Yucata variants; each by a scenario that fails without it, plus 50 random games per option with invariants."""

from __future__ import annotations

import random

import pytest

from engine import GameConfig, NotYourTurn, apply, legal_actions, new_game, parse_action, player_view
from engine.gah.cards import hotel_layouts, politics, staff
from engine.gah.hotel import layout
from engine.gah.state import OCCUPIED, CafeTable
from tests.engine.invariants import check_invariants
from tests.engine.scenario import fresh, parse_rooms, play, texts, turn

NAMES = ["ann", "bob", "cy", "dee"]
SEEDS = range(1, 41)
"""The games a rule that holds for any game is checked in."""


# ----- staff draft ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_draft_everyone_picks_at_once_in_any_order_and_keeps_6(seed: int) -> None:
    """Rulebook 2015 "Variant for Experienced Players": keep 1 of 6, pass the rest left, until each holds 6."""
    state = new_game(GameConfig(players=NAMES[:3], seed=seed, staff_start="draft"))
    assert state.waiting == ["ann", "bob", "cy"]
    assert all(p.hand == [] for p in state.players)
    first_hands = [list(h) for h in state.pending[-1].data["hands"]]
    for _ in range(6):
        for name in ("cy", "ann", "bob"):  # any order
            state, _ = apply(state, legal_actions(state, name)[0], player=name)
    assert [len(p.hand) for p in state.players] == [6, 6, 6]
    assert state.phase == "setup" and state.pending[-1].kind == "setup_guest"
    # cards pass left (to the next seat), so ann's second pick comes from cy's first hand
    assert state.players[0].hand[1] in first_hands[2]
    assert sorted(c for p in state.players for c in p.hand) == sorted(c for h in first_hands for c in h)


@pytest.mark.parametrize("seed", SEEDS)
def test_draft_a_player_who_picked_waits_and_cannot_pick_twice(seed: int) -> None:
    state = new_game(GameConfig(players=NAMES[:2], seed=seed, staff_start="draft"))
    pick = legal_actions(state, "bob")[0]
    state, _ = apply(state, pick, player="bob")
    assert state.waiting == ["ann"]
    assert legal_actions(state, "bob") == []
    with pytest.raises(NotYourTurn):
        apply(state, legal_actions(state, "ann")[0], player="bob")


@pytest.mark.parametrize("seed", SEEDS)
def test_draft_passed_cards_stay_hidden_until_everyone_has_picked(seed: int) -> None:
    state = new_game(GameConfig(players=NAMES[:2], seed=seed, staff_start="draft"))
    state, _ = apply(state, legal_actions(state, "ann")[0], player="ann")
    view = player_view(state, "bob")
    assert view.pending[-1].data["hands"][0] == [0] * 5  # ann's remaining cards are hidden from bob
    assert view.pending[-1].data["hands"][1] == state.pending[-1].data["hands"][1]
    assert view.players[0].hand == [0]
    state, _ = apply(state, parse_action(state, str(legal_actions(state, "bob")[0]), "bob"), player="bob")
    assert len(state.pending[-1].data["hands"][0]) == 5  # bob's rest passed to ann after both picked


# ----- introductory sets ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_introductory_sets_go_to_the_start_player_first(seed: int) -> None:
    """Rulebook 2015 "Introductory Variant"; sets from gah-data-pass2.md section 6."""
    state = new_game(GameConfig(players=NAMES[:4], seed=seed, staff_start="introductory"))
    for offset, letter in enumerate("ABCD"):
        player = state.players[(state.start_player + offset) % 4]
        assert {staff()[c].introductory_set for c in player.hand} == {letter}
        assert len(player.hand) == 6
    assert not any(staff()[c].introductory_set for c in state.staff_deck)
    assert len(state.staff_deck) == 48 - 24


# ----- individual hotel sides ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_individual_sides_are_different_day_sides(seed: int) -> None:
    state = new_game(GameConfig(players=NAMES[:4], seed=seed, hotel_sides="individual"))
    assert sorted(p.side for p in state.players) == ["A", "B", "C", "D"]
    state3 = new_game(GameConfig(players=NAMES[:3], seed=seed, hotel_sides="individual"))
    assert len({p.side for p in state3.players}) == 3 and "standard" not in {p.side for p in state3.players}


@pytest.mark.parametrize(("side", "bottom_row", "top_row"), [
    ("A", "RYRRY", "BYBBR"), ("B", "BYRRR", "YBBRB"), ("C", "RBRYR", "BYRBY"), ("D", "RBRRB", "RRRYB"),
])
def test_individual_side_layouts_match_the_reference(side: str, bottom_row: str, top_row: str) -> None:
    """gah-data-pass2.md section 7: day sides A-D, floor 1 and floor 4 colours."""
    colors = hotel_layouts()[side].colors
    letters = "".join(c[0].upper() for c in colors)
    assert letters[:5] == bottom_row and letters[15:] == top_row


@pytest.mark.parametrize("side", ["standard", "A", "B", "C", "D"])
def test_every_side_has_10_groups_sized_4_3_3_2_2_2_1_1_1_1(side: str) -> None:
    """gah-data-pass2.md section 7: every face has one group of 4, two of 3, three of 2 and four of 1."""
    sizes = sorted((len(g) for g in hotel_layouts()[side].groups), reverse=True)
    assert sizes == [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]


def test_individual_side_room_colours_follow_the_players_side() -> None:
    state = turn(dice=[0, 0, 1, 0, 0, 0], rooms="1-1:P", hotel_sides="individual")
    player = state.players[0]
    state, events = play(state, "die 3", "room 1-2")
    color = layout(player).colors[1]
    assert any(e.kind == "prepare" and color in e.text for e in events)


# ----- 2015 rules ----------------------------------------------------------------------------------------


def test_2015_custodian_pays_only_for_guests_moving_into_rooms() -> None:
    """Yucata: in the original rules the Custodian pays when a guest moves in, not for other occupied rooms."""
    for edition, expected in (("2021", 2), ("2015", 0)):
        state = turn(dice=[0, 0, 0, 0, 1, 0], money=5, hand=["Page Boy"], played=["Custodian"],
                     rooms="1-1:P 1-2:P", edition=edition)
        state, _ = play(state, "die 5", "play Page Boy", "occupy room 1-1", "occupy room 1-2")
        assert state.players[0].money == 5 - 1 + expected, edition


def test_2015_kitchen_hand_costs_3_and_2021_costs_5() -> None:
    for edition, cost in (("2021", 5), ("2015", 3)):
        state = turn(dice=[0, 0, 0, 0, 1, 0], money=10, hand=["Kitchen Hand"], edition=edition)
        state, _ = play(state, "die 5", "play Kitchen Hand")
        assert state.players[0].money == 10 - (cost - 1)


def test_2015_e_gizia_extra_turn_starts_after_the_die_action_if_not_yet_taken() -> None:
    """Yucata "Original Rules": checked in before the die action, the extra turn follows the die action; its
    die stays on its space."""
    state = turn(dice=[0, 2, 0, 2, 0, 0], money=5, rooms="1-1:P", cafe=[(97, [2, 0, 1, 0])], edition="2015")
    state, _ = play(state, "checkin table 1 to room 1-1")
    assert any(t.startswith("guest") for t in texts(state))  # issue 13: step 1 of the normal turn stays open
    state, _ = play(state, "die 4", "emperor 2 krones 0")
    assert state.dice[3] == 1 and state.turn is not None and state.turn.extra
    assert any(t.startswith("guest") for t in texts(state)) and "end turn" not in texts(state)
    state, _ = play(state, "die 2", "take 2 wine 0 coffee")
    assert state.dice[1] == 2  # the extra turn's die stays
    assert "end turn" in texts(state)


def test_2015_e_gizia_checked_in_before_guest_and_die_keeps_the_guest_step_of_the_normal_turn() -> None:
    """Rulebook 2015 "Course of Play": a turn is 1. take a guest from the game board (optional), 2. take a die;
    "E. Gizia: You receive another turn without taking dice". Yucata "Original Rules": checked in before the
    die action, "his extra turn starts after he takes a die action for his normal turn". Neither text takes
    step 1 away from the normal turn: the display guest is still offered, and the extra turn offers one again.
    """
    state = turn(dice=[0, 2, 0, 2, 0, 0], money=5, rooms="1-1:P", cafe=[(97, [2, 0, 1, 0])], edition="2015")
    state, _ = play(state, "checkin table 1 to room 1-1")
    assert state.turn is not None and state.turn.extra_pending == 1 and not state.turn.extra
    offered = [t for t in texts(state) if t.startswith("guest")]
    assert offered and "die 4" in texts(state)
    state, _ = play(state, offered[-1])
    seated = [t.guest for t in state.players[0].cafe if t.guest is not None]
    assert len(seated) == 1 and state.turn.guest_taken
    assert not any(t.startswith("guest") for t in texts(state))  # one guest per turn
    state, _ = play(state, "die 4", "emperor 2 krones 0")
    assert state.turn is not None and state.turn.extra and state.dice[3] == 1
    assert any(t.startswith("guest") for t in texts(state))  # the extra turn has its own step 1


# ----- variants --------------------------------------------------------------------------------------------


def test_excluded_kitchen_hand_is_nowhere_in_the_game() -> None:
    for seed in SEEDS:
        state = new_game(GameConfig(players=NAMES[:4], seed=seed, exclude_kitchen_hand=True))
        places = list(state.staff_deck) + [c for p in state.players for c in p.hand]
        assert 17 not in places and len(places) == 47


def _finish_round(state):  # type: ignore[no-untyped-def]
    round_number = state.round
    while state.round == round_number and not state.is_over:
        actions = legal_actions(state)
        state, _ = apply(state, next((a for a in actions if a.kind in ("end", "decline", "suffer")), actions[0]))
    return state


def test_unclaimed_guests_are_discarded_when_nobody_took_one() -> None:
    """Yucata variant: no display guest taken during the round -> the two rightmost are discarded and the
    display refills from the left."""
    state = turn(dice=[0, 0, 0, 0, 0, 0], discard_unclaimed_guests=True)
    before = list(state.display)
    state = _finish_round(state)
    assert state.display[2:] == before[:3]
    assert before[3] in state.guest_discard and before[4] in state.guest_discard


def test_unclaimed_guests_stay_when_someone_took_a_guest_or_the_option_is_off() -> None:
    state = turn(dice=[0, 0, 0, 0, 0, 0], discard_unclaimed_guests=True)
    state.display_taken = True
    before = list(fresh(state).display)
    assert _finish_round(state).display == before
    plain = turn(dice=[0, 0, 0, 0, 0, 0])
    before = list(plain.display)
    assert _finish_round(plain).display == before


def test_extra_politics_cards_can_appear_in_piles_a_b_c() -> None:
    seen = set()
    for seed in range(40):
        seen |= set(new_game(GameConfig(players=NAMES[:2], seed=seed, extra_politics=True)).politics)
        assert not set(new_game(GameConfig(players=NAMES[:2], seed=seed)).politics) & {1001, 1002, 1003}
    assert {1001, 1002, 1003} <= seen
    assert [politics()[i].pile for i in (1001, 1002, 1003)] == ["A", "B", "C"]


@pytest.mark.parametrize(("card", "setup", "met"), [
    (1001, {"checked_in": [74, 69, 72]}, False),  # Earl 10 + Countess 7 + Prince 7 = 24 -> met below
    (1002, {"rooms": "1-1:O 1-2:O 1-3:O 1-4:O 1-5:O 2-1:O 3-1:O 4-1:O"}, True),
    (1003, {"rooms": "1-3:O 1-4:O 2-3:O 2-4:O 1-1:O 1-5:O 3-1:O 4-1:P"}, False),
    (1003, {"rooms": "1-3:O 1-4:O 2-3:O 2-4:O 1-1:O 1-5:O 3-1:O 4-1:O"}, True),
])
def test_herlius_politics_conditions(card: int, setup: dict[str, object], met: bool) -> None:
    """Yucata variant cards by herlius: 20 VP from guests' printed VP; every room of a floor and of a column
    occupied; at least 4 occupied rooms of one colour and 4 of another."""
    state = turn(dice=[0, 0, 0, 0, 1, 0], extra_politics=True)
    state.politics = [card, 109, 113]
    player = state.players[0]
    if "checked_in" in setup:
        player.checked_in = list(setup["checked_in"])  # type: ignore[call-overload]
        met = True
    if "rooms" in setup:
        player.rooms = parse_rooms(str(setup["rooms"]))
    player.cafe = [CafeTable(), CafeTable(), CafeTable()]
    fresh(state)
    state, _ = play(state, "die 5")
    assert (0 in state.politics_claims[0]) is met


# ----- every option survives random games ----------------------------------------------------------------

OPTIONS = [
    {"staff_start": "draft"}, {"staff_start": "introductory"}, {"hotel_sides": "individual"},
    {"edition": "2015"}, {"exclude_kitchen_hand": True}, {"discard_unclaimed_guests": True},
    {"extra_politics": True},
]


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_50_random_games_per_option_keep_every_invariant(option: dict[str, object]) -> None:
    for seed in range(50):
        players = 2 + seed % 3
        chooser = random.Random(seed)
        state = new_game(GameConfig(players=NAMES[:players], seed=seed, **option))  # type: ignore[arg-type]
        steps = 0
        while not state.is_over:
            check_invariants(state)
            name = chooser.choice(state.waiting)
            state, _ = apply(state, chooser.choice(legal_actions(state, name)), player=name)
            steps += 1
            assert steps < 5000
        check_invariants(state)
        assert all(p.rooms.count(OCCUPIED) <= 20 for p in state.players)
