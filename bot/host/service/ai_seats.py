"""AI seats: the chain of AI moves after a change, fast inline replies, and handing seats to AIs and back.

An AI decides from `engine.gah.ai.policy(level, seed)`; slow levels think in a worker (`bot.host.service.thinking`: a
process pool in the bot, threads in tests). A chain of AI moves is
stored in batches through `ServiceBase.store` (each batch one transaction, bumping the version once per move);
the game's lock is held for the whole chain, so other requests on that game get `GameBusy` after the lock
timeout instead of waiting for the chain.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot.host.kinds import AnyKind, AnyPolicy, apply, kind_named, kind_of
from bot.host.service.ai_caps import refuse_expensive_ai
from bot.host.service.errors import N_, LobbyError, Nn_, Said, StaleVersion, counted
from bot.host.service.model import GameInfo, Move, SeatInfo, TurnResult
from bot.host.service.queries import ai_only_games
from bot.host.service.rules import check_level, own_seat, require_status, seat_for_ai
from bot.host.service.thinking import is_fast
from bot.host.service.unit import GameUnit, Pending, ServiceBase, game_info, load
from bot.host.storage import GameRow, ResultRow, SeatRow, Tx

log = logging.getLogger(__name__)

LEAVE_AI_LEVEL = "greedy"
"""The AI that takes over the seat of a player who leaves a running Grand Austria Hotel game (each game kind names
its own: `AnyKind.leave_ai_level`)."""

AI_FLUSH_SECONDS = 0.5
AI_FLUSH_MOVES = 400
"""A chain of AI moves is committed at least this often (seconds of thinking, or moves)."""

HAND_REFUSED = N_("An AI cannot take the last person's seat")
LEAVE_REFUSED = N_("You cannot leave this game now, since an AI would take the last person's seat")
"""The refused changes in the words of `refuse_ai_only`."""

EXPENSIVE_REFUSED = N_("That AI cannot take the seat")
"""The refused `/gah ai` in the words of `bot.host.service.ai_caps.refuse_expensive_ai`."""

AI_ONLY_CAP = Nn_("{what}: the game would be played only by AI players, and a server may have "
                  "at most {count} such game running at a time (this one has {running}). Wait "
                  "until it ends, or end it with `/gah cancel` in its channel.",
                  "{what}: the game would be played only by AI players, and a server may have "
                  "at most {count} such games running at a time (this one has {running}). Wait "
                  "until one of them ends, or end one with `/gah cancel` in its channel.")
"""The refusal of a change that makes a game of only AIs past the server's cap (the count); `{what}` is the
refused change (`Said`: a marked sentence)."""

INLINE_AI_MOVES = 32
"""Fast AI replies to a user's move are stored in the same transaction as that move, up to this many."""


def seats_with(seats: Sequence[SeatRow], position: int, level: str) -> list[tuple[int | None, str | None]]:
    """(owner, AI level) of each seat once the seat at `position` is handed to the AI of `level`."""
    return [(seat.user_id, level if seat.position == position else seat.ai_level) for seat in seats]


def ai_seed(state: Any, position: int) -> int:
    """The seed of the AI at `position`, from the game's seed (replays choose alike)."""
    return int(state.config.seed) * 31 + position


def policy(level: str, state: Any, position: int) -> AnyPolicy:
    """The AI of `level` (of the state's game) for the seat at `position`, seeded from the game's seed (replays
    choose alike)."""
    return kind_of(state).policy(level, ai_seed(state, position))


def inline_ai(game_id: int, seats: Sequence[SeatRow], state: Any, pending: list[Pending]) -> Any:
    """Play fast AI replies (fast levels, `is_fast`; at most `INLINE_AI_MOVES`) after `pending`, adding
    them to it; returns the state after them. Slower AIs, and longer chains, are left to `ai_chain`."""
    for _ in range(INLINE_AI_MOVES):
        if state.is_over:
            break
        seat = seats[state.current_index or 0]
        if seat.ai_level is None or not is_fast(seat.ai_level, state):
            break
        try:
            action = policy(seat.ai_level, state, seat.position).choose(state)
            after, events = apply(state, action)
        except Exception:  # an AI bug must not cost the user's move; `ai_chain`/`resume` try again and log it
            log.exception("Game %d: the AI failed to move", game_id)
            break
        pending.append(Pending(seat.position, f"ai:{seat.ai_level}", action.text, events))
        state = after
    return state


async def refuse_ai_only(tx: Tx, game: GameRow, seats: Sequence[SeatRow], cap: int, what: str, *,
                         position: int | None = None) -> None:
    """Refuse a change after which `game` is played only by AIs (every seat, with the one at `position` handed to an
    AI) when its server already runs `cap` such games (`AI_ONLY_GAMES_PER_SERVER`: they think for nobody who waits,
    so one member must not fill the AI workers with them). `what` is the refused change in words, marked for the
    catalogs ("An AI cannot take the last person's seat", `N_`: said in the reader's language). In a write
    transaction it holds the server's lock of such games until `tx` ends (`Tx.hold`), so that changes at once are
    counted one after the other.

    Raises:
        LobbyError: the server is at the limit (the text names it).
    """
    if any(not seat.ai_controlled and seat.position != position for seat in seats):
        return  # a person still plays
    # the server's changes that make a game of only AIs take turns (the count sees no uncommitted change)
    await tx.hold(f"ai-only-games:server:{game.guild_id}")
    running = await ai_only_games(tx, game.guild_id, besides=game.id)
    if running >= cap:
        raise counted(LobbyError, AI_ONLY_CAP, cap, what=Said(what), running=running)


class AISeats(ServiceBase):
    """The AI part of `GameService`."""

    async def ai_chain(
        self, game: GameRow, seats: list[SeatRow], state: Any
    ) -> tuple[GameRow, list[SeatRow], Any, list[Move], list[ResultRow]]:
        """Play AI seats until a user must answer or the game ends; the caller holds the game's lock.

        Moves are committed in batches (`AI_FLUSH_SECONDS`, `AI_FLUSH_MOVES`). An AI error or a write by
        another process stops the chain (logged); `resume` or the next call picks it up again.
        """
        moves: list[Move] = []
        results: list[ResultRow] = []
        while game.status == "active" and not state.is_over:
            pending, current = await self._think(game.id, seats, state)
            if not pending:
                break
            try:
                async with self.storage.transaction() as tx:
                    work = GameUnit(tx, game, seats, self.clock())
                    work.play(pending, current)
                    await self.store(work)
            except StaleVersion:
                log.warning("Game %d changed under its AI moves (another process?); AI moves dropped", game.id)
                break
            except sqlite3.OperationalError:
                log.exception("Game %d: could not store AI moves; the game waits for `resume`", game.id)
                break
            game, state = work.game, current
            moves += work.moves
            results += work.results
        return game, seats, state, moves, results

    async def _think(self, game_id: int, seats: list[SeatRow], state: Any) -> tuple[list[Pending], Any]:
        """One batch of AI moves from `state` (see `ai_chain`); an AI error ends the batch early (logged)."""
        pending: list[Pending] = []
        started = time.monotonic()
        try:
            while not state.is_over:
                seat = seats[state.current_index or 0]
                if seat.ai_level is None:
                    break
                action = await self.thinker.choose(seat.ai_level, ai_seed(state, seat.position), state)
                state, events = apply(state, action)
                pending.append(Pending(seat.position, f"ai:{seat.ai_level}", action.text, events))
                if len(pending) >= AI_FLUSH_MOVES or time.monotonic() - started > AI_FLUSH_SECONDS:
                    break
                if len(pending) % 50 == 0:
                    await asyncio.sleep(0)  # let other games' clicks in during a long AI chain
        except Exception:  # an AI bug must not lose the moves already made; log it and stop the chain
            log.exception("Game %d: the AI failed to move; the game waits for `resume`", game_id)
        return pending, state

    async def run_ai(self, game_id: int) -> TurnResult:
        """Let AI seats move until a user must answer or the game ends (a no-op if a user must answer). Waits
        for the game's lock without a timeout (it is background work, not a click).

        Raises:
            NoGameHere: no such game.
        """
        async with self.unit(game_id, run_ai=True, wait=True, write=False) as work:
            pass
        return work.result()

    async def resume(self, owns: Callable[[int], bool] = lambda guild_id: True) -> list[TurnResult]:
        """After a restart: let AIs move in every active game where an AI must answer (a crash may have come
        between a user's move and the AI replies), of the guilds `owns` (a guild id -> bool, e.g.
        `bot.host.shards.ShardScope.owns`: this process's shards). Returns the results of games where AIs moved."""
        async with self.storage.reading() as tx:
            games = await tx.games(statuses=("active",))
        done = []
        for game in games:
            if not owns(game.guild_id):
                continue
            result = await self.run_ai(game.id)
            if result.moves:
                done.append(result)
        return done

    async def hand_to_ai(
        self,
        game_id: int,
        actor_id: int,
        position: int | None = None,
        *,
        level: str = "random",
        is_manager: bool = False,
        expected_version: int | None = None,
        run_ai: bool = True,
    ) -> TurnResult:
        """Let an AI play a user's seat in a running game: the actor's own seat (`position` None), or any seat
        if the actor is the host or a manager. The owner can take it back with `take_back`.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            GameBusy: another change held the game past the lock timeout.
            StaleVersion: `expected_version` is given and the game moved on.
            NotSeated: `position` is None and the actor holds no seat.
            NotHost: the seat is not the actor's and the actor is neither the host nor a manager.
            LobbyError: unknown AI level, no such seat, an AI seat, already played by an AI, the last person's
                seat while the server runs its most games played only by AIs (`refuse_ai_only`), or an expert or
                master AI beyond the member's or the server's cap (`bot.host.service.ai_caps`).
        """
        async with self.unit(game_id, status="active", expected_version=expected_version, run_ai=run_ai) as work:
            check_level(level, kind_named(work.game.kind))
            seat = seat_for_ai(work.game, work.seats, actor_id, position, is_manager)
            await refuse_ai_only(work.tx, work.game, work.seats, self.ai_only_games_per_server, HAND_REFUSED,
                                 position=seat.position)
            await refuse_expensive_ai(work.tx, work.game, seats_with(work.seats, seat.position, level),
                                      self.expensive_ai, EXPENSIVE_REFUSED)
            await work.set_seat_ai(seat.position, level)
        log.info("Game %d: seat %d handed to AI %s by %d", game_id, seat.position, level, actor_id)
        return work.result()

    async def check_hand_to_ai(
        self, game_id: int, actor_id: int, position: int | None = None, *, level: str = "random",
        is_manager: bool = False,
    ) -> SeatInfo:
        """Dry run of `hand_to_ai` (for a command that must refuse privately before it answers in public): the
        seat an AI would get; changes nothing.

        Raises:
            NoGameHere, GameNotActive, NotSeated, NotHost, LobbyError: as `hand_to_ai`.
        """
        async with self.storage.reading() as tx:
            game, seats = await load(tx, game_id)
        check_level(level, kind_named(game.kind))
        require_status(game, "active")
        seat = seat_for_ai(game, seats, actor_id, position, is_manager)
        async with self.storage.reading() as tx:
            await refuse_ai_only(tx, game, seats, self.ai_only_games_per_server, HAND_REFUSED, position=seat.position)
            await refuse_expensive_ai(tx, game, seats_with(seats, seat.position, level), self.expensive_ai,
                                      EXPENSIVE_REFUSED)
        return game_info(game, seats).seats[seat.position]

    async def resign(
        self, game_id: int, user_id: int, *, level: str | None = None, expected_version: int | None = None,
        run_ai: bool = True,
    ) -> TurnResult:
        """A player leaves a running game. By the host's lobby option `on_leave`: an AI (`level`) plays their seat
        from now on ("ai", the default; `take_back` returns it; None: the game's `AnyKind.leave_ai_level`), or the
        game ends at once ("end": cancelled, no results recorded). The result's game tells which (`status`
        "cancelled" when it ended).

        Raises:
            NoGameHere, GameNotActive, GameBusy, StaleVersion: see `ServiceBase.unit` (status "active").
            NotSeated: the user holds no seat.
            LobbyError: an AI already plays the user's seat, or an AI would take the last person's seat while the
                server runs its most games played only by AIs (`refuse_ai_only`).
        """
        async with self.unit(game_id, status="active", expected_version=expected_version, run_ai=run_ai) as work:
            kind: AnyKind = kind_named(work.game.kind)
            level = level or kind.leave_ai_level
            check_level(level, kind)
            seat = own_seat(work.seats, user_id)
            if work.game.config.get("on_leave", "ai") == "end":
                work.update(status="cancelled", finished_at=work.now)
            elif seat.ai_controlled:
                raise LobbyError(N_("An AI already plays your seat. `/{command} takeback` returns it to you."),
                                 command=kind.command)
            else:
                await refuse_ai_only(work.tx, work.game, work.seats, self.ai_only_games_per_server, LEAVE_REFUSED,
                                     position=seat.position)
                await work.set_seat_ai(seat.position, level)
        log.info("Game %d: user %d left (%s)", game_id, user_id, work.game.status)
        return work.result()

    async def check_resign(self, game_id: int, user_id: int) -> None:
        """Dry run of `resign`'s limit of games played only by AIs (for `/gah leave`, which answers in public once
        it goes ahead): refuses privately what `resign` would refuse for it; changes nothing.

        Raises:
            NoGameHere: no such game.
            LobbyError: an AI would take the last person's seat while the server runs its most games played only
                by AIs (`refuse_ai_only`).
        """
        async with self.storage.reading() as tx:
            game, seats = await load(tx, game_id)
            seat = next((seat for seat in seats if seat.user_id == user_id), None)
            if game.status == "active" and game.config.get("on_leave", "ai") != "end" and seat is not None:
                await refuse_ai_only(tx, game, seats, self.ai_only_games_per_server, LEAVE_REFUSED,
                                     position=seat.position)

    async def take_back(self, game_id: int, user_id: int, *, expected_version: int | None = None) -> GameInfo:
        """The owner takes their seat back from the AI playing it.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            GameBusy: another change held the game past the lock timeout.
            StaleVersion: `expected_version` is given and the game moved on.
            NotSeated: the user holds no seat.
            LobbyError: no AI plays the user's seat.
        """
        async with self.unit(game_id, status="active", expected_version=expected_version) as work:
            seat = own_seat(work.seats, user_id)
            if not seat.ai_controlled:
                raise LobbyError(N_("Your seat is not played by an AI."))
            await work.set_seat_ai(seat.position, None)
        return work.info()
