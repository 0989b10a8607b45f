"""Does the card data agree with the code? A schema check of `engine/gah/data/*.json` against the behaviour registry.

`check_data(raw_data())` lists every problem (an empty list: all is well): ids unique, costs, VP, counts and
colours in range, every behaviour row naming a registered behaviour in the right place (rewards, effects and
Emperor tiles run NOW; abilities at a trigger point; staff scoring rows at game end; politics conditions), every
registered behaviour named by some row, and every behaviour with an AI estimate (`engine.gah.ai.values`).
`tests/engine/test_data_schema.py` runs it on the real data and on doctored copies.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from engine.gah.behaviours import BEHAVIOURS, CARD, CONDITION, NOW, SCORING, Behaviour
from engine.gah.cards import COLORS, ITEMS

DATA_FILES = ("guests", "staff", "emperor_tiles", "politics", "hotels", "leopold", "elisabeth", "celebrities",
              "entrances")
"""The data files, by stem (engine/gah/data/<stem>.json)."""

GUEST_COLORS = (*COLORS, "green")
STAFF_KINDS = ("one_time", "once_per_round", "permanent", "game_end")
PILES = ("A", "B", "C")

_RANGES: dict[str, tuple[int, int]] = {
    "amount": (-20, 20), "steps": (1, 13), "count": (1, 6), "vp": (0, 20), "per": (-5, 10), "at_least": (1, 60),
    "min_items": (1, 10), "draw": (1, 6), "discount": (0, 10), "max_floor": (1, 4),
    **{item: (0, 5) for item in ITEMS},
}
"""Allowed range of each integer parameter a behaviour row may carry."""


def raw_data() -> dict[str, Any]:
    """The data files as parsed JSON, by stem."""
    folder = resources.files("engine.gah").joinpath("data")
    return {stem: json.loads(folder.joinpath(f"{stem}.json").read_text(encoding="utf-8")) for stem in DATA_FILES}


def _rows(data: dict[str, Any]) -> list[tuple[str, str, str, dict[str, Any]]]:
    """Every behaviour row: (where, name space, required placement "now"/"trigger"/"", row)."""
    found: list[tuple[str, str, str, dict[str, Any]]] = []
    for guest in data["guests"]["guests"]:
        found += [(f"guest {guest['id']} reward", CARD, "now", row) for row in guest["reward"]]
    for card in data["staff"]["staff"]:
        found += [(f"staff {card['id']} effect", CARD, "now", row) for row in card["effects"]]
        found += [(f"staff {card['id']} ability", CARD, "trigger", row) for row in card["abilities"]]
        if card["scoring"] is not None:
            found.append((f"staff {card['id']} scoring", SCORING, "", card["scoring"]))
    for tile in data["emperor_tiles"]["tiles"]:
        found += [(f"Emperor tile {tile['id']} {part}", CARD, "now", tile[part]) for part in ("reward", "penalty")]
    for card in data["politics"]["politics"]:
        found.append((f"politics {card['id']} condition", CONDITION, "", card["condition"]))
    for celebrity in data["celebrities"]["celebrities"]:  # Let's Waltz module 2
        found += [(f"celebrity {celebrity['id']} ability", CARD, "trigger", row) for row in celebrity["abilities"]]
    for entrance in data["entrances"]["entrances"]:  # Let's Waltz module 3
        found += [(f"entrance {entrance['id']} when gained", CARD, "now", row) for row in entrance["gained"]]
        found += [(f"entrance {entrance['id']} ability", CARD, "trigger", row) for row in entrance["abilities"]]
    return found


def _range(where: str, key: str, value: Any, low: int, high: int) -> list[str]:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        return [f"{where}: {key} {value!r} is not a whole number from {low} to {high}"]
    return []


def _unique(where: str, ids: list[Any]) -> list[str]:
    seen: set[Any] = set()
    twice = sorted({str(i) for i in ids if i in seen or seen.add(i)})  # type: ignore[func-returns-value]
    return [f"{where}: id {i} is used twice" for i in twice]


WORDS_FIELD = re.compile(r"\{(\w+)(?::([^{}]+))?\}")
"""A field of a row's "words" template: `{amount}` (the value) or `{count:item}` (the value and the noun in
agreement, "1 item", "2 items"); group 1 is the field's name, group 2 the noun. Filled by
`render.gah.texts.fill_words`."""


def _check_words(where: str, row: dict[str, Any]) -> list[str]:
    """A row's own "words" template is a string naming only the row's whole-number fields."""
    template = row["words"]
    if not isinstance(template, str) or not template:
        return [f"{where}: words {template!r} are not a text"]
    names = [name for name, _noun in WORDS_FIELD.findall(template)]
    return [f"{where}: words name {name!r}, a field the row does not have" for name in names
            if not isinstance(row.get(name), int) or isinstance(row.get(name), bool)]


def _check_row(where: str, space: str, place: str, row: Any,
               registry: dict[tuple[str, str], Behaviour]) -> list[str]:
    if not isinstance(row, dict) or not isinstance(row.get("effect"), str):
        return [f"{where}: {row!r} is not a behaviour row"]
    name = row["effect"]
    entry = registry.get((space, name))
    if entry is None:
        return [f"{where}: unknown behaviour {name!r}"]
    problems = []
    if place == "now" and entry.trigger != NOW:
        problems.append(f"{where}: {name!r} runs {entry.trigger!r}, not when the row is carried out")
    if place == "trigger" and entry.trigger == NOW:
        problems.append(f"{where}: {name!r} is an effect, not an ability with a trigger point")
    for key, value in row.items():
        if key in _RANGES:
            problems += _range(where, key, value, *_RANGES[key])
        elif key == "color" and value not in GUEST_COLORS:
            problems.append(f"{where}: unknown colour {value!r}")
        elif key == "faces" and (not isinstance(value, list) or not value or any(f not in range(1, 7) for f in value)):
            problems.append(f"{where}: faces {value!r} are not action spaces 1-6")
        elif key == "words":
            problems += _check_words(where, row)
        elif key == "discounts" and (not isinstance(value, list) or not 1 <= len(value) <= 6
                                     or any(not isinstance(d, int) or not 0 <= d <= 10 for d in value)):
            problems.append(f"{where}: discounts {value!r} are not 1-6 discounts of 0-10 krones")
    if space == CONDITION:
        for color in COLORS:
            if color in row:
                problems += _range(where, color, row[color], 1, 20)
    return problems


def _check_cards(data: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    guests = data["guests"]["guests"]
    problems += _unique("guests", [g["id"] for g in guests])
    for guest in guests:
        where = f"guest {guest['id']}"
        if guest["color"] not in GUEST_COLORS:
            problems.append(f"{where}: unknown colour {guest['color']!r}")
        problems += _range(where, "vp", guest["vp"], 0, 20)
        order = guest["order"]
        if len(order) != len(ITEMS) or any(not isinstance(n, int) or n < 0 for n in order) or not 1 <= sum(order) <= 8:
            problems.append(f"{where}: order {order!r} is not 4 counts totalling 1-8")
    cards = data["staff"]["staff"]
    problems += _unique("staff", [c["id"] for c in cards])
    for card in cards:
        where = f"staff {card['id']}"
        problems += _range(where, "cost", card["cost"], 0, 20)
        problems += _range(where, "cost_2015", card.get("cost_2015", card["cost"]), 0, 20)
        if card["type"] not in STAFF_KINDS:
            problems.append(f"{where}: unknown kind {card['type']!r}")
        if card.get("introductory_set") not in (None, "A", "B", "C", "D"):
            problems.append(f"{where}: unknown introductory set {card['introductory_set']!r}")
    tiles = data["emperor_tiles"]["tiles"]
    problems += _unique("Emperor tiles", [t["id"] for t in tiles])
    problems += [f"Emperor tile {t['id']}: unknown pile {t['pile']!r}" for t in tiles if t["pile"] not in PILES]
    politics = data["politics"]["politics"]
    problems += _unique("politics", [p["id"] for p in politics])
    problems += [f"politics {p['id']}: unknown pile {p['pile']!r}" for p in politics if p["pile"] not in PILES]
    ladder = data["politics"]["vp"]
    problems += [problem for vp in ladder for problem in _range("politics VP", "vp", vp, 0, 30)]
    every = [g["id"] for g in guests] + [c["id"] for c in cards] + [p["id"] for p in politics]
    every += [c["id"] for c in data["leopold"]["cards"]] + [c["id"] for c in data["elisabeth"]["cards"]]
    problems += _unique("all cards", every)
    problems += _unique("celebrities", [c["id"] for c in data["celebrities"]["celebrities"]])
    problems += _unique("entrances", [e["id"] for e in data["entrances"]["entrances"]])
    for entrance in data["entrances"]["entrances"]:
        items = entrance["items"]
        if len(items) != len(ITEMS) or any(not isinstance(n, int) or not 0 <= n <= 1 for n in items):
            problems.append(f"entrance {entrance['id']}: starting items {items!r} are not 4 counts of 0-1")
    for side, rows in data["hotels"]["sides"].items():
        if len(rows) != 4 or any(len(row) != 5 or set(row) - set("RYB") for row in rows):
            problems.append(f"hotel side {side}: not 4 floors of 5 room colours R, Y, B")
    return problems


def check_data(data: dict[str, Any], registry: dict[tuple[str, str], Behaviour] | None = None,
               estimates: bool = True) -> list[str]:
    """Every disagreement between `data` (as `raw_data()` returns it) and the behaviour registry.

    Args:
        registry: the behaviours to check against (default: `engine.gah.behaviours.BEHAVIOURS`).
        estimates: also require an AI estimate for every behaviour (import `engine.gah.ai.values` first).
    """
    registry = BEHAVIOURS if registry is None else registry
    problems = _check_cards(data)
    used: set[tuple[str, str]] = set()
    for where, space, place, row in _rows(data):
        problems += _check_row(where, space, place, row, registry)
        if isinstance(row, dict):
            used.add((space, row.get("effect", "")))
    for key, entry in registry.items():
        if key not in used:
            problems.append(f"behaviour {entry.name!r} ({key[0]}) is registered but no data row names it")
        if estimates and entry.value is None:
            problems.append(f"behaviour {entry.name!r} ({key[0]}) has no AI estimate")
    return problems
