"""Let's Waltz module 5, objectives and Emperor tiles only (issue 17): cards 2006/2012/2018 and tiles A6/B6/C6,
and the personal pile of completed guests for objective 2018.

Sources: gah-raw MrIee objectives uid 6, 12, 18 and emperor_tiles uid 6, 12, 18 (gah-data.md sections 9f-9g);
player aid "Green-guest and 3+-item tracking".
"""

from __future__ import annotations

from engine import GameConfig, new_game
from engine.gah.behaviours import run_row as run_effect
from engine.gah.cards import emperor_tiles, guests, politics
from engine.gah.context import Ctx
from engine.gah.mechanics import claim_politics
from engine.gah.scoring import politics_condition_met
from engine.gah.waltz.more_objectives.piles import complete_guest
from tests.engine.scenario import play, texts, turn

MORE = frozenset({"more_objectives"})


def test_module_5_cards_and_tiles_join_the_piles_only_with_the_module() -> None:
    seen_cards, seen_tiles = set(), set()
    for seed in range(40):
        with_module = new_game(GameConfig(players=["ann", "bob"], seed=seed, modules=MORE))
        without = new_game(GameConfig(players=["ann", "bob"], seed=seed))
        seen_cards |= set(with_module.politics)
        seen_tiles |= set(with_module.emperor_tiles)
        assert not {2006, 2012, 2018} & set(without.politics) and not {"A6", "B6", "C6"} & set(without.emperor_tiles)
    assert {2006, 2012, 2018} <= seen_cards and {"A6", "B6", "C6"} <= seen_tiles
    assert [politics()[c].pile for c in (2006, 2012, 2018)] == ["A", "B", "C"]


def test_objective_2006_three_of_each_dish_and_drink_in_the_kitchen() -> None:
    state = turn(0, kitchen=[3, 3, 3, 2], modules=MORE)
    condition = politics()[2006].condition
    assert not politics_condition_met(state, 0, condition)
    state.players[0].kitchen = [3, 3, 3, 3]
    assert politics_condition_met(state, 0, condition)


def test_objective_2012_three_occupied_rooms_on_the_top_floor() -> None:
    state = turn(0, rooms="4-1:O 4-2:O 4-3:P", modules=MORE)
    condition = politics()[2012].condition
    assert not politics_condition_met(state, 0, condition)
    state.players[0].rooms[17] = 2
    assert politics_condition_met(state, 0, condition)


def test_objective_2018_five_completed_guests_with_three_or_more_items() -> None:
    big = [g.id for g in guests().values() if g.order_size >= 3]
    small = [g.id for g in guests().values() if g.order_size < 3]
    state = turn(0, modules=MORE)
    condition = politics()[2018].condition
    state.players[0].checked_in = big[:4] + small[:5]
    assert not politics_condition_met(state, 0, condition)
    state.players[0].checked_in.append(big[4])
    assert politics_condition_met(state, 0, condition)


def test_objective_2018_keeps_big_orders_in_a_personal_pile_until_claimed() -> None:
    """Aid: keep the relevant completed guests face down "rather than discarding them — only move them to the
    common discard after the objective is claimed"."""
    big = [g.id for g in guests().values() if g.order_size >= 3]
    small = next(g.id for g in guests().values() if g.order_size < 3)
    state = turn(0, modules=MORE)
    state.politics[2], state.politics_claims = 2018, [[], [], []]
    state.guest_deck = [g for g in state.guest_deck if g not in big[:5] and g != small]
    ctx = Ctx(state)
    complete_guest(ctx, 0, small)
    for guest in big[:5]:
        complete_guest(ctx, 0, guest)
    assert state.waltz is not None and state.waltz.more_objectives.pile[0] == big[:5] and small in state.guest_discard
    state.players[0].checked_in = big[:5]
    claim_politics(ctx, 0)
    assert state.politics_claims[2] == [0] and state.waltz.more_objectives.pile[0] == []
    assert set(big[:5]) <= set(state.guest_discard)


def _tile(tile: str, reward: bool, **options: object) -> tuple[Ctx, int]:
    state = turn(0, modules=MORE, **options)  # type: ignore[arg-type]
    state.pending = []
    ctx = Ctx(state)
    row = emperor_tiles()[tile].reward if reward else emperor_tiles()[tile].penalty
    run_effect(ctx, 0, row, f"Emperor tile {tile}")
    return ctx, 0


def test_emperor_tile_a6_reward_two_krones_and_an_item() -> None:
    ctx, seat = _tile("A6", True, money=5)
    assert ctx.state.players[seat].money == 7
    assert ctx.state.pending[-1].kind == "choose_items" and ctx.state.pending[-1].data["count"] == 1


def test_emperor_tile_a6_penalty_krones_and_an_item_or_five_vp() -> None:
    ctx, seat = _tile("A6", False, money=5, kitchen=[0, 2, 0, 0])
    assert ctx.state.players[seat].money == 3 and ctx.state.pending[-1].kind == "return_item"
    assert texts(ctx.state) == ["return cake"]
    state, _ = play(ctx.state, "return cake")
    assert state.players[seat].kitchen == [0, 1, 0, 0]
    poor, seat = _tile("A6", False, money=1, kitchen=[0, 2, 0, 0])
    assert poor.state.players[seat].money == 1 and poor.state.players[seat].vp_sources["Emperor tiles"] == -5


def test_emperor_tile_b6_reward_three_staff_and_four_vp() -> None:
    ctx, seat = _tile("B6", True, hand=["Bootblack"])
    player = ctx.state.players[seat]
    assert player.vp_sources["Emperor tiles"] == 4 and len(player.hand) == 4


def test_emperor_tile_b6_penalty_returns_three_staff_or_seven_vp() -> None:
    ctx, seat = _tile("B6", False, hand=["Bootblack", "Butler"])
    assert ctx.state.players[seat].vp_sources["Emperor tiles"] == -7
    full, seat = _tile("B6", False, hand=["Bootblack", "Butler", "Florist"])
    assert full.state.pending[-1].kind == "return_hand" and full.state.pending[-1].data["count"] == 3


def test_emperor_tile_c6_reward_five_vp_per_objective_marker() -> None:
    state = turn(0, modules=MORE)
    state.politics_claims = [[0], [1, 0], [1]]
    ctx = Ctx(state)
    run_effect(ctx, 0, emperor_tiles()["C6"].reward, "Emperor tile C6")
    assert state.players[0].vp_sources["Emperor tiles"] == 10


def test_emperor_tile_c6_penalty_loses_all_money_and_kitchen_items() -> None:
    ctx, seat = _tile("C6", False, money=12, kitchen=[2, 1, 0, 3])
    assert ctx.state.players[seat].money == 0 and ctx.state.players[seat].kitchen == [0, 0, 0, 0]


def test_emperor_tiles_a6_and_b6_lose_vp_only_when_the_penalty_cannot_be_suffered_also_in_2015() -> None:
    """Source: Yucata "Original Rules" variant: the free choice of the "lose VP" alternative is named for the
    A1, A3, A4, B2, B3, B4 and C4 penalties only; A6 and B6 print a condition ("If you have less than ..., lose
    ... instead", gah-data.md section 9g), so with edition 2015 they are suffered whenever they can be."""
    ctx, seat = _tile("A6", False, money=5, kitchen=[0, 2, 0, 0], edition="2015")
    assert not any(t.startswith("lose ") for t in texts(ctx.state))
    assert ctx.state.players[seat].money == 3 and ctx.state.pending[-1].kind == "return_item"
    full, seat = _tile("B6", False, hand=["Bootblack", "Butler", "Florist"], edition="2015")
    assert not any(t.startswith("lose ") for t in texts(full.state))
    assert full.state.pending[-1].kind == "return_hand" and full.state.pending[-1].data["count"] == 3
    short, seat = _tile("B6", False, hand=["Bootblack", "Butler"], edition="2015")
    assert short.state.players[seat].vp_sources["Emperor tiles"] == -7


def test_emperor_tiles_b3_keeps_the_2015_free_choice_next_to_b6() -> None:
    """Source: Yucata "Original Rules" variant ("you can choose either alternate" on B3); B6 shares B3's effect
    row, and the choice belongs to the tile, not to the effect."""
    ctx, _ = _tile("B3", False, hand=["Bootblack", "Butler", "Florist"], edition="2015")
    assert texts(ctx.state) == ["take the penalty", "lose 7 VP instead"]
