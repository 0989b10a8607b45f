"""Figures the end-to-end tests measure (game duration, click-to-response latency), printed at the end of the
pytest run (terminal summary "bot end-to-end figures") and written to `figures.txt` in the test's tmp dir."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .driver import Table

FIGURES: list[str] = []
"""One line per measured test, collected for the terminal summary."""


def record_figures(tmp_path: Path, name: str, *, elapsed: float, decisions: int, table: Table, extra: str = "") -> str:
    """Record one test's figures; returns the line."""
    verbs = Counter(click.verb for click in table.clicks)
    line = (f"{name}: {elapsed:.1f} s, {decisions} decisions by click, {len(table.clicks)} clicks "
            f"({', '.join(f'{verb} {n}' for verb, n in verbs.most_common())}), {len(table.posts())} turn posts; "
            f"click-to-response {table.latency_summary()}" + (f"; {extra}" if extra else ""))
    FIGURES.append(line)
    (tmp_path / "figures.txt").write_text(line + "\n")
    print(line)
    return line
