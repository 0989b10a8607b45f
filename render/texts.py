"""Short wording of our own for cards, tiles and actions, written from the meaning of the data rows.

`STAFF_TEXT` has one sentence per base staff card (1-48). `describe(row)` words any effect row generically,
so a new card with known effect names still gets a readable line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.cards import ITEMS, EmperorTile, StaffCard

KIND_LABEL: dict[str, str] = {
    "one_time": "one-time",
    "once_per_round": "once per round",
    "permanent": "permanent",
    "game_end": "game end",
}
"""How each staff kind is named on a picture."""

ACTION_LABEL: dict[int, tuple[str, str]] = {
    1: ("Strudel", "or cake"),
    2: ("Wine", "or coffee"),
    3: ("Prepare", "rooms"),
    4: ("Krones", "/Emperor"),
    5: ("Play", "staff"),
    6: ("Copy 1-5", "pay 1 K"),
}
"""Two short lines naming what each action space does."""

STAFF_TEXT: dict[int, str] = {
    1: "Each round: gain 1 strudel.",
    2: "Each round: gain 1 cake.",
    3: "Each round: gain 1 wine.",
    4: "Each round: gain 1 coffee.",
    5: "Red guest checks in: +2 krones.",
    6: "Blue guest checks in: +1 Emperor step.",
    7: "Yellow guest checks in: +1 krone.",
    8: "Green guest checks in: +2 VP.",
    9: "Blue rooms cost you nothing to prepare.",
    10: "Red rooms cost you nothing to prepare.",
    11: "Yellow rooms cost you nothing to prepare.",
    12: "Take a die from space 3 or 4: +2 VP.",
    13: "Take a die from space 1 or 2: +1 strength.",
    14: "Take a die from space 1 or 2: also prepare 1 room (pay its cost).",
    15: "Space 4: every point of strength gives 1 krone and 1 Emperor step.",
    16: "Take a die from space 4: +4 VP.",
    17: "Space 6: no 1-krone fee and +1 strength.",
    18: "Take a die from space 5: +2 strength.",
    19: "Take a die from space 3: +5 VP.",
    20: "Take a die from space 5: also +2 Emperor steps.",
    21: "Now: gain 1 strudel, 1 cake, 1 wine and 1 coffee.",
    22: "Take a die from space 3: also play 1 staff at full cost.",
    23: "Every room you occupy: +1 krone.",
    24: "Moving items from kitchen to guests is free.",
    25: "Guests from the display cost nothing.",
    26: "Pay 1 krone to skip an Emperor penalty.",
    27: "Game end: 3 VP per occupied red room.",
    28: "Game end: 3 VP per occupied blue room.",
    29: "Game end: score one opponent's game-end staff as your own.",
    30: "Game end: 3 VP per occupied yellow room.",
    31: "Game end: 1 VP per occupied room.",
    32: "Game end: 2 VP per staff card you played.",
    33: "Guest with 4+ items checks in: +4 VP.",
    34: "Game end: 1 VP per room tile, prepared or occupied.",
    35: "Now: occupy up to 2 prepared rooms.",
    36: "Now: gain 4 wine.",
    37: "Game end: 2 VP per fully occupied group.",
    38: "Now: serve one guest's whole order from the supply.",
    39: "Now: gain 4 cake.",
    40: "Game end: 5 VP per politics card you claimed.",
    41: "Game end: 2 VP per Emperor track step.",
    42: "Every Emperor reward: +5 VP.",
    43: "Now: gain 4 coffee.",
    44: "Now: gain 4 strudel.",
    45: "Now: +3 Emperor steps.",
    46: "Game end: 5 VP per fully occupied floor.",
    47: "Game end: 5 VP per fully occupied column.",
    48: "Game end: 4 VP per set of occupied red, blue and yellow rooms.",
}
"""One sentence per base staff card, in our own words."""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 or word.endswith("staff") else f"{count} {word}s"


def _items(row: dict[str, Any]) -> str:
    parts = [f"{row[item]} {item}" for item in ITEMS if row.get(item)]
    if len(parts) == 4 and all(row[item] == 1 for item in ITEMS):
        return "1 of each item"
    return "+" + ", ".join(parts)


def _rooms(row: dict[str, Any]) -> str:
    discounts = list(row.get("discounts", [0]))
    count = len(discounts)
    words = "room" if count == 1 else f"{count} rooms"
    if row.get("free"):
        cost = " free"
    elif any(discounts):
        cost = f" ({'/'.join(str(d) for d in discounts)} K off)"
    else:
        cost = ""
    floor = f" on floor 1-{row['max_floor']}" if row.get("max_floor") else ""
    occupy = ", occupied" if row.get("occupy") else ""
    return f"prepare {words}{cost}{floor}{occupy}"


def _staff_play(row: dict[str, Any]) -> str:
    count = row.get("count", 1)
    price = " free" if row.get("free") else (f", {row['discount']} K off" if row.get("discount") else "")
    return f"play {_plural(count, 'staff')}{price}"


def describe(row: dict[str, Any]) -> str:
    """A few words for one effect row (guest reward, staff effect, Emperor reward or penalty)."""
    kind = str(row.get("effect", ""))
    if kind == "items":
        return _items(row)
    if kind == "krones":
        return f"+{_plural(row['amount'], 'krone')}"
    if kind == "emperor":
        return f"+{row['steps']} Emperor"
    if kind == "vp":
        amount = int(row["amount"])
        return f"+{amount} VP" if amount >= 0 else f"−{-amount} VP"
    if kind == "prepare_rooms":
        return _rooms(row)
    if kind == "draw_staff":
        return f"draw {row['count']} staff"
    if kind == "play_staff":
        return _staff_play(row)
    if kind == "draw_play_staff":
        price = "free" if row.get("free") else f"{row.get('discount', 0)} K off"
        return f"draw {row['draw']} staff, play 1 {price}"
    if kind == "any_items":
        return f"{_plural(row['count'], 'item')} of your choice"
    if kind == "occupy_rooms":
        return f"occupy {_plural(row['count'], 'room')}"
    if kind == "free_guests":
        return f"take {_plural(row['count'], 'guest')} free"
    if kind == "extra_action":
        return "one extra action"
    if kind == "fill_order":
        return "serve a whole order"
    if kind == "vp_per_staff_played":
        per = int(row["per"])
        return f"{'+' if per >= 0 else '−'}{abs(per)} VP per staff played"
    if kind == "lose_krones_or_vp":
        return f"−{row['amount']} krones or −{row['vp']} VP"
    if kind == "return_kitchen":
        return "lose kitchen and café items" if row.get("include_cafe") else "lose all kitchen items"
    if kind == "return_hand_staff_or_vp":
        return f"return {row['count']} staff from hand or −{row['vp']} VP"
    if kind == "remove_vacant_rooms_or_vp":
        return f"lose {_plural(row['count'], 'prepared room')} or −{row['vp']} VP"
    if kind == "remove_occupied_rooms":
        return f"lose {_plural(row['count'], 'occupied room')}"
    if kind == "discard_game_end_staff_or_vp":
        return f"lose a game-end staff or −{row['vp']} VP"
    # Let's Waltz module-5 Emperor tiles A6, B6, C6
    if kind == "krones_and_any_items":
        return f"+{_plural(row['amount'], 'krone')} and {_plural(row['count'], 'item')} of your choice"
    if kind == "lose_krones_and_item_or_vp":
        return f"−{row['amount']} krones and {_plural(row['count'], 'kitchen item')}, or −{row['vp']} VP"
    if kind == "draw_staff_and_vp":
        return f"draw {row['count']} staff and +{row['amount']} VP"
    if kind == "vp_per_politics_marker":
        return f"+{row['per']} VP per politics marker"
    if kind == "lose_money_and_kitchen":
        return "lose all krones and kitchen items"
    return kind.replace("_", " ")


def describe_all(rows: Iterable[dict[str, Any]]) -> str:
    """Several effect rows joined with "; ", or "no reward" for none."""
    words = [describe(row) for row in rows]
    return "; ".join(words) if words else "no reward"


def staff_text(card: StaffCard) -> str:
    """The effect sentence of a staff card (ours for 1-48, generic for any other)."""
    if card.id in STAFF_TEXT:
        return STAFF_TEXT[card.id]
    rows = list(card.effects) + list(card.abilities) + ([card.scoring] if card.scoring else [])
    return describe_all(rows).capitalize() + "."


def emperor_words(tile: EmperorTile) -> tuple[str, str]:
    """Short (reward, penalty) words for an Emperor tile."""
    return describe(tile.reward), describe(tile.penalty)
