"""Numbered schema migrations, applied in order at start-up under `PRAGMA user_version`.

Each migration is a module `mNNNN_<name>.py` in this package with a module-level `SQL` string. Migration
`NNNN` brings a database from `user_version = NNNN - 1` to `user_version = NNNN`; `bot.storage.Storage`
runs each one in its own `BEGIN IMMEDIATE` transaction together with the `user_version` bump, so a crash
leaves the database at a whole version. Never edit a migration that has shipped: add a new one.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass
from functools import cache

_NAME = re.compile(r"^m(\d{4})_(\w+)$")


@dataclass(frozen=True)
class Migration:
    """One schema step: `version` is the `user_version` the database has after `sql` ran."""

    version: int
    name: str
    sql: str


@cache
def migrations() -> tuple[Migration, ...]:
    """Every migration of this package, by version.

    Raises:
        RuntimeError: the numbering has a gap or a duplicate, or a module has no `SQL` string.
    """
    found: list[Migration] = []
    for info in pkgutil.iter_modules(__path__):
        match = _NAME.match(info.name)
        if not match:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        sql = getattr(module, "SQL", None)
        if not isinstance(sql, str):
            raise RuntimeError(f"migration {info.name} has no SQL string")
        found.append(Migration(int(match.group(1)), match.group(2), sql))
    found.sort(key=lambda m: m.version)
    if [m.version for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps: {[m.version for m in found]}")
    return tuple(found)


def latest_version() -> int:
    """The `user_version` of a fully migrated database."""
    return len(migrations())
