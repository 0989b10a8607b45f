"""Figures the end-to-end tests measure (game duration, click-to-response latency), printed at the end of the
pytest run (terminal summary "bot end-to-end figures") and written to `figures.txt` in the test's tmp dir."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .driver import Click, Table

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


def check_slowdown(name: str, what: str, alone: Sequence[float], loaded: Sequence[float], load: str,
                   started: float, *, slack: float = 2.0) -> str:
    """Record `what`'s timed samples (seconds) alone and under `load` as one figures line, and assert that the median
    under load is at most 3 times the median alone plus `slack` seconds (generous: the machine is shared); returns
    the line. `started`: the test's start (`time.monotonic`)."""
    assert len(alone) >= 2 and len(loaded) >= 2, (alone, loaded)
    bound = 3 * statistics.median(alone) + slack
    line = (f"{name}: {what} alone median {statistics.median(alone):.2f} s {[round(s, 2) for s in alone]}, {load} "
            f"median {statistics.median(loaded):.2f} s {[round(s, 2) for s in loaded]} (bound {bound:.2f} s); "
            f"{time.monotonic() - started:.0f} s")
    FIGURES.append(line)
    print(line)
    assert statistics.median(loaded) <= bound, line
    return line


PANEL_MOVES = frozenset({"turn", "page", "goto", "undo", "confirmundo", "refresh", "quick", "help"})
"""Clicks that act on no game state (opening, paging, switching or explaining the panel): each counts for the user's
next panel click that does."""


def clicks_per_human_turn(table: Table, moves: Sequence[Any]) -> list[int]:
    """Clicks of the human players per turn they played, in game order: each panel click (act, pick or picks)
    counts for the turn of the move it made (the logged move at the panel's version + 1; a turn starts after a move
    whose events hold "turn"; the set-up, before the first turn, is one turn of each player); "Take my turn",
    paging, the boost switch, "?" and undo clicks (`PANEL_MOVES`) count for the user's next panel click. `moves` is
    the game's whole log (`GameService.history`)."""
    return [len(clicks) for clicks in human_turn_clicks(table, moves)]


def human_turn_clicks(table: Table, moves: Sequence[Any]) -> list[list[Click]]:
    """The clicks of each human turn, in game order, as counted by `clicks_per_human_turn`."""
    turn_of: dict[int, int] = {}
    turn = 0
    for move in moves:
        turn_of[move.version] = turn
        turn += sum(event.kind == "turn" for event in move.events)
    counted: dict[tuple[int, int], list[Click]] = {}  # by (turn, user): the setup is one turn of each player
    waiting: dict[int, list[Click]] = {}  # clicks of a user not yet tied to a turn
    for click in table.clicks:
        if click.verb in PANEL_MOVES:
            waiting.setdefault(click.user, []).append(click)
        elif click.verb in ("act", "pick", "picks") and click.version + 1 in turn_of:
            key = (turn_of[click.version + 1], click.user)
            counted.setdefault(key, []).extend([*waiting.pop(click.user, []), click])
    return [counted[key] for key in sorted(counted)]
