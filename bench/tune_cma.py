"""Tune the AI's evaluation weights by self-play against Leopold with CMA-ES (the `cma` package), offline.

Each generation, CMA-ES proposes a population of weight sets (`SEARCH_SPACE`, scaled to 0-1 between its
bounds); every set plays the same seeded solo games against Leopold (the strong search with a reduced budget as
the human player, judging states with the expert level's evaluation, so a game takes 2-4 s) and is scored by
the mean margin over Leopold. The seeds change from one generation to the next (so the study does not fit a few
deals) but are shared within a generation (so the sets are ranked on the same deals). The current weights play
every generation's seeds too, as a yardstick that is not fed back. Games run in parallel processes (`--jobs`).

The AI never tunes at run time: a result is copied into `engine/gah/ai/weights.py` by hand after a check on fresh
seeds at full strength (`bench/ai_ladder.py`).

    pip install -e ".[tune]"          # cma (and optuna for bench/tune_weights.py)
    python bench/tune_cma.py --generations 10 --population 10 --games 24 --jobs 2
    python bench/tune_cma.py --check "item_cost=2.6,hand_share=0.5" --games 48   # one weight set vs the current

This is a benchmark that prints figures, never a pass/fail test.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.gah.ai.evaluate as evaluate_module
import engine.gah.ai.expert as expert_module
import engine.gah.ai.values as values_module
import engine.gah.ai.weights as weights_module
from engine import GameConfig, apply, final_scores, new_game
from engine.gah.ai.expert import expert_evaluate
from engine.gah.ai.strong import Budget, StrongPolicy
from engine.gah.ai.weights import Weights

SEARCH_SPACE: dict[str, tuple[float, float]] = {
    "money_extra": (0.03, 0.18),
    "money_low": (0.8, 3.5),
    "item_cost": (1.0, 3.6),
    "item_cost_late": (0.0, 3.0),
    "serve_cost": (0.0, 1.2),
    "room_cost": (0.5, 4.0),
    "vacant_room": (0.3, 3.5),
    "step_cost": (0.2, 2.5),
    "hand_share": (0.2, 1.2),
    "staff_scale": (0.4, 1.6),
    "checkin_bonus": (1.0, 9.0),
    "politics_share": (0.4, 1.6),
    "emperor_scale": (0.5, 1.8),
    "group_share": (0.1, 1.2),
    "reward_scale": (0.5, 1.6),
    "room_share": (0.03, 0.16),
    "politics_horizon": (3.0, 10.0),
    "game_end_scale": (0.5, 2.0),
    "once_per_round_use": (0.5, 2.5),
    "checkins_per_action": (0.4, 1.1),
    "rooms_per_action": (0.5, 1.2),
    "actions_per_room": (0.4, 1.4),
    "small_table_items": (1.6, 2.6),
}
"""The weights searched, with their bounds (the others keep their current values)."""

FAST = Budget(worlds=1, rollouts=2, width=4)
"""The reduced search the study plays with, with the expert level's evaluation (2-4 s a solo game on the
2-core machine)."""


def use_weights(weights: Weights) -> None:
    """Make the AI modules read `weights` (they import the module-level `W` by name)."""
    for module in (weights_module, evaluate_module, values_module, expert_module):
        module.W = weights  # type: ignore[attr-defined]


def to_weights(x: Sequence[float]) -> dict[str, float]:
    """The weight values of a point of the unit cube (clipped to it), in `SEARCH_SPACE` order."""
    return {name: low + min(1.0, max(0.0, v)) * (high - low)
            for v, (name, (low, high)) in zip(x, SEARCH_SPACE.items(), strict=True)}


def to_unit(weights: Weights) -> list[float]:
    """The point of the unit cube of the given weights."""
    return [(getattr(weights, name) - low) / (high - low) for name, (low, high) in SEARCH_SPACE.items()]


def play(job: tuple[dict[str, float], int, str]) -> tuple[int, int]:
    """(our final VP, Leopold's) in one seeded solo game with the weights `changes` (a worker process)."""
    changes, seed, difficulty = job
    use_weights(dataclasses.replace(Weights(), **changes))
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty=difficulty))
    player = StrongPolicy(seed * 31, FAST, expert_evaluate)
    while not state.is_over:
        state, _ = apply(state, player.choose(state))
    scores = final_scores(state)
    return scores["ann"].total, scores["Leopold"].total


def run_sets(pool: ProcessPoolExecutor, sets: list[dict[str, float]], seeds: list[int],
             difficulty: str) -> list[tuple[float, float]]:
    """(mean margin, mean VP) of each weight set over the same seeds."""
    jobs = [(changes, seed, difficulty) for changes in sets for seed in seeds]
    results = list(pool.map(play, jobs, chunksize=1))
    summary = []
    for k in range(len(sets)):
        games = results[k * len(seeds): (k + 1) * len(seeds)]
        summary.append((statistics.fmean(ours - theirs for ours, theirs in games),
                        statistics.fmean(ours for ours, _ in games)))
    return summary


def parse_changes(text: str) -> dict[str, float]:
    """"name=value,name=value" as a dict (names must be fields of `Weights`).

    Raises:
        ValueError: a part is not name=value, or the name is no weight.
    """
    changes = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        if not hasattr(Weights(), name):
            raise ValueError(f"{name!r} is not a weight of engine.gah.ai.weights.Weights")
        changes[name] = float(value)
    return changes


def main(argv: Sequence[str] | None = None) -> int:
    """Run the study (or one check) and print every generation and the best weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=10)
    parser.add_argument("--population", type=int, default=10)
    parser.add_argument("--games", type=int, default=24, help="seeded solo games per weight set and generation")
    parser.add_argument("--jobs", type=int, default=2, help="games played in parallel processes")
    parser.add_argument("--difficulty", default="hard", choices=("easy", "medium", "hard"))
    parser.add_argument("--seed", type=int, default=400_000, help="seed of the first game")
    parser.add_argument("--sigma", type=float, default=0.2, help="CMA-ES step size in the unit cube")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop after this many minutes (0: no limit)")
    parser.add_argument("--check", default="", help="name=value,... : only compare this weight set with the "
                                                    "current weights on --games seeds")
    args = parser.parse_args(argv)
    default = Weights()
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        if args.check:
            seeds = [args.seed + k for k in range(args.games)]
            (base, base_vp), (new, new_vp) = run_sets(pool, [{}, parse_changes(args.check)], seeds, args.difficulty)
            print(f"current: margin {base:+.1f} VP {base_vp:.1f}; {args.check}: margin {new:+.1f} VP {new_vp:.1f} "
                  f"({args.games} games, seeds {seeds[0]}-{seeds[-1]}, {time.perf_counter() - started:.0f} s)")
            return 0
        import cma  # an optional tool of this script only

        strategy = cma.CMAEvolutionStrategy(to_unit(default), args.sigma, {
            "popsize": args.population, "bounds": [0.0, 1.0], "seed": args.seed, "verbose": -9})
        for generation in range(args.generations):
            seeds = [args.seed + generation * args.games + k for k in range(args.games)]
            points = strategy.ask()
            sets = [to_weights(x) for x in points] + [{}]
            scored = run_sets(pool, sets, seeds, args.difficulty)
            strategy.tell(points, [-margin for margin, _ in scored[:-1]])
            best = max(range(len(points)), key=lambda k: scored[k][0])
            mean = to_weights(strategy.mean)
            print(f"generation {generation}: current weights margin {scored[-1][0]:+.1f} VP {scored[-1][1]:.1f}; "
                  f"best set {scored[best][0]:+.1f} VP {scored[best][1]:.1f}; population mean margin "
                  f"{statistics.fmean(m for m, _ in scored[:-1]):+.1f}  ({time.perf_counter() - started:.0f} s)")
            print("  mean of the search: " + ", ".join(f"{k}={v:.3g}" for k, v in mean.items()), flush=True)
            if args.minutes and time.perf_counter() - started > 60 * args.minutes:
                break
    print("\nfinal mean: " + ",".join(f"{k}={v:.3g}" for k, v in to_weights(strategy.mean).items()))
    print(f"[python bench/tune_cma.py --generations {args.generations} --population {args.population} "
          f"--games {args.games} --difficulty {args.difficulty} --seed {args.seed} --sigma {args.sigma}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
