"""Who thinks next: the fair share of the AI workers between servers, then games (issue 40 item 2, issue 51 item 3).

Every slow AI decision of a background AI task (`bot.host.service.ai_tasks`), and every *Suggest* search
(`bot.host.service.suggest`), waits here for a worker of its pool:

1. a game with a person in it (someone waits for the AI's move) thinks in the AI process pool (`Thinker.workers`,
   `GAH_AI_WORKERS`); a game played only by AIs thinks in a separate background worker (`Thinker`'s
   `background_workers`, one) whose scheduling priority is the lowest there is. So a person's AI never waits for
   a decision of a game that nobody waits for, not even for one already running (a decision cannot be stopped
   halfway), and those games use only the CPU that people's AIs and the bot leave;
2. *Suggest* searches think in the AI process pool too, but only when no AI seat's decision waits (`SUGGESTION`);
3. within each lane, servers share the workers fairly: the next worker goes to the waiting server that used the
   workers least lately (worker-seconds, decaying with `USAGE_HALF_LIFE_SECONDS`; ties in turn; a server that starts
   asking again counts at least as much as the least of the others less `WAKE_BONUS_SECONDS`), and within a server
   its games take turns. One member's many games therefore count as one server's share: another server's AI waits
   for at most about one decision of theirs;
4. an AI task holds its worker across its decisions (`Hold`: the moves of its AI turns, batch after batch, while
   the game's AI goes on), so that an AI turn is not cut into pieces each waiting for another game's decision; it
   gives the worker back between two decisions as soon as a server that used less waits, or another game of a
   server that used as much waits and it has held the worker for `QUANTUM_SECONDS`;
5. at most as many decisions of a pool run at once as it has workers, so the pools' own first-come-first-served
   queues stay empty and the order is this one;
6. a server may run at most `AI_ONLY_GAMES_PER_SERVER` games played only by AIs (`bot.host.service.ai_seats`), and a
   member or a server only so many expensive AI seats in running games (`bot.host.service.ai_caps`).

`FairQueue` is pure; `AIScheduler` is its asyncio gate.

    scheduler = AIScheduler(capacity=1, background_capacity=1)
    async with scheduler.hold(game_id, urgent=True, server=guild_id) as hold:   # one batch of a game with a person
        async with hold.decision():
            action = await thinker.choose(level, seed, state)
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Generic, TypeVar

T = TypeVar("T")

AI_ONLY_GAMES_PER_SERVER = 2
"""How many running games played only by AIs one server may have, unless the settings say otherwise
(`GAH_AI_ONLY_GAMES_PER_SERVER`): such a game thinks for nobody who waits, so a server cannot fill the workers
with them."""

AI_ONLY_TURN_SECONDS = 1.2
"""In a game of only AIs (people only watch it), a turn takes at least this many seconds unless the settings say
otherwise (`GAH_AI_ONLY_TURN_SECONDS`): its AI waits out the rest before the next turn, so that the channel gets each
turn's post (issue 42 item 6) within Discord's 5 posts in 5 s and watchers can read along. Games with a person never
wait."""

PERSON, SUGGESTION, BACKGROUND = "person", "suggestion", "background"
"""The lanes: AI seats of games with a person, *Suggest* searches (both in the AI process pool, suggestions only when
no AI seat waits) and AI seats of games played only by AIs (the background worker)."""

USAGE_HALF_LIFE_SECONDS = 20.0
"""How fast a server's past use of the workers is forgotten: a worker-second used this long ago counts half."""

WAKE_BONUS_SECONDS = 1.0
"""A server that starts asking for the workers again (none of its decisions waited or ran) counts at most this
much less than the least of those asking: it goes first, but a long quiet spell (or a busy past elsewhere) buys no
long run ahead of everyone, and a newcomer does not take the workers until it has caught up with a busy past of
another's."""

QUANTUM_SECONDS = 0.25
"""How long a batch may keep its worker across decisions while another game of a server that used as much waits."""


class FairQueue(Generic[T]):
    """Waiting tickets (any `T`) of many servers and games in lanes (`PERSON`, `SUGGESTION`, `BACKGROUND`). In a lane
    the waiting server that used the workers least lately (`charge`) is served first (ties in turn); within a server
    its games take turns, one ticket each.

    Args:
        half_life: seconds after which a charged worker-second counts half (`USAGE_HALF_LIFE_SECONDS`).
        clock: monotonic seconds (tests pass a fake one).
    """

    def __init__(self, half_life: float = USAGE_HALF_LIFE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.half_life = half_life
        self.clock = clock
        self._lanes: dict[str, OrderedDict[int, OrderedDict[int, deque[T]]]] = {
            lane: OrderedDict() for lane in (PERSON, SUGGESTION, BACKGROUND)}
        self._usage: dict[int, tuple[float, float]] = {}

    def __len__(self) -> int:
        return sum(self.waiting(lane) for lane in self._lanes)

    def waiting(self, lane: str) -> int:
        """How many tickets of the lane wait."""
        return sum(len(tickets) for games in self._lanes[lane].values() for tickets in games.values())

    def push(self, game_id: int, ticket: T, *, lane: str, server: int = 0) -> None:
        """A ticket of `game_id` (in `server`) waits in `lane`. A game or server not yet waiting joins the end of
        its round."""
        self._lanes[lane].setdefault(server, OrderedDict()).setdefault(game_id, deque()).append(ticket)

    def discard(self, ticket: T) -> bool:
        """Forget a waiting ticket (its task was cancelled); whether it was waiting."""
        for servers in self._lanes.values():
            for server, games in servers.items():
                for game_id, tickets in games.items():
                    if ticket in tickets:
                        tickets.remove(ticket)
                        if not tickets:
                            del games[game_id]
                        if not games:
                            del servers[server]
                        return True
        return False

    def usage(self, server: int) -> float:
        """The server's worker-seconds, each counting less the longer ago it was used."""
        value, at = self._usage.get(server, (0.0, 0.0))
        return value * 0.5 ** ((self.clock() - at) / self.half_life) if value else 0.0

    def charge(self, server: int, seconds: float) -> None:
        """The server used a worker for `seconds` just now."""
        self._usage[server] = (self.usage(server) + max(0.0, seconds), self.clock())
        if len(self._usage) > 10_000:  # forget servers whose use has faded, so the table stays small
            self._usage = {key: (value, at) for key, (value, at) in self._usage.items() if self.usage(key) > 1e-3}

    def wake(self, server: int, others: list[int]) -> None:
        """`server` starts asking for a worker while `others` (servers with decisions waiting or running in the
        same pool) are: its usage is raised to at least the least of theirs less `WAKE_BONUS_SECONDS`."""
        if others:
            floor = min(self.usage(other) for other in others) - WAKE_BONUS_SECONDS
            if self.usage(server) < floor:
                self._usage[server] = (floor, self.clock())

    def _next_server(self, lane: str) -> int | None:
        servers = self._lanes[lane]
        if not servers:
            return None
        return min(servers, key=self.usage)  # min keeps the first of equals: the round's order breaks ties

    def pop(self, lane: str) -> T | None:
        """The next ticket of the lane, taken out of the queue (None if none waits): the first ticket of the first
        game of the server that used the workers least lately; the game then goes to the end of its server's round,
        the server to the end of the lane's."""
        server = self._next_server(lane)
        if server is None:
            return None
        servers = self._lanes[lane]
        games = servers[server]
        game_id, tickets = next(iter(games.items()))
        ticket = tickets.popleft()
        if tickets:
            games.move_to_end(game_id)
        else:
            del games[game_id]
        if games:
            servers.move_to_end(server)
        else:
            del servers[server]
        return ticket

    def should_yield(self, lane: str, server: int, game_id: int, held: float) -> bool:
        """Whether a batch of `game_id` (in `server`) that has held its worker for `held` seconds gives it back
        before its next decision: a server that used less waits in the lane, or another game waits and the batch
        has had `QUANTUM_SECONDS` and its server used no less (a server that used more waits for the batch's
        end)."""
        mine = self.usage(server)
        for other, games in self._lanes[lane].items():
            theirs = mine if other == server else self.usage(other)
            if theirs < mine:
                return True
            if held >= QUANTUM_SECONDS and theirs <= mine and any(game != game_id for game in games):
                return True
        return False


class Hold:
    """A game's claim on a worker of its pool across the decisions of one batch (`AIScheduler.hold`). Each decision
    runs in `decision()`; the worker is taken at the first and kept between decisions unless `FairQueue.should_yield`
    says another waits who should go first."""

    def __init__(self, scheduler: AIScheduler, game_id: int, lane: str, server: int) -> None:
        self.scheduler = scheduler
        self.game_id = game_id
        self.lane = lane
        self.server = server
        self.held_since: float | None = None

    @asynccontextmanager
    async def decision(self) -> AsyncIterator[None]:
        """Hold a worker for one decision (waiting for it in the lane's order if the batch holds none)."""
        queue = self.scheduler.queue
        if self.held_since is not None and queue.should_yield(self.lane, self.server, self.game_id,
                                                              queue.clock() - self.held_since):
            self.release()
        if self.held_since is None:
            await self.scheduler.acquire(self.game_id, self.lane, self.server)
            self.held_since = queue.clock()
        started = queue.clock()
        try:
            yield
        finally:
            queue.charge(self.server, queue.clock() - started)

    def release(self) -> None:
        """Give the worker back (a no-op if the batch holds none)."""
        if self.held_since is not None:
            self.held_since = None
            self.scheduler.release(self.lane, self.server)


class AIScheduler:
    """Lets at most `capacity` decisions of the AI process pool (AI seats of games with a person, then *Suggest*
    searches), and `background_capacity` of games played only by AIs, run at once, each lane in `FairQueue`'s order.

    Args:
        capacity: the AI process pool's size (`Thinker.workers`; at least 1).
        background_capacity: the background workers' count (`Thinker.background_workers`; at least 1).
        clock: monotonic seconds for the servers' usage (tests pass a fake one).
    """

    def __init__(self, capacity: int, background_capacity: int = 1,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.capacities = {True: max(1, capacity), False: max(1, background_capacity)}
        self.running = {True: 0, False: 0}
        """Decisions running now, by pool: True the AI process pool, False the background worker."""
        self.queue: FairQueue[asyncio.Future[None]] = FairQueue(clock=clock)
        self._active: dict[bool, dict[int, int]] = {True: {}, False: {}}
        """By pool, each server's decisions waiting or running (`FairQueue.wake`)."""

    @property
    def waiting(self) -> int:
        """How many decisions wait for a worker."""
        return len(self.queue)

    def waiting_in(self, lane: str) -> int:
        """How many decisions of the lane wait for a worker."""
        return self.queue.waiting(lane)

    @staticmethod
    def lane_of(urgent: bool, suggestion: bool = False) -> str:
        """The lane of a decision: a suggestion's, an AI seat's of a game with a person (`urgent`), or one of a game
        of only AIs."""
        return SUGGESTION if suggestion else PERSON if urgent else BACKGROUND

    @asynccontextmanager
    async def hold(self, game_id: int, *, urgent: bool, server: int = 0) -> AsyncIterator[Hold]:
        """A batch of AI decisions of `game_id` (in `server`, the guild), holding a worker across them as `Hold`
        says; gives it back at the end. `urgent`: the game has a person in it."""
        held = Hold(self, game_id, self.lane_of(urgent), server)
        try:
            yield held
        finally:
            held.release()

    @asynccontextmanager
    async def turn(self, game_id: int, *, urgent: bool, server: int = 0,
                   suggestion: bool = False) -> AsyncIterator[None]:
        """Wait for this game's turn at a worker of its lane, hold it for the block (one decision, or one
        *Suggest* search if `suggestion`), then give it back. `urgent`: the game has a person in it."""
        held = Hold(self, game_id, self.lane_of(urgent, suggestion), server)
        try:
            async with held.decision():
                yield
        finally:
            held.release()

    async def acquire(self, game_id: int, lane: str, server: int) -> None:
        """Wait until a worker of the lane's pool is granted to this decision (give it back with `release`)."""
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        pool = lane != BACKGROUND
        active = self._active[pool]
        if not active.get(server):
            self.queue.wake(server, [other for other in active if other != server])
        active[server] = active.get(server, 0) + 1
        self.queue.push(game_id, granted, lane=lane, server=server)
        self._dispatch(pool)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():  # granted just before the cancel: give it back
                self.release(lane, server)
            else:
                self.queue.discard(granted)
                self._leave(pool, server)
            raise

    def release(self, lane: str, server: int) -> None:
        """Give back a worker `acquire` granted in `lane` to a decision of `server`."""
        pool = lane != BACKGROUND
        self.running[pool] -= 1
        self._leave(pool, server)
        self._dispatch(pool)

    def _leave(self, pool: bool, server: int) -> None:
        active = self._active[pool]
        active[server] -= 1
        if not active[server]:
            del active[server]

    def _dispatch(self, pool: bool) -> None:
        """Grant the pool's free workers to its next waiting decisions: AI seats first, then suggestions."""
        lanes = (PERSON, SUGGESTION) if pool else (BACKGROUND,)
        while self.running[pool] < self.capacities[pool]:
            granted = next((ticket for lane in lanes if (ticket := self.queue.pop(lane)) is not None), None)
            if granted is None:
                break
            if granted.done():  # its task was cancelled meanwhile
                continue
            granted.set_result(None)
            self.running[pool] += 1
