"""The words of the *Suggest* button's answer (issue 42, item 9): the expert AI's move, why, and its two best
alternatives with their estimated worth. Pure (no discord): `bot.controller` sends the text ephemerally.

Each move is named by its turn panel label (`bot.panel.describe`, after its select's title on a turn), so the player
finds it in the panel.
"""

from __future__ import annotations

from bot.panel import TURN_GROUPS, describe
from bot.service.suggest_desk import Suggestion
from engine.ai.explain import RankedMove
from engine.payloads import TURN

ONLY_YOU = ("Only you see this. The game's record notes that you asked, and `/gah stats` marks the games played "
            "with suggestions.")


GROUP_TITLES = dict(TURN_GROUPS)
"""The turn panel's select titles by action kind: a label in a select reads with its title ("Take a die")."""


def move_label(suggestion: Suggestion, move: RankedMove) -> str:
    """One suggested move as the panel shows it: its label, after its select's title on a turn ("Take a die:
    Kitchen - strength 4"; "End turn" and "Serve cake on Major (table 1)" alone)."""
    label = describe(suggestion.state, move.action)[0]
    state = suggestion.state
    title = GROUP_TITLES.get(move.action.kind) if state.deciding(TURN) else None
    if title is None or label.split(" ", 1)[0] == title.split(" ", 1)[0]:  # "Serve cake on ..." says it already
        return label
    return f"{title}: {label}"


def _worth(move: RankedMove) -> str:
    return f"estimated worth {move.value:.1f} VP"


def suggestion_text(suggestion: Suggestion) -> str:
    """The answer to *Suggest*: the expert's move in bold with its worth and reason, then the alternatives (up to
    two) with their worth, how much less each is worth, and their reasons; at most 2,000 characters."""
    moves = suggestion.moves
    best = moves[0]
    lines = [f"**The expert AI would choose: {move_label(suggestion, best)}** ({_worth(best)}).",
             best.reason]
    alternatives = moves[1:3]
    if alternatives:
        lines.append("**Its best alternatives:**" if len(alternatives) > 1 else "**Its best alternative:**")
        for number, move in enumerate(alternatives, start=2):
            less = best.value - move.value
            # an alternative looked ahead only for the suggestion may come out ahead of the expert's own choice
            behind = (f", {less:.1f} VP less" if less >= 0.05 else f", {-less:.1f} VP more" if less <= -0.05
                      else ", about the same")
            lines.append(f"{number}. {move_label(suggestion, move)} ({_worth(move)}{behind}). {move.reason}")
    if len(alternatives) < 2:
        lines.append("No other choice leads to a different turn.")
    if any(move.value - best.value >= 0.05 for move in alternatives):
        lines.append("The worth of each move is a quick estimate a few moves ahead; the AI's choice comes from its "
                     "deeper search or its rule for this decision, which the estimate does not always share.")
    lines.append(f"-# {ONLY_YOU}")
    return "\n".join(lines)[:2000]
