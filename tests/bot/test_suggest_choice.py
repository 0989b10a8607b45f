"""Issue 52 item 3 on many real suggestions: *Suggest* names exactly a choice the turn panel offers (the die with its
split of items, its copied action or its staff card; a serve with all that fits; never an intermediate step, never a
clipped label), its alternatives read differently, and each reason names what its own move does (the guest it
seats, the guest it checks in, the staff card it plays) and never says something vague."""

from __future__ import annotations

import random

import pytest

from bot.games.gah.panel import build_panel
from bot.games.gah.suggest_reasons import reason_text
from bot.games.gah.suggest_words import move_choice, move_label, suggestion_text
from bot.host.service.suggest_desk import Suggestion
from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.ai.explain import rank_moves
from engine.gah.ai.strong import Budget
from engine.gah.cards import guests, staff

SMALL = Budget(worlds=1, width=3, depth=4, rollouts=3, turns_ahead=1, horizon=60)
"""A reduced search budget: many suggestions are ranked here."""

VAGUE = ("projected final score", "It is the expert's answer", "brings a café guest's order nearer",
         "readies rooms for your guests")
"""Sentences that say nothing about the move (the old fallbacks)."""


def _states(config: GameConfig, seed: int, count: int) -> list[tuple[GameState, int]]:
    """`count` decisions of seat 0 in a randomly played game (turn decisions three times in four), with the seat."""
    state = new_game(config)
    chooser = random.Random(seed)
    found: list[tuple[GameState, int]] = []
    while not state.is_over and len(found) < count:
        index = state.current_index
        turn = bool(state.pending) and state.pending[-1].kind == "turn"
        if index == 0 and chooser.random() < (0.35 if turn else 0.1) and len(legal_actions(state)) > 1:
            found.append((state, index))
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    return found


CASES = (_states(GameConfig(players=["ann", "bob"], seed=21), 21, 12)
         + _states(GameConfig(players=["ann", "bob", "cy"], seed=22), 22, 12)
         + _states(GameConfig(players=["ann"], seed=23, solo="leopold", solo_difficulty="hard"), 23, 12)
         + _states(GameConfig(players=["ann", "bob", "cy", "dee"], seed=24), 24, 8))


def panel_labels(state: GameState, name: str) -> set[str]:
    """Every label the player's turn panel offers, on all its pages (select options and buttons)."""
    actions = legal_actions(state, name)
    first = build_panel(state, actions)
    pages = [first] + [build_panel(state, actions, page=page) for page in range(1, first.pages)]
    return {choice.label for panel in pages for row in panel.rows if not row.goes_to_page
            for choice in row.choices if not choice.to_page}


@pytest.fixture(scope="module")
def suggestions() -> list[Suggestion]:
    """A suggestion (the expert's ranked moves) for each case: at least 40, most of them turns."""
    assert len(CASES) >= 40 and sum(state.pending[-1].kind == "turn" for state, _ in CASES) >= 25
    return [Suggestion(1, 1, seat, state, tuple(rank_moves(state, seat, SMALL, seed=4))) for state, seat in CASES]


def test_every_suggested_label_is_one_the_panel_offers(suggestions: list[Suggestion]) -> None:
    compounds = 0
    for suggestion in suggestions:
        state = suggestion.state
        offered = panel_labels(state, state.players[suggestion.seat].name)
        text = suggestion_text(suggestion)
        named = [line.split("**The expert AI would choose: ", 1)[1].split("** (", 1)[0]
                 for line in text.splitlines() if line.startswith("**The expert AI would choose: ")]
        assert len(named) == 1, text
        assert named[0] in offered, (named[0], sorted(offered))
        for move in suggestion.moves:
            label = move_label(suggestion, move)
            assert label in offered, (move.action.text, label, sorted(offered))
            assert not label.endswith("…"), label
            # the choice plays the move and as much of the expert's follow-up as one choice does
            line = tuple(step.text for step in (move.action, *move.follow))
            steps = move_choice(suggestion, move).steps
            assert steps == line[:len(steps)], (label, steps, line)
            compounds += len(steps) > 1
        lines = text.splitlines()  # the alternatives shown read differently from the best and from each other
        others = [line.split(". ", 1)[1].split(" (estimated worth", 1)[0] for line in lines
                  if line[:3] in ("2. ", "3. ")]
        assert len({named[0], *others}) == 1 + len(others), lines
    assert compounds >= 10, "dice with their follow-up and serves of all that fits are named"


def test_reasons_name_what_their_own_move_does(suggestions: list[Suggestion]) -> None:
    told = 0
    for suggestion in suggestions:
        state = suggestion.state
        player = state.players[suggestion.seat]
        for move in suggestion.moves:
            reason, action = reason_text(move.reason), move.action
            assert not any(words in reason for words in VAGUE), reason
            assert reason == "" or (reason[0].isupper() and reason.endswith(".")), reason
            if action.kind == "guest" and state.pending[-1].kind in ("turn", "setup_guest"):
                guest = guests()[state.display[action.args[0]]].name
                assert reason.startswith(f"You would seat {guest} ("), (action.text, reason)
                told += 1
            elif action.kind == "checkin":
                guest = guests()[player.cafe[action.args[0]].guest].name
                assert guest in reason.split(", then ")[0], (action.text, reason)
                told += 1
            played = [step for step in (action, *getattr(move, "follow", ())) if step.kind == "play"]
            if played:  # a staff card played by the move or its follow-up (the die of action 5 with its card)
                assert staff()[played[0].args[0]].name in reason.split(", then ")[0], (action.text, reason)
                told += 1
    assert told >= 20, "the cases hold guests, check-ins and staff cards to tell"


def test_no_folded_die_choice_is_clipped() -> None:
    """The panel's own labels are whole, so *Suggest* can name them whole: the boosted copy of action 4 read "Copy an
    action 1-5 - strength 4 with the boost: Copy action 4 (Krones or Empero…" (81 characters)."""
    boosted_copies = 0
    for seed in range(1, 9):
        state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"], seed=seed))
        chooser = random.Random(seed)
        while not state.is_over:
            if state.pending and state.pending[-1].kind == "turn":
                actions = legal_actions(state)
                for row in build_panel(state, actions).rows:
                    for choice in row.choices:
                        assert not choice.label.endswith("…"), choice.label
                        boosted_copies += choice.label.startswith("Copy an action 1-5") and "boost" in choice.label
            state, _ = apply(state, chooser.choice(legal_actions(state)))
    assert boosted_copies >= 10
