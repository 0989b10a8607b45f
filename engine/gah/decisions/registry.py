"""The registry of decision kinds: each has `options` (every legal answer) and `answer` (carry one out)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from engine.core.actions import Action
from engine.gah.context import Ctx
from engine.gah.state import Frame, GameState

AUTO_KINDS = frozenset({"decline", "bottom"})
"""Answers carried out without asking when they are the only legal one."""


Answer = Callable[[Ctx, Frame, Action], None]
"""Carries out one answer: (the context, the answered frame, the chosen action)."""


@dataclass(frozen=True)
class Decision:
    """The two halves of a decision kind.

    `answers`, when given, is the table `answer` dispatches on: action kind -> handler, so that every kind of
    answer a decision offers is one entry (tests/engine/test_answer_kinds.py checks every offered kind has one).
    `module` is the Let's Waltz module (`GameConfig.modules`) whose kind it is, or None for the base game's: only a
    game that chose that module knows it (`GameDecisions`).
    """

    options: Callable[[GameState, Frame], list[Action]]
    answer: Answer
    answers: Mapping[str, Answer] | None = None
    module: str | None = None


DECISIONS: dict[str, Decision] = {}
"""Every decision kind, the base game's and every module's: the catalogue the bot, the AI and the tests read. A
game looks its kinds up through its own `GameDecisions` (`decisions_of(config.modules)`)."""


class DecisionNotInGame(LookupError):
    """A frame's decision kind is unknown, or belongs to a module the game did not choose."""


class GameDecisions(dict[str, Decision]):
    """The decision kinds one game knows: the base game's and those of the modules it chose (`modules`), by kind.

    Filled on first use of each kind from `DECISIONS` (so that it never misses a kind registered after it was
    built); a hit is a plain dict lookup, which the rules engine's speed needs (bench/engine_playout.py).

    Raises (on lookup):
        DecisionNotInGame: the kind is not registered, or its module is not among `modules`.
    """

    def __init__(self, modules: frozenset[str]) -> None:
        super().__init__()
        self.modules = modules

    def __missing__(self, kind: str) -> Decision:
        decision = DECISIONS.get(kind)
        if decision is None:
            raise DecisionNotInGame(f"there is no decision kind {kind!r}")
        if decision.module is not None and decision.module not in self.modules:
            raise DecisionNotInGame(f"the decision kind {kind!r} belongs to the Let's Waltz module "
                                    f"{decision.module!r}, which this game did not choose")
        self[kind] = decision
        return decision


_BY_MODULES: dict[frozenset[str], GameDecisions] = {}


def decisions_of(modules: frozenset[str]) -> GameDecisions:
    """The decision kinds of a game that chose `modules` (`GameConfig.modules`): built on first use, then shared by
    every such game (`engine.gah.game` looks every pending frame's kind up here)."""
    table = _BY_MODULES.get(modules)
    if table is None:
        table = _BY_MODULES[modules] = GameDecisions(modules)
    return table


def by_answer_kind(answers: Mapping[str, Answer]) -> Answer:
    """An `answer` that hands the action to `answers[action.kind]` (the table maps action kind -> handler).

    Raises:
        KeyError: the action's kind has no handler (never for a legal action: the tests check every option).
    """

    def answer(ctx: Ctx, frame: Frame, action: Action) -> None:
        answers[action.kind](ctx, frame, action)

    return answer


def decision(kind: str, module: str | None = None) -> Callable[[type], type]:
    """Register a class as the decision `kind`: a static `options`, and either a static `answer` or a class
    attribute `answers` (action kind -> handler, see `by_answer_kind`). A Let's Waltz module's kind names its
    `module` (its name in `GameConfig.modules`): only the games that chose it know the kind (`GameDecisions`)."""

    def register(cls: type) -> type:
        answers: Mapping[str, Answer] | None = getattr(cls, "answers", None)
        if answers is None:
            DECISIONS[kind] = Decision(cls.options, cls.answer, module=module)  # type: ignore[attr-defined]
        else:
            DECISIONS[kind] = Decision(cls.options, by_answer_kind(answers), answers,  # type: ignore[attr-defined]
                                       module)
        return cls

    return register


def decline(text: str) -> Action:
    """The "do nothing more" answer of a decision."""
    return Action("decline", (), text)




def pop(ctx: Ctx) -> None:
    """Take the answered frame off the decision stack."""
    ctx.state.pending.pop()


class Counted(Protocol):
    """A payload answered `count` times (`engine.gah.payloads.CountData` and its kinds)."""

    count: int

    def store(self, frame: Frame) -> None: ...


def count_down(ctx: Ctx, frame: Frame, data: Counted) -> None:
    """Spend one of the answers of a decision granted `data.count` times: the count in `frame` goes down by one,
    and after the last answer the frame leaves the stack (before the answer is carried out, so that what it pushes
    comes next)."""
    data.count -= 1
    data.store(frame)
    if data.count <= 0:
        pop(ctx)


def stop(ctx: Ctx, frame: Frame, action: Action) -> None:
    """The usual handler of "decline": the decision is over, nothing else happens."""
    pop(ctx)
