"""The words of the Suggest answer (`bot.games.gah.suggest_words`), on real suggestions of the expert's search: the
best move
by the label of the panel choice that plays it (issue 52 item 3) with its worth and reason, the alternatives
numbered with how much less (or more) they are worth, a singular heading and a closing sentence when fewer than
two alternatives differ."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot.games.gah.suggest_reasons import reason_text
from bot.games.gah.suggest_words import move_label, shown_moves, suggestion_text
from bot.host.service.suggest_desk import Suggestion
from engine import GameConfig, apply, legal_actions, new_game
from engine.gah.ai.explain import rank_moves
from engine.gah.ai.strong import Budget

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
    lines = [line for line in text.splitlines() if not line.startswith("*Play this*")]
    shown = shown_moves(suggestion)
    (best, _), others = shown[0], [move for move, _ in shown[1:]]
    named = move_label(suggestion, best)
    assert lines[0] == f"**The expert AI would choose: {named}** (estimated worth {best.value:.1f} VP)."
    best_reason = reason_text(best.reason)
    rest = lines[2:] if best_reason else lines[1:]
    assert not best_reason or lines[1] == best_reason
    assert rest[0] == ("**Its best alternatives:**" if len(others) > 1 else "**Its best alternative:**")
    for number, (line, move) in enumerate(zip(rest[1:1 + len(others)], others, strict=True), start=2):
        assert line.startswith(f"{number}. {move_label(suggestion, move)} (estimated worth {move.value:.1f} VP, ")
        assert line.endswith(reason_text(move.reason))
        if move.action.kind == "die" and move.action.args[1]:
            strength = suggestion.state.dice[move.action.args[0] - 1] + 1
            assert re.search(rf"strength {strength} (with the boost( \(1 krone\))?|boosted)", line), \
                "the boost is counted once"
    assert lines[-1].startswith("-# Only you see this.")
    assert len(text) <= 2000 and not re.search(r"\b1 (krones|VPs|rooms)\b", text)


def test_fewer_alternatives_are_told_in_the_singular() -> None:
    suggestion = _suggestion()
    one = dataclasses.replace(suggestion, moves=suggestion.moves[:2])
    lines = suggestion_text(one).splitlines()
    assert "**Its best alternative:**" in lines and "No other choice leads to a different turn." in lines
    alone = suggestion_text(dataclasses.replace(suggestion, moves=suggestion.moves[:1])).splitlines()
    assert not any(line.startswith("**Its best") for line in alone)
    assert "No other choice leads to a different turn." in alone
