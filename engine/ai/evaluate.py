"""A heuristic value of a game state for one player, in victory-point equivalents.

`evaluate(state, index)` = the projected score (`engine.projected_scores`: the score if the game ended now plus
the Emperor track VP still to come) plus estimates of what the player's holdings are still worth:

- krones beyond their 1 VP at the end (concave: the first few buy boosts, rooms, guests and staff);
- café guests: what the check-in brings (printed VP, reward, staff triggers, the room turning occupied, lifting
  the -5 VP café penalty, a flat bonus for the freed table and the room's progress) minus the price of what is
  still missing (each dish or drink still needed, serving from the kitchen, a room of the guest's colour), if
  that is positive; guests whose orders cannot be filled with the main actions left count less;
- kitchen items a café guest still needs count toward that guest instead of 1 VP each;
- prepared rooms (a share of their floor VP, more for the first few: guests need them), partly filled groups;
- the Emperor track: the reward or penalty of the next Emperor scorings, with the steps still needed priced;
- staff: the future benefit of played permanent and once-per-round cards, the growth of game-end cards, and
  a share of what the cards in hand are worth;
- politics cards the player is close to claiming.

At the end of the game every estimate is zero and `evaluate` equals the final score. The constants (`Weights`)
are rough; the main ones were tuned by self-play (mean score of a reduced strong player) and checked with
`bench/ai_ladder.py`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.cards import EMPEROR_RETREAT, EMPEROR_TRACK_VP, emperor_tiles, guests, hotel_rules, staff
from engine.hotel import full_groups, layout, occupied_by_color, room_tiles
from engine.scoring import CAFE_PENALTY, politics_condition_met, remaining_scorings, secretary_choices, staff_points
from engine.state import EMPTY, OCCUPIED, PREPARED, GameState, PlayerState

FLOOR_VP: tuple[int, ...] = hotel_rules().floor_end_vp


@dataclass(frozen=True)
class Weights:
    """Tunable constants of the evaluation."""

    money_extra: float = 0.09
    """Extra value per krone per remaining main action (capped at 8 actions): krones buy things while you can act."""
    money_low: float = 1.3
    """Weight of the first 4 krones in `money_extra` (the next 4 weigh 1, then 0.5, then 0.15)."""
    item_cost: float = 1.2
    """VP-equivalent cost of a dish or drink a café guest still needs (a share of a main action)."""
    item_cost_late: float = 1.0
    """Extra item cost as the main actions run out (scaled by the share of the game already played)."""
    rare_factor: float = 1.6
    """Cake and coffee cost this much more than strudel and wine (an action never gives more of them)."""
    serve_cost: float = 0.4
    """Cost of serving an item that is already in the kitchen."""
    room_cost: float = 3.0
    """Cost of a café guest having no vacant room of its colour yet."""
    vacant_room: float = 1.5
    """Value of a prepared room beyond its share of floor VP (a guest can move in), for the first few rooms."""
    rooms_ahead: int = 3
    """Prepared rooms worth `vacant_room` beyond one per café guest."""
    items_per_action: float = 2.5
    """Dishes or drinks one main action brings, for judging whether the café can still be completed."""
    step_cost: float = 1.67
    """VP-equivalent cost of an Emperor step still needed to avoid a penalty or earn a reward."""
    room_share: float = 0.08
    """Share of a prepared room's floor VP counted per remaining main action (capped at 0.8)."""
    hand_share: float = 0.35
    """Share of a hand card's net value counted (it still has to be played)."""
    politics_share: float = 0.7
    """Share of a politics card's VP credited, times the progress toward its condition to `politics_power`."""
    politics_power: float = 3.0
    emperor_scale: float = 1.0
    """Multiplier of the next Emperor scorings' reward/penalty estimate."""
    staff_scale: float = 1.0
    """Multiplier of the future benefit of played staff."""
    reward_scale: float = 1.0
    """Multiplier of a guest's reward when judging a café guest."""
    group_share: float = 0.5
    """Share of a room group's occupancy bonus credited to partly filled groups."""
    checkin_bonus: float = 3.0
    """Value of a café guest's check-in beyond its card and the room's floor VP: the table is free for the next
    guest, and the occupied room counts toward groups, politics cards and game-end staff. Without it the strong
    player took few guests (6-7 check-ins a game); 3 gave 122 ± 10 VP against 110 ± 7 over 40 games."""


W = Weights()


# ----- timing ------------------------------------------------------------------------------------------------


def actions_left(state: GameState, index: int) -> int:
    """Main actions (dice) the player still takes this game: 2 per round, minus those taken this round."""
    if state.phase == "setup":
        return 14
    if state.phase in ("final", "over"):
        return 0
    this_round = max(0, 2 - len(state.players[index].covered)) if state.phase == "play" else 0
    return this_round + 2 * (7 - state.round)


def actions_before_scoring(state: GameState, index: int) -> tuple[int, int] | None:
    """(actions before the next Emperor scoring, its round), or None if no scoring is left."""
    if state.phase in ("final", "over"):
        return None
    current = max(state.round, 1)
    for scoring in (3, 5, 7):
        if scoring > current or (scoring == current and state.phase in ("setup", "play")):
            this_round = 0
            if state.phase == "play":
                this_round = max(0, 2 - len(state.players[index].covered))
            elif state.phase == "setup":
                this_round = 2
            return this_round + 2 * (scoring - current), scoring
    return None


def my_turn_open(state: GameState, index: int) -> bool:
    """Whether the player is in the middle of their turn (can still serve and check in)."""
    return state.turn is not None and state.turn.player == index and state.phase == "play"


# ----- card values --------------------------------------------------------------------------------------------


def money_rate(actions: int) -> float:
    """Value of one krone (below the soft cap) with `actions` main actions left."""
    return 1.0 + W.money_extra * min(actions, 8)


def money_cost(money: int, cost: int, actions: int) -> float:
    """VP-equivalent of paying `cost` krones out of `money` (1 VP each plus the lost `money_extra`)."""
    if cost <= 0:
        return 0.0
    return cost + money_extra(money, actions) - money_extra(max(0, money - cost), actions)


def money_extra(money: int, actions: int) -> float:
    """Value of holding `money` krones beyond their 1 VP each at the end: concave, fading as actions run out."""
    scale = W.money_extra * min(actions, 8)
    if scale <= 0:
        return 0.0
    low = min(money, 4)
    mid = min(max(money - 4, 0), 4)
    high = min(max(money - 8, 0), 4)
    top = max(money - 12, 0)
    return scale * (W.money_low * low + mid + 0.5 * high + 0.15 * top)


def reward_value(row: dict[str, Any], player: PlayerState, actions: int) -> float:
    """Rough VP-equivalent of one reward or effect row for the player."""
    kind = row["effect"]
    later = min(1.0, actions / 4)
    if kind == "krones":
        return float(row["amount"]) * money_rate(actions)
    if kind == "emperor":
        return float(row["steps"]) * (0.6 + 0.6 * later)
    if kind == "vp":
        return float(row["amount"])
    if kind == "items":
        return sum(float(row.get(item, 0)) for item in ("strudel", "cake", "wine", "coffee")) * 1.4
    if kind == "any_items":
        return float(row["count"]) * 1.5
    if kind == "draw_staff":
        return float(row["count"]) * 0.9 * later
    if kind == "prepare_rooms":
        per = 2.5 if row.get("free") else 0.8 + 0.6 * sum(row["discounts"]) / max(1, len(row["discounts"]))
        if row.get("occupy"):
            per += 2.0
        return per * len(row["discounts"]) * (0.4 + 0.6 * later)
    if kind == "occupy_rooms":
        vacant = sum(1 for s in player.rooms if s == PREPARED)
        return 2.2 * min(int(row["count"]), vacant) + 0.5
    if kind == "play_staff":
        if not player.hand:
            return 0.3
        per = 4.0 if row.get("free") else 1.5 + 0.7 * float(row.get("discount", 0))
        return per * min(int(row.get("count", 1)), len(player.hand)) * later
    if kind == "draw_play_staff":
        return (4.5 if row.get("free") else 3.0) * later
    if kind == "free_guests":
        return 3.0 * float(row["count"]) * later
    if kind == "extra_action":
        return 3.5 * later
    if kind == "fill_order":
        return 4.0
    if kind == "vp_per_staff_played":
        return float(row["per"]) * len(player.played)
    return 0.0


@cache
def _trigger_table() -> dict[int, tuple[tuple[str, str | None, float], ...]]:
    """For staff with check-in triggers: (kind, colour, amount) rows."""
    table: dict[int, tuple[tuple[str, str | None, float], ...]] = {}
    for card in staff().values():
        rows: list[tuple[str, str | None, float]] = []
        for row in card.abilities:
            if row["effect"] in ("checkin_krones", "checkin_emperor", "checkin_vp"):
                amount = float(str(row.get("amount", row.get("steps", 0))))
                rows.append((str(row["effect"]), str(row["color"]), amount))
            elif row["effect"] == "checkin_vp_big_order":
                rows.append(("big", None, float(row["amount"])))
            elif row["effect"] == "occupy_krones":
                rows.append(("occupy", None, float(row["amount"])))
        if rows:
            table[card.id] = tuple(rows)
    return table


def checkin_value(guest_id: int, player: PlayerState, actions: int) -> float:
    """What moving this guest into a room brings beyond lifting the café penalty (VP, reward, staff triggers)."""
    guest = guests()[guest_id]
    value = float(guest.vp)
    for row in guest.reward:
        value += W.reward_scale * reward_value(row, player, actions)
    table = _trigger_table()
    for card in player.played:
        for kind, color, amount in table.get(card, ()):
            if kind == "big":
                if guest.order_size >= 4:
                    value += amount
            elif kind == "occupy":
                value += amount * money_rate(actions)
            elif color == guest.color:
                if kind == "checkin_krones":
                    value += amount * money_rate(actions)
                elif kind == "checkin_emperor":
                    value += amount * 0.9
                else:
                    value += amount
    return value


# ----- staff cards ------------------------------------------------------------------------------------------


def _future_checkins(actions: int) -> float:
    return 0.75 * actions


def staff_future(card_id: int, state: GameState, index: int, actions: int) -> float:
    """What a played (or about to be played) staff card still brings from now on, beyond the current score.

    One-time cards bring nothing later (their effect happens when played: see `staff_play_value`).
    """
    card = staff()[card_id]
    player = state.players[index]
    checkins = _future_checkins(actions)
    per_color = checkins / 4
    money = money_rate(actions)
    kind = card.kind
    if kind == "once_per_round":
        uses = max(0, 7 - max(state.round, 1))
        if state.phase in ("setup", "play") and card_id not in player.used:
            uses += 1 if (state.phase == "setup" or actions > 0 or my_turn_open(state, index)) else 0
        return uses * 1.3
    if kind == "game_end":
        return _game_end_growth(card.scoring or {}, state, index, actions)
    if kind != "permanent":
        return 0.0
    value = 0.0
    for row in card.abilities:
        effect = row["effect"]
        if effect == "checkin_krones":
            value += per_color * float(row["amount"]) * money
        elif effect == "checkin_emperor":
            value += per_color * float(row["steps"]) * 0.9
        elif effect == "checkin_vp":
            value += per_color * float(row["amount"])
        elif effect == "free_rooms":
            value += 0.35 * actions
        elif effect == "die_vp":
            faces = len(row["faces"])
            value += actions * 0.14 * faces * float(row["amount"])
        elif effect == "die_strength":
            faces = len(row["faces"])
            value += actions * 0.14 * faces * float(row["amount"]) * 1.2
        elif effect == "die_prepare_room":
            value += actions * 0.25 * 1.2
        elif effect == "die_both_emperor_and_krones":
            value += actions * 0.14 * 3.0
        elif effect == "no_imitation_fee":
            value += actions * 0.1
        elif effect == "die_emperor":
            value += actions * 0.12 * float(row["steps"]) * 0.9
        elif effect == "die_play_staff":
            value += actions * 0.15 * 1.5
        elif effect == "occupy_krones":
            value += checkins * float(row["amount"]) * money
        elif effect == "free_serving":
            value += actions * 0.25
        elif effect == "free_display_guests":
            value += actions * 0.6
        elif effect == "ignore_penalty":
            value += 5.0 * len(_remaining_scorings(state)) * 0.4
        elif effect == "checkin_vp_big_order":
            value += checkins * 0.35 * float(row["amount"])
        elif effect == "emperor_reward_vp":
            value += 5.0 * len(_remaining_scorings(state)) * 0.55
    return value


def _remaining_scorings(state: GameState) -> list[int]:
    if state.phase in ("final", "over"):
        return []
    current = max(state.round, 1)
    return [r for r in (3, 5, 7) if r > current or (r == current and state.phase in ("setup", "play"))]


def _game_end_growth(row: dict[str, Any], state: GameState, index: int, actions: int) -> float:
    """Expected extra points of a game-end scoring row between now and the end."""
    player = state.players[index]
    effect = row.get("effect")
    per = float(row.get("per", 0))
    occupied = sum(1 for s in player.rooms if s == OCCUPIED)
    more_rooms = min(20 - occupied, 0.85 * actions)
    if effect == "occupied_color":
        colors = layout(player).colors
        free = sum(1 for s in range(20) if colors[s] == row["color"] and player.rooms[s] != OCCUPIED)
        return per * min(free, more_rooms * 0.33)
    if effect == "occupied_rooms":
        return per * more_rooms
    if effect == "staff_played":
        return per * 0.25 * actions
    if effect == "room_tiles":
        return per * min(20 - room_tiles(player), 0.8 * actions)
    if effect == "full_groups":
        return per * min(10 - full_groups(player), 0.3 * actions)
    if effect == "politics_markers":
        return per * 0.12 * actions
    if effect == "emperor_position":
        return per * 0.15 * actions
    if effect in ("full_floors", "full_columns"):
        return per * 0.07 * actions
    if effect == "color_sets":
        return per * 0.1 * actions
    if effect == "copy_opponent":
        return 0.25 * actions
    return 0.0


def staff_play_value(card_id: int, state: GameState, index: int, actions: int) -> float:
    """Gross value of playing the card now (before its price): future benefit plus one-time effects."""
    card = staff()[card_id]
    player = state.players[index]
    if card.kind == "one_time":
        return sum(reward_value(dict(row), player, actions) for row in card.effects) + (
            2.0 if card.id == 38 and any(t.guest is not None for t in player.cafe) else 0.0)
    value = staff_future(card_id, state, index, actions)
    if card.kind == "game_end" and card.scoring is not None:
        if card.scoring["effect"] != "copy_opponent":
            value += staff_points(state, index, dict(card.scoring))
        else:
            value += 4.0
    return value


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


def _cafe_value(state: GameState, index: int, actions: int, turn_open: bool) -> tuple[float, float]:
    """(value of the café guests above the -5 VP penalty already projected, correction for kitchen items)."""
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
    total = 0.0
    kitchen_fix = 0.0
    share = min(0.8, W.room_share * actions)
    # capacity: guests nearest to completion first; each main action brings dishes or drinks, not both
    feasible = [0.0] * len(infos)
    if can_act:
        dishes = drinks = 0
        for k in sorted(range(len(infos)), key=lambda k: missing[k]):
            if missing[k] == 0:
                feasible[k] = 1.0
                continue
            dishes += missing_dishes[k]
            drinks += missing[k] - missing_dishes[k]
            required = math.ceil(dishes / W.items_per_action) + math.ceil(drinks / W.items_per_action)
            feasible[k] = 1.0 if required <= actions else 0.25 * actions / required
    for k, (guest, _) in enumerate(infos):
        kitchen_fix -= covered[k]  # projected counted them as 1 VP each in the kitchen
        if not can_act:
            continue
        net = checkin_value(guest.id, player, actions) + 5.0 + W.checkin_bonus
        net -= missing_cost[k] + W.serve_cost * covered[k]
        q = feasible[k]
        floor_vp = room_floor[k]
        if floor_vp is not None:
            # the room turns occupied: its floor VP, minus what the evaluation counted for it as a vacant room
            net += (1.0 - share) * floor_vp - W.vacant_room * min(1.0, actions / 4)
        else:
            if actions <= 0:
                continue
            net += (1.0 - share) * 1.5 - W.room_cost
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


def _tile_stakes(state: GameState, index: int, scoring: int) -> tuple[float, float]:
    """(reward value, penalty cost) of the Emperor tile scored after round `scoring` for the player."""
    tile = emperor_tiles()[state.emperor_tiles[(3, 5, 7).index(scoring)]]
    player = state.players[index]
    actions = actions_left(state, index)
    reward = reward_value(dict(tile.reward), player, max(actions, 2))
    if tile.reward["effect"] == "vp_per_staff_played":
        reward = 2.0 * (len(player.played) + 1)
    if any(staff()[c].abilities and staff()[c].abilities[0]["effect"] == "emperor_reward_vp" for c in player.played):
        reward += 5.0
    penalty_row = tile.penalty
    effect = penalty_row["effect"]
    if effect == "lose_krones_or_vp":
        penalty = min(float(penalty_row["vp"]), float(penalty_row["amount"]) * 1.4)
    elif effect == "return_kitchen":
        items = sum(player.kitchen)
        if penalty_row.get("include_cafe"):
            items += sum(sum(t.served) for t in player.cafe)
        penalty = 1.4 * items + 1.0
    elif effect == "return_hand_staff_or_vp":
        penalty = min(float(penalty_row["vp"]), 1.5 * float(penalty_row["count"]))
    elif effect == "remove_vacant_rooms_or_vp":
        penalty = min(float(penalty_row["vp"]), 2.5 * float(penalty_row["count"]))
    elif effect == "remove_occupied_rooms":
        penalty = 8.0
    elif effect == "vp_per_staff_played":
        penalty = 2.0 * (len(player.played) + 1)
    elif effect == "discard_game_end_staff_or_vp":
        penalty = 7.0
    elif effect == "vp":
        penalty = -float(penalty_row["amount"])
    else:
        penalty = 5.0
    if any(staff()[c].abilities and staff()[c].abilities[0]["effect"] == "ignore_penalty" for c in player.played):
        penalty = min(penalty, 1.0)
    return reward, penalty


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
        reward, penalty = _tile_stakes(state, index, later)
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


def _politics_progress(state: GameState, index: int, condition: dict[str, Any]) -> float:
    """How close (0-1) the player is to meeting a politics condition (0 for conditions it does not know)."""
    return float(_progress(state, index, condition))


def _progress(state: GameState, index: int, condition: dict[str, Any]) -> Any:
    """`_politics_progress` without the float conversion (card data values are untyped)."""
    player = state.players[index]
    kind = condition["effect"]
    if kind == "krones_at_least":
        return min(1.0, player.money / condition["amount"])
    if kind == "room_tiles":
        return min(1.0, room_tiles(player) / condition["at_least"])
    if kind == "staff_played":
        return min(1.0, len(player.played) / condition["at_least"])
    if kind == "emperor_at_least":
        return min(1.0, player.emperor / condition["steps"])
    if kind == "occupied_colors":
        counts = occupied_by_color(player)
        need = sum(condition[c] for c in ("red", "blue", "yellow") if c in condition)
        have = sum(min(counts[c], condition[c]) for c in ("red", "blue", "yellow") if c in condition)
        return have / need
    rooms = player.rooms
    plan = layout(player)
    if kind == "full_groups":
        scores = sorted(
            (sum(1 for s in g if rooms[s] == OCCUPIED) / len(g) for g in plan.groups), reverse=True)
        return sum(scores[: condition["at_least"]]) / condition["at_least"]
    if kind == "full_floors":
        scores = sorted((sum(1 for c in range(5) if rooms[f * 5 + c] == OCCUPIED) / 5 for f in range(4)),
                        reverse=True)
        return sum(scores[: condition["at_least"]]) / condition["at_least"]
    if kind == "full_columns":
        scores = sorted((sum(1 for f in range(4) if rooms[f * 5 + c] == OCCUPIED) / 4 for c in range(5)),
                        reverse=True)
        return sum(scores[: condition["at_least"]]) / condition["at_least"]
    if kind == "full_color":
        best = 0.0
        for color in ("red", "blue", "yellow"):
            spaces = [s for s in range(20) if plan.colors[s] == color]
            best = max(best, sum(1 for s in spaces if rooms[s] == OCCUPIED) / len(spaces))
        return best
    return 0.0


_KNOWN_CONDITIONS = frozenset({"krones_at_least", "room_tiles", "staff_played", "emperor_at_least", "occupied_colors",
                               "full_groups", "full_floors", "full_columns", "full_color"})
"""Politics conditions `_politics_progress` measures exactly (progress 1.0 means met)."""


def _politics_value(state: GameState, index: int, actions: int) -> float:
    if actions <= 0:
        return 0.0
    from engine.cards import politics, politics_vp

    ladder = politics_vp()
    value = 0.0
    for slot, card_id in enumerate(state.politics):
        claims = state.politics_claims[slot]
        if index in claims or len(claims) >= len(ladder):
            continue
        condition = politics()[card_id].condition
        progress = _politics_progress(state, index, condition)
        if progress >= 1.0:
            met = True
        elif condition["effect"] in _KNOWN_CONDITIONS:
            met = False
        else:
            try:
                met = politics_condition_met(state, index, condition)
            except KeyError:  # a condition the engine does not know either: no estimate
                continue
        if met:
            value += ladder[len(claims)] * 0.9
            continue
        if condition["effect"] == "krones_at_least":
            progress *= 0.6  # krones get spent; holding them for the card is a weak plan
        value += W.politics_share * ladder[len(claims)] * progress ** W.politics_power * min(1.0, actions / 4)
    return value


# ----- the whole evaluation ---------------------------------------------------------------------------------


def projected_total(state: GameState, index: int) -> int:
    """`projected_scores(state)[name].total` for one player, computed without scoring everybody.

    Mirrors `engine.scoring.projected_scores` (tests/ai check that they agree): VP so far, the Emperor
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
    total -= CAFE_PENALTY * sum(1 for table_ in player.cafe if table_.guest is not None)
    return total


def evaluate_all(state: GameState) -> list[float]:
    """`evaluate` for every seat, in seat order."""
    return [evaluate(state, i) for i in range(len(state.players))]


def evaluate(state: GameState, index: int) -> float:
    """The heuristic value of `state` for the player at seat `index` (VP equivalents)."""
    return projected_total(state, index) + _potential(state, index)


def _potential(state: GameState, index: int) -> float:
    if state.phase in ("final", "over"):
        return 0.0
    player = state.players[index]
    actions = actions_left(state, index)
    turn_open = my_turn_open(state, index)
    value = 0.0
    money = player.money
    value += money_extra(money, actions)
    cafe, kitchen_fix = _cafe_value(state, index, actions, turn_open)
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
    "actions_left",
    "checkin_value",
    "evaluate",
    "evaluate_all",
    "hand_value",
    "money_cost",
    "money_rate",
    "room_score",
    "staff_play_value",
]
