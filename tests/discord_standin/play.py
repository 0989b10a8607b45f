"""See the bot without Discord: ``python -m tests.discord_standin.play`` (from the repository root).

Starts the stand-in with a guild "Grand Hotel" (channel #games; users ann, bob, watcher and mod, who has Manage
Channels), its web page, and the real bot (``python -m bot --sync``) pointed at it with a fresh database; then
prints the page's URL. Open it, type ``/gah new``, switch to bob to press *Join*, and so on. No Discord token is
needed: the stand-in makes one up. Ctrl-C stops everything.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
import tempfile
from pathlib import Path

from tests.bot_e2e.harness import BotDied, BotProcess, build_world

from .core import StandInConfig
from .standin import StandIn
from .web import WebPage

__all__ = ["main", "run"]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(prog="python -m tests.discord_standin.play", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0, help="the page's TCP port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--standin-port", type=int, default=0, help="the stand-in's port (default: a free one)")
    parser.add_argument("--data", type=Path, default=None,
                        help="folder for the bot's database and log (default: a new temporary folder)")
    parser.add_argument("--no-bot", action="store_true",
                        help="start no bot; print the settings for one you start yourself")
    parser.add_argument("--seconds", type=float, default=0, help="stop after this many seconds (0: run until ^C)")
    return parser.parse_args(argv)


async def run(args: argparse.Namespace) -> int:
    """Serve the stand-in, the page and (unless ``--no-bot``) the bot until ^C, ``--seconds`` or the bot's end;
    returns the exit code (1 if the bot ended on its own)."""
    data = args.data or Path(tempfile.mkdtemp(prefix="gah-play-"))
    data.mkdir(parents=True, exist_ok=True)
    # Violations of Discord's rules are logged as warnings here; a person playing should not be stopped by them.
    async with StandIn(StandInConfig(strict=False), port=args.standin_port) as standin:
        world = build_world(standin)
        users = [world.ann, world.bob, world.watcher, world.mod]
        page = WebPage(standin, world.guild, users, port=args.port)
        bot = None if args.no_bot else BotProcess(standin, world.guild, data / "gah.sqlite3", data / "bot.log")
        try:
            url = await page.start()
            if bot is None:
                print(f"DISCORD_TOKEN={standin.token}\nDISCORD_API_BASE={standin.api_base}\n"
                      f"DISCORD_GATEWAY_URL={standin.gateway_url}\nDEV_GUILD_ID={world.guild.id}")
            else:
                print(f"Starting the bot (its log: {bot.log_path}) ...", flush=True)
                await bot.start()
            print(f"Open {url}?user=ann  (users: {', '.join(page.users)}; Ctrl-C stops)", flush=True)
            return await _serve(args.seconds, bot)
        except BotDied as exc:
            print(exc, file=sys.stderr)
            return 1
        finally:
            if bot is not None:
                await bot.stop()
            await page.close()


async def _serve(seconds: float, bot: BotProcess | None) -> int:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds if seconds > 0 else None
    while deadline is None or loop.time() < deadline:
        if bot is not None and not bot.running:
            print(f"The bot ended; the end of its log:\n{bot.log_tail(40)}", file=sys.stderr)
            return 1
        await asyncio.sleep(0.5)
    return 0


def main(argv: list[str] | None = None) -> None:
    """Entry point."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    code = 0
    with contextlib.suppress(KeyboardInterrupt):
        code = asyncio.run(run(parse_args(argv)))
    sys.exit(code)


if __name__ == "__main__":
    main()
