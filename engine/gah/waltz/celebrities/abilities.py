"""Behaviours of module 2's celebrities, in the one behaviour registry (`engine.gah.behaviours`): each data row in
engine/gah/data/celebrities.json names one of these, registered at its trigger point. A celebrity's rows are active
while its taker holds it (until the celebrity clean-up, `engine.gah.behaviours.active`), and only module 2 gives a
player a celebrity (`engine.gah.hooks.HOLDING_ABILITIES`, registered by the plug-in): in another game they never act.

Sources: celebrity texts (gah-raw MrIee celebrities; gah-data.md section 9a). "Per source" means once per call of the
gain that triggers it; a behaviour's own gain does not trigger again (`triggers=False`).

Event behaviours change the state when something happens; HELD behaviours are asked about by the rules directly
(`engine.gah.behaviours.held_row`): Albert Einstein's swap and Sigmund Freud's missing item.
"""

from __future__ import annotations

from typing import Any

from engine.gah.behaviours import (
    AFTER_PLAY_STAFF,
    ON_ADVANCE_EMPEROR,
    ON_GAIN_KRONES,
    ON_GAIN_VP,
    ON_OCCUPY_ROOM,
    ROOM_COST,
    Gained,
    RoomOccupied,
    Row,
    StaffPlayed,
    behaviour,
    held,
    rule,
)
from engine.gah.context import Ctx
from engine.gah.mechanics import advance_emperor, gain_vp

HELD_NAMES = ("order_missing_item", "swap_kitchen_items")
"""Rows the rules ask about by name (see the module docstring)."""

held(*HELD_NAMES)


@behaviour("bonus_vp_per_vp_gain", ON_GAIN_VP)
def _chaplin(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
    """Charlie Chaplin: each time you get at least 1 VP, 2 VP more (not from itself)."""
    if event.amount >= 1:
        gain_vp(ctx, index, row["amount"], "celebrities", triggers=False)


@behaviour("emperor_bonus_on_emperor", ON_ADVANCE_EMPEROR)
def _churchill(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
    """Winston Churchill: each Emperor advance of at least 1 space, 1 space more (not from itself)."""
    if event.amount >= 1:
        advance_emperor(ctx, index, row["steps"], triggers=False)


@behaviour("play_staff_after_emperor", ON_ADVANCE_EMPEROR)
def _christie(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
    """Agatha Christie: after each Emperor advance, you may play a staff card for up to 2 krones less."""
    if event.amount >= 1:
        ctx.push("play_staff", index, count=1, discount=row["discount"], free=False, source="Agatha Christie")


@behaviour("room_after_krones", ON_GAIN_KRONES)
def _magie(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
    """Elizabeth Magie: after each gain of at least 1 krone, you may prepare one room for 1 krone less."""
    if event.amount >= 1:
        ctx.push("prepare_rooms", index, discounts=[row["discount"]], free=False, max_floor=4, occupy=False,
                 source="Elizabeth Magie")


@behaviour("vp_on_occupy", ON_OCCUPY_ROOM)
def _tolkien(ctx: Ctx, index: int, row: Row, event: RoomOccupied) -> None:
    """J.R.R. Tolkien: each time you occupy a room (any colour, by any effect), 2 VP."""
    gain_vp(ctx, index, row["amount"], "celebrities")


@rule("rooms_free", ROOM_COST)
def _gandhi(row: Row, cost: int, space: Any) -> int:
    """Mahatma Gandhi: preparing rooms costs nothing this round."""
    return 0


@behaviour("items_after_staff", AFTER_PLAY_STAFF)
def _curie(ctx: Ctx, index: int, row: Row, event: StaffPlayed) -> None:
    """Marie Curie: after each staff card you play, 2 dishes and/or drinks of your choice."""
    ctx.push("choose_items", index, count=row["count"], source="Marie Curie")
