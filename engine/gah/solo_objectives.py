"""The solo opponent's extra actions (Leopold or Elisabeth): objective countdowns on the politics cards, revealing
his private staff, and breaking ties by the instruction card's hand (split from `engine.gah.solo`, which plays
the rest of his turn).

Source: [PA] shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt, "Dinner for One": "Objective
Card", "Staff Card" and the hand symbol at the bottom of each instruction card.
"""

from __future__ import annotations

from engine.gah.cards import politics, politics_vp, staff
from engine.gah.context import Ctx
from engine.gah.mechanics import gain_vp
from engine.gah.solo_reasons import Reason
from engine.gah.state import GameState

PILES = "ABC"
"""The politics piles, slot 0-2."""


def by_hand(options: list[int], hand: str) -> int:
    """Break a tie among options listed left to right: the hand pointing left takes the first, right the last."""
    return options[0] if hand == "left" else options[-1]


def reveal_staff(ctx: Ctx, seat: int) -> None:
    """Turn the top card of Leopold's private staff deck face up [PA "Staff Card"]."""
    solo = ctx.state.solo
    assert solo is not None
    if not solo.staff:
        ctx.log("solo_staff_empty", seat, "{name}'s private staff deck is empty: nothing to reveal.")
        return
    card = solo.staff.pop()
    ctx.player(seat).played.append(card)
    his = ctx.state.config.opponent_pronoun("possessive")
    ctx.log("solo_reveal", seat, f"{{name}} reveals the {staff()[card].name} from {his} private staff deck.",
            card=card)


PROGRESS = {0: 0, 3: 1, 2: 2}
"""Countdown marker -> progress: no marker, then "III", then "II" ("I" means claimed)."""


def choose_objective(state: GameState, seat: int, target: str, hand: str) -> tuple[int, Reason] | None:
    """The politics card (slot 0-2 = A-C) Leopold advances on, and why; None if he claimed all three.

    Source: [PA "Objective Card"]: a question mark or an already claimed card means the card with the least
    progress, ties by the hand.
    """
    assert state.solo is not None
    countdown = state.solo.countdown
    open_slots = [s for s in range(3) if countdown[s] != 1 and seat not in state.politics_claims[s]]
    if not open_slots:
        return None
    if target != "any":
        slot = PILES.index(target)
        if slot in open_slots:
            return slot, Reason("as shown", {"card": target})
        reason = Reason("claimed", {"card": target})
    else:
        reason = Reason("least progress")
    least = min(PROGRESS[countdown[s]] for s in open_slots)
    tied = [s for s in open_slots if PROGRESS[countdown[s]] == least]
    if len(tied) > 1:
        reason = reason.tied(hand)
    return by_hand(tied, hand), reason


def advance_objective(ctx: Ctx, seat: int, target: str, hand: str) -> None:
    """Countdown III -> II -> I on a politics card; on reaching I, claim the highest free VP space."""
    state = ctx.state
    solo = state.solo
    assert solo is not None
    choice = choose_objective(state, seat, target, hand)
    if choice is None:
        ctx.log("solo_objective", seat, "{name} has claimed every politics card: the objective symbol does nothing.")
        return
    slot, reason = choice
    card = politics()[state.politics[slot]]
    name = f"politics card {PILES[slot]} (\"{card.text}\")"
    mark = solo.countdown[slot]
    his = state.config.opponent_pronoun("possessive")
    if mark == 0:
        solo.countdown[slot] = 3
        ctx.log("solo_objective", seat, f"{{name}} places a marker on III of {name} ({reason.text}).",
                slot=slot, mark=3, card=card.id, reason=reason.data)
        return
    if mark == 3:
        solo.countdown[slot] = 2
        ctx.log("solo_objective", seat, f"{{name}} moves {his} marker to II on {name} ({reason.text}).",
                slot=slot, mark=2, card=card.id, reason=reason.data)
        return
    solo.countdown[slot] = 1
    claims = state.politics_claims[slot]
    ladder = politics_vp()
    ctx.log("solo_objective", seat, f"{{name}} moves {his} marker to I on {name} ({reason.text}) and claims it.",
            slot=slot, mark=1, card=card.id, reason=reason.data)
    if len(claims) >= len(ladder):
        ctx.log("politics", seat, f"No VP space is left on {name}.", card=card.id, claimed=False)
        return
    claims.append(seat)
    ctx.log("politics", seat, f"{{name}} claims the politics card \"{card.text}\".", card=card.id, claimed=True)
    gain_vp(ctx, seat, ladder[len(claims) - 1], "politics")
