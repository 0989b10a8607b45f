"""Benchmark the pictures: median and p95 ms per board, hotel, turn, hand and scoreboard picture, and their sizes.

Run: python bench/render.py [--players 3] [--seed 7] [--samples 40]

Plays one seeded game with random AI players, takes up to `--samples` states spread over the game, and times each
render function on every one of them (after one warm-up call, so cached static layers are counted as a running
bot would see them). Prints one line per picture; this is a figure, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GameConfig, GameState, apply, new_game
from engine.gah.ai import policy
from render.gah import board_png, emperor_png, hand_png, hotel_png, scoreboard_png, turn_png

NAMES = ("ann", "bob", "cy", "dee")


def game_states(players: int, seed: int) -> list[GameState]:
    """Every state of one seeded random game."""
    seats = [policy("random", seed * 31 + k) for k in range(players)]
    state = new_game(GameConfig(players=list(NAMES[:players]), seed=seed))
    states = [state]
    while not state.is_over:
        index = state.current_index
        assert index is not None
        state, _ = apply(state, seats[index].choose(state))
        states.append(state)
    return states


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def measure(name: str, render: Callable[[GameState], bytes], states: list[GameState]) -> str:
    """Time `render` on every state; a line with median/p95 wall-clock ms, median CPU ms and median/max KB.

    The CPU time (this process only) is what the picture costs on an otherwise idle core; the wall-clock time also
    counts waiting while other processes hold the CPU.
    """
    render(states[0])
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for state in states:
        started, started_cpu = time.perf_counter(), time.process_time()
        data = render(state)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        sizes.append(len(data))
    return (f"{name:<16} median {statistics.median(times):6.1f} ms   p95 {percentile(times, 0.95):6.1f} ms   "
            f"cpu median {statistics.median(cpu):6.1f} ms   "
            f"size median {statistics.median(sizes) / 1024:6.1f} KB   max {max(sizes) / 1024:6.1f} KB")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--samples", type=int, default=40, help="states sampled over the game (default 40)")
    args = parser.parse_args(argv)
    states = game_states(args.players, args.seed)
    step = max(1, len(states) // args.samples)
    sample = states[::step][: args.samples]

    def current(state: GameState) -> int:
        return state.current_index if state.current_index is not None else 0

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.players} players, seed {args.seed}: {len(sample)} of {len(states)} states; "
          f"{os.cpu_count()} CPUs, load average {load:.2f}")
    print(measure("board (full)", board_png, sample))
    print(measure("board (compact)", lambda s: board_png(s, compact=True), sample))
    print(measure("Emperor and politics", emperor_png, sample))
    print(measure("hotel", lambda s: hotel_png(s, current(s)), sample))
    print(measure("turn (phone)", lambda s: turn_png(s, current(s)), sample))
    print(measure("hand", lambda s: hand_png(s, current(s)), sample))
    print(measure("scoreboard", scoreboard_png, sample))
    return 0


if __name__ == "__main__":
    sys.exit(main())
