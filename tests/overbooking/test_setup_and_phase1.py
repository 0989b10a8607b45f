"""Setup ("Przygotowanie do gry") and phase 1 ("Etap 1 - Zagranie kart", "Tylne wejścia i kolejka do rezerwacji",
hotel rules p. 6) of the Overbooking rulebook."""

from __future__ import annotations

import pytest

from engine.overbooking import GameConfig, IllegalAction, new_game, parse_action
from engine.overbooking.state import card_back
from tests.overbooking.scenario import CRESTS, card, game, give, play, set_hotels, texts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_each_player_own_deck_nine_cards_as_many_hotels_as_players(players: int) -> None:
    """Setup: each player a 24-card deck of their own, 9 cards in hand; as many hotels as players."""
    state = game(players)
    assert len(state.hotels) == players
    for seat, player in enumerate(state.players):
        assert len(player.hand) == 9 and len(player.deck) == 15
        assert sorted(player.hand + player.deck) == list(range(seat * 24, seat * 24 + 24))
    assert len({hotel.tile for hotel in state.hotels}) == players


def test_setup_point_token_at_each_back_door() -> None:
    """Setup: one point token on the back-door side of each hotel (none at the hotel without a back door)."""
    for seed in range(20):
        state = game(4, seed)
        for slot, hotel in enumerate(state.hotels):
            assert hotel.token == (state.face(slot).rule != "no_back_door")
        assert state.token_supply == 20 - sum(hotel.token for hotel in state.hotels)


def test_setup_start_player_is_seeded_and_starts() -> None:
    """Setup: a start player gets the marker and plays first; the same seed gives the same game."""
    starts = {game(4, seed).start_player for seed in range(30)}
    assert starts == {0, 1, 2, 3}
    assert game(4, 5).to_json() == game(4, 5).to_json()
    state = game(4, 5)
    assert state.current_player == state.players[state.start_player].name


def test_setup_rejects_bad_options() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(GameConfig(players=["a"]))
    with pytest.raises(ValueError, match="scoring"):
        new_game(GameConfig(players=["a", "b"], scoring="expert"))


def _start(players: int = 3, faces: list[str] | None = None) -> tuple:  # type: ignore[type-arg]
    state = game(players)
    state.start_player = state.turn = 0
    set_hotels(state, faces or ["1a", "6b", "8a"][:players])
    return state


def test_phase1_cards_go_face_down_and_opponents_see_only_the_back() -> None:
    """Phase 1: each card is placed face down; opponents see only its back, the crest in its size (rulebook
    "Uwaga", p. 4; our reading that the back shows the crest: docs/rules-notes-overbooking.md)."""
    from engine.overbooking import player_view

    state = _start()
    give(state, 0, ["bird 1", "fish 6", "lion 2", "rose 3", "bird 4"])
    state = play(state, "play bird 1 to hotel 1 queue")
    placed = state.hotels[0].queue[0]
    assert not placed.face_up
    assert player_view(state, "blue").hotels[0].queue[0].card == card_back(CRESTS.index("bird"), small=True)
    assert player_view(state, "orange").hotels[0].queue[0].card == card(0, "bird 1")
    state.turn = 0
    state = play(state, "play fish 6 to hotel 1 back door")
    assert player_view(state, "green").hotels[0].door[0].card == card_back(CRESTS.index("fish"), small=False)


def test_phase1_turn_order_clockwise_one_card_each_until_five() -> None:
    """Phase 1: from the start player clockwise, one card at a time, until everyone has placed five."""
    state = _start()
    order = []
    while state.phase == "place":
        order.append(state.turn)
        choice = next(t for t in texts(state) if "skip" not in t)
        state = play(state, choice)
    assert order == [0, 1, 2] * 5


def test_phase1_queue_holds_at_most_four_cards() -> None:
    """Phase 1: at most four cards in a hotel's queue (rulebook "Uwaga", p. 3)."""
    state = _start()
    for seat in range(3):
        give(state, seat, ["bird 1", "bird 2", "fish 1", "fish 2", "lion 1"])
    for text in ["play bird 1 to hotel 1 queue", "play bird 1 to hotel 1 queue", "play bird 1 to hotel 1 queue",
                 "play bird 2 to hotel 1 queue"]:
        state = play(state, text)
    assert not any("hotel 1 queue" in t for t in texts(state))
    with pytest.raises(IllegalAction, match=r"queue of hotel 1 .* is full"):
        parse_action(state, "play fish 1 to hotel 1 queue")


def test_no_back_door_hotel_takes_five_in_the_queue_and_none_at_the_door() -> None:
    """Hotel rule "no back door, but up to five groups": no back-door cards, no token, five in the queue."""
    state = _start(3, ["5a", "6b", "8a"])
    assert not state.hotels[0].token
    for seat in range(3):
        give(state, seat, ["bird 1", "bird 2", "fish 1", "fish 2", "lion 1"])
    assert not any("hotel 1 back door" in t for t in texts(state))
    for text in ["play bird 1 to hotel 1 queue"] * 3 + ["play bird 2 to hotel 1 queue"] * 2:
        state = play(state, text)
    assert len(state.hotels[0].queue) == 5
    assert not any("hotel 1 queue" in t for t in texts(state))
    with pytest.raises(IllegalAction, match="has no back door"):
        parse_action(state, "play fish 1 to hotel 1 back door")


def test_back_door_holds_at_most_two_and_first_card_takes_the_token() -> None:
    """Phase 1: at most two cards at a back door; the first player to place there takes its point token."""
    state = _start()
    for seat in range(3):
        give(state, seat, ["bird 1", "bird 2", "fish 1", "fish 2", "lion 1"])
    state = play(state, "play bird 1 to hotel 1 back door")
    assert state.players[0].tokens == 1 and not state.hotels[0].token
    state = play(state, "play bird 1 to hotel 1 back door")
    assert state.players[1].tokens == 0
    assert not any("hotel 1 back door" in t for t in texts(state))


def test_last_player_may_skip_the_fifth_card_and_draws_four() -> None:
    """Phase 1 exception: the last player in turn order may decide not to play their fifth card; phase 3 then
    brings their hand back up to 9 with 4 cards."""
    state = _start(2, ["1a", "6b"])
    seen_skip = []
    while state.phase == "place" and state.round == 1:
        options = texts(state)
        seen_skip.append((state.turn, state.players[state.turn].placed, "skip the fifth card" in options))
        state = play(state, "skip the fifth card" if "skip the fifth card" in options else options[0])
    assert [entry for entry in seen_skip if entry[2]] == [(1, 4, True)]
    assert len(state.players[1].hand) == 9 and len(state.players[1].deck) == 11


def test_pass_only_when_no_card_fits() -> None:
    """Our reading (the rulebook does not say): a player whose cards fit nowhere passes for the round."""
    state = _start(2, ["1b", "7a"])  # both hotels: only small groups in the queue
    give(state, 0, ["bird 4", "bird 5", "bird 6", "fish 4", "fish 5"])
    from engine.overbooking.state import PlacedCard

    for hotel in state.hotels:
        hotel.door = [PlacedCard(card(1, "lion 1"), 1), PlacedCard(card(1, "lion 2"), 1)]
    assert texts(state) == ["pass (no card fits)"]
    state = play(state, "pass (no card fits)")
    assert state.players[0].done and state.turn == 1


@pytest.mark.parametrize(("face", "allowed", "refused", "reason"), [
    ("1b", "bird 3", "bird 4", "only groups of 1-3"),
    ("2b", "bird 4", "bird 3", "only groups of 4-6"),
    ("6a", "bird 4", "bird 5", "no soldiers"),
])
def test_hotel_rules_small_only_large_only_no_soldiers(face: str, allowed: str, refused: str, reason: str) -> None:
    """Hotel rules (p. 6) "only small groups", "only large groups", "no soldiers": limit the queue in phase 1;
    any card may still go to the back door."""
    state = _start(2, [face, "6b"])
    give(state, 0, [allowed, refused])
    options = texts(state)
    assert f"play {allowed} to hotel 1 queue" in options
    assert f"play {refused} to hotel 1 queue" not in options
    assert f"play {refused} to hotel 1 back door" in options
    with pytest.raises(IllegalAction, match=reason):
        parse_action(state, f"play {refused} to hotel 1 queue")


def test_hotel_rule_only_two_crests_in_the_queue() -> None:
    """Hotel rule "only two different crests in the queue" (p. 6): a third crest may not join the queue."""
    state = _start(2, ["3a", "6b"])
    give(state, 0, ["bird 1", "lion 1"])
    give(state, 1, ["fish 2", "lion 2"])
    state = play(state, "play bird 1 to hotel 1 queue")
    state = play(state, "play fish 2 to hotel 1 queue")
    assert "play lion 1 to hotel 1 queue" not in texts(state)
    assert "play lion 1 to hotel 1 back door" in texts(state)
    with pytest.raises(IllegalAction, match="two other crests"):
        parse_action(state, "play lion 1 to hotel 1 queue")


@pytest.mark.parametrize(("face", "position"), [("3b", 0), ("4a", 1)])
def test_hotel_rules_first_or_second_queue_card_face_up(face: str, position: int) -> None:
    """Hotel rules "first card face up" / "second card face up" (p. 6): that queue card is placed face up."""
    state = _start(2, [face, "6b"])
    give(state, 0, ["bird 1", "bird 2"])
    give(state, 1, ["fish 1", "fish 2"])
    state = play(state, "play bird 1 to hotel 1 queue")
    state = play(state, "play fish 1 to hotel 1 queue")
    state = play(state, "play bird 2 to hotel 1 queue")
    assert [placed.face_up for placed in state.hotels[0].queue] == [i == position for i in range(3)]
