"""Module 3 (Unique Hotels): its pieces in the game state, `WaltzState.unique_hotels`; a player's entrance itself
is `PlayerState.entrance`."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


@dataclass
class SoloHotelState:
    """Module 3 in solo: the pieces of the opponent's solo hotel entrance (`solo_hotels` of this package).

    Attributes:
        pool: Hautel Couture: the item pool, counts [strudel, cake, wine, coffee].
        items: Hautel Couture: the item on each action space 1-6 (index 0 is space 1), an item index 0-3 or -1.
        reserved: Hautel Couture: per café table of the opponent, the space (0-19) of the vacant room reserved
            for its guest, or -1.
        stars: Nine Stars Inn: cogwheel tokens on the stars track, 0-9 (filled III row first, left to right).
        stars_card: Nine Stars Inn: the objective card laid sideways as the stars track (its face plays no part).
        cogwheel_rooms: Sushi Resort: spaces (0-19) of the opponent's hotel that still hold a cogwheel token.
        cogwheel_guests: Sushi Resort: guest ids in the queue holding a cogwheel token (a guest may hold two).
        tolls: Toll Bridge Hotel: cogwheel tokens on each action space 1-6 (index 0 is space 1).
    """

    pool: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    items: list[int] = field(default_factory=lambda: [-1] * 6)
    reserved: list[int] = field(default_factory=lambda: [-1, -1, -1])
    stars: int = 0
    stars_card: int | None = None
    cogwheel_rooms: list[int] = field(default_factory=list)
    cogwheel_guests: list[int] = field(default_factory=list)
    tolls: list[int] = field(default_factory=lambda: [0] * 6)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (lists copied)."""
        return {item.name: list(value) if isinstance(value := getattr(self, item.name), list) else value
                for item in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SoloHotelState:
        """Inverse of `to_dict` (missing keys take their defaults)."""
        values: dict[str, Any] = {key: list(value) if isinstance(value, list) else value for key, value in data.items()}
        return cls(**values)


@dataclass
class UniqueHotelState:
    """What the hotel entrances keep track of.

    Attributes:
        wray_tiles: per seat, The Grand Wray Hotel's Emperor tiles not yet claimed.
        personal: per seat, Ninas Melange's personal objective (politics card) ids.
        personal_done: per seat, personal objectives completed.
        kaufman_pile: per seat, guests completed this round by the Kaufman player (round-end VP).
        faces: per seat, the faces of the dice taken this round (Corogari Zant-Mainz).
        solo_hotel: in solo, the opponent's solo entrance pieces; None otherwise (left out of the JSON).
    """

    wray_tiles: list[list[str]] = field(default_factory=list)
    personal: list[list[int]] = field(default_factory=list)
    personal_done: list[list[int]] = field(default_factory=list)
    kaufman_pile: list[list[int]] = field(default_factory=list)
    faces: list[list[int]] = field(default_factory=list)
    solo_hotel: SoloHotelState | None = None

    @classmethod
    def for_players(cls, count: int) -> UniqueHotelState:
        """An empty state for `count` seats."""
        return cls(wray_tiles=[[] for _ in range(count)], personal=[[] for _ in range(count)],
                   personal_done=[[] for _ in range(count)], kaufman_pile=[[] for _ in range(count)],
                   faces=[[] for _ in range(count)])

    def copy(self) -> UniqueHotelState:
        """A copy sharing no list with this one."""
        hotel = self.solo_hotel
        return UniqueHotelState([tiles[:] for tiles in self.wray_tiles], [cards[:] for cards in self.personal],
                                [cards[:] for cards in self.personal_done], [pile[:] for pile in self.kaufman_pile],
                                [faces[:] for faces in self.faces],
                                None if hotel is None else SoloHotelState.from_dict(hotel.to_dict()))
