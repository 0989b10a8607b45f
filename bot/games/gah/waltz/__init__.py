"""The words and help of each Let's Waltz module, one file a module beside the others (issue 54, item 3): its event
sentences, panel questions, labels and "?" answers, its rules sentence and its cards' `/gah card` pages. Each file
is named as the module (`engine.gah.options_spec.WALTZ_MODULES`) and registers a `registry.ModuleWords` under that
name; the general GAH files read them through `registry`, never by a module's name.

Importing this package loads every module's file, found by the module's name: a module of the spec without its
file fails here (ModuleNotFoundError), as `engine.gah.waltz.plug_in` does for a module without its package."""

from __future__ import annotations

from importlib import import_module

from bot.games.gah.waltz.registry import MODULE_WORDS, ModuleWords, in_order
from engine.gah.options_spec import WALTZ_MODULES

for _module in WALTZ_MODULES:
    import_module(f"{__name__}.{_module.name}")

__all__ = ["MODULE_WORDS", "ModuleWords", "in_order"]
