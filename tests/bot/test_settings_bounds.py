"""Settings (issue 40, item 10): every setting and the Overbooking data file has a type, bounds and a size limit,
checked at start. A bad one stops `python -m bot` with exit code 2 and a "Settings problem" line naming the setting:
never a traceback, a hang, a MemoryError or a RecursionError."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.host.settings import NUMBER_BOUNDS, Settings, SettingsProblem
from engine.overbooking import OverbookingData, OverbookingDataError
from engine.overbooking.data import BUNDLED, MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parents[2]

SETTINGS = ("GAH_LOG_LEVEL", "OVERBOOKING_DATA", "GAH_SHARD_IDS", "GAH_SHARD_COUNT", "GAH_GUILD_READY_TIMEOUT",
            "GAH_REMINDER_POLL_SECONDS", "DEV_GUILD_ID", "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "GAH_LOG_SQL",
            "DATABASE_POOL_MIN", "DATABASE_POOL_MAX", "GAH_AI_WORKERS", "GAH_GLOSSARY_DIR")


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def start_bot(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot` with `settings` (and a token that is never used: the settings stop it first)."""
    environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "token",
                   "GAH_DATABASE": str(tmp_path / "gah.sqlite3"), **settings}
    return subprocess.run([sys.executable, "-m", "bot"], env=environment, cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)


def assert_refused_at_start(done: subprocess.CompletedProcess[str], setting: str) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("Settings problem")]
    assert len(lines) == 1 and setting in lines[0], done.stderr


def printed_data() -> dict[str, object]:
    raw: dict[str, object] = json.loads(BUNDLED.read_text(encoding="utf-8"))
    return raw


@pytest.mark.parametrize(("setting", "value"), [
    ("GAH_LOG_LEVEL", "NOPE"),
    ("GAH_GUILD_READY_TIMEOUT", "inf"),
    ("GAH_REMINDER_POLL_SECONDS", "1e-9"),
    ("GAH_SHARD_COUNT", "10**9"),
])
def test_a_bad_setting_stops_the_start_with_exit_code_2_and_a_settings_problem_line(
        tmp_path: Path, setting: str, value: str) -> None:
    assert_refused_at_start(start_bot(tmp_path, **{setting: value}), setting)


def test_a_data_file_that_is_a_fifo_is_refused_at_once_without_a_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "data.json"
    os.mkfifo(fifo)
    done = start_bot(tmp_path, OVERBOOKING_DATA=str(fifo))  # the 60 s timeout fails the test if it hangs
    assert_refused_at_start(done, "OVERBOOKING_DATA")
    assert "not a regular file" in done.stderr


def test_a_glossary_folder_with_a_fifo_or_an_unknown_key_stops_the_start(tmp_path: Path) -> None:
    names = tmp_path / "names"
    names.mkdir()
    os.mkfifo(names / "de.json")
    done = start_bot(tmp_path, GAH_GLOSSARY_DIR=str(names))  # the 60 s timeout fails the test if it hangs
    assert_refused_at_start(done, "GAH_GLOSSARY_DIR")
    assert "not a regular file" in done.stderr
    (names / "de.json").unlink()
    (names / "pl.json").write_text(json.dumps({"language": "pl", "entries": [
        {"key": "staff:1000", "translation": "Kelner", "source": "our cards"}]}), encoding="utf-8")
    done = start_bot(tmp_path, GAH_GLOSSARY_DIR=str(names))
    assert_refused_at_start(done, "GAH_GLOSSARY_DIR")
    assert "'staff:1000' is not in the bundled glossary" in done.stderr


def test_the_log_level_must_be_a_level_name(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("GAH_LOG_LEVEL", "NOPE")
    with pytest.raises(SettingsProblem, match="GAH_LOG_LEVEL must be one of DEBUG, INFO, WARNING"):
        Settings.from_environment(read_dotenv=False)
    environment.setenv("GAH_LOG_LEVEL", "warning")
    assert Settings.from_environment(read_dotenv=False).log_level == "WARNING"


@pytest.mark.parametrize("value", ["1e-9", "0", "-1", "inf", "-inf", "nan", "1e400", "86401", "x" * 40, "1 s"])
def test_the_reminder_poll_must_be_a_finite_number_of_seconds_within_bounds(environment: pytest.MonkeyPatch,
                                                                            value: str) -> None:
    environment.setenv("GAH_REMINDER_POLL_SECONDS", value)
    with pytest.raises(SettingsProblem, match="GAH_REMINDER_POLL_SECONDS must be"):
        Settings.from_environment(read_dotenv=False)


@pytest.mark.parametrize("value", ["inf", "1e400", "nan", "0", "601"])
def test_the_guild_ready_timeout_must_be_finite_and_within_bounds(environment: pytest.MonkeyPatch,
                                                                  value: str) -> None:
    environment.setenv("GAH_GUILD_READY_TIMEOUT", value)
    with pytest.raises(SettingsProblem, match="GAH_GUILD_READY_TIMEOUT must be a finite number of seconds"):
        Settings.from_environment(read_dotenv=False)


def test_seconds_at_their_bounds_are_taken(environment: pytest.MonkeyPatch) -> None:
    low, high = NUMBER_BOUNDS["GAH_REMINDER_POLL_SECONDS"]
    for value in (low, high, 0.25):
        environment.setenv("GAH_REMINDER_POLL_SECONDS", str(value))
        assert Settings.from_environment(read_dotenv=False).reminder_poll_seconds == value


@pytest.mark.parametrize("value", ["10**9", "1000000000", "100001", "１２"])
def test_the_shard_count_has_an_upper_bound(environment: pytest.MonkeyPatch, value: str) -> None:
    environment.setenv("GAH_SHARD_COUNT", value)
    with pytest.raises(SettingsProblem, match="GAH_SHARD_COUNT must be a whole number of at least 1 and at most"):
        Settings.from_environment(read_dotenv=False)


@pytest.mark.parametrize("count", ["4", "100000"])
def test_a_huge_shard_range_is_refused_without_being_built(environment: pytest.MonkeyPatch, count: str) -> None:
    environment.setenv("GAH_SHARD_COUNT", count)
    environment.setenv("GAH_SHARD_IDS", "0-100000000000")
    with pytest.raises(SettingsProblem, match="GAH_SHARD_IDS must name shards below GAH_SHARD_COUNT"):
        Settings.from_environment(read_dotenv=False)
    environment.setenv("GAH_SHARD_IDS", "3-1")
    with pytest.raises(SettingsProblem, match="GAH_SHARD_IDS"):
        Settings.from_environment(read_dotenv=False)


@pytest.mark.parametrize(("setting", "value"), [
    ("DEV_GUILD_ID", "9" * 25),
    ("DISCORD_TOKEN", "t" * 513),
    ("DISCORD_API_BASE", "ftp://example"),
    ("DISCORD_GATEWAY_URL", "http://127.0.0.1/gateway"),
    ("GAH_DATABASE", "x" * 5000),
    ("DATABASE_POOL_MAX", "1001"),
    ("GAH_AI_WORKERS", "65"),
])
def test_every_text_setting_has_a_kind_and_a_size_limit(environment: pytest.MonkeyPatch, setting: str,
                                                        value: str) -> None:
    environment.setenv(setting, value)
    with pytest.raises(SettingsProblem) as caught:
        Settings.from_environment(read_dotenv=False)
    assert caught.value.setting == setting and str(caught.value).startswith(setting)
    assert len(str(caught.value)) < 200  # a huge value is cut, not printed whole


def test_a_data_file_that_never_ends_is_refused_before_it_fills_memory(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("OVERBOOKING_DATA", "/dev/zero")
    with pytest.raises(OverbookingDataError, match=r"OVERBOOKING_DATA \(/dev/zero\)(.|\n)*not a regular file"):
        Settings.from_environment(read_dotenv=False)


def test_a_data_file_above_the_size_limit_is_refused(environment: pytest.MonkeyPatch, tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (MAX_FILE_BYTES + 1) + "{}", encoding="utf-8")
    environment.setenv("OVERBOOKING_DATA", str(big))
    with pytest.raises(OverbookingDataError, match="larger than"):
        Settings.from_environment(read_dotenv=False)


def test_json_nested_100000_deep_is_refused_without_a_recursion_error(environment: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    environment.setenv("OVERBOOKING_DATA", str(deep))
    with pytest.raises(OverbookingDataError, match="nested far too deeply"):
        Settings.from_environment(read_dotenv=False)


def test_a_data_file_with_a_utf8_byte_order_mark_is_accepted(environment: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    marked = tmp_path / "marked.json"
    marked.write_bytes("\ufeff".encode() + BUNDLED.read_bytes())
    environment.setenv("OVERBOOKING_DATA", str(marked))
    settings = Settings.from_environment(read_dotenv=False)
    loaded = settings.games["overbooking"]
    assert isinstance(loaded, OverbookingData) and len(loaded.cards) == 24


def test_a_data_file_that_is_not_utf8_is_refused(environment: pytest.MonkeyPatch, tmp_path: Path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"crests": "\xe9"}')
    environment.setenv("OVERBOOKING_DATA", str(latin))
    with pytest.raises(OverbookingDataError, match="not UTF-8"):
        Settings.from_environment(read_dotenv=False)


def test_a_200000_character_crest_name_is_refused(environment: pytest.MonkeyPatch, tmp_path: Path) -> None:
    raw = printed_data()
    crests = raw["crests"]
    assert isinstance(crests, list)
    crests[0]["name"] = "B" * 200_000
    long_name = tmp_path / "long.json"
    long_name.write_text(json.dumps(raw), encoding="utf-8")
    environment.setenv("OVERBOOKING_DATA", str(long_name))
    with pytest.raises(OverbookingDataError, match='crests entry 1: "name" must be a non-empty text of up to 24'):
        Settings.from_environment(read_dotenv=False)
