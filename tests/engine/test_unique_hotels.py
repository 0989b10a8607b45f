"""Let's Waltz module 3, Unique Hotels (issue 17): the entrance auction and one test per hotel entrance.

Sources: player aid (shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt) "When playing Module 3,
auction off the hotel entrances" and "Personal Play Area"; entrance texts gah-raw MrIee hotel_entrances
(gah-data.md section 9c).
"""

from __future__ import annotations

from engine import GameConfig, GameState, new_game
from engine.gah.cards import guests
from engine.gah.context import Ctx
from engine.gah.flow import STEPS
from engine.gah.mechanics import claim_politics, occupy_room
from engine.gah.state import CafeTable, Frame
from engine.gah.waltz.cards import entrances
from engine.gah.waltz.unique_hotels.objectives import final_vp
from tests.engine.scenario import fresh, play, texts, turn

HOTELS = frozenset({"unique_hotels"})
CHATEAU, COROGARI, KAUFMAN, MAYENFELS, NINAS, STROUP, WRAY, KOZI = 1, 2, 4, 5, 6, 7, 8, 9


def auction_game(players: int, offer: list[int], seed: int = 3) -> GameState:
    """A new game at the auction with the entrances `offer` laid out."""
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed, modules=HOTELS))
    frame = state.pending[-1]
    assert frame.kind == "auction" and frame.player == state.start_player
    frame.data["offer"] = sorted(offer)
    return fresh(state)


def name(entrance: int) -> str:
    return entrances()[entrance].name


def seat_name(state: GameState, offset: int) -> str:
    return state.players[(state.start_player + offset) % len(state.players)].name


def test_entrance_auction_order_payment_and_the_last_one_free() -> None:
    """The start player opens; clockwise raise or pass; the winner pays; the start player opens again if they
    did not win; the last player takes the last entrance for free."""
    state = auction_game(3, [STROUP, KOZI, KAUFMAN])
    first, second, third = (seat_name(state, k) for k in range(3))
    state, _ = play(state, f"bid 2 on {name(STROUP)}")
    assert state.current_player == second
    state, _ = play(state, "raise to 3")
    assert state.current_player == third
    state, _ = play(state, "pass")
    assert state.current_player == first
    state, _ = play(state, "pass")
    waltz = state.waltz
    assert waltz is not None
    second_seat = state.player_index(second)
    assert state.players[second_seat].entrance == STROUP and state.players[second_seat].money == 7
    assert state.players[second_seat].kitchen == list(entrances()[STROUP].items)
    assert state.current_player == first  # the start player did not win, so opens again
    state, _ = play(state, f"bid 0 on {name(KOZI)}", "pass")
    assert waltz is not state.waltz and state.waltz is not None
    assert state.players[state.player_index(first)].entrance == KOZI
    third_seat = state.player_index(third)
    assert state.players[third_seat].entrance == KAUFMAN and state.players[third_seat].money == 10
    assert state.pending[-1].kind == "setup_guest"


def test_after_the_start_player_wins_the_next_player_clockwise_opens() -> None:
    state = auction_game(3, [STROUP, KOZI, KAUFMAN])
    state, _ = play(state, f"bid 1 on {name(KOZI)}", "pass", "pass")
    assert state.players[state.start_player].entrance == KOZI
    assert state.players[state.start_player].money == 9
    assert state.current_player == seat_name(state, 1)


def test_module_3_skips_the_four_starting_dishes_and_drinks() -> None:
    state = auction_game(2, [STROUP, KOZI])
    assert all(player.kitchen == [0, 0, 0, 0] for player in state.players)


def test_bids_cannot_exceed_the_bidders_krones() -> None:
    state = auction_game(2, [STROUP, KOZI])
    bids = [t for t in texts(state) if t.endswith(name(STROUP))]
    assert bids[-1] == f"bid 10 on {name(STROUP)}" and len(bids) == 11


# ----- one test per entrance ---------------------------------------------------------------------------------


def owning(entrance: int, **options: object) -> GameState:
    """Seat 0 on turn in a module-3 game, owning `entrance` (its ongoing effect only)."""
    state = turn(0, modules=HOTELS, **options)  # type: ignore[arg-type]
    assert state.waltz is not None
    state.players[0].entrance = entrance
    state.players[1].entrance = next(e for e in entrances() if e != entrance)
    return fresh(state)


def test_chateau_paulwei_gives_two_more_starting_rooms_and_its_own_occupancy_bonuses() -> None:
    state = auction_game(2, [CHATEAU, KOZI])
    state, _ = play(state, f"bid 0 on {name(CHATEAU)}", "pass")
    setup_rooms = next(f for f in state.pending if f.kind == "prepare_rooms" and f.player == state.start_player)
    assert len(setup_rooms.data["discounts"]) == 5
    # standard side: 1-1 is a blue group of one (4 VP, not the board's own value), 1-2/2-1/2-2 a yellow group of
    # three (8 Emperor steps)
    owner = owning(CHATEAU, rooms="1-1:P 1-2:P 2-1:O 2-2:O", emperor=0)
    occupy_room(Ctx(owner), 0, 0)
    assert owner.players[0].vp_sources["occupancy bonus"] == 4
    occupy_room(Ctx(owner), 0, 1)
    assert owner.players[0].emperor == 8


def test_corogari_zant_mainz_bonus_by_the_sum_of_the_two_dice() -> None:
    state = owning(COROGARI, dice=[0, 0, 0, 0, 0, 1], money=10)
    assert state.waltz is not None
    state.waltz.unique_hotels.faces[0] = [4]  # the round's first die was a 4: 4 + 6 = 10 -> 1 krone, 1 Emperor step
    state, _ = play(state, "die 6")
    assert state.players[0].emperor == 1 and state.players[0].money == 10  # paid 1 for action 6, got 1 back


def test_kaufman_fourth_table_second_guest_and_round_end_pile() -> None:
    state = auction_game(2, [KAUFMAN, KOZI])
    state, _ = play(state, f"bid 0 on {name(KAUFMAN)}", "pass")
    seat = state.start_player
    assert len(state.players[seat].cafe) == 4
    kinds = [(f.kind, f.player) for f in state.pending]
    guest_pick = kinds.index(("setup_guest", seat))
    assert kinds[guest_pick - 1] == ("free_guest", seat)  # the second free starting guest comes right after
    owner = owning(KAUFMAN, money=10, dice=[1, 0, 0, 0, 0, 0])
    owner.players[0].cafe.append(CafeTable())
    guest = owner.display[4]
    assert guest is not None
    owner, _ = play(owner, f"guest 5 {guests()[guest].name}")
    assert owner.pending[-1].kind == "paid_guest" and any(t.startswith("guest ") for t in texts(owner))
    assert owner.waltz is not None
    owner.waltz.unique_hotels.kaufman_pile[0] = [49, 50, 51]
    ctx = Ctx(owner)
    before = owner.players[0].vp
    STEPS["auto:end_round"](ctx, Frame("auto:end_round", 0))
    assert owner.players[0].vp - before == 3 and owner.waltz.unique_hotels.kaufman_pile[0] == []
    assert {49, 50, 51} <= set(owner.guest_discard)


def test_mayenfels_draws_and_plays_when_gained_then_a_krone_and_a_draw_after_each_staff() -> None:
    state = auction_game(2, [MAYENFELS, KOZI])
    seat = state.start_player
    hand = len(state.players[seat].hand)
    state, _ = play(state, f"bid 0 on {name(MAYENFELS)}", "pass")
    assert len(state.players[seat].hand) == hand + 1
    top = state.pending[-1]
    assert top.kind == "play_staff" and top.data["discount"] == 3 and top.player == seat
    owner = owning(MAYENFELS, dice=[0, 0, 0, 0, 3, 0], hand=["Bootblack"], money=10)
    owner, _ = play(owner, "die 5", "play Bootblack")
    assert owner.players[0].money == 10 - (4 - 3) + 1  # Bootblack costs 4, 3 dice take 3 off, +1 krone
    assert "draw a staff card" in texts(owner)
    hand = len(owner.players[0].hand)
    owner, _ = play(owner, "draw a staff card")
    assert len(owner.players[0].hand) == hand + 1


def test_ninas_melange_personal_objectives_score_by_round_and_count_at_the_end() -> None:
    owner = owning(NINAS, money=20, dice=[0] * 6, round_number=2)
    assert owner.waltz is not None
    owner.waltz.unique_hotels.personal[0] = [105]  # "Have 20 krones"
    before = owner.players[0].vp
    claim_politics(Ctx(owner), 0)
    assert owner.waltz.unique_hotels.personal_done[0] == [105] and owner.players[0].vp - before >= 15
    owner.waltz.unique_hotels.personal_done[0] = [1, 2, 3]
    owner.politics_claims = [[0], [], []]
    assert final_vp(owner, 0) == 3
    owner.politics_claims = [[0], [0], [0]]
    assert final_vp(owner, 0) == 10


def test_stroup_first_room_of_a_group_gives_a_bonus_by_colour() -> None:
    """Standard side: 1-1 is a blue group of one, 1-3 starts a red group of four (1-3, 1-4, 2-3, 2-4)."""
    owner = owning(STROUP, rooms="1-1:P 1-3:P 1-4:P", money=5, emperor=0)
    occupy_room(Ctx(owner), 0, 0)
    assert owner.players[0].vp_sources["hotel entrance"] == 3
    occupy_room(Ctx(owner), 0, 2)
    assert owner.players[0].money == 7
    occupy_room(Ctx(owner), 0, 3)  # the second room of that group: nothing more
    assert owner.players[0].money == 7


def test_grand_wray_hotel_retreats_for_a_tile_reward_once_per_turn() -> None:
    state = auction_game(2, [WRAY, KOZI])
    state.pending[-1].data["wray"] = ["A2", "A3", "B1", "B3", "C1", "C3"]
    seat = state.start_player
    state, _ = play(state, f"bid 0 on {name(WRAY)}", "pass")
    assert state.players[seat].emperor == 2 and state.waltz is not None
    assert len(state.waltz.unique_hotels.wray_tiles[seat]) == 6
    owner = owning(WRAY, emperor=5, money=0, dice=[0] * 6)
    assert owner.waltz is not None
    owner.waltz.unique_hotels.wray_tiles[0] = ["A1", "B2"]
    options = texts(owner)
    assert "retreat 3 for tile B2" in options and "retreat 4 for tile B2" not in options
    owner, _ = play(owner, "retreat 2 for tile B2")
    assert owner.players[0].emperor == 3 and owner.players[0].money == 5
    assert owner.waltz.unique_hotels.wray_tiles[0] == ["A1"]
    assert not any(t.startswith("retreat") for t in texts(owner))


def test_kozi_palace_moves_a_die_from_a_neighbouring_space_first() -> None:
    owner = owning(KOZI, dice=[0, 0, 0, 0, 2, 2], hand=["Bootblack"], money=10)
    options = texts(owner)
    assert "die 5 from 6" in options and "die 1 from 6" not in options and "die 4 from 5" in options
    owner, _ = play(owner, "die 5 from 6")
    assert owner.dice == [0, 0, 0, 0, 2, 1]
    top = owner.pending[-1]
    assert top.kind == "play_staff" and top.data["discount"] == 3
