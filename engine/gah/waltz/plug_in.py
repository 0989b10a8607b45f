"""Let's Waltz (and the solo unique hotels) plugged into Grand Austria Hotel's core (issue 41, item 2), a module at a
time (issue 54, item 3).

`engine.gah.hooks.load_plug_ins()` imports this module and calls `register()` once, before any game exists: the
expansion's state reader, its holdings (celebrities, entrances), the set-up every game with a module mounts, and
each module's `mount` by the module's name (`MODULES`, from the options spec), importing the module's package,
whose decorators register its kinds (`KINDS` in its `__init__.py`). A game's hook points then hold only what its
modules mount (`engine.gah.hooks.mounted(config.modules)`), and its decisions only its modules' kinds
(`engine.gah.decisions.registry.GameDecisions`): a game without a module mounts nothing, so the base game plays as
before, a module's handlers need not ask whether it is in play, and a frame of a module the game did not choose is
refused. Behaviours and payloads stay in their one registry each (`engine.gah.behaviours`, `engine.gah.payloads`),
reached only through what a module gives (a held celebrity or entrance, a module-5 tile, a module's frame).

Each module is its package engine/gah/waltz/<name>/: `__init__.py` (`mount(hooks)`, `KINDS`), `state.py` (its part
of `engine.gah.waltz.state.WaltzState`, if it keeps any), `payloads.py` and `decisions.py` (its decision kinds,
`@decision(KIND, MODULE)`), its behaviours (`celebrities/abilities.py`, `unique_hotels/abilities.py` and
`solo_hotels.py`, `more_objectives/emperor_tiles.py`) and its rules. Shared by several modules: `cards`, `state`,
`setup` and `die_actions` (the die actions modules 2 and 3 change). Adding a module: its package and its `Module`
in `engine/gah/options_spec.py` (docs/contributing.md, "A new Let's Waltz module").
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from engine.gah import hooks
from engine.gah.options_spec import WALTZ_MODULES
from engine.gah.waltz import setup
from engine.gah.waltz.cards import celebrities, entrances
from engine.gah.waltz.state import WaltzState

MODULES = tuple(module.name for module in WALTZ_MODULES)
"""The modules, in the order they mount (`engine.gah.options_spec.WALTZ_MODULES`' order): where two modules act at
one hook point, the earlier one's handlers run first (module 2's celebrities leave before module 3's Kaufman pile
scores) unless a handler asks for a later place (`engine.gah.hooks.Hook.register`'s `order`). Each is the package
`engine.gah.waltz.<name>`, whose `mount` `register()` finds by that name."""


def _mount_of(name: str) -> Callable[[hooks.Hooks], None]:
    """The `mount(hooks)` of the module package `engine.gah.waltz.<name>` (imported by name, so that a new module
    is its package and its spec entry, and no list here; importing it registers its kinds, `KINDS`)."""
    mount: Callable[[hooks.Hooks], None] = importlib.import_module(f"{__package__}.{name}").mount
    return mount


def _celebrity_abilities(celebrity: int) -> tuple[dict[str, Any], ...]:
    """Module 2: a celebrity's ability rows (engine/gah/data/celebrities.json)."""
    return celebrities()[celebrity].abilities


def _entrance_abilities(entrance: int) -> tuple[dict[str, Any], ...]:
    """Module 3: a hotel entrance's ability rows (engine/gah/data/entrances.json)."""
    return entrances()[entrance].abilities


def register() -> None:
    """Register the expansion's readers and holdings, and each module's `mount` (`engine.gah.hooks.MOUNTS`; its
    package's kinds register as it is imported); called once by `engine.gah.hooks.load_plug_ins`. A game's hook
    points get the modules it chose, in `MODULES`' order (`engine.gah.hooks.mounted`)."""
    hooks.STATE_EXTENSIONS["waltz"] = WaltzState.from_dict
    hooks.HOLDING_ABILITIES.update({"celebrity": _celebrity_abilities, "entrance": _entrance_abilities})
    hooks.HOLDING_NAMES.update({"celebrity": lambda card: celebrities()[card].name,
                                "entrance": lambda card: entrances()[card].name})
    hooks.COMMON_MOUNTS.append(setup.mount)
    for name in MODULES:
        hooks.MOUNTS[name] = _mount_of(name)
        hooks.MOUNT_ORDER.append(name)
