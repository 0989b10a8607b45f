"""The words of Let's Waltz module 5, its objectives and Emperor tiles (`engine.gah.waltz.more_objectives`): the
pile of completed guests, tile A6's penalty on the panel, and its rules sentence. Its cards' own words are the
glossary's and `render.gah.effect_words`' (data rows like the base game's)."""

from __future__ import annotations

from bot.games.gah.waltz.registry import ModuleWords, register
from engine.gah.options_spec import WALTZ_MODULES
from render.core.lang import N_

NAME = "more_objectives"
SPEC = next(module for module in WALTZ_MODULES if module.name == NAME)

WORDS = register(ModuleWords(
    NAME,
    rules=lambda _: _(SPEC.rules),
    as_written=frozenset({"pile_discarded", "return_item"}),
    prompts=(N_("Emperor penalty: return a dish or drink from your kitchen."),),
    decision_help={
        "return_item": N_(
            "The Emperor's penalty (Let's Waltz tile A6): return a dish or drink of your choice from your kitchen."),
    },
    text_answers=frozenset({"return_item"}),
))
"""Module 5's words (`bot.games.gah.waltz.registry.ModuleWords`)."""
