"""Option builders shared by several decisions, and the frames of the six action spaces."""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah.behaviours import ACTION_4_IN_FULL, IMITATION_FEE, adjust
from engine.gah.cards import ITEMS, guests, space_name, staff
from engine.gah.context import Ctx
from engine.gah.hotel import preparable_spaces, room_cost
from engine.gah.mechanics import advance_emperor, display_cost, gain_krones, needs, staff_cost
from engine.gah.payloads import (
    ImitateData,
    PlayStaffData,
    PrepareRoomsData,
    SplitDishesData,
    SplitDrinksData,
    SplitEmperorData,
)
from engine.gah.state import GameState


def guest_options(state: GameState, index: int, free: bool) -> list[Action]:
    """Display guests the player may take (needs a free café table and enough krones). A solo opponent's Sushi
    Resort cogwheel on a guest costs 1 krone more, even for a free guest [PA "III. Sushi Resort"]."""
    player = state.players[index]
    if all(table.guest is not None for table in player.cafe):
        return []
    ctx = Ctx(state)
    result = []
    for position, guest in enumerate(state.display):
        if guest is None:
            continue
        cost = (0 if free else display_cost(ctx, index, position)) + state.hooks.guest_fee.total(state, index, guest)
        if cost <= player.money:
            result.append(Action("guest", (position, cost), f"guest {position + 1} {guests()[guest].name}"))
    return result


def room_options(state: GameState, index: int, discount: int, free: bool, max_floor: int) -> list[Action]:
    player = state.players[index]
    result = []
    for space in preparable_spaces(player, max_floor):
        cost = room_cost(player, space, discount, free)
        if cost <= player.money:
            result.append(Action("room", (space, cost), f"room {space_name(space)}"))
    return result


def play_options(state: GameState, index: int, cards: list[int], discount: int, free: bool) -> list[Action]:
    player = state.players[index]
    ctx = Ctx(state)
    result = []
    for card in cards:
        price = 0 if free else max(0, staff_cost(ctx, card) - discount)
        if price <= player.money:
            result.append(Action("play", (card, price), f"play {staff()[card].name}"))
    return result


def serve_options(state: GameState, index: int, source: list[int], verb: str, word: str) -> list[Action]:
    """Move one item from `source` counts onto a café guest who still needs it."""
    ctx = Ctx(state)
    result = []
    for item, count in enumerate(source):
        if count <= 0:
            continue
        for table in range(len(ctx.player(index).cafe)):
            if needs(ctx, index, table, item) > 0:
                result.append(Action(verb, (item, table), f"{verb} {ITEMS[item]} {word} table {table + 1}"))
    return result


def serve_item(ctx: Ctx, index: int, item: int, table: int, kitchen: bool = False) -> None:
    """Put one `item` on the order of the guest at café `table`; `kitchen`: it came from the player's kitchen (its
    event says so, for the words of what was paid for)."""
    seat = ctx.player(index).cafe[table]
    seat.served[item] += 1
    assert seat.guest is not None
    ctx.log("serve", index, f"{{name}} serves {ITEMS[item]} to {guests()[seat.guest].name}.", item=item, table=table,
            guest=seat.guest,
            **({"kitchen": True} if kitchen else {}))


def guest_complete(state: GameState, index: int, table: int) -> bool:
    """Whether the café guest at `table` has a completed order (Sigmund Freud: one item may be missing)."""
    seat = state.players[index].cafe[table]
    if seat.guest is None:
        return False
    order = guests()[seat.guest].order
    return list(order) == seat.served or bool(state.hooks.order_complete.first(state, index, order, seat.served))


def main_action_frames(ctx: Ctx, index: int, space: int, strength: int, die_face: int | None) -> None:
    """Push the decision for action space `space` (1-6) carried out at `strength`.

    Source: rulebook 2015, "Take a Die and Carry Out the Action". `die_face` is the face of the die taken
    (None for E. Gizia's extra action and for action 6's imitation): the Bootblack (staff 15) needs a 4.
    """
    if space == 1:
        ctx.push_payload(SplitDishesData(strength), index)
    elif space == 2:
        ctx.push_payload(SplitDrinksData(strength), index)
    elif space == 3:
        ctx.push_payload(PrepareRoomsData.action_3(strength), index)
    elif space == 4:
        if adjust(ctx.player(index), ACTION_4_IN_FULL, False, die_face):
            with ctx.caused("action 4"):
                advance_emperor(ctx, index, strength)
                gain_krones(ctx, index, strength)
        else:
            ctx.push_payload(SplitEmperorData(strength), index)
    elif space == 5:
        ctx.push_payload(PlayStaffData(discount=strength, source="action 5"), index)
    else:
        ctx.push_payload(ImitateData(strength), index)


def imitation_fee(state: GameState, index: int) -> int:
    """Krones to use action space 6 with a die: 1, or 0 with the Kitchen Hand (staff 17)."""
    fee: int = adjust(state.players[index], IMITATION_FEE, 1)
    return fee


