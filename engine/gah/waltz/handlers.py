"""Behaviours of the Let's Waltz celebrities (module 2) and hotel entrances (module 3), in the one behaviour
registry (`engine.gah.behaviours`): each data row in engine/gah/data/celebrities.json and entrances.json names one of
these, registered at its trigger point. A celebrity's rows are active while its taker holds it (until the
celebrity clean-up); an entrance's for its owner all game (`engine.gah.behaviours.active`).

Sources: celebrity texts (gah-raw MrIee celebrities; gah-data.md section 9a), entrance texts (gah-raw MrIee
hotel_entrances; section 9c). "Per source" means once per call of the gain that triggers it; a behaviour's own
gain does not trigger again (`triggers=False`).

Event behaviours change the state when something happens; HELD behaviours are asked about by the rules
directly (`engine.gah.behaviours.held_row`): the Kozi Palace's die move and Corogari's bonus
(`engine.gah.waltz.unique_hotels.entrances`), Kaufman's second guest, pile and table, Grand Wray's retreat,
Einstein's swap, Freud's missing item, Ninas Melange's objectives, Chateau Paulwei's occupancy table.
"""

from __future__ import annotations

from typing import Any

from engine.gah.behaviours import (
    AFTER_PLAY_STAFF,
    HELD,
    NOW,
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
    rule,
)
from engine.gah.context import Ctx
from engine.gah.hotel import layout
from engine.gah.mechanics import advance_emperor, gain_krones, gain_vp
from engine.gah.state import Frame
from engine.gah.waltz.unique_hotels.auction import setup_frame

HELD_NAMES = ("order_missing_item", "cafe_tables", "second_guest", "own_occupancy_bonus", "move_adjacent_die",
              "swap_kitchen_items", "retreat_for_tile_reward", "personal_objectives", "guest_pile_vp",
              "second_die_bonus")
"""Rows the rules ask about by name (see the module docstring)."""


def _held(row: Row, value: Any, context: Any) -> Any:
    return value


for _name in HELD_NAMES:
    rule(_name, HELD)(_held)


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


@behaviour("after_staff_krone_and_draw", AFTER_PLAY_STAFF)
def _mayenfels(ctx: Ctx, index: int, row: Row, event: StaffPlayed) -> None:
    """Mayenfels: after each staff card you play, 1 krone and you may draw a staff card (not for the card played
    when gaining the entrance, which happens during setup)."""
    if ctx.state.phase == "setup":
        return
    gain_krones(ctx, index, row["amount"])
    if ctx.state.staff_deck:
        ctx.push("optional_draw", index, count=row["draw"], source="Mayenfels")


@behaviour("first_room_of_group_bonus", ON_OCCUPY_ROOM)
def _stroup(ctx: Ctx, index: int, row: Row, event: RoomOccupied) -> None:
    """Stroup: occupying the first room of a group: blue 3 VP, red 2 krones, yellow 2 Emperor steps.

    Player aid: "Each time you occupy the first room in a group (by any means)": judged in the moment the room
    turned (`RoomOccupied.first_of_group`), so a check-in whose reward then occupies a second room of the group
    still pays.
    """
    if event.space < 0 or not event.first_of_group:
        return
    color = layout(ctx.player(index)).colors[event.space]
    ctx.log("stroup", index, f"{{name}} occupies the first room of a {color} group (Stroup).")
    if color == "blue":
        gain_vp(ctx, index, row["blue"], "hotel entrance")
    elif color == "red":
        gain_krones(ctx, index, row["red"])
    else:
        advance_emperor(ctx, index, row["yellow"])


# ----- what gaining an entrance brings (rows carried out NOW, during the setup auction) -------------------------


@behaviour("extra_setup_rooms", NOW)
def _chateau_rooms(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Chateau Paulwei: up to 2 more starting rooms, paying each floor's cost."""
    frame = setup_frame(ctx.state, "prepare_rooms", index)
    if frame is not None:
        frame.data["discounts"] = [0] * (len(frame.data["discounts"]) + int(row["count"]))


@behaviour("second_starting_guest", NOW)
def _kaufman_guest(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Kaufman: a second free starting guest, right after the first."""
    frame = setup_frame(ctx.state, "setup_guest", index)
    if frame is not None:
        position = ctx.state.pending.index(frame)
        ctx.state.pending.insert(position, Frame("free_guest", index, {"count": int(row["count"]), "source": source}))
