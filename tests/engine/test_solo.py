"""Solo play "Dinner for One" against Leopold (issue 9): setup, each instruction-card element and fallback, the
difficulty filters, room placement, Emperor scoring, final scoring with the four staff special cases, hidden
information, and seeded full games at every difficulty with the invariants checked after every action.

[PA] = shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt ("Dinner for One" part);
[DATA] = shared/reference/gah-raw/brdgm_grand-austria-hotel-solo-helper__solo_cards.json and gah-data.md
section 9h ("Solo setup facts").
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine import GameConfig, GameState, apply, final_scores, legal_actions, new_game, player_view, projected_scores
from engine.gah.cards import DICE_BY_PLAYERS, EMPEROR_TRACK_VP, guests, politics_vp, staff
from engine.gah.context import Ctx
from engine.gah.flow import STEPS
from engine.gah.scoring import secretary_choices
from engine.gah.solo import OPPONENT_NAME, draw_instruction, instruction_cards, room_for, secretary_pick
from engine.gah.state import EMPTY, OCCUPIED, Frame, TurnState
from tests.engine.invariants import check_invariants
from tests.engine.scenario import parse_rooms, staff_ids, texts

RAW = (Path(__file__).resolve().parents[3] / "shared" / "reference" / "gah-raw"
       / "brdgm_grand-austria-hotel-solo-helper__solo_cards.json")
LEO = 1
"""Leopold's seat: after the one human."""

# Guests by colour and VP (engine/gah/data/guests.json).
COUNTESS, EARL, PRINCE, DAME, BARONESS = 69, 74, 72, 63, 75  # blue 7, 10, 7, 0, 5
SENIOR_COUNCILLOR, MAJOR, APOTHECARY, SENIOR_LEGAL = 82, 85, 77, 90  # red 7, 3, 1, 7
ACTRESS, PHOTOGRAPHER, POET, COMPOSER = 58, 55, 59, 51  # yellow 7, 7, 5, 1
CRAMERSOPHOLUS, FARMER_FRANZ, TEZCATLIPOCA = 99, 100, 91  # green 5, 4, 0


def solo_game(seed: int = 1, difficulty: str = "medium") -> GameState:
    """A solo game after setup (human returns the first 4 offered cards, takes guest 1, prepares no room);
    Leopold has already played turn 1 of round 1 and the human is on turn."""
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty=difficulty))
    while state.phase == "setup":
        actions = legal_actions(state)
        pick = next((a for a in actions if a.kind in ("bottom", "guest")), None)
        pick = pick or next(a for a in actions if a.kind == "decline")
        state, _ = apply(state, pick)
    return state


def start(seed: int = 1, difficulty: str = "medium") -> GameState:
    """A solo game at the start of round 1 (setup answered as in `solo_game`, dice rolled), before Leopold's
    first turn: his hotel, tracks and countdown are still empty."""
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty=difficulty))
    while state.pending[-1].kind != "prepare_rooms":
        actions = legal_actions(state)
        state, _ = apply(state, next(a for a in actions if a.kind in ("bottom", "guest")))
    state = state.copy()
    assert [f.kind for f in state.pending] == ["auto:start_round", "prepare_rooms"]
    state.pending = []
    STEPS["auto:start_round"](Ctx(state), Frame("auto:start_round", 0))
    return state


def set_display(state: GameState, ids: list[int]) -> None:
    """Put exactly these guests on display positions 1-5 (left to right), keeping every card in one place."""
    for pile in (state.guest_deck, state.guest_discard):
        for guest in ids:
            if guest in pile:
                pile.remove(guest)
    for table in state.players[0].cafe:
        if table.guest in ids:
            state.guest_discard.append(table.guest)
            table.guest, table.served = None, [0, 0, 0, 0]
    old = [g for g in state.display if g is not None and g not in ids]
    state.guest_deck[:0] = old
    state.display = list(ids)


def leopold_turn(
    card: int,
    *,
    state: GameState | None = None,
    difficulty: str | None = None,
    display: list[int] | None = None,
    dice: list[int] | None = None,
    rooms: str | None = None,
    countdown: list[int] | None = None,
) -> tuple[GameState, list[str]]:
    """Run Leopold's automatic turn with instruction card `card` on top of his deck; returns state and log texts."""
    state = (state or start()).copy()
    solo = state.solo
    assert solo is not None
    if difficulty is not None:
        state.config = replace(state.config, solo_difficulty=difficulty)
    (solo.deck if card in solo.deck else solo.discard).remove(card)
    solo.deck.append(card)
    if display is not None:
        set_display(state, display)
    if dice is not None:
        state.dice = list(dice)
    if rooms is not None:
        state.players[LEO].rooms = parse_rooms(rooms)
    if countdown is not None:
        solo.countdown = list(countdown)
    state.turn = TurnState(LEO, 1)
    ctx = Ctx(state)
    STEPS["auto:solo_turn"](ctx, Frame("auto:solo_turn", LEO))
    return ctx.state, [e.text for e in ctx.events]


def joined(log: list[str]) -> str:
    return "\n".join(log)


# ----- data and options ----------------------------------------------------------------------------------


def test_leopold_deck_is_the_20_light_brown_cards_193_to_212() -> None:
    """[PA "Dinner for One"] "a deck of 20 instruction cards"; [DATA] deckType "leopold", ids 193-212."""
    cards = instruction_cards()
    assert sorted(cards) == list(range(193, 213))
    assert all(card.hand in ("left", "right") and 1 <= len(card.guests) <= 2 for card in cards.values())
    assert all(set(card.dice) <= set(range(1, 7)) and len(card.dice) in (0, 1, 2) for card in cards.values())
    assert {a.action for card in cards.values() for a in card.actions} == {"emperor", "staff", "objective"}
    assert {a.border for card in cards.values() for a in card.actions} == {"plain", "silver", "gold"}


def test_leopold_json_matches_the_source_with_205_and_206_relabelled() -> None:
    """[DATA] the 13th and 14th Leopold entries repeat ids 193/194 and are cards 205/206; difficultyLevel [2, 3] is a
    silver border (ignored on easy), [3] a gold border (hard only)."""
    if not RAW.exists():
        pytest.skip("shared/reference is not next to this checkout")
    cards = instruction_cards()
    source = [c for c in json.loads(RAW.read_text(encoding="utf-8")) if c["deckType"] == "leopold"]
    assert len(source) == 20
    for row in source:
        card = cards[{13: 205, 14: 206}.get(row["position_in_source"], row["id"])]
        assert card.hand == row["tieBreaker"]
        assert [g.color for g in card.guests] == [g["guestCategory"] for g in row["guestSelection"]]
        assert card.dice == (() if row["dieSelection"] == ["any"] else tuple(int(v) for v in row["dieSelection"]))
        for extra, raw in zip(card.actions, row["additionalAction"], strict=True):
            assert extra.action == {"emperor-track": "emperor", "staff-card": "staff",
                                    "objective-card": "objective"}[raw["action"]]
            assert extra.steps == raw.get("emperorTrackSteps", 0) and extra.card == raw.get("objectiveCard", "")
        borders = [g.border for g in card.guests] + [a.border for a in card.actions]
        levels = [part.get("difficultyLevel") for part in (*row["guestSelection"], *row["additionalAction"])]
        assert borders == [{None: "plain", (2, 3): "silver", (3,): "gold"}[None if level is None else tuple(level)]
                           for level in levels]
    assert cards[205].actions[1].action == "staff" and cards[206].actions[0].action == "staff"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": ["ann", "bob"], "solo": "leopold"}, "exactly one player"),
        ({"players": ["ann"], "solo": "elisabeth"}, "solo must be one of"),
        ({"players": ["ann"], "solo": "leopold", "solo_difficulty": "brutal"}, "solo_difficulty"),
        ({"players": ["Leopold"], "solo": "leopold"}, "opponent's name"),
        ({"players": ["ann"], "solo": "leopold", "staff_start": "draft"}, "staff_start"),
        ({"players": ["ann"]}, "2 to 4 players"),
    ],
)
def test_solo_options_are_validated(options: dict[str, object], message: str) -> None:
    """Issue 9: solo="leopold" requires exactly one player name; unknown values raise ValueError."""
    with pytest.raises(ValueError, match=message):
        new_game(GameConfig(**options))  # type: ignore[arg-type]


def test_solo_options_round_trip_and_are_left_out_of_other_games_json() -> None:
    config = GameConfig(players=["ann"], solo="leopold", solo_difficulty="hard", seed=3)
    assert GameConfig.from_dict(config.to_dict()) == config
    plain = GameConfig(players=["ann", "bob"])
    assert "solo" not in plain.to_dict() and "solo_difficulty" not in plain.to_dict()
    two = new_game(plain)
    assert "solo" not in two.to_dict()
    assert GameState.from_dict(two.to_dict()).solo is None  # JSON from before the solo fields still loads
    state = solo_game()
    assert GameState.from_json(state.to_json()) == state


# ----- setup ---------------------------------------------------------------------------------------------


def test_setup_leopold_takes_the_1_4_tile_and_moves_first() -> None:
    """[PA "Setup"] "Your opponent takes the "1/4" turn order tile — they always take the first turn. You take
    the "2/3" tile"."""
    state = new_game(GameConfig(players=["ann"], seed=2, solo="leopold"))
    assert [p.name for p in state.players] == ["ann", OPPONENT_NAME]
    assert state.players[LEO].tile == [1, 4] and state.players[0].tile == [2, 3]
    assert state.start_player == LEO
    state = solo_game(2)
    assert state.round == 1 and state.current_player == "ann"
    assert state.players[LEO].covered == [1] and state.players[LEO].dice_taken == 1
    assert state.turn is not None and state.turn.number == 2


def test_setup_leopold_night_side_no_money_no_kitchen_no_guest_no_rooms_and_10_dice() -> None:
    """[PA "Setup"] "Set up the game as a normal 2-player game"; "uses the night side of a random hotel board";
    "does not use a money track"; "does not place starting dishes, drinks"; "does not draw an initial guest or
    prepare any starting rooms". Dice: the 2-player count, the text says nothing else."""
    state = new_game(GameConfig(players=["ann"], seed=2, solo="leopold", hotel_sides="individual"))
    leopold = state.players[LEO]
    assert leopold.side == "standard" and state.players[0].side in "ABCD"
    assert leopold.money == 0 and leopold.kitchen == [0, 0, 0, 0] and leopold.hand == []
    assert all(room == EMPTY for room in leopold.rooms) and all(t.guest is None for t in leopold.cafe)
    assert [f.kind for f in state.pending] == ["auto:start_round", "prepare_rooms", "setup_guest", "solo_staff"]
    assert all(f.player == 0 for f in state.pending if not f.kind.startswith("auto:"))
    state = solo_game(2)
    assert sum(state.dice) + state.dustbin + sum(p.dice_taken for p in state.players) == DICE_BY_PLAYERS[2] == 10


def test_setup_private_staff_deck_is_5_game_end_cards_taken_before_the_human_draws() -> None:
    """[PA "Setup"] "retrieve every card with the skeleton-key-through-clipboard symbol. Shuffle them, draw 5 at
    random ... face-down beside your opponent's hotel board as their private deck. Shuffle the remaining
    skeleton-key staff cards back into the common deck. Your opponent does not ... reveal any"."""
    state = new_game(GameConfig(players=["ann"], seed=4, solo="leopold"))
    assert state.solo is not None
    private = state.solo.staff
    assert len(private) == 5 and all(staff()[c].kind == "game_end" for c in private)
    assert state.players[LEO].played == []
    left = [c for c in state.staff_deck if staff()[c].kind == "game_end"]
    offered = state.pending[-1].data["cards"]
    assert not set(private) & (set(state.staff_deck) | set(offered))
    assert len(left) + sum(1 for c in offered if staff()[c].kind == "game_end") == 13 - 5
    decks = {tuple(new_game(GameConfig(players=["ann"], seed=s, solo="leopold")).solo.staff)  # type: ignore[union-attr]
             for s in range(6)}
    assert len(decks) > 1  # random, and seeded


def test_setup_human_draws_10_keeps_6_and_returns_4_to_the_bottom_in_chosen_order() -> None:
    """[PA "Setup"] "Draw 10 staff cards from the common deck, keep 6 for your hand, and return the other 4 to the
    bottom of the deck in any order"."""
    state = new_game(GameConfig(players=["ann"], seed=4, solo="leopold"))
    drawn = list(state.pending[-1].data["cards"])
    assert len(drawn) == 10 and state.current_player == "ann"
    assert len(texts(state)) == 10 and all(t.startswith("bottom ") for t in texts(state))
    returned = [drawn[7], drawn[2], drawn[9], drawn[0]]
    for card in returned:
        state, _ = apply(state, next(a for a in legal_actions(state) if a.args == (card,)))
    assert sorted(state.players[0].hand) == sorted(c for c in drawn if c not in returned)
    assert state.staff_deck[:4] == list(reversed(returned))  # each goes below the ones returned before it
    assert state.pending[-1].kind == "setup_guest"
    assert len(player_view(state, None).players[0].hand) == 6


@pytest.mark.parametrize("seed", range(1, 41))
def test_tiles_swap_at_the_end_of_every_round(seed: int) -> None:
    """[PA "End of Round"] "At the end of every round (except round 7), swap turn order tiles with your
    opponent"."""
    state = solo_game(seed)
    chooser = random.Random(seed)
    tiles = {}
    while not state.is_over:
        tiles[state.round] = tuple(state.players[LEO].tile)
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    assert tiles == {r: ((1, 4) if r % 2 else (2, 3)) for r in range(1, 8)}


# ----- top section: guests -------------------------------------------------------------------------------


def test_guest_of_the_depicted_colour_with_the_most_vp() -> None:
    """[PA "Top Section: Guests"] "If there are multiple guests of the depicted colour in the queue, your opponent
    takes the one providing the most victory points"; he scores the printed VP at once [PA "Accommodating
    Guests"]."""
    state, log = leopold_turn(194, display=[SENIOR_COUNCILLOR, EARL, MAJOR, APOTHECARY, ACTRESS])  # red
    assert "Leopold takes Senior Councillor (red, 7 VP) from display position 1 (red, the most VP)." in log
    leopold = state.players[LEO]
    assert leopold.vp_sources["guests"] == 7 and SENIOR_COUNCILLOR in state.guest_discard
    assert leopold.rooms[2] == OCCUPIED  # 1-3 is the first red space of floor 1


def test_guest_colour_absent_takes_the_most_vp_of_any_colour() -> None:
    """[PA] "If there is no matching guest ..., your opponent takes the guest in the queue providing the most
    victory points"."""
    _, log = leopold_turn(204, display=[DAME, POET, COMPOSER, EARL, MAJOR])  # green absent
    assert "Leopold takes Earl (blue, 10 VP) from display position 4 (no green guest in the queue: the most VP)" \
        in joined(log)


def test_guest_any_colour_symbol_takes_the_most_vp() -> None:
    """[PA] "(or the symbol depicts no specific colour), your opponent takes the guest ... providing the most VP"."""
    _, log = leopold_turn(195, display=[DAME, COMPOSER, CRAMERSOPHOLUS, MAJOR, APOTHECARY])
    assert "takes Cramersopholus (green, 5 VP) from display position 3 (any colour: the most VP)" in joined(log)


def test_guest_all_rooms_of_the_colour_occupied_takes_the_most_vp_that_can_move_in() -> None:
    """[PA] "If all rooms of that colour are already occupied in their hotel, your opponent takes the guest in the
    queue providing the most VP of any colour that can still move into their hotel"."""
    reds = "1-3:O 1-4:O 2-3:O 2-4:O 3-2:O 4-2:O 4-4:O"  # every red space of the night side
    blues = "1-1:O 1-5:O 3-1:O 3-3:O 4-1:O 4-3:O 4-5:O"  # every blue space
    _, log = leopold_turn(194, rooms=f"{reds} {blues}",
                          display=[SENIOR_COUNCILLOR, EARL, POET, COMPOSER, MAJOR])
    assert "takes Poet (yellow, 5 VP) from display position 3 (all his red rooms are occupied: the most VP of a " \
        "guest who can move in)" in joined(log)


def test_guest_nobody_can_move_in_takes_no_guest() -> None:
    """[PA] "If, in the very rare case, every guest in the queue has a colour whose rooms in your opponent's hotel
    are all occupied, your opponent does not take a guest"."""
    reds = "1-3:O 1-4:O 2-3:O 2-4:O 3-2:O 4-2:O 4-4:O"
    blues = "1-1:O 1-5:O 3-1:O 3-3:O 4-1:O 4-3:O 4-5:O"
    display = [SENIOR_COUNCILLOR, EARL, MAJOR, APOTHECARY, COUNTESS]
    state, log = leopold_turn(195, rooms=f"{reds} {blues}", display=display)
    assert state.display == display and "he takes no guest" in joined(log)
    assert "guests" not in state.players[LEO].vp_sources


@pytest.mark.parametrize(("card", "hand", "expected"), [(210, "left", 2), (199, "right", 5)])
def test_guest_ties_follow_the_hand(card: int, hand: str, expected: int) -> None:
    """[PA] "In ties, the hand symbol at the bottom of the card decides the order: leftward-pointing resolves ties
    left to right, rightward-pointing resolves them right to left"."""
    _, log = leopold_turn(card, display=[MAJOR, COUNTESS, DAME, BARONESS, PRINCE])  # Countess and Prince 7
    assert f"from display position {expected} (blue, the most VP, tie broken by the hand pointing {hand})" \
        in joined(log)


def test_two_guests_left_symbol_first_and_the_queue_refills_after_each() -> None:
    """[PA] "If two, the left-most guest is taken first, then the right-most, replenishing the queue after each
    pick"; the refill is the base game's: guests left of the gap slide right, a new guest fills position 1."""
    state = start()
    set_display(state, [MAJOR, POET, DAME, EARL, APOTHECARY])
    top = state.guest_deck[-1]
    state, log = leopold_turn(212, state=state)  # yellow, then any; hand left
    assert "takes Poet (yellow, 5 VP) from display position 2 (yellow, the most VP)" in joined(log)
    assert "takes Earl (blue, 10 VP) from display position 4 (any colour: the most VP)" in joined(log)
    second = state.display[0]
    assert state.display[1:] == [top, MAJOR, DAME, APOTHECARY]
    assert second is not None and state.guest_discard[-2:] == [POET, EARL]


def test_guest_gives_no_reward_no_occupancy_bonus_and_costs_nothing() -> None:
    """[PA] "Your opponent does not pay for rooms, does not earn an occupancy bonus for completing a group, and
    does not receive the reward printed on the guest card"."""
    before = start()
    before.players[LEO].rooms = parse_rooms("1-2:O")  # the yellow group 1-2/2-1/2-2 lacks 2-1 and 2-2
    state, log = leopold_turn(196, state=before, display=[ACTRESS, DAME, MAJOR, APOTHECARY, COMPOSER])
    leopold = state.players[LEO]
    assert leopold.rooms[5] == OCCUPIED  # 2-1
    assert leopold.money == 0 and leopold.kitchen == [0, 0, 0, 0] and all(t.guest is None for t in leopold.cafe)
    assert leopold.emperor == 2  # only the card's Emperor +2
    assert leopold.vp_sources == {"guests": 7}
    assert "occupancy" not in joined(log) and not any(f.kind == "auto:effect" for f in state.pending)


# ----- room placement ------------------------------------------------------------------------------------


def test_coloured_guest_room_first_matching_space_from_the_left_on_the_lowest_floor() -> None:
    """[PA "Accommodating Guests"] "Blue, red, or yellow guests — select the first matching space from the left in
    the bottommost available row"; no adjacency rule, no bottom-left start."""
    state = start()
    leopold = state.players[LEO]
    assert room_for(leopold, "red") == 2  # 1-3
    leopold.rooms = parse_rooms("1-3:O 1-4:O")
    assert room_for(leopold, "red") == 7  # 2-3: floor 1 has no red space left
    leopold.rooms = parse_rooms("1-1:O 1-5:O")
    assert room_for(leopold, "blue") == 10  # 3-1: floor 2 has no blue space at all
    state, log = leopold_turn(194, display=[MAJOR, DAME, BARONESS, POET, COMPOSER])
    assert "places an occupied red room on 1-3 for Major (the first red space from the left on the lowest floor " \
        "with one)" in joined(log)


def test_green_guest_room_first_empty_space_from_the_bottom_in_the_rightmost_column() -> None:
    """[PA] "Green guests — select the first empty space from the bottom in the rightmost available column"; the
    room is the space's colour. "If the covered space shows a victory point symbol, your opponent immediately
    scores that many VP"."""
    state = start()
    leopold = state.players[LEO]
    assert room_for(leopold, "green") == 4  # 1-5
    leopold.rooms = parse_rooms("1-5:O 2-5:O 3-5:O 4-5:O")
    assert room_for(leopold, "green") == 3  # 1-4: column 5 is full
    state, log = leopold_turn(204, rooms="1-5:O 2-5:O", display=[CRAMERSOPHOLUS, DAME, MAJOR, POET, COMPOSER])
    assert "places an occupied yellow room on 3-5 for Cramersopholus (the lowest empty space of the rightmost " \
        "column with one)" in joined(log)
    assert state.players[LEO].vp_sources == {"guests": 5, "room badges": 1}


# ----- middle section: die -------------------------------------------------------------------------------


def test_die_depicted_value_is_taken_without_its_action() -> None:
    """[PA "Middle Section: Die"] "Your opponent takes the depicted die from the action board and places it on
    their turn order tile as normal. They do not carry out the associated main action"."""
    state, log = leopold_turn(194, dice=[3, 1, 0, 2, 2, 2])
    assert state.dice == [3, 0, 0, 2, 2, 2]
    leopold = state.players[LEO]
    assert leopold.dice_taken == 1 and leopold.covered == [1] and leopold.money == 0
    assert "Leopold takes a die from space 2 (the depicted die) and does not carry out its action." in log
    assert state.turn is None


def test_die_depicted_value_absent_takes_the_space_with_most_dice() -> None:
    """[PA] "If the card shows a question mark, or no die of the depicted value is available, your opponent takes
    the die whose value has the most dice on the action board"."""
    state, log = leopold_turn(194, dice=[1, 0, 3, 2, 2, 2])
    assert state.dice == [1, 0, 2, 2, 2, 2]
    assert "space 3 (no die on 2: the space with the most dice)" in joined(log)


def test_die_two_values_takes_the_one_with_more_dice() -> None:
    """[PA] "If the instruction card shows two dice, your opponent takes the die whose value has the most dice on
    the action board (compared to the other depicted value)"."""
    state, log = leopold_turn(208, dice=[4, 0, 1, 2, 0, 3])  # 3 or 4
    assert state.dice == [4, 0, 1, 1, 0, 3] and "(of 3 and 4, the one with more dice)" in joined(log)
    state, _ = leopold_turn(208, dice=[4, 0, 0, 1, 0, 3])  # only 4 present
    assert state.dice == [4, 0, 0, 0, 0, 3]
    state, log = leopold_turn(208, dice=[4, 2, 0, 0, 0, 3])  # neither present: most dice overall
    assert state.dice == [3, 2, 0, 0, 0, 3] and "no die on 3 or 4: the space with the most dice" in joined(log)


@pytest.mark.parametrize(("card", "dice", "after"), [
    (204, [1, 3, 0, 3, 0, 1], [1, 2, 0, 3, 0, 1]),  # question mark, hand left: space 2
    (199, [1, 3, 0, 3, 0, 1], [1, 3, 0, 2, 0, 1]),  # question mark, hand right: space 4
    (208, [1, 0, 2, 2, 0, 1], [1, 0, 1, 2, 0, 1]),  # 3 or 4 tied, hand left: 3
    (211, [1, 0, 0, 2, 2, 1], [1, 0, 0, 2, 1, 1]),  # 4 or 5 tied, hand right: 5
])
def test_die_ties_follow_the_hand(card: int, dice: list[int], after: list[int]) -> None:
    """[PA] "Resolve ties according to the hand symbol" (left: action space 1 side first; right: space 6 side)."""
    state, log = leopold_turn(card, dice=dice)
    assert state.dice == after and "tie broken by the hand pointing" in joined(log)


# ----- bottom section: extra actions ---------------------------------------------------------------------


def test_emperor_symbol_advances_and_steps_beyond_13_score_vp() -> None:
    """[PA "Emperor Track"] "Advance your opponent's marker ... They score VP as normal if the marker would exceed
    the track"."""
    state = start()
    state.players[LEO].emperor = 11
    state, _ = leopold_turn(210, state=state)  # Emperor +4
    assert state.players[LEO].emperor == 13 and state.players[LEO].vp_sources["emperor track overflow"] == 2


def test_staff_symbol_reveals_the_top_private_card_face_up() -> None:
    """[PA "Staff Card"] "Draw the top staff card from your opponent's private deck and place it face-up beside it"."""
    state = start()
    assert state.solo is not None
    top = state.solo.staff[-1]
    state, log = leopold_turn(198, state=state)
    assert state.players[LEO].played == [top] and state.solo is not None and len(state.solo.staff) == 4
    assert f"Leopold reveals the {staff()[top].name} from his private staff deck." in log
    state.solo.staff = []
    state, log = leopold_turn(198, state=state)
    assert state.players[LEO].played == [top] and "private staff deck is empty" in joined(log)


def test_objective_countdown_iii_ii_i_then_claims_the_highest_free_space() -> None:
    """[PA "Objective Card"] "If not, place one of their remaining markers on the "III" space ... move the marker
    one space to the left ("III" -> "II", "II" -> "I"). When the marker reaches "I", they immediately claim the
    objective by moving a marker onto the highest available VP space on the objective card"."""
    state = start()
    for mark in (3, 2, 1):
        state, log = leopold_turn(194, state=state)  # objective B
        assert state.solo is not None and state.solo.countdown == [0, mark, 0]
    assert "claims it" in joined(log) and state.politics_claims[1] == [LEO]
    assert state.players[LEO].vp_sources["politics"] == politics_vp()[0] == 15
    other = start()
    other.politics_claims[1] = [0]  # the human was first
    state, _ = leopold_turn(194, state=other, countdown=[0, 2, 0])
    assert state.politics_claims[1] == [0, LEO] and state.players[LEO].vp_sources["politics"] == 10


@pytest.mark.parametrize("seed", range(1, 41))
def test_objective_never_claimed_by_condition(seed: int) -> None:
    """[PA "Rules Summary"] "Your opponent ignores objective requirements — she claims them through the
    instruction-deck countdown"."""
    state = solo_game(seed)
    chooser = random.Random(seed)
    while not state.is_over:
        state, _ = apply(state, chooser.choice(legal_actions(state)))
        assert state.solo is not None
        for slot, claims in enumerate(state.politics_claims):
            assert (LEO in claims) == (state.solo.countdown[slot] == 1)


@pytest.mark.parametrize(("card", "countdown", "slot"), [
    (202, [3, 0, 0], 1),  # "?", hand left: least progress B and C tie -> B
    (193, [0, 0, 3], 1),  # "?", hand right: A and B tie -> B
    (193, [2, 3, 2], 1),  # "?": III is less progress than II
])
def test_objective_question_mark_takes_the_least_progress_ties_by_hand(card: int, countdown: list[int],
                                                                      slot: int) -> None:
    """[PA] "If the card shows a question mark ... look instead at the objective card on which they have made the
    least progress, resolving any ties with the hand symbol"."""
    state, _ = leopold_turn(card, difficulty="hard", countdown=countdown)
    assert state.solo is not None
    expected = list(countdown)
    expected[slot] = {0: 3, 3: 2, 2: 1}[countdown[slot]]
    assert state.solo.countdown == expected


def test_objective_already_claimed_falls_back_to_least_progress() -> None:
    """[PA] "or your opponent has already claimed the depicted objective, look instead at the objective card on
    which they have made the least progress"."""
    state = start()
    state.politics_claims[1] = [LEO]
    state, log = leopold_turn(194, state=state, countdown=[2, 1, 3])  # objective B, claimed; hand left
    assert state.solo is not None and state.solo.countdown == [2, 1, 2]
    assert "card B is already claimed: the card with the least progress" in joined(log)
    state.politics_claims = [[LEO], [LEO], [LEO]]
    state.solo.countdown = [1, 1, 1]
    state, log = leopold_turn(194, state=state)
    assert "has claimed every politics card" in joined(log)


# ----- difficulty ----------------------------------------------------------------------------------------


def test_easy_ignores_silver_and_gold_symbols() -> None:
    """[PA "Difficulty"] "Easy — ignore any symbol on the instruction card with a silver (single-edged) or gold
    (double-edged) border". Card 207: red, any (gold); Emperor +2, staff (gold). Card 197: green (silver)."""
    display = [MAJOR, EARL, POET, DAME, COMPOSER]
    state, log = leopold_turn(207, difficulty="easy", display=display)
    assert state.players[LEO].checked_in == [MAJOR] and state.players[LEO].played == []
    assert "ignores the gold-bordered any guest symbol (easy)" in joined(log)
    state, log = leopold_turn(197, difficulty="easy", display=display)
    assert state.players[LEO].checked_in == [] and state.players[LEO].emperor == 3


def test_medium_ignores_gold_but_applies_silver() -> None:
    """[PA "Difficulty"] "Medium — ignore any symbol with a gold (double-edged) border". Card 196: objective A
    (silver); card 207: any guest (gold)."""
    state, _ = leopold_turn(196, difficulty="medium")
    assert state.solo is not None and state.solo.countdown == [3, 0, 0]
    state, _ = leopold_turn(207, difficulty="medium", display=[MAJOR, EARL, POET, DAME, COMPOSER])
    assert state.players[LEO].checked_in == [MAJOR] and state.players[LEO].played == []
    state, _ = leopold_turn(196, difficulty="easy")
    assert state.solo is not None and state.solo.countdown == [0, 0, 0]


def test_hard_applies_every_symbol() -> None:
    """[PA "Difficulty"] "Hard — apply every symbol on the card"."""
    state, log = leopold_turn(207, difficulty="hard", display=[MAJOR, EARL, POET, DAME, COMPOSER])
    leopold = state.players[LEO]
    assert leopold.checked_in == [MAJOR, EARL] and len(leopold.played) == 1 and "ignores" not in joined(log)


# ----- instruction deck ----------------------------------------------------------------------------------


def test_instruction_deck_reshuffles_when_it_runs_out_with_the_state_rng() -> None:
    """Issue 9: reshuffle his instruction deck when it runs out (seeded, from the state's RNG)."""
    state = start()
    assert state.solo is not None
    state.solo.discard, state.solo.deck = state.solo.discard + state.solo.deck, []
    runs = []
    for _ in range(2):
        ctx = Ctx(state.copy())
        card = draw_instruction(ctx)
        runs.append(ctx.state.to_json())
        solo = ctx.state.solo
        assert solo is not None and len(solo.deck) == 19 and solo.discard == [card.id]
        assert "Leopold's instruction cards are shuffled into a new deck." in [e.text for e in ctx.events]
        assert ctx.state.rng != state.rng
    assert runs[0] == runs[1]
    state.turn = TurnState(LEO, 1)
    ctx = Ctx(state)
    STEPS["auto:solo_turn"](ctx, Frame("auto:solo_turn", LEO))  # a whole turn with an empty deck works too
    assert ctx.state.solo is not None and len(ctx.state.solo.deck) == 19


def test_every_turn_is_logged_with_the_card_and_reasons() -> None:
    """Issue 9: every step of Leopold is an engine event that explains what he did and why."""
    _, log = leopold_turn(199, display=[MAJOR, COUNTESS, DAME, POET, COMPOSER], dice=[1, 2, 0, 0, 0, 0])
    assert log[0] == ("Leopold turns over instruction card 199: guests blue; die ?; Emperor +2, objective C; "
                      "hand points right.")
    assert "Leopold takes Countess (blue, 7 VP) from display position 2 (blue, the most VP)." in log
    assert log[-1] == "Leopold ends the turn."


# ----- turn order, Emperor scoring -----------------------------------------------------------------------


def test_leopold_never_decides_and_never_passes() -> None:
    """[PA] "Your opponent never passes"; issue 9: his turns are automatic, `current_player` is the human or None."""
    state = solo_game(7)
    solo_cards = 0
    while not state.is_over:
        assert state.current_player == "ann"
        action = next((a for a in legal_actions(state) if a.kind == "pass"), None) or legal_actions(state)[0]
        state, events = apply(state, action)
        solo_cards += sum(1 for e in events if e.kind == "solo_card")
    assert state.current_player is None
    assert solo_cards == 14 - 1  # two turns in each of 7 rounds; the first was played during setup


def test_emperor_scoring_leopold_scores_and_retreats_without_reward_or_penalty() -> None:
    """[PA "End of Round"] "both of you score the VP for your positions on the Emperor track and reset your markers
    ... only you gain any reward or suffer any penalty ... your opponent never gets the Emperor reward, and
    never suffers the penalty"."""
    for position in (8, 2):  # ends on 5 (reward zone) or 0 (penalty zone)
        state = start()
        state.round, state.phase = 3, "emperor"
        state.players[LEO].emperor = position
        ctx = Ctx(state)
        depth = len(state.pending)
        STEPS["auto:emperor_scoring"](ctx, Frame("auto:emperor_scoring", LEO))
        assert len(ctx.state.pending) == depth  # nothing pushed: no reward, no penalty
        leopold = ctx.state.players[LEO]
        assert leopold.emperor == max(0, position - 3)
        assert leopold.vp_sources == {"Emperor scoring": EMPEROR_TRACK_VP[position]}
        assert "Leopold gets neither reward nor penalty (solo rules)." in [e.text for e in ctx.events]


# ----- final scoring -------------------------------------------------------------------------------------


def finished(rooms: str = "", played: tuple[str, ...] = (), human_played: tuple[str, ...] = ()) -> GameState:
    """A round-1 state standing in for the game end: Leopold's rooms and face-up staff, the human's staff."""
    state = start()
    state.players[LEO].rooms = parse_rooms(rooms) if rooms else [EMPTY] * 20
    state.players[LEO].played = staff_ids(*played)
    state.players[0].played = staff_ids(*human_played)
    return state


def test_final_scoring_rooms_by_floor_and_face_up_staff_no_money_items_or_cafe() -> None:
    """[PA "Final Scoring"] "Your opponent scores VP for: Closed rooms in their hotel (using the same row-based
    scoring table as a human player); Every face-up staff card they revealed"; "does not score for leftover money
    or items ..., does not lose VP for guests in their café"."""
    state = finished("1-1:O 2-1:O 3-1:O 4-1:O 4-2:O", played=("Chambermaid", "Concierge"))
    assert state.solo is not None
    state.solo.staff = staff_ids("Liftboy")  # face down: does not score
    score = final_scores(state)[OPPONENT_NAME]
    assert score.parts["occupied rooms"] == 1 + 2 + 3 + 4 + 4
    assert score.parts["game-end staff"] == 5 * 1 + 3 * 3  # Chambermaid 1/room, Concierge 3/blue room (3 blue)
    assert score.parts["krones"] == score.parts["dishes and drinks"] == score.parts["café guests"] == 0


def test_secretary_copies_the_human_card_scoring_leopold_the_most() -> None:
    """[PA "Staff Card Clarifications"] "#29 Secretary — your opponent chooses the staff card that scores her the
    most VP. If you have no staff with the skeleton-key-through-clipboard symbol, the Secretary scores nothing"."""
    state = finished("1-1:O 1-5:O 1-3:O 1-4:O 2-3:O", played=("Secretary",),
                     human_played=("Concierge", "Booking Manager", "Secretary"))
    assert secretary_pick(state, LEO) == staff_ids("Booking Manager")[0]  # 3 red rooms beat 2 blue rooms
    ctx = Ctx(state)
    STEPS["auto:solo_secretary"](ctx, Frame("auto:solo_secretary", LEO))
    assert final_scores(ctx.state)[OPPONENT_NAME].parts["game-end staff"] == 9
    nothing = finished("1-1:O", played=("Secretary",), human_played=("Butler",))
    assert secretary_pick(nothing, LEO) is None
    assert final_scores(nothing)[OPPONENT_NAME].parts["game-end staff"] == 0


def test_secretary_is_chosen_automatically_at_the_game_end() -> None:
    """Leopold never answers a decision: the game end picks his Secretary's copy itself."""
    state = finished("1-3:O 1-4:O", played=("Secretary",), human_played=("Booking Manager",))
    state.pending = []
    ctx = Ctx(state)
    STEPS["auto:game_end"](ctx, Frame("auto:game_end", 0))
    assert [f.kind for f in ctx.state.pending] == ["auto:finish", "auto:solo_secretary"]  # no human decision


def test_human_secretary_may_copy_leopolds_face_up_cards_only() -> None:
    """[PA "Final Scoring"] "score your tableau as normal": the human's Secretary copies an opponent's played
    game-end card, and Leopold's face-up cards are his played cards (face-down ones are not in play)."""
    state = finished(played=("Liftboy",), human_played=("Secretary",))
    assert state.solo is not None
    state.solo.staff = staff_ids("Concierge")
    assert secretary_choices(state, 0) == staff_ids("Liftboy")


def test_assistant_manager_counts_only_face_up_cards() -> None:
    """[PA] "#32 Assistant Manager — only your opponent's face-up staff cards count, not the ones remaining
    face-down in her private deck"."""
    state = finished(played=("Assistant Manager", "Operator"))
    assert state.solo is not None
    state.solo.staff = staff_ids("Liftboy", "Concierge", "Chambermaid")
    assert final_scores(state)[OPPONENT_NAME].parts["game-end staff"] == 2 * 2 + 0


def test_receptionist_counts_only_occupied_rooms() -> None:
    """[PA] "#34 Receptionist — your opponent only scores for occupied rooms. Empty spaces without a room tile do
    not count" (every space counts as prepared for him, but scores only once a room is on it)."""
    state = finished("1-1:O 1-2:O 3-5:O", played=("Receptionist",))
    assert final_scores(state)[OPPONENT_NAME].parts["game-end staff"] == 3


def test_marketing_director_counts_only_claimed_objectives() -> None:
    """[PA] "#40 Marketing Director — only claimed objectives count. Cards where your opponent's marker is still on
    "II" or "III" (or not present at all) do not count"."""
    state = finished(played=("Marketing Director",))
    assert state.solo is not None
    state.solo.countdown = [1, 2, 3]
    state.politics_claims = [[LEO], [], [0]]
    assert final_scores(state)[OPPONENT_NAME].parts["game-end staff"] == 5


def test_human_wins_only_with_strictly_more_vp() -> None:
    """[PA "Final Scoring"] "You win if your total exceeds your opponent's. Otherwise, your opponent wins"."""
    state = finished()
    state.players[0].money, state.players[0].kitchen = 20, [4, 4, 4, 4]  # the base game's tie-breaker is his
    scores = final_scores(state)
    gap = scores["ann"].total - scores[OPPONENT_NAME].total
    state.players[LEO].vp += gap
    state.players[LEO].vp_sources["guests"] = gap
    scores = final_scores(state)
    assert scores["ann"].total == scores[OPPONENT_NAME].total
    assert (scores[OPPONENT_NAME].rank, scores["ann"].rank) == (1, 2)
    state.players[0].vp += 1
    state.players[0].vp_sources["guests"] = state.players[0].vp_sources.get("guests", 0) + 1
    scores = final_scores(state)
    assert (scores["ann"].rank, scores[OPPONENT_NAME].rank) == (1, 2)


# ----- hidden information --------------------------------------------------------------------------------


def test_player_view_hides_the_instruction_deck_order_and_the_private_staff_deck() -> None:
    """Issue 9: `player_view` must hide Leopold's instruction deck order and his face-down staff deck."""
    state = solo_game()
    assert state.solo is not None
    for viewer in ("ann", None):
        view = player_view(state, viewer)
        assert view.solo is not None
        assert view.solo.deck == [0] * len(state.solo.deck) and view.solo.staff == [0] * 5
        assert view.solo.discard == state.solo.discard and view.solo.countdown == state.solo.countdown
    assert state.solo.deck != [0] * len(state.solo.deck)  # the real state is unchanged


def test_view_of_the_staff_choice_hides_the_drawn_cards_from_others() -> None:
    state = new_game(GameConfig(players=["ann"], seed=4, solo="leopold"))
    assert player_view(state, "ann").pending[-1].data["cards"] == state.pending[-1].data["cards"]
    assert player_view(state, None).pending[-1].data["cards"] == [0] * 10


# ----- seeded full games ---------------------------------------------------------------------------------


def play_solo(seed: int, difficulty: str, checks: bool = True) -> tuple[GameState, list[str]]:
    chooser = random.Random(seed)
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty=difficulty))
    log: list[str] = []
    count = 0
    while not state.is_over:
        if checks:
            check_invariants(state)
        before = state.to_json()
        after, events = apply(state, chooser.choice(legal_actions(state)))
        assert state.to_json() == before, "apply changed its input state"
        state = after
        log.extend(e.text for e in events)
        count += 1
        assert count < 5000, "the game did not end"
    check_invariants(state)
    return state, log


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_seeded_full_solo_games_keep_every_invariant_and_end(difficulty: str) -> None:
    """Issue 9 / DESIGN.md "Tests": seeded random full games with the invariants after every action."""
    for seed in range(25):
        state, log = play_solo(seed * 7 + len(difficulty), difficulty)
        assert state.is_over and state.round == 7 and len(state.vp_history) == 7
        assert sum(1 for line in log if "turns over instruction card" in line) == 14
        scores = final_scores(state)
        assert set(scores) == {"ann", OPPONENT_NAME}
        assert sorted(s.rank for s in scores.values()) == [1, 2]
        assert {name: s.total for name, s in projected_scores(state).items()} == \
            {name: s.total for name, s in scores.items()}
        assert all(r in (EMPTY, OCCUPIED) for r in state.players[LEO].rooms)


def test_solo_games_are_deterministic_and_harder_levels_do_more() -> None:
    """Same seed and same answers give the same game; higher difficulty applies more symbols [PA "Difficulty"]."""
    first, _ = play_solo(11, "medium", checks=False)
    second, _ = play_solo(11, "medium", checks=False)
    assert first.to_json() == second.to_json()
    totals = {level: sum(final_scores(play_solo(seed, level, checks=False)[0])[OPPONENT_NAME].total
                         for seed in range(10)) for level in ("easy", "medium", "hard")}
    assert totals["easy"] < totals["medium"] < totals["hard"]


def test_every_guest_leopold_takes_is_in_his_hotel_and_discarded() -> None:
    state, _ = play_solo(21, "hard", checks=False)
    leopold = state.players[LEO]
    assert len(leopold.checked_in) == sum(1 for r in leopold.rooms if r == OCCUPIED)
    assert all(g in state.guest_discard or g in state.guest_deck for g in leopold.checked_in)
    assert leopold.vp_sources.get("guests", 0) == sum(guests()[g].vp for g in leopold.checked_in)
