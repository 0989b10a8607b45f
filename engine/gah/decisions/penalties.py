"""Emperor penalty decisions (Conference Manager, 2015 choices, returning staff, removing rooms, discarding
game-end staff) and the Secretary's copy at the end. Payloads: `engine.gah.payloads`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.core.actions import Action
from engine.gah.behaviours import run_row
from engine.gah.cards import space_name, staff
from engine.gah.context import Ctx
from engine.gah.decisions.registry import Answer, count_down, decision, pop
from engine.gah.hotel import floor_of, highest_floor_rooms, occupied_rooms, vacant_rooms
from engine.gah.mechanics import gain_vp, pay, remove_room
from engine.gah.payloads import (
    CONFERENCE,
    DISCARD_GAME_END,
    PENALTY_CHOICE,
    REMOVE_OCCUPIED,
    REMOVE_VACANT,
    RETURN_HAND,
    SECRETARY,
    SUFFER,
    ConferenceData,
    PenaltyChoiceData,
    RemoveOccupiedData,
    RemoveVacantData,
    ReturnHandData,
)
from engine.gah.scoring import game_end_staff, secretary_choices
from engine.gah.state import Frame, GameState

CONFERENCE_MANAGER = 26
"""The Conference Manager's staff card number (engine/gah/data/staff.json)."""


@decision(CONFERENCE)
class Conference:
    """Conference Manager (staff 26), 2021: pay 1 krone to ignore an Emperor penalty, or suffer it."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("ignore", (), "ignore penalty"), Action("suffer", (), "suffer penalty")]

    @staticmethod
    def _ignore(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        pay(ctx, frame.player, 1, "the Conference Manager", {"kind": "staff", "card": CONFERENCE_MANAGER})
        ctx.log("penalty_ignored", frame.player, "{name} ignores the Emperor penalty.")

    @staticmethod
    def _suffer(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        data = ConferenceData.of(frame)
        ctx.push("auto:effect", frame.player, row=data.row, source=data.source)

    answers: ClassVar[Mapping[str, Answer]] = {"ignore": _ignore, "suffer": _suffer}


@decision(PENALTY_CHOICE)
class PenaltyChoice:
    """2015 rules: an Emperor penalty with a "lose VP" alternative is a free choice."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        vp = PenaltyChoiceData.of(frame).row["vp"]
        return [Action("suffer", (), "take the penalty"), Action("lose_vp", (), f"lose {vp} VP instead")]

    @staticmethod
    def _lose_vp(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        data = PenaltyChoiceData.of(frame)
        gain_vp(ctx, frame.player, -data.row["vp"], data.source)

    @staticmethod
    def _suffer(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        data = PenaltyChoiceData.of(frame)
        run_row(ctx, frame.player, {**data.row, SUFFER: True}, data.source)

    answers: ClassVar[Mapping[str, Answer]] = {"lose_vp": _lose_vp, "suffer": _suffer}


@decision(RETURN_HAND)
class ReturnHand:
    """Emperor tiles A3/B3 penalty: put staff cards from hand on the bottom of the deck, one at a time."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("return", (c,), f"return {staff()[c].name}") for c in state.players[frame.player].hand]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = ReturnHandData.of(frame)
        count_down(ctx, frame, data)
        card = action.args[0]
        ctx.player(frame.player).hand.remove(card)
        ctx.state.staff_deck.insert(0, card)
        ctx.player(frame.player).deck_known.append(card)
        ctx.log("return_staff", frame.player, f"{{name}} returns the {staff()[card].name} to the deck.", card=card)


@decision(REMOVE_VACANT)
class RemoveVacant:
    """Emperor tiles A4/B4 penalty: remove vacant rooms, each from as high a floor as possible."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        rooms = highest_floor_rooms(vacant_rooms(state.players[frame.player]))
        return [Action("remove", (s,), f"remove room {space_name(s)}") for s in rooms]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = RemoveVacantData.of(frame)
        count_down(ctx, frame, data)
        remove_room(ctx, frame.player, action.args[0])


@decision(REMOVE_OCCUPIED)
class RemoveOccupied:
    """Emperor tile C2 penalty: an occupied room from the highest floor, then one from the next lower floor."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        player = state.players[frame.player]
        rooms = occupied_rooms(player)
        data = RemoveOccupiedData.of(frame)
        if data.column is not None:  # 2015: the second room in the same column
            rooms = [s for s in rooms if s % 5 == data.column]
        rooms = highest_floor_rooms(rooms, data.below_floor)
        return [Action("remove", (s,), f"remove room {space_name(s)}") for s in rooms]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        space = action.args[0]
        data = RemoveOccupiedData.of(frame)
        data.left -= 1
        data.below_floor = floor_of(space)
        if ctx.state.config.edition == "2015":
            data.column = space % 5
        data.store(frame)
        if data.left <= 0:
            pop(ctx)
        remove_room(ctx, frame.player, space)


@decision(DISCARD_GAME_END)
class DiscardGameEnd:
    """Emperor tile C4 penalty: discard one of your played game-end staff cards."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        cards = game_end_staff(state, frame.player)
        return [Action("discard", (c,), f"discard {staff()[c].name}") for c in cards]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        card = action.args[0]
        ctx.player(frame.player).played.remove(card)
        ctx.state.staff_discard.append(card)
        ctx.log("discard_staff", frame.player, f"{{name}} discards the {staff()[card].name}.", card=card)


@decision(SECRETARY)
class Secretary:
    """Secretary (staff 29): at the end, choose an opponent's game-end staff card to score for your hotel."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        cards = secretary_choices(state, frame.player)
        return [Action("copy", (c,), f"copy {staff()[c].name}") for c in cards]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        ctx.player(frame.player).secretary_copy = action.args[0]
        ctx.log("secretary", frame.player, f"{{name}}'s Secretary copies the {staff()[action.args[0]].name}.",
                card=action.args[0])


