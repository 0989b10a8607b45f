"""Every decision kind the engine registers has a quick answer in the AI's registries (issue 41, item 3): a new
decision kind without one fails here instead of silently falling back to the first legal answer."""

from __future__ import annotations

import engine.gah.game  # noqa: F401  (registers every decision kind, Let's Waltz's too)
from engine.gah.ai.rules import LOOKAHEAD_QUICK, RULE_ANSWERS
from engine.gah.ai.waltz import WALTZ_ANSWERS
from engine.gah.decisions import DECISIONS


def test_every_decision_kind_has_a_quick_answer() -> None:
    missing = sorted(set(DECISIONS) - set(RULE_ANSWERS) - set(LOOKAHEAD_QUICK))
    assert not missing, f"decision kinds without an AI quick answer: {missing}"


def test_no_decision_kind_is_both_a_rule_and_a_lookahead() -> None:
    assert not set(RULE_ANSWERS) & set(LOOKAHEAD_QUICK)


def test_answers_name_only_registered_kinds() -> None:
    assert set(RULE_ANSWERS) | set(LOOKAHEAD_QUICK) <= set(DECISIONS)
    assert set(WALTZ_ANSWERS) <= set(RULE_ANSWERS)


def test_every_staff_kind_has_a_value_later_and_now() -> None:
    from engine.gah.ai.values import STAFF_FUTURE, STAFF_PLAY_NOW
    from engine.gah.datacheck import STAFF_KINDS

    assert set(STAFF_FUTURE) == set(STAFF_PLAY_NOW) == set(STAFF_KINDS)


def test_the_look_ahead_tables_name_only_registered_kinds() -> None:
    from engine.gah.ai.strong import OWN_MOVE_FILTERS, PLAYOUT_ANSWERS

    assert set(PLAYOUT_ANSWERS) | set(OWN_MOVE_FILTERS) <= set(DECISIONS)
