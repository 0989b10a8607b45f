"""A database that cannot save because its disk is full: how it is recognised, logged and told to the player.

SQLite answers "database or disk is full" (`SQLITE_FULL`; also when `max_page_count` is reached), the operating
system `OSError(ENOSPC)` or `EDQUOT`, PostgreSQL `DiskFullError` (SQLSTATE 53100). The transaction that hit it
is rolled back, so nothing is lost and the game stays as it was; the player hears that the bot cannot save right
now, and the log says which disk is full (an ERROR), so that whoever runs the bot can free space.
"""

from __future__ import annotations

import errno
import logging
import sqlite3

from render.core.lang import N_  # CANNOT_SAVE is said in the reader's language (`Controller.fail`)

log = logging.getLogger(__name__)


CANNOT_SAVE = N_("Sorry, something went wrong on my side: the bot cannot save right now (the disk it stores games "
                 "on is full). Nothing was changed and the game is safe; please try again later.")
"""The answer to an interaction whose write met a full disk."""

FULL_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})

POSTGRES_DISK_FULL = "53100"
"""PostgreSQL's SQLSTATE for a full disk (`disk_full`)."""


def is_disk_full(error: BaseException | None) -> bool:
    """Whether `error`, or an error it wraps (`__cause__`, `__context__`, discord.py's `original`), says the disk
    is full."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, OSError) and error.errno in FULL_ERRNOS:
            return True
        if isinstance(error, sqlite3.Error) and (getattr(error, "sqlite_errorname", "") == "SQLITE_FULL"
                                                 or "database or disk is full" in str(error)):
            return True
        if getattr(error, "sqlstate", None) == POSTGRES_DISK_FULL or "No space left on device" in str(error):
            return True
        error = getattr(error, "original", None) or error.__cause__ or error.__context__
    return False


def log_disk_full(error: BaseException, database: str, what: str) -> None:
    """Log (ERROR) that `what` ("a click in game 3") could not be saved because the disk of `database` (its
    address without a password) is full."""
    log.error("cannot save %s: the disk holding the database %s is full (%s: %s). Nothing was changed; free space "
              "on that disk and the bot saves again", what, database, type(error).__name__, str(error)[:200])
