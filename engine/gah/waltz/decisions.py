"""Decisions of the Let's Waltz modules: the dustbin die (module 2), the entrance auction (module 3), the skeleton
key's action (module 4), returning a kitchen item (module-5 tile A6).

Each is a decision kind registered like every other (`engine.gah.decisions.decision`), so the bot, the AI and the
tests play them through `legal_actions` / `apply`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.core.actions import Action
from engine.gah.cards import ITEMS
from engine.gah.context import Ctx
from engine.gah.decisions import decision, decline, main_action_frames
from engine.gah.decisions.common import guest_options
from engine.gah.decisions.registry import Answer, stop
from engine.gah.mechanics import draw_staff, gain_items, seat_guest
from engine.gah.state import Frame, GameState
from engine.gah.waltz.cards import entrances, lounge_colors
from engine.gah.waltz.celebrities.lounge import bin_color, dustbin_choices
from engine.gah.waltz.payloads import (
    AUCTION,
    DUSTBIN_DIE,
    KEY_ACTION,
    OPTIONAL_DRAW,
    PAID_GUEST,
    RETURN_ITEM,
    SWAP_ITEMS,
)
from engine.gah.waltz.unique_hotels import auction


@decision(DUSTBIN_DIE)
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


@decision(RETURN_ITEM)
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


@decision(KEY_ACTION)
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


@decision(AUCTION)
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


@decision(OPTIONAL_DRAW)
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


@decision(PAID_GUEST)
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


@decision(SWAP_ITEMS)
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
        ctx.log("swap", frame.player, f"{{name}} gives {data['left']} dishes and drinks (Albert Einstein).")

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
