"""Run the stand-in by hand: ``python -m tests.discord_standin --port 8765`` (from the repository root).

It creates a guild with a few channels and users, prints the settings a bot needs, and serves until Ctrl-C (or for
``--seconds``). Violations of Discord's rules are logged as warnings.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging

from .permissions import Permission
from .standin import StandIn

log = logging.getLogger(__name__)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(prog="python -m tests.discord_standin", description=__doc__)
    parser.add_argument("--port", type=int, default=8765, help="TCP port on 127.0.0.1 (0 picks a free one)")
    parser.add_argument("--guild", default="Test Guild", help="name of the guild to create")
    parser.add_argument("--channels", default="general,games", help="comma-separated text channel names")
    parser.add_argument("--users", default="alice,bob", help="comma-separated member names")
    parser.add_argument("--moderators", default="mod", help="comma-separated members with Manage Channels")
    parser.add_argument("--seconds", type=float, default=0, help="stop after this many seconds (0: run until ^C)")
    return parser.parse_args(argv)


async def serve(args: argparse.Namespace) -> None:
    """Start a stand-in with a demo guild and keep it running."""
    async with StandIn(port=args.port) as standin:
        guild = standin.create_guild(args.guild, channels=[c for c in args.channels.split(",") if c])
        moderator = standin.create_role(guild, "Moderator", permissions=Permission.MANAGE_CHANNELS)
        for name in filter(None, args.users.split(",")):
            standin.create_user(name, guild=guild)
        for name in filter(None, args.moderators.split(",")):
            standin.create_user(name, guild=guild, roles=[moderator])
        print(f"DISCORD_TOKEN={standin.token}")
        print(f"DISCORD_API_BASE={standin.api_base}")
        print(f"DISCORD_GATEWAY_URL={standin.gateway_url}")
        print(f"DEV_GUILD_ID={guild.id}", flush=True)
        if args.seconds > 0:
            await asyncio.sleep(args.seconds)
        else:
            await asyncio.Event().wait()


def main(argv: list[str] | None = None) -> None:
    """Entry point."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(parse_args(argv)))


if __name__ == "__main__":
    main()
