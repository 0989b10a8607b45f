"""Ninas Melange's personal objectives (module 3), checked during a turn and scored at the end.

Ninas Melange (MrIee hotel_entrances uid 6): on your turn, completing a personal objective scores 15/10/5 VP
in rounds 1-3/4-5/6-7 and turns the card face down; no marker is placed (so staff and Emperor tiles that count
markers ignore it). At the end, 4/5/6 objectives completed in all (personal and common) score 3/6/10 VP.
"""

from __future__ import annotations

from engine.gah.cards import politics
from engine.gah.context import Ctx
from engine.gah.mechanics import gain_vp
from engine.gah.scoring import politics_condition_met
from engine.gah.state import GameState
from engine.gah.waltz.cards import NINAS_FINAL_VP, NINAS_PERSONAL_VP


def personal_objectives(ctx: Ctx, index: int) -> None:
    """Complete every personal objective the player now meets (Ninas Melange)."""
    state = ctx.state
    assert state.waltz is not None
    hotels = state.waltz.unique_hotels
    if not hotels.personal or not hotels.personal[index]:
        return
    for card_id in hotels.personal[index]:
        if card_id in hotels.personal_done[index]:
            continue
        card = politics()[card_id]
        if politics_condition_met(state, index, card.condition):
            hotels.personal_done[index].append(card_id)
            ctx.log("personal_objective", index, f"{{name}} completes the personal objective \"{card.text}\" "
                    "(Ninas Melange).", card=card_id)
            with ctx.caused("Ninas Melange"):
                gain_vp(ctx, index, NINAS_PERSONAL_VP[max(state.round, 1) - 1], "hotel entrance")


def final_vp(state: GameState, index: int) -> int:
    """Ninas Melange at the end: 3/6/10 VP for 4/5/6 objectives completed (personal and common)."""
    assert state.waltz is not None
    hotels = state.waltz.unique_hotels
    if not hotels.personal or not hotels.personal[index]:
        return 0
    done = len(hotels.personal_done[index]) + sum(1 for claims in state.politics_claims if index in claims)
    return max((vp for n, vp in NINAS_FINAL_VP.items() if done >= n), default=0)


def score_parts(state: GameState, index: int) -> list[tuple[str, int]]:
    """`hooks.score_parts`: Ninas Melange's game-end VP as a score part (none when it scores nothing)."""
    ninas = final_vp(state, index)
    return [("Ninas Melange", ninas)] if ninas else []
