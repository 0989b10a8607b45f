"""Round and turn bookkeeping of the Let's Waltz modules, called from `engine.gah.flow` (no-ops without modules).

Module 4 (player aid, "End-of-Round Cleanup"): if a player took the skeleton key, the next round's tiles are
given out clockwise starting with that player and the key goes back; otherwise the tiles pass left as usual.
Kaufman (module 3): at the end of each round the pile of guests completed scores 1/3/6/9 VP for 2/3/4/5+.
"""

from __future__ import annotations

from engine.gah.context import Ctx
from engine.gah.mechanics import gain_vp
from engine.gah.state import GameState
from engine.gah.waltz.cards import KAUFMAN_PILE_VP
from engine.gah.waltz.piles import keep_or_discard
from engine.gah.waltz.state import TO_ROLL


def start_round(state: GameState) -> None:
    """A new round: the key is back on the board, nobody has passed, once-per-round effects are ready."""
    waltz = state.waltz
    if waltz is None:
        return
    waltz.key = None
    waltz.passed_round = [False] * len(state.players)
    waltz.used = [[] for _ in state.players]
    waltz.faces = [[] for _ in state.players]
    if state.config.has("celebrities"):
        waltz.colored = [TO_ROLL] * len(waltz.colored)


def start_turn(state: GameState, index: int) -> None:
    """A new turn: once-per-turn effects (The Grand Wray Hotel) are ready again."""
    waltz = state.waltz
    if waltz is not None and "wray" in waltz.used[index]:
        waltz.used[index].remove("wray")


def end_round(ctx: Ctx) -> None:
    """Round end, after the celebrity clean-up: the Kaufman players score their pile and discard it."""
    state = ctx.state
    waltz = state.waltz
    if waltz is None:
        return
    for index, pile in enumerate(waltz.kaufman_pile):
        if not pile:
            continue
        vp = max((v for n, v in KAUFMAN_PILE_VP.items() if len(pile) >= n), default=0)
        ctx.log("kaufman_pile", index, f"{{name}}'s Kaufman pile holds {len(pile)} guests.", count=len(pile))
        with ctx.caused("the Kaufman pile"):
            gain_vp(ctx, index, vp, "hotel entrance")


        for guest in pile:
            keep_or_discard(ctx, index, guest)
        pile.clear()


def next_start_player(ctx: Ctx) -> None:
    """Module 4, before the next round: the key taker starts it, else the seat after this round's start player."""
    state = ctx.state
    waltz = state.waltz
    if waltz is None or not state.config.has("start_player") or state.round >= 7:
        return  # after round 7 no round follows: nobody starts it (issue 52 item 9)
    if waltz.key is not None:
        waltz.round_start = waltz.key
        ctx.log("key_returns", waltz.key, "{name} starts the next round; the skeleton key goes back.")
    else:
        waltz.round_start = (waltz.round_start + 1) % len(state.players)
