"""Offline training of the value network of the "master" AI level (issue 43). Never run at run time or in CI.

Two steps, each resumable:

    python bench/train_value.py play --games 300 --seed 400001 --data /tmp/value-games.jsonl.gz
    python bench/train_value.py fit --data /tmp/value-games.jsonl.gz --epochs 300 --seed 7

`play` plays seeded solo games against Leopold on hard with the expert's search at a small budget
(`--budget`, see `BUDGETS`; `--policy master` plays with the network at the leaves instead: expert iteration)
and appends one JSON line per game to `--data` (gzip): the seed, the final scores
and the state after every action of the game (the full state: the encoding reads only the player's view of it,
see `engine.gah.ai.encoding`). Seeds already in the file are skipped, so a stopped run goes on where it was.

`fit` encodes those states for the player (`engine.gah.ai.encoding.encode`) and fits the network of
`engine.gah.ai.network` by regression: the target of a state is the player's final score minus the hand-built
evaluation of that state (`engine.gah.ai.expert.expert_evaluate`), so the network learns what the hand-built
evaluation misses and a network of zeros is the expert exactly. Hand-written backprop (numpy only), Adam,
mini-batches, L2 on the weights; the last `--holdout` share of the games (by seed) is kept out of the fit to
measure it. It starts from the committed weights (`engine/gah/data/value_net.npz`) when their shape matches
(`--fresh` starts from random ones), prints the curve (epoch, training and held-out loss, and the held-out
loss against the share of the games used, `--curve`), and writes the weights to `--out` (default: the
committed file). `--targets td` fits TD(lambda) returns instead of the final scores (`--lam`, default 0.7 as in
Keldon's Race for the Galaxy AI): the targets are recomputed from the network's own values `--td-sweeps` times
(fitted TD, see `lambda_returns`). `--test S` keeps the last share S of the games out of every choice and
measures on them the network, the hand-built evaluation, a ridge fit and `--baseline` weights, paired by game,
and by round.

`compare` plays paired solo games on the ladder's seeds: the master (`--network` weights, default the shipped
ones) and the expert at the same budget; `--results` stores every game and reuses it, so the expert's games are
played once for all the networks compared. `--budget full` is the ladder's own budget and seeds (per-seed
results, so full-budget runs can be paired); `--blend` and `--everywhere` try other ways of using the network.

`noise` measures the error floor of any state-to-outcome predictor by round (the spread of the final scores when
the rest of a game is replayed from the player's view in new determinized worlds). `onestep` times (and `play
--policy onestep` stores) games of a one-step player judged by the network: the anchor's TD(lambda) self-play.

The command that reproduced the shipped weights is in docs/ai-value-network.md.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GameConfig, GameState, apply, final_scores, new_game
from engine.gah.ai.expert import EXPERT_BUDGET
from engine.gah.ai.master import BLEND
from engine.gah.ai.strong import Budget, StrongPolicy

BUDGETS: dict[str, Budget] = {
    "full": EXPERT_BUDGET,
    "reduced": Budget(worlds=1, rollouts=2, width=4),
    "fast": Budget(worlds=1, width=2, depth=3, rollouts=0),
}
"""Search budgets of the games played for training and compared: "full" (the expert's own, the bot's and the
ladder's; about 20-25 CPU seconds a solo game), "reduced" (the expert's evaluation on one world, beam 4, two
look-ahead finalists, as in bench/move_outcomes.py; about 10 CPU seconds a solo game) and "fast" (one world, beam
2, three decisions deep, no look-ahead, the budget of tests/ai/test_policies.py; about 1-2 s a game)."""

TARGET_SCALE = 20.0
"""Targets are fitted in units of this many VP (the network's output layer is scaled back when it is written)."""

PLAYER = "me"
"""The human seat's name in the training games (the ladder's is "ann", so the sampled worlds differ)."""


def solo_game(seed: int) -> GameState:
    """A new solo game against Leopold on hard."""
    return new_game(GameConfig(players=[PLAYER], seed=seed, solo="leopold", solo_difficulty="hard"))


def make_policy(kind: str, seed: int, budget: str = "reduced") -> StrongPolicy:
    """The player of the training games: "expert" (hand-built evaluation) or "master" (the network at the leaves),
    with one of `BUDGETS`."""
    if kind == "master":
        from engine.gah.ai.master import MasterPolicy

        return MasterPolicy(seed, BUDGETS[budget])
    from engine.gah.ai.expert import ExpertPolicy

    return ExpertPolicy(seed, BUDGETS[budget])


def play_one(seed: int, kind: str, budget: str = "reduced") -> dict[str, Any]:
    """One game: {"seed", "policy", "budget", "scores" (name -> final total), "states" (state JSON after every
    action but the last), "seconds" (CPU)}."""
    state = solo_game(seed)
    player = make_policy(kind, seed * 31, budget)
    states: list[str] = []
    started = time.process_time()
    while not state.is_over:
        state, _ = apply(state, player.choose(state))
        if not state.is_over:
            states.append(state.to_json())
    scores = {name: score.total for name, score in final_scores(state).items()}
    return {"seed": seed, "policy": kind, "budget": budget, "scores": scores, "states": states,
            "seconds": round(time.process_time() - started, 2)}


def read_games(path: Path) -> Iterator[dict[str, Any]]:
    """The games stored in `path` (a gzip JSON-lines file), in file order; a cut-off last line is skipped."""
    if not path.exists():
        return
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        try:
            for line in handle:
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    return
        except EOFError:
            return


def command_play(args: argparse.Namespace) -> None:
    """Play `args.games` games from `args.seed` on, skipping seeds already stored."""
    path = Path(args.data)
    done = {game["seed"] for game in read_games(path)}
    scores: list[float] = []
    for seed in range(args.seed, args.seed + args.games):
        if seed in done:
            continue
        game = (onestep_game(seed, "network", args.network, record=True) if args.policy == "onestep"
                else play_one(seed, args.policy, args.budget))
        with gzip.open(path, "at", encoding="utf-8") as handle:
            handle.write(json.dumps(game) + "\n")
        scores.append(game["scores"][PLAYER])
        print(f"seed {seed}: {game['scores']} ({len(game['states'])} states, {game['seconds']} s CPU); "
              f"mean so far {statistics.fmean(scores):.1f} over {len(scores)}", flush=True)


# ----- fit ------------------------------------------------------------------------------------------------------


def encode_games(paths: list[Path], every: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(features, targets, hand-built values, game seeds) of every `every`-th stored state of the games in `paths`
    (the seat of `PLAYER`); the target is the final score minus the hand-built evaluation (VP)."""
    from engine.gah.ai.encoding import encode_with_parts

    rows: list[list[float]] = []
    targets: list[float] = []
    base: list[float] = []
    seeds: list[int] = []
    for path in paths:
        for game in read_games(path):
            final = game["scores"][PLAYER]
            for text in game["states"][::every]:
                state = GameState.from_json(text)
                if state.phase in ("final", "over"):
                    continue
                features, parts = encode_with_parts(state, state.player_index(PLAYER))
                rows.append(features)
                base.append(sum(parts))
                targets.append(final - sum(parts))
                seeds.append(game["seed"])
    return np.array(rows), np.array(targets), np.array(base), np.array(seeds)


class Mlp:
    """A tanh multilayer perceptron with one linear output, trained by hand-written backprop and Adam."""

    def __init__(self, sizes: list[int], generator: np.random.Generator) -> None:
        self.weights = [generator.normal(0.0, 1.0 / math.sqrt(a), (a, b)) for a, b in itertools.pairwise(sizes)]
        self.weights[-1] = np.zeros_like(self.weights[-1])  # a fresh network starts as the hand-built evaluation
        self.biases = [np.zeros(b) for b in sizes[1:]]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params()]
        self.steps = 0

    def params(self) -> list[np.ndarray]:
        """Weights and biases, layer by layer."""
        return [p for pair in zip(self.weights, self.biases, strict=True) for p in pair]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """(outputs, activations of each layer's input)."""
        activations = [x]
        h = x
        for k, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if k < len(self.weights) - 1:
                h = np.tanh(h)
            activations.append(h)
        return h[:, 0], activations

    def step(self, x: np.ndarray, y: np.ndarray, rate: float, l2: float) -> float:
        """One Adam step on a mini-batch; returns its mean squared error before the step."""
        out, activations = self.forward(x)
        error = out - y
        grad = (2.0 / len(y)) * error[:, None]
        grads: list[np.ndarray] = []
        for k in range(len(self.weights) - 1, -1, -1):
            grads = [activations[k].T @ grad + 2 * l2 * self.weights[k], grad.sum(axis=0), *grads]
            if k > 0:
                grad = (grad @ self.weights[k].T) * (1.0 - activations[k] ** 2)
        self.steps += 1
        for param, g, (m, v) in zip(self.params(), grads, self.moments, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            param -= rate * (m / (1 - 0.9 ** self.steps)) / (np.sqrt(v / (1 - 0.999 ** self.steps)) + 1e-8)
        return float(np.mean(error ** 2))

    def loss(self, x: np.ndarray, y: np.ndarray) -> float:
        """Root mean squared error (VP)."""
        return float(np.sqrt(np.mean((self.forward(x)[0] - y) ** 2))) if len(y) else float("nan")


def to_network(mlp: Mlp, mean: np.ndarray, scale: np.ndarray, limit: float, tables: frozenset[int]) -> Any:
    """The `engine.gah.ai.network.ValueNetwork` of a trained `Mlp` (output scaled from `TARGET_SCALE` units to VP)."""
    from engine.gah.ai.network import ValueNetwork

    hidden = tuple((w.copy(), b.copy()) for w, b in zip(mlp.weights[:-1], mlp.biases[:-1], strict=True))
    out_w = TARGET_SCALE * mlp.weights[-1][:, 0]
    return ValueNetwork(mean, scale, hidden, out_w, TARGET_SCALE * float(mlp.biases[-1][0]), limit, tables)


def from_network(network: Any, generator: np.random.Generator) -> Mlp:
    """An `Mlp` holding the weights of a `ValueNetwork` (to resume training)."""
    sizes = [network.mean.shape[0], *(w.shape[1] for w, _ in network.hidden), 1]
    mlp = Mlp(sizes, generator)
    for k, (w, b) in enumerate(network.hidden):
        mlp.weights[k], mlp.biases[k] = w.copy(), b.copy()
    mlp.weights[-1] = network.out_w.copy()[:, None] / TARGET_SCALE
    mlp.biases[-1] = np.array([network.out_b / TARGET_SCALE])
    return mlp


def train(mlp: Mlp, x: np.ndarray, y: np.ndarray, xs: np.ndarray, ys: np.ndarray, epochs: int, rate: float,
          l2: float, generator: np.random.Generator, report: int = 0) -> tuple[Mlp, float]:
    """Train for `epochs` on (x, y), keeping the weights of the epoch with the lowest held-out loss on (xs, ys)
    (all of them if there is no held-out set); prints every `report` epochs. Returns (best weights, their loss)."""
    best = (mlp.loss(xs, ys) if len(ys) else float("inf"), [p.copy() for p in mlp.params()])
    for epoch in range(1, epochs + 1):
        order = generator.permutation(len(y))
        losses = [mlp.step(x[order[k:k + 256]], y[order[k:k + 256]], rate, l2) for k in range(0, len(y), 256)]
        held = mlp.loss(xs, ys) if len(ys) else math.sqrt(statistics.fmean(losses))
        if held < best[0]:
            best = (held, [p.copy() for p in mlp.params()])
        if report and (epoch % report == 0 or epoch == epochs):
            fitted = TARGET_SCALE * math.sqrt(statistics.fmean(losses))
            print(f"  epoch {epoch}: RMSE to the fitted targets {fitted:.2f} VP, "
                  f"held-out (to the final score) {TARGET_SCALE * held:.2f} VP", flush=True)
    for param, saved in zip(mlp.params(), best[1], strict=True):
        param[...] = saved
    return mlp, best[0]


def ridge(x: np.ndarray, y: np.ndarray, xs: np.ndarray, ys: np.ndarray, penalty: float = 10.0) -> float:
    """Held-out RMSE of a ridge regression with intercept fitted to (x, y) (the capacity baseline)."""
    a = np.hstack([x, np.ones((len(x), 1))])
    coef = np.linalg.solve(a.T @ a + penalty * np.eye(a.shape[1]), a.T @ y)
    return float(np.sqrt(np.mean((np.hstack([xs, np.ones((len(xs), 1))]) @ coef - ys) ** 2)))


def game_starts(seeds: np.ndarray) -> np.ndarray:
    """Whether each row opens a game (rows of one game are consecutive and in play order, as `encode_games`
    writes them)."""
    return np.concatenate([[True], seeds[1:] != seeds[:-1]]) if len(seeds) else np.zeros(0, dtype=bool)


def lambda_returns(values: np.ndarray, finals: np.ndarray, starts: np.ndarray, lam: float) -> np.ndarray:
    """TD(lambda) targets of consecutive states (Sutton and Barto, ch. 12): with no reward before the end, the
    lambda-return of state t is (1 - lam) * V(t+1) + lam * G(t+1), and the last state of a game returns the final
    score. `values`: the current estimates V of every row; `finals`: the final score of each row's game; `starts`:
    `game_starts`. lam = 1 gives the final scores (Monte-Carlo), lam = 0 the next state's value (TD(0))."""
    returns = np.empty_like(values)
    following = 0.0
    for k in range(len(values) - 1, -1, -1):
        last = k == len(values) - 1 or starts[k + 1]
        following = finals[k] if last else (1.0 - lam) * values[k + 1] + lam * following
        returns[k] = following
    return returns


def _network_file(path: str) -> Any:
    """The value network stored in the weights file `path`."""
    from engine.gah.ai.network import ValueNetwork

    with np.load(path) as data:
        return ValueNetwork.from_arrays({name: data[name] for name in data.files})


def predict_file(path: str, x: np.ndarray) -> np.ndarray:
    """The corrections (VP) that the network stored in the weights file `path` gives for raw encodings `x`."""
    other = _network_file(path)
    h = (x - other.mean) / other.scale
    for w, b in other.hidden:
        h = np.tanh(h @ w + b)
    return np.asarray(np.clip(h @ other.out_w + other.out_b, -other.limit, other.limit))


def compare_on_test(mlp: Mlp, z: np.ndarray, y: np.ndarray, x: np.ndarray, seeds: np.ndarray,
                    train_rows: np.ndarray, test_rows: np.ndarray, baseline: str, errors: str) -> None:
    """Print the test RMSE of the fitted network beside other predictors of the final score (the hand-built
    evaluation alone, a ridge fit, the network in `baseline` if given) and, paired by test game, how much larger
    each one's mean squared error is than the network's (mean over games, 95% normal interval): the games, not
    the states, are the independent samples. `errors`: also save the per-game table (.npy; columns seed, then
    the predictors in the printed order)."""
    target = TARGET_SCALE * y[test_rows]
    a = np.hstack([z[train_rows], np.ones((int(train_rows.sum()), 1))])
    coef = np.linalg.solve(a.T @ a + 10.0 * np.eye(a.shape[1]), a.T @ y[train_rows])
    predictions = {"network": TARGET_SCALE * mlp.forward(z[test_rows])[0],
                   "hand-built": np.zeros(len(target)),
                   "linear": TARGET_SCALE * (np.hstack([z[test_rows], np.ones((len(target), 1))]) @ coef)}
    if baseline:
        predictions[baseline] = predict_file(baseline, x[test_rows])
    test_seeds = seeds[test_rows]
    games = sorted(set(test_seeds.tolist()))
    table = np.array([[g, *(float(np.mean((p[test_seeds == g] - target[test_seeds == g]) ** 2))
                            for p in predictions.values())] for g in games])
    for k, name in enumerate(predictions):
        rmse = math.sqrt(float(np.mean((predictions[name] - target) ** 2)))
        line = f"  test RMSE of {name}: {rmse:.2f} VP"
        if k:
            diff = table[:, k + 1] - table[:, 1]
            half = 1.96 * float(diff.std(ddof=1)) / math.sqrt(len(diff))
            line += f"; its MSE minus the network's, by game: {diff.mean():+.1f} ± {half:.1f} VP²"
        print(line)
    from engine.gah.ai.encoding import FEATURES

    # `round` is encoded as state.round / 7 (0 is the setup). Where the error is: early states face most of the
    # game's chance, late ones mostly what the features miss.
    rounds = x[test_rows][:, FEATURES.index("round")]
    print("  test RMSE by round (network, linear, hand-built; VP):")
    for value in sorted(set(rounds.tolist())):
        at = rounds == value
        cells = ", ".join(f"{math.sqrt(float(np.mean((predictions[name][at] - target[at]) ** 2))):.1f}"
                          for name in ("network", "linear", "hand-built"))
        print(f"    round {round(7 * value)}: {cells} ({int(at.sum())} states)")
    if errors:
        np.save(errors, table)
        print(f"wrote the test errors per game to {errors}")


def command_fit(args: argparse.Namespace) -> None:
    """Encode the stored games, fit the network (see the module docstring) and write its weights."""
    from engine.gah.ai import network as value_network
    from engine.gah.ai.encoding import SIZE

    started = time.process_time()
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists():
        with np.load(cache) as stored:
            x, y, base, seeds = stored["x"], stored["y"], stored["base"], stored["seeds"]
    else:
        x, y, base, seeds = encode_games([Path(p) for p in args.data], args.every)
        if cache is not None:
            np.savez_compressed(cache, x=x, y=y, base=base, seeds=seeds)
    if args.max_games:
        kept = set(sorted(set(seeds.tolist()))[: args.max_games])
        rows = np.array([s in kept for s in seeds.tolist()])
        x, y, base, seeds = x[rows], y[rows], base[rows], seeds[rows]
    games = sorted(set(seeds.tolist()))
    # The last `--test` share of the games is never used to choose anything (a clean measure); the `--holdout`
    # share before it chooses the epoch kept (and the TD sweep), so its RMSE is a little optimistic.
    test_cut = games[int(len(games) * (1 - args.test))] if args.test > 0 else games[-1] + 1
    games_before = [g for g in games if g < test_cut]
    cut = games_before[int(len(games_before) * (1 - args.holdout))] if args.holdout > 0 else test_cut
    train_rows, held_rows, test_rows = seeds < cut, (seeds >= cut) & (seeds < test_cut), seeds >= test_cut
    if args.test > 0:
        print(f"test set: {len(games) - len(games_before)} games ({int(test_rows.sum())} states) from seed "
              f"{test_cut} on")
    print(f"{len(y)} states of {len(games)} games ({int(train_rows.sum())} states of "
          f"{len([g for g in games if g < cut])} games to fit, the rest held out or tested); encoded in "
          f"{time.process_time() - started:.0f} s CPU")
    print(f"hand-built evaluation alone (a network of zeros): RMSE {math.sqrt(np.mean(y[held_rows] ** 2)):.2f} VP "
          f"held out, {math.sqrt(np.mean(y[train_rows] ** 2)):.2f} fitted"
          + (f", {math.sqrt(np.mean(y[test_rows] ** 2)):.2f} test" if args.test > 0 else "")
          + f"; mean correction {y.mean():+.2f} VP")
    generator = np.random.default_rng(args.seed)
    committed = None
    if not args.fresh:
        try:
            committed = _network_file(args.start) if args.start else value_network.load()
        except (FileNotFoundError, ValueError):
            committed = None
    if committed is not None and [w.shape[1] for w, _ in committed.hidden] == args.hidden and not np.all(
            committed.out_w == 0):
        mean, scale = committed.mean, committed.scale
        print(f"resuming from {args.start or 'the committed weights'}")
    else:
        committed = None
        mean = x[train_rows].mean(axis=0)
        scale = np.maximum(x[train_rows].std(axis=0), 0.05)
        print("starting from fresh weights")

    def fresh() -> Mlp:
        if committed is not None:
            return from_network(committed, generator)
        mlp = Mlp([SIZE, *args.hidden, 1], generator)
        mlp.biases[-1][0] = float(y[train_rows].mean())  # y is in TARGET_SCALE units by then
        return mlp

    z = (x - mean) / scale
    y = y / TARGET_SCALE
    xs, ys = z[held_rows], y[held_rows]
    starts = game_starts(seeds)

    def fit_rows(rows: np.ndarray, report: int = 0) -> tuple[Mlp, float]:
        """Fit a network to the states in `rows` with the chosen targets; (kept weights, held-out RMSE against
        the final score, in TARGET_SCALE units)."""
        mlp = fresh()
        if args.targets == "mc":
            return train(mlp, z[rows], y[rows], xs, ys, args.epochs, args.rate, args.l2, generator, report)
        held = float("inf")
        for sweep in range(1, args.td_sweeps + 1):
            values = base / TARGET_SCALE + mlp.forward(z)[0]
            targets = lambda_returns(values, y + base / TARGET_SCALE, starts, args.lam) - base / TARGET_SCALE
            mlp, held = train(mlp, z[rows], targets[rows], xs, ys, args.epochs, args.rate, args.l2, generator,
                              report)
            if report:
                print(f"  TD({args.lam}) sweep {sweep}: held-out RMSE {TARGET_SCALE * held:.2f} VP", flush=True)
        return mlp, held

    def tested(mlp: Mlp) -> str:
        return f", test {TARGET_SCALE * mlp.loss(z[test_rows], y[test_rows]):.2f} VP" if args.test > 0 else ""

    linear = TARGET_SCALE * ridge(z[train_rows], y[train_rows], xs, ys)
    constant = TARGET_SCALE * float(np.sqrt(np.mean((ys - y[train_rows].mean()) ** 2)))
    print(f"a linear fit (ridge) to the same features: held-out RMSE {linear:.2f} VP; a constant: {constant:.2f} VP")
    if args.test > 0:
        linear_test = TARGET_SCALE * ridge(z[train_rows], y[train_rows], z[test_rows], y[test_rows])
        constant_test = TARGET_SCALE * float(np.sqrt(np.mean((y[test_rows] - y[train_rows].mean()) ** 2)))
        print(f"  on the test set: linear {linear_test:.2f} VP, constant {constant_test:.2f} VP")
    if args.curve:
        print("learning curve (held-out RMSE against the games fitted):")
        fitted_games = [g for g in games if g < cut]
        for share in (0.125, 0.25, 0.5, 1.0):
            some = set(fitted_games[: max(1, int(len(fitted_games) * share))])
            rows = np.array([s in some for s in seeds.tolist()]) & train_rows
            curve_mlp, held = fit_rows(rows)
            print(f"  {len(some)} games ({int(rows.sum())} states): held-out RMSE {TARGET_SCALE * held:.2f} VP"
                  + tested(curve_mlp), flush=True)
    print(f"fit: targets {args.targets}" + (f" (lambda {args.lam}, {args.td_sweeps} sweeps)" if args.targets == "td"
          else "") + f", {args.epochs} epochs, hidden {args.hidden}, rate {args.rate}, L2 {args.l2}, seed {args.seed}")
    mlp, held = fit_rows(train_rows, report=max(1, args.epochs // 10))
    print(f"kept: held-out RMSE {TARGET_SCALE * held:.2f} VP, "
          f"fitted {TARGET_SCALE * mlp.loss(z[train_rows], y[train_rows]):.2f} VP" + tested(mlp))
    if args.test > 0:
        compare_on_test(mlp, z, y, x, seeds, train_rows, test_rows, args.baseline, args.errors)
    network = to_network(mlp, mean, scale, args.limit, frozenset({1}))
    out = Path(args.out)
    with out.open("wb") as handle:
        np.savez_compressed(handle, **network.to_arrays())
    print(f"wrote {out} ({out.stat().st_size} bytes) in {time.process_time() - started:.0f} s CPU")


# ----- compare ----------------------------------------------------------------------------------------------------


def compare_game(seed: int, level: str, budget: str, network: Any, blend: float = BLEND,
                 everywhere: bool = False) -> dict[str, Any]:
    """One solo game against Leopold on hard on a ladder seed (player "ann", policy seed 31 x seed, as in
    bench/ai_ladder.py, so the "full" budget replays the ladder's games): {"score", "won", "leopold"}.

    `blend` is the master's share of the network's correction; `everywhere` also judges the beam's open lines and
    the look-ahead's own moves by the master's value (not only the leaves)."""
    from engine.gah.ai.expert import ExpertPolicy
    from engine.gah.ai.master import MasterPolicy

    state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))
    seat: StrongPolicy
    if level == "master":
        seat = MasterPolicy(seed * 31, BUDGETS[budget], network, blend, everywhere)
    else:
        seat = ExpertPolicy(seed * 31, BUDGETS[budget])
    while not state.is_over:
        state, _ = apply(state, seat.choose(state))
    scores = final_scores(state)
    return {"score": scores["ann"].total, "won": scores["ann"].rank == 1 and scores["Leopold"].rank != 1,
            "leopold": scores["Leopold"].total}


def _compare_job(job: tuple[int, str, str, str, float, bool]) -> dict[str, Any]:
    """A worker's game of `command_compare`: (seed, level, budget, weights file, blend, everywhere)."""
    seed, level, budget, weights, blend, everywhere = job
    network = _network_file(weights)
    started = time.process_time()
    game = compare_game(seed, level, budget, network, blend, everywhere)
    return {**game, "seconds": round(time.process_time() - started, 1)}


def command_compare(args: argparse.Namespace) -> None:
    """Paired solo games against Leopold on hard: the master and the expert at the same budget on the same seeds.

    With `--results`, every game is appended to that JSON-lines file and games already there are not replayed
    (the expert's games do not depend on the network, so they are played once for all the networks compared;
    the master's are keyed by the SHA-256 of the weights file, the blend and `--everywhere`). With `--jobs` N > 1
    the games run in N processes (each game is deterministic, so the results do not depend on N)."""
    import hashlib
    from concurrent.futures import ProcessPoolExecutor

    from engine.gah.ai.network import WEIGHTS_FILE

    weights = Path(args.network) if args.network else Path(__file__).resolve().parent.parent / "engine" / "data" / (
        WEIGHTS_FILE)
    digest = hashlib.sha256(weights.read_bytes()).hexdigest()[:16]
    key = digest if args.blend == BLEND and not args.everywhere else (  # the shipped master: the old keys
        f"{digest}/blend {args.blend:g}" + ("/everywhere" if args.everywhere else ""))
    stored: dict[tuple[int, str, str, str], dict[str, Any]] = {}
    results = Path(args.results) if args.results else None
    if results is not None and results.exists():
        for line in results.read_text(encoding="utf-8").splitlines():
            game = json.loads(line)
            stored[(game["seed"], game["level"], game["budget"], game["network"])] = game
    print(f"master with {weights} (sha256 {digest}), blend {args.blend:g}"
          f"{', network everywhere' if args.everywhere else ''}, budget {args.budget}")
    seeds = range(args.seed, args.seed + args.games)
    wanted = [(seed, level, level_key) for seed in seeds
              for level, level_key in (("master", key), ("expert", "")) if not (args.master_only and level == "expert")]
    missing = [w for w in wanted if (w[0], w[1], args.budget, w[2]) not in stored]
    jobs = [(seed, level, args.budget, str(weights), args.blend, args.everywhere) for seed, level, _ in missing]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for (seed, level, level_key), played in zip(missing, pool.map(_compare_job, jobs), strict=True):
            game = {"seed": seed, "level": level, "budget": args.budget, "network": level_key, **played}
            stored[(seed, level, args.budget, level_key)] = game
            if results is not None:
                with results.open("a", encoding="utf-8") as handle:
                    handle.write(json.dumps(game) + "\n")
            print(f"seed {seed} {level}: {game['score']} VP, Leopold {game['leopold']} ({game['seconds']} s CPU)",
                  flush=True)
    master = [stored[(seed, "master", args.budget, key)] for seed in seeds]
    print(f"\n{len(master)} games, budget {args.budget}: master {statistics.fmean(g['score'] for g in master):.1f} "
          f"VP ({sum(g['won'] for g in master)} won), Leopold {statistics.fmean(g['leopold'] for g in master):.1f}")
    if args.master_only and not all((seed, "expert", args.budget, "") in stored for seed in seeds):
        return
    expert = [stored[(seed, "expert", args.budget, "")] for seed in seeds]
    diffs = [m["score"] - e["score"] for m, e in zip(master, expert, strict=True)]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("inf")
    print(f"expert {statistics.fmean(e['score'] for e in expert):.1f} VP ({sum(e['won'] for e in expert)} won); "
          f"master minus expert {statistics.fmean(diffs):+.1f} ± {half:.1f} VP (95% normal interval)")


# ----- noise: how much of the prediction error no predictor can remove -------------------------------------------


def _noise_game(job: tuple[int, int, str]) -> list[dict[str, Any]]:
    """A worker's game of `command_noise`: (seed, continuations, budget) -> one row per round start."""
    from engine import player_view
    from engine.gah.ai.determinize import determinize, view_seed
    from engine.gah.ai.expert import expert_evaluate
    from engine.gah.ai.network import load, value
    from engine.gah.payloads import TURN

    seed, count, budget = job
    network = load()
    state = solo_game(seed)
    player = make_policy("expert", seed * 31, budget)
    index = state.player_index(PLAYER)
    starts: list[GameState] = []
    while not state.is_over:
        top = state.pending[-1] if state.pending else None
        if (top is not None and top.player == index and state.deciding(TURN) and state.phase == "play"
                and (not starts or state.round > starts[-1].round)):
            starts.append(state)
        state, _ = apply(state, player.choose(state))
    final = final_scores(state)[PLAYER].total
    rows = []
    for start in starts:
        view = player_view(start, PLAYER)
        generator = view_seed(view, seed, index)
        finals = []
        for k in range(count):
            world, generator = determinize(view, index, generator)
            other = make_policy("expert", seed * 31 + 1000 * (k + 1), budget)
            while not world.is_over:
                world, _ = apply(world, other.choose(world))
            finals.append(final_scores(world)[PLAYER].total)
        rows.append({"seed": seed, "round": start.round, "final": final, "continuations": finals,
                     "evaluation": expert_evaluate(start, index), "network": value(start, index, network)})
    return rows


def command_noise(args: argparse.Namespace) -> None:
    """The error floor of any state-to-outcome predictor, by round.

    For `--games` new solo games of the `--budget` expert (the player of the shipped weights' training games), at
    the player's first turn of each round, the game is replayed `--continuations` times from the player's view:
    each time in a new determinized world (other hidden cards, deck orders and dice) with the same player. The
    spread of those final scores is what the view cannot tell, so no encoding, network or amount of data can
    predict the final score more closely (the root of the mean within-state variance). Beside it: the root mean
    squared error of the hand-built evaluation and of the shipped network (evaluation + correction) against the
    game's real final score, and the network's error against the continuations' mean."""
    from concurrent.futures import ProcessPoolExecutor

    jobs = [(seed, args.continuations, args.budget) for seed in range(args.seed, args.seed + args.games)]
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for game_rows in pool.map(_noise_game, jobs):
            rows += game_rows
            if game_rows:
                first = game_rows[0]
                print(f"seed {first['seed']}: final {first['final']}, from round {first['round']} "
                      f"{first['continuations']}", flush=True)
    if args.out:
        Path(args.out).write_text("\n".join(json.dumps(row) for row in rows) + "\n", encoding="utf-8")
    print(f"\n{args.games} games of the {args.budget} expert, {args.continuations} continuations per round start "
          f"(VP; floor = root mean within-state variance of the continuations)")
    print("round | states | floor | hand-built RMSE | network RMSE | network vs continuation mean")
    for round_number in [*sorted({row["round"] for row in rows}), 0]:
        chosen = [row for row in rows if round_number in (0, row["round"])]
        floor = math.sqrt(statistics.fmean(statistics.variance(row["continuations"]) for row in chosen))
        hand = math.sqrt(statistics.fmean((row["final"] - row["evaluation"]) ** 2 for row in chosen))
        net = math.sqrt(statistics.fmean((row["final"] - row["network"]) ** 2 for row in chosen))
        mean_gap = math.sqrt(statistics.fmean((statistics.fmean(row["continuations"]) - row["network"]) ** 2
                                              for row in chosen))
        label = "all" if round_number == 0 else str(round_number)
        print(f"{label} | {len(chosen)} | {floor:.1f} | {hand:.1f} | {net:.1f} | {mean_gap:.1f}")


# ----- onestep: what a game of network-guided one-step play costs (the anchor's self-play) -------------------


def onestep_game(seed: int, guide: str, weights: str = "", record: bool = False) -> dict[str, Any]:
    """One solo game against Leopold on hard (player `PLAYER`) played by one-step look-ahead on one determinized
    world, as the greedy level searches (without its endgame check on display guests), judged by `guide`:
    "greedy" (the hand-built evaluation, the greedy level's own) or "network" (the network's value, evaluation +
    correction, at every candidate's result): the player of the anchor's TD(lambda) self-play. `weights` is a
    weights file (default: the shipped one); with `record`, the result also holds "states" and "scores" as
    `play_one`'s do. {"seed", "guide", "score", "leopold", "seconds" (CPU), "decisions"}."""
    from engine.gah.ai.determinize import determinize, view_seed
    from engine.gah.ai.evaluate import evaluate
    from engine.gah.ai.lookahead import best, open_decision, score_actions
    from engine.gah.ai.network import load, value
    from engine.gah.ai.rules import settled_answer

    network = _network_file(weights) if weights else load()

    def judge(state: GameState, index: int) -> float:
        return value(state, index, network) if guide == "network" else evaluate(state, index)

    state = solo_game(seed)
    decisions = 0
    states: list[str] = []
    started = time.process_time()
    while not state.is_over:
        if record and state.pending:
            states.append(state.to_json())
        decision = open_decision(state, None)
        if isinstance(decision, tuple):
            actions, index, view = decision
            choice = settled_answer(view, index, actions)
            if choice is None:
                world, _ = determinize(view, index, view_seed(view, seed * 31, index))
                choice = best(score_actions(world, index, actions, 1, judge))
                decisions += 1
            decision = choice
        state, _ = apply(state, decision)
    scores = final_scores(state)
    game: dict[str, Any] = {"seed": seed, "guide": guide, "score": scores[PLAYER].total,
                            "leopold": scores["Leopold"].total, "seconds": round(time.process_time() - started, 2),
                            "decisions": decisions}
    if record:
        game |= {"policy": "onestep", "budget": guide, "states": states[1:],
                 "scores": {name: score.total for name, score in scores.items()}}
    return game


def command_onestep(args: argparse.Namespace) -> None:
    """Time `--games` one-step games per guide and print what 30,000 such games (the anchor's training run) cost."""
    for guide in args.guide:
        games = [onestep_game(seed, guide, args.network) for seed in range(args.seed, args.seed + args.games)]
        seconds = statistics.fmean(g["seconds"] for g in games)
        print(f"{guide}: {len(games)} games, {statistics.fmean(g['score'] for g in games):.1f} VP (Leopold "
              f"{statistics.fmean(g['leopold'] for g in games):.1f}), {seconds:.2f} CPU s a game, "
              f"{statistics.fmean(g['decisions'] for g in games):.0f} searched decisions a game; 30,000 games: "
              f"{30_000 * seconds / 3600:.1f} core-hours", flush=True)


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen command (play, fit, compare, noise or onestep)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play training games and store their states")
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--seed", type=int, default=400_001)
    play.add_argument("--data", default="/tmp/value-games.jsonl.gz")
    play.add_argument("--policy", choices=("expert", "master", "onestep"), default="expert",
                      help="onestep: one-step play judged by the network (--network), the anchor's self-play")
    play.add_argument("--network", default="", help="onestep: weights file (default: the shipped one)")
    play.add_argument("--budget", choices=tuple(BUDGETS), default="fast")
    fit = sub.add_parser("fit", help="fit the network to stored games")
    fit.add_argument("--data", action="append", required=True, help="a games file of `play` (repeat for several)")
    fit.add_argument("--cache", default="", help="keep the encoded states in this .npz (reused if it exists)")
    fit.add_argument("--every", type=int, default=1, help="use every n-th state of a game (default 1)")
    fit.add_argument("--holdout", type=float, default=0.2,
                     help="share of the games (before the test set) held out to choose the epoch (default 0.2)")
    fit.add_argument("--test", type=float, default=0.0,
                     help="share of the games (the last by seed) only measured, never used to choose (default 0)")
    fit.add_argument("--hidden", type=int, nargs="+", default=[32], help="hidden layer sizes (default 32)")
    fit.add_argument("--epochs", type=int, default=60)
    fit.add_argument("--rate", type=float, default=1e-3)
    fit.add_argument("--l2", type=float, default=1e-3)
    fit.add_argument("--limit", type=float, default=100.0, help="clip of the network's correction (VP)")
    fit.add_argument("--seed", type=int, default=7)
    fit.add_argument("--fresh", action="store_true", help="do not resume from the committed weights")
    fit.add_argument("--start", default="", help="resume from this weights file instead of the committed one")
    fit.add_argument("--curve", action="store_true", help="also print held-out loss against games fitted")
    fit.add_argument("--targets", choices=("mc", "td"), default="mc",
                     help="mc: final scores (default); td: TD(lambda) returns bootstrapped from the network")
    fit.add_argument("--lam", type=float, default=0.7, help="lambda of the TD targets (default 0.7, as Keldon's AI)")
    fit.add_argument("--td-sweeps", type=int, default=4, help="TD: rounds of (recompute targets, fit) (default 4)")
    fit.add_argument("--errors", default="", help="with --test: save (seed, mean squared error) per test game (.npy)")
    fit.add_argument("--baseline", default="", help="with --test: also measure this weights file on the test set")
    fit.add_argument("--max-games", type=int, default=0, help="use only the first N games by seed (0: all)")
    fit.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "engine" / "data" / "value_net.npz"))
    compare = sub.add_parser("compare", help="paired solo games: master against expert at one budget")
    compare.add_argument("--games", type=int, default=20)
    compare.add_argument("--seed", type=int, default=200_001)
    compare.add_argument("--budget", choices=tuple(BUDGETS), default="reduced")
    compare.add_argument("--network", default="", help="weights file of the master (default: the shipped one)")
    compare.add_argument("--results", default="", help="JSON-lines file of the games (appended to and reused)")
    compare.add_argument("--blend", type=float, default=BLEND,
                         help=f"the master's share of the correction (default {BLEND:g}, the shipped one)")
    compare.add_argument("--everywhere", action="store_true",
                         help="the master's value also ranks the beam's open lines and the look-ahead's moves")
    compare.add_argument("--master-only", action="store_true", help="play no expert games (pair later)")
    compare.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    noise = sub.add_parser("noise", help="the error floor of a state-to-outcome predictor, by round")
    noise.add_argument("--games", type=int, default=12)
    noise.add_argument("--seed", type=int, default=700_001)
    noise.add_argument("--continuations", type=int, default=6)
    noise.add_argument("--budget", choices=tuple(BUDGETS), default="fast")
    noise.add_argument("--jobs", type=int, default=1)
    noise.add_argument("--out", default="", help="save the rows (JSON lines)")
    onestep = sub.add_parser("onestep", help="the CPU cost of a network-guided one-step game (TD self-play)")
    onestep.add_argument("--games", type=int, default=5)
    onestep.add_argument("--seed", type=int, default=800_001)
    onestep.add_argument("--guide", choices=("greedy", "network"), action="append")
    onestep.add_argument("--network", default="", help="weights file (default: the shipped one)")
    args = parser.parse_args(argv)
    if args.command == "onestep" and not args.guide:
        args.guide = ["greedy", "network"]
    {"play": command_play, "fit": command_fit, "compare": command_compare, "noise": command_noise,
     "onestep": command_onestep}[args.command](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
