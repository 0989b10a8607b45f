"""Phase 2 of Overbooking: each hotel, top to bottom, resolves its bookings.

Rulebook "Etap 2 - sprawdzanie rezerwacji" (p. 5) and "Specjalne zdolności rezerwacyjne" (p. 7):

1. Reveal every card at the hotel.
2. Back-door abilities one by one, starting with the card nearest the hotel: monk to the end of the queue;
   merchants +3 beds; maids may replace one of their owner's queue cards; nobles may pick one of their owner's
   queue cards to book first; soldiers may replace any workers card in the queue; workers -3 beds (merchants and
   workers cancel out). Abilities beat the hotel's own booking rule.
3. Bookings: the nobles' picks first, then the hotel's priority type (monks or soldiers first), then everyone
   else from 6 down to 1, ties to the card nearer the hotel. A card that does not fit the free beds is skipped
   (and goes back to the box); smaller cards are still tried. Booked cards go to their owners; what is left at
   the back door goes back to the box.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.actions import Event
from engine.overbooking.placement import cap, card_facts, card_label, hotel_facts, hotel_label
from engine.overbooking.state import GameState, Pending, PlacedCard, Resolution, Step

BEDS_PER_ABILITY = 3
"""Merchants add and workers take away 3 beds (rulebook p. 7, abilities 2 and 6)."""


def free_beds(state: GameState, slot: int) -> int:
    """Beds the hotel offers now: printed beds plus merchants, minus workers, never below 0."""
    return max(0, state.face(slot).beds + state.hotels[slot].beds_change)


def _step(state: GameState, kind: str, text: str, placed: PlacedCard | None, beds: int) -> None:
    state.resolutions[-1].steps.append(
        Step(kind, text, None if placed is None else placed.card, None if placed is None else placed.owner, beds))


@dataclass(frozen=True)
class Done:
    """What a back-door ability did: its outcome (`engine.overbooking.state.ABILITY_OUTCOMES`), the queue card it
    acted on, the beds it changed, and the log's English sentence."""

    outcome: str
    text: str
    target: PlacedCard | None = None
    change: int = 0


def _ability_done(state: GameState, slot: int, placed: PlacedCard, done: Done) -> Event:
    """Record an ability's step (with its outcome as data) and return its event."""
    free = free_beds(state, slot)
    state.resolutions[-1].steps.append(
        Step("ability", done.text, placed.card, placed.owner, free, done.outcome,
             None if done.target is None else done.target.card, done.change))
    data: dict[str, Any] = {"slot": slot, "card": placed.card, "outcome": done.outcome,
                            "guest": card_facts(state, placed), "change": done.change, "free": free}
    if done.target is not None:
        data["target"] = card_facts(state, done.target)
    return Event("ability", state.players[placed.owner].name, done.text, data)


def choices(state: GameState, pending: Pending) -> list[int]:
    """Queue positions (0 = nearest the hotel) the waiting ability may pick: maids and nobles their owner's own
    queue cards (nobles: not one already picked), soldiers any workers card."""
    return CHOOSING[pending.ability].targets(state, pending)


def _own_queue_cards(state: GameState, pending: Pending) -> list[int]:
    hotel = state.hotels[pending.hotel]
    return [i for i, placed in enumerate(hotel.queue)
            if placed.owner == pending.player and placed.card not in hotel.priority]


def queue_of_type(state: GameState, slot: int, guest_type: str) -> list[int]:
    """Positions in hotel `slot`'s queue (nearest the hotel first) of the face-up cards of `guest_type` ("workers")."""
    return [i for i, placed in enumerate(state.hotels[slot].queue)
            if placed.card >= 0 and state.card(placed.card).kind == guest_type]


def _workers_cards(state: GameState, pending: Pending) -> list[int]:
    return queue_of_type(state, pending.hotel, "workers")


def start_hotel(state: GameState, slot: int) -> list[Event]:
    """Step 1: reveal the hotel's cards and remember its back door in order."""
    hotel = state.hotels[slot]
    state.resolving = slot
    hotel.revealed = True
    for placed in (*hotel.queue, *hotel.door):
        placed.face_up = True
    state.door_order = [placed.card for placed in hotel.door]
    state.door_step = 0
    state.resolutions.append(Resolution(slot, hotel.tile, hotel.side, [], [p.card for p in hotel.queue],
                                        [p.card for p in hotel.door], state.round))
    face = state.face(slot)
    text = (f"{cap(hotel_label(state, slot))}: {face.beds} beds; "
            f"{len(hotel.queue)} in the queue, {len(hotel.door)} at the back door.")
    _step(state, "reveal", text, None, free_beds(state, slot))
    return [Event("reveal", None, text, {"slot": slot, "hotel": hotel_facts(state, slot), "beds": face.beds,
                                         "queue": len(hotel.queue), "door": len(hotel.door)})]


def run_abilities(state: GameState) -> list[Event]:
    """Step 2: carry out back-door abilities from the card nearest the hotel outwards, until one needs its owner's
    choice (`state.pending` is then set) or all are done."""
    slot = state.resolving
    hotel = state.hotels[slot]
    events: list[Event] = []
    while state.door_step < len(state.door_order) and state.pending is None:
        card = state.door_order[state.door_step]
        placed = next(p for p in hotel.door if p.card == card)
        kind = state.card(card).kind
        owner = state.players[placed.owner].name
        label = f"{owner}'s {card_label(state, card)}"
        at_once = AT_ONCE.get(kind)
        if at_once is not None:
            done = at_once(state, slot, placed, label)
        else:
            pending = Pending(kind, placed.owner, slot, card)
            if choices(state, pending):
                state.pending = pending
                return events
            outcome, sentence = CHOOSING[kind].no_target
            done = Done(outcome, sentence.format(label=label))
        events.append(_ability_done(state, slot, placed, done))
        state.door_step += 1
    return events


def answer(state: GameState, position: int | None) -> list[Event]:
    """The owner's answer to the waiting ability: a queue position (0 = nearest the hotel), or None to decline.

    Maids and soldiers take the chosen card's place in the queue and the replaced card goes back to the box;
    nobles mark the chosen card to book first.
    """
    pending = state.pending
    assert pending is not None
    slot = pending.hotel
    hotel = state.hotels[slot]
    placed = next(p for p in hotel.door if p.card == pending.card)
    owner = state.players[pending.player].name
    label = f"{owner}'s {card_label(state, pending.card)}"
    if position is None:
        done = Done("declined", f"{label} does nothing.")
    else:
        target = hotel.queue[position]
        what = f"{state.players[target.owner].name}'s {card_label(state, target.card)}"
        done = CHOOSING[pending.ability].answer(state, slot, placed, position, label, what)
    event = _ability_done(state, slot, placed, done)
    state.pending = None
    state.door_step += 1
    return [event]


def _monk(state: GameState, slot: int, placed: PlacedCard, label: str) -> Done:
    hotel = state.hotels[slot]
    hotel.door.remove(placed)
    hotel.queue.append(placed)
    return Done("queue_end", f"{label} walks to the end of the queue.")


def _merchants(state: GameState, slot: int, placed: PlacedCard, label: str) -> Done:
    state.hotels[slot].beds_change += BEDS_PER_ABILITY
    return Done("beds", f"{label}: +{BEDS_PER_ABILITY} beds, {free_beds(state, slot)} now.", change=BEDS_PER_ABILITY)


def _workers(state: GameState, slot: int, placed: PlacedCard, label: str) -> Done:
    state.hotels[slot].beds_change -= BEDS_PER_ABILITY
    return Done("beds", f"{label}: -{BEDS_PER_ABILITY} beds, {free_beds(state, slot)} now.", change=-BEDS_PER_ABILITY)


AT_ONCE: dict[str, Callable[[GameState, int, PlacedCard, str], Done]] = {
    "monk": _monk,
    "merchants": _merchants,
    "workers": _workers,
}
"""Back-door abilities carried out without a choice (rulebook p. 7, abilities 1, 2 and 6), by the guest type:
(state, hotel slot, the back-door card, its "owner's card" label) -> what it did."""


def _book_first(state: GameState, slot: int, placed: PlacedCard, position: int, label: str, what: str) -> Done:
    hotel = state.hotels[slot]
    hotel.priority.append(hotel.queue[position].card)
    return Done("book_first", f"{label} lets {what} book first.", hotel.queue[position])


def _take_place(state: GameState, slot: int, placed: PlacedCard, position: int, label: str, what: str) -> Done:
    hotel = state.hotels[slot]
    target = hotel.queue[position]
    hotel.door.remove(placed)
    hotel.queue[position] = placed
    state.discard.append(target.card)
    return Done("take_place", f"{label} takes the place of {what}, which leaves.", target)


@dataclass(frozen=True)
class Choosing:
    """A back-door ability whose owner chooses a queue card (or declines): the decision's legal targets, its
    effect, and its outcome and English words when there is nothing to choose."""

    targets: Callable[[GameState, Pending], list[int]]
    answer: Callable[[GameState, int, PlacedCard, int, str, str], Done]
    no_target: tuple[str, str]


CHOOSING: dict[str, Choosing] = {
    "maids": Choosing(_own_queue_cards, _take_place, ("no_card", "{label} has no card to act on.")),
    "nobles": Choosing(_own_queue_cards, _book_first, ("no_card", "{label} has no card to act on.")),
    "soldiers": Choosing(_workers_cards, _take_place, ("no_workers", "{label}: no workers in the queue.")),
}
"""Overbooking's decision kinds: the back-door abilities whose owner chooses (rulebook p. 7, abilities 3-5), by
the guest type (`Pending.ability`)."""

CHOICE_ABILITIES = tuple(CHOOSING)
"""Abilities whose owner chooses (the rulebook's "możesz", you may): the owner may also decline."""


def booking_order(state: GameState, slot: int) -> list[PlacedCard]:
    """Step 3's order: nobles' picks (in the order picked), the hotel's priority type nearest first, then the
    rest from 6 beds down to 1, ties to the card nearer the hotel."""
    hotel = state.hotels[slot]
    rule = state.face(slot).rule
    order = [p for card in hotel.priority for p in hotel.queue if p.card == card]
    favoured = {"monks_first": "monk", "soldiers_first": "soldiers"}.get(rule)
    if favoured is not None:
        order += [hotel.queue[i] for i in queue_of_type(state, slot, favoured) if hotel.queue[i] not in order]
    rest = [(i, p) for i, p in enumerate(hotel.queue) if p not in order]
    rest.sort(key=lambda item: (-state.card(item[1].card).beds, item[0]))
    return order + [p for _, p in rest]


def book(state: GameState) -> list[Event]:
    """Step 3: hand out the beds, then clear the hotel (back-door cards and skipped cards go back to the box)."""
    slot = state.resolving
    hotel = state.hotels[slot]
    beds = free_beds(state, slot)
    events: list[Event] = []
    for placed in booking_order(state, slot):
        need = state.card(placed.card).beds
        owner = state.players[placed.owner]
        label = f"{owner.name}'s {card_label(state, placed.card)}"
        if need <= beds:
            beds -= need
            owner.booked.append(placed.card)
            text = f"{label} books {need} bed{'s' if need > 1 else ''}; {beds} left."
            _step(state, "book", text, placed, beds)
            events.append(Event("book", owner.name, text, {"slot": slot, "card": placed.card,
                                                           "guest": card_facts(state, placed), "need": need,
                                                           "left": beds}))
        else:
            state.discard.append(placed.card)
            free = "no bed is" if beds == 0 else f"only {beds} {'is' if beds == 1 else 'are'}"
            text = f"{label} needs {need} bed{'s' if need > 1 else ''} but {free} free: no room."
            _step(state, "full", text, placed, beds)
            events.append(Event("no_room", owner.name, text, {"slot": slot, "card": placed.card,
                                                              "guest": card_facts(state, placed), "need": need,
                                                              "free": beds}))
    for placed in hotel.door:
        state.discard.append(placed.card)
        _step(state, "discard", f"{state.players[placed.owner].name}'s {card_label(state, placed.card)} "
              "leaves the back door.", placed, beds)
    hotel.queue, hotel.door = [], []
    return events
