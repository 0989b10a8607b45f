"""Every decision the engine can ask: its legal answers (`options`) and how an answer is carried out (`answer`).

A decision is a frame on the pending stack (kind + player + data). `options(state, frame)` lists every legal
`Action` and nothing else; `answer(ctx, frame, action)` carries one out on the context's private copy.
The frame is still on top of the stack when `answer` runs; the handler pops it once it is finished.
Action kind "decline" (stop, skip, done...) and "bottom" are carried out automatically when they are the
only legal answer, because then there is no choice to make.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.actions import Action
from engine.cards import ITEMS, guests, space_name, staff
from engine.context import Ctx
from engine.effects import highest_floor_rooms, suffer_penalty_option
from engine.hotel import (
    abilities,
    floor_of,
    has_ability,
    layout,
    occupied_rooms,
    preparable_spaces,
    room_cost,
    vacant_rooms,
)
from engine.mechanics import (
    advance_emperor,
    display_cost,
    gain_items,
    gain_krones,
    gain_vp,
    needs,
    occupy_room,
    pay,
    play_staff,
    prepare_room,
    push_effects,
    remove_room,
    seat_guest,
    staff_cost,
)
from engine.scoring import game_end_staff, secretary_choices
from engine.state import Frame, GameState
from engine.waltz import turn as waltz_turn
from engine.waltz.behaviours import row_of as waltz_row
from engine.waltz.piles import complete_guest

AUTO_KINDS = frozenset({"decline", "bottom"})
"""Answers carried out without asking when they are the only legal one."""


@dataclass(frozen=True)
class Decision:
    """The two halves of a decision kind."""

    options: Callable[[GameState, Frame], list[Action]]
    answer: Callable[[Ctx, Frame, Action], None]


DECISIONS: dict[str, Decision] = {}


def decision(kind: str) -> Callable[[type], type]:
    """Register a class with static `options` and `answer` methods as the decision `kind`."""

    def register(cls: type) -> type:
        DECISIONS[kind] = Decision(cls.options, cls.answer)  # type: ignore[attr-defined]
        return cls

    return register


def decline(text: str) -> Action:
    """The "do nothing more" answer of a decision."""
    return Action("decline", (), text)


def _pop(ctx: Ctx) -> None:
    ctx.state.pending.pop()


# ----- shared option builders ------------------------------------------------------------------------


def _guest_options(state: GameState, index: int, free: bool) -> list[Action]:
    """Display guests the player may take (needs a free café table and enough krones)."""
    player = state.players[index]
    if all(table.guest is not None for table in player.cafe):
        return []
    ctx = Ctx(state)
    result = []
    for position, guest in enumerate(state.display):
        if guest is None:
            continue
        cost = 0 if free else display_cost(ctx, index, position)
        if cost <= player.money:
            result.append(Action("guest", (position, cost), f"guest {position + 1} {guests()[guest].name}"))
    return result


def _room_options(state: GameState, index: int, discount: int, free: bool, max_floor: int) -> list[Action]:
    player = state.players[index]
    result = []
    free = free or (state.waltz is not None and waltz_turn.rooms_free(state, index))  # Mahatma Gandhi
    for space in preparable_spaces(player, max_floor):
        cost = room_cost(player, space, discount, free)
        if cost <= player.money:
            result.append(Action("room", (space, cost), f"room {space_name(space)}"))
    return result


def _play_options(state: GameState, index: int, cards: list[int], discount: int, free: bool) -> list[Action]:
    player = state.players[index]
    ctx = Ctx(state)
    result = []
    for card in cards:
        price = 0 if free else max(0, staff_cost(ctx, card) - discount)
        if price <= player.money:
            result.append(Action("play", (card, price), f"play {staff()[card].name}"))
    return result


def _serve_options(state: GameState, index: int, source: list[int], verb: str, word: str) -> list[Action]:
    """Move one item from `source` counts onto a café guest who still needs it."""
    ctx = Ctx(state)
    result = []
    for item, count in enumerate(source):
        if count <= 0:
            continue
        for table in range(len(ctx.player(index).cafe)):
            if needs(ctx, index, table, item) > 0:
                result.append(Action(verb, (item, table), f"{verb} {ITEMS[item]} {word} table {table + 1}"))
    return result


def _serve(ctx: Ctx, index: int, item: int, table: int) -> None:
    seat = ctx.player(index).cafe[table]
    seat.served[item] += 1
    assert seat.guest is not None
    ctx.log("serve", index, f"{{name}} serves {ITEMS[item]} to {guests()[seat.guest].name}.", item=item, table=table)


def guest_complete(state: GameState, index: int, table: int) -> bool:
    """Whether the café guest at `table` has a completed order (Sigmund Freud: one item may be missing)."""
    seat = state.players[index].cafe[table]
    if seat.guest is None:
        return False
    order = guests()[seat.guest].order
    return list(order) == seat.served or (state.waltz is not None and waltz_turn.order_complete(state, index, order,
                                                                                                 seat.served))


def main_action_frames(ctx: Ctx, index: int, space: int, strength: int, die_face: int | None) -> None:
    """Push the decision for action space `space` (1-6) carried out at `strength`.

    Source: rulebook 2015, "Take a Die and Carry Out the Action". `die_face` is the face of the die taken
    (None for E. Gizia's extra action and for action 6's imitation): the Bootblack (staff 15) needs a 4.
    """
    if space == 1:
        ctx.push("split_dishes", index, strength=strength)
    elif space == 2:
        ctx.push("split_drinks", index, strength=strength)
    elif space == 3:
        ctx.push("prepare_rooms", index, discounts=[0] * strength, free=False, max_floor=4, occupy=False,
                 source="action 3")
    elif space == 4:
        if die_face == 4 and has_ability(ctx.player(index), "die_both_emperor_and_krones"):
            advance_emperor(ctx, index, strength)
            gain_krones(ctx, index, strength)
        else:
            ctx.push("split_emperor", index, strength=strength)
    elif space == 5:
        ctx.push("play_staff", index, count=1, discount=strength, free=False, source="action 5")
    else:
        ctx.push("imitate", index, strength=strength)


def imitation_fee(state: GameState, index: int) -> int:
    """Krones to use action space 6 with a die: 1, or 0 with the Kitchen Hand (staff 17)."""
    return 0 if has_ability(state.players[index], "no_imitation_fee") else 1


# ----- setup --------------------------------------------------------------------------------------------


@decision("setup_guest")
class SetupGuest:
    """Setup: in reverse turn order each player takes a display guest for free (rulebook, "Preparations")."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return _guest_options(state, frame.player, free=True)

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        seat_guest(ctx, frame.player, action.args[0], 0)


@decision("draft")
class Draft:
    """Staff draft (variant for experienced players): keep 1 of your cards, pass the rest left, until each player
    holds 6. Everyone picks at the same time; passed cards are revealed only once every player has picked.
    Source: rulebook 2015 "Variant for Experienced Players"."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        seat = frame.player
        if frame.data["picked"][seat]:
            return []
        return [Action("draft", (seat, c), f"draft {staff()[c].name}") for c in frame.data["hands"][seat]]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        seat, card = action.args
        data = frame.data
        data["hands"][seat].remove(card)
        data["picked"][seat] = True
        ctx.player(seat).hand.append(card)
        ctx.log("draft", seat, "{name} keeps a staff card.")
        top = ctx.state.pending[-1]
        if not all(data["picked"]):
            top.player = data["picked"].index(False)
            return
        if not any(data["hands"]):
            _pop(ctx)
            return
        count = len(data["hands"])
        data["hands"] = [data["hands"][(i - 1) % count] for i in range(count)]
        data["picked"] = [False] * count
        top.player = 0
        ctx.log("draft_pass", None, "Everyone passes the remaining staff cards to the left.")


# ----- the turn -----------------------------------------------------------------------------------------


@decision("turn")
class Turn:
    """A player's turn: optional display guest, the die action, and additional actions in any order.

    Source: rulebook 2015, "Course of Play" and "Additional Actions"; Yucata for passing and turns without dice.
    """

    @staticmethod
    def die_options(state: GameState, index: int) -> list[Action]:
        player = state.players[index]
        if state.waltz is not None:  # Let's Waltz: coloured dice, The Kozi Palace
            return waltz_turn.die_options(
                state, index, lambda space: imitation_fee(state, index) if space == 6 else 0)
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
        if not turn.guest_taken and not turn.die_taken and not turn.extra_pending:
            result.extend(_guest_options(state, index, free=False))
        die_options = [] if turn.die_taken else Turn.die_options(state, index)
        result.extend(die_options)
        key = waltz_turn.key_option(state, index, turn)  # Let's Waltz module 4
        result.extend(key)
        if player.money >= 1 or has_ability(player, "free_serving"):
            result.extend(_serve_options(state, index, player.kitchen, "serve", "to"))
        for table in range(len(player.cafe)):
            if guest_complete(state, index, table):
                guest = guests()[player.cafe[table].guest]  # type: ignore[index]
                for space in vacant_rooms(player, guest.color):
                    text = f"checkin table {table + 1} to room {space_name(space)}"
                    result.append(Action("checkin", (table, space), text))
        for card in player.played:
            if staff()[card].kind == "once_per_round" and card not in player.used:
                result.append(Action("use", (card,), f"use {staff()[card].name}"))
        result.extend(waltz_turn.extra_options(state, index))
        if not die_options:
            result.append(Action("end", (), "end turn"))
        return result

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        state, index = ctx.state, frame.player
        turn = state.turn
        assert turn is not None
        player = ctx.player(index)
        turn.acted = True
        kind = action.kind
        if kind == "pass":
            state.passed[index] = True
            if state.waltz is not None:
                state.waltz.passed_round[index] = True
            state.turn = None
            _pop(ctx)
            ctx.log("pass", index, "{name} passes.")
        elif kind == "end":
            if turn.number not in player.covered:
                player.covered.append(turn.number)
            state.turn = None
            _pop(ctx)
            ctx.log("end_turn", index, "{name} ends the turn.")
        elif kind == "guest":
            turn.guest_taken = True
            seat_guest(ctx, index, action.args[0], action.args[1])
            if state.waltz is not None and waltz_row(state, index, "second_guest"):  # Kaufman
                ctx.push("paid_guest", index, source="Kaufman")
        elif kind == "die":
            Turn.take_die(ctx, index, *action.args)
        elif kind == "key":
            waltz_turn.take_key(ctx, index)
        elif kind in ("retreat", "swap"):
            waltz_turn.answer_extra(ctx, index, action)
        elif kind == "serve":
            item, table = action.args
            if not has_ability(player, "free_serving"):
                pay(ctx, index, 1, "serving from the kitchen")
            player.kitchen[item] -= 1
            _serve(ctx, index, item, table)
            ctx.push("serve", index, left=2)
        elif kind == "checkin":
            check_in(ctx, index, action.args[0], action.args[1])
        elif kind == "use":
            card = action.args[0]
            player.used.append(card)
            ctx.log("use_staff", index, f"{{name}} uses the {staff()[card].name}.", card=card)
            push_effects(ctx, index, list(staff()[card].effects), staff()[card].name)

    @staticmethod
    def take_die(ctx: Ctx, index: int, space: int, boost: int, color: int | None = None,
                 source: int | None = None) -> None:
        """Take a die from `space`: pay the fee and boost, cover the turn number, fire die triggers, act.

        Let's Waltz: `color` is a coloured die's lounge slot (-1 or None: a white die); `source` the space The
        Kozi Palace moves a die from first.
        """
        state, player = ctx.state, ctx.player(index)
        turn = state.turn
        assert turn is not None
        if source is not None:
            waltz_turn.move_die(ctx, index, space, source)
        if color is not None and color >= 0:
            pay(ctx, index, state.dice[space - 1] - 1, "the coloured die")
        fee = imitation_fee(state, index) if space == 6 else 0
        if fee:
            pay(ctx, index, fee, "action 6")
        if boost:
            pay(ctx, index, 1, "a boost")
        strength = state.dice[space - 1] + boost
        turn.die_taken = True
        if turn.extra:  # 2015 E. Gizia: the extra turn uses a space without taking its die
            ctx.log("die", index, f"{{name}} uses space {space} without taking its die (strength {strength}).",
                    space=space, strength=strength, boost=boost)
            main_action_frames(ctx, index, space, strength, die_face=None)
            return
        strength += sum(int(row["amount"]) for row in abilities(player, "die_strength") if space in row["faces"])
        state.dice[space - 1] -= 1
        player.dice_taken += 1
        player.covered.append(turn.number)
        ctx.log("die", index, f"{{name}} takes a die from space {space} (strength {strength}).",
                space=space, strength=strength, boost=boost)
        if turn.extra_pending:
            start_extra_turn(ctx, index)
        for row in abilities(player, "die_vp"):
            if space in row["faces"]:
                gain_vp(ctx, index, int(row["amount"]), "staff")
        for row in abilities(player, "die_emperor"):
            if space in row["faces"]:
                advance_emperor(ctx, index, int(row["steps"]))
        extras: list[tuple[str, int, dict[str, object]]] = []
        if any(space in row["faces"] for row in abilities(player, "die_prepare_room")):
            extras.append(("prepare_rooms", index, {"discounts": [0], "free": False, "max_floor": 4,
                                                    "occupy": False, "source": "Decorator"}))
        if any(space in row["faces"] for row in abilities(player, "die_play_staff")):
            extras.append(("play_staff", index, {"count": 1, "discount": 0, "free": False, "source": "Staff Manager"}))
        ctx.push_all(extras)
        main_action_frames(ctx, index, space, strength, die_face=space)
        if extras and extras[-1][2].get("source") == "Staff Manager":
            ctx.state.pending[-1].data["staff_manager"] = True  # hiring may also come before the first room
        waltz_turn.after_die(ctx, index, space, color)  # Let's Waltz: the celebrity, Corogari's bonus


def start_extra_turn(ctx: Ctx, index: int) -> None:
    """2015 E. Gizia: a whole extra turn (a display guest and a die action whose die stays), right now.

    Source: Yucata "Original Rules" variant: it starts at once if the die action was taken, else right after it.
    """
    turn = ctx.state.turn
    assert turn is not None
    turn.extra_pending = max(0, turn.extra_pending - 1)
    turn.extra, turn.guest_taken, turn.die_taken, turn.acted = True, False, False, True
    ctx.log("extra_turn", index, "{name} starts an extra turn (E. Gizia).")


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
    complete_guest(ctx, index, guest_id)  # the discards, or a personal pile (Let's Waltz)
    player.checked_in.append(guest_id)
    ctx.log("checkin", index, f"{{name}} moves {guest.name} into room {space_name(space)}.",
            guest=guest_id, space=space)
    occupy_room(ctx, index, space, by_guest=True)
    now = [dict(row) for row in guest.reward if row["effect"] != "extra_action"]
    late = [dict(row) for row in guest.reward if row["effect"] == "extra_action"]
    frames: list[tuple[str, int, dict[str, object]]] = [("auto:vp", index, {"amount": guest.vp, "source": "guests"})]
    frames += [("auto:effect", index, {"row": row, "source": guest.name}) for row in now]
    frames.append(("auto:checkin_triggers", index, {"guest": guest_id}))
    frames.append(("auto:occupancy", index, {"space": space}))
    frames += [("auto:effect", index, {"row": row, "source": guest.name}) for row in late]
    ctx.push_all(frames)


# ----- the six actions ----------------------------------------------------------------------------------


def _register_split(kind: str, first: int, second: int, space: int) -> None:
    """Actions 1 and 2: one of two items per point of strength, never more of the second than of the first."""

    def options(state: GameState, frame: Frame) -> list[Action]:
        n = frame.data["strength"]
        return [Action("take", (n - c, c), f"take {n - c} {ITEMS[first]} {c} {ITEMS[second]}")
                for c in range(n // 2 + 1)]

    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        counts = [0, 0, 0, 0]
        counts[first], counts[second] = action.args
        gain_items(ctx, frame.player, counts, f"action {space}")

    DECISIONS[kind] = Decision(options, answer)


_register_split("split_dishes", ITEMS.index("strudel"), ITEMS.index("cake"), 1)
_register_split("split_drinks", ITEMS.index("wine"), ITEMS.index("coffee"), 2)


@decision("split_emperor")
class SplitEmperor:
    """Action 4: split the strength between Emperor steps and krones."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        n = frame.data["strength"]
        return [Action("split", (k, n - k), f"emperor {k} krones {n - k}") for k in range(n, -1, -1)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        advance_emperor(ctx, frame.player, action.args[0])
        gain_krones(ctx, frame.player, action.args[1])


@decision("imitate")
class Imitate:
    """Action 6: carry out any of actions 1-5 at the strength of space 6 (the fee is paid with the die)."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("imitate", (space,), f"imitate {space}") for space in range(1, 6)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        ctx.log("imitate", frame.player, f"{{name}} imitates action {action.args[0]}.", space=action.args[0])
        main_action_frames(ctx, frame.player, action.args[0], frame.data["strength"], die_face=None)


@decision("prepare_rooms")
class PrepareRooms:
    """Prepare rooms one at a time (action 3, setup, rewards): adjacent, in the space's colour, floor cost paid."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        data = frame.data
        rooms = _room_options(state, frame.player, data["discounts"][0], data["free"], data["max_floor"])
        hires = []
        if data.get("staff_manager"):  # Staff Manager (staff 22): before the action, or after it (retail text)
            hires = _play_options(state, frame.player, state.players[frame.player].hand, 0, False)
        return [*rooms, *hires, decline("stop preparing")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        frame.data.pop("staff_manager", None)  # after the first answer, hiring waits until after the action
        if action.kind == "play":
            later = next(f for f in reversed(ctx.state.pending)
                         if f.kind == "play_staff" and f.data.get("source") == "Staff Manager")
            ctx.state.pending.remove(later)
            ctx.player(frame.player).hand.remove(action.args[0])
            play_staff(ctx, frame.player, action.args[0], action.args[1])
            return
        if action.kind == "decline":
            _pop(ctx)
            return
        frame.data["discounts"].pop(0)
        if not frame.data["discounts"]:
            _pop(ctx)
        prepare_room(ctx, frame.player, action.args[0], action.args[1], occupy=frame.data["occupy"])


@decision("play_staff")
class PlayStaff:
    """Play staff cards from hand at a discount (action 5, rewards); the rest of the cost is paid."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        hand = state.players[frame.player].hand
        return [*_play_options(state, frame.player, hand, frame.data["discount"], frame.data["free"]), decline("skip")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        if action.kind == "decline":
            _pop(ctx)
            return
        frame.data["count"] -= 1
        if frame.data["count"] <= 0:
            _pop(ctx)
        card, price = action.args
        ctx.player(frame.player).hand.remove(card)
        play_staff(ctx, frame.player, card, price)


@decision("draw_play")
class DrawPlay:
    """Baroness, Duke, Emperor tiles A3/B3: play one of the drawn cards (or none); the rest go to the deck bottom."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        data = frame.data
        return [*_play_options(state, frame.player, data["cards"], data["discount"], data["free"]),
                decline("play none")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        rest = list(frame.data["cards"])
        if action.kind == "play":
            rest.remove(action.args[0])
        if rest:
            ctx.push("return_cards", frame.player, cards=rest)
        if action.kind == "play":
            play_staff(ctx, frame.player, action.args[0], action.args[1])


@decision("return_cards")
class ReturnCards:
    """Put drawn cards on the bottom of the staff deck, one at a time, in the player's chosen order."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("bottom", (c,), f"bottom {staff()[c].name}") for c in frame.data["cards"]]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        card = action.args[0]
        frame.data["cards"].remove(card)
        if not frame.data["cards"]:
            _pop(ctx)
        ctx.state.staff_deck.insert(0, card)
        ctx.player(frame.player).deck_known.append(card)
        ctx.log("bottom", frame.player, "{name} puts a staff card on the bottom of the deck.")


# ----- dishes and drinks --------------------------------------------------------------------------------


@decision("place_items")
class PlaceItems:
    """Place received dishes and drinks on guests' orders, one at a time; the rest go to the kitchen."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [*_serve_options(state, frame.player, frame.data["items"], "put", "on"),
                decline("put rest in kitchen")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        items = frame.data["items"]
        player = ctx.player(frame.player)
        if action.kind == "decline":
            _pop(ctx)
            player.kitchen = [k + n for k, n in zip(player.kitchen, items, strict=True)]
            if sum(items):
                ctx.log("kitchen", frame.player, "{name} puts the rest in the kitchen.", items=list(items))
            return
        item, table = action.args
        items[item] -= 1
        if sum(items) == 0:
            _pop(ctx)
        _serve(ctx, frame.player, item, table)


@decision("serve")
class Serve:
    """Serving from the kitchen: up to 3 items onto orders for 1 krone (free with the Chief Waiter, staff 24)."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        kitchen = state.players[frame.player].kitchen
        return [*_serve_options(state, frame.player, kitchen, "serve", "to"), decline("done serving")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        if action.kind == "decline":
            _pop(ctx)
            return
        item, table = action.args
        frame.data["left"] -= 1
        if frame.data["left"] <= 0:
            _pop(ctx)
        ctx.player(frame.player).kitchen[item] -= 1
        _serve(ctx, frame.player, item, table)


@decision("choose_items")
class ChooseItems:
    """A dish or drink of the player's choice (Portrait Painter, Emperor tile A2)."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("item", (i,), f"item {name}") for i, name in enumerate(ITEMS)]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        frame.data["count"] -= 1
        if frame.data["count"] <= 0:
            _pop(ctx)
        counts = [0, 0, 0, 0]
        counts[action.args[0]] = 1
        gain_items(ctx, frame.player, counts, frame.data["source"])


@decision("fill_order")
class FillOrder:
    """Porter (staff 38): complete one café guest's order from the supply."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        cafe = state.players[frame.player].cafe
        tables = [t for t in range(len(cafe)) if cafe[t].guest is not None
                  and not guest_complete(state, frame.player, t)]
        return [*(Action("fill", (t,), f"fill table {t + 1}") for t in tables), decline("skip")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        if action.kind == "decline":
            return
        seat = ctx.player(frame.player).cafe[action.args[0]]
        assert seat.guest is not None
        seat.served = list(guests()[seat.guest].order)
        ctx.log("fill_order", frame.player, f"{{name}} completes {guests()[seat.guest].name}'s order.")


# ----- guests and rooms from rewards --------------------------------------------------------------------


@decision("free_guest")
class FreeGuest:
    """Take a display guest at no cost (Dame, Opera Singer and others); needs a free café table."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [*_guest_options(state, frame.player, free=True), decline("skip")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        frame.data["count"] -= 1
        if action.kind == "decline" or frame.data["count"] <= 0:
            _pop(ctx)
        if action.kind == "guest":
            seat_guest(ctx, frame.player, action.args[0], 0)


@decision("occupy_rooms")
class OccupyRooms:
    """Turn prepared rooms of any colour to occupied (Actress, Prince, Page Boy and others)."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        rooms = vacant_rooms(state.players[frame.player])
        return [*(Action("occupy", (s,), f"occupy room {space_name(s)}") for s in rooms), decline("skip")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        frame.data["count"] -= 1
        if action.kind == "decline" or frame.data["count"] <= 0:
            _pop(ctx)
        if action.kind == "occupy":
            occupy_room(ctx, frame.player, action.args[0])


@decision("extra_action")
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
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        if action.kind == "decline":
            return
        space = action.args[0]
        if space == 6:
            pay(ctx, frame.player, 1, "action 6")
        strength = ctx.state.dice[space - 1]
        ctx.log("extra_action", frame.player, f"{{name}} uses space {space} again (strength {strength}).")
        main_action_frames(ctx, frame.player, space, strength, die_face=None)


# ----- Emperor penalties --------------------------------------------------------------------------------


@decision("conference")
class Conference:
    """Conference Manager (staff 26), 2021: pay 1 krone to ignore an Emperor penalty, or suffer it."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("ignore", (), "ignore penalty"), Action("suffer", (), "suffer penalty")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        if action.kind == "ignore":
            pay(ctx, frame.player, 1, "the Conference Manager")
            ctx.log("penalty_ignored", frame.player, "{name} ignores the Emperor penalty.")
        else:
            ctx.push("auto:effect", frame.player, row=frame.data["row"], source=frame.data["source"])


@decision("penalty_choice")
class PenaltyChoice:
    """2015 rules: an Emperor penalty with a "lose VP" alternative is a free choice."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        vp = frame.data["row"]["vp"]
        return [Action("suffer", (), "take the penalty"), Action("lose_vp", (), f"lose {vp} VP instead")]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        row, source = frame.data["row"], frame.data["source"]
        if action.kind == "lose_vp":
            gain_vp(ctx, frame.player, -row["vp"], source)
        else:
            suffer_penalty_option(ctx, frame.player, row, source)


@decision("return_hand")
class ReturnHand:
    """Emperor tiles A3/B3 penalty: put staff cards from hand on the bottom of the deck, one at a time."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        return [Action("return", (c,), f"return {staff()[c].name}") for c in state.players[frame.player].hand]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        frame.data["count"] -= 1
        if frame.data["count"] <= 0:
            _pop(ctx)
        card = action.args[0]
        ctx.player(frame.player).hand.remove(card)
        ctx.state.staff_deck.insert(0, card)
        ctx.player(frame.player).deck_known.append(card)
        ctx.log("return_staff", frame.player, f"{{name}} returns the {staff()[card].name} to the deck.", card=card)


@decision("remove_vacant")
class RemoveVacant:
    """Emperor tiles A4/B4 penalty: remove vacant rooms, each from as high a floor as possible."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        rooms = highest_floor_rooms(vacant_rooms(state.players[frame.player]))
        return [Action("remove", (s,), f"remove room {space_name(s)}") for s in rooms]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        frame.data["count"] -= 1
        if frame.data["count"] <= 0:
            _pop(ctx)
        remove_room(ctx, frame.player, action.args[0])


@decision("remove_occupied")
class RemoveOccupied:
    """Emperor tile C2 penalty: an occupied room from the highest floor, then one from the next lower floor."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        player = state.players[frame.player]
        rooms = occupied_rooms(player)
        column = frame.data["column"]
        if column is not None:  # 2015: the second room in the same column
            rooms = [s for s in rooms if s % 5 == column]
        rooms = highest_floor_rooms(rooms, frame.data["below_floor"])
        return [Action("remove", (s,), f"remove room {space_name(s)}") for s in rooms]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        space = action.args[0]
        frame.data["left"] -= 1
        frame.data["below_floor"] = floor_of(space)
        if ctx.state.config.edition == "2015":
            frame.data["column"] = space % 5
        if frame.data["left"] <= 0:
            _pop(ctx)
        remove_room(ctx, frame.player, space)


@decision("discard_game_end")
class DiscardGameEnd:
    """Emperor tile C4 penalty: discard one of your played game-end staff cards."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        cards = game_end_staff(state, frame.player)
        return [Action("discard", (c,), f"discard {staff()[c].name}") for c in cards]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        card = action.args[0]
        ctx.player(frame.player).played.remove(card)
        ctx.state.staff_discard.append(card)
        ctx.log("discard_staff", frame.player, f"{{name}} discards the {staff()[card].name}.", card=card)


@decision("secretary")
class Secretary:
    """Secretary (staff 29): at the end, choose an opponent's game-end staff card to score for your hotel."""

    @staticmethod
    def options(state: GameState, frame: Frame) -> list[Action]:
        cards = secretary_choices(state, frame.player)
        return [Action("copy", (c,), f"copy {staff()[c].name}") for c in cards]

    @staticmethod
    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        _pop(ctx)
        ctx.player(frame.player).secretary_copy = action.args[0]
        ctx.log("secretary", frame.player, f"{{name}}'s Secretary copies the {staff()[action.args[0]].name}.")


__all__ = ["AUTO_KINDS", "DECISIONS", "check_in", "layout"]
