"""Card, tile and board data, loaded once from `engine/gah/data/*.json` into frozen dataclasses.

Facts (names, costs, orders, VP) come from shared/reference/gah-data.md and gah-data-pass2.md; the
behaviour of each card is a list of named rows, each naming a behaviour of `engine.gah.behaviours`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

ITEMS: tuple[str, ...] = ("strudel", "cake", "wine", "coffee")
"""Dishes and drinks, in the fixed order used by every item count list in the engine."""

COLORS: tuple[str, ...] = ("red", "blue", "yellow")
"""Room colours."""

Effect = dict[str, Any]
"""One effect row: {"effect": name, ...parameters}."""


@dataclass(frozen=True)
class Guest:
    """A guest card. `order` counts [strudel, cake, wine, coffee]; colour is red/blue/yellow/green."""

    id: int
    name: str
    name_de: str
    color: str
    order: tuple[int, int, int, int]
    vp: int
    reward: tuple[Effect, ...]

    @property
    def order_size(self) -> int:
        """Number of dishes and drinks the guest orders (Male Floor Housekeeper counts this)."""
        return sum(self.order)


@dataclass(frozen=True)
class StaffCard:
    """A staff card. `kind` is one_time, once_per_round, permanent or game_end."""

    id: int
    name: str
    name_de: str
    cost: int
    cost_2015: int
    kind: str
    introductory_set: str | None
    effects: tuple[Effect, ...]
    abilities: tuple[Effect, ...]
    scoring: Effect | None

    def cost_in(self, edition: str) -> int:
        """Printed cost in krones for the given rules edition ("2021" or "2015")."""
        return self.cost_2015 if edition == "2015" else self.cost


@dataclass(frozen=True)
class PoliticsCard:
    """A politics card: pile A/B/C and a condition row checked by `engine.gah.scoring`."""

    id: int
    pile: str
    text: str
    condition: Effect
    variant: str | None = None
    """None for the twelve printed cards; "herlius" for the Yucata variant cards; "more_objectives" for the
    Let's Waltz module-5 cards."""


@dataclass(frozen=True)
class EmperorTile:
    """An Emperor tile: pile A/B/C (scored after rounds 3/5/7), one reward row and one penalty row."""

    id: str
    pile: str
    reward: Effect
    penalty: Effect
    variant: str | None = None
    """None for the twelve base tiles; "more_objectives" for the Let's Waltz module-5 tiles."""


@dataclass(frozen=True)
class HotelLayout:
    """One side of a hotel board. Spaces are indexed i = (floor - 1) * 5 + (column - 1), floor 1 at the bottom.

    Attributes:
        colors: 20 colour names.
        groups: tuples of space indices; each space is in exactly one group.
        group_of: group index of each space.
    """

    name: str
    colors: tuple[str, ...]
    groups: tuple[tuple[int, ...], ...]
    group_of: tuple[int, ...]


@dataclass(frozen=True)
class HotelRules:
    """Values printed the same on every hotel side."""

    floor_cost: tuple[int, ...]
    floor_end_vp: tuple[int, ...]
    vp_badges: dict[int, int]
    occupancy_bonus: dict[str, tuple[int, ...]]


def _load(name: str) -> Any:
    return json.loads(resources.files("engine.gah").joinpath("data", name).read_text(encoding="utf-8"))


@cache
def guests() -> dict[int, Guest]:
    """All base-game guests by id (49-104)."""
    rows = _load("guests.json")["guests"]
    return {
        r["id"]: Guest(r["id"], r["name"], r["name_de"], r["color"], tuple(r["order"]), r["vp"], tuple(r["reward"]))
        for r in rows
    }


@cache
def staff() -> dict[int, StaffCard]:
    """All base-game staff cards by id (1-48)."""
    rows = _load("staff.json")["staff"]
    return {
        r["id"]: StaffCard(
            r["id"], r["name"], r["name_de"], r["cost"], r.get("cost_2015", r["cost"]), r["type"],
            r.get("introductory_set"), tuple(r["effects"]), tuple(r["abilities"]), r["scoring"],
        )
        for r in rows
    }


@cache
def staff_by_name() -> dict[str, StaffCard]:
    """Staff cards by lower-case English name."""
    return {card.name.lower(): card for card in staff().values()}


@cache
def politics() -> dict[int, PoliticsCard]:
    """Politics cards by id: the twelve printed ones (105-116), the herlius variant cards (1001-1003) and the
    Let's Waltz module-5 cards (2006, 2012, 2018)."""
    rows = _load("politics.json")["politics"]
    return {r["id"]: PoliticsCard(r["id"], r["pile"], r["text"], r["condition"], r.get("variant")) for r in rows}


@cache
def politics_vp() -> tuple[int, ...]:
    """VP for the first, second and third marker on a politics card (15/10/5)."""
    return tuple(_load("politics.json")["vp"])


@cache
def emperor_tiles() -> dict[str, EmperorTile]:
    """The Emperor tiles by id: the twelve base tiles (A1-C4) and the Let's Waltz module-5 tiles (A6, B6, C6)."""
    rows = _load("emperor_tiles.json")["tiles"]
    return {r["id"]: EmperorTile(r["id"], r["pile"], r["reward"], r["penalty"], r.get("variant")) for r in rows}


_LETTER = {"R": "red", "Y": "yellow", "B": "blue"}


def _groups(colors: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """Maximal orthogonally connected same-colour areas, ordered by their lowest space."""
    seen: set[int] = set()
    groups: list[tuple[int, ...]] = []
    for start in range(20):
        if start in seen:
            continue
        area, todo = [], [start]
        seen.add(start)
        while todo:
            space = todo.pop()
            area.append(space)
            for other in neighbours(space):
                if other not in seen and colors[other] == colors[start]:
                    seen.add(other)
                    todo.append(other)
        groups.append(tuple(sorted(area)))
    return tuple(groups)


def neighbours(space: int) -> tuple[int, ...]:
    """Orthogonal neighbours of a hotel space index (0-19)."""
    floor, column = divmod(space, 5)
    result = []
    if column > 0:
        result.append(space - 1)
    if column < 4:
        result.append(space + 1)
    if floor > 0:
        result.append(space - 5)
    if floor < 3:
        result.append(space + 5)
    return tuple(result)


@cache
def hotel_layouts() -> dict[str, HotelLayout]:
    """Hotel sides by name: "standard" (the night side all players share) and day sides "A"-"D"."""
    data = _load("hotels.json")
    result = {}
    for name, rows in data["sides"].items():
        colors = tuple(_LETTER[letter] for row in rows for letter in row)
        groups = _groups(colors)
        group_of = [0] * 20
        for index, group in enumerate(groups):
            for space in group:
                group_of[space] = index
        result[name] = HotelLayout(name, colors, groups, tuple(group_of))
    return result


@cache
def hotel_rules() -> HotelRules:
    """Floor costs, end-game VP per floor, VP badges and occupancy bonuses."""
    data = _load("hotels.json")
    badges = {}
    for key, vp in data["vp_badges"].items():
        floor, column = (int(part) for part in key.split("-"))
        badges[(floor - 1) * 5 + column - 1] = vp
    return HotelRules(
        tuple(data["floor_cost"]), tuple(data["floor_end_vp"]), badges,
        {color: tuple(values) for color, values in data["occupancy_bonus"].items()},
    )


def space_name(space: int) -> str:
    """Human name of a hotel space, "floor-column" counted from 1 (e.g. 0 -> "1-1", 19 -> "4-5")."""
    floor, column = divmod(space, 5)
    return f"{floor + 1}-{column + 1}"


EMPEROR_TRACK_VP: tuple[int, ...] = (0, 1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9)
"""VP printed under Emperor track spaces 0-13 (gah-data.md section 5)."""

EMPEROR_RETREAT: dict[int, int] = {3: 3, 5: 5, 7: 7}
"""Round -> spaces retreated at that round's Emperor scoring."""

EMPEROR_REWARD_FROM = 3
"""The space (or higher) a marker must be on, after it moved back, to earn the Emperor tile's reward; on space 0 its
player suffers the penalty (rulebook 2015, "Emperor Scoring")."""


def emperor_thresholds(scoring_round: int) -> tuple[int, int]:
    """(penalty_at_most, reward_from): the Emperor track spaces, as the markers stand before the Emperor scoring
    after `scoring_round` (3, 5 or 7), at or below which its penalty falls and at or above which its reward is
    earned. The marker first moves back `EMPEROR_RETREAT[scoring_round]` spaces (never below 0): after round 3 a
    marker on 3 or lower suffers the penalty and one on 6 or higher earns the reward (rulebook 2015, "Emperor
    Scoring").

    Raises:
        KeyError: `scoring_round` is not 3, 5 or 7.
    """
    retreat = EMPEROR_RETREAT[scoring_round]
    return retreat, retreat + EMPEROR_REWARD_FROM

DISPLAY_COSTS: tuple[int, ...] = (3, 2, 1, 0, 0)
"""Krones to take a guest from display positions 1-5, left to right (gah-data.md section 2)."""

TURN_ORDER_TILES: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 4), (2, 3)),
    3: ((1, 6), (2, 5), (3, 4)),
    4: ((1, 8), (2, 7), (3, 6), (4, 5)),
}
"""Turn order tiles by player count; the start player holds the first tile (gah-data.md section 8)."""

DICE_BY_PLAYERS: dict[int, int] = {2: 10, 3: 12, 4: 14}
MONEY_MAX = 20
EMPEROR_MAX = 13
START_MONEY = 10
CAFE_TABLES = 3
