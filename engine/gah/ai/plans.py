"""Plans: medium-term goals named as a player would name them, each a set of extra evaluation terms (issue 58).

A plan is added to the expert's evaluation (`engine.gah.ai.expert.expert_evaluate`, and the master's leaf value)
when an expert or master policy is forced to follow it (`engine.gah.ai.policy(level, seed, plan=...)`). The terms
are VP equivalents for the player at seat `index`, all zero once the game is over, and cheap (a few card look-ups
each). They exist to test whether choosing a plan can matter at all (issue 58 item 1, `bench/plan_falsifier.py`),
not as tuned play:

- "politics rush": progress toward the politics cards nobody has claimed yet (the 15 VP space is still free),
  weighted by how far the opponents still are from claiming them (Leopold's countdown marker in a solo game, the
  best opponent's progress at a table); a card the player claimed first keeps the full credit, so the last step
  toward a card always gains;
- "game-end staff focus": the game-end staff cards in play (and, at a lower share, in hand less their price)
  credited by what they would score for this hotel (`engine.gah.ai.values.staff_play_value`: the points now plus
  the growth the hotel is set for);
- "staff engine first": each permanent or once-per-round staff card in play, up to `Plans.engine_target`,
  credited in full through round 3 and fading after it (the engine pays only if it runs early);
- "today's play": no extra term (the unforced evaluation, exactly).

Data over branching: the weights are in `PLAN_WEIGHTS`, the plans and their terms in `PLANS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.gah.ai.values import politics_need, politics_progress, staff_play_value
from engine.gah.ai.weights import W, actions_left, money_rate
from engine.gah.cards import politics, politics_vp, staff
from engine.gah.state import GameState

Term = Callable[[GameState, int], float]
"""(state, seat index) -> VP equivalents added to the evaluation."""


@dataclass(frozen=True)
class PlanWeights:
    """The weights of the plans' terms."""

    rush_share: float = 0.5
    """Share of the first space's VP (15) credited for full progress toward an unclaimed politics card."""
    krones_trust: float = 0.6
    """Trust in progress toward a krones condition (krones get spent), as in `evaluate._politics_value`."""
    countdown_left: tuple[float, ...] = (1.0, 1.0, 1 / 3, 2 / 3)
    """Solo: share of the rush credit by Leopold's countdown marker on the card (index: 0 none, 1 claimed, 2 on
    "II": one symbol from claiming, 3 on "III": two symbols)."""
    focus_in_play: float = 0.5
    """Share of what a game-end card in play would score for this hotel credited on top of the evaluation."""
    focus_in_hand: float = 0.25
    """Share of what a game-end card in hand would score, less its price, credited on top of the evaluation."""
    engine_per_card: float = 3.0
    """VP equivalents per permanent or once-per-round card in play (up to `engine_target`), through round 3."""
    engine_target: int = 3
    """Paying staff cards in play the "staff engine first" plan aims for by the end of round 3."""
    engine_fade: float = 1 / 3
    """Share of the engine credit lost per round after round 3 (none left from round 6)."""


PLAN_WEIGHTS = PlanWeights()

PAYING_KINDS: frozenset[str] = frozenset({"permanent", "once_per_round"})
"""Staff kinds whose benefit grows with the main actions left while they are in play."""


def _over(state: GameState) -> bool:
    return state.phase in ("final", "over")


def _still_open(state: GameState, slot: int, index: int, weights: PlanWeights) -> float:
    """0-1: how far the opponents are from claiming politics card `slot` first (1: no sign of it)."""
    solo = state.solo
    if solo is not None:
        return weights.countdown_left[solo.countdown[slot]]
    condition = politics()[state.politics[slot]].condition
    rivals = [politics_progress(state, other, condition) for other in range(len(state.players)) if other != index]
    return 1.0 - max(rivals, default=0.0)


def politics_rush(state: GameState, index: int, weights: PlanWeights = PLAN_WEIGHTS) -> float:
    """Credit for progress toward politics cards nobody has claimed yet, scaled by how far the opponents are from
    claiming them; a card the player claimed first keeps the full `rush_share` of its 15 VP."""
    if _over(state):
        return 0.0
    first = politics_vp()[0]
    actions = actions_left(state, index)
    horizon = min(float(actions), W.politics_horizon)
    value = 0.0
    for slot, card_id in enumerate(state.politics):
        claims = state.politics_claims[slot]
        if claims:
            value += weights.rush_share * first if claims[0] == index else 0.0
            continue
        if horizon <= 0:
            continue
        condition = politics()[card_id].condition
        need = politics_need(state, index, condition)
        progress = max(0.0, 1.0 - need / horizon) if need is not None else politics_progress(state, index, condition)
        trust = weights.krones_trust if condition["effect"] == "krones_at_least" else 1.0
        value += weights.rush_share * first * trust * progress * _still_open(state, slot, index, weights)
    return value


def game_end_focus(state: GameState, index: int, weights: PlanWeights = PLAN_WEIGHTS) -> float:
    """Credit for the game-end staff cards in play and in hand by what they would score for this hotel (the
    points now and the growth the hotel is set for), cards in hand less their price."""
    if _over(state):
        return 0.0
    table = staff()
    player = state.players[index]
    actions = actions_left(state, index)
    value = 0.0
    for card in player.played:
        if table[card].kind == "game_end":
            value += weights.focus_in_play * staff_play_value(card, state, index, actions)
    if actions <= 0:
        return value
    rate = money_rate(actions)
    for card in player.hand:
        if card != 0 and table[card].kind == "game_end":
            net = staff_play_value(card, state, index, actions) - table[card].cost_in(state.config.edition) * rate
            value += weights.focus_in_hand * max(0.0, net)
    return value


def staff_engine(state: GameState, index: int, weights: PlanWeights = PLAN_WEIGHTS) -> float:
    """Credit per permanent or once-per-round card in play (up to `engine_target`), full through round 3 and
    fading by `engine_fade` a round after it."""
    if _over(state):
        return 0.0
    fade = max(0.0, 1.0 - weights.engine_fade * max(0, state.round - 3))
    if fade <= 0.0:
        return 0.0
    table = staff()
    paying = sum(1 for card in state.players[index].played if table[card].kind in PAYING_KINDS)
    return fade * weights.engine_per_card * min(paying, weights.engine_target)


@dataclass(frozen=True)
class Plan:
    """A medium-term goal: its name as a player would say it and the terms it adds to the evaluation."""

    name: str
    terms: dict[str, Term]


TODAYS_PLAY = "today's play"
"""The plan that adds nothing: the policies' default."""

PLANS: dict[str, Plan] = {
    plan.name: plan
    for plan in (
        Plan("politics rush", {"politics rush": politics_rush}),
        Plan("game-end staff focus", {"game-end staff focus": game_end_focus}),
        Plan("staff engine first", {"staff engine first": staff_engine}),
        Plan(TODAYS_PLAY, {}),
    )
}
"""Every plan by name, in the order the falsifier plays them."""


def plan_terms(plan: str, state: GameState, index: int) -> dict[str, float]:
    """Each term of the named plan for the player at seat `index` (VP equivalents).

    Raises:
        KeyError: unknown plan (see `PLANS`).
    """
    return {name: term(state, index) for name, term in PLANS[plan].terms.items()}


def plan_value(plan: str, state: GameState, index: int) -> float:
    """The sum of `plan_terms` (VP equivalents; 0.0 for "today's play").

    Raises:
        KeyError: unknown plan (see `PLANS`).
    """
    return sum(term(state, index) for term in PLANS[plan].terms.values())


def with_plan(evaluator: Term, plan: str) -> Term:
    """`evaluator` plus the named plan's terms; `evaluator` itself for a plan without terms (today's play), so the
    unforced policies judge states exactly as before.

    Raises:
        KeyError: unknown plan (see `PLANS`).
    """
    terms = tuple(PLANS[plan].terms.values())
    if not terms:
        return evaluator

    def planned(state: GameState, index: int) -> float:
        return evaluator(state, index) + sum(term(state, index) for term in terms)

    return planned
