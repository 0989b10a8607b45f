"""The registry of decision kinds: each has `options` (every legal answer) and `answer` (carry one out)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.actions import Action
from engine.context import Ctx
from engine.state import Frame, GameState

AUTO_KINDS = frozenset({"decline", "bottom"})
"""Answers carried out without asking when they are the only legal one."""


@dataclass(frozen=True)
class Decision:
    """The two halves of a decision kind."""

    options: Callable[[GameState, Frame], list[Action]]
    answer: Callable[[Ctx, Frame, Action], None]


DECISIONS: dict[str, Decision] = {}


def decision(kind: str) -> Callable[[type], type]:
    """Register a class with static `options` and `answer` methods as the decision `kind`."""

    def register(cls: type) -> type:
        DECISIONS[kind] = Decision(cls.options, cls.answer)  # type: ignore[attr-defined]
        return cls

    return register


def decline(text: str) -> Action:
    """The "do nothing more" answer of a decision."""
    return Action("decline", (), text)




def pop(ctx: Ctx) -> None:
    """Take the answered frame off the decision stack."""
    ctx.state.pending.pop()
