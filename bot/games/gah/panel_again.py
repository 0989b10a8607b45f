"""The label of E. Gizia's extra action (guest 97, 2021 rules: carry out a space that has a die without taking it),
with what it costs: action 6 still costs its krone (issue 52 item 9: a copy option told without its cost)."""

from __future__ import annotations

from bot.games.gah.panel_words import ENGLISH, action_name
from engine.core.actions import Action
from engine.gah import GameState
from render.core.i18n import Translator

LABEL_LIMIT = 80
"""Discord's limit on a button's or option's label."""


def extra_action_label(state: GameState, action: Action, _: Translator = ENGLISH) -> tuple[str, str]:
    """"Action 6 (Copy an action 1-5) again at strength 3 · costs 1 krone": the space, what it does, the strength
    of its dice and, for space 6, the krone it costs (`engine.gah.decisions.follow_ups.ExtraAction`), in `_`'s
    language."""
    space = int(action.args[0])
    strength = state.dice[space - 1]
    fee = _(" · costs 1 krone") if space == 6 else ""
    label = _("Action {space} ({name}) again at strength {strength}{fee}", space=space, name=action_name(_, space),
              strength=strength, fee=fee)
    return label[:LABEL_LIMIT], ""
