"""Which turn panel choice plays a suggested move (issue 52 item 3): the *Suggest* answer names that choice in the
panel's own words, and its *Play this* button clicks it.

A suggested move is the expert's first action with its own follow-up answers (`engine.gah.ai.explain.RankedMove`:
"die 2" then "take 2 wine 0 coffee"). The panel offers some actions only with their first follow-up folded in (a
die with its split of items, its copied action or its staff card: "Wine or coffee - strength 2: Take 2 wine") and
others also as a compound choice ("Serve Major all that fits: cake, coffee"). The choice is the panel's compound
whose steps begin the move's line (the longest one), else the action itself where the panel shows it alone, else
the first compound that starts with the action. Pure (no discord).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.gah.panel import build_panel, describe
from bot.host.panel_types import Panel
from engine.core.actions import Action
from engine.gah import GameState, legal_actions
from render.core.i18n import translator


@dataclass(frozen=True)
class PanelChoice:
    """One choice of the turn panel: what a click on it plays."""

    index: int
    """Its index on the panel: a legal action's index, or a compound choice's (`bot.games.gah.panel.Panel.plans`)."""
    label: str
    """Its label, exactly as the panel's option or button shows it."""
    menu: str
    """The placeholder of the select that holds it, "" for a button."""
    steps: tuple[str, ...]
    """The texts of the legal actions it plays, in order."""


def offered(state: GameState, actions: list[Action], language: str = "en") -> dict[int, tuple[str, str]]:
    """Every choice of the panel for `actions` (all its pages) in `language`: its index -> (label, the select's
    placeholder or "" for a button). Buttons that move about the panel are left out."""
    found: dict[int, tuple[str, str]] = {}
    first = build_panel(state, actions, language=language)
    pages: list[Panel] = [first] + [build_panel(state, actions, page=page, language=language)
                                    for page in range(1, first.pages)]
    for panel in pages:
        for row in panel.rows:
            if row.goes_to_page:
                continue
            for choice in row.choices:
                if not choice.to_page:
                    found.setdefault(choice.index, (choice.label, row.placeholder or ""))
    return found


def panel_choice(state: GameState, name: str, action: Action, follow: tuple[Action, ...] = (), *,
                 language: str = "en") -> PanelChoice:
    """The panel choice of player `name` that plays `action` and as many of its `follow` answers as one choice
    does (see the module docstring), its words in `language` (the choice itself is the same in every language).

    Raises:
        ValueError: `action` is not one of the player's legal actions.
    """
    actions = legal_actions(state, name)
    if action not in actions:
        raise ValueError(f"not a legal action of {name}: {action.text!r}")
    index = actions.index(action)
    line = (action.text, *(step.text for step in follow))
    panel = build_panel(state, actions)
    shown = offered(state, actions, language)
    starting = [(number, steps) for number, steps in panel.plans.items() if steps[0] == action.text]
    fitting = [(number, steps) for number, steps in starting if line[:len(steps)] == steps and number in shown]
    if fitting:
        number, steps = max(fitting, key=lambda found: len(found[1]))
        return PanelChoice(number, *shown[number], steps)
    if index in shown:
        return PanelChoice(index, *shown[index], (action.text,))
    for number, steps in starting:
        if number in shown:
            return PanelChoice(number, *shown[number], steps)
    return PanelChoice(index, describe(state, action, translator(language))[0], "",  # a panel of another layout
                       (action.text,))
