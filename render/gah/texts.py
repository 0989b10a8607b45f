"""Short wording of our own for cards, tiles and actions, written from the meaning of the data rows.

`STAFF_TEXT` has one sentence per base staff card (1-48). `describe(row)` words any effect row generically,
so a new card with known effect names still gets a readable line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from engine.gah.cards import ITEMS, EmperorTile, StaffCard
from engine.gah.datacheck import WORDS_FIELD
from render.core.plural import count as _count

Row = dict[str, Any]
"""One effect row of the card data, e.g. {"effect": "krones", "amount": 2}."""

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


def _plural(number: int, word: str) -> str:
    return _count(number, word)


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
    elif any(discounts) and len(set(discounts)) == 1 and count > 1:
        cost = f" (each {_plural(discounts[0], 'krone')} less)"
    elif any(discounts):
        cost = " (" + ", ".join(f"{_ORDINALS[k] if count > 1 else ''} {_plural(d, 'krone')} less".strip()
                                for k, d in enumerate(discounts) if d) + ")"
    else:
        cost = ""
    floor = f" on floor 1-{row['max_floor']}" if row.get("max_floor") else ""
    occupy = ", occupied" if row.get("occupy") else ""
    return f"prepare {words}{cost}{floor}{occupy}"


def _staff_play(row: dict[str, Any]) -> str:
    count = row.get("count", 1)
    price = " free" if row.get("free") else (f", {_plural(row['discount'], 'krone')} less" if row.get("discount")
                                             else "")
    return f"play {_plural(count, 'staff')}{price}"


def _vp(row: dict[str, Any]) -> str:
    amount = int(row["amount"])
    return f"+{amount} VP" if amount >= 0 else f"−{-amount} VP"


def _draw_play(row: dict[str, Any]) -> str:
    price = "free" if row.get("free") else f"for {_plural(int(row.get('discount', 0)), 'krone')} less"
    return f"draw {row['draw']} staff, play 1 {price}"


def _vp_per_staff(row: dict[str, Any]) -> str:
    per = int(row["per"])
    return f"{'+' if per >= 0 else '−'}{abs(per)} VP per staff played"


EFFECT_WORDS: dict[str, Callable[[Row], str]] = {
    "items": _items,
    "krones": lambda row: f"+{_plural(row['amount'], 'krone')}",
    "emperor": lambda row: f"+{_plural(row['steps'], 'Emperor step')}",
    "vp": _vp,
    "prepare_rooms": _rooms,
    "draw_staff": lambda row: f"draw {row['count']} staff",
    "play_staff": _staff_play,
    "draw_play_staff": _draw_play,
    "any_items": lambda row: f"{_plural(row['count'], 'item')} of your choice",
    "occupy_rooms": lambda row: f"occupy {_plural(row['count'], 'room')}",
    "free_guests": lambda row: f"take {_plural(row['count'], 'guest')} free",
    "extra_action": lambda row: "one extra action",
    "fill_order": lambda row: "serve a whole order",
    "vp_per_staff_played": _vp_per_staff,
    "lose_krones_or_vp": lambda row: f"−{_plural(row['amount'], 'krone')} or −{row['vp']} VP",
    "return_kitchen": lambda row: ("lose kitchen and café items" if row.get("include_cafe")
                                   else "lose all kitchen items"),
    "return_hand_staff_or_vp": lambda row: f"return {row['count']} staff from hand or −{row['vp']} VP",
    "remove_vacant_rooms_or_vp": lambda row: f"lose {_plural(row['count'], 'prepared room')} or −{row['vp']} VP",
    "remove_occupied_rooms": lambda row: f"lose {_plural(row['count'], 'occupied room')}",
    "discard_game_end_staff_or_vp": lambda row: f"lose a game-end staff or −{row['vp']} VP",
    # Let's Waltz module-5 Emperor tiles A6, B6, C6
    "krones_and_any_items": lambda row: (f"+{_plural(row['amount'], 'krone')} and "
                                         f"{_plural(row['count'], 'item')} of your choice"),
    "lose_krones_and_item_or_vp": lambda row: (f"−{_plural(row['amount'], 'krone')} and "
                                               f"{_plural(row['count'], 'kitchen item')}, or −{row['vp']} VP"),
    "draw_staff_and_vp": lambda row: f"draw {row['count']} staff and +{row['amount']} VP",
    "vp_per_politics_marker": lambda row: f"+{row['per']} VP per politics marker",
    "lose_money_and_kitchen": lambda row: "lose all krones and kitchen items",
}
"""The words for each effect kind of a guest reward, staff effect or Emperor tile, keyed by the row's "effect"."""


_ORDINALS = ("first", "second", "third", "fourth")


def _rooms_sentence(row: Row) -> str:
    discounts = [int(d) for d in row.get("discounts", [0])]
    words = f"prepare {_count(len(discounts), 'room')}"
    if row.get("free"):
        words += " for free"
    elif any(discounts):
        cheaper = [f"{_count(d, 'krone')} less for the {_ORDINALS[k]}" for k, d in enumerate(discounts) if d]
        words += (f", paying {_count(discounts[0], 'krone')} less" if len(discounts) == 1
                  else ", paying " + _and_words(cheaper))
    if row.get("max_floor"):
        floor = int(row["max_floor"])
        words += " on floor 1" if floor == 1 else f" on floors 1 to {floor}"
    return words + (", occupied at once" if row.get("occupy") else "")


def _and_words(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _price(row: Row, key: str = "discount") -> str:
    if row.get("free"):
        return " for free"
    return f" {_count(int(row[key]), 'krone')} cheaper" if row.get(key) else ""


def _items_sentence(row: Row) -> str:
    parts = [f"{row[item]} {item}" for item in ITEMS if row.get(item)]
    if len(parts) == 4 and all(row[item] == 1 for item in ITEMS):
        return "gain 1 strudel, 1 cake, 1 wine and 1 coffee"
    return "gain " + _and_words(parts)


def _vp_sentence(amount: int) -> str:
    return f"gain {_count(amount, 'VP')}" if amount >= 0 else f"lose {_count(-amount, 'VP')}"


def _per_staff_sentence(row: Row) -> str:
    return f"{_vp_sentence(int(row['per']))} for each staff card played"


EFFECT_SENTENCES: dict[str, Callable[[Row], str]] = {
    "items": _items_sentence,
    "krones": lambda row: f"gain {_count(int(row['amount']), 'krone')}",
    "emperor": lambda row: f"move {_count(int(row['steps']), 'step')} up the Emperor track",
    "vp": lambda row: _vp_sentence(int(row["amount"])),
    "prepare_rooms": _rooms_sentence,
    "draw_staff": lambda row: f"draw {_count(int(row['count']), 'staff card')}",
    "play_staff": lambda row: f"play {_count(int(row.get('count', 1)), 'staff card')}{_price(row)}",
    "draw_play_staff": lambda row: (f"draw {_count(int(row['draw']), 'staff card')} and play 1 of them"
                                    f"{_price(row) or ' at full cost'}"),
    "any_items": lambda row: f"gain {_count(int(row['count']), 'dish or drink', 'dishes or drinks')} of any kind",
    "occupy_rooms": lambda row: f"occupy {_count(int(row['count']), 'prepared room')}",
    "free_guests": lambda row: f"take {_count(int(row['count']), 'guest')} from the display for free",
    "extra_action": lambda row: "take one extra action",
    "fill_order": lambda row: "serve one guest's whole order from the supply",
    "vp_per_staff_played": _per_staff_sentence,
    "lose_krones_or_vp": lambda row: (f"lose {_count(int(row['amount']), 'krone')}, or "
                                      f"{_count(int(row['vp']), 'VP')}"),
    "return_kitchen": lambda row: ("return every dish and drink in the kitchen and in the café"
                                   if row.get("include_cafe") else "return every dish and drink in the kitchen"),
    "return_hand_staff_or_vp": lambda row: (f"put {_count(int(row['count']), 'staff card')} from the hand on the "
                                            f"bottom of the deck, or lose {_count(int(row['vp']), 'VP')}"),
    "remove_vacant_rooms_or_vp": lambda row: (f"remove {_count(int(row['count']), 'prepared room')} from the "
                                              f"highest floor, or lose {_count(int(row['vp']), 'VP')}"),
    "remove_occupied_rooms": lambda row: f"remove {_count(int(row['count']), 'occupied room')}",
    "discard_game_end_staff_or_vp": lambda row: (f"discard a played game-end staff card, or lose "
                                                 f"{_count(int(row['vp']), 'VP')}"),
    "krones_and_any_items": lambda row: (f"gain {_count(int(row['amount']), 'krone')} and "
                                         f"{_count(int(row['count']), 'dish or drink', 'dishes or drinks')} of any "
                                         "kind"),
    "lose_krones_and_item_or_vp": lambda row: (f"lose {_count(int(row['amount']), 'krone')} and "
                                               f"{_count(int(row['count']), 'kitchen item')}, or "
                                               f"{_count(int(row['vp']), 'VP')}"),
    "draw_staff_and_vp": lambda row: (f"draw {_count(int(row['count']), 'staff card')} and gain "
                                      f"{_count(int(row['amount']), 'VP')}"),
    "vp_per_politics_marker": lambda row: f"{_vp_sentence(int(row['per']))} for each politics marker",
    "lose_money_and_kitchen": lambda row: "lose every krone and every kitchen item",
}
"""Each effect kind in full words, as an instruction without a subject ("gain 3 krones", "put 2 staff cards from
the hand on the bottom of the deck, or lose 5 VP"), for texts (posts, panels, `/gah card`); pictures use
the shorter `EFFECT_WORDS`."""


def sentence(row: Row) -> str:
    """`row` in full words (`EFFECT_SENTENCES`); a kind without an entry falls back to `describe`."""
    words = EFFECT_SENTENCES.get(str(row.get("effect", "")))
    return words(row) if words else describe(row)


def emperor_sentences(tile: EmperorTile) -> tuple[str, str]:
    """An Emperor tile's (reward, penalty) in full words, e.g. ("gain 3 krones", "lose 3 krones, or 5 VP")
    for tile A1 (data: engine/gah/data/emperor_tiles.json)."""
    return sentence(tile.reward), sentence(tile.penalty)


def fill_words(template: str, row: Row) -> str:
    """A row's own "words" template filled from its fields, e.g. "take {count:item} of your choice" with
    {"count": 2} -> "take 2 items of your choice".

    Raises:
        KeyError: the template names a field the row lacks (`engine.gah.datacheck` refuses such a row).
    """

    def field(match: re.Match[str]) -> str:
        value, noun = row[match.group(1)], match.group(2)
        return _count(int(value), noun) if noun else str(value)

    return WORDS_FIELD.sub(field, template)


def describe(row: Row) -> str:
    """A few words for one effect row (guest reward, staff effect, Emperor reward or penalty).

    The words come from `EFFECT_WORDS` for the effect kind, else from the row's own "words" template (see
    `fill_words`: a new effect kind can bring its words in its data row). A kind with neither falls back to its
    name with spaces (a new card stays readable); `tests/render/test_texts.py` requires one or the other for
    every effect the card data names.
    """
    kind = str(row.get("effect", ""))
    words = EFFECT_WORDS.get(kind)
    if words:
        return words(row)
    if "words" in row:
        return fill_words(str(row["words"]), row)
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
