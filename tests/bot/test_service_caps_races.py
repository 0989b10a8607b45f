"""Issue 51 item 6: the caps on open games (per member, per server) and on running games of only AIs hold when the
requests that would pass them come at once, on both backends (SQLite lets one writer in at a time; on PostgreSQL
the count and the change that follows it are serialised per member and per server in the same transaction).

Each race is run several rounds (fresh members, servers and channels): one round of PostgreSQL's READ COMMITTED
without the serialisation lets every racer through."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import TypeVar

from bot.host.service import GameInfo, GameService, LobbyError
from bot.host.service.lobby import LobbyLimits
from bot.host.storage import Storage
from tests.bot.helpers import FakeClock

ROUNDS = 5
T = TypeVar("T")


async def at_once(calls: Sequence[Awaitable[T]]) -> tuple[list[T], list[BaseException]]:
    """Run the calls concurrently: (their results, their errors)."""
    outcomes = await asyncio.gather(*calls, return_exceptions=True)
    return ([o for o in outcomes if not isinstance(o, BaseException)],
            [o for o in outcomes if isinstance(o, BaseException)])


def only_refusals(errors: list[BaseException], text: str) -> None:
    """Every error is a `LobbyError` naming the limit (`text`)."""
    assert all(isinstance(e, LobbyError) and text in str(e) for e in errors), [repr(e) for e in errors]


async def open_games(service: GameService, *, guild_id: int | None = None, user_id: int | None = None) -> int:
    """How many lobbies and running games there are (of the server, of the member)."""
    async with service.storage.reading() as tx:
        return await tx.count_open_games(guild_id=guild_id, user_id=user_id)


async def test_one_members_new_games_at_once_stop_at_the_per_member_cap(storage: Storage, clock: FakeClock) -> None:
    """A member at 3 of a cap of 4 sends `/gah new` in four channels at once: one lobby opens, three are refused
    naming the cap."""
    service = GameService(storage, clock=clock)
    service.limits = LobbyLimits(per_user=4, per_server=1000)
    for round_number in range(ROUNDS):
        member, channel = 1000 + round_number, 10_000 + 100 * round_number
        for n in range(3):
            await service.create(guild_id=1, channel_id=channel + n, host_id=member)
        opened, errors = await at_once([service.create(guild_id=1, channel_id=channel + 10 + n, host_id=member)
                                        for n in range(4)])
        assert len(opened) == 1, (round_number, len(opened))
        only_refusals(errors, "You already have 4 open games")
        assert await open_games(service, user_id=member) == 4


async def test_new_games_and_joins_of_one_member_at_once_stop_at_the_per_member_cap(
        storage: Storage, clock: FakeClock) -> None:
    """Joining counts too: a member at 1 of a cap of 2 joins two lobbies and opens two games at once; one of the
    four goes through."""
    service = GameService(storage, clock=clock)
    service.limits = LobbyLimits(per_user=2, per_server=1000)
    for round_number in range(ROUNDS):
        member, channel = 2000 + round_number, 20_000 + 100 * round_number
        await service.create(guild_id=2, channel_id=channel, host_id=member)
        lobbies = [await service.create(guild_id=2, channel_id=channel + 1 + n, host_id=3000 + 10 * round_number + n)
                   for n in range(2)]
        calls: list[Awaitable[GameInfo]] = [service.join(lobby.id, member) for lobby in lobbies]
        calls += [service.create(guild_id=2, channel_id=channel + 10 + n, host_id=member) for n in range(2)]
        done, errors = await at_once(calls)
        assert len(done) == 1, (round_number, len(done))
        only_refusals(errors, "You already have 2 open games")
        assert await open_games(service, user_id=member) == 2


async def test_new_games_of_many_members_at_once_stop_at_the_per_server_cap(
        storage: Storage, clock: FakeClock) -> None:
    """A server at 1 of a cap of 3: six members open games at once; two open, four are refused naming the cap."""
    service = GameService(storage, clock=clock)
    service.limits = LobbyLimits(per_user=5, per_server=3)
    for round_number in range(ROUNDS):
        guild, channel = 300 + round_number, 30_000 + 100 * round_number
        await service.create(guild_id=guild, channel_id=channel, host_id=1)
        opened, errors = await at_once([service.create(guild_id=guild, channel_id=channel + 1 + n, host_id=10 + n)
                                        for n in range(6)])
        assert len(opened) == 2, (round_number, len(opened))
        only_refusals(errors, "This server already has 3 open games")
        assert await open_games(service, guild_id=guild) == 3


async def running_with_one_person(service: GameService, guild: int, channel: int, host: int) -> GameInfo:
    """A running game of `host` and a random AI (no AI moves yet)."""
    game = await service.create(guild_id=guild, channel_id=channel, host_id=host)
    game = await service.add_ai(game.id, host)
    return (await service.start(game.id, host, run_ai=False)).game


async def ai_only_running(service: GameService, guild: int) -> int:
    """How many running games of the server are played only by AIs."""
    return sum(1 for game in await service.games(guild_id=guild)
               if game.status == "active" and all(seat.ai_controlled for seat in game.seats))


async def test_seats_handed_to_ais_at_once_stop_at_the_cap_of_games_of_only_ais(
        storage: Storage, clock: FakeClock) -> None:
    """`/gah ai` in three games at once (each one's only person hands over their seat) with a cap of 2 games of only
    AIs: two are handed over, one is refused naming the cap."""
    service = GameService(storage, clock=clock, seed_source=lambda: 7, ai_only_games_per_server=2)
    for round_number in range(ROUNDS):
        guild = 400 + round_number
        games = [await running_with_one_person(service, guild, 40_000 + 100 * round_number + n, 50 + n)
                 for n in range(3)]
        handed, errors = await at_once([service.hand_to_ai(game.id, 50 + n, level="random", run_ai=False)
                                        for n, game in enumerate(games)])
        assert len(handed) == 2, (round_number, len(handed))
        only_refusals(errors, "at most 2 such games running at a time")
        assert await ai_only_running(service, guild) == 2


async def test_lobbies_of_only_ais_started_at_once_stop_at_the_cap_of_games_of_only_ais(
        storage: Storage, clock: FakeClock) -> None:
    """Three lobbies seating only AIs started at once with a cap of 1: one starts."""
    service = GameService(storage, clock=clock, seed_source=lambda: 7, ai_only_games_per_server=1)
    for round_number in range(ROUNDS):
        guild = 500 + round_number
        lobbies = []
        for n in range(3):
            game = await service.create(guild_id=guild, channel_id=60_000 + 100 * round_number + n, host_id=70 + n,
                                        seat_host=False)
            for _ in range(2):
                game = await service.add_ai(game.id, 70 + n)
            lobbies.append(game)
        started, errors = await at_once([service.start(game.id, 70 + n, run_ai=False)
                                         for n, game in enumerate(lobbies)])
        assert len(started) == 1, (round_number, len(started))
        only_refusals(errors, "at most 1 such game running at a time")
        assert await ai_only_running(service, guild) == 1


async def test_new_games_from_two_processes_at_once_stop_at_the_per_member_cap(
        db_path: Path, storage: Storage, clock: FakeClock) -> None:
    """Two bot processes (each its own storage and locks) over one database: a member's new games at once in six
    channels, half through each; exactly the cap of 3 open."""
    per_user = 3
    async with Storage(db_path) as second_storage:
        services = [GameService(storage, clock=clock), GameService(second_storage, clock=clock)]
        for service in services:
            service.limits = LobbyLimits(per_user=per_user, per_server=1000)
        for round_number in range(ROUNDS):
            member, channel = 8000 + round_number, 80_000 + 100 * round_number
            opened, errors = await at_once([services[n % 2].create(guild_id=8, channel_id=channel + n, host_id=member)
                                            for n in range(6)])
            assert len(opened) == per_user, (round_number, len(opened))
            only_refusals(errors, f"You already have {per_user} open games")


async def test_a_held_name_makes_the_next_holder_wait_until_the_transaction_ends(
        db_path: Path, storage: Storage) -> None:
    """`Tx.hold`: a second connection's transaction that holds the same name waits until the first transaction
    ends (on SQLite its `BEGIN IMMEDIATE` already waits for the write lock); a reading transaction never waits."""
    order: list[str] = []
    holds, release = asyncio.Event(), asyncio.Event()

    async def first() -> None:
        async with storage.transaction() as tx:
            await tx.hold("open-games:user:1", "open-games:server:1")
            holds.set()
            await release.wait()
            order.append("first ends")

    async def second(other: Storage) -> None:
        await holds.wait()
        async with other.transaction() as tx:
            await tx.hold("open-games:user:1")
            order.append("second holds")

    async with Storage(db_path) as other:
        racing = asyncio.gather(first(), second(other))
        await holds.wait()
        async with other.reading() as tx:
            await tx.hold("open-games:user:1")
            order.append("a reader goes on")
        await asyncio.sleep(0.3)
        order.append("released")
        release.set()
        await racing
    assert order == ["a reader goes on", "released", "first ends", "second holds"]
