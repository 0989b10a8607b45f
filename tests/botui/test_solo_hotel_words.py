"""The recap tells the solo opponent's hotel entrance in words (issue 39): every event of seeded solo games with
Let's Waltz module 3 is told (the same check as tests/botui/test_words.py), and each entrance's effects read as
sentences ("Leopold scores 8 VP: the Sushi Resort cogwheel guest ... left the queue")."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from bot.games.gah import words, words_pages
from engine import Event
from tests.botui.test_words import expected, lines_of, played

GAMES = {  # solo entrance -> (seed, AI level, with Celebrities)
    "hautel_couture": (2, "random", False),
    "nine_stars_inn": (3, "greedy", False),
    "sushi_resort": (4, "greedy", False),
    "toll_bridge_hotel": (5, "greedy", False),
}
"""One game per entrance; random play for Hautel Couture, so that the item choice comes up."""


def game(entrance: str) -> tuple:  # type: ignore[type-arg]
    seed, level, celebrities = GAMES[entrance]
    modules = frozenset({"unique_hotels", "celebrities"} if celebrities else {"unique_hotels"})
    options = {"solo": "elisabeth" if celebrities else "leopold", "modules": modules, "solo_entrance": entrance,
               "solo_difficulty": "hard"}
    return played(1, seed, level, tuple(sorted(options.items())))


@pytest.mark.parametrize("entrance", sorted(GAMES))
def test_every_event_of_a_solo_game_with_a_solo_entrance_is_told_in_words(entrance: str) -> None:
    moves = game(entrance)
    before = lines_of(())
    for k, move in enumerate(moves):
        after = lines_of(moves[:k + 1])
        new = "\n".join((after - before).elements())
        for event in move.events:
            for phrase in expected(event):
                assert phrase in new, f"move {k + 1} ({move.action}) {event.kind}: {phrase!r} not in {new!r}"
        before = after


def told(entrance: str) -> str:
    return words_pages.log_export(game(entrance))


def test_sushi_resort_vp_are_told_with_their_reason_once() -> None:
    text = told("sushi_resort")
    # "Leopold scores ..." inside another player's turn, "scores ..." inside Leopold's own (whichever the game had)
    assert re.search(r"^• (Leopold )?scores 8 VP: the Sushi Resort cogwheel guest \S", text, re.M)
    assert "scores 8 VP (hotel entrance)" not in text  # said once, with the reason
    assert "the leftmost guest in the queue (Sushi Resort)" in text


def test_toll_bridge_hotel_cogwheels_and_vp_are_told() -> None:
    text = told("toll_bridge_hotel")
    assert "leaves a cogwheel on action space" in text
    assert "Leopold scores" in text and "cogwheel" in text and "(Toll Bridge Hotel); one is removed" in text


def test_nine_stars_inn_track_and_scoring_are_told() -> None:
    text = told("nine_stars_inn")
    assert "puts a cogwheel on the stars track" in text
    assert "of the stars track holds a cogwheel (Nine Stars Inn)" in text
    assert "Leopold scores" in text


def test_hautel_couture_items_and_guests_are_told() -> None:
    text = told("hautel_couture")
    assert "Leopold restocks the action spaces from the Hautel Couture item pool" in text
    assert "puts a" in text and "Leopold's guest (Hautel Couture)" in text


def test_a_cogwheel_guest_the_player_takes_is_told_with_its_whole_price() -> None:
    """Sushi Resort: the extra krone is part of the guest's price in the recap ("(2 krones)"), and the cogwheel
    going back to the supply is told."""
    from engine import apply, legal_actions
    from tests.engine.test_solo_unique_hotels import sushi_token_state

    state, _ = sushi_token_state(2, money=5)
    action = next(a for a in legal_actions(state) if a.kind == "guest" and a.args[0] == 2)
    _, events = apply(state, action)

    @dataclass
    class Move:
        name: str
        events: list[Event]
        actor: str = "user:1"
        action: str = ""
        kind: str = "action"
        undone: bool = False

    text = "\n".join(line for s in words.sections([Move("ann", list(events), action=str(action))]) for line in s.lines)
    assert "(2 krones)" in text and "goes back to the supply (Sushi Resort)" in text, text
    for event in events:
        for phrase in expected(event):
            assert phrase in text, (event.kind, phrase, text)
