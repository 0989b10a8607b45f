"""The strong policy: plans the rest of its turn on several determinized worlds and keeps the best first step.

For each of `worlds` determinizations of the player's view (hidden cards sampled from the unseen ones, seeded by
the policy seed and the view), a beam search explores the player's remaining decisions of the current turn
(guest, die, serving, check-ins, once-per-round staff, in any order), answering follow-up decisions with the fast
rules, and evaluates where each line ends with the heuristic evaluation. A first action's value in a world is the
best line that starts with it; the values are averaged over the worlds. The budget is a fixed number of worlds,
beam width and depth (no clock), so the same seed and view always give the same move.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import rng
from engine.actions import Action
from engine.ai.determinize import determinize, view_seed
from engine.ai.evaluate import evaluate
from engine.ai.lookahead import complete, score_actions, without_pass
from engine.ai.rules import rule_answer
from engine.game import apply, legal_actions, player_view
from engine.state import GameState

TRIVIAL_KINDS = frozenset({"place_items", "serve", "return_cards", "conference"})


@dataclass(frozen=True)
class Budget:
    """The fixed search budget of one decision."""

    worlds: int = 3
    """Determinizations averaged."""
    width: int = 5
    """Lines kept at each depth of the beam search."""
    depth: int = 8
    """Decisions planned ahead at most (the turn usually ends sooner)."""


def _turn_key(state: GameState) -> tuple[int, int, int] | None:
    turn = state.turn
    if turn is None:
        return None
    return (state.round, turn.player, turn.number)


def _still_my_turn(state: GameState, index: int, key: tuple[int, int, int] | None) -> bool:
    if state.is_over or not state.pending or key is None:
        return False
    top = state.pending[-1]
    return top.player == index and top.kind == "turn" and _turn_key(state) == key


class StrongPolicy:
    """Beam search over the rest of the turn on several determinized worlds."""

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()

    def choose(self, state: GameState) -> Action:
        """The first step of the best plan for the rest of the turn, averaged over sampled hidden cards.

        Raises:
            ValueError: the game is over.
        """
        actions = legal_actions(state)
        if not actions:
            raise ValueError("The game is over; there is no move to choose.")
        if len(actions) == 1:
            return actions[0]
        index = state.current_index
        assert index is not None
        view = player_view(state, state.current_player)
        kind = state.pending[-1].kind
        if kind in TRIVIAL_KINDS:
            quick = rule_answer(view, index, actions)
            if quick is not None:
                return quick
        generator = view_seed(view, self.seed)
        totals = [0.0] * len(actions)
        seen = [0] * len(actions)
        position = {action: k for k, action in enumerate(actions)}
        for _ in range(self.budget.worlds):
            world, generator = determinize(view, index, generator)
            generator, _ = rng.next_u64(generator)
            for action, value in self._plan(world, index, actions):
                k = position[action]
                totals[k] += value
                seen[k] += 1
        candidates = [(totals[k] / seen[k], -k) for k in range(len(actions)) if seen[k]]
        _, neg_k = max(candidates)
        return actions[-neg_k]

    def _plan(self, world: GameState, index: int, actions: list[Action]) -> list[tuple[Action, float]]:
        """Each first action with the value of the best complete line found from it in this world.

        A line is complete when the turn is over; lines still open when the depth runs out count as they stand.
        Open lines are ranked by their current evaluation to keep the `width` most promising.
        """
        key = _turn_key(world)
        if key is None or key[1] != index:
            return score_actions(world, index, actions, 1)
        best: dict[Action, float] = {}
        frontier: list[tuple[float, GameState, Action]] = []
        for action in without_pass(actions):
            self._expand(world, action, action, index, key, best, frontier)
        for _ in range(self.budget.depth - 1):
            if not frontier:
                break
            frontier.sort(key=lambda item: -item[0])
            frontier = _dedupe(frontier)[: self.budget.width]
            children: list[tuple[float, GameState, Action]] = []
            for _, state, first in frontier:
                for action in without_pass(legal_actions(state)):
                    self._expand(state, action, first, index, key, best, children)
            frontier = children
        for value, _, first in frontier:
            if value > best.get(first, -1e9):
                best[first] = value
        return list(best.items())

    @staticmethod
    def _expand(state: GameState, action: Action, first: Action, index: int, key: tuple[int, int, int],
                best: dict[Action, float], children: list[tuple[float, GameState, Action]]) -> None:
        after, _ = apply(state, action)
        after = complete(after, index, 1)
        value = evaluate(after, index)
        if _still_my_turn(after, index, key):
            children.append((value, after, first))
        elif value > best.get(first, -1e9):
            best[first] = value


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
