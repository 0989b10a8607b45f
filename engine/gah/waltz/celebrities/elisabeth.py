"""Elisabeth, the solo opponent with Let's Waltz module 2: the coloured dice she takes and what she gains by their
colour (the rest of her turn is Leopold's, `engine.gah.solo`).

Source: [PA] shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt, "Module 2: Celebrities" and "New
Symbols": the coloured-die symbol means the die matching the lounge celebrity with the most VP (if no coloured die
is on the board, the space with the most dice). On the chosen space she takes a coloured die if there is one (the
one whose celebrity shows the most VP, ties by the instruction card's hand over the lounge order), scores its
celebrity's VP, and instead of its effect gains by colour: red, progress on her least advanced objective; yellow,
2 Emperor steps; blue, 2 VP. `engine.gah.waltz.plug_in` registers these at the solo hook points of `engine.gah.hooks`.
"""

from __future__ import annotations

from engine.gah.context import Ctx
from engine.gah.mechanics import advance_emperor, gain_vp
from engine.gah.solo_objectives import advance_objective, by_hand
from engine.gah.state import GameState
from engine.gah.waltz.cards import lounge_colors
from engine.gah.waltz.celebrities import lounge
from engine.gah.waltz.die_actions import colors_on


def best_color(state: GameState, colors: list[int], hand: str) -> int | None:
    """Of the coloured dice `colors` (lounge slots), those on the board whose celebrity shows the most VP, ties by
    the hand ("left" or "right") over the lounge order; None if none of them is on the board."""
    part = lounge.pieces(state)
    on_board = [c for c in colors if 1 <= part.colored[c] <= 6 and part.lounge[c] is not None]
    if not on_board:
        return None
    best = max(part.chits[c] for c in on_board)
    return by_hand([c for c in on_board if part.chits[c] == best], hand)


def colour_die(state: GameState, hand: str) -> tuple[int, str] | None:
    """The coloured-die symbol: (action space 1-6, reason) of the coloured die whose celebrity shows the most VP,
    or None when no coloured die is on the board."""
    color = best_color(state, list(range(len(lounge_colors()))), hand)
    if color is None:
        return None
    return lounge.pieces(state).colored[color], "the coloured die whose celebrity shows the most VP"


def take_colour(ctx: Ctx, seat: int, space: int, hand: str) -> None:
    """After taking a die from `space` (1-6): the coloured die there whose celebrity shows the most VP, if any (for
    the coloured-die symbol, the one `colour_die` chose: it has the most VP of all), with its celebrity's VP and
    her colour bonus."""
    color = best_color(ctx.state, colors_on(ctx.state, space), hand)
    if color is not None:
        lounge.take_color(ctx, seat, space, color)
        colour_bonus(ctx, seat, color, hand)


def colour_bonus(ctx: Ctx, seat: int, color: int, hand: str) -> None:
    """Elisabeth ignores the celebrity's effect and gains by the die's colour (lounge slot `color`)."""
    name = lounge_colors()[color]
    ctx.log("solo_colour", seat, f"{{name}} ignores the celebrity's effect and gains the {name} die's bonus.",
            color=name)
    with ctx.caused(f"the {name} die's bonus"):
        if name == "red":
            advance_objective(ctx, seat, "any", hand)
        elif name == "yellow":
            advance_emperor(ctx, seat, 2)
        else:
            gain_vp(ctx, seat, 2, "celebrities")
