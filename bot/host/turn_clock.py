"""The turn clock's posts (issue 53 item 2): when a clock timer falls due, the reminder loop (`bot.host.reminders`)
hands
it here; the service plays the timed-out turn (`bot.host.service.clock`), and this posts in the game's channel that it
did, then the turn post of the AI's moves (which pings whoever is on turn next), then lets AI seats on turn move.

`ClockPosts` gets what it uses as typed arguments (the client, the service, how to queue a turn post)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import discord

from bot.host.kinds import kind_named
from bot.host.safe_text import safe_text
from bot.host.service import GameService, TurnResult
from bot.host.service.clock import ClockTurn
from bot.host.storage import Timer
from bot.host.threads import game_channel

log = logging.getLogger(__name__)


def clock_line(turn: ClockTurn, command: str) -> str:
    """The public line about a turn the AI played (the seat's name escaped, `bot.host.safe_text`): "ann's turn timed out
    after 24 hours: the AI played it.", or for a member who is away "ann is away until <date>: the AI plays their
    turns." `command` is the game's command group ("gah")."""
    name = safe_text(turn.name)
    if turn.away_until is not None:
        return f"{name} is away until <t:{int(turn.away_until)}:f>: the AI plays their turns."
    line = f"{name}'s turn timed out after {hours_text(turn.hours)}: the AI played it."
    if turn.handed_over:
        line += (f" That was the third timed-out turn in a row, so the {turn.level} AI plays {name}'s seat from now "
                 f"on, until {name} uses `/{command} takeback`.")
    return line


def hours_text(hours: int) -> str:
    """"1 hour" / "24 hours"."""
    return f"{hours} hour" + ("" if hours == 1 else "s")


class ClockPosts:
    """Play and post the turns whose clock ran out (`fire`, called by the reminder loop for timers of kind
    `bot.host.service.clock_timer.CLOCK`)."""

    def __init__(self, client: discord.Client, service: GameService,
                 post_turn: Callable[[object, TurnResult], asyncio.Task[None]]) -> None:
        self.client = client
        self.service = service
        self.post_turn = post_turn  # `Controller.post_turn`

    async def fire(self, timer: Timer) -> int:
        """Play the timed-out turn of `timer` and post it; returns 1 if a turn was played, 0 if the game had moved
        on (the timer is then dropped).

        Raises:
            GameBusy, discord.HTTPException, ...: the loop logs it and tries again later (the turn is played at
                most once: its timer is taken in the same transaction as the AI's moves).
        """
        turn = await self.service.play_timed_out_turn(timer)
        if turn is None:
            return 0
        info = turn.result.game
        try:
            channel = await game_channel(self.client, info.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(clock_line(turn, kind_named(info.kind).command))
        except discord.HTTPException as error:  # the move is stored: its turn post still comes
            log.warning("could not post the timed-out turn of game %s: %s", info.id, error)
        self.post_turn(None, turn.result)
        self.service.schedule_ai(info.id)  # an AI on turn next moves now (its own post follows)
        return 1
