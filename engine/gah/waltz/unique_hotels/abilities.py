"""Behaviours of module 3's hotel entrances, in the one behaviour registry (`engine.gah.behaviours`): each data row
in engine/gah/data/entrances.json names one of these (or a base game's row), registered at its trigger point. An
entrance's rows are active for its owner all game (`engine.gah.behaviours.active`), and only module 3 gives a player
an entrance (`engine.gah.hooks.HOLDING_ABILITIES`, registered by the plug-in): in another game they never act. The
solo opponent's own entrances are in `solo_hotels`.

Sources: entrance texts (gah-raw MrIee hotel_entrances; gah-data.md section 9c). "Per source" means once per call of
the gain that triggers it.

Event behaviours change the state when something happens; HELD behaviours are asked about by the rules directly
(`engine.gah.behaviours.held_row`): the Kozi Palace's die move and Corogari's bonus (`entrances`), Kaufman's second
guest, pile and table, Grand Wray's retreat, Ninas Melange's objectives, Chateau Paulwei's occupancy table.
"""

from __future__ import annotations

from engine.gah.behaviours import (
    AFTER_PLAY_STAFF,
    NOW,
    ON_OCCUPY_ROOM,
    RoomOccupied,
    Row,
    StaffPlayed,
    behaviour,
    held,
)
from engine.gah.context import Ctx
from engine.gah.hotel import layout
from engine.gah.mechanics import advance_emperor, gain_krones, gain_vp
from engine.gah.state import Frame
from engine.gah.waltz.cards import entrance_named
from engine.gah.waltz.unique_hotels.auction import setup_frame
from engine.gah.waltz.unique_hotels.payloads import OPTIONAL_DRAW

HELD_NAMES = ("cafe_tables", "second_guest", "own_occupancy_bonus", "move_adjacent_die", "retreat_for_tile_reward",
              "personal_objectives", "guest_pile_vp", "second_die_bonus")
"""Rows the rules ask about by name (see the module docstring)."""

held(*HELD_NAMES)


@behaviour("after_staff_krone_and_draw", AFTER_PLAY_STAFF)
def _mayenfels(ctx: Ctx, index: int, row: Row, event: StaffPlayed) -> None:
    """Mayenfels: after each staff card you play, 1 krone and you may draw a staff card (not for the card played
    when gaining the entrance, which happens during setup)."""
    if ctx.state.phase == "setup":
        return
    gain_krones(ctx, index, row["amount"])
    if ctx.state.staff_deck:
        ctx.push(OPTIONAL_DRAW, index, count=row["draw"], source="Mayenfels")


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
    ctx.log("stroup", index, f"{{name}} occupies the first room of a {color} group (Stroup).", colour=color,
            entrance=entrance_named("Stroup"))
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
