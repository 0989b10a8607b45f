"""The AI's quick answers, by decision kind: a rule that picks one legal answer without looking ahead.

Two registries, filled with `@quick_rule(kind)` (or `register_answers`) wherever the answer is written: by
`engine.gah.ai.rules` for most kinds, `engine.gah.ai.waltz` for Let's Waltz, and `engine.gah.ai.values` beside the
estimate of a
card effect whose decision kind only that effect asks (`CHOOSE_ITEMS` is the example), so that a new effect with
a choice keeps its AI in one file. `RULE_ANSWERS` holds the kinds a rule answers well; `LOOKAHEAD_QUICK` the rough
answers of the kinds the stronger levels answer by evaluating each option (used in cheap play-outs).
`tests/ai/test_answer_registry.py` fails for a registered decision kind in neither.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core.actions import Action
from engine.gah.state import GameState

Answer = Callable[[GameState, int, list[Action]], Action]
"""A quick answer: (state, the answering seat, its legal actions, more than one) -> the chosen action."""

RULE_ANSWERS: dict[str, Answer] = {}
"""The rule answer of each decision kind that needs no look-ahead, by the kind."""

LOOKAHEAD_QUICK: dict[str, Answer] = {}
"""The rough quick answer of each decision kind answered by evaluating each option rather than by a rule."""


def register_answers(answers: Mapping[str, Answer], *, lookahead: bool = False) -> None:
    """Add `answers` (decision kind -> answer) to `LOOKAHEAD_QUICK` if `lookahead`, else to `RULE_ANSWERS`.

    Raises:
        ValueError: a kind already has a quick answer in either registry (two modules answering one kind).
    """
    for kind in answers:
        if kind in RULE_ANSWERS or kind in LOOKAHEAD_QUICK:
            raise ValueError(f"decision kind {kind!r} already has a quick answer")
    (LOOKAHEAD_QUICK if lookahead else RULE_ANSWERS).update(answers)


def quick_rule(kind: str, *, lookahead: bool = False) -> Callable[[Answer], Answer]:
    """Register the decorated function as the quick answer of decision `kind` (see `register_answers`)."""

    def register(answer: Answer) -> Answer:
        register_answers({kind: answer}, lookahead=lookahead)
        return answer

    return register
