"""`python -m engine.overbooking.simulate`: play full Overbooking games with AI levels, one JSON line per game.

Example: python -m engine.overbooking.simulate --players 4 --games 10 --seed 1 --seats heuristic,random,random,random
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine.core.options import add_arguments, options_from_args
from engine.core.playout import play_to_end
from engine.overbooking.ai import LEVELS, policy
from engine.overbooking.data import load_data
from engine.overbooking.game import apply, new_game
from engine.overbooking.options_spec import OPTIONS
from engine.overbooking.scoring import final_scores
from engine.overbooking.state import GameConfig, GameState

NAMES = ("ann", "bob", "cy", "dee")


def config_for(players: int, seed: int, scoring: str = "beginner", data_path: str | None = None, *,
               without_score_cards: bool = False) -> GameConfig:
    """The options of one simulated game: seats ann, bob, cy, dee (`without_score_cards`: the first-game variant).

    Raises:
        OverbookingDataError: `data_path` names a bad data file.
    """
    return GameConfig(players=list(NAMES[:players]), seed=seed, scoring=scoring,
                      without_score_cards=without_score_cards, data=load_data(data_path))


def config_from(args: argparse.Namespace, seed: int) -> GameConfig:
    """The options the command line asks for (one flag per option of `engine.overbooking.options_spec`).

    Raises:
        OverbookingDataError: `--data` names a bad data file.
    """
    return GameConfig(players=list(NAMES[: args.players]), seed=seed, data=load_data(args.data),
                      **options_from_args(OPTIONS, args))


def play_game(config: GameConfig, seats: Sequence[str], seed: int, max_actions: int = 1_000) -> tuple[GameState, int]:
    """Play one game to the end with the given AI level per seat; returns (final state, actions taken).

    Raises:
        RuntimeError: the game did not end within `max_actions` (an engine bug).
    """
    policies = [policy(level, seed * 31 + i) for i, level in enumerate(seats)]
    final: GameState
    final, actions = play_to_end(new_game(config), policies, apply, max_actions)
    return final, actions


def game_record(state: GameState, seats: Sequence[str], actions: int, seconds: float) -> dict[str, Any]:
    """The JSON line printed for one finished game."""
    scores = final_scores(state)
    return {
        "seed": state.config.seed,
        "players": list(state.config.players),
        "seats": list(seats),
        "scoring": state.config.scoring,
        "without_score_cards": state.config.without_score_cards,
        "provisional": state.provisional,
        "scores": {name: {"total": s.total, "rank": s.rank, "breakdown": s.parts} for name, s in scores.items()},
        "winner": [name for name, s in scores.items() if s.rank == 1],
        "actions": actions,
        "seconds": round(seconds, 4),
    }


def build_parser() -> argparse.ArgumentParser:
    """The command-line options."""
    parser = argparse.ArgumentParser(prog="python -m engine.overbooking.simulate",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players per game (default 4)")
    parser.add_argument("--games", type=int, default=1, help="how many games to play (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; game k uses seed+k")
    parser.add_argument("--seats", default=None,
                        help=f"comma-separated AI level per seat, each one of {', '.join(LEVELS)} (default: random)")
    parser.add_argument("--policy", default="random", choices=LEVELS, help="level for every seat without --seats")
    add_arguments(parser, OPTIONS)  # one flag per option of engine.overbooking.options_spec
    parser.add_argument("--data", default=None, help="a data file with the printed values (default: provisional)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulation; returns the exit code (2 for bad arguments or a bad data file)."""
    args = build_parser().parse_args(argv)
    seats = args.seats.split(",") if args.seats else [args.policy] * args.players
    if len(seats) != args.players or any(level not in LEVELS for level in seats):
        print(f"--seats needs {args.players} entries from: {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    try:
        config_from(args, args.seed).validate()
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    wins = dict.fromkeys(NAMES[: args.players], 0.0)
    totals = dict.fromkeys(NAMES[: args.players], 0)
    started = time.perf_counter()
    for k in range(args.games):
        begin = time.perf_counter()
        config = config_from(args, args.seed + k)
        state, actions = play_game(config, seats, args.seed + k)
        record = game_record(state, seats, actions, time.perf_counter() - begin)
        print(json.dumps(record, sort_keys=True))
        for name in record["winner"]:
            wins[name] += 1 / len(record["winner"])
        for name, score in record["scores"].items():
            totals[name] += score["total"]
    print(json.dumps({
        "summary": True, "games": args.games, "seats": dict(zip(NAMES, seats, strict=False)), "wins": wins,
        "mean_score": {name: round(total / max(args.games, 1), 2) for name, total in totals.items()},
        "seconds": round(time.perf_counter() - started, 3),
    }, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
