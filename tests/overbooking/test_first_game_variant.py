"""The first-game variant without the score cards (issue 39, defect 5).

Rulebook, set-up ("Przygotowanie do gry"): "Jeżeli chcecie, możecie rozegrać pierwszą grę bez kart wyników." and
the goal ("Celem jest znalezienie łóżek..."): "(możecie również rozegrać pierwszą grę bez punktów bonusowych)";
phase 2 adds that repeated crests score at the end "jeśli grasz z kartami wyników" (if you play with the score
cards).
"""

from __future__ import annotations

import json

import pytest

from engine.overbooking import GameConfig, GameState, final_scores, new_game
from engine.overbooking.simulate import config_for, play_game
from tests.overbooking.scenario import COLOURS, card, game


def _scores(without_score_cards: bool, scoring: str = "advanced") -> dict[str, int]:
    state = new_game(GameConfig(players=COLOURS[:2], seed=3, scoring=scoring,
                                without_score_cards=without_score_cards))
    state.players[0].booked = [card(0, f"lion {b}") for b in range(1, 7)] + [card(0, f"bird {b}") for b in (1, 2, 3, 4)]
    state.players[0].tokens = 2
    result = final_scores(state)["orange"]
    assert result.total == sum(result.parts.values())
    return result.parts


def test_first_game_without_score_cards_scores_no_crest_set_bonus() -> None:
    """Without the score cards the crest sets bring nothing: coins and point tokens only. The same booked cards
    with the advanced side give 10 (six lions) + 2 (four birds)."""
    plain = _scores(True)
    with_cards = _scores(False)
    assert plain["crests"] == 0 and with_cards["crests"] == 12
    assert plain["coins"] == with_cards["coins"] and plain["tokens"] == with_cards["tokens"] == 2
    assert _scores(True, "beginner") == plain


def test_without_score_cards_is_off_by_default_and_old_stored_games_load() -> None:
    """The option defaults to playing with the score cards (today's rule), and a state stored before the option
    existed (no "without_score_cards" in its config) loads with it off and scores its crest sets."""
    assert GameConfig(players=["a", "b"]).without_score_cards is False
    state = game(2, scoring="beginner")
    raw = json.loads(state.to_json())
    del raw["config"]["without_score_cards"]
    old = GameState.from_json(json.dumps(raw))
    assert old == state and old.config.without_score_cards is False
    old.players[0].booked = [card(0, f"rose {b}") for b in range(1, 7)]
    assert final_scores(old)["orange"].parts["crests"] == 6
    fresh = new_game(GameConfig(players=COLOURS[:2], seed=1, without_score_cards=True))
    assert GameState.from_json(fresh.to_json()) == fresh and fresh.copy() == fresh


def test_without_score_cards_must_be_true_or_false() -> None:
    """A bad value is refused with a sentence; nothing is set up."""
    with pytest.raises(ValueError, match="without_score_cards must be true or false"):
        new_game(GameConfig(players=["a", "b"], without_score_cards="yes"))  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_without_score_cards_end_with_no_crest_bonus(players: int) -> None:
    """Whole AI games in the variant end normally and nobody scores a crest bonus, though sets were booked."""
    sets = 0
    for seed in range(4):
        state, _ = play_game(config_for(players, seed, without_score_cards=True), ["heuristic"] * players, seed)
        assert state.is_over
        for score in final_scores(state).values():
            assert score.parts["crests"] == 0 and score.total == score.parts["coins"] + score.parts["tokens"]
            sets += any(count >= 4 for count in score.crest_counts.values())
    assert sets > 0
