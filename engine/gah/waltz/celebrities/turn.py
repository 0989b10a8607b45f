"""Module 2's steps of a turn and a round: the coloured die taken, Sigmund Freud's order, Albert Einstein's swap
(once per round), the coloured dice gathered at a round's start and the celebrity stack hidden in a view."""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah.behaviours import held_row
from engine.gah.context import Ctx
from engine.gah.state import GameState
from engine.gah.waltz.celebrities import lounge
from engine.gah.waltz.celebrities.payloads import SWAP_ITEMS
from engine.gah.waltz.celebrities.state import TO_ROLL


def start_round(state: GameState) -> None:
    """A new round: every coloured die is gathered to be rolled."""
    part = lounge.pieces(state)
    part.colored = [TO_ROLL] * len(part.colored)


def hide_stack(view: GameState, viewer: int | None) -> None:
    """The celebrity stack is face down for everyone."""
    part = lounge.pieces(view)
    part.celebrity_deck = [0] * len(part.celebrity_deck)


def take_coloured_die(ctx: Ctx, index: int, space: int, color: int | None) -> None:
    """A die was taken (its count moved, fee and boost paid): a coloured die's celebrity and VP."""
    if color is not None and color >= 0:
        lounge.take_color(ctx, index, space, color)


def order_complete(state: GameState, index: int, order: tuple[int, ...], served: list[int]) -> bool | None:
    """Sigmund Freud: an order of 2+ items counts as complete with one item missing (None keeps the base rule)."""
    if held_row(state.players[index], "order_missing_item") is None or sum(order) < 2:
        return None
    return True if sum(o - s for o, s in zip(order, served, strict=True)) <= 1 else None


def swap_option(state: GameState, index: int) -> list[Action]:
    """Albert Einstein's swap, once per round, while the kitchen holds something."""
    player = state.players[index]
    waltz = state.waltz
    assert waltz is not None
    if held_row(player, "swap_kitchen_items") and "einstein" not in waltz.used[index] and sum(player.kitchen):
        return [Action("swap", (), "swap kitchen items (Einstein)")]
    return []


def swap(ctx: Ctx, index: int, action: Action) -> None:
    """Albert Einstein: begin swapping kitchen items, once per round."""
    waltz = ctx.state.waltz
    assert waltz is not None
    waltz.used[index].append("einstein")
    ctx.push(SWAP_ITEMS, index, given=[0, 0, 0, 0], left=4, phase="give")
