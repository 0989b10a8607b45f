"""Issue 40 item 2: the most running games played only by AIs per server is a setting
(`GAH_AI_ONLY_GAMES_PER_SERVER`, 0 to 1000, default `AI_ONLY_GAMES_PER_SERVER`), refused with its name when bad."""

from __future__ import annotations

import pytest

from bot.host.service.ai_fairness import AI_ONLY_GAMES_PER_SERVER
from bot.host.settings import Settings


def test_the_limit_of_games_of_only_ais_is_read_with_a_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.delenv("GAH_AI_ONLY_GAMES_PER_SERVER", raising=False)
    assert Settings.from_environment(read_dotenv=False).ai_only_games_per_server == AI_ONLY_GAMES_PER_SERVER == 2
    for text, value in (("0", 0), (" 8 ", 8), ("1000", 1000)):
        monkeypatch.setenv("GAH_AI_ONLY_GAMES_PER_SERVER", text)
        assert Settings.from_environment(read_dotenv=False).ai_only_games_per_server == value


def test_a_bad_limit_of_games_of_only_ais_is_refused_naming_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for bad in ("-1", "1001", "two", "1e3", "٣", "2.5"):
        monkeypatch.setenv("GAH_AI_ONLY_GAMES_PER_SERVER", bad)
        with pytest.raises(ValueError,
                           match="GAH_AI_ONLY_GAMES_PER_SERVER must be a whole number of at least 0 and at most 1000"):
            Settings.from_environment(read_dotenv=False)
