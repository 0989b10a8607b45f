"""Handlers of the celebrity and hotel-entrance behaviours (registered in `engine.waltz.behaviours`).

Sources: celebrity texts (gah-raw MrIee celebrities; gah-data.md section 9a), entrance texts (gah-raw MrIee
hotel_entrances; section 9c). "Per source" means once per call of the gain that triggers it.
"""

from __future__ import annotations

from engine.context import Ctx
from engine.hotel import layout
from engine.mechanics import advance_emperor, gain_krones, gain_vp, push_effects
from engine.state import OCCUPIED
from engine.waltz.behaviours import (
    AFTER_PLAY_STAFF,
    ON_ADVANCE_EMPEROR,
    ON_GAIN_KRONES,
    ON_GAIN_VP,
    ON_OCCUPY_ROOM,
    ON_TAKE_DIE,
    DieTaken,
    Gained,
    Occupied,
    Row,
    StaffPlayed,
    behaviour,
)

CHAPLIN, CHURCHILL = "Charlie Chaplin", "Winston Churchill"


@behaviour("bonus_vp_per_vp_gain", ON_GAIN_VP)
def _chaplin(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
    """Charlie Chaplin: each time you get at least 1 VP, 2 VP more (not from itself)."""
    if event.amount >= 1 and event.source != CHAPLIN:
        gain_vp(ctx, index, row["amount"], CHAPLIN)


@behaviour("emperor_bonus_on_emperor", ON_ADVANCE_EMPEROR)
def _churchill(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
    """Winston Churchill: each Emperor advance of at least 1 space, 1 space more (not from itself)."""
    if event.amount >= 1 and event.source != CHURCHILL:
        advance_emperor(ctx, index, row["steps"], source=CHURCHILL)


@behaviour("play_staff_after_emperor", ON_ADVANCE_EMPEROR)
def _christie(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
    """Agatha Christie: after each Emperor advance, you may play a staff card for up to 2 krones less (once per
    source: Winston Churchill's extra step belongs to the advance it adds to)."""
    if event.amount >= 1 and event.source != CHURCHILL:
        ctx.push("play_staff", index, count=1, discount=row["discount"], free=False, source="Agatha Christie")


@behaviour("room_after_krones", ON_GAIN_KRONES)
def _magie(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
    """Elizabeth Magie: after each gain of at least 1 krone, you may prepare one room for 1 krone less."""
    if event.amount >= 1:
        ctx.push("prepare_rooms", index, discounts=[row["discount"]], free=False, max_floor=4, occupy=False,
                 source="Elizabeth Magie")


@behaviour("vp_on_occupy", ON_OCCUPY_ROOM)
def _tolkien(ctx: Ctx, index: int, row: Row, event: Occupied) -> None:
    """J.R.R. Tolkien: each time you occupy a room (any colour, by any effect), 2 VP."""
    gain_vp(ctx, index, row["amount"], "celebrities")


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
def _stroup(ctx: Ctx, index: int, row: Row, event: Occupied) -> None:
    """Stroup: occupying the first room of a group: blue 3 VP, red 2 krones, yellow 2 Emperor steps."""
    player = ctx.player(index)
    plan = layout(player)
    group = plan.groups[plan.group_of[event.space]]
    if sum(1 for s in group if player.rooms[s] == OCCUPIED) != 1:
        return
    color = plan.colors[event.space]
    ctx.log("stroup", index, f"{{name}} occupies the first room of a {color} group (Stroup).")
    if color == "blue":
        gain_vp(ctx, index, row["blue"], "hotel entrance")
    elif color == "red":
        gain_krones(ctx, index, row["red"])
    else:
        advance_emperor(ctx, index, row["yellow"])


@behaviour("second_die_bonus", ON_TAKE_DIE)
def _corogari(ctx: Ctx, index: int, row: Row, event: DieTaken) -> None:
    """Corogari Zant-Mainz: as the second die of the round is taken, a bonus by the sum of both dice; with the
    skeleton key (module 4) the key counts as a copy of the one die."""
    waltz = ctx.state.waltz
    assert waltz is not None
    faces, has_key = waltz.faces[index], waltz.key == index
    if len(faces) == 2 and not has_key:
        total = sum(faces)
    elif len(faces) == 1 and has_key:
        total = 2 * faces[0]
    else:
        return
    rows = row["bonus"][str(total)]
    ctx.log("corogari", index, f"{{name}}'s two dice add up to {total} (Corogari Zant-Mainz).", total=total)
    push_effects(ctx, index, list(rows), "Corogari Zant-Mainz")
