"""Settings the bot reads from the environment (and from a `.env` file, looked up from this package's folder upwards).

Every setting is listed with a comment in `.env.example`. The token is never logged.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from dotenv import load_dotenv

from bot.host.glossary import read_overrides
from bot.host.service.ai_caps import EXPENSIVE_AI_SEATS_PER_MEMBER, EXPENSIVE_AI_SEATS_PER_SERVER, ExpensiveAICaps
from bot.host.service.ai_fairness import AI_ONLY_GAMES_PER_SERVER, AI_ONLY_TURN_SECONDS
from bot.host.service.lobby_limits import LobbyLimits
from bot.host.service.thinking import default_workers
from bot.host.storage.interface import parse_database_url, redact
from bot.host.storage.rows import DEFAULT_PATH


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
            (see `bot.host.storage.interface`). From `DATABASE_URL`; else `GAH_DATABASE` (an SQLite path); else
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
        ai_only_turn_seconds: the shortest time a turn takes in a game played only by AIs
            (`GAH_AI_ONLY_TURN_SECONDS`, 0 to 60, default 1.2), so that watchers can read each turn's post.
        expensive_ai: how many expert or master AI seats one member (`GAH_EXPENSIVE_AI_SEATS_PER_MEMBER`, 0 to
            1000, default 6) and one server (`GAH_EXPENSIVE_AI_SEATS_PER_SERVER`, 0 to 100000, default 16) may have
            in running games; a start or `/gah ai` that would pass a cap is refused, naming it.
        log_sql: whether aiosqlite may log every SQL statement with its parameters (user ids, names, moves) at
            DEBUG level; off unless `GAH_LOG_SQL` asks for it, whatever `log_level` says.
        games: what each game read of the environment at start, by the game's key (`GameKind.read_settings`;
            Overbooking: the printed card values and hotels of the JSON file named by `OVERBOOKING_DATA`, read and
            checked now); a game that read nothing has no entry.
        game_limits: the caps on open games and the lobby expiry (`game_limits_from_environment`).
        glossary_dir: a folder of the server's own card names (`GAH_GLOSSARY_DIR`: `de.json` and/or `pl.json`,
            the shape of `locales/<lang>/glossary.json`), read and checked at start (`bot.host.glossary`); None: the
            bundled names.
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
    ai_only_turn_seconds: float = AI_ONLY_TURN_SECONDS
    expensive_ai: ExpensiveAICaps = field(default_factory=ExpensiveAICaps)
    log_sql: bool = False
    games: Mapping[str, object] = field(default_factory=dict)
    game_limits: LobbyLimits = field(default_factory=LobbyLimits)
    glossary_dir: str | None = None

    def __repr__(self) -> str:  # keep the token out of logs and tracebacks
        return (
            f"Settings(token=<hidden>, database={redact(self.database)!r}, log_level={self.log_level!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, api_base={self.api_base!r}, gateway_url={self.gateway_url!r}, "
            f"reminder_poll_seconds={self.reminder_poll_seconds!r}, guild_ready_timeout={self.guild_ready_timeout!r}, "
            f"pool_min_size={self.pool_min_size!r}, pool_max_size={self.pool_max_size!r}, "
            f"ai_workers={self.ai_workers!r}, ai_only_games_per_server={self.ai_only_games_per_server!r}, "
            f"ai_only_turn_seconds={self.ai_only_turn_seconds!r}, expensive_ai={self.expensive_ai!r}, "
            f"shard_count={self.shard_count!r}, shard_ids={self.shard_ids!r}, "
            f"log_sql={self.log_sql!r}, games={sorted(self.games)!r}, glossary_dir={self.glossary_dir!r})"
        )

    @classmethod
    def from_environment(cls, *, read_dotenv: bool = True) -> Settings:
        """Build settings from `os.environ`, after loading `.env` if present. Every setting is checked against its
        type, bounds and size limit (`NUMBER_BOUNDS`, `TEXT_LIMITS`, `LOG_LEVELS`) before anything starts.

        Raises:
            MissingTokenError: `DISCORD_TOKEN` is empty or unset.
            SettingsProblem (a ValueError): a setting is out of its bounds or of the wrong kind; the message names
                the setting, what it must be and what it was (e.g. `DEV_GUILD_ID` is not a server id, a number of
                seconds is not finite or outside its bounds, `DATABASE_URL` names neither SQLite nor PostgreSQL,
                a pool size is not a whole number in its bounds or the minimum is above the maximum,
                `GAH_LOG_LEVEL` is not a level name, `GAH_LOG_SQL` is not a yes or no, or the shard settings do
                not fit together: `GAH_SHARD_IDS` needs `GAH_SHARD_COUNT`, and every id is below it).
            ValueError: a game's own setting is wrong (`GameKind.read_settings`; Overbooking's
                `OverbookingDataError`: `OVERBOOKING_DATA` names a file that is not a regular file, is too large,
                cannot be read, is not JSON, or does not match the schema; the message names the setting and lists
                every problem found).
            bot.host.glossary.GlossaryError (a ValueError): `GAH_GLOSSARY_DIR` is not a folder, or a file in it cannot
                be read or breaks the glossary's shape (an unknown key, a missing field); the message names the
                setting and lists every problem found.
        """
        if read_dotenv:
            load_dotenv(override=False)
        token = _text("DISCORD_TOKEN")
        if not token:
            raise MissingTokenError(TOKEN_HELP)
        guild = _text("DEV_GUILD_ID")
        if guild and not (guild.isascii() and guild.isdigit() and int(guild) < 2**63):
            raise SettingsProblem("DEV_GUILD_ID", "must be a server id (digits only)", guild)
        database = _text("DATABASE_URL") or _text("GAH_DATABASE") or DEFAULT_PATH
        try:
            parse_database_url(database)  # refuse an unknown kind of database now, not at the first click
        except ValueError as error:
            raise SettingsProblem("DATABASE_URL", str(error)) from None
        pool_min_size = _count("DATABASE_POOL_MIN", 1)
        pool_max_size = _count("DATABASE_POOL_MAX", 10)
        if pool_min_size > pool_max_size:
            raise SettingsProblem("DATABASE_POOL_MIN", f"({pool_min_size}) must not be above DATABASE_POOL_MAX "
                                                       f"({pool_max_size})")
        shard_count, shard_ids = _shards()
        return cls(
            token=token,
            database=database,
            log_level=_log_level("GAH_LOG_LEVEL", "INFO"),
            dev_guild_id=int(guild) if guild else None,
            api_base=_url("DISCORD_API_BASE", ("http://", "https://")),
            gateway_url=_url("DISCORD_GATEWAY_URL", ("ws://", "wss://")),
            reminder_poll_seconds=_seconds("GAH_REMINDER_POLL_SECONDS", 60.0),
            guild_ready_timeout=_seconds("GAH_GUILD_READY_TIMEOUT", 2.0),
            ai_workers=_workers("GAH_AI_WORKERS"),
            ai_only_games_per_server=_count("GAH_AI_ONLY_GAMES_PER_SERVER", AI_ONLY_GAMES_PER_SERVER),
            ai_only_turn_seconds=_seconds("GAH_AI_ONLY_TURN_SECONDS", AI_ONLY_TURN_SECONDS),
            expensive_ai=ExpensiveAICaps(
                per_member=_count("GAH_EXPENSIVE_AI_SEATS_PER_MEMBER", EXPENSIVE_AI_SEATS_PER_MEMBER),
                per_server=_count("GAH_EXPENSIVE_AI_SEATS_PER_SERVER", EXPENSIVE_AI_SEATS_PER_SERVER)),
            pool_min_size=pool_min_size,
            pool_max_size=pool_max_size,
            shard_count=shard_count,
            shard_ids=shard_ids,
            log_sql=_switch("GAH_LOG_SQL"),
            games=_game_settings(),
            game_limits=game_limits_from_environment(),
            glossary_dir=_glossary_dir(),
        )


class SettingsProblem(ValueError):
    """A setting that is out of its bounds or of the wrong kind. `setting` is the variable's name; the message
    names it, says what it must be and shows (a bounded piece of) what it was."""

    def __init__(self, setting: str, must: str, value: str | None = None) -> None:
        self.setting = setting
        shown = "" if value is None else f", not {_shown(value)}"
        super().__init__(f"{setting} {must}{shown}")


NUMBER_BOUNDS: dict[str, tuple[float, float]] = {
    "DATABASE_POOL_MIN": (1, 1_000),
    "DATABASE_POOL_MAX": (1, 1_000),
    "GAH_SHARD_COUNT": (1, 100_000),  # the largest bots run some thousands of shards
    "GAH_AI_WORKERS": (1, 64),
    # below 0.05 s an idle bot spends a good part of a core looking for reminders; a day is the longest useful wait
    "GAH_REMINDER_POLL_SECONDS": (0.05, 86_400),
    "GAH_GUILD_READY_TIMEOUT": (0.01, 600),
    "GAH_AI_ONLY_GAMES_PER_SERVER": (0, 1000),  # 0: no games of only AIs at all
    "GAH_AI_ONLY_TURN_SECONDS": (0, 60),  # 0: as fast as Discord's limits let the posts go
    # the caps on open games and the lobby expiry (issue 40)
    "GAH_MAX_GAMES_PER_USER": (1, 1000),
    "GAH_MAX_GAMES_PER_SERVER": (1, 100_000),
    "GAH_LOBBY_EXPIRY_HOURS": (0.0001, 24 * 365),
    "GAH_EXPENSIVE_AI_SEATS_PER_MEMBER": (0, 1000),  # 0: no expert or master AI seats at all
    "GAH_EXPENSIVE_AI_SEATS_PER_SERVER": (0, 100_000),
}
"""The lowest and highest value (both allowed, both finite) of every number setting, and the only place they are
declared. A new number setting adds its row here (and its bounds to its comment in `.env.example`) and reads its
value with `_count`, `_seconds` or `_hours`, which refuse a name without a row (`BoundsMistake`);
tests/bot/test_settings_bounds.py checks every row (inf, nan, below and above its bounds, refused naming them)."""


class BoundsMistake(LookupError):
    """A number setting was read without a row in `NUMBER_BOUNDS`, or its default is outside that row: a
    programming error, not a user's (so it is no `SettingsProblem` and stops the start with a traceback)."""


def bounds(name: str, default: float) -> tuple[float, float]:
    """The lowest and highest value of the number setting `name` (`NUMBER_BOUNDS`), whose default is `default`.

    Raises:
        BoundsMistake: `name` has no row there, or `default` is outside it.
    """
    try:
        low, high = NUMBER_BOUNDS[name]
    except KeyError:
        raise BoundsMistake(f"{name} is read as a number but has no row in bot.host.settings.NUMBER_BOUNDS") from None
    if not low <= default <= high:
        raise BoundsMistake(f"the default of {name} ({default}) is outside its bounds ({low:g} to {high:g})")
    return low, high


TEXT_LIMITS: dict[str, int] = {
    "DISCORD_TOKEN": 512,
    "DEV_GUILD_ID": 20,
    "GAH_LOG_LEVEL": 20,
    "GAH_LOG_SQL": 10,
    "DISCORD_API_BASE": 2_000,
    "DISCORD_GATEWAY_URL": 2_000,
}
"""The most characters a setting's text may have; a setting without a row may have `TEXT_LIMIT`."""

TEXT_LIMIT = 4_096
"""The most characters of any setting without a row in `TEXT_LIMITS` (paths and database URLs fit)."""

NUMBER_TEXT_LIMIT = 32
"""The most characters of a number setting (no number the bot takes needs more)."""

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
"""The `GAH_LOG_LEVEL` names `logging` knows (any case)."""


def _shown(value: str) -> str:
    """`value` quoted for a message, cut to 60 characters (a setting may be huge)."""
    return repr(value) if len(value) <= 60 else f"{value[:60]!r}... ({len(value)} characters)"


def _text(name: str) -> str:
    """The environment variable `name`, stripped ("" when unset).

    Raises:
        SettingsProblem: it is longer than its limit (`TEXT_LIMITS`, else `TEXT_LIMIT`).
    """
    text = os.environ.get(name, "").strip()
    limit = TEXT_LIMITS.get(name, TEXT_LIMIT)
    if len(text) > limit:
        raise SettingsProblem(name, f"must be at most {limit} characters long (it has {len(text)})")
    return text


def _number_text(name: str) -> str:
    text = _text(name)
    if len(text) > NUMBER_TEXT_LIMIT:
        raise SettingsProblem(name, "must be a number", text)
    return text


def _game_settings() -> dict[str, object]:
    """What each hosted game reads of the environment (`GameKind.read_settings`, through `_text`, the one reader
    of the environment and its length limits), by the game's key; games that read nothing are left out.

    Raises:
        ValueError: a game's setting is wrong (the game's own error, naming the setting).
    """
    from bot.host.kinds import KINDS  # here: the games are found only when settings are read

    read = {key: kind.read_settings(_text) for key, kind in KINDS.items()}
    return {key: value for key, value in read.items() if value is not None}


def _glossary_dir() -> str | None:
    """The folder named by `GAH_GLOSSARY_DIR` (None when unset or empty: the bundled names), whose override files
    are read and checked now, so that a bad one stops the bot at start with every problem listed.

    Raises:
        bot.host.glossary.GlossaryError: the folder or one of its files cannot be used.
    """
    path = _text("GAH_GLOSSARY_DIR")
    if not path:
        return None
    read_overrides(path, label="GAH_GLOSSARY_DIR")
    return path


def _seconds(name: str, default: float) -> float:
    """A finite number of seconds within its bounds (`NUMBER_BOUNDS`) from the environment variable `name` (default
    when unset or empty).

    Raises:
        SettingsProblem: it is not a decimal number in ASCII (inf, nan, 1_0, Unicode digits), not finite (1e400) or
            out of its bounds; the message names the bounds.
        BoundsMistake: `name` has no row in `NUMBER_BOUNDS`.
    """
    return _decimal(name, default, "seconds")


def _decimal(name: str, default: float, unit: str) -> float:
    """A finite number of `unit` within the bounds of `name` (`NUMBER_BOUNDS`); `default` when unset or empty.
    Only ASCII decimal notation is taken: Python's `float` would also take "١٢", "1_0" and "infinity"."""
    low, high = bounds(name, default)
    text = _number_text(name)
    if not text:
        return default
    value = float(text) if _DECIMAL.fullmatch(text) else math.nan
    if not (math.isfinite(value) and low <= value <= high):
        raise SettingsProblem(name, f"must be a finite number of {unit} of at least {low:g} and at most {high:g}",
                              text)
    return value


_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
"""A decimal number as people write it in a setting: 60, 0.5, .5, 1e-3."""


def _count(name: str, default: int) -> int:
    """A whole number within its bounds (`NUMBER_BOUNDS`) from the environment variable `name` (default when unset
    or empty).

    Raises:
        SettingsProblem: it is not a whole number (ASCII digits) or out of its bounds; the message names the bounds.
        BoundsMistake: `name` has no row in `NUMBER_BOUNDS`.
    """
    low, high = bounds(name, default)
    text = _number_text(name)
    if not text:
        return default
    if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise SettingsProblem(name, f"must be a whole number of at least {low:g} and at most {high:g}", text)
    return int(text)


def _shards() -> tuple[int | None, tuple[int, ...] | None]:
    """The shard count (`GAH_SHARD_COUNT`, None when empty) and the shard ids of this process (`GAH_SHARD_IDS`: a
    list such as `0,1` or a range such as `0-1`, both ends included; None when empty). Every id is checked against
    the count before any range is built, so a huge range is refused, never built."""
    count = _count("GAH_SHARD_COUNT", 1) if _number_text("GAH_SHARD_COUNT") else None
    ids_text = _text("GAH_SHARD_IDS")
    if not ids_text:
        return count, None
    if count is None:
        raise SettingsProblem("GAH_SHARD_IDS", "needs GAH_SHARD_COUNT (every process of the bot must use the same "
                                               "count)")
    ranges: list[tuple[int, int]] = []
    for part in ids_text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not _is_id(first) or (dash and not _is_id(last)):
            raise SettingsProblem("GAH_SHARD_IDS", "must list shard ids such as 0,1 or 0-1", ids_text)
        low, high = int(first), int(last if dash else first)
        if high >= count or low > high:
            raise SettingsProblem("GAH_SHARD_IDS", f"must name shards below GAH_SHARD_COUNT ({count}), each range "
                                                   "from low to high", ids_text)
        ranges.append((low, high))
    return count, tuple(sorted({shard for low, high in ranges for shard in range(low, high + 1)}))


def _is_id(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= NUMBER_TEXT_LIMIT


def _workers(name: str) -> int:
    """A number of worker processes within its bounds (`NUMBER_BOUNDS`) from the environment variable `name`;
    when unset or empty, `default_workers()` (the core count less one) cut to those bounds, as a machine may have
    more cores than the bot may start workers.

    Raises:
        SettingsProblem: it is not a whole number within its bounds.
    """
    low, high = NUMBER_BOUNDS[name]
    return _count(name, int(min(max(default_workers(), low), high)))


def _log_level(name: str, default: str) -> str:
    """A `logging` level name (`LOG_LEVELS`, any case) from the environment variable `name`.

    Raises:
        SettingsProblem: it is another word.
    """
    text = _text(name).upper() or default
    if text not in LOG_LEVELS:
        raise SettingsProblem(name, f"must be one of {', '.join(LOG_LEVELS)}", text)
    return text


def _url(name: str, schemes: tuple[str, ...]) -> str | None:
    """A URL starting with one of `schemes` from the environment variable `name` (None when unset or empty).

    Raises:
        SettingsProblem: it starts otherwise.
    """
    text = _text(name)
    if text and not text.startswith(schemes):
        raise SettingsProblem(name, f"must be a URL starting with {' or '.join(schemes)}", text)
    return text or None


def _switch(name: str) -> bool:
    """An on/off setting from the environment variable `name`: 1/true/yes/on or 0/false/no/off (off when unset).

    Raises:
        SettingsProblem: it is something else.
    """
    text = _text(name).lower()
    if text in ("", "0", "false", "no", "off"):
        return False
    if text in ("1", "true", "yes", "on"):
        return True
    raise SettingsProblem(name, "must be 1 or 0 (yes or no)", text)


# ----- caps on open games and the lobby expiry (issue 40) ------------------------------------------------------------


def _hours(name: str, default: float) -> float:
    """A finite number of hours within its bounds (`NUMBER_BOUNDS`) from the environment variable `name` (default
    when unset or empty).

    Raises:
        SettingsProblem: as `_seconds`.
        BoundsMistake: `name` has no row in `NUMBER_BOUNDS`.
    """
    return _decimal(name, default, "hours")


def game_limits_from_environment() -> LobbyLimits:
    """The caps on open games (`GAH_MAX_GAMES_PER_USER`, default 5; `GAH_MAX_GAMES_PER_SERVER`, default 50) and
    the hours after which a lobby nobody changed expires (`GAH_LOBBY_EXPIRY_HOURS`, default 24).

    Raises:
        SettingsProblem: a setting is not a number within its bounds (the message names it).
    """
    return LobbyLimits(per_user=_count("GAH_MAX_GAMES_PER_USER", 5),
                       per_server=_count("GAH_MAX_GAMES_PER_SERVER", 50),
                       lobby_expiry_seconds=_hours("GAH_LOBBY_EXPIRY_HOURS", 24.0) * 3600)
