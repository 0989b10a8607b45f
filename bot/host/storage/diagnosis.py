"""What is wrong with a database the bot cannot start on, in one paragraph for the person who runs it.

`check_database(address)` opens the database as the bot will (SQLite's quick check, the schema migrations) and
closes it again; a database the bot cannot use raises `DatabaseUnusable`, whose text says what is wrong and what
to do. `python -m bot` runs it before it connects to Discord and stops with exit code 2 on a bad database.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from bot.host.storage.interface import Storage, parse_database_url, redact
from bot.host.storage.rows import DatabaseDamaged, ForeignDatabase, SchemaTooNew, StorageError

AGAIN = "then start the bot again."


class DatabaseUnusable(StorageError):
    """The bot cannot start on its database; `str()` is one paragraph: what is wrong and what to do."""


async def check_database(address: str, **options: Any) -> None:
    """Open the database at `address` (checked and migrated, as the bot opens it) and close it.

    Raises:
        DatabaseUnusable: it cannot be opened or used (missing folder, a folder, read-only, not a database,
            damaged, a newer bot's or another program's database, unreachable); the paragraph says what to do.
    """
    kind, where = parse_database_url(address)
    if kind == "sqlite":
        found = path_problem(where)
        if found is not None:
            raise DatabaseUnusable(found)
    storage = Storage(address, **options)
    try:
        await storage.open()
    except (StorageError, sqlite3.Error, OSError) as error:
        raise DatabaseUnusable(explain(error, address)) from error
    finally:
        await storage.close()


def path_problem(path: str) -> str | None:
    """A paragraph on what keeps the bot from using an SQLite file at `path` (no database opened), or None."""
    if path == ":memory:":
        return None
    file = Path(path)
    folder = file.parent
    if file.is_dir():
        return (f"The database path {path} is a folder, not a file. Set DATABASE_URL (or GAH_DATABASE) in .env to "
                f"a file inside it, such as {file / 'gah.sqlite3'}, or move the folder away; {AGAIN}")
    if not folder.is_dir():
        return (f"The database file {path} cannot be made: its folder {folder} does not exist. Create the folder, "
                f"or set DATABASE_URL (or GAH_DATABASE) in .env to a file in a folder that exists; {AGAIN}")
    if _read_only(folder):
        return (f"The database {path} is on a read-only filesystem, and the bot must write there (its games, and "
                "SQLite's journal beside the file). Mount the filesystem read-write, or copy the file to a "
                f"writable folder and set DATABASE_URL (or GAH_DATABASE) in .env to it; {AGAIN}")
    if not os.access(folder, os.W_OK) or (file.exists() and not os.access(file, os.R_OK | os.W_OK)):
        return (f"The bot may not write the database {path} (or its folder {folder}): the user it runs as lacks "
                "the permission. Give that user read and write access to both (SQLite writes a journal beside "
                f"the file), or set DATABASE_URL (or GAH_DATABASE) in .env to a writable place; {AGAIN}")
    return None


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def explain(error: BaseException, address: str) -> str:
    """The paragraph for `error`, raised while opening the database at `address` (a password is never shown)."""
    shown = redact(address)
    text = str(error)
    if isinstance(error, SchemaTooNew):  # its text names both schema versions and says to run a newer bot
        return (f"{text[:1].upper()}{text[1:]}, or restore a backup made before the upgrade (this version does "
                "not write into a newer schema).")
    if isinstance(error, ForeignDatabase):
        return (f"The database {shown} belongs to another program: {text}. The bot does not write into it. Set "
                f"DATABASE_URL (or GAH_DATABASE) in .env to the bot's own file, or to a new path for a fresh one; "
                f"{AGAIN}")
    if isinstance(error, DatabaseDamaged) or "malformed" in text:
        return (f"The database {shown} is damaged ({text}); the bot does not start on it, so as not to lose more. "
                "Stop every bot process, then restore the file from a backup, or save what is left with "
                f"`sqlite3 {shown} .recover | sqlite3 repaired.sqlite3` and set DATABASE_URL to the repaired file; "
                f"{AGAIN}")
    if "not a database" in text:
        return (f"The file {shown} is not an SQLite database (it does not start with SQLite's header): perhaps "
                "DATABASE_URL (or GAH_DATABASE) names the wrong file, or the file was overwritten. Point it at the "
                "bot's database or restore that from a backup; to start afresh, move the file away (the bot then "
                f"makes a new one); {AGAIN}")
    if "readonly" in text or "read-only" in text:
        return (f"The database {shown} is read-only ({text}), and the bot must write to it. Make the file and its "
                f"folder writable for the user the bot runs as, or move it to a writable place; {AGAIN}")
    return (f"The bot cannot open its database {shown}: {type(error).__name__}: {text}. Check DATABASE_URL (or "
            f"GAH_DATABASE) in .env: the file or server it names must exist and accept the bot; {AGAIN}")
