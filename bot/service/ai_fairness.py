"""Who thinks next: the fair share of the AI process pool between games (issue 40 item 2).

Every slow AI decision of a background AI task (`bot.service.ai_tasks`) waits here for one of the pool's workers
(`Thinker.workers`, at most that many decisions run at once, so the pool's own first-come-first-served queue stays
empty). When a worker is free the next decision is chosen by `FairQueue`:

1. a game with a person in it (someone waits for the AI's move) goes before every game played only by AIs;
2. within each of the two classes, games take turns: one decision per game per round, so a game whose AI has a
   long run of decisions does not keep the worker while others wait;
3. between two decisions of the same AI run of a game with a person, the worker is kept for that game for a
   moment (`HOLD_SECONDS`): its next decision comes a few milliseconds after the last one (the move is applied
   and sometimes committed in between), and a game of only AIs slipping into that gap would make the person wait
   for a whole decision of that game each time. Other games with a person still take their turns; the hold ends
   when the game's AI run ends (a person must answer) or after `HOLD_SECONDS` without a new decision.

`FairQueue` is pure (time is passed in); `AIScheduler` is its asyncio gate.

    scheduler = AIScheduler(capacity=1)
    async with scheduler.turn(game_id, urgent=True):      # one decision of a game with a person
        action = await thinker.choose(level, seed, state)
    scheduler.run_ended(game_id)                          # the game's AI run is over (a person must answer)
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

HOLD_SECONDS = 0.5
"""How long after one decision of a game with a person the worker waits for that game's next decision before a game
of only AIs may have it (seconds; a commit and a turn post's start fit well within it)."""


class FairQueue(Generic[T]):
    """Waiting AI decisions (any tickets `T`) of many games, in the order they are served (see the module).

    Args:
        hold_seconds: how long a game with a person keeps its claim on the next free worker after a decision of its
            own (`HOLD_SECONDS`); 0 turns the claim off.
    """

    def __init__(self, hold_seconds: float = HOLD_SECONDS) -> None:
        self.hold_seconds = hold_seconds
        self._urgent: OrderedDict[int, deque[T]] = OrderedDict()
        self._background: OrderedDict[int, deque[T]] = OrderedDict()
        self._holds: dict[int, float] = {}

    def __len__(self) -> int:
        return sum(len(tickets) for lane in (self._urgent, self._background) for tickets in lane.values())

    def push(self, game_id: int, ticket: T, *, urgent: bool) -> None:
        """A decision of `game_id` waits; `urgent`: the game has a person in it. A game not yet waiting joins the
        end of its class's round."""
        lane = self._urgent if urgent else self._background
        lane.setdefault(game_id, deque()).append(ticket)

    def discard(self, ticket: T) -> bool:
        """Forget a waiting ticket (its task was cancelled); whether it was waiting."""
        for lane in (self._urgent, self._background):
            for game_id, tickets in lane.items():
                if ticket in tickets:
                    tickets.remove(ticket)
                    if not tickets:
                        del lane[game_id]
                    return True
        return False

    def served(self, game_id: int, *, urgent: bool, now: float) -> None:
        """A decision of `game_id` finished at `now` (seconds, any clock): a game with a person keeps its claim on
        the next free worker until `now + hold_seconds`."""
        if urgent and self.hold_seconds > 0:
            self._holds[game_id] = now + self.hold_seconds

    def run_ended(self, game_id: int) -> None:
        """The game's AI run is over (a person must answer, or the game ended): its claim ends now."""
        self._holds.pop(game_id, None)

    def held(self, now: float) -> bool:
        """Whether a game with a person still claims the next free worker at `now`."""
        for game_id, until in list(self._holds.items()):
            if until <= now:
                del self._holds[game_id]
        return bool(self._holds)

    def pop(self, now: float) -> T | None:
        """The next decision to run at `now`, taken out of the queue; None if nothing waits, or only games of only
        AIs wait while a game with a person claims the worker (`wake_at` tells until when)."""
        if self._urgent:
            return _take(self._urgent)
        if self._background and not self.held(now):
            return _take(self._background)
        return None

    def wake_at(self, now: float) -> float | None:
        """When a waiting game of only AIs may be served although nothing is released (the last claim's end), or
        None if none waits for that."""
        if self._urgent or not self._background or not self.held(now):
            return None
        return max(self._holds.values())


def _take(lane: OrderedDict[int, deque[T]]) -> T:
    """The first ticket of the first game of `lane`; that game goes to the end of the round if it has more."""
    game_id, tickets = next(iter(lane.items()))
    ticket = tickets.popleft()
    if tickets:
        lane.move_to_end(game_id)
    else:
        del lane[game_id]
    return ticket


class AIScheduler:
    """Lets at most `capacity` AI decisions run at once, in `FairQueue`'s order.

    Args:
        capacity: how many decisions may run at once (the process pool's size; at least 1).
        hold_seconds: see `FairQueue`.
    """

    def __init__(self, capacity: int, hold_seconds: float = HOLD_SECONDS) -> None:
        self.capacity = max(1, capacity)
        self.running = 0
        self._queue: FairQueue[asyncio.Future[None]] = FairQueue(hold_seconds)
        self._timer: asyncio.TimerHandle | None = None

    @property
    def waiting(self) -> int:
        """How many decisions wait for a worker."""
        return len(self._queue)

    @asynccontextmanager
    async def turn(self, game_id: int, *, urgent: bool) -> AsyncIterator[None]:
        """Wait for this game's turn at a worker, hold it for the block (one decision), then give it back.
        `urgent`: the game has a person in it."""
        loop = asyncio.get_running_loop()
        granted: asyncio.Future[None] = loop.create_future()
        self._queue.push(game_id, granted, urgent=urgent)
        self._dispatch()
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():  # granted just before the cancel: give it back
                self._release(game_id, urgent=False)
            else:
                self._queue.discard(granted)
            raise
        try:
            yield
        finally:
            self._release(game_id, urgent=urgent)

    def run_ended(self, game_id: int) -> None:
        """The game's AI run is over: it no longer claims the next free worker (`FairQueue.run_ended`)."""
        self._queue.run_ended(game_id)
        self._dispatch()

    def _release(self, game_id: int, *, urgent: bool) -> None:
        self.running -= 1
        self._queue.served(game_id, urgent=urgent, now=asyncio.get_running_loop().time())
        self._dispatch()

    def _dispatch(self) -> None:
        """Grant free workers to the next waiting decisions; if games of only AIs wait behind a claim, look again
        when it ends."""
        loop = asyncio.get_running_loop()
        while self.running < self.capacity:
            granted = self._queue.pop(loop.time())
            if granted is None:
                break
            if granted.done():  # its task was cancelled meanwhile
                continue
            granted.set_result(None)
            self.running += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        wake = self._queue.wake_at(loop.time()) if self.running < self.capacity else None
        if wake is not None:
            self._timer = loop.call_at(wake + 0.001, self._dispatch)
