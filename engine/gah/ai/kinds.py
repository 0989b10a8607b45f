"""Picking legal answers by their action kind (the AI's rules filter the options of one decision this way).

The filters live here once rather than as a comparison in every rule; `actions` is always a list of legal
`Action`s of the pending decision, in the engine's order, and the order is kept.
"""

from __future__ import annotations

from engine.core.actions import Action


def of_kind(actions: list[Action], kind: str) -> list[Action]:
    """The answers of action kind `kind` (e.g. "guest", "decline"), possibly none."""
    return [action for action in actions if action.kind == kind]


def other_than(actions: list[Action], kind: str) -> list[Action]:
    """The answers of any action kind but `kind`, possibly none."""
    return [action for action in actions if action.kind != kind]


def first_of_kind(actions: list[Action], kind: str, default: Action | None = None) -> Action:
    """The first answer of action kind `kind`, else `default`.

    Raises:
        ValueError: there is no such answer and no default (the caller knows one is always offered).
    """
    found = of_kind(actions, kind)
    if found:
        return found[0]
    if default is None:
        raise ValueError(f"no {kind} answer among {[str(a) for a in actions]}")
    return default
