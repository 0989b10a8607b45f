"""AI players: `policy(level, seed)` returns a `Policy` whose `choose(state)` picks an action for the player on turn.

Levels:

- "random": uniform over the legal actions (for fuzzing).
- "greedy": applies every legal action to one determinized copy of the player's view, finishes the follow-up
  decisions with quick rules, and keeps the action whose result `engine.gah.ai.evaluate` rates best (a few ms).
- "strong": on three determinized worlds, a beam search plans the rest of the turn; the best first steps are
  then played on (everyone moving greedily) to the end of the player's next turn and judged there (well under
  a second; a fixed budget, no clock).
- "expert": the strong search on five worlds with an evaluation that judges the café by the dice of the table
  size, and the active staff and economy terms of `engine.gah.ai.economy` (none by default) added
  (`engine.gah.ai.expert`; at most a second per decision at the 95th percentile).
- "master": the expert's search with a value network at its leaves (`engine.gah.ai.master`): the hand-built evaluation
  plus a correction learned offline from play (bench/train_value.py); where the network was not trained for the
  kind of table (the shipped one: solo games) it plays exactly like the expert. The slowest level.

The expert and master levels can be forced to follow a plan (`engine.gah.ai.plans.PLANS`: "politics rush",
"game-end staff focus", "staff engine first"); the default, "today's play", adds nothing.

A policy decides only from `player_view(state, state.current_player)` and `legal_actions(state)`: hidden cards
(other hands, the decks, the solo opponent's piles) are sampled from the cards the player cannot see
(`engine.gah.ai.determinize`), with a generator seeded by the policy seed and the view, so the same seed and state
always give the same move. Every kind of decision is answered (setup, the turn, follow-ups, the staff draft,
Emperor penalties, the Secretary).
"""

from __future__ import annotations

from typing import Protocol

from engine.core.actions import Action
from engine.gah.ai.expert import ExpertPolicy
from engine.gah.ai.greedy import GreedyPolicy
from engine.gah.ai.master import MasterPolicy
from engine.gah.ai.plans import PLANS, TODAYS_PLAY
from engine.gah.ai.random_policy import RandomPolicy
from engine.gah.ai.strong import StrongPolicy
from engine.gah.state import GameState

LEVELS: tuple[str, ...] = ("random", "greedy", "strong", "expert", "master")


class Policy(Protocol):
    """Something that picks one of the legal actions for the player who must answer."""

    def choose(self, state: GameState, player: str | None = None) -> Action:
        """One of `legal_actions(state, player)`, for `player` (default: `state.current_player`).

        `player` only matters while several players choose at the same time (the staff draft: any name in
        `state.waiting`).

        Raises:
            ValueError: the game is over (there is nothing to choose).
        """
        ...


def policy(level: str, seed: int = 0, plan: str = TODAYS_PLAY) -> Policy:
    """A policy of the given level, seeded so the same seed and state give the same move; the expert and master
    levels follow `plan` (a name in `engine.gah.ai.plans.PLANS`; the other levels have none to follow).

    Raises:
        ValueError: unknown level or plan, or a plan other than "today's play" for a level without plans.
    """
    if plan not in PLANS:
        raise ValueError(f"Unknown plan {plan!r}; choose one of {', '.join(PLANS)}.")
    if plan != TODAYS_PLAY and level not in ("expert", "master"):
        raise ValueError(f"The {level!r} level follows no plan; only expert and master do.")
    if level == "random":
        return RandomPolicy(seed)
    if level == "greedy":
        return GreedyPolicy(seed)
    if level == "strong":
        return StrongPolicy(seed)
    if level == "expert":
        return ExpertPolicy(seed, plan=plan)
    if level == "master":
        return MasterPolicy(seed, plan=plan)
    raise ValueError(f"Unknown AI level {level!r}; choose one of {', '.join(LEVELS)}.")
