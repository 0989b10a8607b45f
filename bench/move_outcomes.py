"""How much one move decides a solo game (issue 20), and what the evaluation's parts say about it.

At sampled turn starts of seeded solo games against Leopold, the searching player's first choice and a few
alternatives are each played to the end of the game by the same player; the final scores are compared. For every
candidate the parts of the evaluation (`evaluation_parts`) are written down where the player's turn ends, and a
least-squares fit within each decision (every part's multiplier; 1.0 everywhere would mean the evaluation's
differences between moves are worth what it says) tells which parts of a move's value show up in the final score.

    python bench/move_outcomes.py --games 200 --seed 6000 --alternatives random --jobs 2
    python bench/move_outcomes.py --games 120 --seed 5000 --alternatives top --jobs 2

The player is the expert's search with a reduced budget (`REDUCED`: one world, beam width 4, two look-ahead
finalists; about 4 s a game on the 2-core machine). At each sampled turn start the candidates are the first
action ranked best by the beam search on the player's one determinized world (before the look-ahead re-ranks the
finalists) and `--candidates - 1` others: the next best of that ranking (`top`) or legal first actions drawn at
random (`random`). Each candidate is applied to the real state, the rest of the turn and the game are played by
the player, and the game ends with its own dice and cards: candidates of one decision share the game's generator
from that point, but different moves draw from it differently, so the outcomes are noisy (about 13 VP apart for
moves the evaluation calls equal). Offline only: this reads the real state, which an AI never does.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import asdict, dataclass
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GameConfig, GameState, apply, final_scores, new_game
from engine.core.actions import Action
from engine.gah import simulate
from engine.gah.ai import evaluate as evaluation
from engine.gah.ai.determinize import determinize, view_seed
from engine.gah.ai.economy import economy_value
from engine.gah.ai.expert import ExpertPolicy, table_items
from engine.gah.ai.lookahead import open_decision
from engine.gah.ai.strong import Budget, _average, _turn_key
from engine.gah.ai.values import staff_future
from engine.gah.ai.weights import W, actions_left, money_extra, my_turn_open
from engine.gah.payloads import TURN

REDUCED = Budget(worlds=1, rollouts=2, width=4)
"""The search budget of the sampled player: the expert's evaluation with one world, a beam of 4 and 2 finalists."""

PARTS = ("projected", "krones", "café", "kitchen", "rooms", "Emperor", "played staff", "hand", "politics",
         "café aversion", "economy")
"""The parts of `engine.gah.ai.expert.expert_evaluate`, in the order they are printed ("economy": the terms of
`engine.gah.ai.economy`, zero in `evaluation_parts`, set by `expert_parts`)."""

TURNS = 14
"""Turns of the player in a solo game (7 rounds of 2 main actions)."""


def evaluation_parts(state: GameState, index: int, items_per_action: float | None = None) -> dict[str, float]:
    """The parts of `engine.gah.ai.evaluate.evaluate(state, index, items_per_action)` by name (`PARTS`); they sum to it.

    "projected" is the projected score, "café aversion" minus `W.cafe_aversion` per café guest; the rest are
    `evaluate`'s estimates of the player's holdings (all 0 once the game is over).
    """
    parts = dict.fromkeys(PARTS, 0.0)
    player = state.players[index]
    parts["projected"] = float(evaluation.projected_total(state, index))
    parts["café aversion"] = -W.cafe_aversion * evaluation.guests_waiting(player)
    if state.phase in ("final", "over"):
        return parts
    actions = actions_left(state, index)
    cafe, kitchen = evaluation._cafe_value(state, index, actions, my_turn_open(state, index), items_per_action)
    parts["krones"] = money_extra(player.money, actions)
    parts["café"] = cafe
    parts["kitchen"] = kitchen
    parts["rooms"] = evaluation._rooms_value(player, actions)
    parts["Emperor"] = W.emperor_scale * evaluation._emperor_value(state, index)
    parts["played staff"] = sum(W.staff_scale * staff_future(card, state, index, actions) for card in player.played)
    parts["hand"] = evaluation.hand_value(state, index, actions)
    parts["politics"] = evaluation._politics_value(state, index, actions)
    return parts


def expert_parts(state: GameState, index: int) -> dict[str, float]:
    """`evaluation_parts` as `engine.gah.ai.expert.expert_evaluate` weighs them (its items per action by table size
    before the endgame) and its staff and economy terms (`engine.gah.ai.economy`) as the part "economy"; they sum to
    `expert_evaluate(state, index)`."""
    if actions_left(state, index) <= evaluation.ENDGAME_ACTIONS:
        parts = evaluation_parts(state, index)
    else:
        parts = evaluation_parts(state, index, table_items(len(state.players)))
    parts["economy"] = economy_value(state, index)
    return parts


@dataclass
class Candidate:
    """One candidate first action of a sampled decision and where it led."""

    action: str
    plan_value: float
    """The beam search's value of the action on the player's determinized world."""
    parts: dict[str, float]
    """`expert_parts` where the player's turn ended."""
    own: float
    """The player's final score."""
    opponent: float
    """Leopold's final score."""


@dataclass
class Decision:
    """A sampled turn start: candidates[0] is the search's first choice."""

    seed: int
    turn: int
    actions_left: int
    candidates: list[Candidate]


def solo_game(seed: int) -> GameState:
    """A new solo game against Leopold on hard."""
    return new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))


def play_to_end(state: GameState, player: ExpertPolicy) -> GameState:
    """The game played on by `player` until it is over (`engine.gah.simulate.play_to_end`; Leopold needs no policy)."""
    final, _ = simulate.play_to_end(state, [player], apply, 20_000)
    return final


def first_actions(player: ExpertPolicy, state: GameState, count: int, alternatives: str,
                  chooser: random.Random) -> list[tuple[Action, float]]:
    """The search's first choice and `count - 1` alternatives (see the module docstring), with their plan values."""
    decision = open_decision(state, None)
    if isinstance(decision, Action):
        return [(decision, 0.0)]
    actions, index, view = decision
    world, _ = determinize(view, index, view_seed(view, player.seed, index))
    plan = player._plan(world, index, actions)
    ranked = _average(actions, [{action: value for action, (value, _) in plan.items()}])
    others = ranked[1:]
    if alternatives == "random":
        chooser.shuffle(others)
    return ranked[:1] + others[: count - 1]


def sample_decisions(seed: int, points: int = 2, count: int = 4, alternatives: str = "random",
                     budget: Budget = REDUCED) -> list[Decision]:
    """`points` turn starts of the solo game `seed` (drawn with a generator seeded by `seed`), each with `count`
    candidates played to the end of the game by `ExpertPolicy(seed * 31, budget)`.

    Raises:
        ValueError: `alternatives` is neither "top" nor "random".
    """
    if alternatives not in ("top", "random"):
        raise ValueError(f"alternatives must be 'top' or 'random', not {alternatives!r}")
    chooser = random.Random(seed)
    picks = set(chooser.sample(range(TURNS), points))
    player = ExpertPolicy(seed * 31, budget)
    state = solo_game(seed)
    decisions: list[Decision] = []
    turn, last = -1, None
    while not state.is_over and len(decisions) < points:
        key = _turn_key(state)
        top = state.pending[-1]
        if key is not None and key != last and key[1] == 0 and top.kind == TURN and top.player == 0:
            last, turn = key, turn + 1
            if turn in picks:
                rows = []
                for action, value in first_actions(player, state, count, alternatives, chooser):
                    after, _ = apply(state, action)
                    while not after.is_over and _turn_key(after) == key:
                        after, _ = apply(after, player.choose(after))
                    final = final_scores(play_to_end(after, player))
                    own = final["ann"].total
                    opponent = max(score.total for name, score in final.items() if name != "ann")
                    rows.append(Candidate(action.text or repr(action), value, expert_parts(after, 0), own, opponent))
                decisions.append(Decision(seed, turn, actions_left(state, 0), rows))
        state, _ = apply(state, player.choose(state))
    return decisions


# ----- the figures -------------------------------------------------------------------------------------------


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of matrix @ x = vector (Gaussian elimination with partial pivoting).

    Raises:
        ZeroDivisionError: the matrix is singular.
    """
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if rows[column][column] == 0:
            raise ZeroDivisionError("singular matrix")
        for r in range(size):
            if r != column:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def centred(decisions: list[Decision]) -> tuple[list[list[float]], list[float]]:
    """(parts, final scores) of every candidate, each minus its decision's mean (so the fit compares moves of one
    decision, not games)."""
    features: list[list[float]] = []
    outcomes: list[float] = []
    for decision in decisions:
        if len(decision.candidates) < 2:
            continue
        rows = [[c.parts[p] for p in PARTS] for c in decision.candidates]
        means = [sum(column) / len(rows) for column in zip(*rows, strict=True)]
        mean_own = sum(c.own for c in decision.candidates) / len(rows)
        for row, candidate in zip(rows, decision.candidates, strict=True):
            features.append([x - m for x, m in zip(row, means, strict=True)])
            outcomes.append(candidate.own - mean_own)
    return features, outcomes


def fit_parts(decisions: list[Decision]) -> tuple[dict[str, float], dict[str, float], float, float]:
    """Least-squares multipliers of the parts, within decisions: (multiplier by part, standard error by part,
    residual spread in VP, residual spread with every multiplier 1.0).

    Raises:
        ZeroDivisionError: too few decisions to fit (a part never varies within a decision).
    """
    features, outcomes = centred(decisions)
    size = len(PARTS)
    gram = [[sum(f[i] * f[j] for f in features) for j in range(size)] for i in range(size)]
    moment = [sum(f[i] * y for f, y in zip(features, outcomes, strict=True)) for i in range(size)]
    beta = solve(gram, moment)
    residuals = [y - sum(b * x for b, x in zip(beta, f, strict=True)) for f, y in zip(features, outcomes, strict=True)]
    freedom = max(1, len(outcomes) - size)
    variance = sum(r * r for r in residuals) / freedom
    errors = []
    for i in range(size):
        unit = [1.0 if j == i else 0.0 for j in range(size)]
        errors.append(math.sqrt(max(0.0, solve(gram, unit)[i] * variance)))
    at_one = [y - sum(f) for f, y in zip(features, outcomes, strict=True)]
    spread_at_one = math.sqrt(sum(r * r for r in at_one) / max(1, len(at_one)))
    multipliers = dict(zip(PARTS, beta, strict=True))
    return multipliers, dict(zip(PARTS, errors, strict=True)), math.sqrt(variance), spread_at_one


def first_choice_gain(decisions: list[Decision]) -> tuple[float, float]:
    """(mean over decisions of the first choice's final score minus the mean of its alternatives', the standard
    error of that mean) in VP; (0, 0) without decisions, an error of 0 with one."""
    gaps = [d.candidates[0].own - sum(c.own for c in d.candidates[1:]) / (len(d.candidates) - 1)
            for d in decisions if len(d.candidates) > 1]
    if not gaps:
        return 0.0, 0.0
    mean = sum(gaps) / len(gaps)
    if len(gaps) == 1:
        return mean, 0.0
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1))
    return mean, spread / math.sqrt(len(gaps))


def report(decisions: list[Decision]) -> list[str]:
    """The printed figures: the first choice against the alternatives, early and late, and the fit of the parts."""
    lines = []
    stages = (("all", decisions), ("early (8-14 main actions left)", [d for d in decisions if d.actions_left > 7]),
              ("late (1-7 main actions left)", [d for d in decisions if d.actions_left <= 7]))
    for label, chosen in stages:
        gain, error = first_choice_gain(chosen)
        lines.append(f"{label}: {len(chosen)} decisions; first choice minus the alternatives "
                     f"{gain:+.1f} ± {error:.1f} VP")
    try:
        beta, errors, spread, spread_at_one = fit_parts(decisions)
    except ZeroDivisionError:
        return [*lines, "too few decisions to fit the parts"]
    lines.append(f"fit of the parts within decisions: residual spread {spread:.1f} VP (every multiplier 1.0: "
                 f"{spread_at_one:.1f})")
    lines += [f"  {part:14s} {beta[part]:6.2f} ± {errors[part]:.2f}" for part in PARTS]
    return lines


def _sample(job: tuple[int, int, int, str]) -> list[Decision]:
    seed, points, count, alternatives = job
    return sample_decisions(seed, points, count, alternatives)


def main() -> None:
    """Command-line entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="solo games sampled (default 200)")
    parser.add_argument("--seed", type=int, default=6000, help="seed of the first game (default 6000)")
    parser.add_argument("--points", type=int, default=2, help="turn starts sampled per game (default 2)")
    parser.add_argument("--candidates", type=int, default=4, help="first actions compared per turn start (4)")
    parser.add_argument("--alternatives", choices=("top", "random"), default="random",
                        help="the other candidates: the next best of the search, or drawn at random (default)")
    parser.add_argument("--jobs", type=int, default=1, help="games sampled in parallel processes (default 1)")
    parser.add_argument("--save", type=Path, help="also write every decision as a JSON line to this file")
    args = parser.parse_args()
    started = time.perf_counter()
    seeds = range(args.seed, args.seed + args.games)
    jobs = [(seed, args.points, args.candidates, args.alternatives) for seed in seeds]
    with Pool(args.jobs) as pool:
        decisions = [d for batch in pool.map(_sample, jobs) for d in batch]
    if args.save:
        with args.save.open("w") as out:
            out.writelines(json.dumps(asdict(d)) + "\n" for d in decisions)
    print(f"python bench/move_outcomes.py --games {args.games} --seed {args.seed} --points {args.points} "
          f"--candidates {args.candidates} --alternatives {args.alternatives}")
    print("\n".join(report(decisions)))
    print(f"{args.games} games in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
