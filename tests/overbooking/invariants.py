"""Invariants of every Overbooking state, checked after each action of the random playouts."""

from __future__ import annotations

from collections import Counter

from engine.overbooking.resolve import free_beds
from engine.overbooking.state import DECK_SIZE, HAND_SIZE, TOKENS, GameState


def where_cards_are(state: GameState) -> Counter[int]:
    """How many places each card number lies in (decks, hands, booked piles, hotels, the box)."""
    seen: Counter[int] = Counter()
    for player in state.players:
        seen.update(player.deck + player.hand + player.booked)
    for hotel in state.hotels:
        seen.update(placed.card for placed in (*hotel.queue, *hotel.door))
    seen.update(state.discard)
    return seen


def check(state: GameState) -> None:
    """Raise AssertionError if an invariant fails: every card in exactly one place, beds never negative, tokens
    conserved, hands never above 9, queue and back-door limits, the game's phase consistent."""
    seen = where_cards_are(state)
    everyone = set(range(len(state.players) * DECK_SIZE))
    assert set(seen) == everyone, f"cards missing: {sorted(everyone - set(seen))[:5]}"
    assert all(count == 1 for count in seen.values()), "a card lies in two places"
    for player in state.players:
        assert len(player.hand) <= HAND_SIZE and 0 <= player.placed <= 5
        assert all(card // DECK_SIZE == state.players.index(player) for card in player.deck + player.hand)
    tokens = sum(p.tokens for p in state.players) + sum(h.token for h in state.hotels) + state.token_supply
    assert tokens == TOKENS and state.token_supply >= 0
    for slot, hotel in enumerate(state.hotels):
        assert free_beds(state, slot) >= 0
        assert len(hotel.door) <= (0 if state.face(slot).rule == "no_back_door" else 2) or hotel.revealed
        assert len(hotel.queue) <= 5 or hotel.revealed
    for resolution in state.resolutions:
        assert all(step.beds >= 0 for step in resolution.steps), "beds went negative"
    if state.is_over:
        assert all(not hotel.queue and not hotel.door for hotel in state.hotels)
        for seat, player in enumerate(state.players):  # 24 = still held + booked + gone back to the box
            gone = sum(1 for card in state.discard if card // DECK_SIZE == seat)
            assert len(player.deck) + len(player.hand) + len(player.booked) + gone == DECK_SIZE
