"""The AI's estimates of the Let's Waltz behaviours (issue 17), registered like every other (`engine.gah.ai.values`).

Celebrities last one round, so their worth is that of a few firings; entrances last the game. The numbers are
rough guesses in VP equivalents (not tuned by self-play yet).
"""

from __future__ import annotations

from engine.gah.ai.outlook import Outlook, estimate
from engine.gah.behaviours import CONDITION, Row
from engine.gah.cards import guests
from engine.gah.state import OCCUPIED
from engine.gah.waltz.unique_hotels import abilities as entrance_abilities


def _fixed(name: str, amount: float) -> None:
    estimate(name)(lambda row, outlook: amount)


# celebrities: worth of holding one for the rest of a round (a few firings)
_fixed("bonus_vp_per_vp_gain", 4.0)
_fixed("emperor_bonus_on_emperor", 1.5)
_fixed("play_staff_after_emperor", 1.5)
_fixed("room_after_krones", 1.5)
_fixed("vp_on_occupy", 2.5)
_fixed("rooms_free", 2.0)
_fixed("items_after_staff", 1.5)
_fixed("order_missing_item", 2.0)
_fixed("swap_kitchen_items", 1.0)


# the solo opponent's entrances (module 3 in solo): only the opponent holds them, who never decides, so the AI
# weighs their effects through the rules it plays against (tolls, fees, items), not as holdings
for _name in ("couture_setup", "couture_item", "couture_restock", "no_cafe_penalty", "stars_setup",
              "stars_on_objective", "stars_lost_on_line", "stars_scoring", "cogwheel_rooms", "cogwheel_to_queue",
              "cogwheel_guest_fee", "cogwheel_guest_vp", "toll_token", "toll_fee", "toll_vp"):
    _fixed(_name, 0.0)


# hotel entrances: worth of holding one for the rest of the game
@estimate("after_staff_krone_and_draw")
def _mayenfels(row: Row, o: Outlook) -> float:
    return 0.4 * o.actions


@estimate("first_room_of_group_bonus")
def _stroup(row: Row, o: Outlook) -> float:
    return 0.6 * o.actions


for _name in entrance_abilities.HELD_NAMES:  # the celebrities' held rows have their own figures above
    estimate(_name)(lambda row, o: 0.3 * o.actions)


# rows carried out now: module-5 Emperor tiles and what gaining an entrance brings
@estimate("krones_and_any_items")
def _krones_and_items(row: Row, o: Outlook) -> float:
    return 0.8 * float(row["amount"]) + 1.5 * float(row["count"])


@estimate("lose_krones_and_item_or_vp")
def _lose_krones_and_item(row: Row, o: Outlook) -> float:
    return -min(float(row["vp"]), 0.8 * float(row["amount"]) + 1.5)


@estimate("draw_staff_and_vp")
def _draw_staff_and_vp(row: Row, o: Outlook) -> float:
    return float(row["amount"]) + 0.9 * float(row["count"]) * o.later


@estimate("vp_per_politics_marker")
def _vp_per_marker(row: Row, o: Outlook) -> float:
    state = o.state
    markers = sum(1 for claims in state.politics_claims if o.index in claims) if state is not None else 1
    return float(row["per"]) * markers


@estimate("lose_money_and_kitchen")
def _lose_money_and_kitchen(row: Row, o: Outlook) -> float:
    return -(0.8 * o.player.money + 1.2 * sum(o.player.kitchen))


_fixed("extra_setup_rooms", 2.0)
_fixed("second_starting_guest", 3.0)


# module-5 politics conditions: progress 0-1
@estimate("kitchen_each_at_least", CONDITION)
def _kitchen_each(row: Row, o: Outlook) -> float:
    amount = int(row["amount"])
    return sum(min(n, amount) for n in o.player.kitchen) / (4 * amount)


@estimate("occupied_on_floor", CONDITION)
def _occupied_on_floor(row: Row, o: Outlook) -> float:
    floor = int(row["floor"]) - 1
    done = sum(1 for c in range(5) if o.player.rooms[floor * 5 + c] == OCCUPIED)
    return min(1.0, done / int(row["at_least"]))


@estimate("completed_big_orders", CONDITION)
def _completed_big_orders(row: Row, o: Outlook) -> float:
    big = sum(1 for g in o.player.checked_in if guests()[g].order_size >= int(row["min_items"]))
    return min(1.0, big / int(row["at_least"]))
