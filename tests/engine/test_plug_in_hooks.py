"""Let's Waltz and the solo unique hotels reach the core only through `engine.gah.hooks` (issue 41, item 2): the solo
opponent, the behaviours' holdings and the simulation's record name no module, and what they used to do by name
still happens through the hook points."""

from __future__ import annotations

from engine.gah.config import GameConfig
from engine.gah.game import apply, legal_actions, new_game
from engine.gah.payloads import SOLO_STAFF, TURN
from engine.gah.simulate import game_record, play_game
from tests.test_import_cycles import import_graph

PLUGGED = ("engine.gah.behaviours", "engine.gah.simulate", "engine.gah.solo", "engine.gah.solo_objectives")
"""Modules that call the plug-ins' hook points instead of importing a module."""


def test_plugged_modules_import_no_module() -> None:
    graph = import_graph()
    found = {module: sorted(t for t in graph[module] if t.startswith("engine.gah.waltz")) for module in PLUGGED}
    assert {module: names for module, names in found.items() if names} == {}


def test_a_simulated_solo_game_names_the_opponents_entrance_first() -> None:
    config = GameConfig(players=("ann",), seed=3, modules=("unique_hotels",), solo="leopold",
                        solo_entrance="sushi_resort")
    state, actions = play_game(config, ["random"], 3)
    record = game_record(state, ["random"], actions, 0.0)
    assert next(iter(record.items())) == ("solo_entrance", "sushi_resort")


def test_a_simulated_game_without_the_module_names_no_entrance() -> None:
    state, actions = play_game(GameConfig(players=("ann", "bob"), seed=5), ["random", "random"], 5)
    record = game_record(state, ["random", "random"], actions, 0.0)
    assert "solo_entrance" not in record
    assert next(iter(record)) == "seed"


def test_deciding_names_the_pending_decision() -> None:
    state = new_game(GameConfig(players=("ann",), seed=1, solo="leopold"))
    assert state.deciding(SOLO_STAFF)
    assert state.deciding(TURN, SOLO_STAFF)
    assert not state.deciding(TURN)
    while not state.is_over:
        state, _ = apply(state, legal_actions(state)[0])
    assert not state.deciding(TURN, SOLO_STAFF)  # nothing is pending once the game is over
