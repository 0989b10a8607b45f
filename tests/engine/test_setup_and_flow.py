"""Setup, turn order, passing, rerolls and round end (issue 2 "Rules"; rulebook 2015 "Setup", "Preparations",
"Course of Play", "Passing", "End of a Round"; Yucata text for passing and turns without dice)."""

from __future__ import annotations

import pytest

from engine import GameConfig, apply, legal_actions, new_game
from engine.gah.cards import DICE_BY_PLAYERS, guests
from engine.gah.state import PREPARED
from tests.engine.scenario import after_setup, first_seat, fresh, play, texts, turn

SEEDS = range(1, 41)
"""The games each setup and turn-order rule is checked in (a rule holds for every seed)."""


@pytest.mark.parametrize(("players", "dice"), [(2, 10), (3, 12), (4, 14)])
def test_setup_dice_count_is_10_12_14_for_2_3_4_players(players: int, dice: int) -> None:
    """Rulebook 2015 "Setup": 10 / 12 / 14 dice."""
    for seed in SEEDS:
        state = after_setup(players, seed=seed)
        assert sum(state.dice) == dice == DICE_BY_PLAYERS[players], seed


@pytest.mark.parametrize(("players", "tiles"), [
    (2, [[1, 4], [2, 3]]), (3, [[1, 6], [2, 5], [3, 4]]), (4, [[1, 8], [2, 7], [3, 6], [4, 5]]),
])
def test_setup_turn_order_tiles_go_clockwise_from_the_start_player(players: int, tiles: list[list[int]]) -> None:
    """gah-data.md section 8: the start player gets the tile with 1, the next player clockwise the next tile."""
    for seed in SEEDS:
        state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed))
        start = state.start_player
        for offset, tile in enumerate(tiles):
            assert state.players[(start + offset) % players].tile == tile, seed


def test_setup_start_player_is_random() -> None:
    """Rulebook 2015 "Preparations": randomly determine a start player."""
    starts = {new_game(GameConfig(players=["ann", "bob", "cy"], seed=s)).start_player for s in range(30)}
    assert starts == {0, 1, 2}


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_gives_money_kitchen_staff_politics_emperor_tiles_and_display(seed: int) -> None:
    """Rulebook 2015 "Setup": 10 krones, one of each dish and drink, 6 staff, one politics card and one Emperor
    tile from each of piles A, B and C, five display guests."""
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=seed))
    for player in state.players:
        assert player.money == 10
        assert player.kitchen == [1, 1, 1, 1]
        assert len(player.hand) == 6
        assert player.emperor == 0 and player.vp == 0
    a, b, c = state.politics
    assert 105 <= a <= 108 and 109 <= b <= 112 and 113 <= c <= 116
    assert [tile[0] for tile in state.emperor_tiles] == ["A", "B", "C"]
    assert len([g for g in state.display if g is not None]) == 5
    hands = [card for player in state.players for card in player.hand]
    assert len(set(hands)) == 18 and len(state.staff_deck) == 48 - 18


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_guests_are_picked_free_in_reverse_turn_order_and_the_display_slides_right(seed: int) -> None:
    """Rulebook 2015 "Preparations": last player first, no cost; remaining guests slide right, a new one
    enters on the left."""
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=seed))
    order = sorted(range(3), key=lambda i: state.players[i].tile[0])
    assert state.current_player == state.players[order[-1]].name
    before = list(state.display)
    state, _ = play(state, f"guest 3 {guests()[before[2]].name}")
    assert state.players[order[-1]].cafe[0].guest == before[2]
    assert state.players[order[-1]].money == 10
    assert state.display[1:] == [before[0], before[1], before[3], before[4]]
    assert state.display[0] not in before
    assert state.current_player == state.players[order[1]].name


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_rooms_start_bottom_left_are_adjacent_and_pay_floor_costs(seed: int) -> None:
    """Rulebook 2015 "Preparations": up to 3 rooms, the first on the bottom-left space, then adjacent ones,
    paying the printed floor cost."""
    state = new_game(GameConfig(players=["ann", "bob"], seed=seed))
    while state.phase == "setup" and any(a.kind == "guest" for a in legal_actions(state)):
        state, _ = apply(state, next(a for a in legal_actions(state) if a.kind == "guest"))
    first = state.current_index
    assert texts(state) == ["room 1-1", "stop preparing"]
    state, _ = play(state, "room 1-1")
    assert set(texts(state)) == {"room 1-2", "room 2-1", "stop preparing"}
    state, _ = play(state, "room 2-1", "room 3-1")
    player = state.players[first]
    assert [player.rooms[0], player.rooms[5], player.rooms[10]] == [PREPARED] * 3
    assert player.money == 10 - 0 - 1 - 2
    assert state.current_index != first


@pytest.mark.parametrize("seed", SEEDS)
def test_round_start_rolls_every_die_and_the_start_player_acts_first(seed: int) -> None:
    """Rulebook 2015 "Course of Play": the holder of tile 1 rolls all dice and takes the first turn."""
    state = after_setup(3, seed=seed)
    assert state.round == 1 and sum(state.dice) == 12
    assert state.players[state.current_index].tile[0] == 1  # type: ignore[index]


@pytest.mark.parametrize("seed", SEEDS)
def test_turn_order_follows_tile_numbers_and_the_last_player_takes_two_turns_in_a_row(seed: int) -> None:
    """Rulebook 2015: after a turn the lowest visible number goes next; the player to the start player's
    right takes two consecutive turns (3 players: 1, 2, 3, 4, 5, 6 = A, B, C, C, B, A)."""
    state = after_setup(3, seed=seed)
    seen = []
    while state.round == 1:
        seen.append(state.current_index)
        actions = legal_actions(state)
        die = next((a for a in actions if a.kind == "die" and a.args == (1, 0)), None) or \
            next(a for a in actions if a.kind == "die")
        state, _ = apply(state, die)
        while state.current_index == seen[-1] and not any(a.kind == "end" for a in legal_actions(state)):
            state, _ = apply(state, legal_actions(state)[-1])
        state, _ = play(state, "end turn")
    a, b, c = seen[0], seen[1], seen[2]
    assert seen == [a, b, c, c, b, a]


@pytest.mark.parametrize("seed", SEEDS)
def test_turn_order_tiles_pass_left_each_round(seed: int) -> None:
    """Rulebook 2015 "End of a Round": each tile goes to the next player clockwise."""
    state = after_setup(3, seed=seed)
    tiles_round1 = [p.tile for p in state.players]
    while state.round == 1:
        actions = legal_actions(state)
        state, _ = apply(state, next((a for a in actions if a.kind == "pass"), actions[-1]))
    assert [p.tile for p in state.players] == [tiles_round1[2], tiles_round1[0], tiles_round1[1]]


def test_pass_then_reroll_one_die_to_dustbin_and_passed_player_plays_after() -> None:
    """Rulebook 2015 "Passing" (Andrea's example): a passed player waits until the others have taken both
    turns; then one die goes to the dustbin, the rest are rerolled, and the passed player plays."""
    seat = first_seat()
    state = turn(seat, players=2, dice=[2, 2, 2, 2, 1, 1], money=10)
    ann, bob = state.players[seat].name, state.players[1 - seat].name
    state, events = play(state, "pass")
    assert state.current_player == bob
    # bob takes both of his turns
    for _ in range(2):
        state, _ = play(state, "die 4")
        state, _ = play(state, texts(state)[0], "end turn")
    assert state.current_player == ann
    assert state.dustbin == 1
    assert sum(state.dice) == 10 - 2 - 1
    assert any(e.kind == "dustbin" for e in events) or state.dustbin == 1
    assert "pass" in texts(state)


def test_passing_the_first_turn_passes_the_second_too() -> None:
    """Yucata: if a player passes the first of two turns in a round, the second turn is passed also."""
    seat = first_seat()
    state = turn(seat, players=2, dice=[2, 2, 2, 2, 1, 1])
    other = state.players[1 - seat].name
    state, _ = play(state, "pass")
    bob_turns = 0
    while state.current_player == other:
        state, _ = play(state, "die 1")
        while "end turn" not in texts(state):
            state, _ = apply(state, legal_actions(state)[-1])
        state, _ = play(state, "end turn")
        bob_turns += 1
    assert bob_turns == 2  # ann's second number was skipped in the first pass through the order


def test_a_turn_without_dice_is_still_taken_and_cannot_be_passed() -> None:
    """Yucata: when a player's turn comes with no dice left, they take a turn without a die and cannot pass."""
    state = turn(players=2, dice=[0, 0, 0, 0, 0, 0], kitchen=[0, 0, 1, 0], cafe=[(50, [0, 0, 0, 0])], money=3)
    options = texts(state)
    assert "pass" not in options
    assert "end turn" in options
    assert "serve wine to table 1" in options
    assert not any(o.startswith("die") for o in options)


def test_round_ends_when_all_turns_are_taken_and_round_advances() -> None:
    """Rulebook 2015 "End of a Round"."""
    state = turn(first_seat(), players=2, dice=[0, 0, 0, 0, 0, 0])
    assert state.round == 1
    for _ in range(4):
        state, _ = play(state, "end turn")
    assert state.round == 2
    assert sum(state.dice) == 10 and state.dustbin == 0


def test_once_per_round_staff_are_ready_again_next_round() -> None:
    """Rulebook 2015 "End of a Round": turn your once-per-round staff cards face up again."""
    seat = first_seat()
    state = turn(seat, players=2, dice=[0, 0, 0, 0, 0, 0], played=["Barkeeper"], kitchen=[0, 0, 0, 0])
    state, _ = play(state, "use Barkeeper")
    assert "use Barkeeper" not in texts(state)
    assert state.players[seat].kitchen == [0, 0, 1, 0]
    for _ in range(4):
        state, _ = play(state, "end turn")
    assert state.round == 2
    while state.current_index != seat:
        state, _ = play(state, "pass")
    assert "use Barkeeper" in texts(state)


def test_take_a_guest_only_before_the_die_and_only_once() -> None:
    """Rulebook 2015: 1) take a guest (optional), 2) take a die (mandatory); at most one display guest a turn."""
    state = turn(dice=[3, 0, 0, 0, 0, 0], money=10)
    name = guests()[state.display[4]].name  # type: ignore[index]
    state, _ = play(state, f"guest 5 {name}")
    assert not any(t.startswith("guest") for t in texts(state))
    state = turn(dice=[3, 0, 0, 0, 0, 0], money=10)
    state, _ = play(state, "die 1", "take 3 strudel 0 cake")
    assert not any(t.startswith("guest") for t in texts(state))


def test_display_costs_are_3_2_1_0_0_left_to_right() -> None:
    """gah-data.md section 2 (board print): guest display costs 3/2/1/0/0 krones."""
    for position, cost in enumerate([3, 2, 1, 0, 0]):
        state = turn(money=10, dice=[1, 0, 0, 0, 0, 0])
        name = guests()[state.display[position]].name  # type: ignore[index]
        state, _ = play(state, f"guest {position + 1} {name}")
        assert state.players[0].money == 10 - cost


def test_guest_too_expensive_is_not_offered() -> None:
    state = turn(money=1, dice=[1, 0, 0, 0, 0, 0])
    guest_positions = [t.split()[1] for t in texts(state) if t.startswith("guest")]
    assert guest_positions == ["3", "4", "5"]


def test_cafe_has_three_tables() -> None:
    """Rulebook 2015: if all café spaces are occupied you cannot take a guest."""
    state = turn(money=10, dice=[1, 0, 0, 0, 0, 0], cafe=[(49, [0, 0, 0, 0]), (50, [0, 0, 0, 0]), (51, [0, 0, 0, 0])])
    assert not any(t.startswith("guest") for t in texts(state))


def test_guest_deck_reshuffles_discards_when_empty() -> None:
    """Rules summary: if the guest deck runs out, shuffle the discards into a new deck."""
    state = turn(money=10, dice=[1, 0, 0, 0, 0, 0])
    state.guest_discard = list(state.guest_deck)
    state.guest_deck = []
    fresh(state)
    name = guests()[state.display[4]].name  # type: ignore[index]
    state, events = play(state, f"guest 5 {name}")
    assert any(e.kind == "reshuffle" for e in events)
    assert state.display[0] is not None and state.guest_discard == []


def test_the_die_action_is_mandatory_unless_no_die_can_be_taken() -> None:
    """Rulebook 2015: taking a die is mandatory; "end turn" is only offered once it is taken."""
    state = turn(dice=[1, 0, 0, 0, 0, 0])
    assert "end turn" not in texts(state)
    state, _ = play(state, "die 1", "take 1 strudel 0 cake")
    assert "end turn" in texts(state)
    assert not any(t.startswith("die") for t in texts(state))


def test_taking_a_die_covers_the_lowest_number_on_the_tile() -> None:
    state = turn(dice=[2, 0, 0, 0, 0, 0])
    number = state.players[0].tile[0]
    state, _ = play(state, "die 1", "take 2 strudel 0 cake")
    assert state.players[0].covered == [number] and state.players[0].dice_taken == 1
    assert state.dice[0] == 1
