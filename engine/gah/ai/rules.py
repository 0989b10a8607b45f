"""Fast rule answers (no look-ahead, no `apply`): follow-up decisions, and whole turns for cheap play-outs.

- `rule_answer(state, index, actions)`: placing and serving items, splits of actions 1 and 2, rooms, staff to
  play or to return, the draft, items of one's choice, the Porter, occupying rooms, Emperor penalties, the
  Secretary. Returns None for the decisions that deserve a look-ahead (the turn, the setup guest, the Emperor
  split, action 6's imitation, an extra action, a free guest, a 2015 penalty choice).
- `quick_answer`: `rule_answer`, with rough rules for those look-ahead decisions too.
- `rule_turn`: a whole turn by rules (check in, complete orders, a good guest, a suitable die).

The greedy and strong players use them to finish a move quickly when they evaluate it, and the strong player's
play-outs use them for the other players.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah.ai.answer_registry import LOOKAHEAD_QUICK, RULE_ANSWERS, register_answers
from engine.gah.ai.common_answers import decline_or_first as _decline_or_first
from engine.gah.ai.common_answers import pick_guest as _pick_guest
from engine.gah.ai.common_answers import space_scores as _space_scores
from engine.gah.ai.evaluate import (
    actions_before_scoring,
    actions_left,
    checkin_value,
    money_cost,
    room_score,
    staff_play_value,
)
from engine.gah.ai.kinds import first_of_kind, of_kind, other_than
from engine.gah.ai.values import cafe_needs
from engine.gah.ai.waltz import WALTZ_ANSWERS
from engine.gah.cards import EMPEROR_RETREAT, guests, hotel_rules, staff
from engine.gah.hotel import layout
from engine.gah.payloads import (
    CONFERENCE,
    DISCARD_GAME_END,
    DRAFT,
    DRAW_PLAY,
    EXTRA_ACTION,
    FILL_ORDER,
    FREE_GUEST,
    IMITATE,
    OCCUPY_ROOMS,
    PENALTY_CHOICE,
    PLACE_ITEMS,
    PLAY_STAFF,
    PREPARE_ROOMS,
    REMOVE_OCCUPIED,
    REMOVE_VACANT,
    RETURN_CARDS,
    RETURN_HAND,
    SECRETARY,
    SERVE,
    SETUP_GUEST,
    SOLO_STAFF,
    SPLIT_DISHES,
    SPLIT_DRINKS,
    SPLIT_EMPEROR,
    TURN,
)
from engine.gah.scoring import staff_points
from engine.gah.state import OCCUPIED, PREPARED, GameState, PlayerState


def _remaining_after(player: PlayerState, item: int, table: int) -> int:
    seat = player.cafe[table]
    assert seat.guest is not None
    order = guests()[seat.guest].order
    return sum(order) - sum(seat.served) - 1


def _place(state: GameState, index: int, actions: list[Action]) -> Action:
    player = state.players[index]
    best, best_key = None, None
    left = actions_left(state, index)
    for action in other_than(actions, "decline"):
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
    for action in of_kind(actions, "room"):
        space, cost = action.args
        score = room_score(player, space, left) - money_cost(player.money, cost, left)
        if best is None or score > best_score:
            best, best_score = action, score
    if best is not None and (best_score > 0.0 or state.phase == "setup"):
        return best
    return _decline_or_first(actions)


def _staff(state: GameState, index: int, actions: list[Action]) -> Action:
    left = actions_left(state, index)
    money = state.players[index].money
    best, best_score = None, 0.0
    for action in of_kind(actions, "play"):
        card, price = action.args
        score = staff_play_value(card, state, index, left) - money_cost(money, price, left)
        if score > best_score:
            best, best_score = action, score
    if best is not None:
        return best
    return _decline_or_first(actions)


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
    for action in of_kind(actions, "occupy"):
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


def _best_draft(state: GameState, index: int, actions: list[Action]) -> Action:
    """Staff draft: keep the card with the best value for its price (draft actions carry (seat, card))."""
    left = actions_left(state, index)
    edition = state.config.edition

    def net(action: Action) -> float:
        card = int(action.args[1])
        return staff_play_value(card, state, index, left) - staff()[card].cost_in(edition)

    return max(actions, key=net)


def _fill(state: GameState, index: int, actions: list[Action]) -> Action:
    player = state.players[index]
    best, best_key = actions[-1], -1.0
    for action in of_kind(actions, "fill"):
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


def quick_answer(state: GameState, index: int, actions: list[Action]) -> Action:
    """A rule answer even for the decisions that normally get a look-ahead (for cheap play-outs)."""
    choice = rule_answer(state, index, actions)
    if choice is not None:
        return choice
    return LOOKAHEAD_QUICK.get(state.pending[-1].kind, _first_taken)(state, index, actions)


def _first_taken(state: GameState, index: int, actions: list[Action]) -> Action:
    """The first answer that is not "do nothing more" (or the only one)."""
    return next(iter(other_than(actions, "decline")), actions[0])


def _split_emperor(state: GameState, index: int, actions: list[Action]) -> Action:
    """Enough Emperor steps for the next scoring's reward (or at least to avoid its penalty), the rest krones."""
    player = state.players[index]
    strength = max(a.args[0] for a in actions)
    upcoming = actions_before_scoring(state, index)
    steps = strength
    if upcoming is not None and player.money < 15:
        retreat = EMPEROR_RETREAT[upcoming[1]]
        need = max(0, retreat + 3 - player.emperor)
        if need > strength:
            need = max(0, retreat + 1 - player.emperor)
        steps = min(strength, need)
    return next((a for a in actions if a.args[0] == steps), actions[0])


def _pick_space(state: GameState, index: int, actions: list[Action]) -> Action:
    strength = int(state.pending[-1].data.get("strength", 2))
    scores = _space_scores(state, index, strength)
    scored = [(scores.get(int(a.args[0]), 0.5), -k, a) for k, a in enumerate(other_than(actions, "decline"))]
    return max(scored)[2] if scored else actions[-1]


def rule_turn(state: GameState, index: int, actions: list[Action]) -> Action:
    """A quick turn without look-ahead (for cheap play-outs of other players' turns).

    Check in, serve to complete an order, use once-per-round staff, take the best affordable display guest
    before the die, then the die whose action suits the hotel best (boosted when krones allow), then end.
    """
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    if "checkin" in by_kind:
        return by_kind["checkin"][0]
    player = state.players[index]
    for action in by_kind.get("serve", ()):
        seat = player.cafe[action.args[1]]
        if seat.guest is not None:
            order = guests()[seat.guest].order
            if all(order[i] - seat.served[i] <= player.kitchen[i] for i in range(4)):
                return action
    if "use" in by_kind:
        return by_kind["use"][0]
    if "guest" in by_kind:
        left = actions_left(state, index)
        best, best_score = None, 0.0
        for action in by_kind["guest"]:
            guest = state.display[int(action.args[0])]
            if guest is None:
                continue
            score = checkin_value(guest, player, left) - 1.5 * sum(guests()[guest].order) - 1.5 * action.args[1]
            if score > best_score:
                best, best_score = action, score
        if best is not None:
            return best
    if "die" in by_kind:
        scored = []
        for k, action in enumerate(by_kind["die"]):
            space, boost = int(action.args[0]), int(action.args[1])
            strength = state.dice[space - 1] + boost
            if space == 6:
                value = max(_space_scores(state, index, strength).values()) - 1.0
            else:
                value = _space_scores(state, index, strength)[space]
            value -= boost * (0.5 if player.money >= 6 else 2.0)
            if len(action.args) > 2 and action.args[2] >= 0 and state.waltz is not None:  # a coloured die
                value += state.waltz.celebrities.chits[action.args[2]] - 0.8 * (state.dice[space - 1] - 1)
            scored.append((value, -k, action))
        return max(scored)[2]
    if "end" in by_kind:
        return by_kind["end"][0]
    return next(iter(other_than(actions, "pass")), actions[0])


def settled_answer(state: GameState, index: int, actions: list[Action]) -> Action | None:
    """The rule answer if the decision on top of the stack is one of `RULE_ONLY_KINDS` (answered by the rule
    alone, without evaluating the options), else None."""
    return rule_answer(state, index, actions) if state.pending[-1].kind in RULE_ONLY_KINDS else None


def rule_answer(state: GameState, index: int, actions: list[Action]) -> Action | None:
    """A quick answer to the follow-up decision on top of the stack, or None if it needs a look-ahead."""
    answer = RULE_ANSWERS.get(state.pending[-1].kind)
    if answer is None:
        return None
    if len(actions) == 1:
        return actions[0]
    return answer(state, index, actions)


def _split_dishes(state: GameState, index: int, actions: list[Action]) -> Action:
    return _split(state, index, actions, 0)


def _split_drinks(state: GameState, index: int, actions: list[Action]) -> Action:
    return _split(state, index, actions, 2)


def _first(state: GameState, index: int, actions: list[Action]) -> Action:
    return actions[0]


def _ignore(state: GameState, index: int, actions: list[Action]) -> Action:
    return first_of_kind(actions, "ignore")


def _discard_game_end(state: GameState, index: int, actions: list[Action]) -> Action:
    return min(actions, key=lambda a: _game_end_points(state, index, a.args[0]))


def _secretary(state: GameState, index: int, actions: list[Action]) -> Action:
    return max(actions, key=lambda a: _game_end_points(state, index, a.args[0]))


register_answers({
    **WALTZ_ANSWERS,  # Let's Waltz decisions (engine.gah.ai.waltz)
    PLACE_ITEMS: _place,
    SERVE: _place,
    SPLIT_DISHES: _split_dishes,
    SPLIT_DRINKS: _split_drinks,
    PREPARE_ROOMS: _rooms,
    PLAY_STAFF: _staff,
    DRAW_PLAY: _staff,
    RETURN_CARDS: _first,
    FILL_ORDER: _fill,
    OCCUPY_ROOMS: _occupy,
    CONFERENCE: _ignore,
    RETURN_HAND: _lowest_staff,
    SOLO_STAFF: _lowest_staff,
    DRAFT: _best_draft,
    REMOVE_VACANT: _remove_room,
    REMOVE_OCCUPIED: _remove_room,
    DISCARD_GAME_END: _discard_game_end,
    SECRETARY: _secretary,
})
# The rule answers of the follow-up decisions that need no look-ahead (a card effect's own kind may be answered
# beside its estimate in engine.gah.ai.values, as CHOOSE_ITEMS is).

register_answers({
    TURN: _first_taken,
    SETUP_GUEST: _pick_guest,
    SPLIT_EMPEROR: _split_emperor,
    IMITATE: _pick_space,
    EXTRA_ACTION: _pick_space,
    FREE_GUEST: _pick_guest,
    PENALTY_CHOICE: _first_taken,
}, lookahead=True)
# The rough quick answers of the kinds answered by evaluating each option rather than by a rule (for cheap
# play-outs).

RULE_ONLY_KINDS = frozenset({PLACE_ITEMS, SERVE, RETURN_CARDS, CONFERENCE, DRAFT, "auction", "dustbin_die",
                             "choose_entrance", "couture_item"})
"""Decisions the greedy and strong players answer by the quick rule alone (the draft also because others may be
choosing at the same time; "auction", "dustbin_die", "choose_entrance" and "couture_item" are Let's Waltz
decisions, see engine.gah.ai.waltz)."""

