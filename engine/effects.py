"""Named effects: what a card's effect row does. A new card is a data row; a new kind of effect is one function.

Each function receives the context, the player's seat index, the row (parameters) and a source label.
Effects that leave the player a choice push a decision frame (see `engine.decisions`); the rest apply at once.
Sources: guest rewards (rulebook 2015 "Overview of Symbols", Lookout retail appendix via gah-data.md
section 1), staff (section 3), Emperor tiles (section 7; 2021 penalties per the Yucata text).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards import ITEMS
from engine.context import Ctx
from engine.hotel import floor_of, occupied_rooms, vacant_rooms
from engine.mechanics import advance_emperor, draw_staff, gain_items, gain_krones, gain_vp, remove_room
from engine.scoring import game_end_staff

Row = dict[str, Any]
EffectFunction = Callable[[Ctx, int, Row, str], None]

EFFECTS: dict[str, EffectFunction] = {}


def effect(name: str) -> Callable[[EffectFunction], EffectFunction]:
    """Register an effect function under `name`."""

    def register(function: EffectFunction) -> EffectFunction:
        EFFECTS[name] = function
        return function

    return register


def run_effect(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Carry out one effect row.

    Raises:
        KeyError: the row names an effect that is not registered (a data error).
    """
    EFFECTS[row["effect"]](ctx, index, row, source)


# ----- simple gains -------------------------------------------------------------------------------


@effect("krones")
def _krones(ctx: Ctx, index: int, row: Row, source: str) -> None:
    gain_krones(ctx, index, row["amount"])


@effect("emperor")
def _emperor(ctx: Ctx, index: int, row: Row, source: str) -> None:
    advance_emperor(ctx, index, row["steps"])


@effect("vp")
def _vp(ctx: Ctx, index: int, row: Row, source: str) -> None:
    gain_vp(ctx, index, row["amount"], source)


@effect("vp_per_staff_played")
def _vp_per_staff(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tile C3: +2 VP (reward) or -2 VP (penalty) per staff card played."""
    gain_vp(ctx, index, row["per"] * len(ctx.player(index).played), source)


@effect("items")
def _items(ctx: Ctx, index: int, row: Row, source: str) -> None:
    gain_items(ctx, index, [int(row.get(item, 0)) for item in ITEMS], source)


@effect("draw_staff")
def _draw_staff(ctx: Ctx, index: int, row: Row, source: str) -> None:
    ctx.player(index).hand.extend(draw_staff(ctx, index, row["count"]))


# ----- effects that become decisions ----------------------------------------------------------------


@effect("any_items")
def _any_items(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """A dish or drink of the player's choice, `count` times (Portrait Painter, Emperor tile A2)."""
    ctx.push("choose_items", index, count=row["count"], source=source)


@effect("prepare_rooms")
def _prepare_rooms(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Prepare up to len(discounts) rooms, each `discount` krones cheaper (or free), optionally occupied at once."""
    ctx.push(
        "prepare_rooms", index, discounts=list(row["discounts"]), free=bool(row.get("free", False)),
        max_floor=int(row.get("max_floor", 4)), occupy=bool(row.get("occupy", False)), source=source,
    )


@effect("occupy_rooms")
def _occupy_rooms(ctx: Ctx, index: int, row: Row, source: str) -> None:
    ctx.push("occupy_rooms", index, count=row["count"], source=source)


@effect("play_staff")
def _play_staff(ctx: Ctx, index: int, row: Row, source: str) -> None:
    ctx.push("play_staff", index, count=row.get("count", 1), discount=row.get("discount", 0),
             free=bool(row.get("free", False)), source=source)


@effect("draw_play_staff")
def _draw_play_staff(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Draw 3, may play one (3 krones less, or free); the rest go to the deck bottom in the player's order."""
    cards = draw_staff(ctx, index, row["draw"])
    if cards:
        ctx.push("draw_play", index, cards=cards, discount=row.get("discount", 0),
                 free=bool(row.get("free", False)), source=source)


@effect("free_guests")
def _free_guests(ctx: Ctx, index: int, row: Row, source: str) -> None:
    ctx.push("free_guest", index, count=row["count"], source=source)


@effect("extra_action")
def _extra_action(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """E. Gizia (guest 97). 2021: one more action on a space that has a die, without taking it. 2015: a whole
    extra turn without taking a die, starting at once if the die action was taken, else right after it."""
    turn = ctx.state.turn
    if ctx.state.config.edition != "2015" or turn is None:
        ctx.push("extra_action", index, source=source)
        return
    from engine.decisions import start_extra_turn  # decisions imports this module

    turn.extra_pending += 1
    if turn.die_taken:
        start_extra_turn(ctx, index)


@effect("fill_order")
def _fill_order(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Porter (staff 38): complete one café guest's order from the supply."""
    ctx.push("fill_order", index, source=source)


# ----- Emperor penalties ----------------------------------------------------------------------------


def _choice_or(ctx: Ctx, index: int, row: Row, source: str, possible: bool, suffer: Callable[[], None]) -> None:
    """A penalty with a "lose VP" alternative: 2021 forces the first option when possible; 2015 lets the player pick."""
    if not possible:
        gain_vp(ctx, index, -row["vp"], source)
    elif ctx.state.config.edition == "2015":
        ctx.push("penalty_choice", index, row=dict(row), source=source)
    else:
        suffer()


@effect("lose_krones_or_vp")
def _lose_krones(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tiles A1/B2: lose 3/5 krones; with fewer krones, lose 5/7 VP instead."""
    player = ctx.player(index)

    def suffer() -> None:
        player.money -= row["amount"]
        ctx.log("pay", index, f"{{name}} loses {row['amount']} krones ({source}).", amount=row["amount"])

    _choice_or(ctx, index, row, source, player.money >= row["amount"], suffer)


@effect("return_kitchen")
def _return_kitchen(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tiles A2/B1: return every kitchen item (B1: also those on café guests' orders)."""
    player = ctx.player(index)
    player.kitchen = [0, 0, 0, 0]
    if row.get("include_cafe"):
        for table in player.cafe:
            table.served = [0, 0, 0, 0]
    where = "kitchen and café" if row.get("include_cafe") else "kitchen"
    ctx.log("penalty", index, f"{{name}} returns every dish and drink in the {where}.")


@effect("return_hand_staff_or_vp")
def _return_hand(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tiles A3/B3: return 2/3 staff from hand to the deck bottom; with fewer in hand, lose 5/7 VP."""
    enough = len(ctx.player(index).hand) >= row["count"]
    _choice_or(ctx, index, row, source, enough,
               lambda: ctx.push("return_hand", index, count=row["count"], source=source))


@effect("remove_vacant_rooms_or_vp")
def _remove_vacant(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tiles A4/B4: remove 1/2 vacant rooms from as high a floor as possible; too few: lose 5/7 VP."""
    enough = len(vacant_rooms(ctx.player(index))) >= row["count"]
    _choice_or(ctx, index, row, source, enough,
               lambda: ctx.push("remove_vacant", index, count=row["count"], source=source))


@effect("remove_occupied_rooms")
def _remove_occupied(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tile C2: remove an occupied room from the highest floor that has one, then one from the next such floor.

    2021 (Yucata): any column. 2015: the second room must be in the same column as the first.
    """
    if occupied_rooms(ctx.player(index)):
        ctx.push("remove_occupied", index, left=row["count"], below_floor=5, column=None, source=source)


@effect("discard_game_end_staff_or_vp")
def _discard_game_end(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tile C4: discard one played game-end staff card; with none, lose 10 VP."""
    has_any = bool(game_end_staff(ctx.state, index))
    _choice_or(ctx, index, row, source, has_any, lambda: ctx.push("discard_game_end", index, source=source))


def suffer_penalty_option(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Carry out the non-VP option of a penalty row (after a 2015 player chose it)."""
    kind = row["effect"]
    if kind == "lose_krones_or_vp":
        ctx.player(index).money -= row["amount"]
        ctx.log("pay", index, f"{{name}} loses {row['amount']} krones ({source}).", amount=row["amount"])
    elif kind == "return_hand_staff_or_vp":
        ctx.push("return_hand", index, count=row["count"], source=source)
    elif kind == "remove_vacant_rooms_or_vp":
        ctx.push("remove_vacant", index, count=row["count"], source=source)
    elif kind == "discard_game_end_staff_or_vp":
        ctx.push("discard_game_end", index, source=source)
    elif kind == "lose_krones_and_item_or_vp":  # Let's Waltz module-5 tile A6
        from engine.waltz.effects import suffer_krones_and_item  # it imports this module

        suffer_krones_and_item(ctx, index, row, source)
    else:
        raise KeyError(kind)


def highest_floor_rooms(spaces: list[int], below_floor: int = 5) -> list[int]:
    """The spaces among `spaces` on the highest floor lower than `below_floor` that has any."""
    candidates = [s for s in spaces if floor_of(s) < below_floor]
    if not candidates:
        return []
    top = max(floor_of(s) for s in candidates)
    return [s for s in candidates if floor_of(s) == top]


__all__ = ["EFFECTS", "highest_floor_rooms", "remove_room", "run_effect", "suffer_penalty_option"]
