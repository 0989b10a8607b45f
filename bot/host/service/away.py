"""Away mode (issue 53 item 6): `/gah away days:3`. While a member is away, their seats are played by AIs in every
game (each game's clock AI, `bot.host.service.clock_timer.clock_level`: the level the host chose, else the game's
`leave_ai_level`), nobody is pinged or DMed for them, and the posts say so. It ends when the days pass, with
`/gah away days:0`, or when the member acts: a click of theirs on any game's button or menu (`come_back`, after
the click is answered) or a move in any game (`clock_timer.on_own_moves`).

Where it lives: the `away` table (migration 0011). Their turns are played through the turn clock's timer: while
the member on turn is away, `arm_clock` sets the game's clock timer due at once, and the reminder loop has the AI
play that turn (`TurnClock.play_timed_out_turn`, which counts no timed-out turn for it)."""

from __future__ import annotations

from bot.host.service.clock_timer import arm_clock
from bot.host.service.rules import stored_state
from bot.host.service.unit import ServiceBase

AWAY_DAYS_MAX = 30
"""The longest away time `/gah away` takes, in days."""


class Away(ServiceBase):
    """The away part of `GameService`."""

    async def away_until(self, user_id: int) -> float | None:
        """When the member's away time ends (seconds since the epoch), None when they are not away."""
        async with self.storage.reading() as tx:
            until = await tx.away_until(user_id)
        return until if until is not None and until > self.clock() else None

    async def come_back(self, user_id: int) -> bool:
        """End the member's away time if they set one (a click of theirs in any game, after it was answered);
        returns whether it was set. A member who is not away costs one read."""
        async with self.storage.reading() as tx:
            if await tx.away_until(user_id) is None:
                return False
        await self.set_away(user_id, None)
        return True

    async def set_away(self, user_id: int, until: float | None) -> int:
        """Make the member away until `until` (seconds since the epoch), or back (None); set the turn clocks of their
        running games anew (the AI plays a turn of theirs at once while they are away). Returns how many running
        games they play in (their own seats, not those an AI already plays)."""
        async with self.storage.transaction() as tx:
            await tx.set_away(user_id, until)
            games = await tx.games(statuses=("active",), user_id=user_id)
        playing = 0
        for game in games:
            async with self.unit(game.id, wait=True) as work:
                if work.game.status != "active" or work.game.state is None:
                    continue
                if not any(s.user_id == user_id and not s.ai_controlled for s in work.seats):
                    continue
                playing += 1
                await arm_clock(work.tx, work.game, work.seats, stored_state(work.game), work.game.version,
                                work.game.updated_at, work.now)
        return playing
