"""Storage for games, seats, the action log, posted messages, preferences, results and timers.

`Storage(address)` opens the backend the address names: an SQLite file (the default, `gah.sqlite3`) or a
PostgreSQL database (`postgresql://...`); see `bot.host.storage.interface`. The modules:

* `rows`: constants, errors and the row dataclasses both backends return;
* `tx`: `Tx`, every query and write, in SQL both backends run;
* `interface`: the abstract `Storage` and the database URL;
* `sqlite`, `postgresql`: the two backends (each with its `Tx` subclass, transactions and migrations).

Nothing here knows about Discord or the rules; `bot.host.service` builds on it.
"""

from __future__ import annotations

from bot.host.storage.interface import DEFAULT_URL, Storage, parse_database_url, redact
from bot.host.storage.rows import (
    DEFAULT_PATH,
    DEFAULT_REMINDER_SECONDS,
    NOTIFY_MODES,
    OPEN_STATUSES,
    ChannelSettings,
    ChannelTaken,
    DatabaseDamaged,
    ForeignDatabase,
    GameRow,
    IntegrityError,
    LogRow,
    OperationalError,
    PostedMessage,
    ResultRow,
    SchemaTooNew,
    SeatRow,
    StorageError,
    Timer,
    UserPrefs,
    UserStats,
    VersionConflict,
    split_statements,
)
from bot.host.storage.tx import Tx

__all__ = [
    "DEFAULT_PATH",
    "DEFAULT_REMINDER_SECONDS",
    "DEFAULT_URL",
    "NOTIFY_MODES",
    "OPEN_STATUSES",
    "ChannelSettings",
    "ChannelTaken",
    "DatabaseDamaged",
    "ForeignDatabase",
    "GameRow",
    "IntegrityError",
    "LogRow",
    "OperationalError",
    "PostedMessage",
    "ResultRow",
    "SchemaTooNew",
    "SeatRow",
    "Storage",
    "StorageError",
    "Timer",
    "Tx",
    "UserPrefs",
    "UserStats",
    "VersionConflict",
    "parse_database_url",
    "redact",
    "split_statements",
]
