"""Every decision kind the engine registers has a quick answer in the AI's registries (issue 41, item 3): a new
decision kind without one fails here instead of silently falling back to the first legal answer."""

from __future__ import annotations

import engine.game  # noqa: F401  (registers every decision kind, Let's Waltz's too)
from engine.ai.rules import LOOKAHEAD_QUICK, RULE_ANSWERS
from engine.ai.waltz import WALTZ_ANSWERS
from engine.decisions import DECISIONS


def test_every_decision_kind_has_a_quick_answer() -> None:
    missing = sorted(set(DECISIONS) - set(RULE_ANSWERS) - set(LOOKAHEAD_QUICK))
    assert not missing, f"decision kinds without an AI quick answer: {missing}"


def test_no_decision_kind_is_both_a_rule_and_a_lookahead() -> None:
    assert not set(RULE_ANSWERS) & set(LOOKAHEAD_QUICK)


def test_answers_name_only_registered_kinds() -> None:
    assert set(RULE_ANSWERS) | set(LOOKAHEAD_QUICK) <= set(DECISIONS)
    assert set(WALTZ_ANSWERS) <= set(RULE_ANSWERS)
