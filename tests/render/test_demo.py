"""The demo plays a whole game and writes the round pictures, the scoreboard and the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from render.gah.demo import main, play
from tests.render.phone_text import recording


def test_demo_writes_round_pictures_scoreboard_and_log(tmp_path: Path) -> None:
    written = play(2, 3, tmp_path, level="random")
    names = {path.name for path in written}
    for round_number in range(1, 8):
        assert f"after_round{round_number}_board.png" in names
        assert f"after_round{round_number}_hotel_ann.png" in names
        assert f"after_round{round_number}_hotel_bob.png" in names
    assert "final_scoreboard.png" in names
    log = (tmp_path / "game_log.txt").read_text(encoding="utf-8")
    assert "Round 1 begins." in log
    assert all(path.exists() and path.stat().st_size > 0 for path in written)


@pytest.mark.parametrize(("language", "title", "turn"), [("pl", "Wyniki końcowe", "Pola akcji"),
                                                          ("de", "Endwertung", "Aktionsfelder")])
def test_demo_draws_its_pictures_in_the_language_asked(tmp_path: Path, language: str, title: str, turn: str) -> None:
    """`python -m render.gah.demo --language pl` (issue 55 item 5): the turn pictures and the scoreboard in Polish."""
    arguments = ["--players", "2", "--seed", "3", "--ai", "random", "--turns", "--out", str(tmp_path)]
    with recording() as recorder:
        drawn = recorder.picture("demo", lambda: main([*arguments, "--language", language]))
    words = {text.words for text in drawn.drawn}
    assert {title, turn} <= words
    assert "Final scores" not in words and "Action spaces" not in words
    assert (tmp_path / "final_scoreboard.png").stat().st_size > 0
