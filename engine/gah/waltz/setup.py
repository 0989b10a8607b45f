"""What every game with at least one Let's Waltz module mounts before the modules' own handlers
(`engine.gah.hooks.COMMON_MOUNTS`): the expansion's state, and the once-per-round marks two modules share.

Each module's own set-up is in its package (module 2 lays out the lounge, module 3 empties the kitchens and
auctions the entrances, module 4 gives 9/10/11/12 krones by turn position; player aid, "Common Play Area" and
"Personal Play Area").
"""

from __future__ import annotations

from engine.gah.context import Ctx
from engine.gah.hooks import Hooks
from engine.gah.state import GameState
from engine.gah.waltz.state import WaltzState


def prepare(ctx: Ctx) -> None:
    """After the decks, politics cards and Emperor tiles: every module's part of the state (before any seat acts;
    the seats include the solo opponent's, which is seated later)."""
    state = ctx.state
    count = len(state.players) + (1 if state.config.solo is not None else 0)
    state.waltz = WaltzState.for_players(count, state.start_player)


def start_round(state: GameState) -> None:
    """A new round: once-per-round effects are ready (`WaltzState.used`)."""
    assert state.waltz is not None
    state.waltz.used = [[] for _ in state.players]


def mount(hooks: Hooks) -> None:
    """Mount the expansion's state, before any module's handlers."""
    hooks.setup.register(prepare)
    hooks.round_starting.register(start_round)
