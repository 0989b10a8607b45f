"""Importing Overbooking loads none of Grand Austria Hotel's rules (issue 41, item 1).

Each check runs a fresh interpreter, since this test process has long since imported both games.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

GAH_RULES_MODULES = ("engine.gah.state", "engine.gah.mechanics", "engine.gah.game", "engine.gah.flow",
                     "engine.gah.scoring", "engine.gah.config", "engine.gah.cards", "engine.gah.behaviours",
                     "engine.gah.decisions", "engine.gah.waltz", "engine.gah.solo", "engine.gah.hooks",
                     "engine.gah.ai")


def loaded_after(statement: str) -> list[str]:
    """The `engine` modules a fresh interpreter holds after running `statement`."""
    listing = "print(json.dumps(sorted(m for m in sys.modules if m.startswith('engine'))))"
    probe = f"{statement}\nimport json, sys\n{listing}"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    modules: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return modules


def gah_modules(modules: list[str]) -> list[str]:
    """The names among `modules` that belong to Grand Austria Hotel's rules."""
    return [m for m in modules if any(m == g or m.startswith(g + ".") for g in GAH_RULES_MODULES)]


@pytest.mark.parametrize("statement", [
    "import engine.overbooking",
    "from engine.overbooking import new_game, GameConfig, apply, legal_actions",
    "import engine.overbooking.ai, engine.overbooking.simulate",
    "import engine.core",
])
def test_overbooking_and_the_core_load_no_grand_austria_hotel_rules(statement: str) -> None:
    modules = loaded_after(statement)
    assert "engine.core.actions" in modules  # the probe did run and see the engine
    assert gah_modules(modules) == []


def test_overbooking_modules_import_only_the_core_and_themselves() -> None:
    modules = loaded_after("import engine.overbooking.ai, engine.overbooking.simulate")
    foreign = [m for m in modules if m != "engine" and not m.startswith(("engine.core", "engine.overbooking"))]
    assert foreign == []


def test_the_grand_austria_hotel_api_still_loads_from_the_umbrella() -> None:
    modules = loaded_after("from engine import GameConfig, new_game, legal_actions, apply, final_scores\n"
                           "state = new_game(GameConfig(players=['ann', 'bob'], seed=3))\n"
                           "apply(state, legal_actions(state)[0])\nfinal_scores(state)")
    assert "engine.gah.game" in modules and "engine.gah.state" in modules
    assert "engine.overbooking" not in modules
