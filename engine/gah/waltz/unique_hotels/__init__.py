"""Let's Waltz module 3, Unique Hotels, as one unit (issue 54, item 3): its state (`state`, `UniqueHotelState`),
the entrance auction (`auction`), the entrances that act at a turn's or a round's steps (`entrances`), Ninas
Melange's objectives (`objectives`), the solo opponent's own entrances (`solo_hotels`), and `mount`, which adds its
handlers to the hook points of a game that chose it; its decisions (`decisions`: the auction, Mayenfels' draw,
Kaufman's paid guest; the solo ones in `solo_hotels`), their payloads (`payloads`) and the entrances' abilities
(`abilities`, behaviours by the names of engine/gah/data/entrances.json; the solo opponent's in `solo_hotels`).

Importing the package registers its kinds (`KINDS`): its decision kinds are known only to the games that chose
module 3 (`engine.gah.decisions.registry.GameDecisions`), its abilities act only for a player holding an entrance,
which only this module gives.
"""

from __future__ import annotations

from typing import Any

from engine.gah.context import Ctx
from engine.gah.hooks import Hooks
from engine.gah.state import GameState
from engine.gah.waltz import die_actions
from engine.gah.waltz.cards import entrances as entrance_cards
from engine.gah.waltz.unique_hotels import abilities, auction, decisions, entrances, objectives, payloads, solo_hotels

KINDS = (payloads, abilities, solo_hotels, decisions)
"""The parts whose decorators register the module's payloads, behaviours and decision kinds (in that order)."""


def _solo_entrance_record(state: GameState) -> list[tuple[str, Any]]:
    """A simulated solo game's record names the opponent's hotel entrance."""
    if state.solo is None or state.players[state.solo.seat].entrance is None:
        return []
    return [("solo_entrance", entrance_cards()[state.players[state.solo.seat].entrance or 0].key)]


def _solo_die_toll(ctx: Ctx, seat: int, space: int, hand: str) -> None:
    """Toll Bridge Hotel: the opponent's die leaves a cogwheel token."""
    solo_hotels.opponent_die(ctx, seat, space)


def mount(hooks: Hooks) -> None:
    """Add module 3's handlers to `hooks` (a game that chose it)."""
    hooks.setup.register(auction.empty_kitchens)
    hooks.setup_frames.register(auction.frames)
    hooks.round_starting.register(entrances.start_round)
    hooks.round_started.register(solo_hotels.round_start)  # AT_ROUND_START: Hautel Couture restocks
    hooks.turn_started.register(entrances.start_turn)
    hooks.round_ending.register(entrances.end_round)  # after the celebrities leave (module 2 mounts first)
    hooks.queue_discarded.register(solo_hotels.queue_discarded)  # Sushi Resort's cogwheels off the right end
    hooks.emperor_scored.register(solo_hotels.emperor_scored)  # AT_EMPEROR_SCORING: Nine Stars Inn
    hooks.queue_left.register(solo_hotels.queue_left)  # Sushi Resort's cogwheel guests
    hooks.guest_completed.register(entrances.complete_guest)  # Kaufman's pile
    hooks.politics_checked.register(objectives.personal_objectives)  # Ninas Melange
    hooks.guest_fee.register(solo_hotels.guest_fee)  # Sushi Resort's cogwheels
    die_actions.mount(hooks)  # The Kozi Palace's die moved first
    hooks.die_fee.register(solo_hotels.toll)  # Toll Bridge Hotel
    hooks.turn_options.register(entrances.retreat_options)  # The Grand Wray Hotel
    hooks.turn_answers["retreat"] = entrances.retreat
    hooks.die_moved.register(entrances.move_die)  # The Kozi Palace
    hooks.die_fee_paid.register(solo_hotels.pay_toll)
    hooks.die_taken.register(entrances.after_die)  # Corogari Zant-Mainz
    hooks.guest_taken.register(entrances.second_guest)  # Kaufman
    hooks.solo_setup.register(solo_hotels.setup)  # the opponent's own entrance
    hooks.solo_die_taken.register(_solo_die_toll)  # before Elisabeth's coloured die (module 2 mounts it later)
    hooks.solo_room_placed.register(solo_hotels.opponent_room)
    hooks.solo_objective_done.register(solo_hotels.opponent_objective)  # Nine Stars Inn
    hooks.score_parts.register(objectives.score_parts)  # Ninas Melange
    hooks.game_record.register(_solo_entrance_record)
