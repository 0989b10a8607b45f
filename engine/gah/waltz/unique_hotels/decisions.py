"""Decisions of module 3, Unique Hotels: the entrance auction, Mayenfels' optional draw and Kaufman's paid second
guest (the solo game's own, choosing an entrance and Hautel Couture's item, are in `solo_hotels`).

Each is a decision kind registered like every other (`engine.gah.decisions.decision`), so the bot, the AI and the
tests play them through `legal_actions` / `apply`; only a game that chose module 3 knows them
(`engine.gah.decisions.registry.GameDecisions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.core.actions import Action
from engine.gah.context import Ctx
from engine.gah.decisions import decision, decline
from engine.gah.decisions.common import guest_options
from engine.gah.decisions.registry import Answer, stop
from engine.gah.mechanics import draw_staff, seat_guest
from engine.gah.state import Frame, GameState
from engine.gah.waltz.cards import entrances
from engine.gah.waltz.unique_hotels import auction
from engine.gah.waltz.unique_hotels.payloads import AUCTION, OPTIONAL_DRAW, PAID_GUEST

MODULE = "unique_hotels"
"""The module whose kinds these are (`GameConfig.modules`)."""


@decision(AUCTION, MODULE)
class Auction:
    """Module 3 setup: the hotel entrance auction (player aid, "Starting Guests..." / "When playing Module 3").

    The opener puts an entrance up with a bid of 0 or more krones; clockwise, every other player without an
    entrance raises or passes (passing leaves this auction only); the last bidder pays and takes it. The next
    auction opens with the start player if still without an entrance, else the next player clockwise without
    one. The last player takes the last entrance for free. See `engine.gah.waltz.unique_hotels.auction`.
    """

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        data = frame.data
        money = state.players[frame.player].money
        if data["lot"] is None:
            return [Action("bid", (e, b), f"bid {b} on {entrances()[e].name}")
                    for e in data["offer"] for b in range(money + 1)]
        raises = [Action("bid", (data["lot"], b), f"raise to {b}") for b in range(data["bid"] + 1, money + 1)]
        return [*raises, Action("pass", (), "pass")]

    answers: ClassVar[Mapping[str, Answer]] = {"bid": auction.bid, "pass": auction.drop_out}


@decision(OPTIONAL_DRAW, MODULE)
class OptionalDraw:
    """Mayenfels: after playing a staff card you may draw a staff card from the deck."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        if not state.staff_deck:
            return []
        return [Action("draw", (), "draw a staff card"), decline("skip drawing")]

    @staticmethod
    def _draw(ctx: Ctx, frame: Frame, action: Action) -> None:
        ctx.state.pending.pop()
        ctx.player(frame.player).hand.extend(draw_staff(ctx, frame.player, 1))

    answers: ClassVar[Mapping[str, Answer]] = {"draw": _draw, "decline": stop}


@decision(PAID_GUEST, MODULE)
class PaidGuest:
    """Kaufman: after taking a guest, you may take a second one from the queue, paying its cost."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [*guest_options(state, frame.player, free=False), decline("skip second guest")]

    @staticmethod
    def _guest(ctx: Ctx, frame: Frame, action: Action) -> None:
        ctx.state.pending.pop()
        seat_guest(ctx, frame.player, action.args[0], action.args[1])

    answers: ClassVar[Mapping[str, Answer]] = {"guest": _guest, "decline": stop}
