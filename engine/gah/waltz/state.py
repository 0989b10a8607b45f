"""The Let's Waltz part of the game state (issue 17): one `WaltzState`, present only when a module is in play.

`GameState.waltz` is None in every game without a module, and then left out of the JSON, so stored base
games keep their exact JSON. Per-player lists are indexed by seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

OFF_BOARD, IN_DUSTBIN, TO_ROLL = 0, -1, 7
"""Values of `WaltzState.colored[c]` besides an action space 1-6: taken onto a turn order tile, in the dustbin,
or gathered to be rolled."""


@dataclass
class SoloHotelState:
    """Module 3 in solo: the pieces of the opponent's solo hotel entrance (`engine.gah.waltz.solo_hotels`).

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
class WaltzState:
    """Let's Waltz modules' pieces.

    Attributes:
        lounge: module 2: the celebrity id in each lounge slot (slot i belongs to die colour
            `engine.gah.waltz.cards.LOUNGE_COLORS[i]`), None while its celebrity is taken.
        chits: module 2: the VP each lounge slot's celebrity scores now (1 printed, or a 2 / 4 VP chit).
        celebrity_deck: module 2: face-down celebrities, the top one last.
        celebrity_discard: module 2: discarded celebrities.
        colored: module 2: where each coloured die is (same order as the lounge slots): action space 1-6, or
            OFF_BOARD (on a player's turn order tile), IN_DUSTBIN, TO_ROLL.
        used: per seat, once-per-round or once-per-turn effects already used ("einstein", "wray").
        key: module 4: the seat that took the skeleton key this round, or None while it lies on the board.
        round_start: module 4: the seat holding turn number 1 this round.
        passed_round: module 4: per seat, whether the player passed this round (no skeleton key afterwards).
        wray_tiles: module 3: per seat, The Grand Wray Hotel's Emperor tiles not yet claimed.
        personal: module 3: per seat, Ninas Melange's personal objective (politics card) ids.
        personal_done: module 3: per seat, personal objectives completed.
        pile: per seat, completed guests kept face down for module 5's objective 2018 (3+ item orders).
        kaufman_pile: module 3: per seat, guests completed this round by the Kaufman player (round-end VP).
        faces: per seat, the faces of the dice taken this round (Corogari Zant-Mainz).
        solo_hotel: module 3 in solo: the opponent's solo entrance pieces; None otherwise (left out of the JSON).
    """

    lounge: list[int | None] = field(default_factory=list)
    chits: list[int] = field(default_factory=list)
    celebrity_deck: list[int] = field(default_factory=list)
    celebrity_discard: list[int] = field(default_factory=list)
    colored: list[int] = field(default_factory=list)
    used: list[list[str]] = field(default_factory=list)
    key: int | None = None
    round_start: int = 0
    passed_round: list[bool] = field(default_factory=list)
    wray_tiles: list[list[str]] = field(default_factory=list)
    personal: list[list[int]] = field(default_factory=list)
    personal_done: list[list[int]] = field(default_factory=list)
    pile: list[list[int]] = field(default_factory=list)
    kaufman_pile: list[list[int]] = field(default_factory=list)
    faces: list[list[int]] = field(default_factory=list)
    solo_hotel: SoloHotelState | None = None

    @classmethod
    def for_players(cls, count: int) -> WaltzState:
        """An empty state for `count` seats."""
        return cls(
            used=[[] for _ in range(count)], passed_round=[False] * count, wray_tiles=[[] for _ in range(count)],
            personal=[[] for _ in range(count)],
            personal_done=[[] for _ in range(count)], pile=[[] for _ in range(count)],
            kaufman_pile=[[] for _ in range(count)], faces=[[] for _ in range(count)],
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (lists copied)."""
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name == "solo_hotel":
                if value is not None:
                    data[item.name] = value.to_dict()
                continue
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            data[item.name] = value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> WaltzState:
        """Inverse of `to_dict`."""
        values: dict[str, Any] = {key: [list(v) if isinstance(v, list) else v for v in value]
                                  if isinstance(value, list) else value for key, value in data.items()
                                  if key != "solo_hotel"}
        hotel = data.get("solo_hotel")
        return cls(**values, solo_hotel=None if hotel is None else SoloHotelState.from_dict(hotel))
