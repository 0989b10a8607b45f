"""`engine.gah.ai.explain.rank_moves` (issue 42 item 9, the Suggest button): the expert's legal moves ranked by their
estimated worth, its first move the one the expert plays, deterministic for a seed, blind to hidden cards, and a
plain sentence for each; and `evaluation_terms` adds up to the expert's evaluation."""

from __future__ import annotations

import random
import re

import pytest

from bot.games.gah.suggest_reasons import reason_text
from engine import GameConfig, GameState, apply, legal_actions, new_game
from engine.gah.ai.expert import ExpertPolicy, expert_evaluate
from engine.gah.ai.explain import SUGGEST_BUDGET, evaluation_terms, rank_moves
from engine.gah.ai.strong import Budget
from tests.ai.test_policies import _reshuffle_hidden

SMALL = Budget(worlds=1, width=3, depth=4, rollouts=3, turns_ahead=1, horizon=60)
"""A reduced budget for the tests that run many searches (the suggestion budget is checked once, in full)."""


def _states(players: list[str], seed: int, count: int, *, solo: bool = False) -> list[tuple[GameState, int]]:
    """`count` states of a randomly played game where a human seat (named in `players`) has a decision, with that
    seat's index; turn decisions and others alike."""
    config = (GameConfig(players=players, seed=seed, solo="leopold", solo_difficulty="hard") if solo
              else GameConfig(players=players, seed=seed))
    state = new_game(config)
    chooser = random.Random(seed)
    found: list[tuple[GameState, int]] = []
    while not state.is_over and len(found) < count:
        index = state.current_index
        if index is not None and state.players[index].name in players and chooser.random() < 0.3:
            found.append((state, index))
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    return found


CASES = [_states(["ann", "bob", "cy"][:seed % 3 + 1], seed, 1 + seed % 6, solo=seed % 3 == 0)[-1]
         for seed in range(1, 17)]
"""One decision from each of 16 seeded games (solo against a hard Leopold, 2 and 3 players in turn), the 1st to
the 6th one found in the game, so that setup, early and later decisions all come up."""


@pytest.mark.parametrize(("state", "seat"), CASES)
def test_moves_are_legal_ranked_and_the_first_is_the_experts(state: GameState, seat: int) -> None:
    name = state.players[seat].name
    moves = rank_moves(state, seat, SMALL, seed=5)
    legal = legal_actions(state, name)
    assert moves and all(move.action in legal for move in moves)
    assert len({move.action for move in moves}) == len(moves), "no move twice"
    sensible = [action for action in legal if action.kind != "pass"] or legal  # the search never passes by choice
    assert min(3, len(sensible)) <= len(moves) <= min(3, len(legal))
    assert moves[0].action == ExpertPolicy(5, SMALL).choose(state, name)
    values = [move.value for move in moves[1:]]
    assert values == sorted(values, reverse=True), "the alternatives are ranked by their worth"
    if state.pending[-1].kind == "turn":
        # worth the most of the lines the expert itself looked ahead on; an alternative looked ahead only for
        # the suggestion may come out ahead (the Suggest text then says "more": bot/games/gah/suggest_words.py)
        finalists = [ranked.value for ranked in ExpertPolicy(5, SMALL).ranking(state, name) if ranked.looked_ahead]
        assert all(moves[0].value >= value - 1e-9 for value in finalists if value is not None), \
            "on a turn the expert's move is worth the most of its own finalists"


@pytest.mark.parametrize(("state", "seat"), CASES)
def test_reasons_are_plain_sentences(state: GameState, seat: int) -> None:
    for move in rank_moves(state, seat, SMALL, seed=1):
        reason = reason_text(move.reason)  # the engine gives data; the English words are the bot's
        if not reason:  # nothing concrete to say: nothing said (issue 52 item 3)
            continue
        assert reason[0].isupper() and reason.endswith(".") and "_" not in reason, reason
        assert reason != "It is the expert's answer to this decision.", "every move is told by what it changes"
        assert not re.search(r"\b1 (rooms|steps|krones|staff cards|room groups|dishes)\b", reason), reason
        assert not re.search(r"\b([02-9]|\d\d+) (room|step|krone|staff card|room group)\b(?! or)", reason), reason


def test_the_same_seed_gives_the_same_moves_and_hidden_cards_change_nothing() -> None:
    state, seat = next((s, i) for s, i in _states(["ann", "bob", "cy"], 8, 12) if s.pending[-1].kind == "turn")
    first = rank_moves(state, seat, SUGGEST_BUDGET, seed=3)
    assert rank_moves(state, seat, SUGGEST_BUDGET, seed=3) == first
    reshuffled = _reshuffle_hidden(state, seat, random.Random(11))
    assert reshuffled != state
    assert rank_moves(reshuffled, seat, SUGGEST_BUDGET, seed=3) == first, "a suggestion must not read hidden cards"


def test_nothing_to_decide_is_refused() -> None:
    state, seat = next((state, seat) for state, seat in CASES if len(state.players) == 3)
    other = next(i for i, player in enumerate(state.players) if i != seat and not legal_actions(state, player.name))
    with pytest.raises(ValueError, match="nothing to decide"):
        rank_moves(state, other, SMALL)


@pytest.mark.parametrize(("state", "seat"), CASES[::3])
def test_evaluation_terms_add_up_to_the_experts_evaluation(state: GameState, seat: int) -> None:
    terms = evaluation_terms(state, seat)
    assert sum(terms.values()) == pytest.approx(expert_evaluate(state, seat))
    assert terms["score"] == int(terms["score"])
