"""Let's Waltz data (issue 17): celebrities, hotel entrances, and the module constants, from `engine/gah/data/`.

Facts come from shared/reference/gah-data.md section 9, gah-data-pass2.md sections 4-5 and the Let's Waltz
player aid (rules/gah-lets-waltz-and-solo-player-aid.txt). What is NOT FOUND there is left out or marked as
this project's reading.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

Row = dict[str, Any]


@dataclass(frozen=True)
class Celebrity:
    """A module-2 celebrity: id (MrIee uid), name, our short rules text, and its behaviour rows."""

    id: int
    name: str
    text: str
    abilities: tuple[Row, ...]


@dataclass(frozen=True)
class Entrance:
    """A module-3 hotel entrance.

    Attributes:
        items: starting [strudel, cake, wine, coffee] that replace the base game's one of each.
        gained: rows carried out when the entrance is gained (at the auction).
        abilities: ongoing behaviour rows.
        solo: whether this is one of the solo opponent's entrances I-IV (module 3 in solo), named by `key`.
    """

    id: int
    name: str
    text: str
    items: tuple[int, int, int, int]
    gained: tuple[Row, ...]
    abilities: tuple[Row, ...]
    solo: bool = False
    key: str = ""

    def ability(self, name: str) -> Row | None:
        """The entrance's ability row called `name`, or None."""
        return next((row for row in self.abilities if row["effect"] == name), None)


def _load(name: str) -> Any:
    return json.loads(resources.files("engine.gah").joinpath("data", name).read_text(encoding="utf-8"))


@cache
def celebrities() -> dict[int, Celebrity]:
    """The nine celebrities usable without module 1, by id."""
    return {r["id"]: Celebrity(r["id"], r["name"], r["text"], tuple(r["abilities"]))
            for r in _load("celebrities.json")["celebrities"]}


@cache
def lounge_colors() -> tuple[str, ...]:
    """Die colour of lounge slots left, middle, right (our order: NOT FOUND in the sources)."""
    return tuple(_load("celebrities.json")["lounge_colors"])


@cache
def entrances() -> dict[int, Entrance]:
    """Every hotel entrance whose rules are complete, by id: the eight regular ones and the solo opponent's four."""
    return {
        r["id"]: Entrance(r["id"], r["name"], r["text"], tuple(r["items"]), tuple(r["gained"]), tuple(r["abilities"]),
                          bool(r.get("solo", False)), str(r.get("key", "")))
        for r in _load("entrances.json")["entrances"]
    }


@cache
def regular_entrances() -> tuple[int, ...]:
    """Ids of the regular hotel entrances (auctioned, or drawn by the solo player), in id order."""
    return tuple(sorted(e for e, entrance in entrances().items() if not entrance.solo))


@cache
def solo_entrance_ids() -> dict[str, int]:
    """The solo opponent's entrances by key ("hautel_couture", ...), in the order I-IV."""
    return {entrance.key: e for e, entrance in sorted(entrances().items()) if entrance.solo}


PRINTED_VP = 1
"""VP every celebrity prints (gah-data-pass2.md section 4)."""
CHIT_CYCLE: dict[int, int] = {1: 2, 2: 4}
"""Celebrity clean-up: an untaken celebrity showing 1 VP gains a 2-VP chit, 2 flips to 4; 4 leaves the lounge."""

CLOCKWISE_TILES: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 3), (2, 4)),
    3: ((1, 4), (2, 5), (3, 6)),
    4: ((1, 5), (2, 6), (3, 7), (4, 8)),
}
"""Module 4 turn order tiles. The printed numbers are NOT FOUND; this is our reading of "strictly clockwise,
two turns each": every player's first turn in seat order from the start player, then the second turns in the
same order (gah-data-pass2.md section 5)."""
START_MONEY_BY_POSITION = (9, 10, 11, 12)
"""Module 4: starting krones by turn position 1st-4th (player aid, "Personal Play Area")."""
KEY_COMPENSATION: dict[int, tuple[int, ...]] = {2: (0,), 3: (0, 1), 4: (0, 1, 2)}
"""Module 4: krones for the players clockwise from the key taker's left (player aid, "Start Player Action")."""
NINAS_PERSONAL_VP = (15, 15, 15, 10, 10, 5, 5)
"""Ninas Melange: VP for a personal objective completed in rounds 1-7."""
NINAS_FINAL_VP: dict[int, int] = {4: 3, 5: 6, 6: 10}
"""Ninas Melange: VP at the end for 4/5/6 objectives completed in all."""
KAUFMAN_PILE_VP: dict[int, int] = {2: 1, 3: 3, 4: 6, 5: 9}
"""Kaufman: VP at each round end for at least 2/3/4/5 guests in the pile."""


def entrance_named(name: str) -> int:
    """The id of the hotel entrance called `name` ("The Kozi Palace, Vienna"), for an event's "entrance" datum.

    Raises:
        StopIteration: no entrance has that name (a bug in the caller).
    """
    return next(entrance.id for entrance in entrances().values() if entrance.name == name)


def celebrity_named(name: str) -> int:
    """The id of the celebrity called `name` ("Albert Einstein"), for an event's "celebrity" datum.

    Raises:
        StopIteration: no celebrity has that name (a bug in the caller).
    """
    return next(celebrity.id for celebrity in celebrities().values() if celebrity.name == name)
