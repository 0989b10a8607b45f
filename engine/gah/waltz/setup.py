"""Setup of the Let's Waltz modules, called from `engine.gah.game.new_game` (nothing happens without modules).

Sources: player aid "Common Play Area" and "Personal Play Area": module 2 lays out the lounge; module 3 skips
the four starting dishes and drinks and auctions the entrances before the starting guests; module 4 gives
9/10/11/12 krones by turn position and uses the clockwise turn order tiles.
"""

from __future__ import annotations

from typing import Any

from engine.gah.context import Ctx
from engine.gah.state import GameState
from engine.gah.waltz import auction, lounge
from engine.gah.waltz.cards import START_MONEY_BY_POSITION
from engine.gah.waltz.state import WaltzState


def prepare(ctx: Ctx) -> None:
    """After the decks, politics cards and Emperor tiles: the modules' own pieces (before any seat acts)."""
    state = ctx.state
    config = state.config
    if not config.modules:
        return
    count = len(state.players) + (1 if config.solo is not None else 0)
    state.waltz = WaltzState.for_players(count)
    state.waltz.round_start = state.start_player
    if config.has("celebrities"):
        lounge.setup(state, state.waltz)
    if config.has("unique_hotels"):
        for player in state.players:
            player.kitchen = [0, 0, 0, 0]


def start_money(state: GameState, order: list[int]) -> None:
    """Module 4: starting krones 9/10/11/12 by turn position."""
    if state.waltz is not None and state.config.has("start_player"):
        for position, index in enumerate(order):
            state.players[index].money = START_MONEY_BY_POSITION[position]


def auction_frames(state: GameState) -> list[tuple[str, int, dict[str, Any]]]:
    """Module 3: the entrance auction, opened by the start player."""
    if state.waltz is None or not state.config.has("unique_hotels"):
        return []
    return [("auction", state.start_player, auction.setup(state))]
