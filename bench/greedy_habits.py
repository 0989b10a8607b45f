"""How the greedy level uses its money and staff cards (issue 52 item 10): all-greedy games, figures per player.

    nice -n 10 python bench/greedy_habits.py --games 40 --players 3 --seed 1
    nice -n 10 python bench/greedy_habits.py --games 30 --head-to-head

For each game (seeds `--seed` on, a greedy player in every seat, each with its own policy seed) it records, per
player at the end: krones left, distinct staff cards played, staff cards left in hand (and how many of those the
krones left would have paid for), once-per-round staff cards used, final VP; and the CPU seconds per game. It
prints the means, the shares of players with 10 krones or more left and with at most one staff card, and the CPU
figures. A human-like target: a few krones left (1 VP each at the end, but they bought nothing), several staff
cards hired, few cards left in hand that the money left would have paid for.

`--head-to-head`: one seat (seed modulo the players) plays today's greedy, the others greedy without
`engine.gah.ai.greedy.HIRE_BONUS`; prints that seat's wins and its VP minus the others' mean.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GameConfig, apply, final_scores, new_game
from engine.gah.ai import policy
from engine.gah.ai.greedy import GreedyPolicy
from engine.gah.cards import staff
from engine.gah.state import GameState

NAMES = ("ann", "bob", "cy", "dora")


@dataclass
class Habits:
    """Per-player figures over the games (one entry per player and game)."""

    krones_left: list[int] = field(default_factory=list)
    staff_played: list[int] = field(default_factory=list)
    hand_left: list[int] = field(default_factory=list)
    affordable_left: list[int] = field(default_factory=list)
    """Cards left in hand whose cost the krones left would have paid."""
    uses: list[int] = field(default_factory=list)
    """Once-per-round staff cards used ("use" actions)."""
    vp: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    """CPU seconds per game."""


def record_end(habits: Habits, state: GameState, uses: dict[int, int]) -> None:
    """Add each player's end-of-game figures of `state` to `habits`."""
    scores = final_scores(state)
    edition = state.config.edition
    for index, player in enumerate(state.players):
        habits.krones_left.append(player.money)
        habits.staff_played.append(len(set(player.played)))
        habits.hand_left.append(len(player.hand))
        habits.affordable_left.append(sum(1 for card in player.hand if staff()[card].cost_in(edition) <= player.money))
        habits.uses.append(uses.get(index, 0))
        habits.vp.append(scores[player.name].total)


def play(seed: int, players: int) -> tuple[GameState, dict[int, int], float]:
    """One all-greedy game: the final state, "use" actions per seat, CPU seconds."""
    started = time.process_time()
    state = new_game(GameConfig(players=list(NAMES[:players]), seed=seed))
    seats = [policy("greedy", seed * 10 + i) for i in range(players)]
    uses: dict[int, int] = {}
    while not state.is_over:
        index = state.current_index
        assert index is not None
        action = seats[index].choose(state)
        if action.kind == "use":
            uses[index] = uses.get(index, 0) + 1
        state, _ = apply(state, action)
    return state, uses, time.process_time() - started


def head_to_head(seeds: range, players: int) -> str:
    """One greedy seat with the hire bonus against greedy seats without it; the bonus seat rotates by seed."""
    wins, margins = 0, []
    for seed in seeds:
        seat = seed % players
        state = new_game(GameConfig(players=list(NAMES[:players]), seed=seed))
        seats = [GreedyPolicy(seed * 10 + i) if i == seat else GreedyPolicy(seed * 10 + i, hire_bonus=0.0)
                 for i in range(players)]
        while not state.is_over:
            index = state.current_index
            assert index is not None
            state, _ = apply(state, seats[index].choose(state))
        scores = final_scores(state)
        own = scores[NAMES[seat]].total
        others = [scores[name].total for i, name in enumerate(NAMES[:players]) if i != seat]
        wins += own > max(others)
        margins.append(own - statistics.mean(others))
    return (f"greedy with the hire bonus against {players - 1} without: won {wins} of {len(margins)}, VP minus the "
            f"others' mean {statistics.mean(margins):+.1f} (sd {statistics.stdev(margins):.1f})")


def report(habits: Habits) -> str:
    """The figures as lines of text."""
    n = len(habits.krones_left)

    def mean(values: list[int] | list[float]) -> str:
        return f"{statistics.mean(values):.2f}"

    cpu = sorted(habits.cpu)
    return "\n".join([
        f"players: {n} in {len(habits.cpu)} games",
        f"krones left at the end: mean {mean(habits.krones_left)}, median {statistics.median(habits.krones_left)}, "
        f"10 or more: {sum(k >= 10 for k in habits.krones_left)} of {n}",
        f"staff cards played: mean {mean(habits.staff_played)}, at most one: "
        f"{sum(s <= 1 for s in habits.staff_played)} of {n}",
        f"staff cards left in hand: mean {mean(habits.hand_left)}; of them affordable with the krones left: "
        f"mean {mean(habits.affordable_left)}",
        f"once-per-round staff card uses: mean {mean(habits.uses)}",
        f"final VP: mean {mean(habits.vp)} (sd {statistics.pstdev(habits.vp):.1f})",
        f"CPU per game: median {statistics.median(cpu):.2f} s, max {cpu[-1]:.2f} s",
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--head-to-head", action="store_true", help="one seat with the hire bonus, others without")
    args = parser.parse_args()
    if args.head_to_head:
        print(head_to_head(range(args.seed, args.seed + args.games), args.players))
        return
    habits = Habits()
    for seed in range(args.seed, args.seed + args.games):
        state, uses, cpu = play(seed, args.players)
        record_end(habits, state, uses)
        habits.cpu.append(cpu)
    print(report(habits))


if __name__ == "__main__":
    main()
