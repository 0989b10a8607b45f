"""Follow-up decisions: the six actions' choices, rooms, staff to play, dishes and drinks, guests and rooms
granted by rewards, and E. Gizia's extra action. Payloads: `engine.gah.payloads`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from engine.core.actions import Action
from engine.gah.cards import ITEMS, guests, space_name, staff
from engine.gah.context import Ctx
from engine.gah.decisions.common import (
    guest_complete,
    guest_options,
    main_action_frames,
    play_options,
    room_options,
    serve_item,
    serve_options,
)
from engine.gah.decisions.registry import DECISIONS, Answer, Decision, count_down, decision, decline, pop, stop
from engine.gah.hotel import vacant_rooms
from engine.gah.mechanics import (
    advance_emperor,
    gain_items,
    gain_krones,
    occupy_room,
    pay,
    play_staff,
    prepare_room,
    seat_guest,
)
from engine.gah.payloads import (
    DRAW_PLAY,
    EXTRA_ACTION,
    FILL_ORDER,
    FREE_GUEST,
    IMITATE,
    OCCUPY_ROOMS,
    PLACE_ITEMS,
    PLAY_STAFF,
    PREPARE_ROOMS,
    RETURN_CARDS,
    SERVE,
    SPLIT_DISHES,
    SPLIT_DRINKS,
    SPLIT_EMPEROR,
    DrawPlayData,
    FreeGuestData,
    OccupyRoomsData,
    PlaceItemsData,
    PlayStaffData,
    PrepareRoomsData,
    ReturnCardsData,
    ServeData,
    StrengthData,
)
from engine.gah.state import Frame, GameState


def _register_split(kind: str, first: int, second: int, space: int) -> None:
    """Actions 1 and 2: one of two items per point of strength, never more of the second than of the first."""

    def options(state: GameState, frame: Frame) -> list[Action]:
        n = StrengthData.of(frame).strength
        return [Action("take", (n - c, c), f"take {n - c} {ITEMS[first]} {c} {ITEMS[second]}")
                for c in range(n // 2 + 1)]

    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        counts = [0, 0, 0, 0]
        counts[first], counts[second] = action.args
        gain_items(ctx, frame.player, counts, f"action {space}")

    DECISIONS[kind] = Decision(options, answer)


_register_split(SPLIT_DISHES, ITEMS.index("strudel"), ITEMS.index("cake"), 1)
_register_split(SPLIT_DRINKS, ITEMS.index("wine"), ITEMS.index("coffee"), 2)


@decision(SPLIT_EMPEROR)
class SplitEmperor:
    """Action 4: split the strength between Emperor steps and krones."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        n = StrengthData.of(frame).strength
        return [Action("split", (k, n - k), f"emperor {k} krones {n - k}") for k in range(n, -1, -1)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        with ctx.caused("action 4"):
            advance_emperor(ctx, frame.player, action.args[0])
            gain_krones(ctx, frame.player, action.args[1])


@decision(IMITATE)
class Imitate:
    """Action 6: carry out any of actions 1-5 at the strength of space 6 (the fee is paid with the die)."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("imitate", (space,), f"imitate {space}") for space in range(1, 6)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        ctx.log("imitate", frame.player, f"{{name}} imitates action {action.args[0]}.", space=action.args[0])
        main_action_frames(ctx, frame.player, action.args[0], StrengthData.of(frame).strength, die_face=None)


@decision(PREPARE_ROOMS)
class PrepareRooms:
    """Prepare rooms one at a time (action 3, setup, rewards): adjacent, in the space's colour, floor cost paid."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        data = PrepareRoomsData.of(frame)
        rooms = room_options(state, frame.player, data.discounts[0], data.free, data.max_floor)
        hires = []
        if data.staff_manager:  # Staff Manager (staff 22): before the action, or after it (retail text)
            hires = play_options(state, frame.player, state.players[frame.player].hand, 0, False)
        return [*rooms, *hires, decline("stop preparing")]

    @staticmethod
    def _answered(frame: Frame) -> PrepareRoomsData:
        data = PrepareRoomsData.of(frame)
        data.staff_manager = False  # after the first answer, hiring waits until after the action
        data.store(frame)
        return data

    @staticmethod
    def _hire(ctx: Ctx, frame: Frame, action: Action) -> None:
        PrepareRooms._answered(frame)
        later = next(f for f in reversed(ctx.state.pending)
                     if f.kind == PLAY_STAFF and f.player == frame.player and PlayStaffData.of(f).card)
        ctx.state.pending.remove(later)
        ctx.player(frame.player).hand.remove(action.args[0])
        play_staff(ctx, frame.player, action.args[0], action.args[1])

    @staticmethod
    def _stop(ctx: Ctx, frame: Frame, action: Action) -> None:
        PrepareRooms._answered(frame)
        pop(ctx)

    @staticmethod
    def _room(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = PrepareRooms._answered(frame)
        data.discounts.pop(0)
        if not data.discounts:
            pop(ctx)
        with ctx.caused(data.source):
            prepare_room(ctx, frame.player, action.args[0], action.args[1], occupy=data.occupy)

    answers: ClassVar[Mapping[str, Answer]] = {"room": _room, "play": _hire, "decline": _stop}


@decision(PLAY_STAFF)
class PlayStaff:
    """Play staff cards from hand at a discount (action 5, rewards); the rest of the cost is paid."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        hand, data = state.players[frame.player].hand, PlayStaffData.of(frame)
        return [*play_options(state, frame.player, hand, data.discount, data.free), decline("skip")]

    @staticmethod
    def _play(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = PlayStaffData.of(frame)
        count_down(ctx, frame, data)
        card, price = action.args
        ctx.player(frame.player).hand.remove(card)
        play_staff(ctx, frame.player, card, price)

    answers: ClassVar[Mapping[str, Answer]] = {"play": _play, "decline": stop}


@decision(DRAW_PLAY)
class DrawPlay:
    """Baroness, Duke, Emperor tiles A3/B3: play one of the drawn cards (or none); the rest go to the deck bottom."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        data = DrawPlayData.of(frame)
        return [*play_options(state, frame.player, data.cards, data.discount, data.free),
                decline("play none")]

    @staticmethod
    def _finish(ctx: Ctx, frame: Frame, played: int | None) -> None:
        """The drawn cards other than `played` go back under the deck, one chosen at a time."""
        pop(ctx)
        rest = [card for card in DrawPlayData.of(frame).cards if card != played]
        if rest:
            ctx.push_payload(ReturnCardsData(rest), frame.player)

    @staticmethod
    def _play(ctx: Ctx, frame: Frame, action: Action) -> None:
        DrawPlay._finish(ctx, frame, action.args[0])
        play_staff(ctx, frame.player, action.args[0], action.args[1])

    @staticmethod
    def _none(ctx: Ctx, frame: Frame, action: Action) -> None:
        DrawPlay._finish(ctx, frame, None)

    answers: ClassVar[Mapping[str, Answer]] = {"play": _play, "decline": _none}


@decision(RETURN_CARDS)
class ReturnCards:
    """Put drawn cards on the bottom of the staff deck, one at a time, in the player's chosen order."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("bottom", (c,), f"bottom {staff()[c].name}") for c in ReturnCardsData.of(frame).cards]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        card, cards = action.args[0], ReturnCardsData.of(frame).cards
        cards.remove(card)
        if not cards:
            pop(ctx)
        ctx.state.staff_deck.insert(0, card)
        ctx.player(frame.player).deck_known.append(card)
        ctx.log("bottom", frame.player, "{name} puts a staff card on the bottom of the deck.")


# ----- dishes and drinks --------------------------------------------------------------------------------


@decision(PLACE_ITEMS)
class PlaceItems:
    """Place received dishes and drinks on guests' orders, one at a time; the rest go to the kitchen."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [*serve_options(state, frame.player, PlaceItemsData.of(frame).items, "put", "on"),
                decline("put rest in kitchen")]

    @staticmethod
    def _rest_to_kitchen(ctx: Ctx, frame: Frame, action: Action) -> None:
        items = PlaceItemsData.of(frame).items
        player = ctx.player(frame.player)
        pop(ctx)
        player.kitchen = [k + n for k, n in zip(player.kitchen, items, strict=True)]
        if sum(items):
            ctx.log("kitchen", frame.player, "{name} puts the rest in the kitchen.", items=list(items))

    @staticmethod
    def _put(ctx: Ctx, frame: Frame, action: Action) -> None:
        items = PlaceItemsData.of(frame).items
        item, table = action.args
        items[item] -= 1
        if sum(items) == 0:
            pop(ctx)
        serve_item(ctx, frame.player, item, table)

    answers: ClassVar[Mapping[str, Answer]] = {"put": _put, "decline": _rest_to_kitchen}


@decision(SERVE)
class Serve:
    """Serving from the kitchen: up to 3 items onto orders for 1 krone (free with the Chief Waiter, staff 24)."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        kitchen = state.players[frame.player].kitchen
        return [*serve_options(state, frame.player, kitchen, "serve", "to"), decline("done serving")]

    @staticmethod
    def _serve(ctx: Ctx, frame: Frame, action: Action) -> None:
        item, table = action.args
        data = ServeData.of(frame)
        data.left -= 1
        data.store(frame)
        if data.left <= 0:
            pop(ctx)
        ctx.player(frame.player).kitchen[item] -= 1
        serve_item(ctx, frame.player, item, table, kitchen=True)

    answers: ClassVar[Mapping[str, Answer]] = {"serve": _serve, "decline": stop}


@decision(FILL_ORDER)
class FillOrder:
    """Porter (staff 38): complete one café guest's order from the supply."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        cafe = state.players[frame.player].cafe
        tables = [t for t in range(len(cafe)) if cafe[t].guest is not None
                  and not guest_complete(state, frame.player, t)]
        return [*(Action("fill", (t,), f"fill table {t + 1}") for t in tables), decline("skip")]

    @staticmethod
    def _fill(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        seat = ctx.player(frame.player).cafe[action.args[0]]
        assert seat.guest is not None
        seat.served = list(guests()[seat.guest].order)
        ctx.log("fill_order", frame.player, f"{{name}} completes {guests()[seat.guest].name}'s order.",
                guest=seat.guest)

    answers: ClassVar[Mapping[str, Answer]] = {"fill": _fill, "decline": stop}


# ----- guests and rooms from rewards --------------------------------------------------------------------


@decision(FREE_GUEST)
class FreeGuest:
    """Take a display guest at no cost (Dame, Opera Singer and others); needs a free café table."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [*guest_options(state, frame.player, free=True), decline("skip")]

    @staticmethod
    def _guest(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = FreeGuestData.of(frame)
        count_down(ctx, frame, data)
        seat_guest(ctx, frame.player, action.args[0], action.args[1])

    answers: ClassVar[Mapping[str, Answer]] = {"guest": _guest, "decline": stop}


@decision(OCCUPY_ROOMS)
class OccupyRooms:
    """Turn prepared rooms of any colour to occupied (Actress, Prince, Page Boy and others)."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        rooms = vacant_rooms(state.players[frame.player])
        return [*(Action("occupy", (s,), f"occupy room {space_name(s)}") for s in rooms), decline("skip")]

    @staticmethod
    def _occupy(ctx: Ctx, frame: Frame, action: Action) -> None:
        data = OccupyRoomsData.of(frame)
        count_down(ctx, frame, data)
        occupy_room(ctx, frame.player, action.args[0])

    answers: ClassVar[Mapping[str, Answer]] = {"occupy": _occupy, "decline": stop}


@decision(EXTRA_ACTION)
class ExtraAction:
    """E. Gizia (guest 97), 2021 rules: carry out a space that has a die without taking it.

    No boost and no die-triggered staff; action 6 still costs its krone (Lookout retail appendix).
    """

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        money = state.players[frame.player].money
        spaces = [s for s in range(1, 7) if state.dice[s - 1] and (s < 6 or money >= 1)]
        return [*(Action("action", (s,), f"action {s}") for s in spaces), decline("skip")]

    @staticmethod
    def _action(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        space = action.args[0]
        if space == 6:
            pay(ctx, frame.player, 1, "action 6", {"kind": "action", "space": 6})
        strength = ctx.state.dice[space - 1]
        ctx.log("extra_action", frame.player, f"{{name}} uses space {space} again (strength {strength}).",
                space=space, strength=strength)
        main_action_frames(ctx, frame.player, space, strength, die_face=None)

    answers: ClassVar[Mapping[str, Answer]] = {"action": _action, "decline": stop}


