"""`python -m bot [--sync]`: start the Discord bot.

Every failed start ends with a short explanation (no traceback) and an exit code (docs/hosting.md lists them,
under Exit codes): 2 when a dependency is missing or older than its floor (`bot.host.dependency_floors`), the
settings are incomplete or out of bounds, or the database cannot be used (`bot.host.storage.diagnosis`: a missing
folder, a file that is no database or is damaged, a newer bot's or another program's database, a read-only
filesystem); 3 when Discord refuses the token; 4 when Discord cannot be reached (`bot.host.unreachable`: no network,
DNS down) or answers the start with a server error, the one a service manager should retry.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.host import dependency_floors

if TYPE_CHECKING:
    from bot.host.settings import Settings


def main(argv: Sequence[str] | None = None) -> int:
    """Check the dependencies, read settings, check the database and run the bot; returns the process exit code (2
    for a dependency, settings or database problem, 3 for a refused token, 4 when Discord cannot be reached)."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Grand Austria Hotel Discord bot.")
    parser.add_argument("--sync", action="store_true", help="publish the slash commands to Discord on start")
    args = parser.parse_args(argv)
    outdated = dependency_floors.problem()
    if outdated:
        print(outdated, file=sys.stderr)
        return 2
    # imported only now: bot.host.settings imports discord.py, whose version was just checked
    from bot.host.settings import MissingTokenError, Settings
    from bot.host.storage.diagnosis import DatabaseUnusable, check_database

    try:
        settings = Settings.from_environment()
    except MissingTokenError as error:
        print(error, file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"Settings problem: {error}", file=sys.stderr)
        return 2
    configure_logging(settings)
    try:
        asyncio.run(check_database(settings.database, pool_min_size=1, pool_max_size=1))
    except DatabaseUnusable as problem:
        print(f"Database problem: {problem}", file=sys.stderr)
        return 2
    import discord

    from bot.host.app import GahBot, point_at  # the bot's Discord side is imported only when the bot really starts
    from bot.host.unreachable import EXIT_UNREACHABLE, NETWORK_ERRORS, explain, explain_outage

    point_at(settings)
    bot = GahBot(settings, sync=args.sync)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 3
    except NETWORK_ERRORS as error:
        print(explain(error, discord.http.Route.BASE), file=sys.stderr)
        return EXIT_UNREACHABLE
    except discord.DiscordServerError as error:
        reason = getattr(error.response, "reason", None)
        print(explain_outage(error.status, reason, discord.http.Route.BASE), file=sys.stderr)
        return EXIT_UNREACHABLE
    return 0


BAD_TOKEN = ("Discord refused the token in DISCORD_TOKEN (it is wrong, or was reset).\n"
             "Open https://discord.com/developers/applications, pick your application, open Bot, press Reset "
             "Token, and put the new token after DISCORD_TOKEN= in .env (or the environment).")
"""What a start with a token Discord refuses prints (exit code 3)."""


def configure_logging(settings: Settings) -> None:
    """Log at `settings.log_level` to stderr. aiosqlite's statement log (every SQL statement with its parameters, at
    DEBUG) stays off unless `settings.log_sql` asks for it, even at DEBUG level."""
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.log_sql:
        level = logging.getLogger().getEffectiveLevel()
        logging.getLogger("aiosqlite").setLevel(max(level, logging.INFO))


if __name__ == "__main__":
    sys.exit(main())
