"""Issue 16: the size of the AI process pool is a setting (`GAH_AI_WORKERS`), by default the core count less one."""

from __future__ import annotations

import os

import pytest

from bot.host.service.thinking import default_workers
from bot.host.settings import Settings


def test_ai_workers_default_to_the_cores_less_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.delenv("GAH_AI_WORKERS", raising=False)
    assert Settings.from_environment(read_dotenv=False).ai_workers == max(1, (os.cpu_count() or 2) - 1)
    assert default_workers() >= 1


def test_ai_workers_are_read_and_bad_values_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("GAH_AI_WORKERS", "3")
    assert Settings.from_environment(read_dotenv=False).ai_workers == 3
    for bad in ("0", "-1", "two", "65"):
        monkeypatch.setenv("GAH_AI_WORKERS", bad)
        with pytest.raises(ValueError, match="GAH_AI_WORKERS"):
            Settings.from_environment(read_dotenv=False)


def _priority() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="os.getpriority is Unix only")
def test_ai_workers_think_at_a_lower_priority_than_the_bot() -> None:
    """A thinking AI must not take the event loop's core: its worker runs `AI_WORKER_NICENESS` steps nicer."""
    from bot.host.service.thinking import AI_WORKER_NICENESS, Thinker

    thinker = Thinker(workers=1)
    try:
        worker_priority = thinker._executor().submit(_priority).result(timeout=60)
    finally:
        thinker.close()
    assert worker_priority == min(19, _priority() + AI_WORKER_NICENESS)


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="os.getpriority is Unix only")
def test_the_background_worker_for_games_of_only_ais_thinks_at_the_lowest_priority() -> None:
    """Issue 40 item 2: games played only by AIs think in their own worker, below the people's AI workers."""
    from bot.host.service.thinking import AI_BACKGROUND_NICENESS, AI_WORKER_NICENESS, Thinker

    thinker = Thinker(workers=1)
    try:
        people = thinker._executor().submit(_priority).result(timeout=60)
        background = thinker._executor(background=True).submit(_priority).result(timeout=60)
    finally:
        thinker.close()
    assert people == min(19, _priority() + AI_WORKER_NICENESS)
    assert background == min(19, _priority() + AI_BACKGROUND_NICENESS) == 19 > people or _priority() >= 9
