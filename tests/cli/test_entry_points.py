"""Command-line entry points: `python -m bot` without a token, and `python -m engine.gah.simulate`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_bot_without_token_exits_2_with_help_and_no_traceback(tmp_path: Path) -> None:
    """Issue 2: `python -m bot` without a token exits with code 2 and explains how to set DISCORD_TOKEN."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    result = _run(["-m", "bot"], tmp_path, env)  # tmp_path: no .env file there
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr and "Traceback" not in result.stderr
    assert "discord.com/developers" in result.stderr


def test_simulate_prints_one_json_line_per_game_and_a_summary() -> None:
    root = Path(__file__).resolve().parents[2]
    command = ["-m", "engine.gah.simulate", "--players", "2", "--games", "3", "--seed", "8"]
    result = _run(command, root, dict(os.environ))
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 4
    for game in lines[:3]:
        assert set(game) >= {"seed", "players", "scores", "winner", "actions"}
        for score in game["scores"].values():
            assert score["total"] == sum(score["breakdown"].values())
    assert lines[3]["summary"] is True and lines[3]["games"] == 3
    assert [g["seed"] for g in lines[:3]] == [8, 9, 10]


def test_simulate_rejects_a_wrong_seat_list() -> None:
    root = Path(__file__).resolve().parents[2]
    result = _run(["-m", "engine.gah.simulate", "--players", "3", "--seats", "random"], root, dict(os.environ))
    assert result.returncode == 2 and "--seats" in result.stderr


def test_simulate_plays_the_solo_game_with_its_flag() -> None:
    """Issue 14: every game option has a flag, `--solo` and `--solo-difficulty` too; Leopold is scored beside ann."""
    root = Path(__file__).resolve().parents[2]
    result = _run(["-m", "engine.gah.simulate", "--solo", "leopold", "--solo-difficulty", "easy", "--policy", "greedy",
                   "--seed", "3"], root, dict(os.environ))
    assert result.returncode == 0, result.stderr
    game, summary = (json.loads(line) for line in result.stdout.splitlines())
    assert set(game["scores"]) == {"ann", "Leopold"}
    assert summary["seats"] == {"ann": "greedy"} and sum(summary["wins"].values()) == 1


def test_simulate_plays_the_solo_game_with_unique_hotels_and_a_chosen_solo_entrance() -> None:
    """Issue 39: `engine.gah.simulate --solo leopold --modules unique_hotels --solo-entrance sushi_resort` plays the
    solo game with the opponent's Sushi Resort; a solo entrance without the module is refused without a
    traceback."""
    root = Path(__file__).resolve().parents[2]
    result = _run(["-m", "engine.gah.simulate", "--solo", "leopold", "--modules", "unique_hotels", "--solo-entrance",
                   "sushi_resort", "--seed", "2"], root, dict(os.environ))
    assert result.returncode == 0, result.stderr
    game, summary = (json.loads(line) for line in result.stdout.splitlines())
    assert game["solo_entrance"] == "sushi_resort" and set(game["scores"]) == {"ann", "Leopold"}
    assert summary["games"] == 1
    refused = _run(["-m", "engine.gah.simulate", "--solo", "leopold", "--solo-entrance", "sushi_resort"], root,
                   dict(os.environ))
    assert refused.returncode == 2 and "Unique Hotels" in refused.stderr and "Traceback" not in refused.stderr
