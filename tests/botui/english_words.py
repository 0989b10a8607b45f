"""The public English words of seeded games (log export, newest recap, highlights) as one SHA-256 per game, for
`test_event_data_words`: issue 55 item 1 gave the engine's events the data their words need, and English must stay
byte-identical. The golden was recorded by the code before that change; record it again (only when English words
are meant to change) with `PYTHONPATH=$PWD python -m tests.botui.english_words --record`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from bot.games.gah import highlights, words_pages
from bot.host.service.model import Move
from tests.botui.test_recap_languages import SETUPS, played

GAMES: list[tuple[int, int, dict[str, str]]] = [
    (2 + seed % 3, seed, SETUPS[seed % len(SETUPS)]) for seed in range(1, 41)] + [
    (1, seed, {"solo": "leopold"}) for seed in range(49, 61)] + [
    (1, seed, {"solo": "elisabeth", "modules": "celebrities"}) for seed in range(61, 71)]
"""62 seeded games of random AIs: (players, seed, options): 40 base games (the 2015 edition and the staff draft
among them), 12 against Leopold and 10 against Elisabeth."""

GOLDEN = Path(__file__).parent / "golden" / "english_words_sha256.json"


def game(players: int, seed: int, options: dict[str, str]) -> tuple[tuple[Move, ...], dict[str, int]]:
    """One game of `GAMES`: its logged moves and each player's VP before the final scoring."""
    return played(players, seed, tuple(sorted(options.items())))


def public_words(players: int, seed: int, options: dict[str, str], language: str = "en") -> str:
    """The game's log export, its newest recap and its highlights in `language`, one text."""
    moves, vp_before = game(players, seed, options)
    return (words_pages.log_export(moves, language=language)
            + words_pages.recap_text(moves[-30:], limit=100_000, language=language)
            + highlights.highlights_text(moves, vp_before, language=language))


def digests() -> dict[str, str]:
    """seed (as text) -> SHA-256 of the game's English `public_words`."""
    return {str(seed): hashlib.sha256(public_words(players, seed, options).encode()).hexdigest()
            for players, seed, options in GAMES}


if __name__ == "__main__":
    if "--record" not in sys.argv:
        sys.exit("usage: python -m tests.botui.english_words --record")
    GOLDEN.write_text(json.dumps(digests(), indent=1, sort_keys=True) + "\n")
    print(f"recorded {GOLDEN}")
