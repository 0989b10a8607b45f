"""Issue 51 item 3: the caps on expert and master AI seats in running games are settings
(`GAH_EXPENSIVE_AI_SEATS_PER_MEMBER`, 0 to 1000, default 6; `GAH_EXPENSIVE_AI_SEATS_PER_SERVER`, 0 to 100000,
default 16), refused with their name when bad."""

from __future__ import annotations

import pytest

from bot.host.service.ai_caps import ExpensiveAICaps
from bot.host.settings import Settings

SETTINGS = {"GAH_EXPENSIVE_AI_SEATS_PER_MEMBER": 1000, "GAH_EXPENSIVE_AI_SEATS_PER_SERVER": 100_000}


def test_the_caps_are_read_with_their_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    assert Settings.from_environment(read_dotenv=False).expensive_ai == ExpensiveAICaps(6, 16)
    monkeypatch.setenv("GAH_EXPENSIVE_AI_SEATS_PER_MEMBER", " 0 ")
    monkeypatch.setenv("GAH_EXPENSIVE_AI_SEATS_PER_SERVER", "100000")
    assert Settings.from_environment(read_dotenv=False).expensive_ai == ExpensiveAICaps(0, 100_000)


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_a_bad_cap_is_refused_naming_the_setting(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for bad in ("-1", str(SETTINGS[name] + 1), "two", "1e3", "٣", "2.5"):
        monkeypatch.setenv(name, bad)
        with pytest.raises(ValueError, match=f"{name} must be a whole number of at least 0 and at most "
                                             f"{SETTINGS[name]:g}"):
            Settings.from_environment(read_dotenv=False)
