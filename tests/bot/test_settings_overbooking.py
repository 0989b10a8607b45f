"""Settings (issue 18): OVERBOOKING_DATA names a file of printed Overbooking card values and hotels; it is read and
checked against the schema when the bot starts, a bad file stops the start with every problem listed, and the bot's
new games then use it (without the "provisional card values and hotels" label)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.host.kinds import KINDS
from bot.host.settings import Settings
from engine.overbooking import OverbookingData, OverbookingDataError
from engine.overbooking.data import BUNDLED


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.delenv("OVERBOOKING_DATA", raising=False)
    return monkeypatch


def printed_file(tmp_path: Path) -> Path:
    """A data file of the bundled shape with every row marked as printed (what an admin who owns the game writes)."""
    raw = json.loads(BUNDLED.read_text(encoding="utf-8"))
    for key in ("crests", "cards", "hotels"):
        for row in raw[key]:
            row["provisional"] = False
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def test_without_the_setting_the_bundled_provisional_data_is_used(environment: pytest.MonkeyPatch) -> None:
    assert "overbooking" not in Settings.from_environment(read_dotenv=False).games


def test_a_valid_file_is_loaded_and_drops_the_provisional_label(environment: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    environment.setenv("OVERBOOKING_DATA", str(printed_file(tmp_path)))
    settings = Settings.from_environment(read_dotenv=False)
    loaded = settings.games["overbooking"]
    assert isinstance(loaded, OverbookingData) and not loaded.provisional
    assert len(loaded.cards) == 24 and len(loaded.hotels) == 16
    assert "games=['overbooking']" in repr(settings)
    kind = KINDS["overbooking"]
    try:
        assert kind.configure(settings) == "Overbooking uses the printed card values and hotels from OVERBOOKING_DATA"
        assert not kind.provisional
    finally:
        kind.use_data(None)


def test_an_invalid_file_is_refused_with_every_problem_listed(environment: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    raw = json.loads(printed_file(tmp_path).read_text(encoding="utf-8"))
    raw["cards"][0]["coins"] = "three"
    raw["hotels"][3]["rule"] = "free breakfast"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw), encoding="utf-8")
    environment.setenv("OVERBOOKING_DATA", str(bad))
    with pytest.raises(OverbookingDataError) as caught:
        Settings.from_environment(read_dotenv=False)
    message = str(caught.value)
    assert str(bad) in message and "not a valid Overbooking data file" in message
    assert len(caught.value.problems) >= 2 and "coins" in message and "free breakfast" in message
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    environment.setenv("OVERBOOKING_DATA", str(broken))
    with pytest.raises(OverbookingDataError, match="not valid JSON"):
        Settings.from_environment(read_dotenv=False)
    environment.setenv("OVERBOOKING_DATA", str(tmp_path / "missing.json"))
    with pytest.raises(OverbookingDataError, match="cannot be read"):
        Settings.from_environment(read_dotenv=False)


def test_the_bot_does_not_start_with_an_invalid_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"crests": []}', encoding="utf-8")
    environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
                   "DISCORD_TOKEN": "token", "OVERBOOKING_DATA": str(bad), "GAH_DATABASE": str(tmp_path / "db")}
    done = subprocess.run([sys.executable, "-m", "bot"], env=environment, cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "Settings problem:" in done.stderr and "not a valid Overbooking data file" in done.stderr
    assert "Traceback" not in done.stderr
