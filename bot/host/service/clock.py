"""The turn clock (issue 53 item 2): a lobby option of hours per turn; when the person on turn has not moved for that
long, an AI of the host's chosen level plays that one turn for them, and after `STRIKES_TO_HAND_OVER` timed-out
turns in a row the seat goes to that AI until its owner uses `takeback`.

Where the clock lives: one stored timer per game (`timers` row, kind `CLOCK`, about the user on turn, due at the
deadline, at the game version it was set at). `ServiceBase.store` sets it after every change of a running game
(`arm_clock`: the deadline counts from the turn's last move) or drops it, as it does the reminder; the reminder
loop (`bot.host.reminders`) claims it when due, so it survives a SIGKILL and runs once when several processes share a
database; `play_timed_out_turn` plays the turn only if the game is still at that version (`Tx.take_timer` in the
same unit of work). The timed-out turns in a row are kept in the game's config ("clock_strikes": seat position ->
count, never set by the host); a move of the seat's owner clears their count (`clock_timer.on_own_moves`).

Time while the bot was down does not count: every pass of the reminder loop records the process's heartbeat
(`heartbeats` table, `Tx.beat`); a process's first pass reads the newest heartbeat of any process before its own
and moves every clock deadline later by the downtime (`after_downtime`), in the same transaction as its claims.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.host.kinds import apply, waiting
from bot.host.service.ai_seats import ai_seed
from bot.host.service.clock_timer import CLOCK, STRIKES_TO_HAND_OVER, arm_clock, clock_level, strikes
from bot.host.service.errors import GameNotActive, StaleVersion
from bot.host.service.model import TurnResult
from bot.host.service.rules import stored_state
from bot.host.service.thinking import is_fast
from bot.host.service.unit import GameUnit, Pending, ServiceBase, load
from bot.host.storage import Timer
from engine.core.actions import Action

log = logging.getLogger(__name__)

TURN_MOVES_LIMIT = 200
"""The most actions the AI plays for one timed-out turn (a safety bound; a turn has far fewer)."""


@dataclass(frozen=True)
class ClockTurn:
    """A turn the clock played: the change (`result`), whose seat (`name`, unescaped), the clock's `hours`, the AI
    `level` that played it, whether the seat now stays with that AI (`handed_over`), and when the member's away
    time ends if the AI played because they are away (`away_until`, seconds since the epoch; None: a timeout)."""

    result: TurnResult
    name: str
    hours: int
    level: str
    handed_over: bool
    away_until: float | None = None


class TurnClock(ServiceBase):
    """The turn clock part of `GameService`."""

    async def play_timed_out_turn(self, timer: Timer) -> ClockTurn | None:
        """Play the turn `timer` ran out on with the game's clock AI: its actions until another seat must answer
        (or the seat's pending decision, such as a draft pick, is answered); count the timed-out turn, and after
        `STRIKES_TO_HAND_OVER` in a row hand the seat to that AI. Returns None, changing nothing but dropping the
        timer, when the game moved on since the timer was set (or ended, or an AI plays the seat). AIs on turn
        afterwards are left to the caller (`schedule_ai`), so that it can post first.

        Raises:
            GameBusy: another change held the game past the lock timeout (the timer stays; the loop retries).
        """
        async with self.storage.reading() as tx:
            game, seats = await load(tx, timer.game_id)
            away = None if timer.user_id is None else await tx.away_until(timer.user_id)
        now = self.clock()
        away = away if away is not None and away > now else None
        state = None
        if game.status == "active" and game.version == timer.version and game.state is not None:
            state = stored_state(game)
        index = None if state is None or state.is_over else state.current_index
        if state is None or index is None or seats[index].ai_controlled or seats[index].user_id != timer.user_id:
            async with self.storage.transaction() as tx:
                await tx.take_timer(timer.game_id, CLOCK, timer.version)
            return None
        seat = seats[index]
        hours = int(game.config.get("clock_hours") or 0)
        if away is None and (not hours or timer.due_at < game.updated_at + hours * 3600.0 - 1.0):
            # set for a member who was away and is back: the clock (if the game has one) counts as usual
            async with self.storage.transaction() as tx:
                if await tx.take_timer(timer.game_id, CLOCK, timer.version):
                    await arm_clock(tx, game, seats, state, game.version, game.updated_at, now)
            return None
        level = clock_level(game.config, game.kind)
        pending: list[Pending] = []
        while (not state.is_over and state.current_index == index and seat.name in waiting(state)
               and len(pending) < TURN_MOVES_LIMIT):
            action = await self._clock_choice(game.id, level, ai_seed(state, index), state)
            state, events = apply(state, action)
            pending.append(Pending(index, f"ai:{level}", action.text, events))
        if not pending:  # nothing to play for the seat (cannot happen while it is on turn): drop the timer
            async with self.storage.transaction() as tx:
                await tx.take_timer(timer.game_id, CLOCK, timer.version)
            return None
        try:
            async with self.unit(game.id, status="active", expected_version=timer.version) as work:
                if not await work.tx.take_timer(game.id, CLOCK, timer.version):
                    return None  # another process played it
                handed, count = await self._count_timeout(work, index, level, away is not None)
                work.play(pending, state)
        except (StaleVersion, GameNotActive):  # the player (or another process) moved first: nothing to play
            log.info("Game %d moved on before its timed-out turn was stored; nothing played", game.id)
            return None
        log.info("Game %d: seat %d timed out (%d in a row), the %s AI played %d actions%s", game.id, index, count,
                 level, len(pending), "; the seat goes to the AI" if handed else "")
        return ClockTurn(work.result(), seat.name, hours, level, handed, away)

    @staticmethod
    async def _count_timeout(work: GameUnit, index: int, level: str, away: bool) -> tuple[bool, int]:
        """Count a timed-out turn of the seat at `index` (not for a member who is away) in the game's config, and
        hand the seat to the clock's AI (`level`) at the third in a row; returns (handed over, the count)."""
        counts = strikes(work.game.config)
        count = counts.get(str(index), 0) + (not away)
        handed = count >= STRIKES_TO_HAND_OVER
        if handed or not count:  # the count starts anew once the AI keeps the seat
            counts.pop(str(index), None)
        else:
            counts[str(index)] = count
        if counts != strikes(work.game.config):
            work.update(config={**work.game.config, "clock_strikes": counts})
        if handed:
            await work.set_seat_ai(index, level)
        return handed, count

    async def _clock_choice(self, game_id: int, level: str, seed: int, state: Any) -> Action:
        """One decision of the clock's AI (a slow level waits for the game's turn at a worker: a person waits)."""
        if is_fast(level, state):
            return await self.thinker.choose(level, seed, state)
        async with self.ai_turns.turn(game_id, urgent=True):
            return await self.thinker.choose(level, seed, state)
