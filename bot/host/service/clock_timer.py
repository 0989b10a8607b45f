"""The turn clock's timer and counts, without the unit of work (which calls `arm_clock` and `on_own_moves` from
`ServiceBase.store`); `bot.host.service.clock` says how the clock works and plays the timed-out turns."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.host.kinds import kind_named
from bot.host.storage import GameRow, SeatRow, Timer, Tx

if TYPE_CHECKING:
    from bot.host.service.unit import GameUnit

log = logging.getLogger(__name__)

CLOCK = "clock"
"""The timer kind of the turn clock."""

CLOCK_HOURS: tuple[int, ...] = (0, 12, 24, 48, 72)
"""The turn clock's lobby choices, hours per turn (0: no clock, the default)."""

STRIKES_TO_HAND_OVER = 3
"""Timed-out turns in a row after which the seat goes to the AI until its owner takes it back."""


def clock_level(config: Mapping[str, Any], kind_key: str) -> str:
    """The AI level that plays a timed-out turn: the host's lobby choice, else the game's `leave_ai_level`."""
    level = config.get("clock_level")
    return str(level) if level else kind_named(kind_key).leave_ai_level


def strikes(config: Mapping[str, Any]) -> dict[str, int]:
    """The timed-out turns in a row per seat position (as text), from a game's config."""
    found = config.get("clock_strikes")
    return {str(k): int(v) for k, v in found.items()} if isinstance(found, dict) else {}


async def on_own_moves(work: GameUnit) -> None:
    """Before `store` writes a change: a seat whose owner moved in it starts its count of timed-out turns anew, and
    a member who moves is back from being away (`bot.host.service.away`: their other games' turns are theirs again)."""
    movers = {p.actor for p in work.pending if p.actor.startswith("user:")}
    for actor in movers:
        user_id = int(actor.partition(":")[2])
        if await work.tx.away_until(user_id) is not None:
            await work.tx.set_away(user_id, None)
            log.info("user %s is back from being away: they moved in game %s", user_id, work.game.id)
    config = work.columns.get("config", work.game.config)
    counts = strikes(config)
    moved = {str(p.seat) for p in work.pending if p.actor.startswith("user:")}
    if counts and moved & set(counts):
        work.columns["config"] = {**config, "clock_strikes": {k: v for k, v in counts.items() if k not in moved}}


async def arm_clock(tx: Tx, game: GameRow, seats: Sequence[SeatRow], state: Any, version: int, since: float,
                    now: float | None = None) -> None:
    """Set the game's turn clock for the person on turn: `since` (the turn's last move) plus the clock's hours, or
    `now` (default `since`) when that person is away (`bot.host.service.away`: the AI plays their turn at once); drop it
    when the game has no clock and nobody away is on turn, or an AI is on turn."""
    now = since if now is None else now
    hours = int(game.config.get("clock_hours") or 0)
    index = state.current_index
    seat = None if index is None or state.is_over else seats[index]
    if seat is None or seat.ai_controlled or seat.user_id is None:
        await tx.delete_timers(game.id, CLOCK)
        return
    away = await tx.away_until(seat.user_id)
    if away is not None and away > now:
        await tx.put_timer(Timer(game.id, CLOCK, seat.user_id, now, version))
    elif hours:
        await tx.put_timer(Timer(game.id, CLOCK, seat.user_id, since + hours * 3600.0, version))
    else:
        await tx.delete_timers(game.id, CLOCK)


async def after_downtime(tx: Tx, owner: str, now: float, *, starting: bool, poll_seconds: float) -> float:
    """Record `owner`'s heartbeat at `now`; on its first pass (`starting`) move every clock deadline later by the
    time no process ran (now minus the newest heartbeat, less one poll interval). Returns the seconds moved."""
    latest = await tx.beat(owner, now)
    if not starting or latest is None:
        return 0.0
    down = now - latest - poll_seconds
    if down <= 0:
        return 0.0
    moved = await tx.push_timers(CLOCK, down)
    log.info("the bot was down %.0f s: %d turn clock(s) moved on by that", down, moved)
    return down
