"""Staff abilities at their trigger points (see `engine.gah.behaviours`): permanent staff cards 2-26.

Registration order is dispatch order within a trigger (the Yucata order of benefits): die VP before die
Emperor steps before the Decorator's room before the Staff Manager's hire; at check-in krones, Emperor steps,
VP, then the Tour Guide. Source: rulebook 2015 staff list; Lookout retail appendix; Yucata.
"""

from __future__ import annotations

from typing import Any

from engine.gah.behaviours import (
    ACTION_4_IN_FULL,
    AT_CHECK_IN,
    AT_EMPEROR_REWARD,
    DIE_STRENGTH,
    DISPLAY_COST,
    IMITATION_FEE,
    ON_OCCUPY_ROOM,
    ON_TAKE_DIE,
    PENALTY_IGNORABLE,
    ROOM_COST,
    SERVING_FEE,
    CheckedIn,
    DieTaken,
    RoomOccupied,
    Row,
    behaviour,
    rule,
)
from engine.gah.context import Ctx
from engine.gah.mechanics import advance_emperor, gain_krones, gain_vp
from engine.gah.payloads import STAFF_MANAGER, PlayStaffData, PrepareRoomsData

# ----- on taking a die (staff 12-22) ----------------------------------------------------------------------


@behaviour("die_vp", ON_TAKE_DIE)
def _die_vp(ctx: Ctx, index: int, row: Row, event: DieTaken) -> None:
    """Bellboy, Waiter, Maid (staff 12-14): VP when taking a die from the listed spaces."""
    if event.space in row["faces"]:
        gain_vp(ctx, index, int(row["amount"]), "staff")


@behaviour("die_emperor", ON_TAKE_DIE)
def _die_emperor(ctx: Ctx, index: int, row: Row, event: DieTaken) -> None:
    """Emperor steps when taking a die from the listed spaces."""
    if event.space in row["faces"]:
        advance_emperor(ctx, index, int(row["steps"]))


@behaviour("die_prepare_room", ON_TAKE_DIE)
def _die_prepare_room(ctx: Ctx, index: int, row: Row, event: DieTaken) -> None:
    """Decorator: prepare a room (normal cost) after the action of a die from the listed spaces."""
    if event.space in row["faces"]:
        event.follow_ups.append(PrepareRoomsData.one_room("Decorator").frame(index))


@behaviour("die_play_staff", ON_TAKE_DIE)
def _die_play_staff(ctx: Ctx, index: int, row: Row, event: DieTaken) -> None:
    """Staff Manager (staff 22): play a staff card (full cost) after the action of a die from the listed spaces."""
    if event.space in row["faces"]:
        event.follow_ups.append(PlayStaffData.staff_manager_hire(STAFF_MANAGER).frame(index))


@rule("die_strength", DIE_STRENGTH)
def _die_strength(row: Row, strength: int, space: int) -> int:
    """Staff that add strength to dice taken from the listed spaces."""
    return strength + int(row["amount"]) if space in row["faces"] else strength


@rule("die_both_emperor_and_krones", ACTION_4_IN_FULL)
def _bootblack(row: Row, in_full: bool, die_face: int | None) -> bool:
    """Bootblack (staff 15): a die showing 4 gives both the Emperor steps and the krones of action 4."""
    return in_full or die_face == 4


@rule("no_imitation_fee", IMITATION_FEE)
def _kitchen_hand(row: Row, fee: int, context: Any) -> int:
    """Kitchen Hand (staff 17): action 6 costs no krone."""
    return 0


# ----- costs ------------------------------------------------------------------------------------------------


@rule("free_rooms", ROOM_COST)
def _free_rooms(row: Row, cost: int, color: str) -> int:
    """Butler, Chauffeur, Florist (staff 9-11): rooms of their colour cost nothing."""
    return 0 if row.get("color") == color else cost


@rule("free_display_guests", DISPLAY_COST)
def _delivery_boy(row: Row, cost: int, position: int) -> int:
    """Delivery Boy (staff 25): display guests cost nothing."""
    return 0


@rule("free_serving", SERVING_FEE)
def _chief_waiter(row: Row, fee: int, context: Any) -> int:
    """Chief Waiter (staff 24): serving from the kitchen costs nothing."""
    return 0


# ----- rooms and check-in -----------------------------------------------------------------------------------


@behaviour("occupy_krones", ON_OCCUPY_ROOM)
def _custodian(ctx: Ctx, index: int, row: Row, event: RoomOccupied) -> None:
    """Custodian (staff 23): krones per occupied room; 2021 any room occupied, 2015 only rooms a guest moves into."""
    if event.by_guest or ctx.state.config.edition != "2015":
        gain_krones(ctx, index, int(row["amount"]))


@behaviour("checkin_krones", AT_CHECK_IN)
def _checkin_krones(ctx: Ctx, index: int, row: Row, event: CheckedIn) -> None:
    """Groom, Stableman (staff 5-6): krones when a guest of their colour moves in."""
    if row.get("color") == event.guest.color:
        gain_krones(ctx, index, int(row["amount"]))


@behaviour("checkin_emperor", AT_CHECK_IN)
def _checkin_emperor(ctx: Ctx, index: int, row: Row, event: CheckedIn) -> None:
    """Masseuse (staff 7): Emperor steps when a guest of its colour moves in."""
    if row.get("color") == event.guest.color:
        advance_emperor(ctx, index, int(row["steps"]))


@behaviour("checkin_vp", AT_CHECK_IN)
def _checkin_vp(ctx: Ctx, index: int, row: Row, event: CheckedIn) -> None:
    """Tour Guide (staff 8): VP when a guest of its colour moves in."""
    if row.get("color") == event.guest.color:
        gain_vp(ctx, index, int(row["amount"]), "staff")


@behaviour("checkin_vp_big_order", AT_CHECK_IN)
def _big_order(ctx: Ctx, index: int, row: Row, event: CheckedIn) -> None:
    """Male Floor Housekeeper (staff 33): VP when a guest with a large order moves in."""
    if event.guest.order_size >= int(row["min_items"]):
        gain_vp(ctx, index, int(row["amount"]), "staff")


# ----- Emperor scoring --------------------------------------------------------------------------------------


@behaviour("emperor_reward_vp", AT_EMPEROR_REWARD)
def _gardener(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Gardener (staff 42): VP with each Emperor reward."""
    gain_vp(ctx, index, int(row["amount"]), "staff")


@rule("ignore_penalty", PENALTY_IGNORABLE)
def _conference_manager(row: Row, ignorable: bool, context: Any) -> bool:
    """Conference Manager (staff 26): Emperor penalties may be ignored (2021: for 1 krone)."""
    return True
