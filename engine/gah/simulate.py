"""`python -m engine.gah.simulate`: play full games with AI policies and print one JSON line per game.

Example: python -m engine.gah.simulate --players 3 --games 10 --seed 1 --seats random,random,random
Solo, module 3: python -m engine.gah.simulate --solo leopold --modules unique_hotels --solo-entrance sushi_resort
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine.core.options import add_arguments, options_from_args, set_option
from engine.core.playout import play_to_end
from engine.gah.ai import LEVELS, policy
from engine.gah.config import GameConfig
from engine.gah.game import apply, new_game
from engine.gah.options_spec import OPTIONS, WALTZ_MODULES
from engine.gah.scoring import final_scores
from engine.gah.state import GameState

NAMES = ("ann", "bob", "cy", "dee")


def play_game(config: GameConfig, seats: Sequence[str], seed: int, max_actions: int = 20_000) -> tuple[GameState, int]:
    """Play one game to the end with the given policy level per seat; returns (final state, actions taken).

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
        **dict(state.hooks.game_record.collect(state)),
        "seed": state.config.seed,
        "players": list(state.config.players),
        "seats": list(seats),
        "scores": {name: {"total": s.total, "rank": s.rank, "breakdown": s.parts} for name, s in scores.items()},
        "winner": [name for name, s in scores.items() if s.rank == 1],
        "actions": actions,
        "seconds": round(seconds, 4),
    }


def build_parser() -> argparse.ArgumentParser:
    """The command-line options."""
    parser = argparse.ArgumentParser(prog="python -m engine.gah.simulate", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4), help="players per game (default 3)")
    parser.add_argument("--games", type=int, default=1, help="how many games to play (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game; game k uses seed+k")
    parser.add_argument("--seats", default=None,
                        help=f"comma-separated policy per seat, each one of {', '.join(LEVELS)} (default: all random)")
    parser.add_argument("--policy", default="random", choices=LEVELS,
                        help="policy for every seat if --seats is not given")
    add_arguments(parser, OPTIONS, WALTZ_MODULES)  # one flag per option of engine.gah.options_spec
    return parser


modules_option = set_option(WALTZ_MODULES)
"""The --modules value: names from `engine.gah.config.MODULES`, comma-separated, or "all" (bench/ai_ladder.py too)."""


def config_from(args: argparse.Namespace, seed: int) -> GameConfig:
    """The game options the command line asks for."""
    return GameConfig(players=list(NAMES[: args.players]), seed=seed, **options_from_args(OPTIONS, args))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulation; returns the exit code (2 for bad arguments)."""
    args = build_parser().parse_args(argv)
    if args.solo:
        args.players = 1
    seats = args.seats.split(",") if args.seats else [args.policy] * args.players
    if len(seats) != args.players or any(level not in LEVELS for level in seats):
        print(f"--seats needs {args.players} entries from: {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    wins = dict.fromkeys(NAMES[: args.players], 0.0)
    totals = dict.fromkeys(NAMES[: args.players], 0)
    started = time.perf_counter()
    try:
        config_from(args, args.seed).validate()
    except ValueError as error:
        print(f"engine.gah.simulate: {error}", file=sys.stderr)
        return 2
    for k in range(args.games):
        config = config_from(args, args.seed + k)
        begin = time.perf_counter()
        state, actions = play_game(config, seats, args.seed + k)
        record = game_record(state, seats, actions, time.perf_counter() - begin)
        print(json.dumps(record, sort_keys=True))
        for name in record["winner"]:
            wins[name] = wins.get(name, 0.0) + 1 / len(record["winner"])  # Leopold, too, in a solo game
        for name, score in record["scores"].items():
            totals[name] = totals.get(name, 0) + score["total"]
    summary = {
        "summary": True,
        "games": args.games,
        "seats": dict(zip(NAMES, seats, strict=False)),
        "wins": wins,
        "mean_score": {name: round(total / max(args.games, 1), 2) for name, total in totals.items()},
        "seconds": round(time.perf_counter() - started, 3),
    }
    print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
