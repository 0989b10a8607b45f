"""Decisions that dispatch on the answer's kind have a handler for every kind they offer (issue 41, item 3).

A decision registered with an `answers` table (action kind -> handler, `engine.gah.decisions.registry`) must cover
every kind its `options` produce; seeded random games with each rule set visit the decisions and compare.
"""

from __future__ import annotations

import random

import pytest

import engine.gah.game  # noqa: F401  (registers every decision kind)
from engine import GameConfig, apply, legal_actions, new_game
from engine.gah.config import MODULES
from engine.gah.decisions import DECISIONS

NAMES = ["ann", "bob", "cy", "dee"]
CONFIGS = {
    "base 2021": lambda seed: GameConfig(players=NAMES[:2 + seed % 3], seed=seed),
    "base 2015": lambda seed: GameConfig(players=NAMES[:2 + seed % 3], seed=seed, edition="2015"),
    "all modules": lambda seed: GameConfig(players=NAMES[:2 + seed % 3], seed=seed, modules=frozenset(MODULES)),
    "solo": lambda seed: GameConfig(players=NAMES[:1], seed=seed, solo="leopold"),
}


def test_some_decisions_dispatch_on_the_answer_kind() -> None:
    tabled = {kind for kind, decision in DECISIONS.items() if decision.answers is not None}
    assert {"prepare_rooms", "play_staff", "serve", "occupy_rooms", "conference", "penalty_choice",
            "swap_items"} <= tabled


@pytest.mark.parametrize("rules", list(CONFIGS))
def test_every_offered_answer_kind_has_a_handler(rules: str) -> None:
    seen: dict[str, set[str]] = {}
    for seed in range(40):
        chooser = random.Random(seed)
        state = new_game(CONFIGS[rules](seed))
        for _ in range(3000):
            if state.is_over:
                break
            top = state.pending[-1]
            actions = legal_actions(state)
            answers = DECISIONS[top.kind].answers
            if answers is not None:
                offered = {action.kind for action in actions}
                seen.setdefault(top.kind, set()).update(offered)
                assert offered <= set(answers), f"{top.kind} offers {sorted(offered - set(answers))} unhandled"
            state, _ = apply(state, chooser.choice(actions))
    assert seen, "no decision with an answers table was visited"
