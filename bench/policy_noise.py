"""Issue 58 item 4: how much the master's play depends on its policy seed, for a search variant.

Two measures for a variant of the master's budget (`VARIANTS`; solo against Leopold on hard):

- games: on each game seed, one game under each of the policy seeds 0-4; the SD of the player's VP between the
  5 games of a seed (its variance averaged over the seeds, then the square root), the mean VP and the CPU seconds
  of a game. The issue asks for an SD of at most 12 VP.
- agreement (`--agreement`, fast): on a fixed set of states (every `STRIDE`-th decision with a choice in games of
  the baseline `reduced` at policy seed 100, so the same states for every variant), the share of decisions where
  the 5 policy seeds pick the same move, and the mean share of the most common pick.

    PYTHONPATH=$PWD nice -n 10 python bench/policy_noise.py --variant reduced --agreement 2 > /tmp/agree.jsonl
    PYTHONPATH=$PWD nice -n 10 python bench/policy_noise.py --variant reduced --games 8 --jobs 2 > /tmp/r.jsonl
    python bench/policy_noise.py --compare /tmp/r.jsonl /tmp/m.jsonl

Each game line: variant, game seed, policy seed, VP, Leopold's VP, CPU seconds, decisions searched, the slowest
decision's CPU seconds, every move of the game (everyone's, in order) and the dice of every roll. `--compare` prints
each file's figures by variant (with the move at which the games of a seed part, and on how many seeds the 5 games
rolled the same dice: the game's generator is consumed by decisions only when a die goes to the dustbin, so games
of a seed usually share their dice and decks and differ by the decisions alone), and VP paired by game seed against
the first file's first variant. A benchmark that prints figures, never a pass/fail test.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from engine import GameConfig, apply, final_scores, legal_actions, new_game
from engine.core import rng
from engine.gah.ai.expert import EXPERT_BUDGET
from engine.gah.ai.master import MasterPolicy
from engine.gah.ai.strong import Budget
from engine.gah.state import GameState

REDUCED = Budget(worlds=1, rollouts=2, width=4)
"""The reduced budget of bench/staff_pairs.py and bench/plan_falsifier.py (one world, beam 4, two finalists)."""

VARIANTS: dict[str, Budget] = {
    "reduced": REDUCED,
    "reduced-margin3": Budget(worlds=1, rollouts=2, width=4, margin=3.0),
    "reduced-margin6": Budget(worlds=1, rollouts=2, width=4, margin=6.0),
    "reduced-margin10": Budget(worlds=1, rollouts=2, width=4, margin=10.0),
    "reduced-3worlds": Budget(worlds=3, rollouts=2, width=4),
    "reduced-2worlds-1turn": Budget(worlds=2, rollouts=2, width=4, turns_ahead=1),
    "reduced-planonly": Budget(worlds=1, rollouts=0, width=4),
    "full": EXPERT_BUDGET,
    "full-margin3": Budget(worlds=5, margin=3.0),
    "full-margin6": Budget(worlds=5, margin=6.0),
    "full-margin10": Budget(worlds=5, margin=10.0),
    "full-margin6-10worlds": Budget(worlds=10, margin=6.0),
}
"""Search budgets by name: the baselines and the noise cuts tried (`Budget.margin`: the near-tie rule)."""

POLICY_SEEDS = (0, 1, 2, 3, 4)
"""The policy seeds played on every game seed."""

STRIDE = 3
"""Every how many of the player's decisions with a choice a state is kept for the agreement measure."""


def play_one(task: tuple[str, int, int, int]) -> dict[str, Any]:
    """One solo game of the master (budget `VARIANTS[variant]`, policy seed `policy_seed`) against Leopold on hard.

    With `reseed_at` > 0 the policy seed is 0 and `policy_seed` instead reseeds the game's own generator (the
    dice, Leopold's draws) after that many moves: how far new dice spread the score under one policy (the line's
    variant reads "<variant>+dice")."""
    variant, seed, policy_seed, reseed_at = task
    started = time.process_time()
    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))
    player = MasterPolicy(0 if reseed_at else policy_seed, VARIANTS[variant])
    decisions = 0
    slowest = 0.0
    moves: list[str] = []
    rolls: list[list[int]] = []
    while not state.is_over:
        before = time.process_time()
        action = player.choose(state)
        took = time.process_time() - before
        if took > 0.001:
            decisions += 1
            slowest = max(slowest, took)
        moves.append(str(action))
        state, events = apply(state, action)
        rolls += [list(event.data["dice"]) for event in events if event.kind == "roll"]
        if reseed_at and len(moves) == reseed_at:
            state = state.copy()
            state.rng = rng.seed_state(seed * 1000 + policy_seed)
    scores = final_scores(state)
    return {"variant": variant + ("+dice" if reseed_at else ""), "seed": seed, "policy_seed": policy_seed,
            "vp": scores["ann"].total,
            "leopold": max(scores[p.name].total for p in state.players[1:]),
            "seconds": round(time.process_time() - started, 1), "decisions": decisions,
            "slowest": round(slowest, 2), "moves": moves,
            "rolls": rolls}


def states(first: int, count: int) -> list[GameState]:
    """The agreement states: every `STRIDE`-th decision of the player with more than one legal action in games
    of `reduced` at policy seed 100 on game seeds `first`..`first + count - 1`."""
    kept: list[GameState] = []
    for seed in range(first, first + count):
        state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))
        player = MasterPolicy(100, REDUCED)
        seen = 0
        while not state.is_over:
            if len(legal_actions(state)) > 1:
                seen += 1
                if seen % STRIDE == 0:
                    kept.append(state)
            state, _ = apply(state, player.choose(state))
    return kept


def agreement(variant: str, positions: list[GameState]) -> dict[str, Any]:
    """The variant's agreement across `POLICY_SEEDS` on `positions`: share unanimous, mean share of the most
    common pick, CPU seconds per decision."""
    players = [MasterPolicy(seed, VARIANTS[variant]) for seed in POLICY_SEEDS]
    unanimous = 0
    modal: list[float] = []
    started = time.process_time()
    for state in positions:
        picks = Counter(str(player.choose(state)) for player in players)
        top = picks.most_common(1)[0][1]
        unanimous += top == len(players)
        modal.append(top / len(players))
    seconds = (time.process_time() - started) / (len(positions) * len(players))
    return {"variant": variant, "agreement_states": len(positions), "unanimous": round(unanimous / len(positions), 3),
            "modal_share": round(statistics.mean(modal), 3), "seconds_per_decision": round(seconds, 3)}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Mean within-seed SD, mean VP, CPU per game of one variant's game lines (seeds with all 5 games only)."""
    by_seed: dict[int, dict[int, float]] = {}
    moves: dict[int, dict[int, list[str]]] = {}
    for row in rows:
        by_seed.setdefault(row["seed"], {})[row["policy_seed"]] = float(row["vp"])
        moves.setdefault(row["seed"], {})[row["policy_seed"]] = row.get("moves", [])
    full = {seed: games for seed, games in by_seed.items() if set(POLICY_SEEDS) <= set(games)}
    if not full:
        return None
    spread = math.sqrt(statistics.mean(statistics.variance(list(g.values())) for g in full.values()))
    vp = statistics.mean(v for g in full.values() for v in g.values())
    split = [_divergence(moves[seed][0], moves[seed][other]) for seed in full for other in POLICY_SEEDS[1:]]
    rolled: dict[int, list[str]] = {}
    for row in rows:
        if row["seed"] in full and "rolls" in row:
            rolled.setdefault(row["seed"], []).append(json.dumps(row["rolls"]))
    same_dice = sum(len(set(games)) == 1 for games in rolled.values())
    length = statistics.mean(len(m) for g in moves.values() for m in g.values())
    return {"divergence": statistics.median(split), "length": length, "same_dice": (same_dice, len(rolled)),
            "seeds": len(full), "sd_within": spread, "vp": vp,
            "seconds": statistics.mean(r["seconds"] for r in rows), "slowest": max(r.get("slowest", 0) for r in rows),
            "means": {seed: statistics.mean(g.values()) for seed, g in full.items()}}


def _divergence(first: list[str], second: list[str]) -> int:
    """The number of moves two games share before their first different move."""
    for step, (one, other) in enumerate(zip(first, second, strict=False)):
        if one != other:
            return step
    return min(len(first), len(second))


def compare(paths: list[str]) -> None:
    """Print each file's figures by variant (agreement lines and game lines), game VP paired by seed against the
    first variant seen."""
    reference: dict[int, float] | None = None
    for path in paths:
        rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
        for row in rows:
            if "unanimous" in row:
                print(f"{path}: {row['variant']}: agreement on {row['agreement_states']} states: unanimous "
                      f"{row['unanimous']:.0%}, modal share {row['modal_share']:.0%}, "
                      f"{row['seconds_per_decision']:.3f} CPU s a decision")
        variants = sorted({row["variant"] for row in rows if "vp" in row})
        for variant in variants:
            figures = summary([row for row in rows if row.get("variant") == variant and "vp" in row])
            if figures is None:
                print(f"{path}: {variant}: no seed with all 5 games")
                continue
            line = (f"{path}: {variant}: {figures['seeds']} seeds, SD within a seed {figures['sd_within']:.1f} VP, "
                    f"mean {figures['vp']:.1f} VP, {figures['seconds']:.1f} CPU s a game, slowest decision "
                    f"{figures['slowest']:.2f} s; games of a seed part after a median {figures['divergence']:.0f} of "
                    f"{figures['length']:.0f} moves (policy seed 0 against 1-4)")
            same, recorded = figures["same_dice"]
            if recorded:
                line += f"; the 5 games rolled the same dice on {same} of {recorded} seeds"
            means: dict[int, float] = figures["means"]
            if reference is None:
                reference = means
            else:
                common = sorted(set(means) & set(reference))
                diffs = [means[s] - reference[s] for s in common]
                if len(diffs) > 1:
                    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
                    line += f", paired with the first {statistics.mean(diffs):+.1f} ± {half:.1f} VP"
            print(line)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games or measure agreement (JSON lines), or compare runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="reduced", choices=sorted(VARIANTS))
    parser.add_argument("--games", type=int, default=8, help="game seeds (5 games each)")
    parser.add_argument("--seed", type=int, default=400001, help="the first game seed")
    parser.add_argument("--agreement", type=int, metavar="GAMES",
                        help="measure agreement on the states of this many games instead of playing games")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--reseed-at", type=int, default=0, metavar="MOVES",
                        help="policy seed 0 in every game; reseed the game's dice after this many moves instead")
    parser.add_argument("--compare", nargs="+", metavar="RUN", help="summarise runs' lines")
    args = parser.parse_args(argv)
    if args.compare:
        compare(args.compare)
        return 0
    if args.agreement:
        print(json.dumps(agreement(args.variant, states(args.seed, args.agreement))), flush=True)
        return 0
    tasks = [(args.variant, seed, policy_seed, args.reseed_at) for seed in range(args.seed, args.seed + args.games)
             for policy_seed in POLICY_SEEDS]
    if args.jobs <= 1:
        for task in tasks:
            print(json.dumps(play_one(task)), flush=True)
        return 0
    with Pool(args.jobs) as pool:
        for row in pool.imap_unordered(play_one, tasks, chunksize=1):
            print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
