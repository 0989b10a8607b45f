"""Phase 1 (placing cards) and phase 3 (getting ready for the next round) of Overbooking.

Sources: the rulebook (`shared/reference/rules/second-game-rulebook-pl.txt`), "Etap 1 - Zagranie kart", "Tylne
wejścia i kolejka do rezerwacji", the hotel rules on page 6 and "Etap 3 - przygotowanie się na następną rundę".
"""

from __future__ import annotations

from typing import Any

from engine.core import rng
from engine.core.actions import Event
from engine.overbooking.state import (
    CARDS_PER_ROUND,
    DOOR_LIMIT,
    HAND_SIZE,
    QUEUE_LIMIT,
    QUEUE_LIMIT_NO_DOOR,
    ROUNDS,
    GameState,
    HotelSlot,
    PlacedCard,
)

QUEUE, DOOR = "queue", "door"


def card_name(state: GameState, card: int) -> str:
    """ "bird 3": the crest id and group size, which name a card uniquely within one deck."""
    guest = state.card(card)
    return f"{guest.crest} {guest.beds}"


def card_label(state: GameState, card: int) -> str:
    """ "Bird 3 (maids)": the card for a sentence."""
    guest = state.card(card)
    crest = next(c.name for c in state.config.data.crests if c.id == guest.crest)
    return f"{crest} {guest.beds} ({guest.kind})"


def card_facts(state: GameState, placed: PlacedCard) -> dict[str, Any]:
    """A placed card as JSON-ready data for an event: its id, owner's name, crest id, beds and guest type, so the
    bot can name it in any language without the state."""
    guest = state.card(placed.card)
    return {"card": placed.card, "owner": state.players[placed.owner].name, "crest": guest.crest,
            "beds": guest.beds, "kind": guest.kind}


def hotel_facts(state: GameState, slot: int) -> dict[str, Any]:
    """The hotel face at place `slot` as JSON-ready data for an event: {"key": "3a" (tile and side), "name": its
    name in the game's data}, so the bot can name it in any language (the glossary's "ob_hotel" entries, by key)
    without the state; the event's "slot" gives its place (0 = top)."""
    face = state.face(slot)
    return {"key": face.key, "name": face.name}


def cap(text: str) -> str:
    """`text` with its first letter in upper case (the rest unchanged, unlike `str.capitalize`)."""
    return text[:1].upper() + text[1:]


def hotel_label(state: GameState, slot: int) -> str:
    """ "hotel 2 (The Lantern)": a hotel's place (1 = top) and name."""
    return f"hotel {slot + 1} ({state.face(slot).name})"


def has_door(state: GameState, slot: int) -> bool:
    """False for the hotel without a back door (rulebook page 6, "Nie ma tylnych drzwi")."""
    return state.face(slot).rule != "no_back_door"


def queue_limit(state: GameState, slot: int) -> int:
    """Cards allowed in a queue in phase 1: 4, or 5 at the hotel without a back door (rulebook "Uwaga", p. 3)."""
    return QUEUE_LIMIT if has_door(state, slot) else QUEUE_LIMIT_NO_DOOR


def placement_problem(state: GameState, card: int, slot: int, side: str) -> str | None:
    """Why `card` may not go to hotel `slot`'s queue or back door in phase 1, as a sentence; None if it may.

    Rules: at most 4 cards in a queue (5 without a back door), at most 2 at a back door, no back door at the
    "no back door" hotel; the queue rules "only small groups", "only large groups", "no soldiers" and "only two
    different crests" (rulebook pages 3 and 6). Back doors take any card.

    `state` may be a `player_view` of the player on turn: it holds everything this function reads (their hand,
    the counts, and the crest on each face-down card's back).
    """
    hotel = state.hotels[slot]
    face = state.face(slot)
    guest = state.card(card)
    where = f"hotel {slot + 1} ({face.name})"
    if side == DOOR:
        if face.rule == "no_back_door":
            return f"{cap(where)} has no back door."
        if len(hotel.door) >= DOOR_LIMIT:
            return f"The back door of {where} already has {DOOR_LIMIT} cards."
        return None
    limit = QUEUE_LIMIT if face.rule != "no_back_door" else QUEUE_LIMIT_NO_DOOR
    if len(hotel.queue) >= limit:
        return f"The queue of {where} is full ({limit} cards)."
    if face.rule == "small_only" and not guest.small:
        return f"{cap(where)} takes only groups of 1-3 in its queue."
    if face.rule == "large_only" and guest.small:
        return f"{cap(where)} takes only groups of 4-6 in its queue."
    if face.rule == "no_soldiers" and guest.kind == "soldiers":
        return f"{cap(where)} takes no soldiers in its queue."
    if face.rule == "two_crests":  # a face-down card's back shows its crest, so this refusal reveals nothing
        crests = {state.crest_shown(placed.card) for placed in hotel.queue} | {guest.crest}
        if len(crests) > 2:
            return f"The queue of {where} already holds two other crests."
    return None


def face_up_on_placing(state: GameState, slot: int, side: str) -> bool:
    """Whether the next card placed there lies face up: the first or second queue card at hotels with those rules."""
    if side != QUEUE:
        return False
    rule = state.face(slot).rule
    position = len(state.hotels[slot].queue)
    return (rule == "first_face_up" and position == 0) or (rule == "second_face_up" and position == 1)


def last_player(state: GameState) -> int:
    """Seat index of the last player in this round's turn order (the one who may skip a fifth card)."""
    return (state.start_player + len(state.players) - 1) % len(state.players)


def may_skip(state: GameState) -> bool:
    """The player on turn is last in turn order and about to place their fifth card (rulebook "Wyjątek", p. 2)."""
    return state.turn == last_player(state) and state.players[state.turn].placed == CARDS_PER_ROUND - 1


def place(state: GameState, card: int, slot: int, side: str) -> list[Event]:
    """Put `card` from the turn player's hand into a queue or at a back door; the first card at a back door takes
    its point token (rulebook p. 3, "Pierwszy gracz, który umieści kartę gościa przy tylnych drzwiach...")."""
    seat = state.turn
    player = state.players[seat]
    hotel = state.hotels[slot]
    face_up = face_up_on_placing(state, slot, side)
    player.hand.remove(card)
    player.placed += 1
    placed = PlacedCard(card, seat, face_up)
    shown = card_label(state, card) if face_up else "a card"
    # a face-down card stays hidden in the public event: "card" and "guest" only when it goes face up
    data: dict[str, Any] = {"slot": slot, "side": side, "card": card if face_up else None, "player": player.name,
                            "hotel": hotel_facts(state, slot),
                            "guest": card_facts(state, placed) if face_up else None}
    events: list[Event] = []
    if side == QUEUE:
        hotel.queue.append(placed)
        events.append(Event("place", player.name, f"{player.name} puts {shown} in the queue of "
                            f"{hotel_label(state, slot)}{' face up' if face_up else ''}.", data))
    else:
        hotel.door.append(placed)
        events.append(Event("place", player.name, f"{player.name} puts {shown} at the back door of "
                            f"{hotel_label(state, slot)}.", data))
        if len(hotel.door) == 1 and hotel.token:
            hotel.token = False
            player.tokens += 1
            events.append(Event("token", player.name, f"{player.name} takes the point token at "
                                f"{hotel_label(state, slot)}.",
                                {"slot": slot, "player": player.name, "hotel": hotel_facts(state, slot)}))
    if player.placed >= CARDS_PER_ROUND:
        player.done = True
    return events


def finish_turn(state: GameState) -> None:
    """Pass the turn clockwise to the next player who still places cards this round."""
    count = len(state.players)
    for step in range(1, count + 1):
        seat = (state.turn + step) % count
        if not state.players[seat].done:
            state.turn = seat
            return


def all_done(state: GameState) -> bool:
    """True when phase 1 is over: everyone placed five cards, skipped the fifth or could not place."""
    return all(player.done for player in state.players)


def lay_tokens(state: GameState) -> None:
    """A point token at every back door that has none (rulebook setup and phase 3 step 1); none at the hotel
    without a back door. A token left at a hotel whose new face has no back door goes back to the box (the
    rulebook does not say; our reading)."""
    for slot, hotel in enumerate(state.hotels):
        if not has_door(state, slot):
            if hotel.token:
                hotel.token = False
                state.token_supply += 1
        elif not hotel.token and state.token_supply > 0:
            hotel.token = True
            state.token_supply -= 1


def deal_hotels(state: GameState) -> None:
    """As many random hotel tiles from the box as players, each with a random side up (rulebook setup; phase 3:
    new random hotels before round 3). Tokens stay with their place in the column."""
    count = len(state.players)
    tokens = [hotel.token for hotel in state.hotels] or [False] * count
    hotels = []
    for index in range(count):
        state.rng, pick = rng.below(state.rng, len(state.box_tiles))
        tile = state.box_tiles.pop(pick)
        state.rng, flip = rng.below(state.rng, 2)
        hotels.append(HotelSlot(tile=tile, side="ab"[flip], token=tokens[index]))
    state.hotels = hotels


def draw_up(state: GameState) -> None:
    """Every player draws back up to 9 cards, as far as their deck allows (phase 3 step 3)."""
    for player in state.players:
        while len(player.hand) < HAND_SIZE and player.deck:
            player.hand.append(player.deck.pop())


def next_round(state: GameState) -> list[Event]:
    """Phase 3 (skipped after round 4): flip the hotels after rounds 1 and 3, new random hotels before round 3;
    new tokens where none is left; the start marker passes to the left; everyone draws back up to 9."""
    events: list[Event] = []
    if state.round == ROUNDS - 2:
        deal_hotels(state)
        news, text = "new_hotels", "New hotels arrive for rounds 3 and 4."
    else:
        for hotel in state.hotels:
            hotel.side = "b" if hotel.side == "a" else "a"
        news, text = "turned_over", "The hotels are turned over."
    for hotel in state.hotels:
        hotel.queue, hotel.door, hotel.priority = [], [], []
        hotel.revealed, hotel.beds_change = False, 0
    lay_tokens(state)
    state.start_player = (state.start_player + 1) % len(state.players)
    draw_up(state)
    state.round += 1
    state.turn = state.start_player
    state.phase = "place"
    for player in state.players:
        player.placed, player.done = 0, False
    starts = state.players[state.start_player].name
    events.append(Event("round", None, f"Round {state.round} begins. {text} {starts} starts.",
                        {"round": state.round, "news": news, "starts": starts}))
    return events
