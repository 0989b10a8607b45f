"""Typed payloads of the Let's Waltz decisions (issue 17), registered like every other (`engine.gah.payloads`).

The decision kinds are constants shared by the engine (`engine.gah.waltz.decisions`), the bot's panel and the AI
(`engine.gah.ai.waltz`); each payload gives the frame's data fields and the question (`prompt`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.gah.payloads import CountData, Payload, SourceData, payload

AUCTION = "auction"
DUSTBIN_DIE = "dustbin_die"
KEY_ACTION = "key_action"
RETURN_ITEM = "return_item"
OPTIONAL_DRAW = "optional_draw"
PAID_GUEST = "paid_guest"
SWAP_ITEMS = "swap_items"


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
class DustbinDieData(Payload):
    """Module 2 reroll with only coloured dice left."""

    KIND = DUSTBIN_DIE
    PROMPT = "Only coloured dice are left: which one goes to the dustbin?"


@payload
@dataclass
class KeyActionData(Payload):
    """Module 4: the main action that comes with the skeleton key."""

    KIND = KEY_ACTION
    PROMPT = "Skeleton key: carry out any main action at strength 1."


@payload
@dataclass
class ReturnItemData(CountData):
    KIND = RETURN_ITEM
    PROMPT = "Emperor penalty: return a dish or drink from your kitchen."


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
class SwapItemsData(Payload):
    """Albert Einstein: items `given` so far, how many are `left` to give or take, and the `phase`."""

    KIND = SWAP_ITEMS
    PROMPT = "Albert Einstein: give kitchen items, then take as many different ones."

    given: list[int]
    left: int
    phase: str


CHOOSE_ENTRANCE = "choose_entrance"
COUTURE_ITEM = "couture_item"


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
