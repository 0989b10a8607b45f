"""Clicks per turn of a player who plays to win (issue 52 item 1): every seat of a 3-seat game chooses what the
expert AI (`engine.gah.ai.policy("expert", seed)`) would choose, and plays it by clicking the turn panel's choices that
play exactly those actions: a compound choice only where each of its steps is the expert's own choice at its
moment, a select of several steps with the expert's answers (also the options past the legal actions: a room that
a room chosen with it makes reachable, an item a second time), *More actions* and the boost switch where the
expert's move is not on the page shown. The player switches *Quick turns* on at their first panel and pauses it
for a turn in which the expert wants more after the die (`bot.host.quick_switch`; `--no-pause`: off, then on again at
the next turn, as before). Prints the median and mean clicks per turn and the commonest click paths.

    python bench/expert_clicks.py                  # 3 seeds, 12 turns of each seat; about 5-10 minutes (the expert
                                                   # takes about 0.5 s a move on a loaded 2-core machine)
    python bench/expert_clicks.py --seeds 1 --turns 4 --paths 10

The panel and what a click plays are the bot's own (`bot.games.gah.panel.build_panel`, `bot.games.gah.plans`,
`bot.games.gah.several`, the game
service on an SQLite file), as `bot.host.controller` plays them, without Discord; *Take my turn* counts once a turn
(each
turn post asks for it). Counting follows `tests/bot_e2e/reporting.py`: a turn starts after a move whose
events hold "turn"; the set-up before the first turn is one turn of each seat.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.gah.panel import build_panel
from bot.games.gah.plans import play_forced, play_plan
from bot.games.gah.several import end_quick_turn, play_several, work_left
from bot.host.service import GameInfo, GameService, TurnResult
from bot.host.storage import Storage
from engine import GameState, legal_actions
from engine.gah.ai import Policy, policy
from engine.gah.ai.kinds import of_kind
from engine.gah.payloads import TURN
from tests.bot.helpers import started
from tests.botui.expert_path import Click, best_clicks


@dataclass
class Tally:
    """Clicks per (seed, turn, user), with each click's words, in game order."""

    turns: dict[tuple[int, int, int], list[str]] = field(default_factory=dict)

    def add(self, key: tuple[int, int, int], words: str) -> None:
        self.turns.setdefault(key, []).append(words)

    def counts(self) -> list[int]:
        return [len(words) for _, words in sorted(self.turns.items())]


async def play(service: GameService, game: GameInfo, click: Click, user: int) -> TurnResult:
    """Play one acting click as `bot.host.controller.Controller.play_choice` / `act_several` do."""
    state = game.state
    assert state is not None
    name = next(s.name for s in game.seats if s.user_id == user)
    actions = legal_actions(state, name)
    if click.several:
        plans = build_panel(state, actions).plans
        result = await play_several(service, game.id, user, name, state, game.version, click.several, plans)
        assert result is not None
    elif click.index < len(actions):
        result = await service.choose(game.id, user, click.index, game.version)
    else:
        assert click.plan is not None
        played = await play_plan(service, game.id, user, name, game.version, click.plan, None)
        assert played is not None
        result = played
    return await play_forced(service, game.id, user, name, result)


def would_end(state: GameState | None, name: str) -> bool:
    """Whether quick turns would end `name`'s turn now (`bot.games.gah.several.end_quick_turn`'s test)."""
    if (state is None or state.current_player != name or not state.pending or not state.deciding(TURN)
            or state.turn is None or not state.turn.die_taken):
        return False
    actions = legal_actions(state, name)
    return bool(of_kind(actions, "end")) and not work_left(state, name, actions)


@dataclass
class Player:
    """What one seat's person has switched: quick turns, and whether they have a panel open."""

    quick: bool = False
    panel_open: bool = False
    paused: bool = False
    """Quick turns paused for this turn (`bot.host.quick_switch`): on again at the next turn by itself."""


async def one_game(folder: Path, seed: int, turns: int, tally: Tally, expert: Policy, options: argparse.Namespace
                   ) -> None:
    async with Storage(folder / f"expert{seed}.sqlite3") as storage:
        service = GameService(storage, seed_source=lambda: seed)
        game = (await started(service, humans=3, seed=seed)).game
        turn = 0
        played: Counter[int] = Counter()
        people: dict[int, Player] = {}
        while game.status == "active" and game.state is not None and min(played.values(), default=0) < turns:
            user = game.current_user
            assert user is not None
            person = people.setdefault(user, Player())
            name = next(s.name for s in game.seats if s.user_id == user)
            key = (seed, turn, user)
            if key not in tally.turns:
                person.paused = False
                if not (person.panel_open and options.keep_open):  # bot.host.panel_open redraws an open panel
                    tally.add(key, "Take my turn")
                if options.quick and not person.quick:
                    tally.add(key, "Quick turns: on")
                    person.quick = True
            person.panel_open = True
            clicks = best_clicks(game.state, name, expert)
            for step in clicks[:-1]:  # page moves: the boost switch, More actions
                tally.add(key, step.words)
            result = await play(service, game, clicks[-1], user)
            if person.quick and not person.paused and would_end(result.game.state, name):
                if expert.choose(result.game.state, name).kind == "end":
                    result = await end_quick_turn(service, game.id, user, name, result)
                elif options.pause:  # the player knows they want more: the switch paused for this turn first
                    tally.add(key, "Quick turns: paused this turn")
                    person.paused = True
                else:  # as before bot.host.quick_switch: quick turns off first (on again at their next turn)
                    tally.add(key, "Quick turns: off")
                    person.quick = False
            tally.add(key, clicks[-1].words)
            for move in result.moves:
                turn += sum(event.kind == "turn" for event in move.events)
            if (seed, turn, user) != key:
                played[user] += 1
            game = result.game


async def main(arguments: argparse.Namespace) -> None:
    began = time.monotonic()
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="gah-expert-clicks-") as folder:
        for seed in range(1, arguments.seeds + 1):
            await one_game(Path(folder), seed, arguments.turns, tally, policy("expert", seed), arguments)
    counts = tally.counts()
    print(f"== clicks per turn, every seat of a 3-seat game choosing the expert's moves "
          f"({arguments.seeds} seeds, {arguments.turns} turns a seat) ==")
    print(f"median {statistics.median(counts)}, mean {statistics.fmean(counts):.2f} clicks per turn over "
          f"{len(counts)} turns; spread {sorted(Counter(counts).items())}")
    for path, seen in Counter(" | ".join(words) for words in tally.turns.values()).most_common(arguments.paths):
        print(f"{seen:4d} x {path}")
    print(f"({time.monotonic() - began:.0f} s)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3, help="games played (seeds 1..N)")
    parser.add_argument("--turns", type=int, default=12, help="turns of each seat in each game")
    parser.add_argument("--no-open-panel", dest="keep_open", action="store_false",
                        help="press *Take my turn* on every turn (as before the panel stayed open)")
    parser.add_argument("--no-quick", dest="quick", action="store_false",
                        help="players leave quick turns off (they press End turn)")
    parser.add_argument("--no-pause", dest="pause", action="store_false",
                        help="the quick turns switch has no 'paused this turn' (off, then on again next turn)")
    parser.add_argument("--paths", type=int, default=8, help="the commonest click paths printed")
    asyncio.run(main(parser.parse_args()))


