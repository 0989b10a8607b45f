"""Typed payloads of module 3's decisions (issue 17), registered like every other (`engine.gah.payloads`).

The kinds are constants shared by the engine (`engine.gah.waltz.unique_hotels.decisions` and `solo_hotels`), the
bot's panel and the AI (`engine.gah.ai.waltz`); each payload gives the frame's data fields and the question
(`prompt`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.gah.payloads import CountData, Payload, SourceData, payload

AUCTION = "auction"
OPTIONAL_DRAW = "optional_draw"
PAID_GUEST = "paid_guest"
CHOOSE_ENTRANCE = "choose_entrance"
COUTURE_ITEM = "couture_item"


@payload
@dataclass
class AuctionData(Payload):
    """Module 3 setup: the entrances still `offer`ed; the `lot` up for auction (None between auctions), the
    highest `bid` and its `leader`, the seats still `bidders`; Ninas Melange's and Grand Wray's extra cards."""

    KIND = AUCTION
    PROMPT = "Hotel entrance auction: open with a bid (0 or more krones), or raise or pass."

    offer: list[int]
    lot: int | None = None
    bid: int = 0
    leader: int | None = None
    bidders: list[int] = field(default_factory=list)
    ninas: list[int] = field(default_factory=list)
    wray: list[str] = field(default_factory=list)


@payload
@dataclass
class OptionalDrawData(CountData):
    KIND = OPTIONAL_DRAW
    PROMPT = "Mayenfels: draw a staff card?"


@payload
@dataclass
class PaidGuestData(SourceData):
    KIND = PAID_GUEST
    PROMPT = "Kaufman: take a second guest, paying its cost?"


@payload
@dataclass
class ChooseEntranceData(Payload):
    """Module 3 in solo: the 3 regular entrances drawn for the player (`offer`), with Ninas Melange's objective
    cards and The Grand Wray Hotel's Emperor tiles for whichever of them is chosen."""

    KIND = CHOOSE_ENTRANCE
    PROMPT = "Unique Hotels: choose your hotel entrance (of the three drawn)."

    offer: list[int]
    ninas: list[int] = field(default_factory=list)
    wray: list[str] = field(default_factory=list)


@payload
@dataclass
class CoutureItemData(Payload):
    """Hautel Couture (solo): the `item` (0-3) from action space `space` that goes onto one of the opponent's
    café guests."""

    KIND = COUTURE_ITEM
    PROMPT = "Hautel Couture: put the item from your die's space on one of the opponent's guests."

    item: int
    space: int
