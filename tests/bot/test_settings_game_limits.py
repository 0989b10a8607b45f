"""Issue 40 item 3: the caps on open games and the lobby expiry are settings with defaults (5, 50, 24 hours),
checked at start: a bad value is refused naming the setting."""

from __future__ import annotations

import pytest

from bot.host.service.lobby_limits import LobbyLimits
from bot.host.settings import Settings

NAMES = ("GAH_MAX_GAMES_PER_USER", "GAH_MAX_GAMES_PER_SERVER", "GAH_LOBBY_EXPIRY_HOURS")


def settings(monkeypatch: pytest.MonkeyPatch, **values: str) -> Settings:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for name in NAMES:
        monkeypatch.delenv(name, raising=False)
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return Settings.from_environment(read_dotenv=False)


def test_game_limits_default_to_5_a_member_50_a_server_and_24_hours(monkeypatch: pytest.MonkeyPatch) -> None:
    assert settings(monkeypatch).game_limits == LobbyLimits(per_user=5, per_server=50, lobby_expiry_seconds=86400)


def test_game_limits_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    found = settings(monkeypatch, GAH_MAX_GAMES_PER_USER="2", GAH_MAX_GAMES_PER_SERVER="300",
                     GAH_LOBBY_EXPIRY_HOURS="0.5").game_limits
    assert found == LobbyLimits(per_user=2, per_server=300, lobby_expiry_seconds=1800)


@pytest.mark.parametrize(("name", "bad"), [
    ("GAH_MAX_GAMES_PER_USER", "0"), ("GAH_MAX_GAMES_PER_USER", "five"), ("GAH_MAX_GAMES_PER_USER", "1001"),
    ("GAH_MAX_GAMES_PER_USER", "\u0665"), ("GAH_MAX_GAMES_PER_SERVER", "-3"), ("GAH_MAX_GAMES_PER_SERVER", "10**9"),
    ("GAH_LOBBY_EXPIRY_HOURS", "0"), ("GAH_LOBBY_EXPIRY_HOURS", "inf"), ("GAH_LOBBY_EXPIRY_HOURS", "nan"),
    ("GAH_LOBBY_EXPIRY_HOURS", "1e400"), ("GAH_LOBBY_EXPIRY_HOURS", "soon"), ("GAH_LOBBY_EXPIRY_HOURS", "9000"),
])
def test_bad_game_limits_are_refused_naming_the_setting(monkeypatch: pytest.MonkeyPatch, name: str, bad: str) -> None:
    with pytest.raises(ValueError, match=name):
        settings(monkeypatch, **{name: bad})
