"""Settings the bot reads from the environment (and from a `.env` file beside the working directory).

Every setting is listed with a comment in `.env.example`. The token is never logged.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from dotenv import load_dotenv

from bot.service.ai_fairness import AI_ONLY_GAMES_PER_SERVER
from bot.service.thinking import default_workers
from bot.storage.interface import parse_database_url, redact
from bot.storage.rows import DEFAULT_PATH
from engine.overbooking.data import OverbookingData, load_data


class MissingTokenError(RuntimeError):
    """Raised by `Settings.from_environment` when `DISCORD_TOKEN` is empty or unset."""


TOKEN_HELP = """\
The bot needs a Discord bot token, and DISCORD_TOKEN is not set.

How to get one:
  1. Open https://discord.com/developers/applications and create an application (or pick yours).
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Copy .env.example to .env and put the token after DISCORD_TOKEN=
     (or export DISCORD_TOKEN in your shell).
Then start the bot again with: python -m bot
"""


@dataclass(frozen=True)
class Settings:
    """What the bot process needs to run.

    Attributes:
        token: the bot token (secret; never printed or logged).
        database: where games are stored: an SQLite file path (or `sqlite:///path`), or a `postgresql://` URL
            (see `bot.storage.interface`). From `DATABASE_URL`; else `GAH_DATABASE` (an SQLite path); else
            `gah.sqlite3`. May hold a password: never log it unredacted.
        pool_min_size: PostgreSQL connections each process keeps open (`DATABASE_POOL_MIN`, default 1).
        pool_max_size: the most PostgreSQL connections each process opens (`DATABASE_POOL_MAX`, default 10).
        log_level: a `logging` level name.
        dev_guild_id: a guild id for instant command sync, or None.
        api_base: REST base URL override (the local Discord stand-in), or None.
        gateway_url: gateway URL override (the local Discord stand-in), or None.
        reminder_poll_seconds: how often the reminder loop looks for due reminders.
        guild_ready_timeout: seconds discord.py waits for more servers before `on_ready` (its default is 2).
        shard_count: how many shards the bot has in all (`GAH_SHARD_COUNT`); None: Discord's recommendation
            (`GET /gateway/bot`). Every process of one bot must use the same count.
        shard_ids: the shards this process runs (`GAH_SHARD_IDS`, e.g. `0,1` or `0-1`); None: all of them.
        ai_workers: processes that compute AI moves (`GAH_AI_WORKERS`; default: the core count less one, at
            least one).
        ai_only_games_per_server: how many running games played only by AI players one server may have
            (`GAH_AI_ONLY_GAMES_PER_SERVER`, 0 to 1000, default 2); a start, `/gah ai` or `/gah leave` that would
            make one more is refused, naming the limit.
        log_sql: whether aiosqlite may log every SQL statement with its parameters (user ids, names, moves) at
            DEBUG level; off unless `GAH_LOG_SQL` asks for it, whatever `log_level` says.
        overbooking_data: the printed Overbooking card values and hotels, read and checked at start from the JSON
            file named by `OVERBOOKING_DATA` (`engine.overbooking.load_data`); None: the bundled provisional data.
    """

    token: str
    database: str = "gah.sqlite3"
    log_level: str = "INFO"
    dev_guild_id: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    reminder_poll_seconds: float = 60.0
    guild_ready_timeout: float = 2.0
    pool_min_size: int = 1
    pool_max_size: int = 10
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    ai_workers: int = field(default_factory=default_workers)
    ai_only_games_per_server: int = AI_ONLY_GAMES_PER_SERVER
    log_sql: bool = False
    overbooking_data: OverbookingData | None = None

    def __repr__(self) -> str:  # keep the token out of logs and tracebacks
        return (
            f"Settings(token=<hidden>, database={redact(self.database)!r}, log_level={self.log_level!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, api_base={self.api_base!r}, gateway_url={self.gateway_url!r}, "
            f"reminder_poll_seconds={self.reminder_poll_seconds!r}, guild_ready_timeout={self.guild_ready_timeout!r}, "
            f"pool_min_size={self.pool_min_size!r}, pool_max_size={self.pool_max_size!r}, "
            f"ai_workers={self.ai_workers!r}, ai_only_games_per_server={self.ai_only_games_per_server!r}, "
            f"shard_count={self.shard_count!r}, shard_ids={self.shard_ids!r}, "
            f"log_sql={self.log_sql!r}, overbooking_data="
            f"{'printed values loaded' if self.overbooking_data else 'provisional'})"
        )

    @classmethod
    def from_environment(cls, *, read_dotenv: bool = True) -> Settings:
        """Build settings from `os.environ`, after loading `.env` if present.

        Raises:
            MissingTokenError: `DISCORD_TOKEN` is empty or unset.
            ValueError: `DEV_GUILD_ID` is set but not a whole number, a number of seconds is not a positive
                number, `DATABASE_URL` names neither SQLite nor PostgreSQL, or a pool size is not a whole number
                (at least 1, the minimum not above the maximum), `GAH_AI_WORKERS` is not a whole number
                from 1 to 64, `GAH_AI_ONLY_GAMES_PER_SERVER` is not a whole number from 0 to 1000,
                `GAH_LOG_SQL` is not a yes or no, or the shard settings do not fit together
                (`GAH_SHARD_IDS` needs `GAH_SHARD_COUNT`, and every id is below it).
            engine.overbooking.OverbookingDataError (a ValueError): `OVERBOOKING_DATA` names a file that cannot be
                read, is not JSON, or does not match the schema; the message lists every problem found.
        """
        if read_dotenv:
            load_dotenv(override=False)
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise MissingTokenError(TOKEN_HELP)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ValueError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}")
        database = (os.environ.get("DATABASE_URL", "").strip() or os.environ.get("GAH_DATABASE", "").strip()
                    or DEFAULT_PATH)
        parse_database_url(database)  # refuse an unknown kind of database now, not at the first click
        pool_min_size = _count("DATABASE_POOL_MIN", 1)
        pool_max_size = _count("DATABASE_POOL_MAX", 10)
        if pool_min_size > pool_max_size:
            raise ValueError(f"DATABASE_POOL_MIN ({pool_min_size}) must not be above DATABASE_POOL_MAX "
                             f"({pool_max_size})")
        shard_count, shard_ids = _shards()
        return cls(
            token=token,
            database=database,
            log_level=os.environ.get("GAH_LOG_LEVEL", "").strip().upper() or "INFO",
            dev_guild_id=int(guild) if guild else None,
            api_base=os.environ.get("DISCORD_API_BASE", "").strip() or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL", "").strip() or None,
            reminder_poll_seconds=_seconds("GAH_REMINDER_POLL_SECONDS", 60.0),
            guild_ready_timeout=_seconds("GAH_GUILD_READY_TIMEOUT", 2.0),
            ai_workers=_workers("GAH_AI_WORKERS", default_workers()),
            ai_only_games_per_server=_whole("GAH_AI_ONLY_GAMES_PER_SERVER", AI_ONLY_GAMES_PER_SERVER, 0, 1000),
            pool_min_size=pool_min_size,
            pool_max_size=pool_max_size,
            shard_count=shard_count,
            shard_ids=shard_ids,
            log_sql=_switch("GAH_LOG_SQL"),
            overbooking_data=_overbooking_data(),
        )


def _overbooking_data() -> OverbookingData | None:
    """The Overbooking data file named by `OVERBOOKING_DATA` (None when unset or empty: the bundled provisional
    data), read and checked now, so that a bad file stops the bot at start with every problem listed.

    Raises:
        engine.overbooking.OverbookingDataError: the file cannot be read, is not JSON, or breaks the schema.
    """
    path = os.environ.get("OVERBOOKING_DATA", "").strip()
    return load_data(path) if path else None


def _seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment variable `name` (default when unset or empty)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {text!r}") from None
    if not value > 0:
        raise ValueError(f"{name} must be more than 0 seconds, not {text!r}")
    return value


def _count(name: str, default: int) -> int:
    """A whole number of at least 1 from the environment variable `name` (default when unset or empty)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, not {text!r}")
    return int(text)


def _shards() -> tuple[int | None, tuple[int, ...] | None]:
    """The shard count (`GAH_SHARD_COUNT`, None when empty) and the shard ids of this process (`GAH_SHARD_IDS`: a
    list such as `0,1` or a range such as `0-1`, both ends included; None when empty)."""
    count_text = os.environ.get("GAH_SHARD_COUNT", "").strip()
    count = _count("GAH_SHARD_COUNT", 1) if count_text else None
    ids_text = os.environ.get("GAH_SHARD_IDS", "").strip()
    if not ids_text:
        return count, None
    if count is None:
        raise ValueError("GAH_SHARD_IDS needs GAH_SHARD_COUNT (every process of the bot must use the same count)")
    ids: set[int] = set()
    for part in ids_text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"GAH_SHARD_IDS must list shard ids such as 0,1 or 0-1, not {ids_text!r}")
        ids.update(range(int(first), int(last if dash else first) + 1))
    if not ids or max(ids) >= count:
        raise ValueError(f"GAH_SHARD_IDS ({ids_text}) must name shards below GAH_SHARD_COUNT ({count})")
    return count, tuple(sorted(ids))


def _workers(name: str, default: int) -> int:
    """A whole number from 1 to 64 from the environment variable `name` (default when unset or empty)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or not 1 <= int(text) <= 64:
        raise ValueError(f"{name} must be a whole number from 1 to 64, not {text!r}")
    return int(text)


def _whole(name: str, default: int, low: int, high: int) -> int:
    """A whole number from `low` to `high` from the environment variable `name` (default when unset or empty).

    Raises:
        ValueError: it is something else (the message names the setting and the bounds).
    """
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {text!r}")
    return int(text)


def _switch(name: str) -> bool:
    """An on/off setting from the environment variable `name`: 1/true/yes/on or 0/false/no/off (off when unset).

    Raises:
        ValueError: it is something else.
    """
    text = os.environ.get(name, "").strip().lower()
    if text in ("", "0", "false", "no", "off"):
        return False
    if text in ("1", "true", "yes", "on"):
        return True
    raise ValueError(f"{name} must be 1 or 0 (yes or no), not {text!r}")
