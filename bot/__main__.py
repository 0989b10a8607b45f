"""`python -m bot`: start the Discord bot.

Exits with code 2 and a short explanation (no traceback) when the settings are incomplete.
"""

from __future__ import annotations

import sys

from bot.settings import MissingTokenError, Settings


def main(argv: list[str] | None = None) -> int:
    """Read settings and run the bot; returns the process exit code (2 for a settings problem)."""
    try:
        settings = Settings.from_environment()
    except MissingTokenError as error:
        print(error, file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"Settings problem: {error}", file=sys.stderr)
        return 2
    print(
        "The Discord client is not built yet (see the bot issue); settings were read: "
        f"database={settings.database}, log level={settings.log_level}.",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main())
