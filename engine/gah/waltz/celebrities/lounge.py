"""Module 2, Celebrities: the coloured dice, the lounge and its chits (player aid, "Colored Dice (Module 2)",
"Celebrity Cleanup (Module 2)").

Three of the white dice are red, blue and yellow. `GameState.dice` still counts every die on a space (colour
does not change strength); `CelebrityState.colored` says where each coloured die is. Taking a coloured die costs
1 krone per other die on its space, takes the celebrity in that die's lounge slot and scores the VP it shows
(1 printed, or its 2 / 4 VP chit); its effect lasts until the celebrity clean-up at the round end, which comes
before the Emperor scoring. At a reroll the die that goes to the dustbin must be white if any is left.
"""

from __future__ import annotations

from engine.core import rng
from engine.gah.context import Ctx
from engine.gah.flow import owner_of
from engine.gah.mechanics import gain_vp
from engine.gah.state import GameState
from engine.gah.waltz.cards import CHIT_CYCLE, PRINTED_VP, celebrities, lounge_colors
from engine.gah.waltz.celebrities.payloads import DUSTBIN_DIE
from engine.gah.waltz.celebrities.state import IN_DUSTBIN, OFF_BOARD, TO_ROLL, CelebrityState


def setup(ctx: Ctx) -> None:
    """Set-up: shuffle the nine celebrities and lay three in the lounge, left to right (player aid, "Common Play
    Area")."""
    state = ctx.state
    part = pieces(state)
    deck = sorted(celebrities())
    state.rng = rng.shuffle(state.rng, deck)
    part.celebrity_deck = deck
    part.lounge = [deck.pop() for _ in lounge_colors()]
    part.chits = [PRINTED_VP] * len(lounge_colors())
    part.colored = [TO_ROLL] * len(lounge_colors())


def pieces(state: GameState) -> CelebrityState:
    """The module's pieces (`WaltzState.celebrities`) of a game that plays it."""
    assert state.waltz is not None
    return state.waltz.celebrities


def roll_colors(ctx: Ctx) -> list[int]:
    """Roll the coloured dice gathered for rolling onto the action board; their faces are added to `state.dice`.

    Called through `hooks.dice_rolled` after the white dice were rolled (`roll_and_describe`).
    """
    state = ctx.state
    part = pieces(state)
    rolled = []
    for c, where in enumerate(part.colored):
        if where == TO_ROLL:
            state.rng, face = rng.below(state.rng, 6)
            state.dice[face] += 1
            part.colored[c] = face + 1
            rolled.append(c)
    return rolled


def coloured_to_roll(state: GameState) -> int:
    """`hooks.dice_held_back`: how many of the dice about to be rolled are coloured."""
    return sum(1 for where in pieces(state).colored if where == TO_ROLL)


def gather_board(state: GameState) -> None:
    """Reroll: the coloured dice still on the action board are rolled again."""
    part = pieces(state)
    part.colored = [TO_ROLL if 1 <= w <= 6 else w for w in part.colored]


def dustbin_choices(state: GameState) -> list[int]:
    """Coloured dice one of which must go to the dustbin at a reroll: none while a white die is left."""
    on_board = [c for c, w in enumerate(pieces(state).colored) if 1 <= w <= 6]
    if sum(state.dice) > len(on_board):
        return []
    return on_board


def bin_color(state: GameState, color: int) -> None:
    """Put coloured die `color` from the board into the dustbin."""
    part = pieces(state)
    space = part.colored[color]
    state.dice[space - 1] -= 1
    part.colored[color] = IN_DUSTBIN
    state.dustbin += 1


def bin_rest(state: GameState) -> None:
    """Round end: the dice left on the board go to the dustbin (the caller counts them)."""
    part = pieces(state)
    part.colored = [IN_DUSTBIN if 1 <= w <= 6 else w for w in part.colored]


def take_color(ctx: Ctx, index: int, space: int, color: int) -> None:
    """Take coloured die `color` from `space`: the celebrity of its lounge slot and the VP it shows.

    The caller has paid the fee and moves the die count; this moves the die marker and the celebrity.
    Source: player aid, "Colored Dice (Module 2)".
    """
    state = ctx.state
    part = pieces(state)
    assert part.colored[color] == space
    part.colored[color] = OFF_BOARD
    celebrity = part.lounge[color]
    vp = part.chits[color]
    part.lounge[color] = None
    part.chits[color] = PRINTED_VP
    if celebrity is None:  # cannot happen: a slot is empty only while its die is off the board
        return
    if state.solo is not None and state.solo.seat == index:  # she ignores its effect (engine.gah.solo)
        part.celebrity_discard.append(celebrity)
    else:
        ctx.player(index).celebrities.append(celebrity)
    ctx.log("celebrity", index, f"{{name}} takes the {lounge_colors()[color]} die and {celebrities()[celebrity].name}.",
            celebrity=celebrity, color=lounge_colors()[color], vp=vp)
    with ctx.caused(celebrities()[celebrity].name):
        gain_vp(ctx, index, vp, "celebrities")


def cleanup(ctx: Ctx) -> None:
    """Round end, before the Emperor scoring: taken celebrities are discarded; untaken ones gain a 2-VP chit, a 2
    flips to 4, a 4 leaves; empty slots are refilled left to right, reshuffling the discards when the stack is
    empty (player aid, "Celebrity Cleanup (Module 2)")."""
    state = ctx.state
    part = pieces(state)
    for player in state.players:
        part.celebrity_discard.extend(player.celebrities)
        player.celebrities = []
    for slot, celebrity in enumerate(part.lounge):
        if celebrity is None:
            continue
        if part.chits[slot] in CHIT_CYCLE:
            part.chits[slot] = CHIT_CYCLE[part.chits[slot]]
        else:
            part.celebrity_discard.append(celebrity)
            part.lounge[slot] = None
            part.chits[slot] = PRINTED_VP
            ctx.log("celebrity_leaves", None, f"{celebrities()[celebrity].name} leaves the lounge.",
                    celebrity=celebrity)
    for slot, celebrity in enumerate(part.lounge):
        if celebrity is not None:
            continue
        if not part.celebrity_deck and part.celebrity_discard:
            part.celebrity_deck, part.celebrity_discard = part.celebrity_discard, []
            state.rng = rng.shuffle(state.rng, part.celebrity_deck)
            ctx.log("celebrity_reshuffle", None, "The celebrity discards are shuffled into a new stack.")
        if part.celebrity_deck:
            part.lounge[slot] = part.celebrity_deck.pop()
            part.chits[slot] = PRINTED_VP
    ctx.log("lounge", None, "The lounge now shows " + ", ".join(
        f"{celebrities()[c].name} ({part.chits[s]} VP)" for s, c in enumerate(part.lounge) if c is not None) + ".",
        lounge=list(part.lounge), chits=list(part.chits))


def describe_colours(state: GameState, colours: list[int]) -> str:
    """" (red on 3, ...)" for the roll's log line, or "" without coloured dice."""
    if not colours:
        return ""
    colored = pieces(state).colored
    return " (" + ", ".join(f"{lounge_colors()[c]} on {colored[c]}" for c in colours) + ")"


def last_dice(ctx: Ctx, waiting: list[int]) -> bool | None:
    """`hooks.last_dice`: when only coloured dice are left and one must go to the dustbin, the seat holding the
    lowest turn number left chooses which (the solo opponent takes the first in the lounge); True once done.
    None leaves the base game's dustbin step."""
    state = ctx.state
    choices = dustbin_choices(state)
    if not choices:
        return None
    lowest = min(n for i in waiting for n in state.players[i].tile if n not in state.players[i].covered)
    chooser = owner_of(state, lowest)
    ctx.push("auto:reroll", 0)
    if state.solo is not None and state.solo.seat == chooser:  # she never decides: the first in the lounge
        bin_color(state, choices[0])
        ctx.log("dustbin", chooser, "{name} puts the first coloured die of the lounge in the dustbin.")
    else:
        ctx.push(DUSTBIN_DIE, chooser)
    return True


def roll_and_describe(ctx: Ctx) -> list[str]:
    """`hooks.dice_rolled`: roll the coloured dice gathered for rolling; their words for the roll's log line."""
    return [describe_colours(ctx.state, roll_colors(ctx))]
