"""The words of Let's Waltz module 4, Start Player (`engine.gah.waltz.start_player`): the skeleton key's events,
its action on the panel, and its rules sentence."""

from __future__ import annotations

from bot.games.gah.panel_words import action_name
from bot.games.gah.waltz.registry import ModuleWords, register
from bot.host.panel_types import clip
from engine.core.actions import Action
from engine.gah import GameState
from engine.gah.options_spec import WALTZ_MODULES
from render.core.i18n import Translator
from render.core.lang import N_

NAME = "start_player"
SPEC = next(module for module in WALTZ_MODULES if module.name == NAME)


def _key_action_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """The skeleton key's action."""
    space = action.args[0]
    return clip(_("Action {space} ({name}) at strength 1", space=space, name=action_name(_, space))), ""


WORDS = register(ModuleWords(
    NAME,
    rules=lambda _: _(SPEC.rules),
    events={
        "key": lambda _, event: _("takes the skeleton key and will start the next round"),
        "key_returns": lambda _, event: _("starts the next round; the skeleton key goes back"),
        "key_action": lambda _, event: _("carries out action {space} at strength 1", space=event.data.get("space")),
    },
    as_written=frozenset({"key", "key_action", "key_returns"}),
    prompts=(N_("Skeleton key: carry out any main action at strength 1."),),
    decision_help={
        "key_action": N_(
            "With the skeleton key (Let's Waltz module 4) you carry out any of the actions 1 to 5 at strength 1, "
            "without a boost."),
    },
    labels={("key_action", "action"): _key_action_label},
    answer_kinds=frozenset({"key"}),
    answers=frozenset({N_("Take the skeleton key")}),
))
"""Module 4's words (`bot.games.gah.waltz.registry.ModuleWords`)."""
