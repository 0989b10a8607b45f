"""Overbooking end scoring as a pure function of the state (rulebook "Koniec gry i punktacja", p. 8)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.overbooking.state import GameConfig, GameState

CREST_SETS: dict[str, dict[int, int]] = {
    "beginner": {4: 2, 5: 4, 6: 6},
    "advanced": {4: 2, 5: 5, 6: 10},
}
"""Bonus VP for 4, 5 or 6 booked cards of one crest, per score card side (rulebook p. 8; crest size does not
matter). A deck has 6 cards per crest, so a player holds at most one set per crest."""
TIEBREAK_COINS = 3
"""Ties go to the player with more 3-point cards (rulebook p. 8)."""


@dataclass(frozen=True)
class ScoreBreakdown:
    """A player's final score.

    Attributes:
        total: VP, the sum of `parts`.
        parts: {"coins": coins on booked cards, "tokens": point tokens, "crests": crest-set bonus}.
        tiebreak: booked cards worth 3 coins.
        rank: 1 for the winner(s); players equal on total and tiebreak share a place.
        crest_counts: booked cards per crest id.
        provisional: the coin values come from the provisional data file, not the printed cards.
    """

    total: int
    parts: dict[str, int] = field(default_factory=dict)
    tiebreak: int = 0
    rank: int = 0
    crest_counts: dict[str, int] = field(default_factory=dict)
    provisional: bool = False


def crest_bonus(scoring: str, count: int) -> int:
    """Bonus VP for `count` booked cards of one crest on the `scoring` side ("beginner" or "advanced")."""
    table = CREST_SETS[scoring]
    return table.get(min(count, 6), 0)


def game_crest_bonus(config: GameConfig, count: int) -> int:
    """Bonus VP for `count` booked cards of one crest in a game with these options: 0 in the first-game variant
    without the score cards (`GameConfig.without_score_cards`; rulebook set-up, "Jeżeli chcecie, możecie rozegrać
    pierwszą grę bez kart wyników"), else `crest_bonus` of the chosen side."""
    return 0 if config.without_score_cards else crest_bonus(config.scoring, count)


def final_scores(state: GameState) -> dict[str, ScoreBreakdown]:
    """Every player's score (meaningful at any time; final once `state.is_over`), keyed by name, in seat order.

    1 VP per coin on booked cards, 1 VP per point token, the crest-set bonus of the chosen score card side (0 when
    the game is played without the score cards, `GameConfig.without_score_cards`); the winner has most VP, then
    most 3-point cards; players still equal share the place.
    """
    raw = []
    for player in state.players:
        coins = sum(state.card(card).coins for card in player.booked)
        counts = {crest.id: 0 for crest in state.config.data.crests}
        for card in player.booked:
            counts[state.card(card).crest] += 1
        crests = sum(game_crest_bonus(state.config, n) for n in counts.values())
        parts = {"coins": coins, "tokens": player.tokens, "crests": crests}
        threes = sum(1 for card in player.booked if state.card(card).coins == TIEBREAK_COINS)
        raw.append((player.name, parts, threes, counts))
    keys = [(sum(parts.values()), threes) for _, parts, threes, _ in raw]
    result = {}
    for (name, parts, threes, counts), key in zip(raw, keys, strict=True):
        rank = 1 + sum(1 for other in keys if other > key)
        result[name] = ScoreBreakdown(sum(parts.values()), parts, threes, rank, counts, state.provisional)
    return result
