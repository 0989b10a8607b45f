"""The words of the Suggest answer (`bot.suggest_words`), on real suggestions of the expert's search: the best move
by its panel label with its worth and reason, the alternatives numbered with how much less (or more) they are worth,
a singular heading and a closing sentence when fewer than two alternatives differ."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot.panel import describe
from bot.service.suggest_desk import Suggestion
from bot.suggest_words import move_label, suggestion_text
from engine import GameConfig, apply, legal_actions, new_game
from engine.ai.explain import rank_moves
from engine.ai.strong import Budget

SMALL = Budget(worlds=1, width=3, depth=4, rollouts=3, turns_ahead=1, horizon=60)


def _suggestion(seed: int = 3) -> Suggestion:
    state = new_game(GameConfig(players=["ann", "bob"], seed=seed))
    while state.pending[-1].kind != "turn" or len(legal_actions(state)) < 6:
        state, _ = apply(state, legal_actions(state)[0])
    seat = state.current_index or 0
    return Suggestion(1, 1, seat, state, tuple(rank_moves(state, seat, SMALL, seed=2)))


@pytest.mark.parametrize("seed", range(1, 41))
def test_the_answer_names_each_move_by_its_panel_label_with_its_worth(seed: int) -> None:
    suggestion = _suggestion(seed)
    text = suggestion_text(suggestion)
    lines = text.splitlines()
    best, second, third = suggestion.moves
    label = describe(suggestion.state, best.action)[0]
    assert move_label(suggestion, best).endswith(label)
    named = move_label(suggestion, best)
    assert lines[0] == f"**The expert AI would choose: {named}** (estimated worth {best.value:.1f} VP)."
    assert lines[1] == best.reason
    assert lines[2] == "**Its best alternatives:**"
    for line, move in zip(lines[3:5], (second, third), strict=True):
        assert line.startswith(f"{suggestion.moves.index(move) + 1}. {move_label(suggestion, move)} "
                               f"(estimated worth {move.value:.1f} VP, ")
        boosted = move.action.kind == "die" and bool(move.action.args[1])
        assert line.endswith(move.reason), "a boosted die is on the panel as it is (no Boost switch to find it)"
        if boosted:
            strength = suggestion.state.dice[move.action.args[0] - 1] + 1
            assert f"strength {strength} with the boost (1 krone)" in line, "the boost is counted once"
    assert lines[-1].startswith("-# Only you see this.")
    if best.action.kind == "die":
        assert move_label(suggestion, best) == f"Take a die: {label}", "a turn's label reads with its select's title"
    assert len(text) <= 2000 and not re.search(r"\b1 (krones|VPs|rooms)\b", text)


def test_fewer_alternatives_are_told_in_the_singular() -> None:
    suggestion = _suggestion()
    one = dataclasses.replace(suggestion, moves=suggestion.moves[:2])
    lines = suggestion_text(one).splitlines()
    assert "**Its best alternative:**" in lines and "No other choice leads to a different turn." in lines
    alone = suggestion_text(dataclasses.replace(suggestion, moves=suggestion.moves[:1])).splitlines()
    assert not any(line.startswith("**Its best") for line in alone)
    assert "No other choice leads to a different turn." in alone
