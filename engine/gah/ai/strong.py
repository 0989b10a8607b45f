"""The strong policy: plans the rest of its turn on several determinized worlds, then looks two turns ahead.

1. Worlds: `Budget.worlds` determinizations of the player's view (hidden cards sampled from the unseen ones; the
   generator seeded by the policy seed and the view), so it never reads hidden information.
2. Plan: in each world a beam search explores the player's remaining decisions of the current turn (guest, die,
   serving, check-ins, once-per-round staff, in any order), answering follow-up decisions with the quick rules of
   `engine.gah.ai.rules`, and rates where each line ends with `engine.gah.ai.evaluate`. A first action's value in a
   world is its best line (a first action whose lines all left the beam has its turn finished with one-step
   moves, so that no first action is dropped unjudged); values are averaged over the worlds.
3. Look ahead: the `Budget.rollouts` best first actions are played on from the end of their best line, in every
   world, until `Budget.turns_ahead` more of the player's own turns are over (the other players move by quick
   rules, the player by a one-step evaluation that takes a guest whenever one is worth taking), and judged there.
   The best average wins, unless a finalist ranked above it by plan value lies within `Budget.margin` of it (the
   look-ahead's small differences are mostly the sampled worlds' dice and draws: issue 58 item 4).

Follow-up decisions outside the player's turn (Emperor rewards and penalties, setup) get a one-step look-ahead.
The budget is a fixed number of worlds, lines and play-out decisions (no clock), so the same seed and view
always give the same move; it is calibrated for a 95th percentile well under a second per decision on two
cores (see bench/ai_ladder.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import rng
from engine.core.actions import Action
from engine.gah.ai.answer_registry import Answer
from engine.gah.ai.determinize import determinize, view_seed
from engine.gah.ai.evaluate import evaluate
from engine.gah.ai.kinds import of_kind, other_than
from engine.gah.ai.lookahead import (
    Evaluator,
    best,
    complete,
    completing_serves,
    open_decision,
    score_actions,
    without_pass,
)
from engine.gah.ai.rules import quick_answer, rule_answer, rule_turn, settled_answer
from engine.gah.game import apply, legal_actions
from engine.gah.payloads import TURN
from engine.gah.state import GameState


@dataclass(frozen=True)
class Budget:
    """The fixed search budget of one decision."""

    worlds: int = 3
    """Determinizations averaged."""
    width: int = 5
    """Lines kept at each depth of the beam search."""
    depth: int = 8
    """Decisions planned ahead at most (the turn usually ends sooner)."""
    rollouts: int = 4
    """Best first actions whose plans are played on to the end of the player's next turn (0: plan only)."""
    turns_ahead: int = 2
    """How many more of the player's own turns the look-ahead plays (1: to the end of the next one)."""
    horizon: int = 200
    """Decisions played on at most in that look-ahead."""
    rule_opponents: bool = True
    """Play the other players' moves in the look-ahead with quick rules instead of one-step evaluations."""
    rivalry: float = 0.0
    """At the end of the look-ahead, subtract this share of the best opponent's evaluation."""
    own_guests: bool = True
    """In the look-ahead, the player takes the best display guest whenever that evaluates better than taking none
    (a guest is taken before the die, so a one-step comparison against the dice would almost never take one)."""
    margin: float = 0.0
    """Near-tie margin in VP equivalents: a finalist's look-ahead value must beat that of a finalist ranked above it
    by plan value (the current turn, which depends little on the sampled worlds) by more than this to be chosen
    over it (0: the best look-ahead value wins)."""


@dataclass(frozen=True)
class RankedAction:
    """One first action as the strong search judged it (`StrongPolicy.ranking`)."""

    action: Action
    value: float | None
    """Its mean value over the determinized worlds in VP equivalents for the player (`StrongPolicy.evaluator`):
    at the end of the look-ahead if `looked_ahead`, else where its best line of the current turn ends; None for a
    forced move or a quick rule's answer (not searched)."""
    line_end: GameState | None
    """Where its best line of the current turn ended in the first world (None: not planned there)."""
    looked_ahead: bool = False
    """Whether `value` is a look-ahead value (the finalists of a turn decision)."""


def _turn_key(state: GameState) -> tuple[int, int, int] | None:
    turn = state.turn
    if turn is None:
        return None
    return (state.round, turn.player, turn.number)


def _still_my_turn(state: GameState, index: int, key: tuple[int, int, int] | None) -> bool:
    if state.is_over or not state.pending or key is None:
        return False
    top = state.pending[-1]
    return top.player == index and state.deciding(TURN) and _turn_key(state) == key


class StrongPolicy:
    """Beam search over the rest of the turn on several determinized worlds, then a look-ahead to the next turn."""

    def __init__(self, seed: int = 0, budget: Budget | None = None, evaluator: Evaluator = evaluate,
                 leaf: Evaluator | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        self.evaluator = evaluator
        """How states are judged (`engine.gah.ai.evaluate.evaluate` for the strong level)."""
        self.leaf = leaf
        """How the leaves are judged, if not by `evaluator`: where a planned line ends the turn and where the
        look-ahead stops (the master level's value network); the beam's ranking and the play-outs' own moves keep
        `evaluator`."""

    def choose(self, state: GameState, player: str | None = None) -> Action:
        """The first step of the best plan for `player` (default: the player on turn), judged a few turns ahead.

        `player` matters only while several players choose at once (the staff draft).

        Raises:
            ValueError: the game is over (or `player` has nothing to answer).
        """
        return self.ranking(state, player)[0].action

    def ranking(self, state: GameState, player: str | None = None, others: int = 0) -> list[RankedAction]:
        """Every first action the search judged for `player` (default: the player on turn), best first: the move
        `choose` plays is the first.

        On the player's turn the `Budget.rollouts` finalists come first, ranked by their look-ahead values, then
        the other actions by their plan values (the two values are on different horizons, see `RankedAction`).
        `others` > 0 also looks ahead from up to that many more first actions (the best by plan value whose
        lines end, in the first world, elsewhere than every finalist's and each other's: not the same turn in
        another order); they follow the finalists, ranked by their look-ahead values, and never change the first
        move. A forced move, or one answered by a quick rule (`RULE_ONLY_KINDS`), is a list of one action without a
        value.

        Raises:
            ValueError: the game is over (or `player` has nothing to answer).
        """
        decision = open_decision(state, player)
        if isinstance(decision, Action):
            return [RankedAction(decision, None, None)]
        actions, index, view = decision
        quick = settled_answer(view, index, actions)  # the decisions answered by rule alone (RULE_ONLY_KINDS)
        if quick is not None:
            return [RankedAction(quick, None, None)]
        generator = view_seed(view, self.seed, index)
        worlds: list[GameState] = []
        plans: list[dict[Action, tuple[float, GameState | None]]] = []
        for _ in range(self.budget.worlds):
            world, generator = determinize(view, index, generator)
            generator, _ = rng.next_u64(generator)
            worlds.append(world)
            plans.append(self._plan(world, index, actions))
        ranked = _average(actions, [{a: v for a, (v, _) in plan.items()} for plan in plans])

        def line_end(action: Action) -> GameState | None:
            planned = plans[0].get(action)
            return None if planned is None else planned[1]

        planned = [RankedAction(action, value, line_end(action)) for action, value in ranked]
        key = _turn_key(worlds[0])
        if self.budget.rollouts <= 0 or key is None or key[1] != index or len(ranked) == 1:
            return planned
        finalists = [action for action, _ in ranked[: self.budget.rollouts]]

        def judge(candidates: list[Action]) -> list[RankedAction]:
            """The candidates' look-ahead values averaged over the worlds, best first."""
            judged: list[dict[Action, float]] = []
            for world_index in range(len(worlds)):
                values: dict[Action, float] = {}
                for action in candidates:
                    if action not in plans[world_index]:
                        continue  # the beam dropped this first action in this world
                    value, end = plans[world_index][action]
                    if end is not None:
                        value = _look_ahead(end, index, key, self.budget, self.evaluator, self.leaf)
                    values[action] = value
                judged.append(values)
            return [RankedAction(action, value, line_end(action), looked_ahead=True)
                    for action, value in _average(candidates, judged)]

        ahead = _steady(judge(finalists), finalists, self.budget.margin)
        ahead += judge([a.action for a in _other_lines(planned[len(ahead):], ahead, others)])
        chosen = {a.action for a in ahead}
        return ahead + [a for a in planned if a.action not in chosen]

    def _plan(self, world: GameState, index: int,
              actions: list[Action]) -> dict[Action, tuple[float, GameState | None]]:
        """Each first action with the value of the best complete line found from it in this world, and where the
        line ends (None when the decision is outside the player's turn).

        A line is complete when the turn is over; lines still open when the depth runs out count as they stand.
        Open lines are ranked by their current evaluation to keep the `width` most promising.
        """
        key = _turn_key(world)
        if key is None or key[1] != index:
            return {a: (v, None) for a, v in score_actions(world, index, actions, 1, self.evaluator)}
        best: dict[Action, tuple[float, GameState | None]] = {}
        frontier: list[tuple[float, GameState, Action]] = []
        for action in without_pass(actions):
            self._expand(world, action, action, index, key, best, frontier, self.evaluator, self.leaf)
        openings = {first: state for _, state, first in frontier}
        for _ in range(self.budget.depth - 1):
            if not frontier:
                break
            frontier.sort(key=lambda item: -item[0])
            frontier = _dedupe(frontier)[: self.budget.width]
            children: list[tuple[float, GameState, Action]] = []
            for _, state, first in frontier:
                for action in without_pass(legal_actions(state)):
                    self._expand(state, action, first, index, key, best, children, self.evaluator, self.leaf)
            frontier = children
        for value, state, first in frontier:
            if first not in best or value > best[first][0]:
                best[first] = (value, state)
        for first, state in openings.items():
            if first not in best:  # every line from it left the beam: finish its turn with one-step moves
                end = _finish_turn(state, index, key, self.evaluator)
                best[first] = ((self.leaf or self.evaluator)(end, index), end)
        return best

    @staticmethod
    def _expand(state: GameState, action: Action, first: Action, index: int, key: tuple[int, int, int],
                best: dict[Action, tuple[float, GameState | None]],
                children: list[tuple[float, GameState, Action]], evaluator: Evaluator = evaluate,
                leaf: Evaluator | None = None) -> None:
        after, _ = apply(state, action)
        after = complete(after, index, 1, evaluator)
        if _still_my_turn(after, index, key):
            children.append((evaluator(after, index), after, first))
            return
        value = (leaf or evaluator)(after, index)
        if first not in best or value > best[first][0]:
            best[first] = (value, after)


def _steady(ahead: list[RankedAction], finalists: list[Action], margin: float) -> list[RankedAction]:
    """`ahead` (the finalists by look-ahead value, best first) with the near-tie rule of `Budget.margin`: the first
    finalist in plan order (`finalists`) whose look-ahead value lies within `margin` of the best moves to the front.

    The look-ahead plays dice and draws of the sampled worlds, so its differences below a few VP are mostly which
    worlds were drawn; the plan values of the current turn are nearly the same in every world.
    """
    if margin <= 0 or not ahead or ahead[0].value is None:
        return ahead
    top = ahead[0].value
    order = {action: k for k, action in enumerate(finalists)}
    close = [a for a in ahead if a.value is not None and a.value >= top - margin]
    chosen = min(close, key=lambda a: order.get(a.action, len(order)))
    return [chosen] + [a for a in ahead if a is not chosen]


def _other_lines(candidates: list[RankedAction], kept: list[RankedAction], count: int) -> list[RankedAction]:
    """Up to `count` of `candidates`, in order, whose lines end in a state that no line of `kept` or of an earlier
    pick ends in (an action whose line only reorders another's turn tells nothing new)."""
    if count <= 0:
        return []
    seen = {a.line_end.to_json() for a in kept if a.line_end is not None}
    picked = []
    for candidate in candidates:
        if candidate.line_end is None:
            continue
        signature = candidate.line_end.to_json()
        if signature not in seen:
            seen.add(signature)
            picked.append(candidate)
            if len(picked) == count:
                break
    return picked


def _average(actions: list[Action], tables: list[dict[Action, float]]) -> list[tuple[Action, float]]:
    """Actions with their mean value over the tables that have them, best first (ties keep the given order)."""
    scored = []
    for k, action in enumerate(actions):
        values = [table[action] for table in tables if action in table]
        if values:
            scored.append((sum(values) / len(values), -k, action))
    scored.sort(reverse=True)
    return [(action, value) for value, _, action in scored]


def _look_ahead(state: GameState, index: int, key: tuple[int, int, int], budget: Budget,
                evaluator: Evaluator = evaluate, leaf: Evaluator | None = None) -> float:
    """Play on with quick greedy moves for everyone until `budget.turns_ahead` more turns of the player are over;
    evaluate for the player with `leaf` (default `evaluator`; minus `budget.rivalry` times the best opponent's
    evaluation).

    Stops early at the end of the game or after `budget.horizon` decisions.
    """
    own_turns: list[tuple[int, int, int]] = []
    for _ in range(budget.horizon):
        if state.is_over or not state.pending:
            break
        current = _turn_key(state)
        if own_turns and current != own_turns[-1] and len(own_turns) >= budget.turns_ahead:
            break
        if current is not None and current[1] == index and current != key and current not in own_turns:
            own_turns.append(current)
        actor = state.pending[-1].player
        actions = legal_actions(state)
        choice = rule_answer(state, actor, actions) if len(actions) > 1 else actions[0]
        if choice is None:
            if actor != index and budget.rule_opponents:
                choice = PLAYOUT_ANSWERS.get(state.pending[-1].kind, quick_answer)(state, actor, actions)
            elif budget.own_guests:
                choice = _own_move(state, actor, actions, evaluator)
            else:
                choice = best(score_actions(state, actor, completing_serves(state, actor, actions), 0, evaluator))
        state, _ = apply(state, choice)
    value = (leaf or evaluator)(state, index)
    if budget.rivalry:
        value -= budget.rivalry * max(evaluator(state, other) for other in range(len(state.players)) if other != index)
    return value


def _own_move(state: GameState, index: int, actions: list[Action], evaluator: Evaluator = evaluate) -> Action:
    """The player's own move in the look-ahead: one-step evaluation, with guests on the turn judged against taking
    none (`OWN_MOVE_FILTERS`)."""
    choose = OWN_MOVE_FILTERS.get(state.pending[-1].kind)
    if choose is not None:
        taken, actions = choose(state, index, actions, evaluator)
        if taken is not None:
            return taken
    return best(score_actions(state, index, completing_serves(state, index, actions), 0, evaluator))


def _guest_or_rest(state: GameState, index: int, actions: list[Action],
                   evaluator: Evaluator) -> tuple[Action | None, list[Action]]:
    """The best display guest if it evaluates better than taking none; else no action and the other answers."""
    offers = of_kind(actions, "guest")
    if not offers:
        return None, actions
    action, value = max(score_actions(state, index, offers, 0, evaluator), key=lambda p: p[1])
    if value > evaluator(state, index):
        return action, actions
    return None, other_than(actions, "guest")


PLAYOUT_ANSWERS: dict[str, Answer] = {TURN: rule_turn}
"""How the other players answer in the look-ahead, by decision kind, when not `quick_answer`."""

OWN_MOVE_FILTERS: dict[str, Callable[[GameState, int, list[Action], Evaluator],
                                     tuple[Action | None, list[Action]]]] = {TURN: _guest_or_rest}
"""Decision kinds where the player's own look-ahead move first weighs a special answer: (state, seat, answers,
evaluator) -> (the answer to take, or None and the answers left to score one step ahead)."""


def _finish_turn(state: GameState, index: int, key: tuple[int, int, int], evaluator: Evaluator = evaluate,
                 limit: int = 30) -> GameState:
    """Play the rest of the player's turn with `_own_move` (one-step evaluation), at most `limit` decisions."""
    for _ in range(limit):
        if not _still_my_turn(state, index, key):
            break
        actions = legal_actions(state)
        choice = actions[0] if len(actions) == 1 else _own_move(state, index, actions, evaluator)
        state, _ = apply(state, choice)
        state = complete(state, index, 1, evaluator)
    return state


def _dedupe(lines: list[tuple[float, GameState, Action]]) -> list[tuple[float, GameState, Action]]:
    """Drop lines that reach a state already reached by a better-ranked line (serving order and the like)."""
    seen: set[str] = set()
    result = []
    for line in lines:
        signature = line[1].to_json()
        if signature not in seen:
            seen.add(signature)
            result.append(line)
    return result
