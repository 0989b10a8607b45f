"""A Let's Waltz module is one unit, mounted only in the games that chose it (issue 54, item 3): a game's hook
points (`GameState.hooks`) hold the handlers of its own modules and of no other, a game without modules holds none,
and in a random game without module 2 or 4 no function of that module's package ever runs."""

from __future__ import annotations

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
from engine.gah.config import GameConfig
from engine.gah.game import apply, legal_actions, new_game
from engine.gah.hooks import Collect, First, Hook, Hooks, Total, mounted
from engine.gah.options_spec import WALTZ_MODULES
from engine.gah.waltz.state import PARTS

MODULES = tuple(module.name for module in WALTZ_MODULES)
STORED_KEYS = ("lounge", "chits", "celebrity_deck", "celebrity_discard", "colored", "used", "key", "round_start",
               "passed_round", "wray_tiles", "personal", "personal_done", "pile", "kaufman_pile", "faces")
"""The keys of the stored `waltz` object before the modules had their own parts (and "solo_hotel" in solo games),
which stored games hold."""
WALTZ = Path(waltz_package.__file__).parent


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
