"""Phase 3 ("Etap 3 - przygotowanie się na następną rundę") and end scoring ("Koniec gry i punktacja", p. 8)."""

from __future__ import annotations

from engine.overbooking import final_scores
from engine.overbooking.state import DECK_SIZE
from tests.overbooking.scenario import card, game, play, texts


def _finish_phase1(state):  # type: ignore[no-untyped-def]
    """Everyone places cards (the first legal placement, never skipping) until phase 1 of this round ends."""
    start = state.round
    while state.round == start and not state.is_over:
        options = [t for t in texts(state) if t != "skip the fifth card"]
        state = play(state, options[0] if not options[0].startswith(("maids", "nobles", "soldiers")) else
                     options[-1])
    return state


def test_round_end_flips_hotels_after_round_one_and_three_new_hotels_before_round_three() -> None:
    """Phase 3 step 1: turn the hotels over after round 1; new random hotels before round 3; turn over after 3."""
    state = game(3, seed=4)
    faces = [[(h.tile, h.side) for h in state.hotels]]
    for _ in range(3):
        state = _finish_phase1(state)
        faces.append([(h.tile, h.side) for h in state.hotels])
    flip = {"a": "b", "b": "a"}
    assert faces[1] == [(tile, flip[side]) for tile, side in faces[0]]
    assert not {tile for tile, _ in faces[2]} & {tile for tile, _ in faces[1]}
    assert faces[3] == [(tile, flip[side]) for tile, side in faces[2]]


def test_round_end_start_marker_passes_left_and_hands_refill_to_nine() -> None:
    """Phase 3 steps 2-3: the start marker goes to the next player on the left; everyone draws back up to 9."""
    state = game(4, seed=2)
    first = state.start_player
    state = _finish_phase1(state)
    assert state.round == 2
    assert state.start_player == (first + 1) % 4 and state.turn == state.start_player
    assert all(len(p.hand) == 9 and len(p.deck) == 10 for p in state.players)


def test_round_end_leftover_token_stays_and_no_second_token() -> None:
    """Phase 3 step 1: new tokens at the back doors; where a token is left from the round before, none is added."""
    from engine.overbooking.placement import next_round
    from tests.overbooking.scenario import set_hotels

    state = game(2, seed=3)
    set_hotels(state, ["1a", "6b"])  # 1b and 6a (after the flip) both have back doors
    state.hotels[1].token = False  # taken this round
    state.players[0].tokens = 1
    supply = state.token_supply
    next_round(state)
    assert [hotel.token for hotel in state.hotels] == [True, True]
    assert state.token_supply == supply - 1
    assert state.token_supply + 2 + 1 == 20


def test_game_ends_after_round_four_without_phase_three() -> None:
    """Four rounds; after the fourth, phase 3 is skipped and scoring follows."""
    state = game(2, seed=8)
    for _ in range(4):
        state = _finish_phase1(state)
    assert state.is_over and state.round == 4 and state.current_player is None and texts(state) == []


def _score(scoring: str, booked: list[str], tokens: int = 0) -> tuple[int, dict[str, int], int]:
    state = game(2, scoring=scoring)
    state.players[0].booked = [card(0, name) for name in booked]
    state.players[0].tokens = tokens
    result = final_scores(state)["orange"]
    return result.total, result.parts, result.tiebreak


def test_scoring_coins_and_tokens() -> None:
    """1 point per coin on booked cards and 1 per point token."""
    total, parts, _ = _score("beginner", ["bird 1", "fish 6"], tokens=2)
    coins = sum(game(2).card(card(0, n)).coins for n in ("bird 1", "fish 6"))
    assert parts == {"coins": coins, "tokens": 2, "crests": 0} and total == coins + 2


def test_scoring_crest_sets_beginner_two_four_six() -> None:
    """Beginner side: 2 / 4 / 6 VP for 4 / 5 / 6 booked cards of one crest (crest size does not matter)."""
    for count, bonus in ((3, 0), (4, 2), (5, 4), (6, 6)):
        assert _score("beginner", [f"bird {b}" for b in range(1, count + 1)])[1]["crests"] == bonus


def test_scoring_crest_sets_advanced_two_five_ten() -> None:
    """Advanced side (crown): 2 / 5 / 10 VP for 4 / 5 / 6 booked cards of one crest."""
    for count, bonus in ((3, 0), (4, 2), (5, 5), (6, 10)):
        assert _score("advanced", [f"fish {b}" for b in range(1, count + 1)])[1]["crests"] == bonus
    both = _score("advanced", [f"fish {b}" for b in range(1, 5)] + [f"lion {b}" for b in range(1, 6)])
    assert both[1]["crests"] == 7


def test_tiebreak_more_three_point_cards_then_shared_places() -> None:
    """Ties: more 3-point cards wins; still tied, the players share the place."""
    state = game(3)
    three = [c for c in range(DECK_SIZE) if state.card(c).coins == 3]
    low = [c for c in range(DECK_SIZE) if state.card(c).coins == 1]
    state.players[0].booked = [three[0]]  # 3 VP, one 3-point card
    state.players[1].booked = [DECK_SIZE + low[0], DECK_SIZE + low[1], DECK_SIZE + low[2]]  # 3 VP, none
    state.players[2].booked = [2 * DECK_SIZE + three[1]]  # 3 VP, one 3-point card
    scores = final_scores(state)
    assert [scores[n].total for n in ("orange", "blue", "green")] == [3, 3, 3]
    assert [scores[n].rank for n in ("orange", "blue", "green")] == [1, 3, 1]
    assert scores["orange"].tiebreak == 1 and scores["blue"].tiebreak == 0
    assert scores["orange"].provisional is True
