"""Decision of module 5 (its objectives and Emperor tiles): the A6 tile's penalty, returning a kitchen item, a
decision kind registered like every other (`engine.gah.decisions.decision`) that only a game that chose the module
knows (`engine.gah.decisions.registry.GameDecisions`)."""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah.cards import ITEMS
from engine.gah.context import Ctx
from engine.gah.decisions import decision
from engine.gah.state import Frame, GameState
from engine.gah.waltz.more_objectives.payloads import RETURN_ITEM

MODULE = "more_objectives"
"""The module whose kind this is (`GameConfig.modules`)."""


@decision(RETURN_ITEM, MODULE)
class ReturnItem:
    """Module-5 Emperor tile A6 penalty: return a dish or drink of your choice from the kitchen."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        kitchen = state.players[frame.player].kitchen
        return [Action("return", (i,), f"return {ITEMS[i]}") for i in range(4) if kitchen[i] > 0]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        frame.data["count"] -= 1
        if frame.data["count"] <= 0:
            ctx.state.pending.pop()
        ctx.player(frame.player).kitchen[action.args[0]] -= 1
        ctx.log("return_item", frame.player, f"{{name}} returns a {ITEMS[action.args[0]]} to the supply.")
