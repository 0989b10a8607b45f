"""Staff and krones per game: solo games of the master level against Leopold, one JSON line per game.

Run it once with the code before a change and once with the code after it (the engine is imported from
`PYTHONPATH`), on the same seeds, and pair the lines by seed with `--compare`:

    PYTHONPATH=/tmp/old nice -n 10 python bench/staff_pairs.py --games 20 --seed 300001 > /tmp/old.jsonl
    PYTHONPATH=$PWD nice -n 10 python bench/staff_pairs.py --games 20 --seed 300001 > /tmp/new.jsonl
    python bench/staff_pairs.py --compare /tmp/old.jsonl /tmp/new.jsonl
    PYTHONPATH=$PWD nice -n 10 python bench/staff_pairs.py --terms "staff waiting,late hand" > /tmp/staff.jsonl

Each line: the seed, the player's final VP and Leopold's, staff cards in play at the end and by the end of
round 3 (permanent and once-per-round cards: the ones that pay over time), game-end cards played, cards left in
hand, krones at the end and the lowest krones held at the start of a round from round 2 to 5. The player is the
master's search at the reduced budget (`REDUCED`: one world, beam 4, two look-ahead finalists), as in
bench/move_outcomes.py. A benchmark that prints figures, never a pass/fail test.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine import GameConfig, apply, final_scores, new_game
from engine.gah.ai.master import MasterPolicy
from engine.gah.ai.strong import Budget
from engine.gah.cards import staff
from engine.gah.state import GameState

REDUCED = Budget(worlds=1, rollouts=2, width=4)
"""The reduced budget of the master's search (one world, beam 4, two finalists)."""

PAYING_KINDS = ("permanent", "once_per_round")
"""Staff kinds that pay over the rest of the game once in play."""


def paying(state: GameState, index: int) -> int:
    """Permanent and once-per-round staff cards the player at seat `index` has in play."""
    return sum(1 for card in state.players[index].played if staff()[card].kind in PAYING_KINDS)


def play_one(seed: int, difficulty: str = "hard", budget: Budget = REDUCED) -> dict[str, Any]:
    """One solo game of the master (policy seed `seed * 31`, as bench/ai_ladder.py) against Leopold."""
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty=difficulty))
    player = MasterPolicy(seed * 31, budget)
    by_round_3 = 0
    lowest = math.inf
    seen_round = 0
    while not state.is_over:
        if state.round != seen_round:
            seen_round = state.round
            if 2 <= state.round <= 5:
                lowest = min(lowest, state.players[0].money)
            if state.round == 4:
                by_round_3 = paying(state, 0)
        state, _ = apply(state, player.choose(state))
    scores = final_scores(state)
    me = state.players[0]
    others = [scores[p.name].total for p in state.players[1:]]
    return {"seed": seed, "vp": scores[me.name].total, "leopold": max(others), "paying_end": paying(state, 0),
            "paying_r3": by_round_3, "game_end": sum(1 for c in me.played if staff()[c].kind == "game_end"),
            "played": len(me.played), "hand": len(me.hand), "krones": me.money,
            "lowest_krones": 0 if lowest is math.inf else int(lowest)}


def compare(old_path: str, new_path: str) -> None:
    """Print the per-seed differences (new minus old) and their means with a standard error."""
    old = {r["seed"]: r for r in map(json.loads, Path(old_path).read_text().splitlines()) if r}
    new = {r["seed"]: r for r in map(json.loads, Path(new_path).read_text().splitlines()) if r}
    seeds = sorted(set(old) & set(new))
    print(f"{len(seeds)} paired seeds ({old_path} -> {new_path})")
    for key in ("vp", "leopold", "paying_r3", "paying_end", "game_end", "played", "hand", "krones", "lowest_krones"):
        before = [old[s][key] for s in seeds]
        after = [new[s][key] for s in seeds]
        diffs = [a - b for a, b in zip(after, before, strict=True)]
        error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        print(f"  {key:14s} old {statistics.mean(before):7.2f}  new {statistics.mean(after):7.2f}  "
              f"paired {statistics.mean(diffs):+6.2f} ± {error:.2f}")
    wins = [sum(1 for s in seeds if r[s]["vp"] > r[s]["leopold"]) for r in (old, new)]
    print(f"  won            old {wins[0]}  new {wins[1]} of {len(seeds)}")


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games (one JSON line each) or compare two runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=300001)
    parser.add_argument("--difficulty", default="hard", choices=("easy", "medium", "hard"))
    parser.add_argument("--terms", default=None,
                        help="make these engine.gah.ai.economy terms active, comma-separated, or 'all' (default "
                             "the engine's: none since 6 December)")
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"), help="pair two runs' lines by seed")
    args = parser.parse_args(argv)
    if args.compare:
        compare(*args.compare)
        return 0
    if args.terms is not None:
        from engine.gah.ai import economy  # absent before issue 58: only imported when asked

        economy.ACTIVE[:] = economy.term_names(args.terms)
    for seed in range(args.seed, args.seed + args.games):
        print(json.dumps(play_one(seed, args.difficulty)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
