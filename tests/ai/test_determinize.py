"""Determinization keeps what the viewer knows and samples only what they cannot see."""

from __future__ import annotations

from collections import Counter

from engine import player_view
from engine.gah.ai.determinize import determinize, unseen_staff
from engine.gah.cards import staff
from tests.engine.scenario import play, turn


def test_the_viewers_own_cards_at_the_deck_bottom_stay_in_place_and_are_not_sampled_elsewhere() -> None:
    state = turn(dice=[1, 0, 0, 0, 0, 0], rooms="1-1:P", cafe=[(76, [2, 0, 0, 2])])
    state, _ = play(state, "checkin table 1 to room 1-1")
    state, _ = play(state, "play none")
    for text in ("bottom Confectioner", "bottom Chief Waiter"):  # the last one follows by itself
        state, _ = play(state, text)
    bottom = state.staff_deck[:3]
    view = player_view(state, "ann")
    assert not set(bottom) & set(unseen_staff(view, 0))
    for seed in range(40):
        world, _ = determinize(view, 0, seed)
        assert world.staff_deck[:3] == bottom
        places = Counter(world.staff_deck)
        for player in world.players:
            places.update(player.hand)
            places.update(player.played)
        assert places == Counter(staff().keys()), "every staff card in exactly one place"
