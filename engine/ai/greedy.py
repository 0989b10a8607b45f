"""The greedy policy: apply each legal action to one determinized state and keep the best-evaluated one.

It sees only `player_view(state, player)`: the hidden cards are sampled from the unseen ones with a generator
seeded by the policy seed and the view's content, so the same seed and view always give the same move.
"""

from __future__ import annotations

from engine.actions import Action
from engine.ai.determinize import determinize, view_seed
from engine.ai.evaluate import ENDGAME_ACTIONS, evaluate
from engine.ai.kinds import of_kind
from engine.ai.lookahead import best, open_decision, score_actions
from engine.ai.rules import settled_answer
from engine.ai.weights import actions_left
from engine.payloads import TURN

CHECK_IN = "checkin"
"""The action kind that moves a finished café guest into a room."""
from engine.state import GameState

ENDGAME_CHECKED: dict[str, str] = {TURN: "guest"}
"""In the endgame, the answers of this action kind must evaluate better than the state before them, by the decision
kind they are offered in (a display guest on the turn)."""


def check_in_first(kind: str, actions: list[Action]) -> list[Action]:
    """On the turn, only the check-ins when any is legal (the best room is still chosen by evaluation).

    Why: the evaluation credits a café guest `Weights.cafe_aversion` and `Weights.checkin_bonus` for the
    check-in it expects (the freed table, the room's progress), which the state after the check-in does not
    repay, so a one-step look-ahead rated "end turn" (or a paid serving) above the check-in and left a finished
    guest waiting for rounds. A check-in never costs anything and only a guest's room choice is open, so the
    greedy player always checks in before it does anything else.
    """
    if kind != TURN:
        return actions
    return of_kind(actions, CHECK_IN) or actions


class GreedyPolicy:
    """One-step look-ahead with the heuristic evaluation (`engine.ai.evaluate`)."""

    def __init__(self, seed: int = 0, depth: int = 1) -> None:
        self.seed = seed
        self.depth = depth

    def choose(self, state: GameState, player: str | None = None) -> Action:
        """The legal action whose result evaluates best for `player` (default: the player on turn).

        `player` matters only while several players choose at once (the staff draft).

        Raises:
            ValueError: the game is over (or `player` has nothing to answer).
        """
        decision = open_decision(state, player)
        if isinstance(decision, Action):
            return decision
        actions, index, view = decision
        quick = settled_answer(view, index, actions)  # the decisions answered by rule alone (RULE_ONLY_KINDS)
        if quick is not None:
            return quick
        actions = check_in_first(state.pending[-1].kind, actions)
        if len(actions) == 1:
            return actions[0]
        world, _ = determinize(view, index, view_seed(view, self.seed))
        scored = score_actions(world, index, actions, self.depth)
        checked = of_kind(actions, ENDGAME_CHECKED.get(state.pending[-1].kind, ""))
        if checked and actions_left(world, index) <= ENDGAME_ACTIONS:
            # the endgame: a guest must beat taking none (the dice compare unfairly, their turn is over)
            now = evaluate(world, index)
            kept = [(a, v) for a, v in scored if a not in checked or v > now]
            scored = kept or scored
        return best(scored)
