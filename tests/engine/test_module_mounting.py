"""A Let's Waltz module is one unit, mounted only in the games that chose it (issue 54, item 3): a game's hook
points (`GameState.hooks`) hold the handlers of its own modules and of no other, a game without modules holds none,
and in a random game without module 2 or 4 no function of that module's package ever runs. Each module's decision
kinds, payloads and behaviours are declared in its own package; a game without the module refuses its kinds, and
never meets them nor runs its behaviours."""

from __future__ import annotations

import json
import pickle
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import fields
from itertools import combinations
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import engine.gah.waltz as waltz_package
from engine.gah.behaviours import BEHAVIOURS
from engine.gah.config import GameConfig
from engine.gah.decisions import DECISIONS
from engine.gah.decisions.registry import DecisionNotInGame, decisions_of
from engine.gah.game import apply, legal_actions, new_game
from engine.gah.hooks import Collect, First, Hook, Hooks, Total, mounted
from engine.gah.options_spec import WALTZ_MODULES
from engine.gah.payloads import PAYLOADS
from engine.gah.state import Frame
from engine.gah.waltz.state import PARTS

MODULES = tuple(module.name for module in WALTZ_MODULES)
STORED_KEYS = ("lounge", "chits", "celebrity_deck", "celebrity_discard", "colored", "used", "key", "round_start",
               "passed_round", "wray_tiles", "personal", "personal_done", "pile", "kaufman_pile", "faces")
"""The keys of the stored `waltz` object before the modules had their own parts (and "solo_hotel" in solo games),
which stored games hold."""
WALTZ = Path(waltz_package.__file__).parent
DATA = WALTZ.parent / "data"
MODULE_KINDS = {"celebrities": {"dustbin_die", "swap_items"},
                "unique_hotels": {"auction", "optional_draw", "paid_guest", "choose_entrance", "couture_item"},
                "start_player": {"key_action"},
                "more_objectives": {"return_item"}}
"""Each module's decision kinds (the rulebook's: module 2's dustbin die and Einstein's swap, module 3's auction and
its entrances' choices, module 4's key action, module 5's tile A6 penalty); a module without any needs no entry."""
KIND_FILES = {"celebrities": ("decisions.py", "abilities.py"),
              "unique_hotels": ("decisions.py", "abilities.py", "solo_hotels.py"),
              "start_player": ("decisions.py",),
              "more_objectives": ("decisions.py", "emperor_tiles.py")}
"""The files of each module package that hold its decision kinds and behaviours (a module without an entry: all the
files of its package)."""


def handlers(hooks: Hooks) -> Iterator[tuple[str, Callable[..., Any]]]:
    """(hook point, handler) for every handler mounted at `hooks`, the module's own turn actions included."""
    for name, point in vars(hooks).items():
        if isinstance(point, Hook | Total | Collect | First):
            for handler in point.handlers:
                yield name, handler
    for kind, answer in hooks.turn_answers.items():
        yield f"turn_answers[{kind}]", answer


def owner(handler: Callable[..., Any]) -> str | None:
    """The module whose package defines `handler` (None: the expansion's shared parts)."""
    parts = (handler.__module__ or "").split(".")
    return parts[3] if len(parts) >= 4 and parts[:3] == ["engine", "gah", "waltz"] and parts[3] in MODULES else None


def declared_by(python_module: str) -> str | None:
    """The module package a Python module `python_module` belongs to; None for the base game's; "the expansion's
    root" for the expansion's shared files (engine/gah/waltz/*.py), which should declare no module's kind."""
    parts = python_module.split(".")
    if parts[:3] != ["engine", "gah", "waltz"]:
        return None
    return parts[3] if len(parts) >= 5 and parts[3] in MODULES else "the expansion's root"


def effects_named(data: Any) -> set[str]:
    """Every behaviour name ("effect") in a piece of JSON data, at any depth."""
    if isinstance(data, dict):
        own = {data["effect"]} if isinstance(data.get("effect"), str) else set()
        return own.union(*(effects_named(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(effects_named(item) for item in data))
    return set()


def data_rows_by_module() -> dict[str | None, set[str]]:
    """The behaviour names the data rows of each module give (None: the base game's rows, which every game uses):
    celebrities.json is module 2's, entrances.json module 3's, the Emperor tiles and politics cards of variant
    "more_objectives" module 5's."""
    named: dict[str | None, set[str]] = {None: set(), "celebrities": set(), "unique_hotels": set(),
                                         "more_objectives": set(), "start_player": set()}
    for path in sorted(DATA.glob("*.json")):
        rows = json.loads(path.read_text(encoding="utf-8"))
        if path.stem == "celebrities":
            named["celebrities"] |= effects_named(rows)
        elif path.stem == "entrances":
            named["unique_hotels"] |= effects_named(rows)
        elif path.stem in ("emperor_tiles", "politics"):
            for row in rows["tiles" if path.stem == "emperor_tiles" else "politics"]:
                assert row.get("variant") in (None, "herlius", "more_objectives"), row.get("variant")
                named["more_objectives" if row.get("variant") == "more_objectives" else None] |= effects_named(row)
        else:
            named[None] |= effects_named(rows)
    return named


def test_a_game_without_modules_mounts_nothing() -> None:
    state = new_game(GameConfig(players=["ann", "bob"], seed=1))
    assert list(handlers(state.hooks)) == []


@pytest.mark.parametrize("chosen", [frozenset(c) for size in range(1, len(MODULES) + 1)
                                    for c in combinations(MODULES, size)], ids=lambda c: "+".join(sorted(c)))
def test_a_game_mounts_its_modules_handlers_and_no_others(chosen: frozenset[str]) -> None:
    owners = {owner(handler) for _, handler in handlers(mounted(chosen))}
    assert owners - {None} == set(chosen), "every chosen module mounts something, and no other module does"
    for name, handler in handlers(mounted(chosen)):
        assert owner(handler) in chosen or owner(handler) is None, (name, handler.__qualname__)


def test_games_with_the_same_modules_share_their_hook_points() -> None:
    two = frozenset({"celebrities", "start_player"})
    first = new_game(GameConfig(players=["ann", "bob"], seed=1, modules=two))
    second = new_game(GameConfig(players=["cy", "dee", "eve"], seed=2,
                                 modules=frozenset(["start_player", "celebrities"])))
    assert first.hooks is second.hooks is mounted(two)
    assert first.copy().hooks is first.hooks
    assert type(first).from_json(first.to_json()).hooks is first.hooks
    sent = pickle.loads(pickle.dumps(first))  # as to an AI worker process
    assert sent == first and sent.hooks is first.hooks


def test_the_celebrities_handler_is_absent_without_module_2() -> None:
    """The example of the issue: the hooks of a game without module 2 hold no celebrity handler."""
    others = frozenset(MODULES) - {"celebrities"}
    assert all(owner(handler) != "celebrities" for _, handler in handlers(mounted(others)))
    assert any(owner(handler) == "celebrities" for _, handler in handlers(mounted(frozenset(MODULES))))


def test_each_stored_key_belongs_to_one_module() -> None:
    """The modules' parts are stored as one flat object: two parts declaring the same field would overwrite each
    other's value."""
    names = [item.name for kind in PARTS.values() for item in fields(kind)] + ["used"]
    assert len(names) == len(set(names))
    state = new_game(GameConfig(players=["ann", "bob"], seed=3, modules=frozenset(MODULES)))
    assert state.waltz is not None
    stored = set(state.waltz.to_dict())
    assert stored == set(names) - {"solo_hotel"}  # "solo_hotel" only in a solo game with module 3
    assert set(STORED_KEYS) <= stored, "a key that stored games hold is no module's any more"


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_copy_shares_no_piece_of_any_module(seed: int) -> None:
    """`GameState.copy` copies each module's part itself (at every action): changing every list of the copy's parts
    leaves the original as it was."""
    chooser = random.Random(seed)
    solo = seed % 4 == 0
    config = GameConfig(players=["ann"] if solo else ["ann", "bob", "cy"], seed=seed, solo="leopold" if solo else None,
                        modules=frozenset(MODULES) - ({"start_player"} if solo else set()))
    state = new_game(config)
    for _ in range(40 + 10 * seed):
        if state.is_over:
            break
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    before = state.to_json()
    copied = state.copy()
    assert copied == state and copied.waltz is not state.waltz
    assert copied.waltz is not None
    parts = [*(getattr(copied.waltz, part) for part in PARTS), copied.waltz]
    hotel = copied.waltz.unique_hotels.solo_hotel
    for part in parts + ([hotel] if hotel is not None else []):
        for item in fields(part):
            value = getattr(part, item.name)
            if isinstance(value, list):
                value.append(99)
                for inner in value:
                    if isinstance(inner, list):
                        inner.append(99)
    assert state.to_json() == before


def run_watching(config: GameConfig, package: Path, moves: int) -> set[str]:
    """Play `moves` random moves of a game; the names of the functions defined under `package` that ran, but for
    its `state.py` (every game with a module holds every module's part, so that the stored object keeps its keys)."""
    prefix, state_file = str(package) + "/", str(package / "state.py")
    ran: set[str] = set()

    def watch(frame: FrameType, event: str, arg: object) -> None:
        name = frame.f_code.co_filename
        if event == "call" and name.startswith(prefix) and name != state_file:
            ran.add(frame.f_code.co_name)

    chooser = random.Random(config.seed)
    sys.setprofile(watch)
    try:
        state = new_game(config)
        for _ in range(moves):
            if state.is_over:
                break
            state, _ = apply(state, chooser.choice(legal_actions(state)))
    finally:
        sys.setprofile(None)
    return ran


@pytest.mark.parametrize("left_out", ["celebrities", "start_player"])
@pytest.mark.parametrize("seed", range(1, 7))
def test_no_function_of_a_module_left_out_runs(left_out: str, seed: int) -> None:
    """Modules 2 and 4 are called by nothing but their mounted handlers (module 3's Corogari is told of module 4's
    key, and its Kaufman pile goes on to module 5's pile, so those two are called across)."""
    others = [name for name in MODULES if name != left_out]
    config = GameConfig(players=["ann", "bob", "cy"][: 2 + seed % 2], seed=seed, modules=frozenset(others))
    assert run_watching(config, WALTZ / left_out, 160) == set()
    with_it = GameConfig(players=config.players, seed=seed, modules=frozenset(MODULES))
    assert run_watching(with_it, WALTZ / left_out, 160), "the watch sees the module's functions when it is chosen"


def test_each_module_declares_its_decision_kinds_and_payloads_in_its_own_package() -> None:
    """A decision kind, its answers and its payload are declared in the package of the module it belongs to (the
    base game's outside the expansion), and the kind names that module (`Decision.module`)."""
    declared: dict[str, set[str]] = {}
    for kind, decision in DECISIONS.items():
        where = declared_by(decision.options.__module__)
        assert getattr(decision, "module", None) == where, (kind, decision.options.__module__)
        assert declared_by(PAYLOADS[kind].__module__) == where, (kind, PAYLOADS[kind].__module__)
        for answer in (decision.answers or {}).values():
            assert declared_by(answer.__module__) in (where, None), (kind, answer.__qualname__)
        if where is not None:
            declared.setdefault(where, set()).add(kind)
    assert declared == {name: kinds for name, kinds in MODULE_KINDS.items() if kinds}


def test_each_module_declares_its_behaviours_in_its_package_and_only_its_rows_name_them() -> None:
    """The behaviours of the expansion are declared in the package of the module whose data rows name them
    (celebrities.json: module 2; entrances.json: module 3; the "more_objectives" tiles: module 5), and no row of the
    base game names one: they are reached only through what the module gives."""
    rows = data_rows_by_module()
    declared: dict[str, set[str]] = {}
    for (_, name), entry in BEHAVIOURS.items():
        handler = entry.run or entry.adjust or entry.score or entry.holds or entry.value
        assert handler is not None, name
        where = declared_by(handler.__module__)
        if where is None:
            continue
        assert where in MODULES, (name, handler.__module__)
        assert name in rows[where], f"{name} ({handler.__module__}) is named by no row of module {where}"
        assert name not in rows[None], f"{name} of module {where} is named by a row of the base game"
        declared.setdefault(where, set()).add(name)
    assert set(declared) == {"celebrities", "unique_hotels", "more_objectives"}


@pytest.mark.parametrize("module", MODULES)
def test_a_game_without_the_module_refuses_its_decision_kinds(module: str) -> None:
    """A frame of a module's kind in a game that did not choose the module (a stored state from elsewhere) is
    refused with an error naming the module; a game with it knows the kind, and every game knows the base kinds."""
    others = frozenset(MODULES) - {module}
    for seed in range(1, 4):
        state = new_game(GameConfig(players=["ann", "bob", "cy"][: 2 + seed % 2], seed=seed, modules=others))
        assert decisions_of(state.config.modules)["turn"] is DECISIONS["turn"]
        for kind in MODULE_KINDS.get(module, set()):
            with pytest.raises(DecisionNotInGame, match=module):
                decisions_of(state.config.modules)[kind]
            stray = state.copy()
            stray.pending.append(Frame(kind, 0, {}))
            with pytest.raises(DecisionNotInGame, match=kind):
                legal_actions(stray)
    with_it = decisions_of(frozenset(MODULES))
    assert all(with_it[kind] is DECISIONS[kind] for kind in MODULE_KINDS.get(module, set()))
    with pytest.raises(DecisionNotInGame, match="no decision kind"):
        with_it["no such kind"]


def run_watching_files(config: GameConfig, files: set[str]) -> set[str]:
    """Play a whole random game; the names of the functions defined in `files` (paths) that ran, and the decision
    kinds the game asked (every frame on top of the stack)."""
    ran: set[str] = set()

    def watch(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" and frame.f_code.co_filename in files:
            ran.add(frame.f_code.co_name)

    chooser = random.Random(config.seed)
    sys.setprofile(watch)
    try:
        state = new_game(config)
        while not state.is_over:
            ran.add(f"kind:{state.pending[-1].kind}")
            state, _ = apply(state, chooser.choice(legal_actions(state)))
    finally:
        sys.setprofile(None)
    return ran


@pytest.mark.parametrize("module", MODULES)
def test_a_game_without_the_module_never_meets_its_kinds_nor_runs_its_behaviours(module: str) -> None:
    """Whole random games of every other module: none asks a decision of the module's kinds, and no function of its
    decision and behaviour files runs; the same games with every module do meet them (the watch sees them)."""
    files = ({str(WALTZ / module / name) for name in KIND_FILES[module]} if module in KIND_FILES
             else {str(path) for path in (WALTZ / module).glob("*.py")})  # a module of a few rules: all its files
    kinds = {f"kind:{kind}" for kind in MODULE_KINDS.get(module, set())}
    seen_with_it: set[str] = set()
    for seed in range(1, 5):
        players = ["ann", "bob", "cy", "dee"][: 2 + seed % 3]
        without = run_watching_files(GameConfig(players=players, seed=seed, modules=frozenset(MODULES) - {module}),
                                     files)
        assert not {name for name in without if not name.startswith("kind:")}, (seed, without)
        assert not without & kinds, (seed, without & kinds)
        seen_with_it |= run_watching_files(GameConfig(players=players, seed=seed, modules=frozenset(MODULES)), files)
    assert seen_with_it - {name for name in seen_with_it if name.startswith("kind:")}, "the module's files run with it"
