"""Decision of module 4, Start Player: the skeleton key's action at strength 1, a decision kind registered like
every other (`engine.gah.decisions.decision`) that only a game that chose module 4 knows
(`engine.gah.decisions.registry.GameDecisions`)."""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah.context import Ctx
from engine.gah.decisions import decision, main_action_frames
from engine.gah.state import Frame, GameState
from engine.gah.waltz.start_player.payloads import KEY_ACTION

MODULE = "start_player"
"""The module whose kind this is (`GameConfig.modules`)."""


@decision(KEY_ACTION, MODULE)
class KeyAction:
    """Module 4: after taking the skeleton key, carry out any main action (spaces 1-5; 6 would only copy them) at
    strength 1, without a boost and without die-triggered staff (player aid, "Start Player Action")."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("action", (space,), f"action {space} at strength 1") for space in range(1, 6)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        ctx.state.pending.pop()
        ctx.log("key_action", frame.player, f"{{name}} carries out action {action.args[0]} at strength 1.",
                space=action.args[0])
        main_action_frames(ctx, frame.player, action.args[0], 1, die_face=None)
