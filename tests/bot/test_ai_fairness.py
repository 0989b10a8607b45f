"""Issue 40 item 2: the AI workers are shared fairly. `FairQueue` (pure) keeps games with a person and games of only
AIs in separate classes and lets the games of a class take turns, one decision each; `AIScheduler` runs at most its
capacity of decisions of each class at once (on the class's own workers) in that order; a server may have at most
`ai_only_games_per_server` running games played only by AIs (a start, `/gah ai` or `/gah leave` making one more is
refused, naming the limit, and changes nothing)."""

from __future__ import annotations

import asyncio

import pytest

from bot.host.service import GameService, LobbyError
from bot.host.service.ai_fairness import BACKGROUND, PERSON, AIScheduler, FairQueue
from bot.host.storage import Storage
from tests.bot.helpers import BOB, GUILD, HOST, FakeClock, lobby

# ----- FairQueue: the order, pure ----------------------------------------------------------------------------------


def drain(queue: FairQueue[str], lane: str) -> list[str]:
    """Pop the class until nothing waits in it."""
    served = []
    while (ticket := queue.pop(lane)) is not None:
        served.append(ticket)
    return served


def test_games_with_a_person_and_games_of_only_ais_wait_in_separate_classes() -> None:
    """A decision of a game with a person never queues behind one of a game of only AIs, however many wait."""
    queue: FairQueue[str] = FairQueue()
    for game in (1, 2, 3):
        queue.push(game, f"bg{game}", lane=BACKGROUND)
    queue.push(9, "person", lane=PERSON)
    assert queue.waiting(PERSON) == 1 and queue.waiting(BACKGROUND) == 3 and len(queue) == 4
    assert drain(queue, PERSON) == ["person"]
    assert drain(queue, BACKGROUND) == ["bg1", "bg2", "bg3"]


def test_games_take_turns_one_decision_each() -> None:
    """A game with many waiting decisions does not get them all before the others get one."""
    queue: FairQueue[str] = FairQueue()
    for n in range(3):
        queue.push(1, f"a{n}", lane=BACKGROUND)
    queue.push(2, "b0", lane=BACKGROUND)
    queue.push(3, "c0", lane=BACKGROUND)
    queue.push(2, "b1", lane=BACKGROUND)
    assert drain(queue, BACKGROUND) == ["a0", "b0", "c0", "a1", "b1", "a2"]


def test_a_game_asking_again_after_its_decision_waits_for_the_others_in_its_class() -> None:
    """As the AI tasks use it: one decision waiting per game; the served game asks again at the end of the round."""
    queue: FairQueue[str] = FairQueue()
    for game in (1, 2, 3):
        queue.push(game, f"g{game}", lane=PERSON)
    order = []
    for _ in range(6):
        ticket = queue.pop(PERSON)
        assert ticket is not None
        order.append(ticket)
        queue.push(int(ticket[1]), ticket, lane=PERSON)
    assert order == ["g1", "g2", "g3", "g1", "g2", "g3"]


def test_a_cancelled_ticket_is_forgotten() -> None:
    queue: FairQueue[str] = FairQueue()
    queue.push(1, "a", lane=BACKGROUND)
    queue.push(2, "b", lane=PERSON)
    assert queue.discard("b") and not queue.discard("b")
    assert len(queue) == 1 and queue.pop(PERSON) is None and drain(queue, BACKGROUND) == ["a"]


# ----- AIScheduler: at most `capacity` at once per class, in that order ---------------------------------------------


async def test_the_scheduler_runs_each_class_on_its_own_workers_games_in_turn() -> None:
    """One worker for games with a person, one for games of only AIs: the person's decisions run while a game of
    only AIs holds its worker, never two of a class at once, and the games of only AIs take turns."""
    scheduler = AIScheduler(capacity=1, background_capacity=1)
    order: list[str] = []
    running = {True: 0, False: 0}

    async def decide(game: int, urgent: bool, name: str, seconds: float) -> None:
        async with scheduler.turn(game, urgent=urgent):
            running[urgent] += 1
            assert running[urgent] == 1, "two decisions of one class ran at once"
            order.append(name)
            await asyncio.sleep(seconds)
            running[urgent] -= 1

    async def run(game: int, urgent: bool, decisions: int, seconds: float) -> None:
        for n in range(decisions):
            await decide(game, urgent, f"{game}.{n}", seconds)

    first = asyncio.create_task(decide(1, False, "1.first", 0.2))  # a long decision of a game of only AIs
    await asyncio.sleep(0)
    tasks = [asyncio.create_task(run(game, False, 2, 0.01)) for game in (1, 2, 3)]
    await asyncio.sleep(0)
    person = asyncio.create_task(run(9, True, 3, 0.01))  # arrives last
    await person
    assert order[1:4] == ["9.0", "9.1", "9.2"], order  # all done while "1.first" still thinks
    await asyncio.gather(first, *tasks)
    assert order[0] == "1.first"
    assert order[4:] == ["1.0", "2.0", "3.0", "1.1", "2.1", "3.1"], order
    assert scheduler.running == {True: 0, False: 0} and scheduler.waiting == 0


async def test_a_cancelled_wait_gives_no_worker_away() -> None:
    scheduler = AIScheduler(capacity=1)
    gate = asyncio.Event()

    async def hold() -> None:
        async with scheduler.turn(1, urgent=False):
            await gate.wait()

    async def wait() -> None:
        async with scheduler.turn(2, urgent=False):
            pass

    holder = asyncio.create_task(hold())
    await asyncio.sleep(0)
    waiter = asyncio.create_task(wait())
    await asyncio.sleep(0)
    assert scheduler.waiting == 1
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    gate.set()
    await holder
    assert scheduler.running == {True: 0, False: 0} and scheduler.waiting == 0
    async with scheduler.turn(3, urgent=False):
        assert scheduler.running[False] == 1


# ----- the limit of games played only by AIs per server -------------------------------------------------------------


async def ai_only_game(service: GameService, channel: int) -> int:
    """A running game whose only person handed the seat to an AI (run_ai=False: it stays running)."""
    game = await lobby(service, humans=1, ais=1, channel=channel)
    game = (await service.start(game.id, HOST, run_ai=False)).game
    await service.hand_to_ai(game.id, HOST, level="random", run_ai=False)
    return game.id


async def test_the_last_persons_seat_is_not_handed_to_an_ai_beyond_the_servers_limit(
        storage: Storage, clock: FakeClock) -> None:
    service = GameService(storage, clock=clock, seed_source=lambda: 7, ai_only_games_per_server=1)
    await ai_only_game(service, channel=501)  # the server's one game of only AIs
    game = await lobby(service, humans=2, ais=0, channel=502)
    game = (await service.start(game.id, HOST, run_ai=False)).game
    await service.hand_to_ai(game.id, BOB, level="random", run_ai=False)  # ann still plays: allowed
    version = (await service.game(game.id)).version
    for refused in (service.check_hand_to_ai(game.id, HOST, level="random"),
                    service.hand_to_ai(game.id, HOST, level="random", run_ai=False),
                    service.check_resign(game.id, HOST),
                    service.resign(game.id, HOST, run_ai=False)):
        with pytest.raises(LobbyError, match="at most 1 such game running at a time") as error:
            await refused
        assert "last person's seat" in str(error.value)
    after = await service.game(game.id)
    assert after.version == version and not after.seat_of(HOST).ai_controlled  # type: ignore[union-attr]


async def test_a_lobby_of_only_ais_does_not_start_beyond_the_servers_limit(storage: Storage, clock: FakeClock) -> None:
    service = GameService(storage, clock=clock, seed_source=lambda: 7, ai_only_games_per_server=1)
    game = await service.create(guild_id=GUILD, channel_id=601, host_id=HOST, seat_host=False)
    for _ in range(2):
        game = await service.add_ai(game.id, HOST)
    await ai_only_game(service, channel=602)
    with pytest.raises(LobbyError, match=r"A game of only AI players cannot start.*at most 1 such game"):
        await service.start(game.id, HOST, run_ai=False)
    assert (await service.game(game.id)).status == "lobby"
    elsewhere = await service.create(guild_id=GUILD + 1, channel_id=603, host_id=HOST, seat_host=False)
    for _ in range(2):
        elsewhere = await service.add_ai(elsewhere.id, HOST)
    assert (await service.start(elsewhere.id, HOST, run_ai=False)).game.status == "active"  # another server


async def test_a_limit_of_zero_refuses_every_game_of_only_ais(storage: Storage, clock: FakeClock) -> None:
    service = GameService(storage, clock=clock, seed_source=lambda: 7, ai_only_games_per_server=0)
    game = await lobby(service, humans=1, ais=1, channel=701)
    game = (await service.start(game.id, HOST, run_ai=False)).game
    with pytest.raises(LobbyError, match=r"at most 0 such games running at a time \(this one has 0\)"):
        await service.hand_to_ai(game.id, HOST, level="random", run_ai=False)
