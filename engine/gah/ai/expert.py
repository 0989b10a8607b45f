"""The expert policy: the strong player's search with a larger budget and a café judged by the dice at the table.

It is `engine.gah.ai.strong.StrongPolicy` (beam search over the rest of the turn on determinized worlds, then a
look-ahead of two more own turns) with

1. more worlds: `EXPERT_BUDGET` averages 5 determinizations of the hidden cards instead of 3, so a move is less
   often chosen for a deck order that will not come (on the first 8 seeded solo games against Leopold on hard:
   151.9 VP against strong's 135.6; over 40 games only 120.5 against 116.5, within the noise: see docs/ai.md);
2. `expert_evaluate`: the evaluation of `engine.gah.ai.evaluate` with the dishes or drinks one main action brings
   set by the number of players (`table_items`). Fewer players roll fewer dice (10 for two, 12 for three,
   14 for four, on six action spaces), so an action is weaker and a café guest with a long order is less likely
   to be completed in time than the shared estimate (2.5 items) assumes. In the endgame
   (`engine.gah.ai.evaluate.ENDGAME_ACTIONS` main actions left) the shared estimate is kept: there a guest judged
   out of reach is given up (it stays in the café for -5 VP), and the search sees the real dice anyway, so
   pessimism only loses guests that a strong die or a boost would still complete;
3. the active staff and economy terms of `engine.gah.ai.economy` added to that evaluation (issue 58; none by
   default, as they did not pay in VP at the full budget): permanent and once-per-round cards in hand credited as
   if played two rounds later, a krones floor before round 6, kitchen items beyond the café's needs and café
   guests that cannot be completed counted down;
4. optionally, a forced plan (`engine.gah.ai.plans`): its terms added to that evaluation (default "today's play":
   none, the evaluation above exactly).

It decides only from `player_view` (the strong player's determinization), and the same seed and view give the
same move (a fixed budget, no clock). Its budget is calibrated for a 95th percentile of at most a second per
decision on two cores (see bench/ai_ladder.py); the strong level stays the faster choice.
"""

from __future__ import annotations

from engine.gah.ai.economy import economy_value
from engine.gah.ai.evaluate import ENDGAME_ACTIONS, evaluate
from engine.gah.ai.plans import TODAYS_PLAY, with_plan
from engine.gah.ai.strong import Budget, StrongPolicy
from engine.gah.ai.weights import W, actions_left
from engine.gah.state import GameState

EXPERT_BUDGET = Budget(worlds=5)
"""The expert level's search budget: the strong budget with 5 determinized worlds."""

ITEMS_PER_ACTION: dict[int, float] = {3: 2.2, 4: 2.5}
"""Dishes or drinks one main action is expected to bring at a table of three or four seats (a table of one or two
seats, 10 dice, reads `Weights.small_table_items`: with 10 dice on 6 spaces a die is taken from a space holding
1-2 on average; a boost costs krones)."""


def table_items(seats: int) -> float:
    """Dishes or drinks one main action is expected to bring at a table of `seats` seats (a solo game has two:
    the player and Leopold)."""
    if seats <= 2:
        return W.small_table_items
    return ITEMS_PER_ACTION.get(seats, W.items_per_action)


def expert_evaluate(state: GameState, index: int) -> float:
    """`engine.gah.ai.evaluate.evaluate` with the items per main action of `table_items` for this table size
    before the endgame (`engine.gah.ai.evaluate.ENDGAME_ACTIONS`), the shared estimate in it (VP equivalents for the
    player at seat `index`), plus the active staff and economy terms of `engine.gah.ai.economy` (none by default)."""
    if actions_left(state, index) <= ENDGAME_ACTIONS:
        return evaluate(state, index) + economy_value(state, index)
    return evaluate(state, index, table_items(len(state.players))) + economy_value(state, index)


class ExpertPolicy(StrongPolicy):
    """The strong search with `EXPERT_BUDGET` and `expert_evaluate` plus the terms of `plan` (a name in
    `engine.gah.ai.plans.PLANS`; see the module docstring).

    Raises:
        KeyError: unknown plan.
    """

    def __init__(self, seed: int = 0, budget: Budget | None = None, plan: str = TODAYS_PLAY) -> None:
        super().__init__(seed, budget or EXPERT_BUDGET, with_plan(expert_evaluate, plan))
        self.plan = plan
        """The plan the policy is forced to follow ("today's play": none)."""
