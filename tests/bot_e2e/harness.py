"""The real bot process (`python -m bot --sync`) against the local Discord stand-in, and a world to play in.

`BotProcess` starts the bot as a subprocess pointed at a stand-in, waits until it is ready, kills it (SIGKILL)
and restarts it. Everything the bot writes to stderr goes to one log file per test (kept across restarts), so a
failing test can show it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.discord_standin import Actor, Channel, Guild, Permission, Role, StandIn, StandInConfig

ROOT = Path(__file__).resolve().parents[2]
READY_LINE = "logged in as"

RAISED_LIMITS = StandInConfig(route_limits=())
"""Discord's settings but without its per-route limits of messages (5 created or edited per 5 s per channel):
every route allows 50 requests a second. Only for tests that play faster than a channel can take posts and are
not about that (parametrize the `standin_config` fixture indirectly with it). New tests use Discord's limits."""


def refusals(standin: StandIn) -> list[str]:
    """The bot's requests the stand-in refused ("429 POST /channels/{channel_id}/messages"), leaving out each 429
    of a route's bucket when the bot's next request to that path that went through came after the `retry_after` it
    was told (what discord.py does; a restarted bot may meet the 429 once more first). A 429 of the global limit
    always counts."""
    requests = standin.requests
    refused = []
    for n, record in enumerate(requests):
        if record.status < 400:
            continue
        hit = record.rate_limited
        if hit is not None and not hit.global_:
            # the next request to that path that went through: a bot restarted meanwhile knows nothing of the
            # bucket, so its first try may meet the same 429 before it waits it out
            again = next((r for r in requests[n + 1:]
                          if (r.method, r.path) == (record.method, record.path) and r.status < 400), None)
            if again is not None and again.status < 400 and again.at >= hit.at + hit.retry_after - 0.005:
                continue
        refused.append(f"{record.status} {record.method} {record.route}")
    return refused


class BotDied(AssertionError):
    """The bot process ended (or never became ready) when the test needed it."""


@dataclass
class World:
    """A guild with a game channel, two players, a watcher and a moderator."""

    guild: Guild
    channel: Channel
    moderators: Role
    ann: Actor
    bob: Actor
    watcher: Actor
    mod: Actor


def build_world(standin: StandIn, name: str = "Grand Hotel", *, shard: tuple[int, int] | None = None,
                suffix: str = "") -> World:
    """Populate the stand-in: guild `name` (on `shard` = (shard id, shard count) if given) with channel "games" and
    users ann, bob, watcher, mod (each name followed by `suffix`, for a second world)."""
    guild = standin.create_guild(name, channels=["games"], shard=shard)
    moderators = standin.create_role(guild, "Moderator", permissions=Permission.MANAGE_CHANNELS)
    return World(
        guild=guild,
        channel=guild.channel("games"),
        moderators=moderators,
        ann=standin.create_user(f"ann{suffix}", guild=guild),
        bob=standin.create_user(f"bob{suffix}", guild=guild),
        watcher=standin.create_user(f"watcher{suffix}", guild=guild),
        mod=standin.create_user(f"mod{suffix}", guild=guild, roles=[moderators]),
    )


class BotProcess:
    """`python -m bot --sync` pointed at a stand-in, with its own database file (or a PostgreSQL database that
    several bot processes share).

    Args:
        standin: the running stand-in.
        guild: the guild whose id is DEV_GUILD_ID (instant command sync).
        database: the SQLite file (kept across restarts), or a `postgresql://` URL.
        log_path: where stderr of every run is appended.
        env: extra environment variables (e.g. GAH_REMINDER_POLL_SECONDS).
        wrap: a command the bot runs under (it execs the bot's command line, given as its last arguments; e.g.
            `unshare -m` to give the bot a filesystem of its own).
        global_commands: sync the commands globally (no DEV_GUILD_ID), so that every server of the stand-in has them
            (a test with games in two servers); `guild` is then only the server whose commands `start` waits for.
    """

    def __init__(self, standin: StandIn, guild: Guild, database: Path | str, log_path: Path,
                 env: dict[str, str] | None = None, wrap: list[str] | None = None, *,
                 global_commands: bool = False) -> None:
        self.standin = standin
        self.guild = guild
        self.database = database
        self.log_path = log_path
        self.extra_env = dict(env or {})
        self.wrap = list(wrap or [])
        self.global_commands = global_commands
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.kills = 0

    def environment(self) -> dict[str, str]:
        """The bot's environment: the stand-in's endpoints and token, the test database, quick readiness."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "GAH_", "DEV_GUILD"))}
        env.update(
            DISCORD_TOKEN=self.standin.token,
            DISCORD_API_BASE=self.standin.api_base,
            DISCORD_GATEWAY_URL=self.standin.gateway_url,
            GAH_DATABASE=str(self.database),
            DATABASE_URL=str(self.database),  # a file path is an SQLite file; also hides a DATABASE_URL of the shell
            GAH_LOG_LEVEL="INFO",
            DEV_GUILD_ID=str(self.guild.id),
            GAH_GUILD_READY_TIMEOUT="0.2",
            PYTHONUNBUFFERED="1",
        )
        if self.global_commands:
            del env["DEV_GUILD_ID"]
        env.update(self.extra_env)
        return env

    def log_text(self) -> str:
        """Everything the bot wrote to stderr so far (all runs)."""
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_tail(self, lines: int = 150) -> str:
        """The last lines of the bot's stderr."""
        return "\n".join(self.log_text().splitlines()[-lines:])

    @property
    def running(self) -> bool:
        """Whether the process is alive."""
        return self.process is not None and self.process.returncode is None

    async def start(self, timeout: float = 60.0) -> None:
        """Start the bot and wait until it logged READY (after its command sync and storage open)."""
        assert not self.running, "the bot is already running"
        before = self.log_text().count(READY_LINE)
        with self.log_path.open("a") as log:
            log.write(f"\n===== bot start #{self.starts + 1} at {time.strftime('%H:%M:%S')} =====\n")
            log.flush()
            self.process = await asyncio.create_subprocess_exec(
                *self.wrap, sys.executable, "-m", "bot", "--sync", cwd=str(ROOT), env=self.environment(),
                stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=log, preexec_fn=_die_with_parent,
            )
        self.starts += 1
        deadline = time.monotonic() + timeout
        while self.log_text().count(READY_LINE) <= before:
            if self.process.returncode is not None:
                raise BotDied(f"the bot exited with code {self.process.returncode} before it was ready:\n"
                              f"{self.log_tail()}")
            if time.monotonic() > deadline:
                raise BotDied(f"the bot was not ready after {timeout} s:\n{self.log_tail()}")
            await asyncio.sleep(0.05)
        await self.standin.wait_for_commands("gah", guild=None if self.global_commands else self.guild,
                                             timeout=timeout)

    async def kill(self) -> None:
        """SIGKILL the bot (no clean shutdown) and wait until it is gone."""
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.kills += 1
        with self.log_path.open("a") as log:
            log.write(f"\n===== bot killed (SIGKILL) at {time.strftime('%H:%M:%S')} =====\n")

    async def stop(self) -> None:
        """End the bot: SIGTERM, then SIGKILL if it lingers. Safe to call at any time."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            process.terminate()
        try:
            await asyncio.wait_for(process.wait(), timeout=5)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()

    def problems(self) -> list[str]:
        """Log lines of errors and tracebacks the bot wrote (a polite answer to a user is never one of them). One
        traceback is not the bot's: an AI worker that was being spawned when a test SIGKILLed the bot finds its
        parent gone before it ran any of our code (`orphaned_worker`)."""
        lines = self.log_text().splitlines()
        return [line for at, line in enumerate(lines)
                if " ERROR " in line or " CRITICAL " in line
                or (line.startswith("Traceback") and not orphaned_worker(lines[at:at + 12]))]

    def check_alive(self) -> None:
        """Raise `BotDied` (with the log) if the process has ended."""
        if self.process is not None and self.process.returncode is not None:
            raise BotDied(f"the bot exited with code {self.process.returncode}:\n{self.log_tail()}")


def orphaned_worker(block: list[str]) -> bool:
    """Whether the traceback starting `block` is multiprocessing's spawn of a worker whose parent died (was
    SIGKILLed) while it started: it could not read its start data ("EOFError: Ran out of input")."""
    text = "\n".join(block)
    return "multiprocessing/spawn.py" in text and "EOFError: Ran out of input" in text


def _die_with_parent() -> None:
    """In the child before exec: on Linux, ask for SIGKILL when the test process dies, so that no bot outlives an
    interrupted test run."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


PR_SET_PDEATHSIG = 1
