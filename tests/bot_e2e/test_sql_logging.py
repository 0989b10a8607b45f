"""Issue 15 item 8 (logging): at DEBUG level the bot does not let aiosqlite log every SQL statement with its
parameters (user ids, names, moves); the separate setting GAH_LOG_SQL=1 turns that log on."""

from __future__ import annotations

from collections.abc import Callable

from tests.discord_standin import StandIn

from .driver import RESPONSE_TIMEOUT
from .harness import BotProcess, World


def statement_lines(bot: BotProcess) -> list[str]:
    """Lines of the bot's log written by aiosqlite."""
    return [line for line in bot.log_text().splitlines() if " aiosqlite:" in line]


async def test_sql_statements_are_logged_only_when_asked_for(standin: StandIn, world: World,
                                                              make_bot: Callable[..., BotProcess]) -> None:
    quiet = make_bot(GAH_LOG_LEVEL="DEBUG")
    await quiet.start()
    opened = await (await world.ann.run_command(world.channel, "gah new")).reply(timeout=RESPONSE_TIMEOUT)
    assert opened.ephemeral_for == world.ann.id
    await quiet.stop()
    assert " DEBUG " in quiet.log_text(), "the bot logged at DEBUG level"
    assert not statement_lines(quiet), statement_lines(quiet)[:3]
    assert str(world.ann.id) not in "\n".join(line for line in quiet.log_text().splitlines() if "INSERT" in line)

    talkative = make_bot(GAH_LOG_LEVEL="DEBUG", GAH_LOG_SQL="1")
    await talkative.start()
    shown = await (await world.ann.run_command(world.channel, "gah log")).reply(timeout=RESPONSE_TIMEOUT)
    assert shown.ephemeral_for == world.ann.id
    await talkative.stop()
    assert statement_lines(talkative), "GAH_LOG_SQL=1 turns aiosqlite's statement log on"
