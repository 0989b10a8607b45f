"""Issue 54, done when: a third game's skeleton plugs into the bot without editing a host file. Count to Ten
(tests/toy_games/, a toy game of a few rules) joins `bot.games` from a folder on the Python path; the host finds it,
its service runs a whole game of it (lobby, seats, an AI seat, refusals, results, the replay check), the host
shows it through its presenter (the lobby's field and footer, the options message, a panel, the final lines, the
log, the rules pages) and the command tree gets its `/count` group. A fresh interpreter: this process has found
its games already."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOY = ROOT / "tests" / "toy_games"


def test_a_third_game_plugs_into_the_bot_from_outside_its_folders(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(TOY)])}
    done = subprocess.run([sys.executable, str(TOY / "play_through_service.py"), str(tmp_path / "toy.db")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["kinds"] == ["count_to_ten", "gah", "overbooking"]
    assert seen["first"] == 101 and seen["total_after_ann"] == 1
    assert seen["refused"] is True, "a second move out of turn is refused"
    assert seen["undo_refused"] is True, "an undo once the turn has passed is refused"
    assert seen["status"] == "finished" and seen["total"] == 10 and seen["replay_ok"] is True
    ranks = dict(seen["ranks"])
    assert sorted(ranks.values()) == [1, 2, 2]
    assert seen["lobby"] == ["Rules", "Join, then the host presses Start (2-4 seats)."]
    assert seen["options_text"].startswith("Choose the game options") and seen["menus"] == []
    assert seen["panel"][:2] == ["Add 1", "Add 2"], "the host's panel view of the game's choices"
    assert seen["turn_pictures"] == []
    assert seen["final"].endswith(" won.") and seen["log"].endswith("wins.")
    assert seen["rules"] == ["Add 1 or 2 in turn; whoever reaches 10 wins."]
    assert "count" in seen["commands"] and {"new", "turn", "skip", "ai"} <= set(seen["count_subcommands"])


def test_without_the_folder_the_bot_hosts_its_two_games() -> None:
    from bot.host.kinds import KINDS

    assert sorted(KINDS) == ["gah", "overbooking"]
