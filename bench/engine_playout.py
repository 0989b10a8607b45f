"""Benchmark: full random 4-player games with `legal_actions` at every step.

Prints the median and p95 milliseconds per game and actions per second. Target (issue 2): median < 100 ms
on the 2-core machine. Run: python bench/engine_playout.py [--games N] [--players P]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import GameConfig, apply, legal_actions, new_game


def one_game(players: int, seed: int) -> tuple[float, int]:
    """Play one uniformly random game; returns (seconds, actions)."""
    chooser = random.Random(seed)
    started = time.perf_counter()
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed))
    actions = 0
    while not state.is_over:
        state, _ = apply(state, chooser.choice(legal_actions(state)))
        actions += 1
    return time.perf_counter() - started, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    args = parser.parse_args()
    one_game(args.players, -1)  # warm caches (card data)
    times, counts = [], []
    for seed in range(args.games):
        seconds, actions = one_game(args.players, seed)
        times.append(seconds)
        counts.append(actions)
    times_ms = sorted(t * 1000 for t in times)
    p95 = times_ms[int(0.95 * (len(times_ms) - 1))]
    print(f"{args.games} random {args.players}-player games")
    print(f"median ms per game: {statistics.median(times_ms):.1f}   p95: {p95:.1f}")
    print(f"mean actions per game: {statistics.mean(counts):.0f}")
    print(f"actions per second: {sum(counts) / sum(times):.0f}")


if __name__ == "__main__":
    main()
