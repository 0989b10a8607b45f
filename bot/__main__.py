"""`python -m bot [--sync]`: start the Discord bot.

Exits with code 2 and a short explanation (no traceback) when the settings are incomplete.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from bot.settings import MissingTokenError, Settings


def main(argv: Sequence[str] | None = None) -> int:
    """Read settings and run the bot; returns the process exit code (2 for a settings problem)."""
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Grand Austria Hotel Discord bot.")
    parser.add_argument("--sync", action="store_true", help="publish the slash commands to Discord on start")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_environment()
    except MissingTokenError as error:
        print(error, file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"Settings problem: {error}", file=sys.stderr)
        return 2
    configure_logging(settings)
    from bot.app import GahBot, point_at  # discord.py is imported only when the bot really starts

    point_at(settings)
    bot = GahBot(settings, sync=args.sync)
    bot.run(settings.token, log_handler=None)
    return 0


def configure_logging(settings: Settings) -> None:
    """Log at `settings.log_level` to stderr. aiosqlite's statement log (every SQL statement with its parameters, at
    DEBUG) stays off unless `settings.log_sql` asks for it, even at DEBUG level."""
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.log_sql:
        level = logging.getLogger().getEffectiveLevel()
        logging.getLogger("aiosqlite").setLevel(max(level, logging.INFO))


if __name__ == "__main__":
    sys.exit(main())
