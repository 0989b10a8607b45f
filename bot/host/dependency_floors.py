"""The lowest version of each runtime dependency the bot works with, checked when `python -m bot` starts.

The same floors are in `pyproject.toml` (`dependencies`) and in `constraints-min.txt`, which CI installs into a
virtual environment of its own to run the quick tests on exactly these versions (`.ci/run`);
tests/test_dependency_floors.py holds the three to one another. Standard library only: the check runs before
anything imports discord.py, whose older versions fail later and worse (every routed click).
"""

from __future__ import annotations

import re
import sys
from importlib import metadata

FLOORS: dict[str, str] = {
    # ui.LayoutView and MessageFlags.components_v2 came in 2.6 (bot/host/views.py rebuilds such messages); 2.7.1 fixed
    # a leak of LayoutView instances
    "discord.py": "2.7.1",
    "aiosqlite": "0.20.0",
    "asyncpg": "0.30.0",  # create_pool(reset=...) (bot/host/storage/postgresql.py)
    "Pillow": "10.0.0",
    "python-dotenv": "1.0.0",
    # the message catalogs (render/core/i18n.py): 2.9's Translations.pgettext reads gettext's output charset, gone in
    # 3.11
    "Babel": "2.11.0",
    "numpy": "1.26.0",  # the first with wheels for Python 3.12
    "tzdata": "2023.3",  # zoneinfo's time zones where the system has none (Windows): the quiet hours
}
"""Distribution name -> the lowest version the bot needs (a release: numbers and dots)."""

ONLY_ON: dict[str, str] = {"tzdata": "win32"}
"""Distribution name -> the one platform (`sys.platform`) that needs it, as pyproject.toml's marker says; elsewhere
it is neither required nor checked."""


def needed(name: str, platform: str = sys.platform) -> bool:
    """Whether the dependency `name` is required on `platform` (`ONLY_ON`)."""
    return ONLY_ON.get(name, platform) == platform


def release(version: str) -> tuple[int, ...]:
    """The release numbers at the start of `version`: "2.5.2" -> (2, 5, 2), "2.6.0rc1" -> (2, 6, 0), "x" -> ()."""
    leading = re.match(r"[0-9]+(?:\.[0-9]+)*", version)
    return tuple(int(part) for part in leading.group().split(".")) if leading else ()


def too_old() -> list[str]:
    """One sentence for each dependency in `FLOORS` that is missing or older than its floor (none: all fine)."""
    found: list[str] = []
    for name, floor in FLOORS.items():
        if not needed(name):
            continue
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            found.append(f"{name} is not installed (the bot needs {floor} or newer)")
            continue
        if release(installed) < release(floor):
            found.append(f"{name} {installed} is installed, but the bot needs {floor} or newer")
    return found


def problem() -> str | None:
    """The paragraph `python -m bot` prints (then exits with code 2) when a dependency is missing or too old, or
    None when every one meets its floor."""
    found = too_old()
    if not found:
        return None
    wanted = " ".join(f'"{name}>={FLOORS[name]}"' for name in FLOORS if any(line.startswith(f"{name} ")
                                                                            for line in found))
    return (f"Install problem: {'; '.join(found)}. In the bot's virtual environment run pip install . in the "
            f"bot's folder (or pip install -U {wanted}), then start the bot again.")
