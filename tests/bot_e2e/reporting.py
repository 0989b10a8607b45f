"""Figures the end-to-end tests measure (game duration, click-to-response latency), printed at the end of the
pytest run (terminal summary "bot end-to-end figures") and written to `figures.txt` in the test's tmp dir."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


def clicks_per_human_turn(table: Table, moves: Sequence[Any]) -> list[int]:
    """Clicks of the human players per turn they played, in game order: each panel click (act or pick) counts for
    the turn of the move it made (the logged move at the panel's version + 1; a turn starts after a move whose
    events hold "turn"); "Take my turn", page and undo clicks count for the user's next panel click. `moves` is the
    game's whole log (`GameService.history`)."""
    turn_of: dict[int, int] = {}
    turn = 0
    for move in moves:
        turn_of[move.version] = turn
        turn += sum(event.kind == "turn" for event in move.events)
    counts: Counter[int] = Counter()
    waiting: Counter[int] = Counter()  # clicks of a user not yet tied to a turn
    for click in table.clicks:
        if click.verb in ("turn", "page", "undo", "confirmundo", "refresh", "quick"):
            waiting[click.user] += 1
        elif click.verb in ("act", "pick", "picks") and click.version + 1 in turn_of:
            counts[turn_of[click.version + 1]] += 1 + waiting.pop(click.user, 0)
    return [counts[key] for key in sorted(counts)]
