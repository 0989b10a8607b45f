"""Solo against Elisabeth (issue 17): with Let's Waltz module 2 the solo opponent is Elisabeth, with her own
instruction deck; she takes coloured dice and gains by their colour instead of the celebrity's effect.

Sources: player aid (shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt) "Dinner for One" ("If you
are playing with Module 1 and/or Module 2, your opponent is Elisabeth"), "Module 2: Celebrities", "New Symbols";
deck: gah-raw brdgm solo_cards (deckType "elisabeth"), converted to engine/gah/data/elisabeth.json.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.context import Ctx
from engine.gah.solo import deck_cards, instruction_cards, take_die
from engine.gah.state import TurnState
from engine.gah.waltz.cards import lounge_colors
from tests.engine.invariants import check_invariants

ELISABETH = frozenset({"celebrities"})
RAW = next((parent / "shared/reference/gah-raw/brdgm_grand-austria-hotel-solo-helper__solo_cards.json"
            for parent in Path(__file__).resolve().parents[2:5]
            if (parent / "shared/reference").is_dir()), Path("/nonexistent"))
RED, BLUE, YELLOW = (lounge_colors().index(c) for c in ("red", "blue", "yellow"))


def elisabeth_game(seed: int = 2, **options: object) -> GameState:
    return new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", modules=ELISABETH, **options))  # type: ignore[arg-type]


def test_module_2_solo_opponent_is_elisabeth_with_her_deck() -> None:
    state = elisabeth_game()
    assert state.players[1].name == "Elisabeth"
    assert state.solo is not None and sorted(state.solo.deck + state.solo.discard) == list(range(213, 233))
    assert set(deck_cards(state.config)) == set(range(213, 233))
    named = new_game(GameConfig(players=["ann"], seed=2, solo="elisabeth", modules=ELISABETH))
    assert named.players[1].name == "Elisabeth"
    leopold = new_game(GameConfig(players=["ann"], seed=2, solo="leopold", modules=frozenset({"more_objectives"})))
    assert leopold.players[1].name == "Leopold" and set(deck_cards(leopold.config)) == set(instruction_cards())


@pytest.mark.skipif(not RAW.exists(), reason="shared/reference is not next to this checkout")
def test_elisabeth_deck_matches_the_source() -> None:
    rows = {r["id"]: r for r in json.loads(RAW.read_text()) if r["deckType"] == "elisabeth"}
    cards = instruction_cards("elisabeth")
    assert set(cards) == set(rows)
    for card_id, card in cards.items():
        row = rows[card_id]
        assert card.hand == row["tieBreaker"] and [g.color for g in card.guests] == [
            g["guestCategory"] for g in row["guestSelection"]]
        assert card.colour_max == (row["dieSelection"] == ["color-max"])
        assert len(card.actions) == sum(1 for a in row["additionalAction"] if a["action"] != "place-dancer")


def _her_turn(dice: list[int], colored: list[int], chits: list[int]) -> tuple[GameState, Ctx]:
    state = elisabeth_game()
    assert state.waltz is not None and state.solo is not None
    state.dice, state.waltz.celebrities.colored, state.waltz.celebrities.chits = list(dice), list(colored), list(chits)
    seat = state.solo.seat
    state.turn = TurnState(seat, 4)
    return state, Ctx(state)


def test_elisabeth_takes_the_coloured_die_on_her_chosen_space() -> None:
    state, ctx = _her_turn([0, 0, 3, 0, 0, 0], [3, 3, -1], [1, 2, 1])
    seat = state.solo.seat if state.solo else 1
    take_die(ctx, seat, (3,), "left")
    assert state.waltz is not None
    assert state.waltz.celebrities.colored[BLUE] == 0 and state.waltz.celebrities.colored[RED] == 3
    assert state.players[seat].vp_sources["celebrities"] == 2 + 2  # the blue chit, then blue's 2 VP


def test_elisabeth_colour_max_symbol_takes_the_die_of_the_celebrity_with_most_vp() -> None:
    state, ctx = _her_turn([1, 0, 0, 0, 2, 0], [1, 5, 5], [1, 2, 4])
    seat = state.solo.seat if state.solo else 1
    take_die(ctx, seat, (), "right", colour_max=True)
    assert state.waltz is not None and state.waltz.celebrities.colored[YELLOW] == 0
    assert state.players[seat].emperor == 2  # yellow: 2 Emperor steps
    assert state.dice == [1, 0, 0, 0, 1, 0]


def test_elisabeth_colour_max_without_coloured_dice_takes_the_space_with_most_dice() -> None:
    state, ctx = _her_turn([1, 0, 0, 0, 2, 0], [0, -1, -1], [1, 1, 1])
    seat = state.solo.seat if state.solo else 1
    take_die(ctx, seat, (), "left", colour_max=True)
    assert state.dice == [1, 0, 0, 0, 1, 0]


def test_elisabeth_red_die_advances_her_least_advanced_objective() -> None:
    state, ctx = _her_turn([1, 0, 0, 0, 0, 0], [1, -1, -1], [1, 1, 1])
    assert state.solo is not None
    state.solo.countdown = [3, 0, 2]
    take_die(ctx, state.solo.seat, (1,), "left")
    assert state.solo.countdown == [3, 3, 2]


def test_elisabeth_ties_between_coloured_dice_follow_the_hand_over_the_lounge_order() -> None:
    left, ctx = _her_turn([0, 0, 2, 0, 0, 0], [3, 3, -1], [2, 2, 1])
    take_die(ctx, 1, (3,), "left")
    assert left.waltz is not None and left.waltz.celebrities.colored[RED] == 0
    right, ctx = _her_turn([0, 0, 2, 0, 0, 0], [3, 3, -1], [2, 2, 1])
    take_die(ctx, 1, (3,), "right")
    assert right.waltz is not None and right.waltz.celebrities.colored[BLUE] == 0


@pytest.mark.parametrize("modules", [ELISABETH, frozenset({"celebrities", "more_objectives"}),
                                     frozenset({"more_objectives"})])
def test_seeded_solo_games_with_modules_keep_every_invariant(modules: frozenset[str]) -> None:
    for seed in range(8):
        chooser = random.Random(seed)
        state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", modules=modules,
                                    solo_difficulty=("easy", "medium", "hard")[seed % 3]))
        while not state.is_over:
            check_invariants(state)
            state, _ = apply(state, chooser.choice(legal_actions(state)))
        check_invariants(state)
        assert state.round == 7
