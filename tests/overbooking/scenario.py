"""Hand-built Overbooking positions for rule tests.

Seats are named after the rulebook's colours: orange (seat 0), blue (1), green (2), red (3). A card is written
"fish 3" (crest and group size); `card(seat, "fish 3")` is its number in that seat's deck.
"""

from __future__ import annotations

from engine.overbooking import GameConfig, GameState, apply, new_game, parse_action
from engine.overbooking.game import start_bookings
from engine.overbooking.state import DECK_SIZE, HotelSlot, PlacedCard

COLOURS = ["orange", "blue", "green", "red"]
CRESTS = ["bird", "fish", "lion", "rose"]


def card(seat: int, name: str) -> int:
    """The number of `name` ("fish 3") in seat `seat`'s deck."""
    crest, beds = name.split()
    return seat * DECK_SIZE + CRESTS.index(crest) * 6 + int(beds) - 1


def game(players: int = 3, seed: int = 1, scoring: str = "beginner") -> GameState:
    """A fresh game with seats named orange, blue, green, red."""
    return new_game(GameConfig(players=COLOURS[:players], seed=seed, scoring=scoring))


def hotel_position(state: GameState, slot: int, face: str, queue: list[tuple[int, str]],
                   door: list[tuple[int, str]] | None = None) -> None:
    """Lay hotel face `face` ("1a") at `slot` with the given (seat, card) lists, nearest the hotel first.

    The cards are taken out of their owners' hands and decks so every card stays in exactly one place.
    """
    tile, side = int(face[:-1]), face[-1]
    slot_hotel = HotelSlot(tile=tile, side=side, token=False)
    for where, cards in ((slot_hotel.queue, queue), (slot_hotel.door, door or [])):
        for seat, name in cards:
            number = card(seat, name)
            owner = state.players[seat]
            for pile in (owner.hand, owner.deck):
                if number in pile:
                    pile.remove(number)
            where.append(PlacedCard(number, seat))
    state.hotels[slot] = slot_hotel


def look_alike_twin(state: GameState, me: int) -> GameState:
    """Another state the player `me` cannot tell from `state`: every opponent's face-down card at a hotel swapped
    for a card of the same crest and crest size from that opponent's hand or deck (where one is left), and each
    opponent's hand and deck mixed together again."""
    twin = state.copy()
    for hotel in twin.hotels:
        if hotel.revealed:
            continue
        for placed in (*hotel.queue, *hotel.door):
            if placed.face_up or placed.owner == me:
                continue
            owner = twin.players[placed.owner]
            guest = twin.card(placed.card)
            look_alikes = [c for c in owner.hand + owner.deck
                           if twin.card(c).crest == guest.crest and twin.card(c).small == guest.small]
            if look_alikes:
                other = look_alikes[0]
                pile = owner.hand if other in owner.hand else owner.deck
                pile[pile.index(other)] = placed.card
                placed.card = other
    for seat, player in enumerate(twin.players):
        if seat == me:
            continue
        cards = player.hand + player.deck
        cards.reverse()
        player.hand, player.deck = cards[:len(player.hand)], cards[len(player.hand):]
    return twin


def only_hotels(state: GameState, count: int) -> None:
    """Keep just `count` empty hotels (tests that look at one hotel use count=1)."""
    state.hotels = state.hotels[:count]


def resolve_one(state: GameState, face: str, queue: list[tuple[int, str]],
                door: list[tuple[int, str]] | None = None, answers: list[str] | None = None) -> GameState:
    """Resolve a single hotel laid out as given (phase 2), answering back-door choices with `answers` (action
    texts, in order); returns the state once that hotel is resolved."""
    only_hotels(state, 1)
    hotel_position(state, 0, face, queue, door)
    for player in state.players:
        player.done = True
    start_bookings(state)
    for text in answers or []:
        state, _ = apply(state, parse_action(state, text))
    assert state.pending is None, "a back-door choice is still waiting"
    return state


def steps(state: GameState) -> list[tuple[str, int]]:
    """The latest resolution's steps as (kind, free beds after)."""
    return [(step.kind, step.beds) for step in state.resolutions[-1].steps]


def booked(state: GameState, seat: int) -> list[str]:
    """Seat's booked cards as names ("fish 3"), in booking order."""
    return [f"{state.card(c).crest} {state.card(c).beds}" for c in state.players[seat].booked]


def give(state: GameState, seat: int, names: list[str]) -> None:
    """Make seat's hand exactly these cards (the rest of the hand goes back into the deck)."""
    player = state.players[seat]
    wanted = [card(seat, name) for name in names]
    pool = player.hand + player.deck
    player.hand = wanted
    player.deck = [c for c in pool if c not in wanted]


def set_hotels(state: GameState, faces: list[str]) -> None:
    """Replace the hotels with empty ones showing `faces` ("5a", ...), a token at each back door."""
    from engine.overbooking.placement import lay_tokens

    for hotel in state.hotels:
        state.token_supply += hotel.token
    state.hotels = [HotelSlot(tile=int(face[:-1]), side=face[-1]) for face in faces]
    lay_tokens(state)


def play(state: GameState, text: str) -> GameState:
    """Apply the action written `text` for the player on turn."""
    state, _ = apply(state, parse_action(state, text))
    return state


def texts(state: GameState) -> list[str]:
    """The legal action texts."""
    from engine.overbooking import legal_actions

    return [action.text for action in legal_actions(state)]
