"""Settings (issue 19): the database is chosen by DATABASE_URL (default an SQLite file; GAH_DATABASE still names
one), PostgreSQL pool sizes come from DATABASE_POOL_MIN/MAX, and a password never shows in the settings' text."""

from __future__ import annotations

import pytest

from bot.host.settings import Settings
from bot.host.storage import Storage, parse_database_url
from bot.host.storage.postgresql import PostgresStorage
from bot.host.storage.sqlite import SQLiteStorage

VARIABLES = ("DATABASE_URL", "GAH_DATABASE", "DATABASE_POOL_MIN", "DATABASE_POOL_MAX")


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_default_database_is_the_sqlite_file(environment: pytest.MonkeyPatch) -> None:
    settings = Settings.from_environment(read_dotenv=False)
    assert settings.database == "gah.sqlite3"
    assert (settings.pool_min_size, settings.pool_max_size) == (1, 10)
    assert parse_database_url("sqlite:///gah.sqlite3") == ("sqlite", "gah.sqlite3")
    assert parse_database_url("sqlite:////var/gah.sqlite3") == ("sqlite", "/var/gah.sqlite3")


def test_gah_database_still_names_the_sqlite_file_and_database_url_wins(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("GAH_DATABASE", "/data/old.sqlite3")
    assert Settings.from_environment(read_dotenv=False).database == "/data/old.sqlite3"
    environment.setenv("DATABASE_URL", "postgresql://gah:secret@db:5432/gah")
    settings = Settings.from_environment(read_dotenv=False)
    assert settings.database == "postgresql://gah:secret@db:5432/gah"
    assert "secret" not in repr(settings) and "postgresql://gah:***@db:5432/gah" in repr(settings)


def test_pool_sizes_are_read_and_checked(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("DATABASE_POOL_MIN", "2")
    environment.setenv("DATABASE_POOL_MAX", "20")
    settings = Settings.from_environment(read_dotenv=False)
    assert (settings.pool_min_size, settings.pool_max_size) == (2, 20)
    for low, high in (("0", "5"), ("x", "5"), ("6", "5")):
        environment.setenv("DATABASE_POOL_MIN", low)
        environment.setenv("DATABASE_POOL_MAX", high)
        with pytest.raises(ValueError, match="DATABASE_POOL_M"):
            Settings.from_environment(read_dotenv=False)


def test_an_unknown_kind_of_database_is_refused(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("DATABASE_URL", "mysql://db/gah")
    with pytest.raises(ValueError, match="sqlite:///path or postgresql://"):
        Settings.from_environment(read_dotenv=False)


def test_the_url_picks_the_backend() -> None:
    from_url = Storage("sqlite:///x.sqlite3")
    assert isinstance(from_url, SQLiteStorage) and from_url.path == "x.sqlite3"
    assert isinstance(Storage("x.sqlite3"), SQLiteStorage)
    url = "postgresql://gah:secret@db:5432/gah"
    pooled = Storage(url, pool_min_size=2, pool_max_size=4)
    assert isinstance(pooled, PostgresStorage) and (pooled.pool_min_size, pooled.pool_max_size) == (2, 4)
    assert pooled.display_name == "postgresql://gah:***@db:5432/gah"
    with pytest.raises(ValueError):
        Storage(url, pool_min_size=5, pool_max_size=4)
