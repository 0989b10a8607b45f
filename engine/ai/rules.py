"""Fast rule answers for the small follow-up decisions (placing items, splits, rooms, staff, penalties...).

`rule_answer(state, index, actions)` picks one of `actions` for the follow-up decision on top of the stack without
looking ahead (no `apply`), or returns None for the decisions that need a look-ahead (the turn itself, the setup
guest, the Emperor/krones split, action 6's imitation, an extra action, a free guest, a 2015 penalty choice).
The greedy and strong players use these answers to finish a move quickly when they evaluate it.
"""

from __future__ import annotations

from engine.actions import Action
from engine.ai.evaluate import actions_left, checkin_value, money_cost, room_score, staff_play_value
from engine.cards import guests, hotel_rules, staff
from engine.hotel import layout
from engine.scoring import staff_points
from engine.state import OCCUPIED, PREPARED, GameState, PlayerState

LOOKAHEAD_KINDS = frozenset({"turn", "setup_guest", "split_emperor", "imitate", "extra_action", "free_guest",
                             "penalty_choice"})
"""Decisions answered by evaluating each option rather than by a rule."""


def cafe_needs(player: PlayerState) -> list[int]:
    """Items [strudel, cake, wine, coffee] the café guests still need beyond what the kitchen holds."""
    need = [0, 0, 0, 0]
    for table in player.cafe:
        if table.guest is None:
            continue
        order = guests()[table.guest].order
        for i in range(4):
            need[i] += order[i] - table.served[i]
    return [max(0, need[i] - player.kitchen[i]) for i in range(4)]


def _remaining_after(player: PlayerState, item: int, table: int) -> int:
    seat = player.cafe[table]
    assert seat.guest is not None
    order = guests()[seat.guest].order
    return sum(order) - sum(seat.served) - 1


def _place(state: GameState, index: int, actions: list[Action]) -> Action:
    player = state.players[index]
    best, best_key = None, None
    left = actions_left(state, index)
    for action in actions:
        if action.kind == "decline":
            continue
        item, table = action.args
        guest = player.cafe[table].guest
        assert guest is not None
        key = (-_remaining_after(player, item, table), checkin_value(guest, player, left))
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best if best is not None else actions[-1]


def _split(state: GameState, index: int, actions: list[Action], first: int) -> Action:
    need = cafe_needs(state.players[index])
    best, best_key = actions[0], (-1.0, -1)
    for action in actions:
        a, b = action.args[0], action.args[1]
        matched = min(a, need[first]) + min(b, need[first + 1]) * 1.01
        key = (matched, b)
        if key > best_key:
            best, best_key = action, key
    return best


def _rooms(state: GameState, index: int, actions: list[Action]) -> Action:
    player = state.players[index]
    left = actions_left(state, index)
    best, best_score = None, 0.0
    for action in actions:
        if action.kind != "room":
            continue
        space, cost = action.args
        score = room_score(player, space, left) - money_cost(player.money, cost, left)
        if best is None or score > best_score:
            best, best_score = action, score
    if best is not None and (best_score > 0.0 or state.phase == "setup"):
        return best
    return next((a for a in actions if a.kind == "decline"), actions[0])


def _staff(state: GameState, index: int, actions: list[Action]) -> Action:
    left = actions_left(state, index)
    money = state.players[index].money
    best, best_score = None, 0.0
    for action in actions:
        if action.kind != "play":
            continue
        card, price = action.args
        score = staff_play_value(card, state, index, left) - money_cost(money, price, left)
        if score > best_score:
            best, best_score = action, score
    if best is not None:
        return best
    return next((a for a in actions if a.kind == "decline"), actions[0])


def _occupy(state: GameState, index: int, actions: list[Action]) -> Action:
    player = state.players[index]
    plan = layout(player)
    needed = {guests()[t.guest].color for t in player.cafe if t.guest is not None}
    vacant_by_color: dict[str, int] = {}
    for s in range(20):
        if player.rooms[s] == PREPARED:
            vacant_by_color[plan.colors[s]] = vacant_by_color.get(plan.colors[s], 0) + 1
    bonus = hotel_rules().occupancy_bonus
    best, best_score = None, -99.0
    for action in actions:
        if action.kind != "occupy":
            continue
        space = action.args[0]
        color = plan.colors[space]
        group = plan.groups[plan.group_of[space]]
        score = float(space // 5 + 1)
        if all(player.rooms[s] == OCCUPIED for s in group if s != space):
            score += bonus[color][len(group) - 1]
        if color in needed and vacant_by_color.get(color, 0) <= 1:
            score -= 3.0
        if score > best_score:
            best, best_score = action, score
    return best if best is not None else actions[-1]


def _lowest_staff(state: GameState, index: int, actions: list[Action]) -> Action:
    left = actions_left(state, index)
    edition = state.config.edition

    def net(action: Action) -> float:
        card = int(action.args[0])
        return staff_play_value(card, state, index, left) - staff()[card].cost_in(edition)

    return min(actions, key=net)


def _choose_item(state: GameState, index: int, actions: list[Action]) -> Action:
    need = cafe_needs(state.players[index])
    return max(actions, key=lambda a: (need[a.args[0]], a.args[0] in (1, 3)))


def _fill(state: GameState, index: int, actions: list[Action]) -> Action:
    player = state.players[index]
    best, best_key = actions[-1], -1.0
    for action in actions:
        if action.kind != "fill":
            continue
        seat = player.cafe[action.args[0]]
        assert seat.guest is not None
        missing = sum(guests()[seat.guest].order) - sum(seat.served)
        if missing > best_key:
            best, best_key = action, float(missing)
    return best


def _remove_room(state: GameState, index: int, actions: list[Action]) -> Action:
    player = state.players[index]
    plan = layout(player)

    def damage(action: Action) -> float:
        space = int(action.args[0])
        group = plan.groups[plan.group_of[space]]
        full = all(player.rooms[s] == OCCUPIED for s in group)
        return (3.0 if full else 0.0) + 0.1 * space

    return min(actions, key=damage)


def _game_end_points(state: GameState, index: int, card: int) -> int:
    row = staff()[card].scoring
    if row is None or row["effect"] == "copy_opponent":
        return 4
    return staff_points(state, index, dict(row))


def rule_answer(state: GameState, index: int, actions: list[Action]) -> Action | None:
    """A quick answer to the follow-up decision on top of the stack, or None if it needs a look-ahead."""
    kind = state.pending[-1].kind
    if kind in LOOKAHEAD_KINDS:
        return None
    if len(actions) == 1:
        return actions[0]
    if kind in ("place_items", "serve"):
        return _place(state, index, actions)
    if kind == "split_dishes":
        return _split(state, index, actions, 0)
    if kind == "split_drinks":
        return _split(state, index, actions, 2)
    if kind == "prepare_rooms":
        return _rooms(state, index, actions)
    if kind in ("play_staff", "draw_play"):
        return _staff(state, index, actions)
    if kind == "return_cards":
        return actions[0]
    if kind == "choose_items":
        return _choose_item(state, index, actions)
    if kind == "fill_order":
        return _fill(state, index, actions)
    if kind == "occupy_rooms":
        return _occupy(state, index, actions)
    if kind == "conference":
        return next(a for a in actions if a.kind == "ignore")
    if kind == "return_hand":
        return _lowest_staff(state, index, actions)
    if kind in ("remove_vacant", "remove_occupied"):
        return _remove_room(state, index, actions)
    if kind == "discard_game_end":
        return min(actions, key=lambda a: _game_end_points(state, index, a.args[0]))
    if kind == "secretary":
        return max(actions, key=lambda a: _game_end_points(state, index, a.args[0]))
    return None
