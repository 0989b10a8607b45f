"""The rulebook's three worked examples of phase 2 ("Przykłady etapu 2 - sprawdzanie rezerwacji", p. 5).

Seats: orange 0, blue 1, green 2. Where the rulebook leaves a detail open (crests, the exact queue order beyond
what the text fixes, the owner of a card it does not colour) the layout below picks one that fits the text.
"""

from __future__ import annotations

from tests.overbooking.scenario import booked, game, resolve_one, steps

ORANGE, BLUE, GREEN = 0, 1, 2


def test_example_1_thirteen_beds_no_rule_six_down_to_one_ties_nearer_first_skip_what_does_not_fit() -> None:
    """13 beds, no rule, no back door cards: orange 5 soldiers (nearer) then blue 5 soldiers (13-5=8, 8-5=3);
    the 4 nobles do not fit 3 beds; the last orange card still fits."""
    state = resolve_one(game(), "1a", queue=[(ORANGE, "bird 5"), (GREEN, "fish 4"), (BLUE, "lion 5"),
                                             (ORANGE, "rose 3")])
    assert steps(state) == [("reveal", 13), ("book", 8), ("book", 3), ("full", 3), ("book", 0)]
    assert booked(state, ORANGE) == ["bird 5", "rose 3"]
    assert booked(state, BLUE) == ["lion 5"]
    assert booked(state, GREEN) == []
    assert state.resolutions[-1].steps[1].card == state.players[ORANGE].booked[0]


def test_example_2_monks_first_and_merchants_at_the_back_door() -> None:
    """8 beds, monks first, merchants at the back door: 11 beds; the monk books first (10 left), the 4 blue nobles
    (6 left), 3 maids and 2 merchants: everyone gets a bed."""
    state = resolve_one(game(), "2a", queue=[(BLUE, "fish 4"), (ORANGE, "bird 3"), (GREEN, "lion 1"),
                                             (ORANGE, "rose 2")],
                        door=[(GREEN, "fish 2")])
    assert steps(state) == [("reveal", 8), ("ability", 11), ("book", 10), ("book", 6), ("book", 3), ("book", 1),
                            ("discard", 1)]
    assert booked(state, GREEN) == ["lion 1"]
    assert booked(state, BLUE) == ["fish 4"]
    assert booked(state, ORANGE) == ["bird 3", "rose 2"]


def test_example_3_nobles_pick_then_monk_joins_the_queue_in_the_two_crest_hotel() -> None:
    """15 beds, only two crests (bird and fish) in the queue. Orange nobles at the back door (nearest) pick orange's
    only queue card, the 3 maids; then blue's monk walks to the end of the queue. Maids book first (12 left), green
    6 workers (6), green 5 soldiers (1); the 4 blue nobles do not fit; the monk takes the last bed."""
    state = game()
    state = resolve_one(state, "3a",
                        queue=[(GREEN, "bird 6"), (BLUE, "fish 4"), (ORANGE, "bird 3"), (GREEN, "fish 5")],
                        door=[(ORANGE, "lion 4"), (BLUE, "rose 1")],
                        answers=["nobles book queue card 3 first"])
    assert steps(state) == [("reveal", 15), ("ability", 15), ("ability", 15), ("book", 12), ("book", 6),
                            ("book", 1), ("full", 1), ("book", 0), ("discard", 0)]
    assert booked(state, ORANGE) == ["bird 3"]
    assert booked(state, GREEN) == ["bird 6", "fish 5"]
    assert booked(state, BLUE) == ["rose 1"]
    texts = [step.text for step in state.resolutions[-1].steps]
    assert "walks to the end of the queue" in texts[2]
    assert "lets orange's Bird 3 (maids) book first" in texts[1]
