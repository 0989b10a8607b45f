"""What card rows are worth to the AI, read through the engine's behaviour registry (`engine.gah.behaviours`).

Every behaviour gets an estimate here with `@estimate(name)` (stored as its `value`): a function
`(row, Outlook) -> VP equivalents`. For a row carried out NOW (a reward, a one-time staff effect, an Emperor tile)
it is the worth of carrying it out (a penalty's is negative); for an ability of a played staff card it is the
worth of holding it for the rest of the game, or, with `Outlook.guest` set, of one firing at that guest's
check-in; for a game-end scoring row, the points it will still grow by; for a politics condition, the
progress 0-1 toward it. `tests/engine/test_data_schema.py` checks that every behaviour has an estimate.

The numbers are rough and were tuned by self-play (see `engine.gah.ai.evaluate`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.core.actions import Action
from engine.gah.ai.answer_registry import quick_rule
from engine.gah.ai.outlook import Outlook, estimate
from engine.gah.ai.weights import W, money_rate, remaining_emperor_scorings
from engine.gah.behaviours import (
    AT_CHECK_IN,
    AT_EMPEROR_REWARD,
    BEHAVIOURS,
    CARD,
    CONDITION,
    ON_OCCUPY_ROOM,
    PENALTY_IGNORABLE,
    SCORING,
    Row,
    ValueHandler,
    active,
    adjust,
    condition_holds,
)
from engine.gah.cards import ITEMS, EmperorTile, guests, staff
from engine.gah.effects import CHOOSE_ITEMS
from engine.gah.hotel import full_groups, layout, occupied_by_color, room_tiles
from engine.gah.scoring import staff_points
from engine.gah.state import OCCUPIED, PREPARED, GameState, PlayerState


def value_of(row: Row, outlook: Outlook, space: str = CARD) -> float:
    """The AI's estimate of one row.

    Raises:
        KeyError: the row names no behaviour, or one without an estimate.
    """
    entry = BEHAVIOURS[space, row["effect"]]
    if entry.value is None:
        raise KeyError(f"no AI estimate for {entry.name!r}")
    return entry.value(row, outlook)


def _fixed(name: str, amount: float) -> None:
    estimate(name)(lambda row, outlook: amount)


# ----- rows carried out now: rewards, one-time staff, Emperor tiles ---------------------------------------------


@estimate("krones")
def _krones(row: Row, o: Outlook) -> float:
    return float(row["amount"]) * money_rate(o.actions)


@estimate("emperor")
def _emperor(row: Row, o: Outlook) -> float:
    return float(row["steps"]) * (0.6 + 0.6 * o.later)


@estimate("vp")
def _vp(row: Row, o: Outlook) -> float:
    return float(row["amount"])


@estimate("items")
def _items(row: Row, o: Outlook) -> float:
    return sum(float(row.get(item, 0)) for item in ITEMS) * 1.4


@estimate("any_items")
def _any_items(row: Row, o: Outlook) -> float:
    return float(row["count"]) * 1.5


def cafe_orders(player: PlayerState) -> list[int]:
    """Items [strudel, cake, wine, coffee] the café guests' orders still lack, in all."""
    need = [0, 0, 0, 0]
    for table in player.cafe:
        if table.guest is None:
            continue
        order = guests()[table.guest].order
        for i in range(4):
            need[i] += order[i] - table.served[i]
    return need


def cafe_needs(player: PlayerState) -> list[int]:
    """Items [strudel, cake, wine, coffee] the café guests still need beyond what the kitchen holds."""
    need = cafe_orders(player)
    return [max(0, need[i] - player.kitchen[i]) for i in range(4)]


@quick_rule(CHOOSE_ITEMS)
def _choose_item(state: GameState, index: int, actions: list[Action]) -> Action:
    """The item the café guests most lack beyond the kitchen; on a tie, cake or coffee."""
    need = cafe_needs(state.players[index])
    return max(actions, key=lambda a: (need[a.args[0]], a.args[0] in (1, 3)))


@estimate("draw_staff")
def _draw_staff(row: Row, o: Outlook) -> float:
    return float(row["count"]) * 0.9 * o.later


@estimate("prepare_rooms")
def _prepare_rooms(row: Row, o: Outlook) -> float:
    per = 2.5 if row.get("free") else 0.8 + 0.6 * sum(row["discounts"]) / max(1, len(row["discounts"]))
    if row.get("occupy"):
        per += 2.0
    return per * len(row["discounts"]) * (0.4 + 0.6 * o.later)


@estimate("occupy_rooms")
def _occupy_rooms(row: Row, o: Outlook) -> float:
    vacant = sum(1 for s in o.player.rooms if s == PREPARED)
    return 2.2 * min(int(row["count"]), vacant) + 0.5


@estimate("play_staff")
def _play_staff(row: Row, o: Outlook) -> float:
    hand = o.player.hand
    if not hand:
        return 0.3
    per = 4.0 if row.get("free") else 1.5 + 0.7 * float(row.get("discount", 0))
    return per * min(int(row.get("count", 1)), len(hand)) * o.later


@estimate("draw_play_staff")
def _draw_play_staff(row: Row, o: Outlook) -> float:
    return (4.5 if row.get("free") else 3.0) * o.later


@estimate("free_guests")
def _free_guests(row: Row, o: Outlook) -> float:
    return 3.0 * float(row["count"]) * o.later


@estimate("extra_action")
def _extra_action(row: Row, o: Outlook) -> float:
    return 3.5 * o.later


@estimate("fill_order")
def _fill_order(row: Row, o: Outlook) -> float:
    """Porter (staff 38): worth more with a café guest to complete."""
    return 4.0 + (2.0 if any(t.guest is not None for t in o.player.cafe) else 0.0)


@estimate("vp_per_staff_played")
def _vp_per_staff(row: Row, o: Outlook) -> float:
    """Emperor tile C3: counted with one more staff card played before the scoring."""
    return float(row["per"]) * (len(o.player.played) + 1)


@estimate("lose_krones_or_vp")
def _lose_krones(row: Row, o: Outlook) -> float:
    return -min(float(row["vp"]), float(row["amount"]) * 1.4)


@estimate("return_kitchen")
def _return_kitchen(row: Row, o: Outlook) -> float:
    items = sum(o.player.kitchen)
    if row.get("include_cafe"):
        items += sum(sum(t.served) for t in o.player.cafe)
    return -(1.4 * items + 1.0)


@estimate("return_hand_staff_or_vp")
def _return_hand(row: Row, o: Outlook) -> float:
    return -min(float(row["vp"]), 1.5 * float(row["count"]))


@estimate("remove_vacant_rooms_or_vp")
def _remove_vacant(row: Row, o: Outlook) -> float:
    return -min(float(row["vp"]), 2.5 * float(row["count"]))


_fixed("remove_occupied_rooms", -8.0)
_fixed("discard_game_end_staff_or_vp", -7.0)


# ----- abilities of played staff: worth of holding them, or of one firing at a check-in ------------------------


def _per_check_in(row: Row, o: Outlook, once: float) -> float:
    """A colour-bound check-in ability: `once` at a check-in of a guest of its colour, a quarter of the
    expected check-ins' worth otherwise."""
    if o.guest is not None:
        return once if row.get("color") == o.guest.color else 0.0
    return o.checkins / 4 * once


@estimate("checkin_krones")
def _checkin_krones(row: Row, o: Outlook) -> float:
    if o.guest is not None:
        return float(row["amount"]) * money_rate(o.actions) if row.get("color") == o.guest.color else 0.0
    return o.checkins / 4 * float(row["amount"]) * money_rate(o.actions)


@estimate("checkin_emperor")
def _checkin_emperor(row: Row, o: Outlook) -> float:
    if o.guest is not None:
        return float(row["steps"]) * 0.9 if row.get("color") == o.guest.color else 0.0
    return o.checkins / 4 * float(row["steps"]) * 0.9


@estimate("checkin_vp")
def _checkin_vp(row: Row, o: Outlook) -> float:
    return _per_check_in(row, o, float(row["amount"]))


@estimate("checkin_vp_big_order")
def _big_order(row: Row, o: Outlook) -> float:
    if o.guest is not None:
        return float(row["amount"]) if o.guest.order_size >= int(row["min_items"]) else 0.0
    return o.checkins * 0.35 * float(row["amount"])


@estimate("occupy_krones")
def _custodian(row: Row, o: Outlook) -> float:
    if o.guest is not None:
        return float(row["amount"]) * money_rate(o.actions)
    return o.checkins * float(row["amount"]) * money_rate(o.actions)


@estimate("free_rooms")
def _free_rooms(row: Row, o: Outlook) -> float:
    return 0.35 * o.actions


@estimate("die_vp")
def _die_vp(row: Row, o: Outlook) -> float:
    return o.actions * 0.14 * len(row["faces"]) * float(row["amount"])


@estimate("die_strength")
def _die_strength(row: Row, o: Outlook) -> float:
    return o.actions * 0.14 * len(row["faces"]) * float(row["amount"]) * 1.2


@estimate("die_prepare_room")
def _die_prepare_room(row: Row, o: Outlook) -> float:
    return o.actions * 0.25 * 1.2


@estimate("die_both_emperor_and_krones")
def _bootblack(row: Row, o: Outlook) -> float:
    return o.actions * 0.14 * 3.0


@estimate("no_imitation_fee")
def _kitchen_hand(row: Row, o: Outlook) -> float:
    return o.actions * 0.1


@estimate("die_emperor")
def _die_emperor(row: Row, o: Outlook) -> float:
    return o.actions * 0.12 * float(row["steps"]) * 0.9


@estimate("die_play_staff")
def _die_play_staff(row: Row, o: Outlook) -> float:
    return o.actions * 0.15 * 1.5


@estimate("free_serving")
def _chief_waiter(row: Row, o: Outlook) -> float:
    return o.actions * 0.25


@estimate("free_display_guests")
def _delivery_boy(row: Row, o: Outlook) -> float:
    return o.actions * 0.6


@estimate("ignore_penalty")
def _conference_manager(row: Row, o: Outlook) -> float:
    return 5.0 * len(remaining_emperor_scorings(o.need_state())) * 0.4


@estimate("emperor_reward_vp")
def _gardener(row: Row, o: Outlook) -> float:
    """Gardener (staff 42): with `guest` unset and no state, one reward's VP; else the remaining scorings'."""
    if o.state is None:
        return float(row["amount"])
    return 5.0 * len(remaining_emperor_scorings(o.state)) * 0.55


# ----- game-end scoring: the points still to grow ----------------------------------------------------------------


def _more_rooms(o: Outlook) -> float:
    occupied = sum(1 for s in o.player.rooms if s == OCCUPIED)
    return min(20 - occupied, W.rooms_per_action * o.actions)


def _growth(name: str, grow: Callable[[Row, Outlook], float]) -> None:
    estimate(name, SCORING)(grow)


@estimate("occupied_color", SCORING)
def _occupied_color(row: Row, o: Outlook) -> float:
    colors = layout(o.player).colors
    free = sum(1 for s in range(20) if colors[s] == row["color"] and o.player.rooms[s] != OCCUPIED)
    return float(row.get("per", 0)) * min(free, _more_rooms(o) * 0.33)


_growth("occupied_rooms", lambda row, o: float(row.get("per", 0)) * _more_rooms(o))
_growth("staff_played", lambda row, o: float(row.get("per", 0)) * 0.25 * o.actions)
_growth("room_tiles", lambda row, o: float(row.get("per", 0)) * min(20 - room_tiles(o.player), 0.8 * o.actions))
_growth("full_groups", lambda row, o: float(row.get("per", 0)) * min(10 - full_groups(o.player), 0.3 * o.actions))
_growth("politics_markers", lambda row, o: float(row.get("per", 0)) * 0.12 * o.actions)
_growth("emperor_position", lambda row, o: float(row.get("per", 0)) * 0.15 * o.actions)
_growth("full_floors", lambda row, o: float(row.get("per", 0)) * 0.07 * o.actions)
_growth("full_columns", lambda row, o: float(row.get("per", 0)) * 0.07 * o.actions)
_growth("color_sets", lambda row, o: float(row.get("per", 0)) * 0.1 * o.actions)
_growth("copy_opponent", lambda row, o: 0.25 * o.actions)


# ----- politics conditions: progress 0-1 ----------------------------------------------------------------------


def _progress(name: str, measure: Callable[[Row, Outlook], Any]) -> None:
    estimate(name, CONDITION)(lambda row, o: float(measure(row, o)))


def _best_share(shares: list[float], row: Row) -> Any:
    best = sorted(shares, reverse=True)
    return sum(best[: row["at_least"]]) / row["at_least"]


def _occupied_colors(row: Row, o: Outlook) -> Any:
    counts = occupied_by_color(o.player)
    need = sum(row[c] for c in ("red", "blue", "yellow") if c in row)
    have = sum(min(counts[c], row[c]) for c in ("red", "blue", "yellow") if c in row)
    return have / need


def _full_color(row: Row, o: Outlook) -> Any:
    plan, rooms = layout(o.player), o.player.rooms
    best = 0.0
    for color in ("red", "blue", "yellow"):
        spaces = [s for s in range(20) if plan.colors[s] == color]
        best = max(best, sum(1 for s in spaces if rooms[s] == OCCUPIED) / len(spaces))
    return best


_progress("krones_at_least", lambda row, o: min(1.0, o.player.money / row["amount"]))
_progress("room_tiles", lambda row, o: min(1.0, room_tiles(o.player) / row["at_least"]))
_progress("staff_played", lambda row, o: min(1.0, len(o.player.played) / row["at_least"]))
_progress("emperor_at_least", lambda row, o: min(1.0, o.player.emperor / row["steps"]))
_progress("occupied_colors", _occupied_colors)
_progress("full_groups", lambda row, o: _best_share(
    [sum(1 for s in g if o.player.rooms[s] == OCCUPIED) / len(g) for g in layout(o.player).groups], row))
_progress("full_floors", lambda row, o: _best_share(
    [sum(1 for c in range(5) if o.player.rooms[f * 5 + c] == OCCUPIED) / 5 for f in range(4)], row))
_progress("full_columns", lambda row, o: _best_share(
    [sum(1 for f in range(4) if o.player.rooms[f * 5 + c] == OCCUPIED) / 4 for c in range(5)], row))
_progress("full_color", _full_color)
for _name in ("guest_vp", "floor_and_column", "two_colors"):  # no measure of the way there: met or not
    _progress(_name, lambda row, o: 1.0 if condition_holds(o.need_state(), o.index, row) else 0.0)


# ----- politics conditions: main actions still needed ---------------------------------------------------------

COUNTED: dict[str, tuple[Callable[[PlayerState], int], str, float]] = {
    "krones_at_least": (lambda player: player.money, "amount", 3.0),
    "room_tiles": (room_tiles, "at_least", 3.0),
    "emperor_at_least": (lambda player: player.emperor, "steps", 3.0),
    "staff_played": (lambda player: len(player.played), "at_least", 1.0),
}
"""Counted politics conditions: (what the player has, the condition's field that says how many it asks, how many
one main action brings: a die of strength 2-3 with a boost for krones, room tiles and Emperor steps; a staff card
per action)."""
ROOMS_FOR_CONDITION: dict[str, Callable[[Row], float]] = {
    "full_floors": lambda row: 5.0 * row["at_least"],
    "full_columns": lambda row: 4.0 * row["at_least"],
    "full_groups": lambda row: 2.3 * row["at_least"],
    "full_color": lambda row: 7.0,
}
"""Occupied rooms a fully met condition takes (a group holds 2.3 rooms on average, a colour about 7)."""


def politics_need(state: GameState, index: int, condition: Row) -> float | None:
    """Main actions the player still needs to meet a politics condition (0.0: met), or None for conditions
    without such an estimate (the caller falls back on `politics_progress`).

    Counted conditions (krones, room tiles, Emperor steps, staff played) divide what is missing by what one
    action brings (`COUNTED`); room conditions count the occupied rooms missing, `W.actions_per_room` each.
    """
    player = state.players[index]
    effect = condition["effect"]
    if effect in COUNTED:
        have, field, per_action = COUNTED[effect]
        return max(0.0, float(condition[field] - have(player))) / per_action
    if effect == "occupied_colors":
        counts = occupied_by_color(player)
        missing = sum(max(0, condition[c] - counts[c]) for c in ("red", "blue", "yellow") if c in condition)
        return float(missing * W.actions_per_room)
    if effect in ROOMS_FOR_CONDITION:
        progress = politics_progress(state, index, condition)
        return float((1.0 - progress) * ROOMS_FOR_CONDITION[effect](condition) * W.actions_per_room)
    return None


# ----- cards, guests and tiles ------------------------------------------------------------------------------------


def reward_value(row: Row, player: PlayerState, actions: int) -> float:
    """Rough VP-equivalent of carrying out one reward or effect row for the player."""
    return value_of(row, Outlook(player, actions))


def checkin_value(guest_id: int, player: PlayerState, actions: int) -> float:
    """What moving this guest into a room brings beyond lifting the café penalty (VP, reward, staff triggers)."""
    guest = guests()[guest_id]
    value = float(guest.vp)
    for row in guest.reward:
        value += W.reward_scale * reward_value(row, player, actions)
    at_check_in = Outlook(player, actions, guest=guest)
    for card in player.played:
        for estimator, row in _check_in_estimates(card):
            value += estimator(row, at_check_in)
    return value


@cache
def _check_in_estimates(card: int) -> tuple[tuple[ValueHandler, Row], ...]:
    """(estimate, row) of a staff card's abilities that fire at a check-in (AT_CHECK_IN, ON_OCCUPY_ROOM)."""
    found = []
    for row in staff()[card].abilities:
        entry = BEHAVIOURS[CARD, row["effect"]]
        if entry.trigger in (AT_CHECK_IN, ON_OCCUPY_ROOM) and entry.value is not None:
            found.append((entry.value, row))
    return tuple(found)


def staff_future(card_id: int, state: GameState, index: int, actions: int) -> float:
    """What a played (or about to be played) staff card still brings from now on, beyond the current score.

    One-time cards bring nothing later (their effect happens when played: see `staff_play_value`).
    """
    return STAFF_FUTURE[staff()[card_id].kind](card_id, state, index, actions)


def _uses_left(card_id: int, state: GameState, index: int, actions: int) -> float:
    """A once-per-round card: its uses in the rounds still to come (and this one, if it can still be used)."""
    player = state.players[index]
    uses = max(0, 7 - max(state.round, 1))
    if state.phase in ("setup", "play") and card_id not in player.used:
        uses += 1 if (state.phase == "setup" or actions > 0 or _my_turn_open(state, index)) else 0
    return uses * W.once_per_round_use


def _end_scoring_outlook(card_id: int, state: GameState, index: int, actions: int) -> float:
    """A game-end card: its scoring row as the hotel looks set to end the game."""
    card = staff()[card_id]
    outlook = Outlook(state.players[index], actions, state, index)
    return W.game_end_scale * value_of(card.scoring, outlook, SCORING) if card.scoring else 0.0


def _abilities_outlook(card_id: int, state: GameState, index: int, actions: int) -> float:
    """A permanent card: its abilities over the actions still to come."""
    outlook = Outlook(state.players[index], actions, state, index)
    value = 0.0
    for row in staff()[card_id].abilities:
        value += value_of(row, outlook)
    return value


def _nothing(card_id: int, state: GameState, index: int, actions: int) -> float:
    return 0.0


def _one_time_effects(card_id: int, state: GameState, index: int, actions: int) -> float:
    """A one-time card: its effects, carried out when it is played."""
    player = state.players[index]
    return sum(reward_value(dict(row), player, actions) for row in staff()[card_id].effects)


def _end_points_now(card_id: int, state: GameState, index: int, actions: int) -> float:
    """A game-end card: the points it would score now (4 for the one that copies an opponent's card)."""
    scoring = staff()[card_id].scoring
    if scoring is None:
        return 0.0
    if scoring["effect"] != "copy_opponent":
        return staff_points(state, index, dict(scoring))
    return 4.0


StaffValue = Callable[[int, GameState, int, int], float]
"""(staff card id, state, seat, the seat's actions left) -> a value in VP."""

STAFF_FUTURE: dict[str, StaffValue] = {
    "once_per_round": _uses_left,
    "game_end": _end_scoring_outlook,
    "permanent": _abilities_outlook,
    "one_time": _nothing,
}
"""What a played staff card still brings from now on, by the card's kind (every kind of the card data)."""

STAFF_PLAY_NOW: dict[str, StaffValue] = {
    "one_time": _one_time_effects,
    "game_end": _end_points_now,
    "once_per_round": _nothing,
    "permanent": _nothing,
}
"""What playing a staff card brings at once, beyond `STAFF_FUTURE`, by the card's kind."""


def _my_turn_open(state: GameState, index: int) -> bool:
    return state.turn is not None and state.turn.player == index and state.phase == "play"


def staff_play_value(card_id: int, state: GameState, index: int, actions: int) -> float:
    """Gross value of playing the card now (before its price): future benefit plus one-time effects."""
    kind = staff()[card_id].kind
    return STAFF_FUTURE[kind](card_id, state, index, actions) + STAFF_PLAY_NOW[kind](card_id, state, index, actions)


def tile_stakes(tile: EmperorTile, player: PlayerState, actions: int) -> tuple[float, float]:
    """(reward value, penalty cost) of an Emperor tile for the player, with their AT_EMPEROR_REWARD staff (the
    Gardener) and their PENALTY_IGNORABLE staff (the Conference Manager: the penalty costs at most 1)."""
    reward = reward_value(dict(tile.reward), player, max(actions, 2))
    once = Outlook(player, actions)
    reward += sum(value_of(row, once) for _, row in active(player, AT_EMPEROR_REWARD))
    penalty = -value_of(dict(tile.penalty), once)
    if adjust(player, PENALTY_IGNORABLE, False):
        penalty = min(penalty, 1.0)
    return reward, penalty


def politics_progress(state: GameState, index: int, condition: Row) -> float:
    """How close (0-1) the player is to meeting a politics condition (1.0: met)."""
    player = state.players[index]
    return value_of(condition, Outlook(player, 0, state, index), CONDITION)


__all__ = [
    "Outlook",
    "cafe_needs",
    "checkin_value",
    "estimate",
    "politics_need",
    "politics_progress",
    "reward_value",
    "staff_future",
    "staff_play_value",
    "tile_stakes",
    "value_of",
]

from engine.gah.ai import waltz_values as _waltz_values  # noqa: E402, F401  (the Let's Waltz estimates)
