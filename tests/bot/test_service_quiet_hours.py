"""Issue 53 item 4 on both backends: quiet hours and a time zone are stored with a member's preferences (migration
0010), a bad span or zone changes nothing; a held turn DM is a stored timer that exactly one of several storages
(processes) takes; a reminder held to the end of the quiet hours moves only if it is still the turn's."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.host.quiet_hours import held_dm_kind
from bot.host.reminders import Reminders
from bot.host.service import GameInfo, GameService, ServiceError
from bot.host.service.unit import REMINDER
from bot.host.storage import Storage, Timer
from tests.bot.helpers import BOB, HOST, started

from .helpers import FakeClock


async def test_quiet_hours_are_stored_and_bad_ones_change_nothing(service: GameService) -> None:
    await service.set_prefs(BOB, notify="dm")
    for quiet, zone, says in (("25-08", "Europe/Warsaw", "HH-HH"), ("x", None, "HH-HH"),
                              ("22-08", "Nowhere/Land", "IANA time zone"), ("22-08", None, "need your time zone")):
        with pytest.raises(ServiceError, match=says):
            await service.set_prefs(BOB, notify="none", reminders=False, quiet=quiet, time_zone=zone)
    unchanged = await service.prefs(BOB)
    assert (unchanged.notify, unchanged.reminders, unchanged.quiet_start, unchanged.time_zone) == ("dm", True, None,
                                                                                                   None)
    prefs = await service.set_prefs(BOB, quiet="22:30-07:15", time_zone="america/new_york")
    assert (prefs.quiet_start, prefs.quiet_end, prefs.time_zone) == (1350, 435, "America/New_York")
    assert await service.prefs(BOB) == prefs
    kept = await service.set_prefs(BOB, quiet="23-06")  # the zone given before holds
    assert (kept.quiet_start, kept.quiet_end, kept.time_zone) == (1380, 360, "America/New_York")
    off = await service.set_prefs(BOB, quiet="off")
    assert (off.quiet_start, off.quiet_end, off.time_zone, off.notify) == (None, None, "America/New_York", "dm")


async def test_a_held_dm_is_taken_once_among_several_storages(db_path: Path, storage: Storage,
                                                             clock: FakeClock) -> None:
    service = GameService(storage, clock=clock, seed_source=lambda: 7)
    game = (await started(service)).game
    await service.hold_dm(game.id, BOB, game.version, clock.now + 3600)
    timers = [t for t in await service.timers() if t.kind != REMINDER]
    assert [(t.kind, t.user_id, t.due_at, t.version) for t in timers] == [
        (held_dm_kind(BOB), BOB, clock.now + 3600, game.version)]
    async with Storage(db_path) as second:
        other = GameService(second, clock=clock)
        taken = await asyncio.gather(*(s.take_timer(timers[0]) for s in (service, other, service, other)))
    assert sorted(taken) == [False, False, False, True]
    assert [t.kind for t in await service.timers()] == [REMINDER]
    # a DM held anew for a later version is not taken by an older timer
    await service.hold_dm(game.id, BOB, game.version + 1, clock.now + 60)
    assert not await service.take_timer(timers[0])
    assert [t.version for t in await service.timers() if t.kind != REMINDER] == [game.version + 1]


async def test_a_reminder_is_held_only_while_it_is_the_turns(service: GameService, clock: FakeClock) -> None:
    game = (await started(service)).game
    reminder = next(t for t in await service.timers() if t.kind == REMINDER)
    assert not await service.hold_reminder(game.id, reminder.version + 1, clock.now + 999)  # another turn's
    assert (await service.timers())[0].due_at == reminder.due_at
    assert await service.hold_reminder(game.id, reminder.version, clock.now + 999)
    assert await service.timers() == [dataclasses.replace(reminder, due_at=clock.now + 999)]
    await service.drop_held_dm(game.id, HOST)  # none held: nothing else goes
    assert [t.kind for t in await service.timers()] == [REMINDER]
    async with service.storage.transaction() as tx:
        await tx.put_timer(Timer(game.id, held_dm_kind(HOST), HOST, clock.now, reminder.version))
    await service.drop_held_dm(game.id, HOST)
    assert [t.kind for t in await service.timers()] == [REMINDER]


async def test_the_reminder_loop_of_two_processes_sends_a_held_dm_once(db_path: Path, storage: Storage,
                                                                      clock: FakeClock) -> None:
    """Two bots over one database (two storages, two claim owners) pass over a due held DM at once: exactly one
    sends it, and neither sends it again; a DM held for a version the game has left is dropped unsent."""
    service = GameService(storage, clock=clock, seed_source=lambda: 7)
    game = (await started(service)).game
    user = game.current_user
    assert user is not None
    async with storage.transaction() as tx:
        await tx.delete_timers(game.id, REMINDER)  # only the held DM is due (the fake clock's times are long past)
    await service.hold_dm(game.id, user, game.version, clock.now)
    sent: list[tuple[str, int, int]] = []
    async with Storage(db_path) as second:
        loops = [Reminders(None, s, recorder(sent, name), poll_seconds=0.05)  # type: ignore[arg-type]
                 for name, s in (("one", service), ("two", GameService(second, clock=clock)))]
        loops[1].owner = "elsewhere:1"  # another machine's process: its claims are its own
        await asyncio.gather(*(loop.tick() for loop in loops))
        await asyncio.gather(*(loop.tick() for loop in loops))
        assert [(user_id, game_id) for _, user_id, game_id in sent] == [(user, game.id)], sent
        assert await service.timers() == []
        await service.hold_dm(game.id, user, game.version - 1, clock.now)  # a version the game has left
        await asyncio.gather(*(loop.tick() for loop in loops))
    assert len(sent) == 1 and await service.timers() == []


def recorder(sent: list[tuple[str, int, int]], name: str) -> Callable[[int, GameInfo], Awaitable[None]]:
    """A `notify_dm` that records (which process, user, game) instead of sending."""
    async def notify_dm(user_id: int, info: GameInfo) -> None:
        sent.append((name, user_id, info.id))
    return notify_dm
