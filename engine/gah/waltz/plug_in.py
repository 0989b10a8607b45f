"""Let's Waltz (and the solo unique hotels) plugged into Grand Austria Hotel's core: every hook it uses, in one
place (issue 41, item 2).

`engine.gah.hooks.load_plug_ins()` imports this module and calls `register()` once, before any game exists. The core
names no module: it calls its hook points (`engine.gah.hooks`), and the handlers below do nothing in a game without
the modules (`GameState.waltz` is None there), so the base game plays as before.

Adding a module: its data rows, behaviours, decision kinds and payloads in its own files under engine/gah/waltz/,
its modules in `REGISTRATION_ORDER` when their decorators register something, and its hook handlers in
`register()`.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.gah import hooks
from engine.gah.behaviours import held_row
from engine.gah.context import Ctx
from engine.gah.state import GameState
from engine.gah.waltz import (
    decisions,
    effects,
    elisabeth,
    handlers,
    lounge,
    objectives,
    payloads,
    piles,
    rounds,
    setup,
    solo_hotels,
    turn,
)
from engine.gah.waltz.cards import CLOCKWISE_TILES, celebrities, entrances
from engine.gah.waltz.state import WaltzState

REGISTRATION_ORDER = (payloads, effects, handlers, solo_hotels, decisions)
"""The module's parts whose decorators register payloads, behaviours (`engine.gah.behaviours`) and decision kinds
(`engine.gah.decisions`), in the order they load: payloads before the decisions that store them, behaviours before
the decisions that fire them."""


def _turn_order_tiles(state: GameState) -> hooks.TileOrder | None:
    """Module 4: the clockwise tiles, from `WaltzState.round_start` (the skeleton key taker's seat after a round
    in which the key was taken; engine.gah.waltz.rounds)."""
    if state.waltz is None or not state.config.has("start_player"):
        return None
    return state.waltz.round_start, CLOCKWISE_TILES[len(state.players)]


def _hide_celebrities(view: GameState, viewer: int | None) -> None:
    """Module 2: the celebrity stack is face down for everyone."""
    if view.waltz is not None:
        view.waltz.celebrity_deck = [0] * len(view.waltz.celebrity_deck)


def _die_options(state: GameState, index: int, fee_of: hooks.FeeOf) -> list[Action] | None:
    """Coloured dice (module 2) and The Kozi Palace's moved die (module 3) change the die actions."""
    if state.waltz is None:
        return None
    return turn.die_options(state, index, fee_of)


def _complete_guest(ctx: Ctx, index: int, guest: int) -> bool | None:
    """A checked-in guest's card may go to Kaufman's pile or a personal objective pile instead of the discards."""
    if ctx.state.waltz is None:
        return None
    piles.complete_guest(ctx, index, guest)
    return True


def _order_complete(state: GameState, index: int, order: tuple[int, ...], served: list[int]) -> bool | None:
    """The celebrity Sigmund Freud: an order of at least 2 items may lack one."""
    if state.waltz is None or not turn.order_complete(state, index, order, served):
        return None
    return True


def _passed(state: GameState, index: int) -> None:
    """Remember who passed this round (the start player module and the celebrities need it)."""
    if state.waltz is not None:
        state.waltz.passed_round[index] = True


def _second_guest(ctx: Ctx, index: int) -> None:
    """The celebrity Kaufman: after the turn's display guest, a second one may be paid for."""
    if ctx.state.waltz is not None and held_row(ctx.player(index), "second_guest"):
        ctx.push("paid_guest", index, source="Kaufman")


def _take_key(ctx: Ctx, index: int, action: Action) -> None:
    """Module 4: the turn action "take the skeleton key"."""
    turn.take_key(ctx, index)


def _celebrity_abilities(celebrity: int) -> tuple[dict[str, Any], ...]:
    """Module 2: a celebrity's ability rows (engine/gah/data/celebrities.json)."""
    return celebrities()[celebrity].abilities


def _entrance_abilities(entrance: int) -> tuple[dict[str, Any], ...]:
    """Module 3: a hotel entrance's ability rows (engine/gah/data/entrances.json)."""
    return entrances()[entrance].abilities


def _solo_entrance_record(state: GameState) -> list[tuple[str, Any]]:
    """Module 3 in a solo game: a simulated game's record names the opponent's hotel entrance."""
    if state.solo is None or state.players[state.solo.seat].entrance is None:
        return []
    return [("solo_entrance", entrances()[state.players[state.solo.seat].entrance or 0].key)]


def _solo_die_toll(ctx: Ctx, seat: int, space: int, hand: str) -> None:
    """Toll Bridge Hotel: the opponent's die leaves a cogwheel token (ON_SOLO_DIE)."""
    solo_hotels.opponent_die(ctx, seat, space)


def register() -> None:
    """Register every handler at its hook point; called once by `engine.gah.hooks.load_plug_ins`. Within one hook
    point the handlers run in the order registered here."""
    assert REGISTRATION_ORDER  # imported above: their decorators have registered the module's kinds
    hooks.STATE_EXTENSIONS["waltz"] = WaltzState.from_dict
    hooks.HOLDING_ABILITIES.update({"celebrity": _celebrity_abilities, "entrance": _entrance_abilities})
    hooks.HOLDING_NAMES.update({"celebrity": lambda card: celebrities()[card].name,
                                "entrance": lambda card: entrances()[card].name})
    # setup (engine.gah.game)
    hooks.SETUP.register(setup.prepare)
    hooks.START_MONEY.register(setup.start_money)
    hooks.SETUP_FRAMES.register(setup.auction_frames)
    hooks.HIDE_IN_VIEW.register(_hide_celebrities)
    # rounds and turns (engine.gah.flow)
    hooks.TURN_ORDER_TILES.register(_turn_order_tiles)
    hooks.DICE_HELD_BACK.register(lounge.coloured_to_roll)
    hooks.DICE_ROLLED.register(lounge.roll_and_describe)
    hooks.ROUND_STARTING.register(rounds.start_round)
    hooks.ROUND_STARTED.register(solo_hotels.round_start)  # AT_ROUND_START: Hautel Couture restocks
    hooks.TURN_STARTED.register(rounds.start_turn)
    hooks.LAST_DICE.register(lounge.last_dice)
    hooks.BOARD_GATHERED.register(lounge.gather_board)
    hooks.BOARD_CLEARED.register(lounge.bin_rest)
    hooks.ROUND_ENDING.register(lounge.cleanup)  # the celebrities leave before the round's bookkeeping
    hooks.ROUND_ENDING.register(rounds.end_round)
    hooks.ROUND_CLEANUP.register(rounds.next_start_player)
    hooks.QUEUE_DISCARDED.register(solo_hotels.queue_discarded)  # Sushi Resort's cogwheels off the right end
    hooks.EMPEROR_SCORED.register(solo_hotels.emperor_scored)  # AT_EMPEROR_SCORING: Nine Stars Inn
    # guests and politics (engine.gah.mechanics)
    hooks.QUEUE_LEFT.register(solo_hotels.queue_left)  # Sushi Resort's cogwheel guests
    hooks.GUEST_COMPLETED.register(_complete_guest)
    hooks.POLITICS_CLAIMED.register(objectives.release)
    hooks.POLITICS_CHECKED.register(objectives.personal_objectives)  # Ninas Melange
    # the turn (engine.gah.decisions.turn)
    hooks.GUEST_FEE.register(solo_hotels.guest_fee)  # Sushi Resort's cogwheels
    hooks.ORDER_COMPLETE.register(_order_complete)  # Sigmund Freud
    hooks.DIE_OPTIONS.register(_die_options)
    hooks.DIE_FEE.register(solo_hotels.toll)  # Toll Bridge Hotel
    hooks.TURN_OPTIONS_AFTER_DIE.register(turn.key_option)
    hooks.TURN_OPTIONS.register(turn.extra_options)  # Grand Wray, Albert Einstein
    hooks.TURN_ANSWERS.update({"key": _take_key, "retreat": turn.answer_extra, "swap": turn.answer_extra})
    hooks.DIE_MOVED.register(turn.move_die)  # The Kozi Palace
    hooks.DIE_FEE_PAID.register(solo_hotels.pay_toll)
    hooks.DIE_TAKEN.register(turn.after_die)  # the celebrity, Corogari's bonus
    hooks.PASSED.register(_passed)
    hooks.GUEST_TAKEN.register(_second_guest)
    # the solo opponent (engine.gah.solo)
    hooks.SOLO_SETUP.register(solo_hotels.setup)  # module 3: the opponent's own entrance
    hooks.SOLO_COLOUR_DIE.register(elisabeth.colour_die)  # module 2: Elisabeth's coloured-die symbol
    hooks.SOLO_DIE_TAKEN.register(_solo_die_toll)
    hooks.SOLO_DIE_TAKEN.register(elisabeth.take_colour)  # after the toll token, the order engine.gah.solo always had
    hooks.SOLO_ROOM_PLACED.register(solo_hotels.opponent_room)
    hooks.SOLO_OBJECTIVE_DONE.register(solo_hotels.opponent_objective)  # Nine Stars Inn
    # scoring (engine.gah.scoring)
    hooks.SCORE_PARTS.register(objectives.score_parts)  # Ninas Melange
    # simulated games (engine.gah.simulate)
    hooks.GAME_RECORD.register(_solo_entrance_record)
