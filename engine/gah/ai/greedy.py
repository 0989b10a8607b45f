"""The greedy policy: apply each legal action to one determinized state and keep the best-evaluated one.

It sees only `player_view(state, player)`: the hidden cards are sampled from the unseen ones with a generator
seeded by the policy seed and the view's content, so the same seed and view always give the same move.

Two rules keep this one-step look-ahead playing like a sensible casual player (issue 52 item 10):

1. a finished guest moves in at once (`check_in_first`);
2. from `CAREFUL_ACTIONS` main actions left on, a café guest counts only if the actions, krones and rooms left can
   surely finish it (`careful_evaluate`), and a display guest is taken only if a room of its colour is in reach
   and it beats taking none by `GUEST_MARGIN`;
3. a move that hires a staff card (one the follow-up's rule finds worth its price) while no guest waits in its café
   counts `HIRE_BONUS` more (`score_hiring`).
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah.ai.determinize import determinize, view_seed
from engine.gah.ai.evaluate import evaluate, guests_waiting, room_in_reach
from engine.gah.ai.kinds import of_kind
from engine.gah.ai.lookahead import best, complete, open_decision, without_pass
from engine.gah.ai.rules import settled_answer
from engine.gah.ai.weights import actions_left
from engine.gah.cards import guests
from engine.gah.game import apply
from engine.gah.payloads import TURN
from engine.gah.state import GameState

ENDGAME_CHECKED: dict[str, str] = {TURN: "guest"}
"""From `CAREFUL_ACTIONS` main actions left on, the answers of this action kind must evaluate better than the state
before them, by the decision kind they are offered in (a display guest on the turn)."""

CHECK_IN = "checkin"
"""The action kind that moves a finished café guest into a room."""

CAREFUL_ACTIONS = 6
"""Main actions left (from the start of round 5 on) from which the greedy player judges its café guests as the
endgame does (`engine.gah.ai.evaluate.ENDGAME_ACTIONS` is 3 for the searching levels, which plan their turns). The
greedy player, with no plan, took late guests (most of them free, from the display's last place) that it never
finished: with 3 it left guests in the café in 11 of the 45 games of tests/ai/test_greedy_sensible.py, with 5, 6
or 8 in 5 (docs/ai.md)."""

GUEST_MARGIN = 2.0
"""VP equivalents by which a display guest taken in the careful part of the game must beat taking none (with
the room check, café guests were left in 3 of those 45 games with no margin, none with 2, 2 with 4)."""

HIRE_BONUS = 3.0
"""VP equivalents added to a move whose follow-ups hire a staff card while no guest waits in the player's café
(issue 52 item 10). The evaluation credits a card in hand a share of its worth (`Weights.hand_share`), as if it
will be played later, so hiring it looks like a small gain to a one-step look-ahead, and the greedy player kept
cards it could pay for while its krones piled up. Over 40 all-greedy 3-player games (bench/greedy_habits.py,
docs/ai.md): staff cards played per player 3.6 -> 4.1, players with at most one 11 -> 6 of 120, cards left in hand
that the krones left would pay for 2.1 -> 1.5, final VP about the same. With the bonus also while guests wait
(4.8 cards played) café guests were left at the end in 4 of the 45 games of tests/ai/test_greedy_sensible.py
(with at most one guest waiting: 2); the krones went to staff instead of the guests' orders and rooms."""


def score_hiring(world: GameState, index: int, actions: list[Action], depth: int,
                 bonus: float = HIRE_BONUS) -> list[tuple[Action, float]]:
    """`engine.gah.ai.lookahead.score_actions` with `careful_evaluate`, plus `bonus` for each action after which (and
    the player's follow-ups) the player has played more staff cards and has no guest in the café, while the game
    goes on."""
    hired = len(world.players[index].played)
    scored = []
    for action in without_pass(actions):
        after, _ = apply(world, action)
        after = complete(after, index, depth, careful_evaluate)
        value = careful_evaluate(after, index)
        if (bonus and not after.is_over and len(after.players[index].played) > hired
                and not guests_waiting(after.players[index])):
            value += bonus
        scored.append((action, value))
    return scored


def check_in_first(kind: str, actions: list[Action]) -> list[Action]:
    """On the turn (`kind` is the pending decision's kind), only the check-ins when any is legal, else `actions`.

    Why: the evaluation credits a café guest `Weights.cafe_aversion` and `Weights.checkin_bonus` for the
    check-in it expects (the freed table, the room's progress), which the state after the check-in does not
    repay, so a one-step look-ahead rated "end turn" (or a paid serving) above the check-in and left a finished
    guest waiting for rounds. A check-in costs nothing and only the room is open to choice (the evaluation picks
    it), so the greedy player checks in before it does anything else.
    """
    if kind != TURN:
        return actions
    return of_kind(actions, CHECK_IN) or actions


def careful_evaluate(state: GameState, index: int) -> float:
    """`engine.gah.ai.evaluate.evaluate` with the endgame's café check from `CAREFUL_ACTIONS` main actions left on
    (VP equivalents for the player at seat `index`)."""
    return evaluate(state, index, endgame_actions=CAREFUL_ACTIONS)


def _guest_has_room(state: GameState, index: int, action: Action) -> bool:
    """Whether the display guest a "guest" action takes has a room of its colour in reach."""
    guest = state.display[int(action.args[0])]
    return guest is None or room_in_reach(state.players[index], guests()[guest].color)


class GreedyPolicy:
    """One-step look-ahead with the heuristic evaluation (`engine.gah.ai.evaluate`) and the rules above."""

    def __init__(self, seed: int = 0, depth: int = 1, hire_bonus: float = HIRE_BONUS) -> None:
        self.seed = seed
        self.depth = depth
        self.hire_bonus = hire_bonus

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
        kind = state.pending[-1].kind
        actions = check_in_first(kind, actions)
        if len(actions) == 1:
            return actions[0]
        world, _ = determinize(view, index, view_seed(view, self.seed, index))
        scored = score_hiring(world, index, actions, self.depth, self.hire_bonus)
        checked = of_kind(actions, ENDGAME_CHECKED.get(kind, ""))
        if checked and actions_left(world, index) <= CAREFUL_ACTIONS:
            # a guest must beat taking none (the dice compare unfairly, their turn is over) and have a room
            now = careful_evaluate(world, index)
            kept = [(a, v) for a, v in scored
                    if a not in checked or (v > now + GUEST_MARGIN and _guest_has_room(world, index, a))]
            scored = kept or scored
        return best(scored)
