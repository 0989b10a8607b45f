"""Behaviours carried out NOW: guest rewards, staff card effects and Emperor tiles (see `engine.gah.behaviours`).

Each handler receives the context, the player's seat index, the row (parameters) and a source label; it is
registered with `@behaviour(name, NOW)` and run by `engine.gah.behaviours.run_row`. Effects that leave the player a
choice push a decision frame (see `engine.gah.decisions`); the rest apply at once. A new card is a data row; a new
kind of effect is one function here (and its AI estimate in `engine.gah.ai.values`). A new kind of decision that
only such an effect asks is defined beside it (its constant, `@payload` and `@decision`, as `CHOOSE_ITEMS`).
Sources: guest rewards (rulebook 2015 "Overview of Symbols", Lookout retail appendix via gah-data.md
section 1), staff (section 3), Emperor tiles (section 7; 2021 penalties per the Yucata text).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.actions import Action
from engine.gah.behaviours import NOW, Row, behaviour
from engine.gah.cards import ITEMS
from engine.gah.context import Ctx
from engine.gah.decisions.registry import count_down, decision
from engine.gah.hotel import occupied_rooms, vacant_rooms
from engine.gah.mechanics import (
    advance_emperor,
    draw_staff,
    gain_items,
    gain_krones,
    gain_vp,
    remove_room,
    start_extra_turn,
)
from engine.gah.payloads import (
    SUFFER,
    CountData,
    DiscardGameEndData,
    DrawPlayData,
    ExtraActionData,
    FillOrderData,
    FreeGuestData,
    OccupyRoomsData,
    PenaltyChoiceData,
    PlayStaffData,
    PrepareRoomsData,
    RemoveOccupiedData,
    RemoveVacantData,
    ReturnHandData,
    payload,
)
from engine.gah.scoring import game_end_staff
from engine.gah.state import Frame, GameState


def effect(name: str) -> Callable[[Callable[[Ctx, int, Row, str], None]], Callable[[Ctx, int, Row, str], None]]:
    """Register a behaviour carried out NOW under `name` (shorthand for `behaviour(name, NOW)`)."""
    return behaviour(name, NOW)


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


# A worked example of an effect with a choice: its decision kind, payload and decision sit beside the handler
# that pushes it (docs/contributing.md, "A new card effect with a choice").

CHOOSE_ITEMS = "choose_items"
"""Decision kind: a dish or drink of the player's choice, `count` times."""


@payload
@dataclass
class ChooseItemsData(CountData):
    KIND = CHOOSE_ITEMS
    PROMPT = "Choose a dish or drink."


@effect("any_items")
def _any_items(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Portrait Painter, Emperor tile A2: `count` items of the player's choice, one decision each."""
    ctx.push_payload(ChooseItemsData(row["count"], source), index)


@decision(CHOOSE_ITEMS)
class ChooseItems:
    """Answers to `CHOOSE_ITEMS`: any one of the four items, gained from the supply."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("item", (i,), f"item {name}") for i, name in enumerate(ITEMS)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = ChooseItemsData.of(frame)
        count_down(ctx, frame, data)
        counts = [0, 0, 0, 0]
        counts[action.args[0]] = 1
        gain_items(ctx, frame.player, counts, data.source)


@effect("prepare_rooms")
def _prepare_rooms(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Prepare up to len(discounts) rooms, each `discount` krones cheaper (or free), optionally occupied at once."""
    ctx.push_payload(PrepareRoomsData(list(row["discounts"]), free=bool(row.get("free", False)),
                                      max_floor=int(row.get("max_floor", 4)), occupy=bool(row.get("occupy", False)),
                                      source=source), index)


@effect("occupy_rooms")
def _occupy_rooms(ctx: Ctx, index: int, row: Row, source: str) -> None:
    ctx.push_payload(OccupyRoomsData(row["count"], source), index)


@effect("play_staff")
def _play_staff(ctx: Ctx, index: int, row: Row, source: str) -> None:
    ctx.push_payload(PlayStaffData(row.get("count", 1), row.get("discount", 0), bool(row.get("free", False)),
                                   source), index)


@effect("draw_play_staff")
def _draw_play_staff(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Draw 3, may play one (3 krones less, or free); the rest go to the deck bottom in the player's order."""
    cards = draw_staff(ctx, index, row["draw"])
    if cards:
        ctx.push_payload(DrawPlayData(cards, row.get("discount", 0), bool(row.get("free", False)), source), index)


@effect("free_guests")
def _free_guests(ctx: Ctx, index: int, row: Row, source: str) -> None:
    ctx.push_payload(FreeGuestData(row["count"], source), index)


@effect("extra_action")
def _extra_action(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """E. Gizia (guest 97). 2021: one more action on a space that has a die, without taking it. 2015: a whole
    extra turn without taking a die, starting at once if the die action was taken, else right after it."""
    turn = ctx.state.turn
    if ctx.state.config.edition != "2015" or turn is None:
        ctx.push_payload(ExtraActionData(source), index)
        return
    turn.extra_pending += 1
    if turn.die_taken:
        start_extra_turn(ctx, index)


@effect("fill_order")
def _fill_order(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Porter (staff 38): complete one café guest's order from the supply."""
    ctx.push_payload(FillOrderData(source), index)


# ----- Emperor penalties ----------------------------------------------------------------------------


def _choice_or(ctx: Ctx, index: int, row: Row, source: str, possible: bool, suffer: Callable[[], None]) -> None:
    """A penalty with a "lose VP" alternative: 2021 forces the first option when possible; 2015 lets the player pick
    on the tiles whose row carries `choice_2015`.

    Source: Yucata "Original Rules" variant: only the A1, A3, A4, B2, B3, B4 and C4 penalties offer the free
    choice; the Let's Waltz tiles A6 and B6 print a condition ("If you have less than ..., lose ... instead"),
    so they lose VP only when the penalty cannot be suffered, in both editions.
    A row carrying `SUFFER` (the 2015 player chose the penalty itself) is suffered without asking again.
    """
    if row.get(SUFFER):
        suffer()
    elif not possible:
        gain_vp(ctx, index, -row["vp"], source)
    elif ctx.state.config.edition == "2015" and row.get("choice_2015"):
        ctx.push_payload(PenaltyChoiceData(dict(row), source), index)
    else:
        suffer()


@effect("lose_krones_or_vp")
def _lose_krones(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tiles A1/B2: lose 3/5 krones; with fewer krones, lose 5/7 VP instead."""
    player = ctx.player(index)

    def suffer() -> None:
        player.money -= row["amount"]
        ctx.log("pay", index, f"{{name}} loses {row['amount']} krones ({source}).", amount=row["amount"],
                cause=source)

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
    ctx.log("penalty", index, f"{{name}} returns every dish and drink in the {where}.",
            lost=["kitchen", "café"] if row.get("include_cafe") else ["kitchen"])


@effect("return_hand_staff_or_vp")
def _return_hand(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tiles A3/B3: return 2/3 staff from hand to the deck bottom; with fewer in hand, lose 5/7 VP."""
    enough = len(ctx.player(index).hand) >= row["count"]
    _choice_or(ctx, index, row, source, enough,
               lambda: ctx.push_payload(ReturnHandData(row["count"], source), index))


@effect("remove_vacant_rooms_or_vp")
def _remove_vacant(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tiles A4/B4: remove 1/2 vacant rooms from as high a floor as possible; too few: lose 5/7 VP."""
    enough = len(vacant_rooms(ctx.player(index))) >= row["count"]
    _choice_or(ctx, index, row, source, enough,
               lambda: ctx.push_payload(RemoveVacantData(row["count"], source), index))


@effect("remove_occupied_rooms")
def _remove_occupied(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tile C2: remove an occupied room from the highest floor that has one, then one from the next such floor.

    2021 (Yucata): any column. 2015: the second room must be in the same column as the first.
    """
    if occupied_rooms(ctx.player(index)):
        ctx.push_payload(RemoveOccupiedData(row["count"], 5, None, source), index)


@effect("discard_game_end_staff_or_vp")
def _discard_game_end(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Emperor tile C4: discard one played game-end staff card; with none, lose 10 VP."""
    has_any = bool(game_end_staff(ctx.state, index))
    _choice_or(ctx, index, row, source, has_any, lambda: ctx.push_payload(DiscardGameEndData(source), index))


__all__ = ["remove_room"]
