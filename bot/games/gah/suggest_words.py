"""The words of the *Suggest* button's answer (issue 42, item 9; issue 52 item 3): the expert AI's move, why, and its
two best alternatives with their estimated worth. Pure (no discord): `bot.games.gah.suggest_button` sends the text
privately,
with a *Play this* button.

Each move is named by the turn panel's own choice that plays it (`bot.games.gah.suggest_choice.panel_choice`: the die
with its
split of items, its copied action or its staff card; a serve with all that fits), exactly as the panel's option or
button reads, so the player finds it there; an alternative whose choice reads as an earlier one's is left out.
"""

from __future__ import annotations

from bot.games.gah.suggest_choice import PanelChoice, panel_choice
from bot.games.gah.suggest_reasons import reason_text
from bot.host.service.suggest_desk import Suggestion
from engine.core.suggestions import RankedMove
from render.core.i18n import Translator, translator
from render.core.lang import N_

ONLY_YOU = N_("Only you see this. The game's record notes that you asked, and `/gah stats` marks the games played "
              "with suggestions.")


def move_choice(suggestion: Suggestion, move: RankedMove, language: str = "en") -> PanelChoice:
    """The panel choice that plays a suggested move (with its follow-up answers), named in `language`."""
    state = suggestion.state
    return panel_choice(state, state.players[suggestion.seat].name, move.action, move.follow, language=language)


def move_label(suggestion: Suggestion, move: RankedMove, language: str = "en") -> str:
    """One suggested move as the panel shows it: the label of its panel choice ("Wine or coffee - strength 2: Take 2
    wine", "End turn", "Serve Major all that fits: cake, coffee · 1 krone")."""
    return move_choice(suggestion, move, language).label


def shown_moves(suggestion: Suggestion, language: str = "en") -> list[tuple[RankedMove, PanelChoice]]:
    """The best move and the alternatives (up to two) the answer tells, each with its panel choice: an alternative
    whose choice has the label of the best's or an earlier alternative's is left out (nothing a player sees tells
    them apart)."""
    shown: list[tuple[RankedMove, PanelChoice]] = []
    for move in suggestion.moves:
        choice = move_choice(suggestion, move, language)
        if all(choice.label != seen.label for _, seen in shown):
            shown.append((move, choice))
    return shown[:3]


def _worth(move: RankedMove, _: Translator) -> str:
    return _("estimated worth {vp} VP", vp=f"{move.value:.1f}")


def suggestion_text(suggestion: Suggestion, *, language: str = "en") -> str:
    """The answer to *Suggest*: the expert's move in bold with its worth and reason (if it has one), then the
    alternatives (up to two) with their worth, how much less each is worth, and their reasons; at most 2,000
    characters; in `language` (the clicker's; the reasons too, `bot.games.gah.suggest_reasons`)."""
    _ = translator(language)
    shown = shown_moves(suggestion, language)
    best, choice = shown[0]
    lines = [_("**The expert AI would choose: {choice}** ({worth}).", choice=choice.label, worth=_worth(best, _))]
    if best_reason := reason_text(best.reason, language=language):
        lines.append(best_reason)
    alternatives = shown[1:]
    if alternatives:
        lines.append(_("**Its best alternatives:**") if len(alternatives) > 1 else _("**Its best alternative:**"))
        for number, (move, other) in enumerate(alternatives, start=2):
            less = best.value - move.value
            # an alternative looked ahead only for the suggestion may come out ahead of the expert's own choice
            behind = (_(", {vp} VP less", vp=f"{less:.1f}") if less >= 0.05 else
                      _(", {vp} VP more", vp=f"{-less:.1f}") if less <= -0.05 else _(", about the same"))
            said = reason_text(move.reason, language=language)
            reason = " " + said if said else ""
            lines.append(f"{number}. {other.label} ({_worth(move, _)}{behind}).{reason}")
    if len(alternatives) < 2:
        lines.append(_("No other choice leads to a different turn."))
    if any(move.value - best.value >= 0.05 for move, _move in alternatives):
        lines.append(_("The worth of each move is a quick estimate a few moves ahead; the AI's choice comes from its "
                       "deeper search or its rule for this decision, which the estimate does not always share."))
    lines.append(_("*Play this* plays the expert's choice for you, as the same choice on your panel would."))
    lines.append(f"-# {_(ONLY_YOU)}")
    return "\n".join(lines)[:2000]
