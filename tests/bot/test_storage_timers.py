"""Timers across processes (issue 19): a due timer is claimed by exactly one storage (process), a claim lasts for its
lease, and a process that dies holding one leaves the timer to be claimed again when the lease runs out."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot.host.reminders import claim_owner, process_gone
from bot.host.service.clock_timer import CLOCK, after_downtime
from bot.host.storage import Storage, Timer

NOW = 1_700_000_000.0


async def games_with_timers(storage: Storage, due: int, later: int = 0) -> list[int]:
    """`due` games whose reminder is due at NOW (oldest first), then `later` games whose reminder is due later."""
    ids = []
    async with storage.transaction() as tx:
        for n in range(due + later):
            game = await tx.insert_game(guild_id=1, channel_id=700 + n, host_id=5, config={}, engine_version="t",
                                        now=NOW)
            await tx.put_timer(Timer(game.id, "reminder", 5, NOW - due + n if n < due else NOW + 100, 0))
            ids.append(game.id)
    return ids


async def claim(storage: Storage, owner: str, now: float = NOW, limit: int = 100) -> list[int]:
    async with storage.transaction() as tx:
        return [timer.game_id for timer in await tx.claim_timers(owner, now=now, lease_seconds=60, limit=limit)]


async def test_two_storages_claiming_at_once_never_take_the_same_timer(db_path: Path, storage: Storage) -> None:
    ids = await games_with_timers(storage, due=40, later=5)
    async with Storage(db_path) as second:
        rounds = await asyncio.gather(*(claim(storage if n % 2 else second, f"p{n % 2}", limit=3)
                                        for n in range(30)))
    taken = [game for batch in rounds for game in batch]
    assert sorted(taken) == ids[:40]  # every due timer once; the 5 not yet due stay
    assert len(set(taken)) == len(taken)


async def test_claims_come_soonest_first_and_hold_until_the_lease_ends(storage: Storage) -> None:
    ids = await games_with_timers(storage, due=3)
    assert await claim(storage, "a", limit=2) == ids[:2]  # the two that waited longest
    assert await claim(storage, "b") == ids[2:]
    assert await claim(storage, "b", now=NOW + 59) == []  # a's lease runs 60 s
    assert await claim(storage, "b", now=NOW + 60) == ids  # a's and b's leases ran out: "a died", b takes over
    async with storage.reading() as tx:
        assert await tx.timer_claim(ids[0], "reminder") == ("b", NOW + 120)
        assert await tx.timer_claim(ids[0], "other kind") == (None, None)


async def test_a_process_that_dies_holding_a_claim_leaves_the_timer_to_be_retaken(db_path: Path,
                                                                                  storage: Storage) -> None:
    [game] = await games_with_timers(storage, due=1)
    doomed = Storage(db_path)
    await doomed.open()
    assert await claim(doomed, "doomed") == [game]
    await doomed.close()  # gone before it sent the reminder or deleted the timer
    assert await claim(storage, "survivor", now=NOW + 30) == []
    assert await claim(storage, "survivor", now=NOW + 61) == [game]


async def test_a_claim_ends_when_its_holder_releases_it_or_the_timer_is_set_anew(storage: Storage) -> None:
    [first, second] = await games_with_timers(storage, due=2)
    assert await claim(storage, "a") == [first, second]
    async with storage.transaction() as tx:
        assert not await tx.release_timer(first, "reminder", "b")  # not b's
        assert await tx.release_timer(first, "reminder", "a")
        await tx.put_timer(Timer(second, "reminder", 5, NOW, 1))  # a move set the reminder anew
    assert await claim(storage, "b") == [first, second]
    async with storage.transaction() as tx:
        await tx.delete_timers(first)  # b sent the reminder
        with pytest.raises(ValueError):
            await tx.claim_timers("b", now=NOW, lease_seconds=0)
    assert await claim(storage, "c", now=NOW + 600) == [second]


async def test_the_claims_of_a_process_known_to_be_gone_end_at_once(storage: Storage) -> None:
    [first, second] = await games_with_timers(storage, due=2)
    assert await claim(storage, "gone", limit=1) == [first]
    assert await claim(storage, "alive", limit=1) == [second]
    async with storage.transaction() as tx:
        assert await tx.claim_holders(NOW) == ["alive", "gone"]
        assert await tx.claim_holders(NOW + 60) == []  # both leases ran out by then
        assert await tx.release_claims("gone") == 1
    assert await claim(storage, "restarted") == [first]  # no wait for the lease


def test_a_claim_owner_is_gone_only_when_its_process_on_this_machine_ended() -> None:
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                           check=True)
    assert process_gone(claim_owner(int(ended.stdout)))
    assert not process_gone(claim_owner())  # this process
    assert not process_gone(f"another-machine:{ended.stdout.strip()}")  # cannot be checked from here


async def test_the_time_the_bot_was_down_moves_only_the_turn_clocks_on(storage: Storage) -> None:
    """Issue 53 item 2: a process's first pass of the timer loop moves every turn clock (kind "clock") later by the
    time no process ran (less one poll interval), read from the newest heartbeat of any process; later passes, a
    process that starts while another runs, and other timers are left alone; a snooze does not move the clock."""
    [game] = await games_with_timers(storage, due=1)
    async with storage.transaction() as tx:
        await tx.put_timer(Timer(game, CLOCK, 5, NOW + 3600, 0))
        assert await after_downtime(tx, "a:1", NOW, starting=True, poll_seconds=1) == 0.0  # no heartbeat before
        assert await after_downtime(tx, "b:2", NOW + 30, starting=True, poll_seconds=1) == 29.0  # only "a" ran
        assert await after_downtime(tx, "b:2", NOW + 5000, starting=False, poll_seconds=1) == 0.0  # running
        # down from NOW + 5000 to NOW + 9000: 4000 s, less one poll of 60 s
        assert await after_downtime(tx, "c:3", NOW + 9000, starting=True, poll_seconds=60) == 3940.0
        timers = {t.kind: t for t in await tx.timers(game_id=game)}
        assert timers[CLOCK].due_at == NOW + 3600 + 29 + 3940
        assert timers["reminder"].due_at == NOW - 1  # only clocks move
        await tx.snooze_timers(5, NOW + 10**6)
        timers = {t.kind: t for t in await tx.timers(game_id=game)}
        assert timers[CLOCK].due_at == NOW + 3600 + 29 + 3940 and timers["reminder"].due_at == NOW + 10**6
