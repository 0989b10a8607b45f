"""The background AI chain: one task per game that plays its AI seats after a user's change has been committed.

With `background_ai` (the bot), `ServiceBase.unit(run_ai=True)` returns as soon as the user's change (and the fast
AI replies stored with it) is committed, and calls `schedule_ai`. The game's task then loops:

1. read the game (a read-only snapshot, no lock held);
2. if an AI seat must answer, let it think (`Thinker`: a process pool) with no lock held, so clicks in this game
   (take back, skip, look at the board) and in every other game are answered meanwhile; each slow decision waits
   for its turn at a worker (`bot.host.service.ai_fairness`: games with a person in the AI pool, games of only AIs in
   the lowest-priority background worker; in each, servers share fairly, then games take turns), and the batch keeps
   that worker for its next decisions unless someone who should go first waits;
3. commit the batch of AI moves in one unit of work at the version it read; if the game moved on meanwhile
   (a take back, a skip), the moves are dropped and the loop reads again;
4. tell `ai_listeners` (the bot makes its turn posts from them); in a game of only AIs, wait out the rest of
   `ai_only_turn_seconds` (`GAH_AI_ONLY_TURN_SECONDS`) after each turn, so that watchers get each turn's post.

It ends when a user must answer or the game is over. After a restart `resume_in_background` starts the tasks of
the games that need one (found in SQL: active games with an AI seat).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.host.kinds import apply
from bot.host.service.ai_fairness import BACKGROUND, Hold
from bot.host.service.ai_seats import ai_seed
from bot.host.service.errors import GameNotActive, NoGameHere, StaleVersion
from bot.host.service.queries import active_games_with_ai
from bot.host.service.rules import stored_state
from bot.host.service.thinking import is_fast
from bot.host.service.unit import Pending, ServiceBase, load
from bot.host.shards import EVERY_SHARD, ShardScope
from engine.core.actions import Action

log = logging.getLogger(__name__)

AI_BATCH_SECONDS = 0.5
"""A batch of AI moves is committed (and told to the listeners) at least this often, and at every turn's end."""

AI_BATCH_MOVES = 400
"""At most this many AI moves are committed at once."""



class AITasks(ServiceBase):
    """The background AI part of `GameService` (only used with `background_ai`)."""

    def schedule_ai(self, game_id: int) -> None:
        """Make sure the game's AI task runs (it ends by itself when no AI must answer). Safe to call at any time;
        a call while the task runs makes it look again before it ends."""
        running = self._ai_tasks.get(game_id)
        if running is not None and not running.done():
            self._ai_again.add(game_id)
            return
        task = asyncio.create_task(self._ai_loop(game_id), name=f"gah-ai-{game_id}")
        self._ai_tasks[game_id] = task

        def forget(done: asyncio.Task[None]) -> None:
            if self._ai_tasks.get(game_id) is done:
                del self._ai_tasks[game_id]

        task.add_done_callback(forget)

    def ai_running(self, game_id: int) -> bool:
        """Whether the game's background AI task is running now."""
        task = self._ai_tasks.get(game_id)
        return task is not None and not task.done()

    async def wait_ai(self) -> None:
        """Wait until every background AI task has ended (tools and tests)."""
        while self._ai_tasks:
            await asyncio.gather(*list(self._ai_tasks.values()), return_exceptions=True)

    async def _ai_loop(self, game_id: int) -> None:
        failures = 0
        hold: Hold | None = None  # the worker the game's AI keeps from one batch to the next (`ai_fairness`)
        try:
            while True:
                self._ai_again.discard(game_id)
                try:
                    moved, hold = await self._ai_step(game_id, hold)
                except (NoGameHere, GameNotActive):
                    return
                except Exception:  # an AI or storage failure: log it; the next change (or restart) tries again
                    failures += 1
                    log.exception("Game %d: the background AI failed (%d)", game_id, failures)
                    if failures >= 3:
                        return
                    if hold is not None:
                        hold.release()
                    await asyncio.sleep(0.5 * failures)
                    continue
                if not moved and game_id not in self._ai_again:
                    return
        finally:
            if hold is not None:
                hold.release()

    async def _ai_step(self, game_id: int, hold: Hold | None = None) -> tuple[bool, Hold | None]:
        """Think and commit one batch of AI moves; False when no AI must answer (the task may end). `hold` is the
        game's claim on a worker from its batch before (kept while the AI goes on, so that a turn of several
        batches is not cut into pieces each waiting for other games' decisions); returns it again, or a new one."""
        async with self.storage.reading() as tx:
            game, seats = await load(tx, game_id)
        if game.status != "active" or game.state is None:
            return False, hold
        state = stored_state(game)
        turn_before = state.current_index
        urgent = any(not seat.ai_controlled for seat in seats)  # a person waits for these moves
        lane = self.ai_turns.lane_of(urgent)
        if hold is None or hold.lane != lane or hold.server != game.guild_id:
            if hold is not None:
                hold.release()
            hold = Hold(self.ai_turns, game_id, lane, game.guild_id)
        pending: list[Pending] = []
        started = asyncio.get_running_loop().time()
        while not state.is_over and len(pending) < AI_BATCH_MOVES:
            seat = seats[state.current_index or 0]
            if seat.ai_level is None:
                break
            action = await self._decide(hold, seat.ai_level, ai_seed(state, seat.position), state)
            before = state.current_index
            state, events = apply(state, action)
            pending.append(Pending(seat.position, f"ai:{seat.ai_level}", action.text, events))
            if state.current_index != before or asyncio.get_running_loop().time() - started > AI_BATCH_SECONDS:
                break  # a turn's end (or a long batch) is committed and posted at once
        if not pending or seats[state.current_index or 0].ai_level is None or state.is_over:
            hold.release()  # a person answers next (or nobody): the worker is not needed meanwhile
        if not pending:
            return False, hold
        try:
            async with self.unit(game_id, status="active", expected_version=game.version, wait=True) as work:
                work.play(pending, state)
        except StaleVersion:  # a take back or a skip came first: think again from the new state
            log.info("Game %d moved on while its AI thought; the AI thinks again", game_id)
            return True, hold
        result = work.result()
        for listener in list(self.ai_listeners):
            try:
                listener(result)
            except Exception:
                log.exception("Game %d: an AI listener failed", game_id)
        if not urgent and not result.finished and state.current_index != turn_before:
            hold.release()
            elapsed = asyncio.get_running_loop().time() - started
            await asyncio.sleep(max(0.0, self.ai_only_turn_seconds - elapsed))  # watchers read each turn's post
        return not result.finished, hold

    async def _decide(self, hold: Hold, level: str, seed: int, state: Any) -> Action:
        """One AI decision of the game: a fast level at once, a slow one on the worker its batch holds (`hold`: taken
        at the game's turn in its lane, `bot.host.service.ai_fairness`; the background worker for a game of only
        AIs)."""
        if is_fast(level, state):
            return await self.thinker.choose(level, seed, state)
        async with hold.decision():
            return await self.thinker.choose(level, seed, state, background=hold.lane == BACKGROUND)

    async def resume_in_background(self, scope: ShardScope = EVERY_SHARD) -> int:
        """After a restart: start the AI task of every active game with an AI seat in a guild on `scope`'s shards
        (this process's, `bot.host.shards`; the task ends at once where a user must answer). Reads only those games' ids
        (SQL); returns how many tasks were started."""
        async with self.storage.reading() as tx:
            ids = await active_games_with_ai(tx, scope)
        for game_id in ids:
            self.schedule_ai(game_id)
        return len(ids)
