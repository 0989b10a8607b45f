"""One-step look-ahead shared by the greedy and strong players.

`score_actions` applies each legal action to a determinized state, finishes the player's follow-up decisions
(rule answers, or a shallower look-ahead where no rule applies), and evaluates the result with
`engine.gah.ai.evaluate`. Everything here works on determinized states (see `engine.gah.ai.determinize`), never on
the real one.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.gah.ai.evaluate import evaluate
from engine.gah.ai.kinds import of_kind, other_than
from engine.gah.ai.rules import quick_answer, rule_answer
from engine.gah.cards import guests
from engine.gah.game import apply, legal_actions, player_view
from engine.gah.payloads import SETUP_GUEST, TURN
from engine.gah.state import GameState

Evaluator = Callable[[GameState, int], float]

def follow_up(state: GameState, index: int) -> bool:
    """Whether the player owes a follow-up decision (not their turn's main choice, not a setup guest)."""
    if state.is_over or not state.pending:
        return False
    top = state.pending[-1]
    return top.player == index and not state.deciding(TURN, SETUP_GUEST)


def complete(state: GameState, index: int, depth: int, evaluator: Evaluator = evaluate) -> GameState:
    """Answer the player's follow-up decisions: rule answers, or a look-ahead `depth` deep where none applies."""
    guard = 0
    while follow_up(state, index) and guard < 60:
        guard += 1
        actions = legal_actions(state)
        choice = rule_answer(state, index, actions)
        if choice is None:
            if depth > 0:
                choice = max(score_actions(state, index, actions, depth - 1, evaluator), key=lambda p: p[1])[0]
            else:
                choice = quick_answer(state, index, actions)
        state, _ = apply(state, choice)
    return state


def without_pass(actions: list[Action]) -> list[Action]:
    """The actions minus "pass" when anything else is possible.

    The evaluation counts the main actions still to come; passing keeps one for a reroll that may never come
    (the round ends when fewer than two dice remain), so a look-ahead would always prefer it. AI players take
    a die instead.
    """
    return other_than(actions, "pass") or actions


PAID_SERVES: dict[str, str] = {TURN: "serve"}
"""The action kind that begins a paid serving from the kitchen (1 krone for up to 3 items), by the decision kind it
is offered in: on the turn. The serves of the SERVE decision that follows belong to that same serving."""


def completing_serves(state: GameState, index: int, actions: list[Action]) -> list[Action]:
    """The actions minus the serves that cannot complete their guest's order from the kitchen this turn.

    Serving costs a krone for up to three items and only pays once the order is complete; quick play-outs skip
    the rest to save time.
    """
    player = state.players[index]
    serves = of_kind(actions, PAID_SERVES.get(state.pending[-1].kind, ""))
    result = []
    for action in actions:
        if action in serves:
            seat = player.cafe[action.args[1]]
            if seat.guest is None:
                continue
            order = guests()[seat.guest].order
            if any(order[i] - seat.served[i] > player.kitchen[i] for i in range(4)):
                continue
        result.append(action)
    return result


def score_actions(state: GameState, index: int, actions: list[Action], depth: int,
                  evaluator: Evaluator = evaluate) -> list[tuple[Action, float]]:
    """Each action with the value of the state after it (and the player's follow-up decisions), in input order."""
    result = []
    for action in without_pass(actions):
        after, _ = apply(state, action)
        after = complete(after, index, depth, evaluator)
        value = evaluator(after, index)
        result.append((action, value))
    return result


def best(scored: list[tuple[Action, float]]) -> Action:
    """The first action with the highest value (ties keep the engine's order, so choices are deterministic)."""
    top = max(value for _, value in scored)
    return next(action for action, value in scored if value == top)


def open_decision(state: GameState, player: str | None) -> Action | tuple[list[Action], int, GameState]:
    """What a searching policy starts from: the forced action when only one is legal, else (legal actions, seat
    index, the player's view).

    Raises:
        ValueError: the game is over (or `player` has nothing to answer).
    """
    name = player or state.current_player
    actions = legal_actions(state, name)
    if not actions:
        raise ValueError("The game is over; there is no move to choose.")
    if len(actions) == 1:
        return actions[0]
    index = state.player_index(name) if name is not None else 0
    return actions, index, player_view(state, name)
