"""Pure functions over the action log: which actions count, replaying them, what may be undone, what a skip plays.

The log is append-only. An undo is itself a row (kind "undo") that takes back every action with
`seq >= undo_from`; `effective_actions` folds those rows away, and `replay` rebuilds the state from the
seed and the remaining actions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.host.kinds import KINDS, apply, kind_of, legal_actions, new_game, parse_action, waiting
from bot.host.storage import LogRow
from engine.core.actions import Action, IllegalAction


def barrier_events() -> frozenset[str]:
    """Event kinds that stop an undo, of every game (`GameKind.barrier_events`). Grand Austria Hotel: dice were rolled,
    a staff card was drawn, a deck was reshuffled, a new display guest was drawn (every "guest" event: taking a guest
    refills the display), a new turn or round began, or an Emperor scoring was held (the action that caused it
    belongs to the turn that ended: a player answering the scoring's choice is no longer in that turn).
    Overbooking: the hotels began to book or a hotel's cards were revealed, a new round dealt cards, or the game
    ended."""
    return frozenset().union(*(registered.barrier_events for registered in KINDS.values()))


class ReplayError(Exception):
    """The log does not replay: an action was not legal, or was logged for the wrong seat.

    Attributes:
        seq: the log sequence number of the action that failed.
    """

    def __init__(self, seq: int, message: str) -> None:
        super().__init__(f"log entry {seq}: {message}")
        self.seq = seq


def effective_actions(rows: Iterable[LogRow]) -> list[LogRow]:
    """The action rows that still count, in order: undo rows and the actions they took back are dropped."""
    return _fold(rows)[0]


def _fold(rows: Iterable[LogRow]) -> tuple[list[LogRow], list[LogRow]]:
    """(the action rows that still count, in log order; the action rows an undo took back)."""
    stack: list[LogRow] = []
    taken_back: list[LogRow] = []
    for row in rows:
        LOG_FOLDS[row.kind](stack, taken_back, row)
    return stack, taken_back


def _count(stack: list[LogRow], taken_back: list[LogRow], row: LogRow) -> None:
    stack.append(row)


def _take_back(stack: list[LogRow], taken_back: list[LogRow], row: LogRow) -> None:
    if row.undo_from is None:
        return
    while stack and stack[-1].seq >= row.undo_from:
        taken_back.append(stack.pop())


LOG_FOLDS: dict[str, Callable[[list[LogRow], list[LogRow], LogRow], None]] = {"action": _count, "undo": _take_back}
"""How each kind of log row (`LogRow.kind`) changes the actions that still count (a stack in log order) and those
taken back."""


def undone_seqs(rows: Sequence[LogRow]) -> set[int]:
    """Sequence numbers of the action rows an undo took back."""
    return {row.seq for row in _fold(rows)[1]}


def replay(config: Any, actions: Iterable[LogRow]) -> Any:
    """The state reached from `new_game(config)` by applying the action rows in order.

    Raises:
        ReplayError: an action is not legal at its point for its logged seat, or that seat was not one of those
            waiting (`GameState.waiting`: several during the staff draft) at that point.
        ValueError: the config is invalid.
    """
    state = new_game(config)
    for row in actions:
        # each move for its logged seat: during the staff draft several seats answer at once, in any order
        on_turn, seats = waiting(state), kind_of(state).seat_names(state)
        if not 0 <= row.seat < len(seats) or seats[row.seat] not in on_turn:
            raise ReplayError(row.seq, f"logged for seat {row.seat}, but that seat was not on turn "
                                       f"(waiting: {', '.join(on_turn) or 'nobody'})")
        name = seats[row.seat]
        try:
            state, _ = apply(state, parse_action(state, row.action, name), player=name)
        except IllegalAction as error:
            raise ReplayError(row.seq, f"{row.action!r} does not apply: {error}") from error
    return state


def undoable(effective: Sequence[LogRow], seat: int, actor: str) -> list[LogRow]:
    """The most recent actions that `actor` (playing `seat`) may take back, newest first.

    Walking back from the newest action, stop at the first one that was made by anyone else (another player,
    an AI, a skip) or whose events include a barrier (`barrier_events`); that action and all before it stay.
    """
    result: list[LogRow] = []
    for row in reversed(effective):
        if row.seat != seat or row.actor != actor:
            break
        if any(event.get("kind") in barrier_events() for event in row.events):
            break
        result.append(row)
    return result


def skip_action(state: Any) -> Action:
    """The action a skip plays for the seat on turn: "pass" if legal, else "end turn", else the first
    decline ("skip", "stop preparing", "done serving", ...), else the first legal action the engine lists.

    Raises:
        ValueError: the game is over.
    """
    actions = legal_actions(state)
    if not actions:
        raise ValueError("The game is over; there is no turn to skip.")
    for text in ("pass", "end turn"):
        found = next((a for a in actions if a.text == text), None)
        if found is not None:
            return found
    return decline_answer(actions) or actions[0]


def decline_answer(actions: Sequence[Action]) -> Action | None:
    """The first "decline" answer among `actions` ("skip", "stop preparing", "done serving", ...), or None."""
    return next((action for action in actions if action.kind == "decline"), None)
