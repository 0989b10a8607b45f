"""Tune the AI's evaluation weights (`engine.gah.ai.weights.Weights`) by self-play against Leopold, with optuna.

Each trial sets some weights, plays the same seeded solo games against Leopold (a cheap level, by default
greedy, as the human player) and scores the trial by the mean margin over Leopold; optuna's TPE sampler
(seeded, so a run is reproducible on an idle machine) proposes the next weights. The first trial is always the
current weights, so the printed table shows whether anything beat them. This runs offline only: the AI never
tunes at run time; a good result is copied into `engine/gah/ai/weights.py` by hand after a check with
`bench/ai_ladder.py` at the strong level.

    pip install -e ".[tune]"   # optuna, only needed for this script
    python bench/tune_weights.py --trials 20 --games 16 --difficulty hard
    python bench/tune_weights.py --level strong --trials 6 --games 6    # slow: about 30 s a game

This is a benchmark that prints figures, never a pass/fail test.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.tune_cma import use_weights  # one way to swap the weights for both studies
from engine import GameConfig, apply, final_scores, new_game
from engine.gah.ai import policy
from engine.gah.ai.weights import Weights

SEARCH_SPACE: dict[str, tuple[float, float]] = {
    "hand_share": (0.1, 0.8),
    "staff_scale": (0.5, 1.6),
    "checkin_bonus": (1.0, 6.0),
    "politics_share": (0.3, 1.2),
    "emperor_scale": (0.5, 1.6),
    "money_extra": (0.04, 0.16),
    "room_cost": (1.5, 5.0),
    "item_cost": (0.6, 2.0),
}
"""The weights searched, with their ranges (the rest keep their current values)."""


def margin(level: str, difficulty: str, seed: int) -> tuple[int, int]:
    """(our final VP, Leopold's) in one seeded solo game with `level` as the human player."""
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty=difficulty))
    player = policy(level, seed * 31)
    while not state.is_over:
        state, _ = apply(state, player.choose(state))
    scores = final_scores(state)
    return scores["ann"].total, scores["Leopold"].total


def main(argv: Sequence[str] | None = None) -> int:
    """Run the study and print every trial and the best weights."""
    import optuna  # an optional tool of this script only

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--games", type=int, default=16, help="seeded solo games per trial (the same every trial)")
    parser.add_argument("--level", default="greedy", help="level playing the games (default greedy)")
    parser.add_argument("--difficulty", default="hard", choices=("easy", "medium", "hard"))
    parser.add_argument("--seed", type=int, default=300_000, help="seed of the first game")
    args = parser.parse_args(argv)
    default = Weights()
    seeds = [args.seed + game for game in range(args.games)]

    def objective(trial: Any) -> float:
        changes = {name: trial.suggest_float(name, low, high) for name, (low, high) in SEARCH_SPACE.items()}
        use_weights(dataclasses.replace(default, **changes))
        results = [margin(args.level, args.difficulty, seed) for seed in seeds]
        ours = statistics.fmean(r[0] for r in results)
        value = statistics.fmean(r[0] - r[1] for r in results)
        trial.set_user_attr("vp", ours)
        print(f"trial {trial.number:3d}: margin {value:+7.1f}  VP {ours:6.1f}  "
              + " ".join(f"{k}={v:.3g}" for k, v in changes.items()), flush=True)
        return value

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=args.seed))
    study.enqueue_trial({name: getattr(default, name) for name in SEARCH_SPACE})
    started = time.perf_counter()
    study.optimize(objective, n_trials=args.trials)
    print(f"\n{args.trials} trials x {args.games} games ({args.level} vs Leopold {args.difficulty}) in "
          f"{time.perf_counter() - started:.0f} s")
    print(f"current weights: margin {study.trials[0].value:+.1f}; best (trial {study.best_trial.number}): "
          f"margin {study.best_value:+.1f}, VP {study.best_trial.user_attrs['vp']:.1f}")
    print("best weights:", ", ".join(f"{k}={v:.3g}" for k, v in study.best_params.items()))
    print(f"[python bench/tune_weights.py --trials {args.trials} --games {args.games} --level {args.level} "
          f"--difficulty {args.difficulty} --seed {args.seed}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
