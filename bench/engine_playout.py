"""Benchmark: full random 4-player games with `legal_actions` at every step.

Prints the median and p95 milliseconds per game, actions per second, and the mean microseconds spent in
`apply` and in `legal_actions` per action. Target (issue 2): median < 100 ms on the 2-core machine.
With `--against PATH` the same games are also played, in a subprocess, with the engine found in PATH (for
example a worktree of an older commit), and both sets of figures are printed, so that a speed-up is measured
in one run on the same machine.

With `--modules` the games play those Let's Waltz modules (comma-separated names, or `all`). With `--paired` (and
`--against`) both engines play in two long-lived processes, one game each in turn on the same seeds, timed in CPU
seconds of their own process: on a machine shared with other work this compares the two far more steadily than
wall-clock runs one after the other; it prints the totals and the ratio.

Run: python bench/engine_playout.py [--games N] [--players P] [--modules M] [--against PATH [--paired]]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

from engine import GameConfig, apply, legal_actions, new_game


def one_game(players: int, seed: int, modules: frozenset[str] = frozenset()) -> tuple[float, int, float, float]:
    """Play one uniformly random game; returns (seconds, actions, seconds in apply, seconds in legal_actions)."""
    chooser = random.Random(seed)
    started = time.perf_counter()
    state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:players], seed=seed, modules=modules))
    actions = 0
    in_apply = in_legal = 0.0
    while not state.is_over:
        before = time.perf_counter()
        legal = legal_actions(state)
        between = time.perf_counter()
        state, _ = apply(state, chooser.choice(legal))
        after = time.perf_counter()
        in_legal += between - before
        in_apply += after - between
        actions += 1
    return time.perf_counter() - started, actions, in_apply, in_legal


def run(games: int, players: int, modules: frozenset[str] = frozenset()) -> None:
    """Play `games` games and print the figures."""
    one_game(players, -1, modules)  # warm caches (card data)
    times, counts, applies, legals = [], [], [], []
    for seed in range(games):
        seconds, actions, in_apply, in_legal = one_game(players, seed, modules)
        times.append(seconds)
        counts.append(actions)
        applies.append(in_apply)
        legals.append(in_legal)
    times_ms = sorted(t * 1000 for t in times)
    p95 = times_ms[int(0.95 * (len(times_ms) - 1))]
    total = sum(counts)
    print(f"{games} random {players}-player games" + (f" with {', '.join(sorted(modules))}" if modules else ""))
    print(f"median ms per game: {statistics.median(times_ms):.1f}   p95: {p95:.1f}")
    print(f"mean actions per game: {statistics.mean(counts):.0f}")
    print(f"actions per second: {total / sum(times):.0f}")
    print(f"microseconds per apply: {sum(applies) / total * 1e6:.1f}   per legal_actions: "
          f"{sum(legals) / total * 1e6:.1f}")


def serve(players: int, modules: frozenset[str]) -> None:
    """`--serve`: for each seed read from stdin, play that game and print "CPU-seconds actions" (for `--paired`)."""
    one_game(players, -1, modules)
    for line in sys.stdin:
        started = time.process_time()
        _, actions, _, _ = one_game(players, int(line), modules)
        print(f"{time.process_time() - started} {actions}", flush=True)


def paired(games: int, players: int, modules: str, against: str) -> None:
    """Both engines, game by game in turn (which goes first alternates), in CPU seconds; the same seeds must give
    games of the same length."""
    import engine

    here = os.path.dirname(os.path.dirname(os.path.abspath(engine.__file__)))
    command = [sys.executable, os.path.abspath(__file__), "--serve", "--players", str(players), "--modules", modules]
    servers = {name: subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                      env=dict(os.environ, PYTHONPATH=os.path.abspath(path)))
               for name, path in (("against", against), ("this", here))}
    seconds: dict[str, list[float]] = {"against": [], "this": []}
    for seed in range(games):
        lengths = set()
        for name in ("against", "this") if seed % 2 == 0 else ("this", "against"):
            server = servers[name]
            assert server.stdin is not None and server.stdout is not None
            server.stdin.write(f"{seed}\n")
            server.stdin.flush()
            cpu, actions = server.stdout.readline().split()
            seconds[name].append(float(cpu))
            lengths.add(actions)
        assert len(lengths) == 1, f"seed {seed}: the engines played games of different lengths {lengths}"
    for server in servers.values():
        assert server.stdin is not None
        server.stdin.close()
        server.wait()
    ratios = [mine / theirs for theirs, mine in zip(seconds["against"], seconds["this"], strict=True)]
    print(f"{games} random {players}-player games{' with ' + modules if modules else ''}, paired, CPU seconds")
    print(f"engine in {against}: {sum(seconds['against']):.2f} s   this engine: {sum(seconds['this']):.2f} s")
    print(f"this / that: {sum(seconds['this']) / sum(seconds['against']):.3f} in total, "
          f"{statistics.median(ratios):.3f} median per game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--modules", default="", help="Let's Waltz modules, comma-separated, or all (default none)")
    parser.add_argument("--against", metavar="PATH", help="also run with the engine package found in PATH")
    parser.add_argument("--paired", action="store_true", help="with --against: both engines in turn, CPU time")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = [name for name in args.modules.split(",") if name]
    modules = frozenset(("celebrities", "unique_hotels", "start_player", "more_objectives") if names == ["all"]
                        else names)
    if args.serve:
        serve(args.players, modules)
        return
    if args.against and args.paired:
        paired(args.games, args.players, args.modules, args.against)
        return
    if args.against:
        print(f"== engine in {args.against}")
        sys.stdout.flush()
        environment = dict(os.environ, PYTHONPATH=os.path.abspath(args.against))
        subprocess.run([sys.executable, os.path.abspath(__file__), "--games", str(args.games), "--players",
                        str(args.players), "--modules", args.modules], env=environment, check=True)
        print("== this engine")
    run(args.games, args.players, modules)


if __name__ == "__main__":
    main()
