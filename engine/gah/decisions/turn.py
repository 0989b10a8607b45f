"""Setup picks, the staff draft, and the turn itself: the display guest, taking a die, serving, check-in, staff use.

Taking a die fires the ON_TAKE_DIE behaviours (`engine.gah.behaviours`); a check-in queues the guest's VP and
reward, then the ON_OCCUPY_ROOM and AT_CHECK_IN behaviours, then the occupancy bonus (Yucata order).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.gah.behaviours import DIE_STRENGTH, ON_TAKE_DIE, SERVING_FEE, DieTaken, adjust, fire
from engine.gah.cards import guests, space_name, staff
from engine.gah.context import Ctx
from engine.gah.decisions.common import (
    guest_complete,
    guest_options,
    imitation_fee,
    main_action_frames,
    serve_item,
    serve_options,
)
from engine.gah.decisions.registry import decision, pop
from engine.gah.hotel import first_of_group, vacant_rooms
from engine.gah.mechanics import occupy_room, pay, push_effects, seat_guest, start_extra_turn
from engine.gah.payloads import DRAFT, SETUP_GUEST, TURN, DraftData, PlayStaffData, PrepareRoomsData, ServeData
from engine.gah.state import Frame, GameState, PlayerState


@decision(SETUP_GUEST)
class SetupGuest:
    """Setup: in reverse turn order each player takes a display guest for free (rulebook, "Preparations")."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return guest_options(state, frame.player, free=True)

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        pop(ctx)
        seat_guest(ctx, frame.player, action.args[0], action.args[1])


@decision(DRAFT)
class Draft:
    """Staff draft (variant for experienced players): keep 1 of your cards, pass the rest left, until each player
    holds 6. Everyone picks at the same time; passed cards are revealed only once every player has picked.
    Source: rulebook 2015 "Variant for Experienced Players"."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        seat, data = frame.player, DraftData.of(frame)
        if data.picked[seat]:
            return []
        return [Action("draft", (seat, c), f"draft {staff()[c].name}") for c in data.hands[seat]]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        seat, card = action.args
        top = ctx.state.pending[-1]
        data = DraftData.of(top)
        data.hands[seat].remove(card)
        data.picked[seat] = True
        ctx.player(seat).hand.append(card)
        ctx.log("draft", seat, "{name} keeps a staff card.")
        if not all(data.picked):
            top.player = data.picked.index(False)
            return
        if not any(data.hands):
            pop(ctx)
            return
        count = len(data.hands)
        data.hands = [data.hands[(i - 1) % count] for i in range(count)]
        data.picked = [False] * count
        data.store(top)
        top.player = 0
        ctx.log("draft_pass", None, "Everyone passes the remaining staff cards to the left.")


# ----- the turn -----------------------------------------------------------------------------------------


@decision(TURN)
class Turn:
    """A player's turn: optional display guest, the die action, and additional actions in any order.

    Source: rulebook 2015, "Course of Play" and "Additional Actions"; Yucata for passing and turns without dice.
    """

    @staticmethod
    def die_options(state: GameState, index: int) -> list[Action]:
        player = state.players[index]
        hooks = state.hooks
        other = hooks.die_options.first(state, index, lambda space: (imitation_fee(state, index) if space == 6 else 0)
                                        + hooks.die_fee.total(state, index, space))
        if other is not None:  # a plug-in's dice (e.g. coloured dice, a die moved first)
            return other
        result = []
        for space in range(1, 7):
            if state.dice[space - 1] == 0:
                continue
            fee = imitation_fee(state, index) if space == 6 else 0
            if player.money >= fee:
                result.append(Action("die", (space, 0), f"die {space}"))
            if player.money >= fee + 1:
                result.append(Action("die", (space, 1), f"die {space} boost"))
        return result

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        index, turn = frame.player, state.turn
        assert turn is not None
        player = state.players[index]
        result: list[Action] = []
        dice_left = sum(state.dice) > 0
        if not turn.acted and dice_left:
            result.append(Action("pass", (), "pass"))
        if not turn.guest_taken and not turn.die_taken:  # 2015 E. Gizia owed or not: step 1 stays
            result.extend(guest_options(state, index, free=False))
        die_options = [] if turn.die_taken else Turn.die_options(state, index)
        result.extend(die_options)
        result.extend(state.hooks.turn_options_after_die.collect(state, index, turn))
        if player.money >= serving_fee(player):
            result.extend(serve_options(state, index, player.kitchen, "serve", "to"))
        for table in range(len(player.cafe)):
            if guest_complete(state, index, table):
                guest = guests()[player.cafe[table].guest]  # type: ignore[index]
                for space in vacant_rooms(player, guest.color):
                    text = f"checkin table {table + 1} to room {space_name(space)}"
                    result.append(Action("checkin", (table, space), text))
        for card in player.played:
            if staff()[card].kind == "once_per_round" and card not in player.used:
                result.append(Action("use", (card,), f"use {staff()[card].name}"))
        result.extend(state.hooks.turn_options.collect(state, index))
        if not die_options:
            result.append(Action("end", (), "end turn"))
        return result

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        state, index = ctx.state, frame.player
        turn = state.turn
        assert turn is not None
        turn.acted = True
        (TURN_ANSWERS.get(action.kind) or state.hooks.turn_answers[action.kind])(ctx, index, action)

    @staticmethod
    def take_die(ctx: Ctx, index: int, space: int, boost: int, color: int | None = None,
                 source: int | None = None) -> None:
        """Take a die from `space`: pay the fee and boost, cover the turn number, fire die triggers, act.

        Plug-ins: `color` is a coloured die's slot (-1 or None: a white die), which costs 1 krone per other die on
        the space; `source` is a space a die is moved from first (`hooks.die_moved`).
        """
        state, player = ctx.state, ctx.player(index)
        turn = state.turn
        assert turn is not None
        if source is not None:
            state.hooks.die_moved.run(ctx, index, space, source)
        if color is not None and color >= 0:
            pay(ctx, index, state.dice[space - 1] - 1, "the coloured die", {"kind": "coloured die"})
        fee = imitation_fee(state, index) if space == 6 else 0
        if fee:
            pay(ctx, index, fee, "action 6", {"kind": "action", "space": 6})
        state.hooks.die_fee_paid.run(ctx, index, space)
        if boost:
            pay(ctx, index, 1, "a boost", {"kind": "boost"})
        strength = state.dice[space - 1] + boost
        turn.die_taken = True
        if turn.extra:  # 2015 E. Gizia: the extra turn uses a space without taking its die
            ctx.log("die", index, f"{{name}} uses space {space} without taking its die (strength {strength}).",
                    space=space, strength=strength, boost=boost, taken=False)
            main_action_frames(ctx, index, space, strength, die_face=None)
            return
        strength = adjust(player, DIE_STRENGTH, strength, space)
        state.dice[space - 1] -= 1
        player.dice_taken += 1
        player.covered.append(turn.number)
        ctx.log("die", index, f"{{name}} takes a die from space {space} (strength {strength}).",
                space=space, strength=strength, boost=boost, taken=True)
        if turn.extra_pending:
            start_extra_turn(ctx, index)
        taken = DieTaken(space, [])
        fire(ctx, index, ON_TAKE_DIE, taken)
        ctx.push_all(taken.follow_ups)
        main_action_frames(ctx, index, space, strength, die_face=space)
        if any(kind == PlayStaffData.KIND and PlayStaffData.from_data(data).card for kind, _, data in taken.follow_ups):
            top = ctx.state.pending[-1]  # Staff Manager: hiring may also come before the first room of action 3
            if ctx.state.deciding(PrepareRoomsData.KIND):
                rooms = PrepareRoomsData.of(top)
                rooms.staff_manager = True
                rooms.store(top)
        state.hooks.die_taken.run(ctx, index, space, color)


def check_in(ctx: Ctx, index: int, table: int, space: int) -> None:
    """Move a guest with a completed order into a room; then VP, reward, staff triggers, occupancy bonus.

    Source: rulebook 2015, "Additional Actions"; order of benefits as on Yucata. E. Gizia's extra action
    (2021) comes after all the rest (Lookout retail appendix).
    """
    player = ctx.player(index)
    seat = player.cafe[table]
    guest_id = seat.guest
    assert guest_id is not None
    guest = guests()[guest_id]
    seat.guest, seat.served = None, [0, 0, 0, 0]
    if not ctx.state.hooks.guest_completed.first(ctx, index, guest_id):  # a plug-in may keep the card (a pile)
        ctx.state.guest_discard.append(guest_id)
    player.checked_in.append(guest_id)
    ctx.log("checkin", index, f"{{name}} moves {guest.name} into room {space_name(space)}.",
            guest=guest_id, space=space)
    occupy_room(ctx, index, space, by_guest=True)
    now = [dict(row) for row in guest.reward if row["effect"] != "extra_action"]
    late = [dict(row) for row in guest.reward if row["effect"] == "extra_action"]
    frames: list[tuple[str, int, dict[str, object]]] = [("auto:vp", index, {"amount": guest.vp, "source": "guests",
                                                                                "cause": guest.name})]
    frames += [("auto:effect", index, {"row": row, "source": guest.name}) for row in now]
    frames.append(("auto:checkin_triggers", index, {"guest": guest_id}))
    frames.append(("auto:occupancy", index, {"space": space, "first": first_of_group(player, space)}))
    frames += [("auto:effect", index, {"row": row, "source": guest.name}) for row in late]
    ctx.push_all(frames)




def _pass(ctx: Ctx, index: int, action: Action) -> None:
    state = ctx.state
    state.passed[index] = True
    state.hooks.passed.run(state, index)
    state.turn = None
    pop(ctx)
    ctx.log("pass", index, "{name} passes.")


def _end(ctx: Ctx, index: int, action: Action) -> None:
    state, player = ctx.state, ctx.player(index)
    assert state.turn is not None
    if state.turn.number not in player.covered:
        player.covered.append(state.turn.number)
    state.turn = None
    pop(ctx)
    ctx.log("end_turn", index, "{name} ends the turn.")


def _guest(ctx: Ctx, index: int, action: Action) -> None:
    state = ctx.state
    assert state.turn is not None
    state.turn.guest_taken = True
    seat_guest(ctx, index, action.args[0], action.args[1])
    state.hooks.guest_taken.run(ctx, index)


def _die(ctx: Ctx, index: int, action: Action) -> None:
    Turn.take_die(ctx, index, *action.args)


def serving_fee(player: PlayerState) -> int:
    """Krones `player` pays to serve from the kitchen (up to 3 items): 1, or 0 with a staff card that waives it
    (rulebook 2015, "Additional actions"; the `free_serving` ability)."""
    return int(adjust(player, SERVING_FEE, 1))


def _serve(ctx: Ctx, index: int, action: Action) -> None:
    player = ctx.player(index)
    item, table = action.args
    pay(ctx, index, serving_fee(player), "serving from the kitchen", {"kind": "kitchen"})
    player.kitchen[item] -= 1
    serve_item(ctx, index, item, table, kitchen=True)
    ctx.push_payload(ServeData(left=2), index)


def _checkin(ctx: Ctx, index: int, action: Action) -> None:
    check_in(ctx, index, action.args[0], action.args[1])


def _use(ctx: Ctx, index: int, action: Action) -> None:
    player = ctx.player(index)
    card = action.args[0]
    player.used.append(card)
    ctx.log("use_staff", index, f"{{name}} uses the {staff()[card].name}.", card=card)
    push_effects(ctx, index, list(staff()[card].effects), staff()[card].name)


TURN_ANSWERS: dict[str, Callable[[Ctx, int, Action], None]] = {
    "pass": _pass,
    "end": _end,
    "guest": _guest,
    "die": _die,
    "serve": _serve,
    "checkin": _checkin,
    "use": _use,
}
"""The effect of each answer to the turn decision, by the action kind (rulebook "Course of a turn"); the
plug-ins' own turn actions are in `hooks.turn_answers`."""
