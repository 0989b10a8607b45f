"""Quick rule answers for the Let's Waltz decisions (issue 17), used by `engine.gah.ai.rules.rule_answer`.

- auction (module 3): open on the entrance we value most at 0 krones; raise while the price stays below its
  value over the entrance we would otherwise be left with, keeping 6 krones for the starting rooms;
- dustbin_die (module 2): bin the coloured die whose celebrity shows the fewest VP;
- key_action (module 4): the action space that suits the hotel best at strength 1;
- return_item (tile A6): the item the café needs least; optional_draw (Mayenfels): draw;
- paid_guest (Kaufman): the best guest worth its cost, else none; swap_items (Albert Einstein): give what the
  café does not need, take what it needs;
- choose_entrance (module 3 in solo): the entrance we value most; couture_item (the opponent's Hautel Couture):
  the opponent's guest furthest from a complete order, so that its VP come as late as possible.
The turn's own new choices (coloured dice, the skeleton key, The Kozi Palace, Grand Wray) go through the normal
look-ahead, which scores the celebrity's VP and the krones like any other gain.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.gah.ai.common_answers import pick_guest, space_scores
from engine.gah.ai.kinds import first_of_kind, of_kind
from engine.gah.ai.values import cafe_needs
from engine.gah.cards import guests
from engine.gah.state import GameState

ENTRANCE_VALUE: dict[int, int] = {1: 6, 2: 3, 4: 6, 5: 5, 6: 6, 7: 5, 8: 5, 9: 4}
"""Rough worth of each hotel entrance in krones (our estimate, for bidding)."""
KEEP_FOR_ROOMS = 6


def waltz_answer(state: GameState, index: int, actions: list[Action]) -> Action | None:
    """A rule answer to a Let's Waltz decision, or None for other decisions."""
    answer = WALTZ_ANSWERS.get(state.pending[-1].kind)
    if answer is None:
        return None
    if len(actions) == 1:
        return actions[0]
    return answer(state, index, actions)


def _choose_entrance(state: GameState, index: int, actions: list[Action]) -> Action:
    return max(actions, key=lambda a: (ENTRANCE_VALUE.get(a.args[0], 4), -a.args[0]))


def _couture_item(state: GameState, index: int, actions: list[Action]) -> Action:
    return max(actions, key=lambda a: (_items_missing(state, a.args[1]), -a.args[1]))


def _dustbin_die(state: GameState, index: int, actions: list[Action]) -> Action:
    waltz = state.waltz
    assert waltz is not None
    return min(actions, key=lambda a: (waltz.celebrities.chits[a.args[0]], a.args[0]))


def _key_action(state: GameState, index: int, actions: list[Action]) -> Action:
    scores = space_scores(state, index, 1)
    return max(actions, key=lambda a: (scores.get(a.args[0], 0.0), -a.args[0]))


def _return_item(state: GameState, index: int, actions: list[Action]) -> Action:
    need = cafe_needs(state.players[index])
    return min(actions, key=lambda a: (need[a.args[0]], -state.players[index].kitchen[a.args[0]]))


def _optional_draw(state: GameState, index: int, actions: list[Action]) -> Action:
    return first_of_kind(actions, "draw")


def _paid_guest(state: GameState, index: int, actions: list[Action]) -> Action:
    dear = [a for a in of_kind(actions, "guest") if a.args[1] > 1]
    return pick_guest(state, index, [a for a in actions if a not in dear] or actions)


def _swap_items(state: GameState, index: int, actions: list[Action]) -> Action:
    return _swap(state, index, actions, cafe_needs(state.players[index]))


def _auction(state: GameState, index: int, actions: list[Action]) -> Action:
    data = state.pending[-1].data
    money = state.players[index].money
    if data["lot"] is None:
        entrance = max(data["offer"], key=lambda e: (ENTRANCE_VALUE.get(e, 4), -e))
        return next(a for a in actions if a.args == (entrance, 0))
    rest = [e for e in data["offer"] if e != data["lot"]]
    fallback = min((ENTRANCE_VALUE.get(e, 4) for e in rest), default=0)
    worth = ENTRANCE_VALUE.get(data["lot"], 4) - fallback + 1
    limit = min(worth, money - KEEP_FOR_ROOMS)
    raise_to = data["bid"] + 1
    if raise_to <= limit:
        return next((a for a in of_kind(actions, "bid") if a.args[1] == raise_to), actions[-1])
    return first_of_kind(actions, "pass")


def _swap(state: GameState, index: int, actions: list[Action], need: list[int]) -> Action:
    data = state.pending[-1].data
    if data["phase"] == "give":
        spare = [a for a in of_kind(actions, "return") if need[a.args[0]] == 0]
        if spare:
            return spare[0]
        return first_of_kind(actions, "decline", actions[0])
    return max(actions, key=lambda a: (need[a.args[0]], -a.args[0]))


def _items_missing(state: GameState, table: int) -> int:
    """Items the solo opponent's café guest at `table` still needs (Hautel Couture)."""
    assert state.solo is not None
    cafe = state.players[state.solo.seat].cafe[table]
    if cafe.guest is None:
        return 0
    return sum(guests()[cafe.guest].order) - sum(cafe.served)


WALTZ_ANSWERS: dict[str, Callable[[GameState, int, list[Action]], Action]] = {
    "auction": _auction,
    "choose_entrance": _choose_entrance,
    "couture_item": _couture_item,
    "dustbin_die": _dustbin_die,
    "key_action": _key_action,
    "return_item": _return_item,
    "optional_draw": _optional_draw,
    "paid_guest": _paid_guest,
    "swap_items": _swap_items,
}
"""The quick answer of each Let's Waltz decision kind, by the kind (called with more than one legal answer)."""

WALTZ_KINDS = frozenset(WALTZ_ANSWERS)
"""The Let's Waltz decision kinds this module answers."""
