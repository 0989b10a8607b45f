"""Staff cards and economy guards: named terms the expert and master levels add to the evaluation (issue 58).

`engine.gah.ai.evaluate.hand_value` credits a staff card in hand with a share of what playing it *now* would bring,
so a card in hand is worth nearly what it is worth in play (`Weights.hand_share` 0.68 against `staff_scale` 0.78
of the same future benefit) and waiting costs nothing: the search, which must give up a main action (the die on
space 6) to play a card, passed the staff action round after round (the master played 0.8 permanent cards by
round 3 and ended with 4.5 in hand). The terms here, each a number of VP equivalents added to the evaluation:

- `staff_waiting`: a permanent or once-per-round card in hand is worth what it would bring if played
  `Economy.hand_delay` main actions from now (the earliest it can be expected to be played if not now), not
  today: its credit loses the uses it would miss while waiting, so playing a card that pays for itself gains;
- `late_hand`: after round 3, such cards in hand lose a further share of their credit each round (a card not
  in play by then rarely pays back the action it costs);
- `krones_floor`: before round 6, each krone below `Economy.krones_floor` costs extra (a player with no krones
  cannot boost, serve from the kitchen, prepare rooms or pay for staff);
- `kitchen_surplus`: before the endgame, dishes and drinks beyond what the café guests still need count for
  less than their 1 VP (they were bought with an action that could have done something else);
- `unfinishable_guests`: a café guest whose missing dishes and drinks need more main actions than are left
  (at the table's items per action) costs extra (it will stay in the café for -5 VP).

The value network's inputs (`engine.gah.ai.encoding`) are the evaluation without these terms, as it was trained.
Data over branching: the weights are in `ECONOMY`, the terms in `TERMS`, the ones in use in `ACTIVE`.

**Off by default** (`ACTIVE` is empty since 6 December 2026): measured at the master's full budget they did not
pay. On the ladder's 100 solo seeds against Leopold on hard the master without the near-tie margin scored 140.0 VP
with them and 143.9 without them (paired against the master before them: -4.3 ± 5.2 and -0.3 ± 5.4 VP), and in 30
3-player games against that older master and a greedy player the master with them (and the margin) won 11 and the
older master 18 (docs/ai.md, "The targets, measured"); they also cost about a fifth of the evaluation's time. The
terms stay, tested, for experiments (`bench/ai_ladder.py --economy-terms`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from engine.gah.ai.values import cafe_orders, staff_play_value
from engine.gah.ai.weights import W, actions_left, money_rate
from engine.gah.cards import guests, staff
from engine.gah.state import GameState


@dataclass(frozen=True)
class Economy:
    """The weights of the staff and economy terms."""

    hand_delay: int = 4
    """Main actions a paying staff card in hand is assumed to wait before it is played (two rounds)."""
    late_hand_fade: float = 0.25
    """Share of a paying card's credit in hand lost per round after round 3 (all of it from round 7)."""
    krones_floor: int = 2
    """Krones held below which each missing krone costs `krones_floor_cost`, before round 6."""
    krones_floor_cost: float = 1.0
    """VP equivalents per krone below the floor."""
    surplus_item_value: float = 0.6
    """What a dish or drink beyond the café's needs is worth before the endgame, instead of its 1 VP."""
    endgame_actions: int = 3
    """Main actions left from which kitchen items count their full 1 VP (`engine.gah.ai.evaluate.ENDGAME_ACTIONS`)."""
    unfinishable_cost: float = 2.0
    """VP equivalents per café guest whose order the main actions left cannot complete."""


ECONOMY = Economy()

PAYING_KINDS: frozenset[str] = frozenset({"permanent", "once_per_round"})
"""Staff kinds whose benefit grows with the main actions left while they are in play."""


def _net_in_hand(card_id: int, state: GameState, index: int, actions: int) -> float:
    """What playing a card with `actions` main actions left brings, less its price (`evaluate.hand_value`'s net)."""
    price = staff()[card_id].cost_in(state.config.edition) * money_rate(actions)
    return max(0.0, staff_play_value(card_id, state, index, actions) - price)


def _paying_hand(state: GameState, index: int) -> list[int]:
    """The permanent and once-per-round cards in the player's hand (face-down cards not included)."""
    table = staff()
    return [card for card in state.players[index].hand if card != 0 and table[card].kind in PAYING_KINDS]


def staff_waiting(state: GameState, index: int, economy: Economy = ECONOMY) -> float:
    """Minus the part of `hand_value`'s credit for paying cards that waiting `hand_delay` actions would lose."""
    actions = actions_left(state, index)
    if actions <= 0:
        return 0.0
    later = max(0, actions - economy.hand_delay)
    lost = 0.0
    for card in _paying_hand(state, index):
        lost += _net_in_hand(card, state, index, actions) - _net_in_hand(card, state, index, later)
    return -W.hand_share * lost * min(1.0, actions / 3)


def late_hand(state: GameState, index: int, economy: Economy = ECONOMY) -> float:
    """Minus a share of the credit of paying cards still in hand after round 3, growing each round."""
    fade = min(1.0, economy.late_hand_fade * max(0, state.round - 3))
    actions = actions_left(state, index)
    if fade <= 0 or actions <= 0:
        return 0.0
    later = max(0, actions - economy.hand_delay)
    credit = sum(_net_in_hand(card, state, index, later) for card in _paying_hand(state, index))
    return -fade * W.hand_share * credit * min(1.0, actions / 3)


def krones_floor(state: GameState, index: int, economy: Economy = ECONOMY) -> float:
    """Minus `krones_floor_cost` per krone below `krones_floor` before round 6."""
    if state.round >= 6 or actions_left(state, index) <= 0:
        return 0.0
    return -economy.krones_floor_cost * max(0, economy.krones_floor - state.players[index].money)


def kitchen_surplus(state: GameState, index: int, economy: Economy = ECONOMY) -> float:
    """Minus the VP the kitchen's items beyond the café's needs lose before the endgame."""
    if actions_left(state, index) <= economy.endgame_actions:
        return 0.0
    need = cafe_orders(state.players[index])
    kitchen = state.players[index].kitchen
    surplus = sum(max(0, kitchen[item] - need[item]) for item in range(4))
    return -(1.0 - economy.surplus_item_value) * surplus


def unfinishable_guests(state: GameState, index: int, economy: Economy = ECONOMY,
                        items_per_action: float | None = None) -> float:
    """Minus `unfinishable_cost` per café guest whose missing items (beyond the kitchen's) need more main actions
    than are left, guests nearest to completion served first (each action brings dishes or drinks, not both)."""
    per_action = items_per_action or W.items_per_action
    player = state.players[index]
    actions = actions_left(state, index)
    kitchen = list(player.kitchen)
    missing: list[tuple[int, int]] = []
    for table in player.cafe:
        if table.guest is None:
            continue
        order = guests()[table.guest].order
        need = [max(0, order[i] - table.served[i]) for i in range(4)]
        for item in range(4):
            take = min(kitchen[item], need[item])
            kitchen[item] -= take
            need[item] -= take
        missing.append((sum(need[:2]), sum(need[2:])))
    cost = 0.0
    dishes = drinks = 0
    for dish, drink in sorted(missing, key=sum):
        dishes += dish
        drinks += drink
        if math.ceil(dishes / per_action) + math.ceil(drinks / per_action) > actions:
            cost -= economy.unfinishable_cost
    return cost


TERMS: dict[str, Callable[[GameState, int], float]] = {
    "staff waiting": staff_waiting,
    "late hand": late_hand,
    "krones floor": krones_floor,
    "kitchen surplus": kitchen_surplus,
    "unfinishable guests": unfinishable_guests,
}
"""Every staff and economy term by name, in the order `economy_terms` lists them."""

ACTIVE: list[str] = []
"""The names of the terms (keys of `TERMS`) the expert's evaluation adds: none by default (see the module
docstring). An experiment sets it before the policies run (`bench/ai_ladder.py --economy-terms`; tests with
pytest's monkeypatch)."""


def term_names(text: str) -> list[str]:
    """The term names of a comma-separated list ("all": every term of `TERMS`; "none" or "": none), to set
    `ACTIVE` from an experiment's command line.

    Raises:
        ValueError: a name that is not in `TERMS` (the message lists the known ones).
    """
    text = text.strip()
    if text == "all":
        return list(TERMS)
    names = [] if text == "none" else [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in TERMS]
    if unknown:
        raise ValueError(f"unknown economy terms: {', '.join(unknown)} (known: {', '.join(TERMS)})")
    return names


def economy_terms(state: GameState, index: int) -> dict[str, float]:
    """Each term of `ACTIVE` for the player at seat `index` (all zero once the game is over; empty when none is
    active). Raises KeyError for a name in `ACTIVE` that is not in `TERMS`."""
    if state.phase in ("final", "over"):
        return dict.fromkeys(ACTIVE, 0.0)
    return {name: TERMS[name](state, index) for name in ACTIVE}


def economy_value(state: GameState, index: int) -> float:
    """The sum of `economy_terms` (VP equivalents; 0 when no term is active)."""
    if not ACTIVE or state.phase in ("final", "over"):
        return 0.0
    return sum(TERMS[name](state, index) for name in ACTIVE)
