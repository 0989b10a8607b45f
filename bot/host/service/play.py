"""Play: a user's action (by text or by panel choice), undo, skipping a seat, and finishing a game.

Each is one `ServiceBase.unit`; the engine's refusals come back distinct: `MalformedMove` (no action at all),
`IllegalMove` (not possible now) and the engine's own `NotYourTurn`.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from bot.host.kinds import apply, kind_named, legal_actions, parse_action
from bot.host.service.ai_seats import inline_ai
from bot.host.service.errors import N_, GameNotActive, IllegalMove, MalformedMove, NothingToUndo, NotYourTurn
from bot.host.service.model import TurnResult, UndoPreview
from bot.host.service.queries import log_tail
from bot.host.service.replay import effective_actions, replay, skip_action, undoable
from bot.host.service.rules import (
    check_panel,
    engine_config,
    own_seat,
    require_host,
    require_status,
    seat_on_turn,
    stored_state,
)
from bot.host.service.unit import GameUnit, Pending, ServiceBase, load
from bot.host.storage import LogRow, ResultRow, SeatRow, Tx
from engine.core.actions import Action, Event, IllegalAction, MalformedAction

log = logging.getLogger(__name__)

NOTHING_TO_UNDO = N_("There is nothing you can take back now: your turn's moves so far revealed something new (dice, "
                   "cards or guests), or you have not moved yet this turn.")

UNDO_TAIL_ROWS = 32
"""The undo preview first reads this many of the log's newest rows (more only if an undo could reach further)."""

SKIP_LIMIT = 100
"""Most actions one skip plays before giving up (a turn never needs nearly that many)."""


class Play(ServiceBase):
    """The playing part of `GameService`."""

    async def act(
        self, game_id: int, user_id: int, action_text: str, expected_version: int, *, run_ai: bool = True,
        choices: str | None = None,
    ) -> TurnResult:
        """Apply a user's action: check the seat, parse and apply it, and store the log row, the new state and
        the new version in one transaction; then (if `run_ai`) let AI seats move until a user must answer.

        `choices` is the `choices_fingerprint` of the panel the user clicked (drawn at `expected_version`). With
        it, a panel drawn before other seats' moves still counts when the user's own choices are unchanged: in
        the simultaneous staff draft, one player's pick does not make the others' panels stale.

        Nothing changes when an error is raised.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running (lobby, finished, cancelled).
            GameBusy: another change (a chain of AI moves) held the game past the lock timeout.
            StaleVersion: the game is not at `expected_version` (another action came first), unless `choices`
                shows that only other seats acted since and the user's choices are the same.
            NotSeated: the user holds no seat.
            NotYourTurn: (the engine's class) another seat must answer, or an AI is playing the user's seat.
            MalformedMove: the text reads as no action at all.
            IllegalMove: the action is not possible now (with the engine's sentence).
            sqlite3.OperationalError: another process kept the database locked past the busy timeout (nothing
                changed; a bug or an overloaded disk, not a player error).
        """
        return await self._move(game_id, user_id, expected_version, choices, run_ai,
                                lambda work, name: parse_action(work.state, action_text, name))

    async def choose(
        self, game_id: int, user_id: int, index: int, expected_version: int, *, choices: str | None = None,
        run_ai: bool = True,
    ) -> TurnResult:
        """`act` with the `index`-th of the user's legal actions on a panel drawn at `expected_version` (whose
        choices had the fingerprint `choices`): the panel's choice, if the panel still counts.

        Raises:
            MalformedMove: no choice has that index (a forged click).
            the errors of `act`.
        """
        def pick(work: GameUnit, name: str) -> Action:
            actions = legal_actions(work.state, name)
            if not 0 <= index < len(actions):
                raise MalformedMove(N_("That choice is not on your panel. Press Refresh for the current one."))
            return actions[index]

        return await self._move(game_id, user_id, expected_version, choices, run_ai, pick)

    async def _move(self, game_id: int, user_id: int, expected_version: int, choices: str | None, run_ai: bool,
                    action_of: Callable[[GameUnit, str], Action]) -> TurnResult:
        # without a choices fingerprint only the exact version counts: the unit checks it (before the seat)
        exact = expected_version if choices is None else None
        async with self.unit(game_id, status="active", expected_version=exact, run_ai=run_ai) as work:
            # staleness first: a click on an old panel is told so, even if the turn has passed to someone else
            seat = own_seat(work.seats, user_id, "You are not playing in this game.")
            await check_panel(work.tx, work.game, seat, work.state, expected_version, choices)
            seat = seat_on_turn(work.seats, work.state, user_id)
            index_before = work.state.current_index
            try:
                action = action_of(work, seat.name)
                state, events = apply(work.state, action, player=seat.name)
            except (IllegalMove, NotYourTurn):  # already the service's (NotYourTurn: one class, the engine's)
                raise
            except MalformedAction as error:
                raise MalformedMove(str(error)) from error
            except IllegalAction as error:
                raise IllegalMove(str(error)) from error
            pending = [Pending(seat.position, f"user:{user_id}", action.text, events)]
            if run_ai:
                state = inline_ai(game_id, work.seats, state, pending)
            work.play(pending, state)
        return dataclasses.replace(work.result(), index_before=index_before)

    async def undo_count(self, game_id: int, seat: int, user_id: int) -> int:
        """How many actions the user (playing `seat`, on turn) could take back now; reads only the log's tail (the
        panel shows its Undo button by it, without reading the game again)."""
        async with self.storage.reading() as tx:
            return len(await undo_candidates(tx, game_id, seat, f"user:{user_id}"))

    async def preview_undo(self, game_id: int, user_id: int, steps: int = 1) -> UndoPreview:
        """What `undo(game_id, user_id, version, steps)` would take back: the user's own latest actions of this
        turn, at most `steps`, never past a die roll, a drawn card, a new turn, or another seat's action.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            NotSeated: the user holds no seat.
            NotYourTurn: another seat must answer now.
            NothingToUndo: no action can be taken back.
            ValueError: `steps` < 1.
        """
        if steps < 1:
            raise ValueError("steps must be at least 1")
        async with self.storage.reading() as tx:
            game, seats = await load(tx, game_id)
            require_status(game, "active")
            seat = seat_on_turn(seats, stored_state(game), user_id)
            candidates = await undo_candidates(tx, game.id, seat.position, f"user:{user_id}")
        if not candidates:
            raise NothingToUndo(NOTHING_TO_UNDO)
        chosen = candidates[:steps]
        return UndoPreview(game.id, game.version, seat.position, tuple(row.action for row in reversed(chosen)),
                           len(candidates))

    async def undo(self, game_id: int, user_id: int, expected_version: int, steps: int = 1) -> TurnResult:
        """Take back the actions `preview_undo` listed (the same `steps`, at the version the preview showed).

        The log keeps the undone rows; an "undo" row marks them taken back, and the state is rebuilt by
        replaying the log without them (in a worker thread, inside the unit).

        Raises:
            NoGameHere, GameBusy, StaleVersion, GameNotActive: see `ServiceBase.unit` (status "active").
            NotSeated, NotYourTurn, NothingToUndo, ValueError: as `preview_undo`.
        """
        if steps < 1:
            raise ValueError("steps must be at least 1")
        async with self.unit(game_id, status="active", expected_version=expected_version) as work:
            seat, keep, chosen, _ = await _undo_plan(work.tx, game_id, work.seats, work.state, user_id, steps)
            # a whole-game replay takes tens of milliseconds: keep it off the event loop
            config = engine_config(work.game.config, kind_named(work.game.kind))
            state = await asyncio.to_thread(replay, config, keep)
            texts = [row.action for row in reversed(chosen)]
            event = Event("undo", seat.name, f"{seat.name} takes back: {', '.join(texts)}.",
                          {"actions": texts, "from": chosen[-1].seq})
            work.play([Pending(seat.position, f"user:{user_id}", "", [event], "undo", chosen[-1].seq)], state)
        log.info("Game %d: %s took back %d action(s)", game_id, seat.name, len(chosen))
        return work.result()

    async def skip(
        self,
        game_id: int,
        actor_id: int,
        *,
        is_manager: bool = False,
        expected_version: int | None = None,
        run_ai: bool = True,
    ) -> TurnResult:
        """Skip the seat on turn (the host or a manager): play `replay.skip_action` for it ("pass", else "end
        turn", else a decline, else the first legal action) until another seat must answer or the game ends.
        Each action is logged with actor "skip:<actor_id>". Then AIs move as after any action.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            GameBusy: another change held the game past the lock timeout.
            StaleVersion: `expected_version` is given and the game moved on.
            NotHost: the actor is neither the host nor a manager.
        """
        async with self.unit(game_id, status="active", expected_version=expected_version, run_ai=run_ai) as work:
            require_host(work.game, actor_id, is_manager)
            state = work.state
            skipped = state.current_index
            pending: list[Pending] = []
            while not state.is_over and state.current_index == skipped and len(pending) < SKIP_LIMIT:
                action = skip_action(state)
                state, events = apply(state, action)
                pending.append(Pending(int(skipped or 0), f"skip:{actor_id}", action.text, events))
            if run_ai:
                state = inline_ai(game_id, work.seats, state, pending)
            work.play(pending, state)
        log.info("Game %d: %d skipped seat %s (%d actions)", game_id, actor_id, skipped, len(pending))
        return work.result()

    async def check_skip(self, game_id: int, actor_id: int, *, is_manager: bool = False) -> None:
        """Dry run of `skip`: raise what `skip` would raise for this actor now, change nothing (for a command that
        must refuse privately before it answers in public).

        Raises:
            NoGameHere, GameNotActive, NotHost: as `skip`.
        """
        async with self.storage.reading() as tx:
            game, _ = await load(tx, game_id)
        require_status(game, "active")
        require_host(game, actor_id, is_manager)

    async def finish(self, game_id: int) -> list[ResultRow]:
        """The results of a finished game. Games are finished (results recorded, status "finished") in the same
        transaction as their last move; this also records them for a game that is over but not yet marked.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not over.
            GameBusy: another change held the game past the lock timeout.
        """
        async with self.unit(game_id) as work:
            if work.game.status == "finished":
                return await work.tx.results(game_id)
            if work.game.status != "active" or not work.state.is_over:
                raise GameNotActive(N_("The game is not over yet."))
            work.play([], work.state)
        return work.results


async def _undo_plan(
    tx: Tx, game_id: int, seats: list[SeatRow], state: Any, user_id: int, steps: int
) -> tuple[SeatRow, list[LogRow], list[LogRow], int]:
    """The user's seat, the action rows that stay, the rows an undo of `steps` takes back (newest first), and how
    many could be taken back at most.

    Raises:
        NotSeated, GameNotActive, NotYourTurn: as `seat_on_turn`.
        NothingToUndo: nothing can be taken back.
    """
    seat = seat_on_turn(seats, state, user_id)
    effective = effective_actions(await tx.log(game_id))
    candidates = undoable(effective, seat.position, f"user:{user_id}")
    if not candidates:
        raise NothingToUndo(NOTHING_TO_UNDO)
    chosen = candidates[:steps]
    return seat, effective[: len(effective) - len(chosen)], chosen, len(candidates)


async def undo_candidates(tx: Tx, game_id: int, seat: int, actor: str) -> list[LogRow]:
    """`undoable` over the log's tail: the newest `UNDO_TAIL_ROWS` rows, read again four times as many while an
    undo row in them reaches before them, or every action in them could still be taken back (the floor, the
    newest row an undo cannot pass, is not in the tail yet). Newest first."""
    count = UNDO_TAIL_ROWS
    while True:
        rows = await log_tail(tx, game_id, count)
        first = rows[0].seq if rows else 1
        whole = first <= 1
        if not whole and any(row.kind == "undo" and (row.undo_from or 0) < first for row in rows):
            count *= 4
            continue
        effective = effective_actions(rows)
        candidates = undoable(effective, seat, actor)
        if whole or len(candidates) < len(effective):
            return candidates
        count *= 4
