"""Invariants that hold after every action of every game (issue 2, "Seeded random playouts")."""

from __future__ import annotations

from collections import Counter

from engine import GameState, legal_actions, parse_action
from engine.gah.cards import DICE_BY_PLAYERS, EMPEROR_MAX, MONEY_MAX, guests, staff
from engine.gah.solo import deck_cards
from engine.gah.state import PREPARED
from engine.gah.waltz.cards import celebrities, entrances


def check_invariants(state: GameState) -> None:
    """Assert every invariant of a reachable state.

    Raises:
        AssertionError: naming the broken invariant.
    """
    for player in state.players:
        assert 0 <= player.money <= MONEY_MAX, f"{player.name} has {player.money} krones"
        assert 0 <= player.emperor <= EMPEROR_MAX, f"{player.name} is on Emperor space {player.emperor}"
        assert all(n >= 0 for n in player.kitchen), f"{player.name} kitchen {player.kitchen}"
        for table in player.cafe:
            if table.guest is None:
                assert table.served == [0, 0, 0, 0], "an empty table holds items"
            else:
                order = guests()[table.guest].order
                assert all(0 <= s <= o for s, o in zip(table.served, order, strict=True)), "over-served order"
        assert player.vp == sum(player.vp_sources.values()), "VP sources do not add up"
    # dice conservation: on spaces + dustbin + on turn order tiles = all dice (once play has begun)
    if state.round >= 1:
        total = sum(state.dice) + state.dustbin + sum(p.dice_taken for p in state.players)
        assert total == DICE_BY_PLAYERS[len(state.players)], f"dice: {total}"
        assert all(n >= 0 for n in state.dice)
    # card conservation: each guest and staff card in exactly one place
    guest_places: Counter[int] = Counter(state.guest_deck)
    guest_places.update(state.guest_discard)
    guest_places.update(g for g in state.display if g is not None)
    for player in state.players:
        guest_places.update(t.guest for t in player.cafe if t.guest is not None)
    if state.waltz is not None:  # Let's Waltz: personal piles of completed guests
        for pile in state.waltz.more_objectives.pile + state.waltz.unique_hotels.kaufman_pile:
            guest_places.update(pile)
    assert guest_places == Counter(guests().keys()), "guest cards lost or duplicated"
    staff_places: Counter[int] = Counter(state.staff_deck)
    staff_places.update(state.staff_discard)
    for player in state.players:
        staff_places.update(player.hand)
        staff_places.update(player.played)
    for frame in state.pending:
        staff_places.update(frame.data.get("cards", []))
        for hand in frame.data.get("hands", []):
            staff_places.update(hand)
    if state.solo is not None:  # solo: Leopold's face-down private staff deck
        staff_places.update(state.solo.staff)
    expected = Counter(card for card in staff() if not (card == 17 and state.config.exclude_kitchen_hand))
    assert staff_places == expected, "staff cards lost or duplicated"
    # the cards a player knows at the bottom of the staff deck are in the deck, and nobody knows a card twice
    known = [card for player in state.players for card in player.deck_known]
    assert len(known) == len(set(known)) and set(known) <= set(state.staff_deck), "known deck cards"
    # politics: at most one marker per player per card, at most three per card
    for claims in state.politics_claims:
        assert len(claims) == len(set(claims)) <= 3
    if state.solo is not None:  # solo: Leopold's instruction cards, his countdown, he never decides
        cards = Counter(list(deck_cards(state.config)))
        assert Counter(state.solo.deck + state.solo.discard) == cards, "instruction cards"
        for slot, mark in enumerate(state.solo.countdown):
            assert mark in (0, 1, 2, 3) and (mark == 1) == (state.solo.seat in state.politics_claims[slot])
        assert state.current_index != state.solo.seat, "Leopold must never be asked for a decision"
        leopold = state.players[state.solo.seat]
        assert leopold.money == 0 and leopold.kitchen == [0, 0, 0, 0] and not leopold.hand, "Leopold holds things"
        hotel = state.waltz.unique_hotels.solo_hotel if state.waltz is not None else None
        if hotel is not None and hotel.reserved != [-1, -1, -1]:  # Hautel Couture: café guests, reserved rooms
            for table, space in zip(leopold.cafe, hotel.reserved, strict=True):
                assert (table.guest is None) == (space < 0), "a Hautel Couture guest without its reserved room"
            assert sorted(s for s in range(20) if leopold.rooms[s] == PREPARED) == sorted(
                s for s in hotel.reserved if s >= 0), "Leopold's vacant rooms are not the reserved ones"
        else:
            assert all(t.guest is None for t in leopold.cafe) and PREPARED not in leopold.rooms, "Leopold's hotel"
        assert all(staff()[card].kind == "game_end" for card in leopold.played), "Leopold's face-up staff"
    if state.waltz is not None:
        check_waltz(state)
    # the game goes on until it is over, and every listed action has a stable, parseable, unique text
    actions = legal_actions(state)
    if state.is_over:
        assert actions == [] and state.current_player is None
        return
    assert actions, "no legal action although the game is not over"
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(texts), f"duplicate action texts: {texts}"
    for action in actions:
        assert len(str(action)) <= 60, f"action text too long: {action}"
        assert parse_action(state, str(action)) == action
    assert GameState.from_json(state.to_json()) == state, "JSON round trip changed the state"


def check_waltz(state: GameState) -> None:
    """Invariants of the Let's Waltz modules (issue 17)."""
    waltz = state.waltz
    assert waltz is not None
    count = len(state.players)
    per_seat = {"used": waltz.used, "passed_round": waltz.start_player.passed_round,
                "wray_tiles": waltz.unique_hotels.wray_tiles, "personal": waltz.unique_hotels.personal,
                "pile": waltz.more_objectives.pile, "kaufman_pile": waltz.unique_hotels.kaufman_pile}
    for name, values in per_seat.items():
        assert len(values) == count, f"waltz.{name} has the wrong length"
    if state.config.has("celebrities"):
        # every celebrity in exactly one place; each lounge slot is empty exactly while its die is off the board
        lounge = waltz.celebrities
        places = Counter(lounge.celebrity_deck + lounge.celebrity_discard + [c for c in lounge.lounge if c is not None])
        for player in state.players:
            places.update(player.celebrities)
        assert places == Counter(celebrities().keys()), "celebrities lost or duplicated"
        assert all(chit in (1, 2, 4) for chit in waltz.celebrities.chits)
        if state.round >= 1 and state.phase == "play":
            for space in range(1, 7):
                on_space = sum(1 for where in waltz.celebrities.colored if where == space)
                assert on_space <= state.dice[space - 1], f"coloured dice on space {space}"
            assert all(where in (-1, 0, 1, 2, 3, 4, 5, 6) for where in waltz.celebrities.colored), "coloured die lost"
            for slot, celebrity in enumerate(waltz.celebrities.lounge):
                if celebrity is None:
                    assert waltz.celebrities.colored[slot] in (0, -1), "an empty lounge slot with its die on the board"
    else:
        assert not waltz.celebrities.lounge and not any(p.celebrities for p in state.players), \
            "celebrities without module 2"
    if state.config.has("unique_hotels") and state.round >= 1:
        owned = [p.entrance for p in state.players if p.entrance is not None]
        assert len(owned) == len(set(owned)), "an entrance owned twice"
        if state.solo is None:
            assert len(owned) == count, "a player without a hotel entrance after setup"
    if waltz.unique_hotels.solo_hotel is not None:  # module 3 in solo: the opponent's solo entrance pieces
        check_solo_hotel(state)
    if state.config.has("start_player") and state.round >= 1:
        numbers = sorted(n for p in state.players for n in p.tile)
        assert numbers == list(range(1, 2 * count + 1)), "turn order tiles"
        assert waltz.start_player.key is None or 0 <= waltz.start_player.key < count


def check_solo_hotel(state: GameState) -> None:
    """Invariants of the solo opponent's hotel entrance (Let's Waltz module 3 in solo)."""
    waltz = state.waltz
    assert waltz is not None and waltz.unique_hotels.solo_hotel is not None and state.solo is not None
    hotel = waltz.unique_hotels.solo_hotel
    opponent = state.players[state.solo.seat]
    assert opponent.entrance is not None and entrances()[opponent.entrance].solo, "the opponent's entrance"
    assert all(p.entrance is None or not entrances()[p.entrance].solo for p in state.players[:state.solo.seat])
    items = [0, 0, 0, 0]
    for item in hotel.items:
        assert -1 <= item <= 3
        if item >= 0:
            items[item] += 1
    assert all(n >= 0 for n in hotel.pool) and sum(hotel.pool) + sum(items) <= 18, "Hautel Couture's item pool"
    assert 0 <= hotel.stars <= 9, "more than 9 cogwheels on the stars track"
    assert all(n >= 0 for n in hotel.tolls), "negative toll cogwheels"
    tokens = len(hotel.cogwheel_rooms) + len(hotel.cogwheel_guests)
    assert tokens <= 6, "Sushi Resort has more than 6 cogwheels out"
    assert all(opponent.rooms[s] == 0 for s in hotel.cogwheel_rooms), "a cogwheel under one of the opponent's rooms"
    assert all(g in state.display for g in hotel.cogwheel_guests), "a cogwheel guest left the queue with its token"
