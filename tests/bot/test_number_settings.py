"""Issue 51 item 11: every number setting has finite bounds, declared once (`bot.host.settings.NUMBER_BOUNDS`), and a
value outside them (inf, nan, too small, too large, or not an ASCII decimal number) is refused with a message that
names the setting and both bounds. Derived from the table, so a new row is checked without a new test; and no
number setting is read without a row. `python -m bot` itself: tests/bot_e2e/test_start_exits.py."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.host import settings as settings_module
from bot.host.settings import NUMBER_BOUNDS, BoundsMistake, Settings, SettingsProblem

ROOT = Path(__file__).resolve().parents[2]
NUMBER_SETTINGS = sorted(NUMBER_BOUNDS)


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """An environment with a token and no other setting of the bot (none from the shell leaks in)."""
    for name in list(settings_module.os.environ):
        if name.startswith(("GAH_", "DISCORD_", "DATABASE_", "DEV_GUILD", "OVERBOOKING_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    return monkeypatch


def is_whole(name: str) -> bool:
    """Whether `name` is read as a whole number (both its bounds are whole and it is not a number of seconds or
    hours)."""
    return not name.endswith(("_SECONDS", "_HOURS", "_TIMEOUT"))


def refused_values(name: str) -> list[str]:
    """Values of `name` that must be refused: not finite, outside the bounds (just and far), or numbers that
    Python's `float` reads but a person would not write (Unicode digits, digit separators)."""
    low, high = NUMBER_BOUNDS[name]
    inside = f"{high:g}"
    values = ["inf", "-inf", "nan", "infinity", "1e400", f"{low - 1:g}", f"{high + 1:g}", f"{high * 2:g}",
              inside.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")),  # Arabic-Indic digits
              inside.translate(str.maketrans("0123456789", "０１２３４５６７８９")),  # full-width digits
              f"{inside}_0", ""]
    if low > 0:
        values.append(repr(low / 2))
    return [value for value in values if value]


CASES = [(name, value) for name in NUMBER_SETTINGS for value in refused_values(name)]


@pytest.mark.parametrize(("name", "value"), CASES, ids=[f"{name}={value}" for name, value in CASES])
def test_a_value_outside_its_bounds_is_refused_naming_them(environment: pytest.MonkeyPatch, name: str,
                                                           value: str) -> None:
    environment.setenv(name, value)
    low, high = NUMBER_BOUNDS[name]
    with pytest.raises(SettingsProblem) as caught:
        Settings.from_environment(read_dotenv=False)
    message = str(caught.value)
    assert caught.value.setting == name and message.startswith(f"{name} must be"), message
    assert f"at least {low:g} and at most {high:g}" in message, message
    assert repr(value) in message, message  # what was given, as given


@pytest.mark.parametrize("end", ["lowest", "highest"])
def test_every_number_setting_at_its_bound_is_taken(environment: pytest.MonkeyPatch, end: str) -> None:
    for name in NUMBER_SETTINGS:
        low, high = NUMBER_BOUNDS[name]
        environment.setenv(name, f"{low if end == 'lowest' else high:g}")
    taken = Settings.from_environment(read_dotenv=False)
    value: Callable[[str], float] = lambda name: NUMBER_BOUNDS[name][0 if end == "lowest" else 1]  # noqa: E731
    assert taken.reminder_poll_seconds == value("GAH_REMINDER_POLL_SECONDS")
    assert taken.guild_ready_timeout == value("GAH_GUILD_READY_TIMEOUT")
    assert taken.ai_workers == value("GAH_AI_WORKERS")
    assert taken.pool_min_size == value("DATABASE_POOL_MIN") and taken.pool_max_size == value("DATABASE_POOL_MAX")
    assert taken.shard_count == value("GAH_SHARD_COUNT")
    assert taken.ai_only_games_per_server == value("GAH_AI_ONLY_GAMES_PER_SERVER")
    assert taken.ai_only_turn_seconds == value("GAH_AI_ONLY_TURN_SECONDS")
    assert taken.game_limits.per_user == value("GAH_MAX_GAMES_PER_USER")
    assert taken.game_limits.per_server == value("GAH_MAX_GAMES_PER_SERVER")
    assert math.isclose(taken.game_limits.lobby_expiry_seconds, value("GAH_LOBBY_EXPIRY_HOURS") * 3600)


def test_every_bound_is_finite_and_in_order() -> None:
    for name, (low, high) in NUMBER_BOUNDS.items():
        assert math.isfinite(low) and math.isfinite(high) and low <= high, name
        assert not is_whole(name) or (float(low).is_integer() and float(high).is_integer()), name


def test_every_number_setting_read_has_a_row_and_every_row_is_read(environment: pytest.MonkeyPatch) -> None:
    """Every number passes `_number_text`; record the names it is asked for while the settings are built."""
    read: list[str] = []
    original = settings_module._number_text

    def recording(name: str) -> str:
        read.append(name)
        return original(name)

    environment.setattr(settings_module, "_number_text", recording)
    Settings.from_environment(read_dotenv=False)
    assert set(read) == set(NUMBER_BOUNDS)


def test_a_number_read_without_a_row_is_a_programming_error(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("GAH_NOT_IN_THE_TABLE", "3")
    with pytest.raises(BoundsMistake, match=r"GAH_NOT_IN_THE_TABLE .* no row in bot\.host\.settings\.NUMBER_BOUNDS"):
        settings_module._count("GAH_NOT_IN_THE_TABLE", 1)
    with pytest.raises(BoundsMistake, match="the default of GAH_AI_WORKERS"):
        settings_module._count("GAH_AI_WORKERS", 65)


def test_only_bot_settings_reads_the_environment() -> None:
    """So that no number is read past the table: nothing else in the bot, engine or render reads a variable."""
    reads = re.compile(r"os\.environ|getenv\(|environ\.get\(")
    readers = sorted(str(path.relative_to(ROOT)) for package in ("bot", "engine", "render")
                     for path in (ROOT / package).rglob("*.py") if reads.search(path.read_text(encoding="utf-8")))
    assert readers == ["bot/host/settings.py"]


@pytest.mark.parametrize("cores", [1, 2, 3, 8, 64, 65, 66, 128, 512])
def test_the_default_ai_workers_stay_within_bounds_on_any_machine(environment: pytest.MonkeyPatch,
                                                                  cores: int) -> None:
    environment.setattr(settings_module.os, "cpu_count", lambda: cores)
    low, high = NUMBER_BOUNDS["GAH_AI_WORKERS"]
    assert Settings.from_environment(read_dotenv=False).ai_workers == min(max(cores - 1, low), high)


def comment_above(lines: list[str], name: str) -> str:
    """The comment block that describes `name` in `.env.example`: the comment lines above its `NAME=` line (one
    block may describe several variables, e.g. the two pool sizes)."""
    index = next(i for i, line in enumerate(lines) if line.startswith(f"{name}="))
    block: list[str] = []
    for line in reversed(lines[:index]):
        if line.startswith("#"):
            block.append(line)
        elif not re.match(r"[A-Z_]+=", line):
            break
    return " ".join(reversed(block))


@pytest.mark.parametrize("name", NUMBER_SETTINGS)
def test_env_example_gives_every_number_settings_bounds(name: str) -> None:
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    numbers = {float(token.replace(",", "")) for token in re.findall(r"\d[\d,]*(?:\.\d+)?", comment_above(lines, name))}
    low, high = NUMBER_BOUNDS[name]
    assert {float(low), float(high)} <= numbers, f".env.example should give {name}'s bounds {low:g} and {high:g}"
