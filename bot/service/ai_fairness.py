"""Who thinks next: the fair share of the AI workers between games (issue 40 item 2).

Every slow AI decision of a background AI task (`bot.service.ai_tasks`) waits here for a worker of its class:

1. a game with a person in it (someone waits for the AI's move) thinks in the AI process pool (`Thinker.workers`,
   `GAH_AI_WORKERS`); a game played only by AIs thinks in a separate background worker (`Thinker`'s
   `background_workers`, one) whose scheduling priority is the lowest there is. So a person's AI never waits for
   a decision of a game that nobody waits for, not even for one already running (a decision cannot be stopped
   halfway), and those games use only the CPU that people's AIs and the bot leave;
2. within each class, games take turns: one decision per game per round (`FairQueue`), so one game whose AI has a
   long run of decisions (or a server with many games) does not keep the workers while others wait;
3. at most as many decisions of a class run at once as it has workers, so the pools' own first-come-first-served
   queues stay empty and the order is this one;
4. a server may run at most `AI_ONLY_GAMES_PER_SERVER` games played only by AIs (`bot.service.ai_seats`).

`FairQueue` is pure; `AIScheduler` is its asyncio gate.

    scheduler = AIScheduler(capacity=1, background_capacity=1)
    async with scheduler.turn(game_id, urgent=True):      # one decision of a game with a person
        action = await thinker.choose(level, seed, state)
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Generic, TypeVar

T = TypeVar("T")

AI_ONLY_GAMES_PER_SERVER = 2
"""How many running games played only by AIs one server may have, unless the settings say otherwise
(`GAH_AI_ONLY_GAMES_PER_SERVER`): such a game thinks for nobody who waits, so a server cannot fill the workers
with them."""


class FairQueue(Generic[T]):
    """Waiting AI decisions (any tickets `T`) of many games in two classes, each served round-robin by game: games
    with a person in them (`urgent`) and games played only by AIs."""

    def __init__(self) -> None:
        self._lanes: dict[bool, OrderedDict[int, deque[T]]] = {True: OrderedDict(), False: OrderedDict()}

    def __len__(self) -> int:
        return sum(len(tickets) for lane in self._lanes.values() for tickets in lane.values())

    def waiting(self, *, urgent: bool) -> int:
        """How many decisions of the class wait."""
        return sum(len(tickets) for tickets in self._lanes[urgent].values())

    def push(self, game_id: int, ticket: T, *, urgent: bool) -> None:
        """A decision of `game_id` waits; `urgent`: the game has a person in it. A game not yet waiting joins the
        end of its class's round."""
        self._lanes[urgent].setdefault(game_id, deque()).append(ticket)

    def discard(self, ticket: T) -> bool:
        """Forget a waiting ticket (its task was cancelled); whether it was waiting."""
        for lane in self._lanes.values():
            for game_id, tickets in lane.items():
                if ticket in tickets:
                    tickets.remove(ticket)
                    if not tickets:
                        del lane[game_id]
                    return True
        return False

    def pop(self, *, urgent: bool) -> T | None:
        """The next decision of the class, taken out of the queue (None if none waits): the first ticket of the game
        at the head of the round, which then goes to the end of the round if it has more."""
        lane = self._lanes[urgent]
        if not lane:
            return None
        game_id, tickets = next(iter(lane.items()))
        ticket = tickets.popleft()
        if tickets:
            lane.move_to_end(game_id)
        else:
            del lane[game_id]
        return ticket


class AIScheduler:
    """Lets at most `capacity` decisions of games with a person, and `background_capacity` of games played only by
    AIs, run at once, each class in `FairQueue`'s order.

    Args:
        capacity: the AI process pool's size (`Thinker.workers`; at least 1).
        background_capacity: the background workers' count (`Thinker.background_workers`; at least 1).
    """

    def __init__(self, capacity: int, background_capacity: int = 1) -> None:
        self.capacities = {True: max(1, capacity), False: max(1, background_capacity)}
        self.running = {True: 0, False: 0}
        self._queue: FairQueue[asyncio.Future[None]] = FairQueue()

    @property
    def waiting(self) -> int:
        """How many decisions wait for a worker."""
        return len(self._queue)

    @asynccontextmanager
    async def turn(self, game_id: int, *, urgent: bool) -> AsyncIterator[None]:
        """Wait for this game's turn at a worker of its class, hold it for the block (one decision), then give it
        back. `urgent`: the game has a person in it."""
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.push(game_id, granted, urgent=urgent)
        self._dispatch(urgent)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():  # granted just before the cancel: give it back
                self._release(urgent)
            else:
                self._queue.discard(granted)
            raise
        try:
            yield
        finally:
            self._release(urgent)

    def _release(self, urgent: bool) -> None:
        self.running[urgent] -= 1
        self._dispatch(urgent)

    def _dispatch(self, urgent: bool) -> None:
        """Grant the class's free workers to its next waiting decisions."""
        while self.running[urgent] < self.capacities[urgent]:
            granted = self._queue.pop(urgent=urgent)
            if granted is None:
                break
            if granted.done():  # its task was cancelled meanwhile
                continue
            granted.set_result(None)
            self.running[urgent] += 1
