"""Fixtures: a stand-in with a small guild, and the real bot process pointed at it.

The bot runs as `python -m bot --sync` in a subprocess; it is always ended at teardown, and when a test fails
its stderr (every run of it) is added to the test report as the section "bot stderr".
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Generator
from pathlib import Path

import pytest

from tests.discord_standin import StandIn, StandInConfig

from .harness import RAISED_LIMITS, BotProcess, World, build_world, refusals

BOTS_KEY = pytest.StashKey[list[BotProcess]]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, None, None]:
    """Show the bot's stderr under a failed test (setup, call or teardown)."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.failed:
        for bot in item.stash.get(BOTS_KEY, []):
            report.sections.append((f"bot stderr ({bot.log_path.name})", bot.log_tail(300)))


@pytest.fixture
def standin_config(request: pytest.FixtureRequest) -> StandInConfig:
    """The stand-in's settings: Discord's own (real rate limits, every body checked against Discord's OpenAPI
    description) unless a test parametrizes this fixture indirectly (e.g. with `harness.RAISED_LIMITS`), or the
    environment sets GAH_E2E_RAISED_LIMITS=1 for tests that do not (to measure what the real limits cost)."""
    config = getattr(request, "param", None)
    if isinstance(config, StandInConfig):
        return config
    return RAISED_LIMITS if os.environ.get("GAH_E2E_RAISED_LIMITS") == "1" else StandInConfig()


@pytest.fixture
async def standin(standin_config: StandInConfig) -> AsyncIterator[StandIn]:
    """A started stand-in (strict: a broken Discord rule fails the wait that sees it). Afterwards no request of
    the bot may have been refused, except a 429 of a route's bucket that the bot waited out before it sent the
    request again (a freshly restarted bot cannot know what its previous run left of a bucket), and every body it
    sent must have been checked against Discord's OpenAPI description."""
    server = await StandIn.start(standin_config)
    try:
        yield server
        refused = refusals(server)
        assert not refused, f"the stand-in refused requests of the bot: {refused}"
        unchecked = dict(server.core.schemas.unvalidated)
        assert not unchecked, f"bodies Discord's OpenAPI description has no schema for: {unchecked}"
    finally:
        await server.close()


@pytest.fixture
def world(standin: StandIn) -> World:
    """The guild, its "games" channel and the users ann, bob, watcher and mod."""
    return build_world(standin)


@pytest.fixture
def bot_database(tmp_path: Path) -> Path | str:
    """The database of the bot processes `make_bot` builds: an SQLite file. A test module overrides this fixture
    to run its bots on another database, e.g. on both backends (`test_caps_races.py`)."""
    return tmp_path / "gah.sqlite3"


@pytest.fixture
async def make_bot(request: pytest.FixtureRequest, standin: StandIn, world: World, tmp_path: Path,
                   bot_database: Path | str) -> AsyncIterator[Callable[..., BotProcess]]:
    """Build (not start) bot processes over `bot_database`; every one is ended at teardown."""
    bots: list[BotProcess] = []
    request.node.stash[BOTS_KEY] = bots

    def make(**env: str) -> BotProcess:
        bot = BotProcess(standin, world.guild, bot_database, tmp_path / f"bot{len(bots) + 1}.log",
                         env=env)
        bots.append(bot)
        return bot

    try:
        yield make
    finally:
        for bot in bots:
            await bot.stop()
    problems = [line for bot in bots for line in bot.problems()]
    assert not problems, "the bot logged errors:\n" + "\n".join(problems)


@pytest.fixture
async def bot(make_bot: Callable[..., BotProcess]) -> BotProcess:
    """A started bot process."""
    process = make_bot()
    await process.start()
    return process


@pytest.fixture
async def fast_bot(make_bot: Callable[..., BotProcess]) -> BotProcess:
    """A started bot process whose games of only AIs take no pause between turns (`GAH_AI_ONLY_TURN_SECONDS=0`), for
    tests about what such a game says, not about its pace; pair it with `harness.RAISED_LIMITS` (Discord's 5 posts in
    5 s per channel would pace the game again)."""
    process = make_bot(GAH_AI_ONLY_TURN_SECONDS="0")
    await process.start()
    return process


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the measured figures (durations, p50/p95 click-to-response) after the run."""
    from .reporting import FIGURES

    if FIGURES:
        terminalreporter.section("bot end-to-end figures")
        for line in FIGURES:
            terminalreporter.write_line(line)
