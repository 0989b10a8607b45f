"""The demo plays a whole game and writes the round pictures, the scoreboard and the log."""

from __future__ import annotations

from pathlib import Path

from render.demo import play


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
