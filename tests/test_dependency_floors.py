"""Issue 51 item 13: the runtime dependencies' floors are declared three times and must agree: in pyproject.toml
(what pip allows), in constraints-min.txt (what CI installs to test them, `.ci/run`) and in
`bot.host.dependency_floors.FLOORS` (what `python -m bot` refuses below; tests/bot_e2e/test_start_exits.py). And the
check compares releases, not text."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from bot.host import dependency_floors
from bot.host.dependency_floors import FLOORS, release

ROOT = Path(__file__).resolve().parents[1]


def canonical(name: str) -> str:
    """A distribution name as pip compares them (PEP 503): "Pillow" and "pillow", "discord.py" and "discord-py"."""
    return re.sub(r"[-_.]+", "-", name).lower()


REQUIREMENT = re.compile(r"([A-Za-z0-9._-]+)\s*>=\s*([0-9][0-9.]*)(?:\s*,\s*<\s*[0-9.]+)?"
                         r"(?:\s*;\s*sys_platform\s*==\s*'([a-z0-9]+)')?")
"""A runtime dependency as pyproject.toml writes it: name, floor, an optional cap, an optional platform marker."""


def pyproject_requirements() -> dict[str, tuple[str, str | None]]:
    """Each runtime dependency of pyproject.toml -> (the version after its `>=`, the one platform it is for or
    None); every one must have a floor."""
    dependencies: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "dependencies"]
    found_all = {}
    for requirement in dependencies:
        found = REQUIREMENT.fullmatch(requirement)
        assert found, f"{requirement!r}: every runtime dependency needs a floor (>=X.Y.Z, optionally ,<N)"
        found_all[canonical(found[1])] = (found[2], found[3])
    return found_all


def pyproject_floors() -> dict[str, str]:
    """Each runtime dependency of pyproject.toml -> the version after its `>=`."""
    return {name: floor for name, (floor, _) in pyproject_requirements().items()}


def test_the_start_check_needs_a_dependency_only_on_its_platform() -> None:
    platforms = {name: platform for name, (_, platform) in pyproject_requirements().items() if platform}
    assert {canonical(name): platform for name, platform in dependency_floors.ONLY_ON.items()} == platforms
    assert dependency_floors.needed("tzdata", "win32") and not dependency_floors.needed("tzdata", "linux")
    assert dependency_floors.needed("numpy", "linux") and dependency_floors.needed("numpy", "win32")


def pinned_minimums() -> dict[str, str]:
    """Each line of constraints-min.txt (`name==version`) as name -> version."""
    pins = {}
    for line in (ROOT / "constraints-min.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, equals, version = line.partition("==")
            assert equals and version, f"constraints-min.txt: {line!r} must pin one version (name==X.Y.Z)"
            pins[canonical(name.strip())] = version.strip()
    return pins


def test_constraints_min_pins_exactly_the_floors_of_pyproject() -> None:
    assert pinned_minimums() == pyproject_floors()


def test_the_start_check_knows_the_same_floors() -> None:
    assert {canonical(name): version for name, version in FLOORS.items()} == pyproject_floors()


def test_the_installed_versions_meet_the_floors() -> None:
    assert dependency_floors.too_old() == []
    assert dependency_floors.problem() is None


@pytest.mark.parametrize(("installed", "floor", "old"), [
    ("2.5.2", "2.7.1", True), ("2.6.4", "2.7.1", True), ("2.7.0", "2.7.1", True), ("2.7.1", "2.7.1", False),
    ("2.10.0", "2.7.1", False), ("2.7.1rc1", "2.7.1", False), ("0.9.9", "0.20.0", True), ("10.0.0", "9.5", False),
    ("1.26", "1.26.0", True), ("3.0.0.dev1", "2.7.1", False),
])
def test_versions_compare_by_release_numbers(installed: str, floor: str, old: bool) -> None:
    assert (release(installed) < release(floor)) is old


def test_a_dependency_below_its_floor_or_missing_is_named_with_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    installed = {"discord.py": "2.5.2", "numpy": "2.1.0"}

    def version(name: str) -> str:
        if name not in installed:
            raise dependency_floors.metadata.PackageNotFoundError(name)
        return installed[name]

    monkeypatch.setattr(dependency_floors.metadata, "version", version)
    monkeypatch.setattr(dependency_floors, "FLOORS", {"discord.py": "2.7.1", "numpy": "1.26.0", "asyncpg": "0.30.0"})
    assert dependency_floors.too_old() == ["discord.py 2.5.2 is installed, but the bot needs 2.7.1 or newer",
                                           "asyncpg is not installed (the bot needs 0.30.0 or newer)"]
    text = dependency_floors.problem()
    assert text is not None and text.startswith("Install problem: discord.py 2.5.2 is installed")
    assert 'pip install -U "discord.py>=2.7.1" "asyncpg>=0.30.0"' in text and "numpy" not in text
