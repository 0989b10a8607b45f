"""Phase 2: back-door abilities ("Specjalne zdolności rezerwacyjne", rulebook p. 7) and the booking order
("Etap 2 - sprawdzanie rezerwacji", p. 5; hotel rules "monks first" / "soldiers first", p. 6).

Seats: orange 0, blue 1, green 2. Face "1a" has 13 beds and no rule, "2a" 8 beds monks first, "4b" 14 beds
soldiers first (the provisional faces; the rules under test do not depend on which face it is).
"""

from __future__ import annotations

from engine.overbooking import legal_actions
from engine.overbooking.game import start_bookings
from tests.overbooking.scenario import booked, card, game, hotel_position, only_hotels, play, resolve_one, steps

ORANGE, BLUE, GREEN = 0, 1, 2


def _waiting(face: str, queue: list[tuple[int, str]], door: list[tuple[int, str]]):  # type: ignore[no-untyped-def]
    state = game()
    only_hotels(state, 1)
    hotel_position(state, 0, face, queue, door)
    for player in state.players:
        player.done = True
    start_bookings(state)
    return state


def test_ability_monk_walks_to_the_end_of_the_queue_and_may_book() -> None:
    """1. Monk: from the back door to the end of the queue, where it books like anyone else."""
    state = resolve_one(game(), "1a", queue=[(ORANGE, "bird 6"), (BLUE, "fish 6")], door=[(GREEN, "lion 1")])
    assert steps(state) == [("reveal", 13), ("ability", 13), ("book", 7), ("book", 1), ("book", 0)]
    assert booked(state, GREEN) == ["lion 1"]


def test_ability_merchants_add_three_beds_each() -> None:
    """2. Merchants: +3 beds; two merchants cards +6."""
    state = resolve_one(game(), "2a", queue=[(ORANGE, "bird 6"), (BLUE, "fish 6")],
                        door=[(GREEN, "lion 2"), (BLUE, "rose 2")])
    assert steps(state)[:3] == [("reveal", 8), ("ability", 11), ("ability", 14)]
    assert booked(state, ORANGE) == ["bird 6"] and booked(state, BLUE) == ["fish 6"]


def test_ability_workers_take_three_beds_and_cancel_merchants() -> None:
    """6. Workers: -3 beds; merchants and workers at the same back door cancel out."""
    state = resolve_one(game(), "1a", queue=[(ORANGE, "bird 6"), (BLUE, "fish 6")], door=[(GREEN, "lion 6")])
    assert steps(state)[1] == ("ability", 10)
    assert booked(state, ORANGE) == ["bird 6"] and booked(state, BLUE) == []
    state = resolve_one(game(), "1a", queue=[(ORANGE, "bird 6"), (BLUE, "fish 6")],
                        door=[(GREEN, "lion 2"), (BLUE, "rose 6")])
    assert steps(state)[1:3] == [("ability", 16), ("ability", 13)]


def test_two_workers_take_six_beds() -> None:
    """Two workers at the smallest hotel (8 beds): 2 beds remain; the monk (monks first) takes one, the 2
    merchants no longer fit."""
    state = resolve_one(game(), "2a", queue=[(ORANGE, "bird 2"), (BLUE, "fish 1")],
                        door=[(GREEN, "lion 6"), (BLUE, "rose 6")])
    assert [beds for _, beds in steps(state)] == [8, 5, 2, 1, 1, 1, 1]


def test_ability_maids_replace_one_of_your_queue_cards() -> None:
    """3. Maids: may replace one of their owner's queue cards, which is discarded; they then book in its place."""
    state = _waiting("1a", queue=[(ORANGE, "bird 6"), (BLUE, "fish 6"), (ORANGE, "bird 1")],
                     door=[(ORANGE, "lion 3")])
    assert [a.text for a in legal_actions(state)] == ["maids replace queue card 1", "maids replace queue card 3",
                                                      "decline the maids' ability"]
    assert state.current_player == "orange"
    state = play(state, "maids replace queue card 1")
    assert card(ORANGE, "bird 6") in state.discard
    assert booked(state, ORANGE) == ["lion 3", "bird 1"] and booked(state, BLUE) == ["fish 6"]


def test_ability_maids_may_decline_and_do_nothing_without_own_queue_card() -> None:
    """3. Maids: "you may" - declining leaves the queue as it is; with none of your cards in the queue, nothing."""
    state = _waiting("1a", queue=[(ORANGE, "bird 6")], door=[(ORANGE, "lion 3")])
    state = play(state, "decline the maids' ability")
    assert booked(state, ORANGE) == ["bird 6"] and card(ORANGE, "lion 3") in state.discard
    state = resolve_one(game(), "1a", queue=[(BLUE, "fish 6")], door=[(ORANGE, "lion 3")])
    assert "has no card to act on" in state.resolutions[-1].steps[1].text


def test_ability_nobles_book_your_chosen_card_first() -> None:
    """4. Nobles: pick one of your queue cards to book first (if it fits)."""
    state = _waiting("2a", queue=[(BLUE, "fish 6"), (ORANGE, "bird 5"), (GREEN, "lion 1")],
                     door=[(ORANGE, "rose 4")])
    state = play(state, "nobles book queue card 2 first")
    assert booked(state, ORANGE) == ["bird 5"]
    assert booked(state, BLUE) == []  # 8 - 5 = 3 left, after the monk (monks first) 2: no room for 6
    assert booked(state, GREEN) == ["lion 1"]


def test_nobles_beat_the_hotels_priority_rule() -> None:
    """Note p. 7: back-door abilities beat the hotel's booking rule; nobles' pick books before monks first."""
    state = _waiting("2a", queue=[(GREEN, "lion 1"), (ORANGE, "bird 6")], door=[(ORANGE, "rose 4")])
    state = play(state, "nobles book queue card 2 first")
    order = [step.card for step in state.resolutions[-1].steps if step.kind == "book"]
    assert order == [card(ORANGE, "bird 6"), card(GREEN, "lion 1")]


def test_two_nobles_the_one_nearer_the_hotel_chooses_first() -> None:
    """4. Note: with two nobles cards at the back door, the one nearer the hotel picks first (and books first)."""
    state = _waiting("1a", queue=[(BLUE, "fish 3"), (ORANGE, "bird 3"), (BLUE, "fish 6"), (ORANGE, "bird 6")],
                     door=[(ORANGE, "rose 4"), (BLUE, "lion 4")])
    assert state.current_player == "orange"
    state = play(state, "nobles book queue card 2 first")
    assert state.current_player == "blue"
    state = play(state, "nobles book queue card 1 first")
    order = [step.card for step in state.resolutions[-1].steps if step.kind == "book"]
    assert order[:2] == [card(ORANGE, "bird 3"), card(BLUE, "fish 3")]


def test_ability_soldiers_replace_any_workers_card() -> None:
    """5. Soldiers: replace a workers card (yours or another player's) in the queue; it is discarded at once."""
    state = _waiting("1a", queue=[(BLUE, "fish 6"), (GREEN, "lion 2")], door=[(ORANGE, "bird 5")])
    assert next(a.text for a in legal_actions(state)) == "soldiers replace queue card 1"
    state = play(state, "soldiers replace queue card 1")
    assert card(BLUE, "fish 6") in state.discard
    assert booked(state, ORANGE) == ["bird 5"] and booked(state, GREEN) == ["lion 2"]


def test_ability_soldiers_without_workers_do_nothing_and_leave() -> None:
    """5. Soldiers: with no workers in the queue they have no ability and are discarded."""
    state = resolve_one(game(), "1a", queue=[(BLUE, "fish 5")], door=[(ORANGE, "bird 5")])
    assert "no workers in the queue" in state.resolutions[-1].steps[1].text
    assert card(ORANGE, "bird 5") in state.discard


def test_abilities_go_from_the_card_nearest_the_hotel() -> None:
    """Step 2: abilities one by one from the card nearest the hotel: maids before the monk find no own card;
    monk before the maids joins the queue, and the maids may then replace it."""
    state = resolve_one(game(), "1a", queue=[(BLUE, "fish 6")], door=[(ORANGE, "lion 3"), (ORANGE, "bird 1")])
    assert booked(state, ORANGE) == ["bird 1"] and card(ORANGE, "lion 3") in state.discard
    state = _waiting("1a", queue=[(BLUE, "fish 6")], door=[(ORANGE, "bird 1"), (ORANGE, "lion 3")])
    assert next(a.text for a in legal_actions(state)) == "maids replace queue card 2"


def test_booking_six_down_to_one_ties_to_the_card_nearer_the_hotel() -> None:
    """Step 3: the biggest group first (6 down to 1); equal groups: the card nearer the hotel first."""
    state = resolve_one(game(), "1a", queue=[(ORANGE, "bird 2"), (BLUE, "fish 4"), (GREEN, "lion 4"),
                                             (ORANGE, "rose 6")])
    order = [step.card for step in state.resolutions[-1].steps if step.kind in ("book", "full")]
    assert order == [card(ORANGE, "rose 6"), card(BLUE, "fish 4"), card(GREEN, "lion 4"), card(ORANGE, "bird 2")]
    assert booked(state, GREEN) == [] and booked(state, ORANGE) == ["rose 6", "bird 2"]


def test_booking_skips_cards_that_no_longer_fit_and_tries_smaller_ones() -> None:
    """Step 3: a card that does not fit the free beds is skipped and discarded; smaller cards still book."""
    state = resolve_one(game(), "2a", queue=[(ORANGE, "bird 6"), (BLUE, "fish 5"), (GREEN, "lion 2")])
    assert [kind for kind, _ in steps(state)] == ["reveal", "book", "full", "book"]
    assert card(BLUE, "fish 5") in state.discard


def test_hotel_rule_monks_first() -> None:
    """Hotel rule "monks first": monks in the queue book before the others (if a bed is free)."""
    state = resolve_one(game(), "2a", queue=[(ORANGE, "bird 6"), (BLUE, "fish 2"), (GREEN, "lion 1")])
    assert [step.card for step in state.resolutions[-1].steps if step.kind == "book"] == [
        card(GREEN, "lion 1"), card(ORANGE, "bird 6")]


def test_hotel_rule_soldiers_first() -> None:
    """Hotel rule "soldiers first": soldiers in the queue book before the others, nearest first."""
    state = resolve_one(game(), "4b", queue=[(ORANGE, "bird 6"), (BLUE, "fish 5"), (GREEN, "lion 6"),
                                             (GREEN, "lion 5")])
    assert [step.card for step in state.resolutions[-1].steps if step.kind == "book"] == [
        card(BLUE, "fish 5"), card(GREEN, "lion 5")]


def test_back_door_cards_left_over_go_back_to_the_box() -> None:
    """Step 3 end: cards still at the back door are discarded to the box."""
    state = resolve_one(game(), "1a", queue=[(BLUE, "fish 3")], door=[(ORANGE, "bird 2"), (GREEN, "lion 6")])
    assert {card(ORANGE, "bird 2"), card(GREEN, "lion 6")} <= set(state.discard)


def test_free_beds_never_below_zero() -> None:
    """Beds never go negative, whatever the back door takes away."""
    from engine.overbooking.resolve import free_beds

    state = game()
    state.hotels[0].beds_change = -40
    assert free_beds(state, 0) == 0
