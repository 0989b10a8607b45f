"""Behaviours of module 5's Emperor tiles A6, B6, C6 (MrIee emperor_tiles uid 6, 12, 18; gah-data.md section 9g),
carried out NOW like every other tile's rows (`engine.gah.behaviours`). Only a game with module 5 deals these tiles
(their rows' `"variant": "more_objectives"`, engine/gah/data/emperor_tiles.json), so in another game they never act."""

from __future__ import annotations

from engine.gah.behaviours import NOW, Row, behaviour
from engine.gah.context import Ctx
from engine.gah.effects import _choice_or
from engine.gah.mechanics import draw_staff, gain_krones, gain_vp
from engine.gah.waltz.more_objectives.payloads import RETURN_ITEM


@behaviour("krones_and_any_items", NOW)
def _krones_and_items(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """A6 reward: 2 krones and 1 dish or drink of your choice (no champagne)."""
    gain_krones(ctx, index, row["amount"])
    ctx.push("choose_items", index, count=row["count"], source=source)


@behaviour("lose_krones_and_item_or_vp", NOW)
def _lose_krones_and_item(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """A6 penalty: pay 2 krones and return 1 dish or drink from the kitchen; unable to do both: lose 5 VP."""
    player = ctx.player(index)
    possible = player.money >= row["amount"] and sum(player.kitchen) >= row["count"]
    _choice_or(ctx, index, row, source, possible, lambda: suffer_krones_and_item(ctx, index, row, source))


def suffer_krones_and_item(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """The non-VP option of the A6 penalty: lose the krones, then choose the kitchen item(s) to return."""
    ctx.player(index).money -= row["amount"]
    ctx.log("pay", index, f"{{name}} loses {row['amount']} krones ({source}).", amount=row["amount"],
            cause=source)
    ctx.push(RETURN_ITEM, index, count=row["count"], source=source)


@behaviour("draw_staff_and_vp", NOW)
def _draw_staff_and_vp(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """B6 reward: draw 3 staff cards into your hand and score 4 VP."""
    ctx.player(index).hand.extend(draw_staff(ctx, index, row["count"]))
    gain_vp(ctx, index, row["amount"], source)


@behaviour("vp_per_politics_marker", NOW)
def _vp_per_marker(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """C6 reward: 5 VP per marker you placed on objective (politics) cards (Ninas Melange's personal ones do not
    count: they place no marker)."""
    markers = sum(1 for claims in ctx.state.politics_claims if index in claims)
    gain_vp(ctx, index, row["per"] * markers, source)


@behaviour("lose_money_and_kitchen", NOW)
def _lose_money_and_kitchen(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """C6 penalty: lose all your krones and every dish and drink in your kitchen."""
    player = ctx.player(index)
    player.money = 0
    player.kitchen = [0, 0, 0, 0]
    ctx.log("penalty", index, "{name} loses every krone and every dish and drink in the kitchen.",
            lost=["krones", "kitchen"])
