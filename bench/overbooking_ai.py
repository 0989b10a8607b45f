"""Win rate of the Overbooking heuristic AI against three random players (4-player games), with a 95% interval.

Usage: PYTHONPATH=$PWD python bench/overbooking_ai.py [--games 200] [--seed 0] [--scoring beginner]
The heuristic sits in seat k mod 4 in game k, so no seat order favours it. Ties for first count as wins.
"""

from __future__ import annotations

import argparse
import math
import time

from engine.overbooking.scoring import final_scores
from engine.overbooking.simulate import NAMES, config_for, play_game


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for z = 1.96)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main() -> None:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scoring", default="beginner", choices=("beginner", "advanced"))
    args = parser.parse_args()
    wins = 0
    margin = 0.0
    started = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        seats = ["random"] * 4
        seats[k % 4] = "heuristic"
        state, _ = play_game(config_for(4, seed, args.scoring), seats, seed)
        scores = final_scores(state)
        me = scores[NAMES[k % 4]]
        wins += me.rank == 1
        margin += me.total - max(s.total for name, s in scores.items() if name != NAMES[k % 4])
    low, high = wilson(wins, args.games)
    seconds = time.perf_counter() - started
    print(f"heuristic vs 3 random, 4 players, {args.scoring} scoring, {args.games} games: "
          f"win rate {wins / args.games:.1%} (95% interval {low:.1%}-{high:.1%}); "
          f"mean lead over the best random {margin / args.games:+.1f} VP; {seconds / args.games * 1000:.0f} ms/game")


if __name__ == "__main__":
    main()
