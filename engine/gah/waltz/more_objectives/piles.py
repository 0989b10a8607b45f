"""Personal piles of completed guests (player aid, "Green-guest and 3+-item tracking"; Kaufman, module 3).

With module 5's objective card 2018 ("complete at least 5 guests who ordered 3 or more items") on the board, a
player keeps such completed guests face down in a personal pile instead of the guest discards, until that
player claims the card (or it has no VP space left); then the pile goes to the discards. The condition itself
counts `PlayerState.checked_in`, the record of every guest the player completed. The Kaufman player first puts
every completed guest on the Kaufman pile; at the round end (after its VP) they move on as above.
"""

from __future__ import annotations

from engine.gah.cards import guests, politics_vp
from engine.gah.context import Ctx
from engine.gah.state import GameState

BIG_ORDER_CARD = 2018
BIG_ORDER_ITEMS = 3


def _keeps_big_orders(state: GameState, index: int) -> bool:
    if BIG_ORDER_CARD not in state.politics:
        return False
    claims = state.politics_claims[state.politics.index(BIG_ORDER_CARD)]
    return index not in claims and len(claims) < len(politics_vp())


def keep_or_discard(ctx: Ctx, index: int, guest: int) -> None:
    """A completed guest goes to the player's objective pile if it may still count, else to the discards."""
    state = ctx.state
    if guests()[guest].order_size >= BIG_ORDER_ITEMS and _keeps_big_orders(state, index):
        assert state.waltz is not None  # objective 2018 is on the board only with module 5
        state.waltz.more_objectives.pile[index].append(guest)
    else:
        state.guest_discard.append(guest)


def complete_guest(ctx: Ctx, index: int, guest: int) -> bool:
    """`hooks.guest_completed`: the card of a guest who moved into a room goes to the objective pile or the
    discards (after Kaufman's pile, `engine.gah.waltz.unique_hotels.entrances`, had its say)."""
    keep_or_discard(ctx, index, guest)
    return True


def release(ctx: Ctx) -> None:
    """After a politics claim: piles that can no longer count go to the discards."""
    state = ctx.state
    assert state.waltz is not None
    for index, pile in enumerate(state.waltz.more_objectives.pile):
        if pile and not _keeps_big_orders(state, index):
            state.guest_discard.extend(pile)
            pile.clear()
            ctx.log("pile_discarded", index, "{name}'s pile of completed guests goes to the discards.")
