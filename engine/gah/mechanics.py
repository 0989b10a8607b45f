"""The basic moves every rule is built from: gain and pay, draw and discard, prepare and occupy rooms.

Each function changes `ctx.state` (a private copy) and records events; none of them chooses anything
for a player: where the rules give a choice, they push a decision frame instead. Gains, occupied rooms and
played staff fire the player's behaviours at those trigger points (`engine.gah.behaviours.fire`).
"""

from __future__ import annotations

from typing import Any

from engine.core import rng
from engine.gah.behaviours import (
    AFTER_PLAY_STAFF,
    DISPLAY_COST,
    ON_ADVANCE_EMPEROR,
    ON_GAIN_KRONES,
    ON_GAIN_VP,
    ON_OCCUPY_ROOM,
    Gained,
    RoomOccupied,
    StaffPlayed,
    adjust,
    fire,
    held_row,
)
from engine.gah.cards import (
    DISPLAY_COSTS,
    EMPEROR_MAX,
    ITEMS,
    MONEY_MAX,
    guests,
    hotel_rules,
    politics,
    politics_vp,
    space_name,
    staff,
)
from engine.gah.context import Ctx
from engine.gah.hotel import first_of_group, group_completed_by, layout
from engine.gah.payloads import PlaceItemsData
from engine.gah.scoring import politics_condition_met
from engine.gah.state import EMPTY, OCCUPIED, PREPARED

VP_CATEGORIES = (
    "guests", "Emperor scoring", "Emperor tiles", "politics", "room badges", "occupancy bonus", "staff",
    "emperor track overflow", "celebrities", "hotel entrance",
)
"""The sources VP earned during play are recorded under (`PlayerState.vp_sources`)."""


def vp_category(source: str) -> str:
    """The breakdown category of a VP source label ("Emperor tile C1" -> "Emperor tiles")."""
    return "Emperor tiles" if source.startswith("Emperor tile ") else source


def gain_vp(ctx: Ctx, index: int, amount: int, source: str, triggers: bool = True) -> None:
    """Add (or, if negative, take) VP, recorded under the category of `source` for the score breakdown.

    A gain fires the player's ON_GAIN_VP behaviours unless `triggers` is False (a behaviour's own gain).
    """
    if amount == 0:
        return
    source = vp_category(source)
    player = ctx.player(index)
    player.vp += amount
    player.vp_sources[source] = player.vp_sources.get(source, 0) + amount
    verb = "scores" if amount > 0 else "loses"
    ctx.log("vp", index, f"{{name}} {verb} {abs(amount)} VP ({source}).", amount=amount, source=source,
            **ctx.gained())
    if amount > 0 and triggers:
        fire(ctx, index, ON_GAIN_VP, Gained(amount, source))


def gain_krones(ctx: Ctx, index: int, amount: int, triggers: bool = True) -> None:
    """Add krones; money never exceeds 20 and the excess is lost (rules summary; Yucata).

    A gain fires the player's ON_GAIN_KRONES behaviours unless `triggers` is False (a behaviour's own gain).
    """
    if amount <= 0:
        return
    player = ctx.player(index)
    before = player.money
    player.money = min(MONEY_MAX, player.money + amount)
    lost = amount - (player.money - before)
    extra = f" ({lost} lost above 20)" if lost else ""
    ctx.log("krones", index, f"{{name}} gains {amount} krone{'s' * (amount != 1)}{extra}.", amount=amount,
            lost=lost, **ctx.gained())
    if triggers:
        fire(ctx, index, ON_GAIN_KRONES, Gained(amount, "krones"))


def pay(ctx: Ctx, index: int, amount: int, reason: str, paid_for: dict[str, Any] | None = None) -> None:
    """Take krones from a player. `reason` is the engine's English ("room 1-2"); `paid_for` the same as data, the
    event's "paid_for" datum: {"kind": "room", "room": "1-2"}, {"kind": "staff", "card": 16}, {"kind": "guest"},
    {"kind": "coloured die"}, {"kind": "action", "space": 6}, {"kind": "boost"} or {"kind": "kitchen"} (a plug-in's
    payment may give none).

    Raises:
        ValueError: the player cannot pay (callers only offer affordable actions, so this is a bug).
    """
    if amount <= 0:
        return
    player = ctx.player(index)
    if player.money < amount:
        raise ValueError(f"{player.name} cannot pay {amount} krones for {reason}")
    player.money -= amount
    about = {"paid_for": paid_for} if paid_for is not None else {}
    ctx.log("pay", index, f"{{name}} pays {amount} krone{'s' * (amount != 1)} for {reason}.", amount=amount, **about)


def advance_emperor(ctx: Ctx, index: int, steps: int, triggers: bool = True) -> None:
    """Move up the Emperor track; each step beyond space 13 scores 1 VP instead (rulebook, Emperor track).

    An advance fires the player's ON_ADVANCE_EMPEROR behaviours unless `triggers` is False (a behaviour's own).
    """
    if steps <= 0:
        return
    player = ctx.player(index)
    room = EMPEROR_MAX - player.emperor
    moved = min(room, steps)
    player.emperor += moved
    ctx.log("emperor", index, f"{{name}} advances {moved} on the Emperor track (now {player.emperor}).", steps=moved,
            now=player.emperor, **ctx.gained())
    if steps > moved:
        gain_vp(ctx, index, steps - moved, "emperor track overflow")
    if triggers:
        fire(ctx, index, ON_ADVANCE_EMPEROR, Gained(steps, "Emperor"))


def gain_items(ctx: Ctx, index: int, counts: list[int], reason: str) -> None:
    """Receive dishes and drinks; the player then places each on a guest's order or in the kitchen.

    Source: rulebook 2015, "Whenever you receive dishes and drinks, you can place them immediately on a
    guest's order", regardless of how you get them.
    """
    if sum(counts) <= 0:
        return
    words = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(counts) if n)
    ctx.log("items", index, f"{{name}} receives {words} ({reason}).", items=list(counts), reason=reason)
    ctx.push_payload(PlaceItemsData(list(counts)), index)


def needs(ctx: Ctx, index: int, table: int, item: int) -> int:
    """How many more of `item` the guest at `table` still needs (0 if the table is empty)."""
    seat = ctx.player(index).cafe[table]
    if seat.guest is None:
        return 0
    return guests()[seat.guest].order[item] - seat.served[item]


def draw_staff(ctx: Ctx, index: int, count: int) -> list[int]:
    """Take up to `count` staff cards from the top of the deck (fewer if it runs out)."""
    deck = ctx.state.staff_deck
    drawn = [deck.pop() for _ in range(min(count, len(deck)))]
    for player in ctx.state.players:
        if player.deck_known:
            player.deck_known = [card for card in player.deck_known if card not in drawn]
    if drawn:
        ctx.log("draw_staff", index, f"{{name}} draws {len(drawn)} staff card{'s' * (len(drawn) != 1)}.",
                count=len(drawn))
    return drawn


def draw_guest(ctx: Ctx) -> int | None:
    """Top card of the guest deck, reshuffling the discards into a new deck when it is empty (rules summary)."""
    state = ctx.state
    if not state.guest_deck and state.guest_discard:
        state.guest_deck, state.guest_discard = state.guest_discard, []
        state.rng = rng.shuffle(state.rng, state.guest_deck)
        ctx.log("reshuffle", None, "The guest discards are shuffled into a new deck.")
    return state.guest_deck.pop() if state.guest_deck else None


def remove_from_display(ctx: Ctx, position: int) -> int:
    """Take the guest at display position 0-4; guests to its left slide right and a new guest fills position 0.

    Source: rulebook 2015, "Take a guest from the game board".
    """
    display = ctx.state.display
    guest = display[position]
    assert guest is not None
    del display[position]
    display.insert(0, draw_guest(ctx))
    return guest


def display_cost(ctx: Ctx, index: int, position: int) -> int:
    """Krones to take the display guest at `position` (0 with the Delivery Boy, staff 25)."""
    cost: int = adjust(ctx.player(index), DISPLAY_COST, DISPLAY_COSTS[position], position)
    return cost


def seat_guest(ctx: Ctx, index: int, position: int, cost: int) -> None:
    """Move the display guest at `position` to the player's first free café table, paying `cost` (which includes
    a plug-in's own fee for the guest); then `hooks.queue_left`."""
    player = ctx.player(index)
    guest = remove_from_display(ctx, position)
    ctx.state.display_taken = True
    pay(ctx, index, cost, "a guest", {"kind": "guest"})
    table = next(t for t in player.cafe if t.guest is None)
    table.guest, table.served = guest, [0, 0, 0, 0]
    ctx.log("guest", index, f"{{name}} welcomes {guests()[guest].name} to the café.", guest=guest, cost=cost)
    ctx.state.hooks.queue_left.run(ctx, index, guest, position)


def prepare_room(ctx: Ctx, index: int, space: int, cost: int, occupy: bool = False) -> None:
    """Place a room tile on `space`, paying `cost`; a VP badge on the space scores at once (rulebook, action 3)."""
    player = ctx.player(index)
    assert player.rooms[space] == EMPTY
    pay(ctx, index, cost, f"room {space_name(space)}", {"kind": "room", "room": space_name(space)})
    player.rooms[space] = PREPARED
    color = layout(player).colors[space]
    ctx.log("prepare", index, f"{{name}} prepares the {color} room {space_name(space)}.", space=space, colour=color,
            **ctx.gained())
    badge = hotel_rules().vp_badges.get(space, 0)
    if badge:
        gain_vp(ctx, index, badge, "room badges")
    if occupy:
        occupy_room(ctx, index, space)


def occupy_room(ctx: Ctx, index: int, space: int, by_guest: bool = False) -> None:
    """Turn a prepared room to its occupied side, then pay the Custodian and a completed group's bonus.

    A guest's check-in (`by_guest`) pays those later itself, after the guest's reward (Yucata order).
    Custodian (staff 23): 2021 any occupied room, 2015 only rooms a guest moves into.
    """
    player = ctx.player(index)
    assert player.rooms[space] == PREPARED
    player.rooms[space] = OCCUPIED
    ctx.log("occupy", index, f"{{name}} occupies room {space_name(space)}.", space=space)
    if by_guest:
        return
    fire(ctx, index, ON_OCCUPY_ROOM, RoomOccupied(False, space, first_of_group(player, space)))
    occupancy_bonus(ctx, index, space)


def occupancy_bonus(ctx: Ctx, index: int, space: int) -> None:
    """Occupancy bonus of `space`'s group if all its rooms are occupied and it has not been paid: blue VP, red
    krones, yellow Emperor steps.

    Source: rulebook 2015, "Occupancy Bonus" ("Each group provides its bonus only once, in the moment you turn
    the last Room tile in that group"); values gah-data.md section 4a. The group is marked paid
    (`PlayerState.paid_groups`), so the check-in's own late check (Yucata order: after the guest's reward)
    pays nothing when the reward already turned the group's last room. `remove_room` says when a group may
    pay again.
    """
    player = ctx.player(index)
    done = group_completed_by(player, space)
    group = layout(player).group_of[space]
    if done is None or group in player.paid_groups:
        return
    player.paid_groups = sorted([*player.paid_groups, group])
    color, size = done
    own = held_row(ctx.player(index), "own_occupancy_bonus")  # Chateau Paulwei's own table (Let's Waltz module 3)
    amount = own[color][size - 1] if own is not None else hotel_rules().occupancy_bonus[color][size - 1]
    ctx.log("occupancy_bonus", index, f"{{name}} fills a {color} group of {size}.", color=color, size=size)
    with ctx.caused("occupancy bonus"):
        if color == "blue":
            gain_vp(ctx, index, amount, "occupancy bonus")
        elif color == "red":
            gain_krones(ctx, index, amount)
        else:
            advance_emperor(ctx, index, amount)


def remove_room(ctx: Ctx, index: int, space: int) -> None:
    """Take a room tile off the hotel (Emperor penalties). Badge VP already scored are kept (Yucata).

    2021 (Yucata: "If a room in the group later becomes unoccupied (due to an emperor penalty) and then you
    occupy it again, you receive the bonus again"): the room's group is no longer paid. 2015 (rulebook 2015:
    "Each group provides its bonus only once"): it stays paid for the rest of the game.
    """
    player = ctx.player(index)
    if ctx.state.config.edition != "2015":
        group = layout(player).group_of[space]
        player.paid_groups = [g for g in player.paid_groups if g != group]
    player.rooms[space] = EMPTY
    ctx.log("remove_room", index, f"{{name}} loses room {space_name(space)}.", space=space)


def staff_cost(ctx: Ctx, card_id: int) -> int:
    """Printed cost of a staff card under this game's edition (Kitchen Hand: 5 in 2021, 3 in 2015)."""
    return staff()[card_id].cost_in(ctx.state.config.edition)


def play_staff(ctx: Ctx, index: int, card_id: int, price: int) -> None:
    """Put a staff card into play for `price` krones and carry out a one-time effect (rulebook, action 5)."""
    player = ctx.player(index)
    card = staff()[card_id]
    pay(ctx, index, price, card.name, {"kind": "staff", "card": card_id})
    player.played.append(card_id)
    ctx.log("play_staff", index, f"{{name}} hires the {card.name}.", card=card_id, price=price)
    if card.kind == "one_time":
        push_effects(ctx, index, list(card.effects), card.name)
    fire(ctx, index, AFTER_PLAY_STAFF, StaffPlayed(card_id, price))


def push_effects(ctx: Ctx, index: int, rows: list[dict[str, object]], source: str) -> None:
    """Queue effect rows so they are carried out in the listed order (each may become a decision)."""
    ctx.push_all([("auto:effect", index, {"row": dict(row), "source": source}) for row in rows])


def claim_politics(ctx: Ctx, index: int) -> None:
    """Claim every politics card whose condition the player now meets (highest free VP space, one marker each).

    Source: rulebook 2015, "Politics Cards"; claimed at once during the player's own turn, as Yucata does.
    """
    state = ctx.state
    ladder = politics_vp()
    for slot, card_id in enumerate(state.politics):
        claims = state.politics_claims[slot]
        if index in claims or len(claims) >= len(ladder):
            continue
        card = politics()[card_id]
        if politics_condition_met(state, index, card.condition):
            claims.append(index)
            ctx.log("politics", index, f"{{name}} claims the politics card \"{card.text}\".", card=card_id,
                    claimed=True)
            gain_vp(ctx, index, ladder[len(claims) - 1], "politics")
            state.hooks.politics_claimed.run(ctx)
    state.hooks.politics_checked.run(ctx, index)


def start_extra_turn(ctx: Ctx, index: int) -> None:
    """2015 E. Gizia: a whole extra turn (a display guest and a die action whose die stays), right now.

    Source: Yucata "Original Rules" variant: it starts at once if the die action was taken, else right after it.
    """
    turn = ctx.state.turn
    assert turn is not None
    turn.extra_pending = max(0, turn.extra_pending - 1)
    turn.extra, turn.guest_taken, turn.die_taken, turn.acted = True, False, False, True
    ctx.log("extra_turn", index, "{name} starts an extra turn (E. Gizia).")
