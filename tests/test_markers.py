"""The `e2e` marker: every test module that starts a process is either end-to-end or listed as quick, with a reason;
so `python -m pytest -m "not e2e"` stays a quick loop (docs/contributing.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.markers import E2E_PATHS, QUICK_PROCESS_MODULES, is_e2e

ROOT = Path(__file__).resolve().parents[1]
STARTS_A_PROCESS = re.compile(r"\bsubprocess\b|create_subprocess_exec|multiprocessing|ProcessPoolExecutor")


def _modules_starting_processes() -> list[str]:
    return sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").rglob("test_*.py")
                  if path != Path(__file__).resolve() and STARTS_A_PROCESS.search(path.read_text(encoding="utf-8")))


def test_every_module_that_starts_a_process_is_e2e_or_listed_as_quick() -> None:
    unlisted = [module for module in _modules_starting_processes()
                if module not in QUICK_PROCESS_MODULES
                and not any(path.split("::")[0] == module or module.startswith(path) for path in E2E_PATHS)]
    assert not unlisted, f"add these to tests/markers.py (E2E_PATHS or QUICK_PROCESS_MODULES): {unlisted}"


def test_every_listed_path_exists() -> None:
    for path in (*E2E_PATHS, *QUICK_PROCESS_MODULES):
        assert (ROOT / path.split("::")[0]).exists(), path


def test_the_bot_e2e_folder_and_the_crash_test_are_e2e_and_engine_tests_are_not() -> None:
    assert is_e2e("tests/bot_e2e/test_full_game.py::test_a_whole_game")
    assert is_e2e("tests/bot/test_crash.py::test_sigkill_at_random_moments_loses_nothing_acknowledged[sqlite]")
    assert not is_e2e("tests/bot/test_storage.py::test_x[sqlite]")
    assert not is_e2e("tests/engine/test_flow.py::test_x")


def test_the_marker_is_registered_and_set_on_exactly_the_e2e_tests(request: pytest.FixtureRequest) -> None:
    assert any(line.startswith("e2e:") for line in request.config.getini("markers"))
    for item in request.session.items:  # every test of this run (all of them under `python -m pytest`)
        assert (item.get_closest_marker("e2e") is not None) == is_e2e(item.nodeid), item.nodeid
