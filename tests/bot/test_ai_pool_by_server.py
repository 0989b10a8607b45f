"""Issue 51 item 3: the AI workers are shared fairly by server, then by game. `FairQueue` (pure) serves the waiting
server that used the workers least lately, games of one server in turn; a server that starts asking again counts
little less than the others; a batch holding a worker yields it only to a server that used less (or, after a
quantum, to another game of a server that used as much); and a member or a server has at most so many expert or
master AI seats in running games (a start or `/gah ai` beyond it is refused, naming the limit, changing nothing)."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.host.service import GameService, LobbyError
from bot.host.service.ai_caps import ExpensiveAICaps
from bot.host.service.ai_fairness import PERSON, QUANTUM_SECONDS, WAKE_BONUS_SECONDS, AIScheduler, FairQueue
from bot.host.storage import Storage
from tests.bot.helpers import BOB, GUILD, HOST, FakeClock


class Ticks:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def drain(queue: FairQueue[str]) -> list[str]:
    served = []
    while (ticket := queue.pop(PERSON)) is not None:
        served.append(ticket)
    return served


@pytest.mark.parametrize("seed", range(20))
def test_a_server_with_many_games_gets_one_turn_to_anothers_one(seed: int) -> None:
    """Whatever the order of arrival, with equal use the servers alternate, and one server's games take turns."""
    rng = random.Random(seed)
    queue: FairQueue[str] = FairQueue(clock=Ticks())
    arrivals = [(1, game, f"s1g{game}.{n}") for game in range(4) for n in range(3)] + \
               [(2, 9, f"s2g9.{n}") for n in range(6)]
    rng.shuffle(arrivals)
    heads: dict[tuple[int, int], list[str]] = {}
    for server, game, ticket in sorted(arrivals):  # each game's tickets pushed in their own order
        heads.setdefault((server, game), []).append(ticket)
    for server, game, _ in arrivals:
        queue.push(game, heads[(server, game)].pop(0), lane=PERSON, server=server)
    served = drain(queue)
    servers = [int(ticket[1]) for ticket in served]
    # while both wait, no server is served twice in a row
    both = len(servers) - (servers.count(1) - servers.count(2))
    assert all(servers[n] != servers[n + 1] for n in range(both - 1)), servers
    for game in range(4):  # each game's tickets in order
        mine = [ticket for ticket in served if ticket.startswith(f"s1g{game}.")]
        assert mine == sorted(mine)


def test_the_server_that_used_least_goes_first_and_a_waking_one_gets_only_a_small_lead() -> None:
    ticks = Ticks()
    queue: FairQueue[str] = FairQueue(clock=ticks)
    queue.charge(1, 30.0)
    queue.charge(2, 5.0)
    for server in (1, 2):
        queue.push(server, f"s{server}", lane=PERSON, server=server)
    assert drain(queue) == ["s2", "s1"]
    ticks.now += 20.0  # a half-life: both count half
    assert queue.usage(1) == pytest.approx(15.0) and queue.usage(2) == pytest.approx(2.5)
    queue.wake(3, [1, 2])  # a newcomer counts at least the least of the others less the bonus
    assert queue.usage(3) == pytest.approx(2.5 - WAKE_BONUS_SECONDS)
    queue.wake(2, [1])
    assert queue.usage(2) == pytest.approx(15.0 - WAKE_BONUS_SECONDS)


def test_a_batch_yields_only_to_a_server_that_used_less_or_after_a_quantum_to_an_equal_one() -> None:
    ticks = Ticks()
    queue: FairQueue[str] = FairQueue(clock=ticks)
    queue.charge(1, 10.0)  # the busy server
    queue.charge(2, 2.0)   # the victim
    queue.push(7, "busy", lane=PERSON, server=1)
    assert not queue.should_yield(PERSON, 2, 5, held=10.0), "the victim keeps the worker for its turn"
    queue.pop(PERSON)
    queue.push(5, "victim", lane=PERSON, server=2)
    assert queue.should_yield(PERSON, 1, 7, held=0.0), "the busy server yields at its next decision"
    queue.pop(PERSON)
    queue.push(8, "sibling", lane=PERSON, server=1)  # another game of the same server
    assert not queue.should_yield(PERSON, 1, 7, held=QUANTUM_SECONDS / 2)
    assert queue.should_yield(PERSON, 1, 7, held=QUANTUM_SECONDS)


async def test_a_victims_turn_waits_for_at_most_one_decision_of_a_busy_server() -> None:
    """One worker; server 1 runs 4 games whose batches think on and on (0.05 s a decision); server 2's game asks
    for 5 decisions in a row once server 1 has used the worker a while: it waits for at most the decision running,
    then its 5 decisions run back to back."""
    scheduler = AIScheduler(capacity=1)
    order: list[tuple[int, int]] = []
    stop = asyncio.Event()

    async def busy(game: int) -> None:
        while not stop.is_set():
            async with scheduler.hold(game, urgent=True, server=1) as hold:
                for _ in range(4):
                    async with hold.decision():
                        order.append((1, game))
                        await asyncio.sleep(0.05)

    tasks = [asyncio.create_task(busy(game)) for game in range(4)]
    await asyncio.sleep(1.0)
    asked = len(order)
    async with scheduler.hold(99, urgent=True, server=2) as hold:
        for _ in range(5):
            async with hold.decision():
                order.append((2, 99))
                await asyncio.sleep(0.05)
    stop.set()
    await asyncio.gather(*tasks)
    mine = [n for n, (server, _) in enumerate(order) if server == 2]
    assert mine == list(range(mine[0], mine[0] + 5)), "back to back"
    assert mine[0] - asked <= 1, "at most the decision running when it asked"
    assert scheduler.running == {True: 0, False: 0} and scheduler.waiting == 0


# ----- the caps on expert and master AI seats ------------------------------------------------------------------------


async def master_lobby(service: GameService, host: int, channel: int, masters: int, guild: int = GUILD) -> int:
    game = await service.create(guild_id=guild, channel_id=channel, host_id=host, host_name=f"h{host}",
                                options={"seed": channel})
    for _ in range(masters):
        game = await service.add_ai(game.id, host, "master")
    return game.id


async def test_a_member_and_a_server_run_at_most_their_expensive_ai_seats(storage: Storage,
                                                                          clock: FakeClock) -> None:
    service = GameService(storage, clock=clock, expensive_ai=ExpensiveAICaps(per_member=4, per_server=6))
    first = await master_lobby(service, HOST, 801, 3)
    await service.start(first, HOST, run_ai=False)
    second = await master_lobby(service, HOST, 802, 2)
    with pytest.raises(LobbyError, match=r"one member may run at most 4 expert or master AI seats.*make 5"):
        await service.start(second, HOST, run_ai=False)
    assert (await service.game(second)).status == "lobby", "refused: nothing changed"
    third = await master_lobby(service, BOB, 803, 3)  # bob's own seats: his cap
    await service.start(third, BOB, run_ai=False)
    fourth = await master_lobby(service, 105, 804, 1)
    with pytest.raises(LobbyError, match=r"this server may run at most 6 expert or master AI seats.*make 7"):
        await service.start(fourth, 105, run_ai=False)
    elsewhere = await master_lobby(service, 105, 805, 1, guild=GUILD + 1)  # another server's own count
    assert (await service.start(elsewhere, 105, run_ai=False)).game.status == "active"

    # /gah ai with a master level counts for the seat's owner; a lighter AI is never refused
    game = await service.create(guild_id=GUILD + 1, channel_id=806, host_id=106, host_name="h106")
    await service.join(game.id, 107, "p107")
    await service.start(game.id, 106, run_ai=False)
    capped = GameService(storage, clock=clock, expensive_ai=ExpensiveAICaps(per_member=0, per_server=6))
    version = (await capped.game(game.id)).version
    for refused in (capped.check_hand_to_ai(game.id, 107, level="master"),
                    capped.hand_to_ai(game.id, 107, level="master", run_ai=False)):
        with pytest.raises(LobbyError, match="That AI cannot take the seat: one member may run at most 0"):
            await refused
    assert (await capped.game(game.id)).version == version
    await capped.hand_to_ai(game.id, 107, level="strong", run_ai=False)
