"""A heuristic value of a game state for one player, in victory-point equivalents.

`evaluate(state, index)` = the projected score (`engine.projected_scores`: the score if the game ended now plus
the Emperor track VP still to come) plus estimates of what the player's holdings are still worth:

- krones beyond their 1 VP at the end (concave: the first few buy boosts, rooms, guests and staff);
- café guests: what the check-in brings (printed VP, reward, staff triggers, the room turning occupied, lifting
  the -5 VP café penalty, a flat bonus for the freed table and the room's progress) minus the price of what is
  still missing (each dish or drink still needed, serving from the kitchen, a room of the guest's colour and the
  krones to prepare it), if that is positive; guests whose orders cannot be filled with the main actions left
  count less, and so do guests whose serving and rooms the krones held cannot pay (`Weights.short_of_krones`);
- kitchen items a café guest still needs count toward that guest instead of 1 VP each;
- prepared rooms (a share of their floor VP, more for the first few: guests need them), partly filled groups;
- the Emperor track: the reward or penalty of the next Emperor scorings, with the steps still needed priced;
- staff: the future benefit of played permanent and once-per-round cards, the growth of game-end cards, and
  a share of what the cards in hand are worth;
- politics cards the player is close to claiming.

At the end of the game every estimate is zero and `evaluate` equals the final score, minus `W.cafe_aversion` for
each guest left in the café (the AI's dislike of leaving guests, which it counts throughout: a café guest it can
check in earns it back). The constants (`Weights`, in `engine.gah.ai.weights`) are rough; the main ones were tuned by
self-play (mean score of a reduced strong player) and checked with `bench/ai_ladder.py`. What a card row is worth
(rewards, staff abilities, game-end scoring, Emperor tiles, politics progress) is read through the engine's
behaviour registry: `engine.gah.ai.values`.
"""

from __future__ import annotations

import math
from functools import cache

from engine.gah.ai.values import (
    checkin_value,
    politics_need,
    politics_progress,
    staff_future,
    staff_play_value,
    tile_stakes,
)
from engine.gah.ai.weights import (
    W,
    actions_before_scoring,
    actions_left,
    money_cost,
    money_extra,
    money_rate,
    my_turn_open,
)
from engine.gah.behaviours import SERVING_FEE, adjust
from engine.gah.cards import (
    EMPEROR_RETREAT,
    EMPEROR_TRACK_VP,
    emperor_tiles,
    guests,
    hotel_rules,
    politics,
    politics_vp,
    staff,
)
from engine.gah.hotel import layout, preparable_spaces, room_cost
from engine.gah.scoring import CAFE_PENALTY, remaining_scorings, secretary_choices, staff_points
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, GameState, PlayerState

FLOOR_VP: tuple[int, ...] = hotel_rules().floor_end_vp
ENDGAME_ACTIONS = 3
"""With this many main actions left (the last round and the last action before it), a café guest counts only if
the actions, krones and rooms left can still complete, serve and check them in; otherwise they count as the -5 VP
they will cost. Over 96 seeded solo games against Leopold on hard (reduced strong search), 3 instead of 2 with
`Weights.cafe_aversion` 5 and `Weights.rare_share` 0.35 left café guests in 8 games instead of 25 and scored 4.6 VP
more (bench/ai_ladder.py has the full-strength figures)."""


def hand_value(state: GameState, index: int, actions: int) -> float:
    """A share of the net value of the staff cards in hand (they cost an action or a reward to play)."""
    if actions <= 0:
        return 0.0
    player = state.players[index]
    edition = state.config.edition
    total = 0.0
    for card_id in player.hand:
        if card_id == 0:
            total += 0.8
            continue
        net = staff_play_value(card_id, state, index, actions) - staff()[card_id].cost_in(edition) * money_rate(actions)
        total += W.hand_share * max(0.0, net) + 0.2
    return total * min(1.0, actions / 3)


# ----- the café ---------------------------------------------------------------------------------------------


def _cheapest_rooms(player: PlayerState) -> dict[str, int]:
    """Krones for the cheapest room of each colour that can be prepared now ("green": of any colour); a colour is
    missing when none of its spaces lies next to a room yet (rulebook 2015, action 3: rooms are prepared next to
    rooms already there, at their floor's cost)."""
    colors = layout(player).colors
    cheapest: dict[str, int] = {}
    for space in preparable_spaces(player):
        price = room_cost(player, space)
        for color in (colors[space], "green"):
            cheapest[color] = min(price, cheapest.get(color, price))
    return cheapest


def room_in_reach(player: PlayerState, color: str) -> bool:
    """Whether a guest of `color` ("green": any room) has a room: a vacant one, or one that can be prepared now
    (next to the rooms already there)."""
    colors = layout(player).colors
    if any(player.rooms[s] == PREPARED and color in (colors[s], "green") for s in range(20)):
        return True
    return color in _cheapest_rooms(player)


def _cafe_value(state: GameState, index: int, actions: int, turn_open: bool,
                items_per_action: float | None = None, endgame_actions: int = ENDGAME_ACTIONS) -> tuple[float, float]:
    """(value of the café guests above the -5 VP penalty already projected, correction for kitchen items).

    `items_per_action`: dishes or drinks one main action is expected to bring (default `W.items_per_action`).
    `endgame_actions`: from this many main actions left on, a guest counts only if it can surely be finished.
    """
    per_action = W.items_per_action if items_per_action is None else items_per_action
    player = state.players[index]
    tables = [(t, table) for t, table in enumerate(player.cafe) if table.guest is not None]
    if not tables:
        return 0.0, 0.0
    can_act = actions > 0 or turn_open
    kitchen = list(player.kitchen)
    infos = []
    for _, table in tables:
        guest = guests()[table.guest]  # type: ignore[index]
        need = [guest.order[i] - table.served[i] for i in range(4)]
        infos.append((guest, need))
    # kitchen items go to the guests closest to completion first
    order = sorted(range(len(infos)), key=lambda k: sum(infos[k][1]))
    covered = [0] * len(infos)
    missing = [0] * len(infos)
    missing_dishes = [0] * len(infos)
    missing_rare = [[0, 0] for _ in infos]  # cake, coffee
    missing_cost = [0.0] * len(infos)
    base = W.item_cost + W.item_cost_late * (1.0 - min(actions, 14) / 14)
    costs = (base, base * W.rare_factor, base, base * W.rare_factor)
    for k in order:
        need = infos[k][1]
        for i in range(4):
            take = min(need[i], kitchen[i])
            kitchen[i] -= take
            covered[k] += take
            missing[k] += need[i] - take
            missing_cost[k] += costs[i] * (need[i] - take)
            if i < 2:
                missing_dishes[k] += need[i] - take
            if i in (1, 3):
                missing_rare[k][i // 2] += need[i] - take
    # rooms: vacant rooms per colour (best floor first), assigned to guests that are nearest to completion
    colors = layout(player).colors
    vacant: dict[str, list[int]] = {"red": [], "blue": [], "yellow": []}
    for space in range(19, -1, -1):
        if player.rooms[space] == PREPARED:
            vacant[colors[space]].append(FLOOR_VP[space // 5])
    room_floor: list[int | None] = [None] * len(infos)
    for k in sorted(order, key=lambda k: infos[k][0].color == "green"):
        color = infos[k][0].color
        if color == "green":
            color = max(vacant, key=lambda c: vacant[c][0] if vacant[c] else 0)
        if vacant[color]:
            room_floor[k] = vacant[color].pop(0)
    # krones for the room a guest without one still needs (None: no room of that colour can be prepared yet)
    cheapest = _cheapest_rooms(player) if None in room_floor else {}
    room_price = [cheapest.get(infos[k][0].color) if room_floor[k] is None else 0 for k in range(len(infos))]
    total = 0.0
    kitchen_fix = 0.0
    share = min(0.8, W.room_share * actions)
    # capacity: guests nearest to completion first; each main action brings dishes or drinks, not both
    feasible = [0.0] * len(infos)
    if can_act:
        endgame = actions <= endgame_actions
        fee = adjust(player, SERVING_FEE, 1)
        dishes = drinks = cakes = coffees = served = room_krones = 0
        rooms_needed = False
        # an action of strength s brings at most s/2 cakes (or coffees): never more than strudel (or wine)
        rare_per_action = W.rare_share * per_action
        for k in sorted(range(len(infos)), key=lambda k: missing[k]):
            dishes += missing_dishes[k]
            drinks += missing[k] - missing_dishes[k]
            cakes += missing_rare[k][0]
            coffees += missing_rare[k][1]
            required = (max(math.ceil(dishes / per_action), math.ceil(cakes / rare_per_action))
                        + max(math.ceil(drinks / per_action), math.ceil(coffees / rare_per_action)))
            # krones to serve from the kitchen and to prepare the rooms of this guest and of those nearer completion
            served += covered[k]
            rooms_needed = rooms_needed or room_floor[k] is None
            price = room_price[k]
            room_krones += price or 0
            short = fee * math.ceil(served / 3) + room_krones > player.money
            if endgame:
                # the last main actions: every guest must be completed, served and checked in with what is left
                required += rooms_needed + (price is None) + short
                feasible[k] = 0.0 if required > actions else (W.short_of_krones_endgame if short else 1.0)
            else:
                feasible[k] = 1.0 if missing[k] == 0 or required <= actions else 0.25 * actions / required
                if short:
                    feasible[k] *= W.short_of_krones
    for k, (guest, _) in enumerate(infos):
        if not can_act or feasible[k] == 0.0:
            continue  # a guest who will stay in the café: the kitchen items keep their 1 VP
        kitchen_fix -= covered[k]  # projected counted them as 1 VP each in the kitchen
        net = checkin_value(guest.id, player, actions) + CAFE_PENALTY + W.cafe_aversion + W.checkin_bonus
        net -= missing_cost[k] + W.serve_cost * covered[k]
        q = feasible[k]
        floor_vp = room_floor[k]
        if floor_vp is not None:
            # the room turns occupied: its floor VP, minus what the evaluation counted for it as a vacant room
            net += (1.0 - share) * floor_vp - W.vacant_room * min(1.0, actions / 4)
        else:
            if actions <= 0:
                continue
            price = room_price[k]
            net += (1.0 - share) * 1.5 - W.room_cost
            net -= W.room_cost if price is None else money_cost(player.money, price, actions)
            q *= 0.9 if actions >= 2 else 0.6
        if net > 0:
            total += q * net
    return total, kitchen_fix


# ----- rooms ------------------------------------------------------------------------------------------------


@cache
def _group_bonus_value() -> dict[tuple[str, int], float]:
    rules = hotel_rules()
    result = {}
    for color, values in rules.occupancy_bonus.items():
        for size, amount in enumerate(values, start=1):
            factor = 1.0 if color == "blue" else (1.3 if color == "red" else 0.9)
            result[(color, size)] = amount * factor
    return result


def _rooms_value(player: PlayerState, actions: int) -> float:
    share = min(0.8, W.room_share * actions)
    if share <= 0:
        return 0.0
    value = 0.0
    rooms = player.rooms
    ready = 0
    useful = sum(1 for table in player.cafe if table.guest is not None) + W.rooms_ahead
    for space in range(20):
        if rooms[space] == PREPARED:
            value += share * FLOOR_VP[space // 5] + (W.vacant_room if ready < useful else 0.3) * min(1.0, actions / 4)
            ready += 1
    plan = layout(player)
    bonus = _group_bonus_value()
    for group in plan.groups:
        done = sum(1 for s in group if rooms[s] == OCCUPIED)
        if done == len(group):
            continue
        ready = sum(1 for s in group if rooms[s] == PREPARED)
        if done + ready == 0:
            continue
        color = plan.colors[group[0]]
        value += share * W.group_share * bonus[(color, len(group))] * (done + 0.5 * ready) / len(group)
    return value


# ----- Emperor track ----------------------------------------------------------------------------------------


def _emperor_value(state: GameState, index: int) -> float:
    """Expected reward minus penalty of the next Emperor scorings, with the steps still needed priced in."""
    nxt = actions_before_scoring(state, index)
    if nxt is None:
        return 0.0
    before, scoring = nxt
    pos = state.players[index].emperor
    value = 0.0
    weight = 1.0
    for later in [r for r in (3, 5, 7) if r >= scoring]:
        retreat = EMPEROR_RETREAT[later]
        tile = emperor_tiles()[state.emperor_tiles[(3, 5, 7).index(later)]]
        reward, penalty = tile_stakes(tile, state.players[index], actions_left(state, index))
        need_safe = retreat + 1 - pos
        need_reward = retreat + 3 - pos
        if before <= 0 and later == scoring:
            if need_safe > 0:
                value -= penalty
            if need_reward <= 0:
                value += reward
        else:
            if need_safe > 0:
                value -= weight * min(penalty, W.step_cost * need_safe)
            value += weight * max(0.0, reward - W.step_cost * max(0, need_reward))
        pos = max(0, pos - retreat)
        weight *= 0.4
    return value


# ----- politics ---------------------------------------------------------------------------------------------


def _politics_value(state: GameState, index: int, actions: int) -> float:
    """Politics cards not yet claimed: the VP of the next free space, times how near the player is.

    Near is measured in main actions still needed (`engine.gah.ai.values.politics_need`): the full share with none
    needed, nothing with `W.politics_horizon` or more (or more than the actions left). Each action of progress is
    then worth about the same, so a card is worked toward early, before an opponent claims the 15 VP space (on
    hard, Leopold claims his first card in round 4). Conditions without an estimate of the actions count by
    their progress to `W.politics_power`.
    """
    if actions <= 0:
        return 0.0
    ladder = politics_vp()
    horizon = min(float(actions), W.politics_horizon)
    value = 0.0
    for slot, card_id in enumerate(state.politics):
        claims = state.politics_claims[slot]
        if index in claims or len(claims) >= len(ladder):
            continue
        condition = politics()[card_id].condition
        need = politics_need(state, index, condition)
        trust = 0.6 if condition["effect"] == "krones_at_least" else 1.0  # krones get spent: a weak plan
        if need is not None:
            value += trust * W.politics_share * ladder[len(claims)] * max(0.0, 1.0 - need / horizon)
            continue
        progress = politics_progress(state, index, condition)
        if progress >= 1.0:
            value += ladder[len(claims)] * 0.9
            continue
        value += trust * W.politics_share * ladder[len(claims)] * progress ** W.politics_power * min(1.0, actions / 4)
    return value


# ----- the whole evaluation ---------------------------------------------------------------------------------


def projected_total(state: GameState, index: int) -> int:
    """`projected_scores(state)[name].total` for one player, computed without scoring everybody.

    Mirrors `engine.gah.scoring.projected_scores` (tests/ai check that they agree): VP so far, the Emperor
    scorings still to come from the current position, game-end staff (the Secretary's best copy), occupied
    rooms by floor, krones, kitchen items and -5 per café guest.
    """
    player = state.players[index]
    position, future = player.emperor, 0
    for scoring_round in remaining_scorings(state):
        future += EMPEROR_TRACK_VP[position]
        position = max(0, position - EMPEROR_RETREAT[scoring_round])
    total = sum(player.vp_sources.values()) + future
    table = staff()
    for card in player.played:
        row = table[card].scoring
        if table[card].kind != "game_end" or row is None:
            continue
        if row["effect"] != "copy_opponent":
            total += staff_points(state, index, row, position)
            continue
        options = [player.secretary_copy] if player.secretary_copy is not None else secretary_choices(state, index)
        total += max((staff_points(state, index, table[c].scoring or {}, position) for c in options), default=0)
    rooms = player.rooms
    total += sum(FLOOR_VP[space // 5] for space in range(20) if rooms[space] == OCCUPIED)
    total += player.money + sum(player.kitchen)
    total -= CAFE_PENALTY * guests_waiting(player)
    return total


def evaluate_all(state: GameState) -> list[float]:
    """`evaluate` for every seat, in seat order."""
    return [evaluate(state, i) for i in range(len(state.players))]


def evaluate(state: GameState, index: int, items_per_action: float | None = None,
             endgame_actions: int = ENDGAME_ACTIONS) -> float:
    """The heuristic value of `state` for the player at seat `index` (VP equivalents).

    `items_per_action`: the dishes or drinks one main action is expected to bring when judging whether the café
    guests can still be completed (default `W.items_per_action`; the expert level passes its own by player count).
    `endgame_actions`: main actions left from which a café guest counts only if the actions, krones and rooms
    left can surely complete, serve and check it in (default `ENDGAME_ACTIONS`; the greedy level looks further).
    After the game: the final score minus `W.cafe_aversion` per guest left in the café.
    """
    aversion = W.cafe_aversion * guests_waiting(state.players[index])
    potential = _potential(state, index, items_per_action, endgame_actions)
    return projected_total(state, index) + potential - aversion


def guests_waiting(player: PlayerState) -> int:
    """Guests in the player's café (each costs 5 VP if still there at game end)."""
    return sum(1 for table in player.cafe if table.guest is not None)


def _potential(state: GameState, index: int, items_per_action: float | None = None,
               endgame_actions: int = ENDGAME_ACTIONS) -> float:
    if state.phase in ("final", "over"):
        return 0.0
    player = state.players[index]
    actions = actions_left(state, index)
    turn_open = my_turn_open(state, index)
    value = 0.0
    money = player.money
    value += money_extra(money, actions)
    cafe, kitchen_fix = _cafe_value(state, index, actions, turn_open, items_per_action, endgame_actions)
    value += cafe + kitchen_fix
    value += _rooms_value(player, actions)
    value += W.emperor_scale * _emperor_value(state, index)
    for card_id in player.played:
        value += W.staff_scale * staff_future(card_id, state, index, actions)
    value += hand_value(state, index, actions)
    value += _politics_value(state, index, actions)
    return value


def room_score(player: PlayerState, space: int, actions: int) -> float:
    """How good preparing `space` is for the player (rules use it; higher is better, cost not included)."""
    colors = layout(player).colors
    color = colors[space]
    wanted = 0.0
    vacant = {"red": 0, "blue": 0, "yellow": 0}
    for s in range(20):
        if player.rooms[s] == PREPARED:
            vacant[colors[s]] += 1
    for table in player.cafe:
        if table.guest is None:
            continue
        gcolor = guests()[table.guest].color
        if gcolor == color and vacant[color] == 0:
            wanted += W.room_cost
        elif gcolor == "green" and sum(vacant.values()) == 0:
            wanted += 1.0
    share = min(0.8, W.room_share * actions)
    score = wanted + share * FLOOR_VP[space // 5] + hotel_rules().vp_badges.get(space, 0)
    useful = sum(1 for table in player.cafe if table.guest is not None) + W.rooms_ahead
    score += (W.vacant_room if sum(vacant.values()) < useful else 0.3) * min(1.0, actions / 4)
    plan = layout(player)
    group = plan.groups[plan.group_of[space]]
    filled = sum(1 for s in group if player.rooms[s] != EMPTY)
    score += 0.5 * filled / len(group)
    return score


__all__ = [
    "actions_before_scoring",
    "actions_left",
    "checkin_value",
    "evaluate",
    "evaluate_all",
    "hand_value",
    "money_cost",
    "money_rate",
    "projected_total",
    "room_in_reach",
    "room_score",
    "staff_play_value",
]
