"""The Let's Waltz part of the game state (issue 17): one `WaltzState`, present only when a module is in play.

Each module keeps its own pieces in its own dataclass, in its package (issue 54, item 3): `CelebrityState`
(module 2), `UniqueHotelState` (module 3), `StartPlayerState` (module 4), `ObjectivePiles` (module 5).
`WaltzState` holds one of each, plus `used`, which two modules share.

The stored JSON is one flat object with every module's keys (as before the modules had their own state: lounge,
chits, celebrity_deck, celebrity_discard, colored, used, key, round_start, passed_round, wray_tiles, personal,
personal_done, pile, kaufman_pile, faces, and solo_hotel when set), so stored games and the contract goldens read
unchanged: `to_dict` merges the parts' fields, `from_dict` gives each key back to the part that declares it.
`GameState.waltz` is None in every game without a module, and then left out of the JSON, so stored base games keep
their exact JSON. Per-player lists are indexed by seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.gah.waltz.celebrities.state import IN_DUSTBIN, OFF_BOARD, TO_ROLL, CelebrityState
from engine.gah.waltz.more_objectives.state import ObjectivePiles
from engine.gah.waltz.start_player.state import StartPlayerState
from engine.gah.waltz.unique_hotels.state import SoloHotelState, UniqueHotelState

__all__ = ["IN_DUSTBIN", "OFF_BOARD", "TO_ROLL", "CelebrityState", "ObjectivePiles", "SoloHotelState",
           "StartPlayerState", "UniqueHotelState", "WaltzState"]

PARTS: dict[str, type[CelebrityState | UniqueHotelState | StartPlayerState | ObjectivePiles]] = {
    "celebrities": CelebrityState,
    "unique_hotels": UniqueHotelState,
    "start_player": StartPlayerState,
    "more_objectives": ObjectivePiles,
}
"""`WaltzState`'s attribute (the module's name) -> its module's state class."""

_OWNER = {item.name: part for part, kind in PARTS.items() for item in fields(kind)}
"""A stored key -> the attribute of the part that keeps it ("used" is kept by `WaltzState` itself)."""


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names, in order (looked up once per class: a state is copied at every action)."""
    names = _NAMES.get(kind)
    if names is None:
        names = _NAMES[kind] = tuple(item.name for item in fields(kind))
    return names


def _copy(value: Any) -> Any:
    """Lists one level deep copied (the parts hold lists and lists of lists of plain values)."""
    return [list(v) if isinstance(v, list) else v for v in value] if isinstance(value, list) else value


@dataclass
class WaltzState:
    """Let's Waltz modules' pieces: one part per module, and what two modules share.

    Every part is present whenever any module is in play (an unchosen module's part keeps its empty start), so the
    stored object always has the same keys.

    Attributes:
        celebrities: module 2's lounge, celebrity stack and coloured dice.
        unique_hotels: module 3's entrance bookkeeping (and the solo opponent's entrance).
        start_player: module 4's skeleton key and clockwise start.
        more_objectives: module 5's piles of completed guests.
        used: per seat, once-per-round or once-per-turn effects already used: "einstein" (module 2's Albert
            Einstein, per round), "wray" (module 3's The Grand Wray Hotel, per turn).
    """

    celebrities: CelebrityState = field(default_factory=CelebrityState)
    unique_hotels: UniqueHotelState = field(default_factory=UniqueHotelState)
    start_player: StartPlayerState = field(default_factory=StartPlayerState)
    more_objectives: ObjectivePiles = field(default_factory=ObjectivePiles)
    used: list[list[str]] = field(default_factory=list)

    @classmethod
    def for_players(cls, count: int, start: int = 0) -> WaltzState:
        """An empty state for `count` seats whose first round starts with seat `start`."""
        state = cls(celebrities=CelebrityState.for_players(count), unique_hotels=UniqueHotelState.for_players(count),
                    start_player=StartPlayerState.for_players(count), more_objectives=ObjectivePiles.for_players(count),
                    used=[[] for _ in range(count)])
        state.start_player.round_start = start
        return state

    def copy(self) -> WaltzState:
        """A copy sharing no list with this one, part by part (`GameState.copy`, at every action; a subclass with
        more fields copies them too)."""
        return WaltzState(self.celebrities.copy(), self.unique_hotels.copy(), self.start_player.copy(),
                          self.more_objectives.copy(), [marks[:] for marks in self.used])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the parts' fields and the shared ones in one flat object (lists copied; no
        "solo_hotel" while it is None)."""
        data: dict[str, Any] = {}
        for name in _names(type(self)):
            value = getattr(self, name)
            if name not in PARTS:
                data[name] = _copy(value)
                continue
            for piece in _names(type(value)):
                held = getattr(value, piece)
                if piece == "solo_hotel":
                    if held is not None:
                        data[piece] = held.to_dict()
                else:
                    data[piece] = _copy(held)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WaltzState:
        """Inverse of `to_dict` (missing keys take their defaults)."""
        parts: dict[str, dict[str, Any]] = {part: {} for part in PARTS}
        shared: dict[str, Any] = {}
        for key, value in data.items():
            if key == "solo_hotel":
                parts["unique_hotels"][key] = None if value is None else SoloHotelState.from_dict(value)
            elif key in _OWNER:
                parts[_OWNER[key]][key] = _copy(value)
            else:
                shared[key] = _copy(value)
        made: dict[str, Any] = {part: kind(**parts[part]) for part, kind in PARTS.items()}
        return cls(**made, **shared)
