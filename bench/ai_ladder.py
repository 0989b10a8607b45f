"""AI ladder: how the AI levels fare against each other, with 95% confidence intervals.

Matches (3-player games, the tested level's seat rotates so every seat position is played):

- greedy vs two random players: greedy's win rate (Wilson interval);
- strong vs two greedy players: strong's win rate (a third would be parity);
- expert (or master, `--match master`) vs two greedy players: its win rate (issue 20's target for the expert: at
  least 90%; issue 58's for the master: at least 95%);
- master vs the master of an older checkout (`--match old --old-engine PATH`, run in its own process by
  `bench/remote_policy.py`) and a greedy player: issue 58's target for the master is at least 45% won;
- solo games against Leopold ("Dinner for One") at each difficulty, a level as the human player: its win rate
  (ties go to Leopold), mean VP and margin over Leopold;

and, over every game played, the mean final score per level (t interval; normal for large samples), the café
guests the tested seat left at game end (each costs 5 VP; with the seeds of those games and, per guest, the
round it arrived, the krones then, what it still lacked and the krones and vacant rooms at the end), and the
median and 95th percentile of the seconds each level took per decision; each match also shows where the VP
come from (the mean final VP per source and level: guests, politics, game-end staff, rooms, ...) and how many staff
cards the tested level hired, by kind, and left in hand. Every block of figures is printed with the command that
reproduces it.

    python bench/ai_ladder.py                 # 100 + 30 games, no solo games
    python bench/ai_ladder.py --games 20 --strong-games 6 --jobs 2
    python bench/ai_ladder.py --match strong  # only strong vs greedy
    python bench/ai_ladder.py --match expert --expert-games 30   # only expert vs greedy
    python bench/ai_ladder.py --match master --expert-games 30   # only master vs greedy
    python bench/ai_ladder.py --match old --old-engine /tmp/old --expert-games 30   # master vs an older master, greedy
    python bench/ai_ladder.py --match leopold --solo-games 100 --solo-level strong   # vs Leopold, 3 difficulties
    python bench/ai_ladder.py --match leopold --solo-level expert --difficulty hard --solo-games 100
    python bench/ai_ladder.py --match strong --strong-games 3 --modules celebrities   # with a Let's Waltz module

`--jsonl PATH` also writes every game as a line of JSON (its seed, levels, scores, VP by source, café guests left,
decision times), so two runs on the same seeds can be paired game by game: `--pair BEFORE AFTER` prints each run's
mean VP, wins and games with café guests left over their common seeds, and the VP difference paired by seed.

Decisions with a single legal action are answered by the policy too (they are timed, and they are fast).
This is a benchmark that prints figures, never a pass/fail test.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Action, GameConfig, apply, final_scores, new_game, parse_action
from engine.gah.ai import LEVELS, Policy, economy, policy
from engine.gah.ai.evaluate import guests_waiting
from engine.gah.ai.master import MASTER_BUDGET, MasterPolicy
from engine.gah.ai.strong import Budget, StrongPolicy
from engine.gah.cards import guests, staff
from engine.gah.hotel import vacant_rooms
from engine.gah.simulate import modules_option
from engine.gah.state import GameState, PlayerState

NAMES = ("ann", "bob", "cy", "dee")

# two-sided 97.5% quantiles of Student's t for small samples (df 1..30); normal beyond
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


@dataclass
class GameResult:
    """One finished game: the level per seat, final scores, the tested seat's share of the win, timings."""

    seats: list[str]
    scores: list[int]
    tested: int
    win: float
    times: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0
    cafe_left: int = 0
    """Café guests the tested seat still had at game end (-5 VP each)."""
    cpu_times: dict[str, list[float]] = field(default_factory=dict)
    """CPU seconds of the process per decision, per level: what the wall time would be on a quiet machine (on a
    loaded one, the wall time `times` also counts the waits for a core)."""
    seed: int = 0
    """The game's seed (to replay it)."""
    cafe_notes: list[str] = field(default_factory=list)
    """For each café guest the tested seat left: when it arrived and what it still lacked at game end."""
    parts: list[dict[str, int]] = field(default_factory=list)
    """Each seat's final VP by source (`engine.final_scores` parts: guests, politics, game-end staff, ...)."""
    staff_hired: dict[str, int] = field(default_factory=dict)
    """Staff cards the tested seat had in play at game end, by kind (permanent, once_per_round, one_time,
    game_end)."""
    hand_left: int = 0
    """Staff cards still in the tested seat's hand at game end (worth nothing then)."""


def play(seats: Sequence[str], tested: int, seed: int, modules: frozenset[str] = frozenset(),
         difficulty: str | None = None) -> GameResult:
    """Play one game with the given level per seat (and Let's Waltz `modules`); the result credits the tested seat.

    With a `difficulty`, a solo game against Leopold at that level: `seats` names the one human player's level
    and the result lists Leopold as a second seat (level "leopold"), who never answers a decision.
    """
    if difficulty is not None:
        names = list(NAMES[:1])
        state = new_game(GameConfig(players=names, seed=seed, solo="leopold", solo_difficulty=difficulty))
        names = [player.name for player in state.players]
    else:
        names = list(NAMES[: len(seats)])
        state = new_game(GameConfig(players=names, seed=seed, modules=modules))
    policies = [_policy(level, seed * 31 + i) for i, level in enumerate(seats)]
    times: dict[str, list[float]] = {level: [] for level in seats}
    cpu_times: dict[str, list[float]] = {level: [] for level in seats}
    started = time.perf_counter()
    arrivals: dict[int, tuple[int, int]] = {}
    while not state.is_over:
        index = state.current_index
        assert index is not None
        begin, begin_cpu = time.perf_counter(), time.process_time()
        action = policies[index].choose(state)
        times[seats[index]].append(time.perf_counter() - begin)
        cpu_times[seats[index]].append(time.process_time() - begin_cpu)
        seated = {table.guest for table in state.players[tested].cafe}
        state, _ = apply(state, action)
        for table in state.players[tested].cafe:
            if table.guest is not None and table.guest not in seated:
                arrivals[table.guest] = (state.round, state.players[tested].money)
    for chooser in policies:
        if isinstance(chooser, RemotePolicy):
            chooser.close()
    scores = final_scores(state)
    winners = [i for i, name in enumerate(names) if scores[name].rank == 1]
    win = 1.0 / len(winners) if tested in winners else 0.0
    player = state.players[tested]
    levels = list(seats) + ["leopold"] * (len(names) - len(seats))
    hired = Counter(staff()[card].kind for card in player.played)
    return GameResult(levels, [scores[name].total for name in names], tested, win, times,
                      time.perf_counter() - started, guests_waiting(player), cpu_times, seed,
                      cafe_notes(player, arrivals), [dict(scores[name].parts) for name in names],
                      dict(hired), len(player.hand))


def cafe_notes(player: PlayerState, arrivals: dict[int, tuple[int, int]]) -> list[str]:
    """One line per guest left in `player`'s café: the round it arrived and the krones held just after it sat down
    (`arrivals`: guest id -> (round, krones)), the dishes and drinks it still lacked, and the krones and vacant
    rooms of its colour at game end (what kept it from its room)."""
    notes = []
    for table in player.cafe:
        if table.guest is None:
            continue
        guest = guests()[table.guest]
        lacking = sum(guest.order[i] - table.served[i] for i in range(4))
        rooms = len(vacant_rooms(player, guest.color))
        arrival = "arrival not seen"
        if table.guest in arrivals:
            arrived, krones = arrivals[table.guest]
            arrival = f"arrived in round {arrived} with {krones} krones"
        notes.append(f"{guest.name} ({arrival}; lacked {lacking} items; at the end {player.money} krones, "
                     f"{rooms} vacant rooms it could take)")
    return notes


STRONG_BUDGET = Budget()
"""The strong level's budget in this run (`--strong-worlds` changes it; worker processes inherit it by fork)."""


MASTER_MARGIN: float | None = None
"""The master's near-tie margin in this run (`--master-margin`; None: its default, 0 since 6 December)."""


OLD_ENGINE: Path | None = None
"""A checkout of an older version whose master plays as the level "old master" (`--old-engine`)."""


class RemotePolicy:
    """A policy of the checkout at `root`, run in its own process by `bench/remote_policy.py` (so two versions of
    the AI can sit at one table played by today's engine). Its CPU time is the child's, not counted here."""

    def __init__(self, root: Path, level: str, seed: int) -> None:
        environment = {**os.environ, "PYTHONPATH": str(root)}
        self._process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("remote_policy.py")), level, str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=environment, cwd=root)

    def choose(self, state: GameState, player: str | None = None) -> Action:
        """The remote policy's action for `state`, read back by today's engine (raises IllegalAction if the two
        versions disagree on what is legal, RuntimeError if the child has died)."""
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps({"state": state.to_json(), "player": player}) + "\n")
        self._process.stdin.flush()
        answer = self._process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the remote policy stopped (exit code {self._process.wait()})")
        return parse_action(state, answer.strip())

    def close(self) -> None:
        """End the child process."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait()


def keep_economy_terms(names: str) -> None:
    """Make the named terms of `engine.gah.ai.economy.TERMS` the active ones for this run (`economy.term_names`:
    'all', 'none' or names; the default is none); worker processes inherit the setting by fork. Raises SystemExit
    naming the unknown terms."""
    try:
        economy.ACTIVE[:] = economy.term_names(names)
    except ValueError as error:
        raise SystemExit(str(error)) from None


def _policy(level: str, seed: int) -> Policy:
    if level == "old master":
        if OLD_ENGINE is None:
            raise SystemExit("the old master needs --old-engine PATH")
        return RemotePolicy(OLD_ENGINE, "master", seed)
    if level == "strong":
        return StrongPolicy(seed, STRONG_BUDGET)
    if level == "master" and MASTER_MARGIN is not None:
        return MasterPolicy(seed, replace(MASTER_BUDGET, margin=MASTER_MARGIN))
    return policy(level, seed)


def _job(args: tuple[str, str, int, int, frozenset[str]]) -> GameResult:
    tested_level, other_level, game, seed, modules = args
    tested = game % 3
    seats = [tested_level if i == tested else other_level for i in range(3)]
    return play(seats, tested, seed, modules)


def _versus_job(args: tuple[int, int]) -> GameResult:
    """Today's master, the old master and a greedy player, the seats turning with the game number."""
    game, seed = args
    seats = ["", "", ""]
    seats[game % 3], seats[(game + 1) % 3], seats[(game + 2) % 3] = "master", "old master", "greedy"
    return play(seats, game % 3, seed)


def run_versus_old(games: int, seed: int, jobs: int) -> list[GameResult]:
    """`games` 3-player games of today's master against the `--old-engine` master and a greedy player."""
    return _run(_versus_job, [(game, seed + game) for game in range(games)], jobs)


def _solo_job(args: tuple[str, str, int, int]) -> GameResult:
    level, difficulty, _, seed = args
    return play([level], 0, seed, difficulty=difficulty)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (fractional successes from shared wins are allowed)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """(mean, half-width of the 95% interval): Student's t below 31 values, normal above."""
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return mean, float("inf")
    quantile = _T975[n - 2] if n - 1 <= len(_T975) else 1.96
    return mean, quantile * statistics.stdev(values) / math.sqrt(n)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0-1) by the nearest-rank method."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def run_match(tested: str, other: str, games: int, seed: int, jobs: int,
              modules: frozenset[str] = frozenset()) -> list[GameResult]:
    """`games` games of one `tested` level against two `other` players, seeds seed, seed+1, ..."""
    work = [(tested, other, game, seed + game, modules) for game in range(games)]
    return _run(_job, work, jobs)


def run_solo(level: str, difficulty: str, games: int, seed: int, jobs: int) -> list[GameResult]:
    """`games` solo games of `level` against Leopold at `difficulty`, seeds seed, seed+1, ..."""
    work = [(level, difficulty, game, seed + game) for game in range(games)]
    return _run(_solo_job, work, jobs)


def _run(job: Callable[[Any], GameResult], work: Sequence[Any], jobs: int) -> list[GameResult]:
    if jobs <= 1:
        return [job(item) for item in work]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(job, work, chunksize=1))


def report(title: str, results: list[GameResult], command: str) -> None:
    """Print the win rate of the tested level, the mean scores of the levels, the café guests the tested seat
    left and its decision times in one match, with the command that reproduces them."""
    tested = results[0].seats[results[0].tested]
    wins = sum(r.win for r in results)
    low, high = wilson(wins, len(results))
    print(f"\n{title}: {len(results)} games   [{command}]")
    print(f"  {tested} win rate {wins / len(results):.1%}  (95% Wilson {low:.1%} - {high:.1%})")
    by_level: dict[str, list[float]] = {}
    for r in results:
        for level, score in zip(r.seats, r.scores, strict=True):
            by_level.setdefault(level, []).append(score)
    for level, scores in by_level.items():
        mean, half = mean_interval(scores)
        print(f"  {level:7s} mean final score {mean:6.1f} ± {half:.1f}  (n={len(scores)} seats)")
    margins = [r.scores[r.tested] - max(s for i, s in enumerate(r.scores) if i != r.tested) for r in results]
    mean, half = mean_interval(margins)
    print(f"  {tested} margin over the best opponent {mean:+.1f} ± {half:.1f}")
    left = [r.cafe_left for r in results]
    with_guests = sum(1 for n in left if n)
    low, high = wilson(with_guests, len(results))
    print(f"  {tested} left café guests at game end in {with_guests} of {len(results)} games "
          f"({with_guests / len(results):.0%}, 95% Wilson {low:.0%} - {high:.0%}; {sum(left)} guests, "
          f"{5 * sum(left)} VP)")
    if with_guests:
        print(f"    seeds of those games: {', '.join(str(r.seed) for r in results if r.cafe_left)}")
        for r in results:
            for note in r.cafe_notes:
                print(f"      {r.seed}: {note}")
    for line in vp_sources(results):
        print(line)
    print(staff_line(results))
    values = [t for r in results for t in r.times.get(tested, [])]
    cpu = [t for r in results for t in r.cpu_times.get(tested, [])]
    if values:
        print(f"  {tested} seconds per decision: median {statistics.median(values) * 1000:.1f} ms, "
              f"p95 {percentile(values, 0.95) * 1000:.1f} ms  (n={len(values)}); CPU time per decision: median "
              f"{statistics.median(cpu) * 1000:.1f} ms, p95 {percentile(cpu, 0.95) * 1000:.1f} ms")


def vp_sources(results: list[GameResult]) -> list[str]:
    """Lines of the mean final VP per source (rows) and level (columns: the tested level first), sources sorted
    by the largest mean; an empty list when the results carry no parts."""
    if not any(r.parts for r in results):
        return []
    tested = results[0].seats[results[0].tested]
    levels = [tested, *sorted({level for r in results for level in r.seats} - {tested})]
    totals: dict[str, dict[str, float]] = {level: {} for level in levels}
    seats = dict.fromkeys(levels, 0)
    for r in results:
        for level, parts in zip(r.seats, r.parts, strict=True):
            seats[level] += 1
            for source, vp in parts.items():
                totals[level][source] = totals[level].get(source, 0.0) + vp
    means = {level: {source: vp / seats[level] for source, vp in totals[level].items()} for level in levels}
    sources = sorted({s for level in levels for s in means[level]},
                     key=lambda s: (-max(means[level].get(s, 0.0) for level in levels), s))
    lines = ["  where the VP go (mean per seat): " + "  ".join(f"{level:>8s}" for level in levels)]
    for source in sources:
        lines.append(f"    {source:29s}" + "  ".join(f"{means[level].get(source, 0.0):8.1f}" for level in levels))
    return lines


STAFF_KINDS = (("permanent", "permanent"), ("once_per_round", "once per round"), ("one_time", "one-time"),
               ("game_end", "game-end"))


def staff_line(results: list[GameResult]) -> str:
    """The tested seat's staff cards per game: hired (in play at game end), by kind, and left in hand."""
    tested = results[0].seats[results[0].tested]
    games = len(results)
    kinds = ", ".join(f"{label} {sum(r.staff_hired.get(kind, 0) for r in results) / games:.1f}"
                      for kind, label in STAFF_KINDS)
    hired = sum(sum(r.staff_hired.values()) for r in results) / games
    left = sum(r.hand_left for r in results) / games
    return f"  {tested} staff per game: {hired:.1f} hired ({kinds}), {left:.1f} left in hand at the end"


def read_results(path: Path) -> list[GameResult]:
    """The games of a `--jsonl` file."""
    return [GameResult(**json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def pair(before_path: Path, after_path: Path) -> None:
    """Print two `--jsonl` runs paired by game seed and tested level: each run's mean VP, games won and games with
    café guests left, and the VP of the second minus the first with its 95% interval."""
    before = {(r.seed, r.seats[r.tested]): r for r in read_results(before_path)}
    after = {(r.seed, r.seats[r.tested]): r for r in read_results(after_path)}
    common = sorted(set(before) & set(after))
    if len(common) < 2:
        print(f"fewer than 2 games in common ({len(common)})")
        return
    print(f"{len(common)} games paired by seed: {before_path} then {after_path}")
    for name, run in ((str(before_path), before), (str(after_path), after)):
        games = [run[key] for key in common]
        mean, half = mean_interval([r.scores[r.tested] for r in games])
        won = sum(r.win for r in games)
        low, high = wilson(won, len(games))
        left = sum(1 for r in games if r.cafe_left)
        print(f"  {name}: {mean:.1f} ± {half:.1f} VP, won {won:g} ({won / len(games):.0%}, 95% Wilson {low:.0%} - "
              f"{high:.0%}), café guests left in {left} games ({left / len(games):.0%})")
    mean, half = mean_interval([after[key].scores[after[key].tested] - before[key].scores[before[key].tested]
                                for key in common])
    print(f"  second minus first, paired: {mean:+.1f} ± {half:.1f} VP")


def report_times(results: list[GameResult]) -> None:
    """Median and p95 seconds per decision for every level seen (wall time, then CPU time of the process)."""
    for label, field_name in (("Seconds per decision (wall time", "times"),
                              ("CPU seconds per decision (the quiet-machine figure", "cpu_times")):
        times: dict[str, list[float]] = {}
        for r in results:
            for level, values in getattr(r, field_name).items():
                times.setdefault(level, []).extend(values)
        print(f"\n{label}; every decision the policy answered):")
        for level, values in times.items():
            median, p95 = statistics.median(values) * 1000, percentile(values, 0.95) * 1000
            print(f"  {level:7s} median {median:8.2f} ms   p95 {p95:8.2f} ms   max {max(values) * 1000:8.1f} ms"
                  f"   (n={len(values)})")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ladder and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games of greedy vs two random (default 100)")
    parser.add_argument("--strong-games", type=int, default=30, help="games of strong vs two greedy (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played in parallel processes (default 1; timings are per process)")
    parser.add_argument("--expert-games", type=int, default=0,
                        help="games of expert (or master) vs two greedy (default 0; with --match expert or master 30)")
    parser.add_argument("--match", choices=("all", "greedy", "strong", "expert", "master", "old", "leopold"),
                        default="all",
                        help="which match to play (all: greedy, strong and, with --expert-games, expert; master: the "
                             "master against two greedy players, --expert-games of them; old: the master against the "
                             "--old-engine master and a greedy player, --expert-games of them; leopold: only the solo "
                             "games)")
    parser.add_argument("--solo-games", type=int, default=0,
                        help="solo games against Leopold per difficulty (default 0; with --match leopold 20)")
    parser.add_argument("--solo-level", choices=LEVELS, default="strong", help="level playing Leopold")
    parser.add_argument("--difficulty", choices=("easy", "medium", "hard"), action="append",
                        help="Leopold's difficulty (repeat for several; default all three)")
    parser.add_argument("--modules", default="", type=modules_option,
                        help="Let's Waltz modules, comma-separated, or all (default none; see engine.gah.simulate)")
    parser.add_argument("--strong-worlds", type=int, default=Budget().worlds,
                        help=f"determinized worlds of the strong level (default {Budget().worlds}; an experiment)")
    parser.add_argument("--jsonl", type=Path, metavar="PATH",
                        help="also write every game to PATH as a line of JSON (appended), to pair runs by seed")
    parser.add_argument("--pair", nargs=2, type=Path, metavar=("BEFORE", "AFTER"),
                        help="instead of playing, pair two --jsonl runs by seed and print the VP difference")
    parser.add_argument("--master-margin", type=float, metavar="VP",
                        help="the master's near-tie margin (default its own, 0; STEADY_MARGIN is 6; an "
                             "experiment)")
    parser.add_argument("--old-engine", type=Path, metavar="PATH",
                        help="with --match old: a checkout of an older version (e.g. git archive) whose master sits "
                             "at the table beside today's master and a greedy player")
    parser.add_argument("--economy-terms", metavar="NAMES",
                        help="the staff and economy terms the expert and master add, comma-separated "
                             "(engine.gah.ai.economy.TERMS, e.g. 'staff waiting,late hand'; 'all'; 'none', the "
                             "default; an experiment)")
    args = parser.parse_args(argv)
    if args.pair:
        pair(*args.pair)
        return 0
    global STRONG_BUDGET, MASTER_MARGIN, OLD_ENGINE
    OLD_ENGINE = args.old_engine.resolve() if args.old_engine else None
    STRONG_BUDGET = Budget(worlds=args.strong_worlds)
    MASTER_MARGIN = args.master_margin
    if args.economy_terms is not None:
        keep_economy_terms(args.economy_terms)
    everything: list[GameResult] = []
    started = time.perf_counter()
    base = f"python bench/ai_ladder.py --seed {args.seed} --jobs {args.jobs}"
    if args.strong_worlds != Budget().worlds:
        base += f" --strong-worlds {args.strong_worlds}"
    if args.master_margin is not None:
        base += f" --master-margin {args.master_margin:g}"
    if args.economy_terms is not None:
        base += f" --economy-terms '{args.economy_terms}'"
    match_base = base + (f" --modules {','.join(sorted(args.modules))}" if args.modules else "")
    if args.match in ("all", "greedy") and args.games > 0:
        results = run_match("greedy", "random", args.games, args.seed, args.jobs, args.modules)
        report("greedy vs random, random", results, f"{match_base} --match greedy --games {args.games}")
        everything += results
    if args.match in ("all", "strong") and args.strong_games > 0:
        results = run_match("strong", "greedy", args.strong_games, args.seed + 100_000, args.jobs, args.modules)
        report("strong vs greedy, greedy", results, f"{match_base} --match strong --strong-games {args.strong_games}")
        everything += results
    expert_games = args.expert_games or (30 if args.match in ("expert", "master", "old") else 0)
    if args.match == "old":
        results = run_versus_old(expert_games, args.seed + 100_000, args.jobs)
        report("master vs old master, greedy", results,
               f"{match_base} --match old --old-engine {args.old_engine} --expert-games {expert_games}")
        everything += results
    if args.match in ("all", "expert", "master") and expert_games > 0:
        top = "master" if args.match == "master" else "expert"
        results = run_match(top, "greedy", expert_games, args.seed + 100_000, args.jobs, args.modules)
        report(f"{top} vs greedy, greedy", results, f"{match_base} --match {top} --expert-games {expert_games}")
        everything += results
    solo_games = args.solo_games or (20 if args.match == "leopold" else 0)
    if args.match in ("all", "leopold") and solo_games > 0:
        for difficulty in args.difficulty or ("easy", "medium", "hard"):
            results = run_solo(args.solo_level, difficulty, solo_games, args.seed + 200_000, args.jobs)
            command = (f"{base} --match leopold --solo-level {args.solo_level} --difficulty {difficulty} "
                       f"--solo-games {solo_games}")
            report(f"{args.solo_level} vs Leopold ({difficulty})", results, command)
            everything += results
    if everything:
        report_times(everything)
    if args.jsonl is not None:
        with args.jsonl.open("a", encoding="utf-8") as out:
            for result in everything:
                out.write(json.dumps(dataclasses.asdict(result)) + "\n")
    print(f"\n{len(everything)} games in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
