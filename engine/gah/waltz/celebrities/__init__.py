"""Let's Waltz module 2, Celebrities, as one unit (issue 54, item 3): its state (`state`, `CelebrityState`), the
lounge and its coloured dice (`lounge`), its turn steps (`turn`), Elisabeth, the solo opponent it brings
(`elisabeth`), its decisions (`decisions`: the dustbin die, Einstein's swap) and their payloads (`payloads`), its
celebrities' abilities (`abilities`, behaviours by the names of engine/gah/data/celebrities.json), and `mount`,
which adds its handlers to the hook points of a game that chose it.

Importing the package registers its kinds (`KINDS`): its decision kinds are known only to the games that chose
module 2 (`engine.gah.decisions.registry.GameDecisions`), its abilities act only for a player holding a celebrity,
which only this module gives.
"""

from __future__ import annotations

from engine.gah.hooks import Hooks
from engine.gah.waltz import die_actions
from engine.gah.waltz.celebrities import abilities, decisions, elisabeth, lounge, payloads, turn

KINDS = (payloads, abilities, decisions)
"""The parts whose decorators register the module's payloads, behaviours and decision kinds (in that order)."""

LATER = 1
"""The order (`Hook.register`) of handlers that follow another module's at the same hook point: Einstein's swap
after The Grand Wray Hotel's retreat, Elisabeth's coloured die after Toll Bridge Hotel's token."""


def mount(hooks: Hooks) -> None:
    """Add module 2's handlers to `hooks` (a game that chose it)."""
    hooks.setup.register(lounge.setup)
    hooks.hide_in_view.register(turn.hide_stack)
    hooks.dice_held_back.register(lounge.coloured_to_roll)
    hooks.dice_rolled.register(lounge.roll_and_describe)
    hooks.round_starting.register(turn.start_round)
    hooks.last_dice.register(lounge.last_dice)
    hooks.board_gathered.register(lounge.gather_board)
    hooks.board_cleared.register(lounge.bin_rest)
    hooks.round_ending.register(lounge.cleanup)  # the celebrities leave before the round's other bookkeeping
    hooks.order_complete.register(turn.order_complete)  # Sigmund Freud
    die_actions.mount(hooks)  # the coloured dice among the die actions
    hooks.die_taken.register(turn.take_coloured_die)
    hooks.turn_options.register(turn.swap_option, LATER)  # Albert Einstein
    hooks.turn_answers["swap"] = turn.swap
    hooks.solo_colour_die.register(elisabeth.colour_die)
    hooks.solo_die_taken.register(elisabeth.take_colour, LATER)
