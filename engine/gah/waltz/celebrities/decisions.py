"""Decisions of module 2, Celebrities: the dustbin die and Albert Einstein's swap of kitchen items.

Each is a decision kind registered like every other (`engine.gah.decisions.decision`), so the bot, the AI and the
tests play them through `legal_actions` / `apply`; only a game that chose module 2 knows them
(`engine.gah.decisions.registry.GameDecisions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.core.actions import Action
from engine.gah.cards import ITEMS
from engine.gah.context import Ctx
from engine.gah.decisions import decision, decline
from engine.gah.decisions.registry import Answer
from engine.gah.mechanics import gain_items
from engine.gah.state import Frame, GameState
from engine.gah.waltz.cards import celebrity_named, lounge_colors
from engine.gah.waltz.celebrities.lounge import bin_color, dustbin_choices
from engine.gah.waltz.celebrities.payloads import DUSTBIN_DIE, SWAP_ITEMS

MODULE = "celebrities"
"""The module whose kinds these are (`GameConfig.modules`)."""


@decision(DUSTBIN_DIE, MODULE)
class DustbinDie:
    """Module 2 reroll with only coloured dice left: the player with the lowest unused turn number chooses which
    one goes to the dustbin (player aid, "Between Turns": a white die if there is one, which there is not)."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("discard", (c,), f"discard {lounge_colors()[c]} die") for c in dustbin_choices(state)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        ctx.state.pending.pop()
        bin_color(ctx.state, action.args[0])
        ctx.log("dustbin", frame.player, f"{{name}} puts the {lounge_colors()[action.args[0]]} die in the dustbin; "
                "the rest are rolled again.", color=lounge_colors()[action.args[0]])


@decision(SWAP_ITEMS, MODULE)
class SwapItems:
    """Albert Einstein (once this round): give up to 4 dishes and drinks from the kitchen, then take as many from
    the supply, none of a kind you gave (no champagne, no money). The new ones may go onto guests as usual."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        data = frame.data
        kitchen = state.players[frame.player].kitchen
        if data["phase"] == "give":
            gives = [Action("return", (i,), f"return {ITEMS[i]}") for i in range(4)
                     if kitchen[i] > 0 and data["left"] > 0]
            done = [decline("done giving")] if sum(data["given"]) else [decline("swap nothing")]
            return [*gives, *done]
        return [Action("item", (i,), f"item {ITEMS[i]}") for i in range(4) if data["given"][i] == 0]

    @staticmethod
    def _give(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = frame.data
        ctx.player(frame.player).kitchen[action.args[0]] -= 1
        data["given"][action.args[0]] += 1
        data["left"] -= 1

    @staticmethod
    def _done_giving(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = frame.data
        if not sum(data["given"]) or all(data["given"]):
            ctx.state.pending.pop()  # nothing given (or nothing different left to take): the swap ends
            return
        data["phase"], data["left"] = "get", sum(data["given"])
        ctx.log("swap", frame.player, f"{{name}} gives {data['left']} dishes and drinks (Albert Einstein).",
                count=data["left"], celebrity=celebrity_named("Albert Einstein"))

    @staticmethod
    def _take(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = frame.data
        data["left"] -= 1
        if data["left"] <= 0:
            ctx.state.pending.pop()
        counts = [0, 0, 0, 0]
        counts[action.args[0]] = 1
        gain_items(ctx, frame.player, counts, "Albert Einstein")

    answers: ClassVar[Mapping[str, Answer]] = {"return": _give, "decline": _done_giving, "item": _take}
