"""Overbooking component data: the 24 guest cards of a deck and the 16 hotel faces, loaded from a JSON file.

The printed coin values and hotel faces are NOT FOUND in any public source (`shared/reference/overbooking-data.md`
section 5), so the engine ships a provisional file (`engine/gah/data/overbooking.json`, every row marked
`"provisional": true` with its reason). A server admin who owns the game can write the printed values into a file
of the same shape and pass its path to `load_data`; a file whose rows are all `"provisional": false` drops the
"provisional card values and hotels" label.

File shape (JSON object)::

    {"crests": [{"id": "bird", "name": "Bird", "provisional": false, "reason": "..."}, ...4],
     "cards":  [{"crest": "bird", "beds": 1, "coins": 3, "provisional": true, "reason": "..."}, ...24],
     "hotels": [{"tile": 1, "side": "a", "name": "...", "beds": 13, "rule": "none",
                 "provisional": true, "reason": "..."}, ...16]}
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

BUNDLED = Path(__file__).resolve().parent / "overbooking.json"
"""The provisional data file shipped with the engine."""

GUEST_TYPES: dict[int, str] = {1: "monk", 2: "merchants", 3: "maids", 4: "nobles", 5: "soldiers", 6: "workers"}
"""Guest type by group size (beds needed), rulebook "Karty gości" and "Specjalne zdolności rezerwacyjne" 1-6."""

RULES: dict[str, str] = {
    "none": "No special rule.",
    "small_only": "Only groups of 1-3 may join the queue.",
    "large_only": "Only groups of 4-6 may join the queue.",
    "first_face_up": "The first queue card is placed face up.",
    "second_face_up": "The second queue card is placed face up.",
    "monks_first": "Monks in the queue book first.",
    "soldiers_first": "Soldiers in the queue book first.",
    "no_soldiers": "No soldiers may join the queue.",
    "no_back_door": "No back door; up to 5 cards in the queue.",
    "two_crests": "Only two different crests in the queue.",
}
"""The ten hotel booking rules (rulebook page 6, "Przegląd zasad hoteli"), in our own words (<= 45 characters)."""

CREST_NAME_LIMIT = 24
"""The longest crest name (as for hotel names): a name is shown in pictures and copied into every stored game."""

SMALL_MAX_BEDS = 3
"""Crest size on a card's back: small for groups of 1-3, large for 4-6 (rulebook "Karty gości", "Uwaga")."""


class OverbookingDataError(ValueError):
    """A data file does not match the schema; `problems` lists every fault found, one readable sentence each."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{source} is not a valid Overbooking data file:\n- " + "\n- ".join(problems))


@dataclass(frozen=True)
class Crest:
    """One family crest: `id` (a short lower-case word used in action texts) and display `name`."""

    id: str
    name: str
    provisional: bool


@dataclass(frozen=True)
class GuestCard:
    """One card of a guest deck: its crest, group size (`beds`, 1-6) and coin value (VP at the end)."""

    crest: str
    beds: int
    coins: int
    provisional: bool

    @property
    def kind(self) -> str:
        """The guest type ("monk", "merchants", ...) that the group size stands for."""
        return GUEST_TYPES[self.beds]

    @property
    def small(self) -> bool:
        """True when the back shows a small crest (1-3 beds)."""
        return self.beds <= SMALL_MAX_BEDS


@dataclass(frozen=True)
class HotelFace:
    """One side of a hotel tile: printed `beds` (8-17) and booking `rule` (a key of `RULES`)."""

    tile: int
    side: str
    name: str
    beds: int
    rule: str
    provisional: bool

    @property
    def key(self) -> str:
        """"3a": tile number and side."""
        return f"{self.tile}{self.side}"


@dataclass(frozen=True)
class OverbookingData:
    """All component data of one game: 4 crests, the 24 cards of a deck (index = card number), 16 hotel faces."""

    crests: tuple[Crest, ...]
    cards: tuple[GuestCard, ...]
    hotels: tuple[HotelFace, ...]

    @property
    def provisional(self) -> bool:
        """True if any row is provisional: the UI then says "provisional card values and hotels"."""
        return (any(row.provisional for row in self.crests) or any(row.provisional for row in self.cards)
                or any(row.provisional for row in self.hotels))

    def hotel(self, tile: int, side: str) -> HotelFace:
        """The face `side` ("a" or "b") of hotel tile `tile`.

        Raises:
            KeyError: no such face.
        """
        return self._faces[(tile, side)]

    @cached_property
    def _faces(self) -> dict[tuple[int, str], HotelFace]:
        return {(face.tile, face.side): face for face in self.hotels}

    def tiles(self) -> list[int]:
        """The tile numbers, sorted."""
        return sorted({face.tile for face in self.hotels})

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form (the file shape without reasons); `parse_data(d.to_dict()) == d`."""
        return {
            "crests": [{"id": c.id, "name": c.name, "provisional": c.provisional} for c in self.crests],
            "cards": [{"crest": c.crest, "beds": c.beds, "coins": c.coins, "provisional": c.provisional}
                      for c in self.cards],
            "hotels": [{"tile": h.tile, "side": h.side, "name": h.name, "beds": h.beds, "rule": h.rule,
                        "provisional": h.provisional} for h in self.hotels],
        }


def _rows(raw: dict[str, Any], key: str, count: int, problems: list[str]) -> list[dict[str, Any]]:
    rows = raw.get(key)
    if not isinstance(rows, list):
        problems.append(f'"{key}" must be a list of {count} entries.')
        return []
    if len(rows) != count:
        problems.append(f'"{key}" has {len(rows)} entries; it needs exactly {count}.')
    good = []
    for number, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            problems.append(f'{key} entry {number} must be an object.')
        elif not isinstance(row.get("provisional"), bool):
            problems.append(f'{key} entry {number}: "provisional" must be true or false.')
        else:
            good.append(row)
    return good


def _int(row: dict[str, Any], field: str, low: int, high: int, where: str, problems: list[str]) -> int | None:
    value = row.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problems.append(f'{where}: "{field}" must be a whole number from {low} to {high} (got {value!r}).')
        return None
    return value


def parse_data(raw: Any, source: str = "the data") -> OverbookingData:
    """Check `raw` (a decoded JSON object) against the schema in the module docstring and build the data.

    Rules checked: 4 crests with distinct lower-case ids and names of up to `CREST_NAME_LIMIT` characters; 24
    cards, one per crest and group size 1-6, coins 0-9; 16 hotel faces, 8 tiles numbered 1-8 with sides "a" and
    "b", beds 8-17 (the printed range, overbooking-data.md 2.3), rule one of `RULES`.

    Raises:
        OverbookingDataError: every problem found, each as a readable sentence.
    """
    problems: list[str] = []
    if not isinstance(raw, dict):
        raise OverbookingDataError(source, ["the file must hold one JSON object with crests, cards and hotels."])
    crests: list[Crest] = []
    for number, row in enumerate(_rows(raw, "crests", 4, problems), 1):
        ident, name = row.get("id"), row.get("name")
        if not isinstance(ident, str) or not ident.isalpha() or not ident.islower() or len(ident) > 10:
            problems.append(f'crests entry {number}: "id" must be one lower-case word of up to 10 letters.')
        elif not isinstance(name, str) or not name.strip() or len(name) > CREST_NAME_LIMIT:
            problems.append(f'crests entry {number}: "name" must be a non-empty text of up to '
                            f'{CREST_NAME_LIMIT} characters.')
        else:
            crests.append(Crest(ident, name, row["provisional"]))
    ids = [crest.id for crest in crests]
    if len(set(ids)) != len(ids):
        problems.append("crest ids must all differ.")
    cards: dict[tuple[str, int], GuestCard] = {}
    for number, row in enumerate(_rows(raw, "cards", 24, problems), 1):
        where = f"cards entry {number}"
        crest = row.get("crest")
        beds = _int(row, "beds", 1, 6, where, problems)
        coins = _int(row, "coins", 0, 9, where, problems)
        if crest not in ids:
            problems.append(f'{where}: "crest" must be one of {", ".join(ids) or "the crest ids"} (got {crest!r}).')
        elif beds is not None and coins is not None:
            if (crest, beds) in cards:
                problems.append(f"{where}: a second card with crest {crest} and {beds} beds.")
            cards[(crest, beds)] = GuestCard(str(crest), beds, coins, row["provisional"])
    missing = [f"{crest} {beds}" for crest in ids for beds in range(1, 7) if (crest, beds) not in cards]
    if missing and not problems:
        problems.append(f"cards missing: {', '.join(missing)}.")
    hotels: dict[tuple[int, str], HotelFace] = {}
    for number, row in enumerate(_rows(raw, "hotels", 16, problems), 1):
        where = f"hotels entry {number}"
        tile = _int(row, "tile", 1, 8, where, problems)
        beds = _int(row, "beds", 8, 17, where, problems)
        side, rule, name = row.get("side"), row.get("rule"), row.get("name")
        if side not in ("a", "b"):
            problems.append(f'{where}: "side" must be "a" or "b" (got {side!r}).')
        if rule not in RULES:
            problems.append(f'{where}: "rule" must be one of {", ".join(RULES)} (got {rule!r}).')
        if not isinstance(name, str) or not name.strip() or len(name) > 24:
            problems.append(f'{where}: "name" must be a non-empty text of up to 24 characters.')
        if tile is not None and beds is not None and side in ("a", "b") and rule in RULES and isinstance(name, str):
            if (tile, side) in hotels:
                problems.append(f"{where}: tile {tile} side {side} appears twice.")
            hotels[(tile, str(side))] = HotelFace(tile, str(side), name, beds, str(rule), row["provisional"])
    if problems:
        raise OverbookingDataError(source, problems)
    order = {crest: index for index, crest in enumerate(ids)}
    return OverbookingData(
        crests=tuple(crests),
        cards=tuple(sorted(cards.values(), key=lambda c: (order[c.crest], c.beds))),
        hotels=tuple(sorted(hotels.values(), key=lambda h: (h.tile, h.side))),
    )


def read_data(text: str, source: str = "the data") -> OverbookingData:
    """Parse a data file's text (JSON; a leading byte order mark is ignored) and check it (see `parse_data`).

    Raises:
        OverbookingDataError: the text is not JSON (or nested too deeply), or does not match the schema.
    """
    try:
        raw = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise OverbookingDataError(source, [f"it is not valid JSON: {error.msg} (line {error.lineno}, "
                                            f"column {error.colno})."]) from error
    except RecursionError as error:  # brackets nested thousands deep: no data file looks like that
        raise OverbookingDataError(source, ["it is not a data file: its brackets are nested far too deeply."]
                                   ) from error
    return parse_data(raw, source)


def bundled_data() -> OverbookingData:
    """The provisional data shipped with the engine (cached)."""
    global _BUNDLED_CACHE
    if _BUNDLED_CACHE is None:
        _BUNDLED_CACHE = read_data(BUNDLED.read_text(encoding="utf-8"), str(BUNDLED))
    return _BUNDLED_CACHE


_BUNDLED_CACHE: OverbookingData | None = None


MAX_FILE_BYTES = 1_000_000
"""The largest data file read (the bundled one is about 15 KB): a bigger file, or one that never ends such as
/dev/zero, is refused before it is read into memory."""


def load_data(path: str | Path | None, *, source: str | None = None) -> OverbookingData:
    """The data in the file at `path` (the printed values an admin names in `.env` as OVERBOOKING_DATA), or the
    bundled provisional data when `path` is None or empty. `source` names the file in messages (default: the
    path). The file must be a regular file of at most `MAX_FILE_BYTES` (never a FIFO or a device, which could hang
    or never end), in UTF-8, with or without a byte order mark.

    Raises:
        OverbookingDataError: the file is not a regular file, is too large, cannot be read, is not UTF-8 or JSON,
            is nested too deeply, or does not match the schema.
    """
    if path is None or str(path).strip() == "":
        return bundled_data()
    where = source or str(path)
    try:
        data = _read_bounded(Path(path))
    except OSError as error:
        raise OverbookingDataError(where, [f"it cannot be read: {error.strerror or error}."]) from error
    except ValueError as error:
        raise OverbookingDataError(where, [str(error)]) from error
    try:
        text = data.decode("utf-8-sig")  # a byte order mark (as some editors write) is accepted
    except UnicodeDecodeError as error:
        raise OverbookingDataError(where, [f"it is not UTF-8 text (byte {error.start})."]) from error
    return read_data(text, where)


def _read_bounded(path: Path) -> bytes:
    """The bytes of the regular file `path`, refused if it holds more than `MAX_FILE_BYTES`.

    Raises:
        OSError: it cannot be opened or read.
        ValueError: it is not a regular file, or it is too large (a sentence for the admin).
    """
    # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then tells it is no regular file
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise ValueError("it is not a regular file (a directory, device or pipe cannot hold the data).")
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(f"it is larger than {MAX_FILE_BYTES:,} bytes; the data file is about 15 KB.")
    return data
