"""Determinization: turn a player's view into a full game state by sampling the hidden cards from the unseen ones.

`player_view` replaces hidden card ids by 0 (other hands, both decks, other players' drawn cards) and zeroes the
generator. An AI that wants to look ahead fills those slots with a seeded sample of the cards that the viewer
cannot see anywhere, and gives the state a fresh generator, so `apply` can draw and roll as in a real game.
Nothing here reads the true hidden cards: only the view.
"""

from __future__ import annotations

from engine.core import rng
from engine.gah.cards import guests, staff
from engine.gah.state import GameState


def view_seed(view: GameState, seed: int, viewer: int) -> int:
    """A 64-bit sampling seed for the decision `viewer` faces in `view`, from the policy seed `seed`.

    Drawn from what identifies the decision and never changes its meaning: the number of actions applied so far
    (`steps`, one more at each decision) and the seat; the game's own seed is hidden in a view (`player_view`), so
    the policy seed is what tells games apart (the bot seeds each AI seat from its game: `bot.host.service.ai_seats`).
    Not from the view's text: a configuration or module field added later, at its default, must not change an AI
    game (issue 54). Stable across processes; nothing hidden is read.
    """
    return _mix(seed, view.steps, viewer)


def _mix(*parts: int) -> int:
    """One 64-bit value from the integers `parts`, in order (each step a SplitMix64 output: a bijection)."""
    value = rng.seed_state(len(parts))
    for part in parts:
        _, value = rng.next_u64(value ^ rng.seed_state(part))
    return value


def unseen_staff(view: GameState, viewer: int) -> list[int]:
    """Staff card ids the viewer cannot see anywhere: other hands, the deck (but for the cards the viewer put on
    its bottom), another player's drawn or drafted cards, the solo opponent's face-down staff."""
    seen: set[int] = set(view.players[viewer].hand) | set(view.staff_deck)
    for player in view.players:
        seen.update(player.played)
    seen.update(view.staff_discard)
    for frame in view.pending:
        if frame.player == viewer:
            seen.update(card for card in frame.data.get("cards", ()) if isinstance(card, int))
        for hand in frame.data.get("hands", ()):
            seen.update(hand)
    seen.discard(0)
    return sorted(set(staff()) - seen)


def unseen_guests(view: GameState) -> list[int]:
    """Guest ids the viewer cannot see: the guest deck (display, cafés and discards are public)."""
    seen: set[int] = {guest for guest in view.display if guest is not None}
    for player in view.players:
        seen.update(table.guest for table in player.cafe if table.guest is not None)
    seen.update(view.guest_discard)
    if view.waltz is not None:  # Let's Waltz: completed guests kept in personal piles
        for pile in view.waltz.more_objectives.pile + view.waltz.unique_hotels.kaufman_pile:
            seen.update(pile)
    return sorted(set(guests()) - seen)


def determinize(view: GameState, viewer: int, generator: int) -> tuple[GameState, int]:
    """A full state consistent with `view`: hidden cards sampled from the unseen ones. Returns (state, generator).

    Filled: other players' hands, the staff deck (the viewer's own cards at its bottom stay), the guest deck,
    cards another player drew or holds in a draft, the solo opponent's face-down staff (game-end cards first, as
    his pile holds only those) and the order of his instruction deck; the generator gets a fresh seed. The view
    itself is not changed. If the view's counts and the unseen pool disagree (it should not happen), the pool is
    cut or topped up with repeats so that the slots are always filled with real card ids.
    """
    state = view.copy()
    pool = unseen_staff(view, viewer)
    generator = rng.shuffle(generator, pool)
    solo = state.solo
    if solo is not None and solo.staff:
        ends = [card for card in pool if staff()[card].kind == "game_end"]
        chosen = _fit(ends, len(solo.staff), ends or list(staff()))
        solo.staff = chosen
        pool = [card for card in pool if card not in chosen]
    hidden_frames = [f for f in state.pending if f.player != viewer and "cards" in f.data]
    draft_frames = [f for f in state.pending if "hands" in f.data]
    slots = sum(len(p.hand) for i, p in enumerate(state.players) if i != viewer)
    slots += sum(1 for card in state.staff_deck if card == 0)
    slots += sum(len(f.data["cards"]) for f in hidden_frames)
    slots += sum(len(hand) for f in draft_frames for seat, hand in enumerate(f.data["hands"]) if seat != viewer)
    pool = _fit(pool, slots, list(staff()))
    for index, player in enumerate(state.players):
        if index != viewer:
            player.hand = [pool.pop() for _ in player.hand]
            player.deck_known = []  # which sampled deck cards they placed is unknowable; nothing reads it
    for frame in hidden_frames:
        frame.data = dict(frame.data)
        frame.data["cards"] = [pool.pop() for _ in frame.data["cards"]]
    for frame in draft_frames:
        frame.data = dict(frame.data)
        frame.data["hands"] = [list(hand) if seat == viewer else [pool.pop() for _ in hand]
                               for seat, hand in enumerate(frame.data["hands"])]
    state.staff_deck = [card or pool.pop() for card in state.staff_deck]
    deck = unseen_guests(view)
    generator = rng.shuffle(generator, deck)
    state.guest_deck = _fit(deck, len(state.guest_deck), list(guests()))
    if solo is not None and solo.deck:
        from engine.gah.solo import deck_cards

        instructions = sorted(set(deck_cards(state.config)) - set(solo.discard))
        generator = rng.shuffle(generator, instructions)
        solo.deck = _fit(instructions, len(solo.deck), sorted(deck_cards(state.config)))
    if state.waltz is not None and 0 in state.waltz.celebrities.celebrity_deck:
        from engine.gah.waltz.cards import celebrities

        waltz = state.waltz
        seen = set(waltz.celebrities.celebrity_discard) | {c for c in waltz.celebrities.lounge if c is not None}
        seen |= {c for player in state.players for c in player.celebrities}
        hidden = sorted(set(celebrities()) - seen)
        generator = rng.shuffle(generator, hidden)
        waltz.celebrities.celebrity_deck = hidden[: len(waltz.celebrities.celebrity_deck)]
    generator, value = rng.next_u64(generator)
    state.rng = value
    return state, generator


def _fit(pool: list[int], size: int, fallback: list[int]) -> list[int]:
    """`pool` cut or padded (cycling through `fallback`) to exactly `size` ids."""
    if len(pool) >= size:
        return pool[:size]
    extra = [fallback[i % len(fallback)] for i in range(size - len(pool))]
    return pool + extra
