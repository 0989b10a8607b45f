"""The words of gains with their cause (issue 52 item 4): krones, VP, Emperor steps, rooms, dishes and drinks.

Every gain is told once, on the line of what triggered it, with what caused it in brackets: the guest, staff card,
hotel entrance, celebrity or Emperor tile (the engine's `cause` datum of the gain's event, `engine.gah.context.Ctx`), or
the rule ("action 4", "occupancy bonus", "room badges", "Emperor scoring"), e.g. "gains 2 krones (Opera Singer)",
"scores 4 VP (Bellboy)", "moves 2 steps up the Emperor track to space 5 (Winston Churchill)". A gain that an
Emperor reward's own words already tell ("receives the reward of Emperor tile A1 (gain 3 krones)") is not told
again (`repeats_reward`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Protocol, TypeVar

from engine.core.actions import Event
from engine.gah import game as _registered  # noqa: F401  (its imports register every behaviour, for `lookup`)
from engine.gah.behaviours import AT_CHECK_IN, lookup
from engine.gah.cards import staff
from render.core.plural import count

RULE_SOURCES = frozenset({"Emperor scoring", "room badges", "occupancy bonus", "emperor track overflow", "politics"})
"""VP sources (`engine.gah.mechanics.VP_CATEGORIES`) that name their cause themselves: a rule, not a kind of card."""

RULE_WORDS: dict[str, str] = {
    "room badges": "room badge",
    "emperor track overflow": "beyond the end of the Emperor track",
    "politics": "politics card",
    "setup": "starting room",
}
"""A rule's label in the engine's data -> its words in a cause's brackets."""


def cause(event: Event) -> str:
    """What caused the gain `event` (kind "krones", "vp", "emperor", "prepare"), in words; "" when its data names
    nothing (a gain no card or rule caused, which should not happen)."""
    source = str(event.data.get("source", ""))
    caused = str(event.data.get("cause", ""))
    said = source if source in RULE_SOURCES or not caused else caused
    return RULE_WORDS.get(said, said)


def _bracket(words: str, *more: str) -> str:
    told = "; ".join(part for part in (words, *more) if part)
    return f" ({told})" if told else ""


def krones_phrase(event: Event, paid: int) -> str:
    """"gains 2 krones (Opera Singer)", "gains 3 krones (action 4; 1 lost above 20)"."""
    amount = int(event.data.get("amount", 0))
    lost = re.search(r"\((\d+) lost above 20\)", event.text)
    return f"gains {count(amount, 'krone')}" + _bracket(cause(event), f"{lost.group(1)} lost above 20" if lost else "")


def vp_phrase(event: Event, paid: int) -> str:
    """"scores 4 VP (Bellboy)", "loses 5 VP (Emperor tile A3)", "scores 2 VP (room badge)"."""
    amount = int(event.data.get("amount", 0))
    verb = "scores" if amount >= 0 else "loses"
    return f"{verb} {abs(amount)} VP" + _bracket(cause(event))


def emperor_phrase(event: Event, paid: int) -> str:
    """"moves 2 steps up the Emperor track to space 5 (Winston Churchill)"."""
    found = re.search(r"\(now (\d+)\)", event.text)
    steps = int(event.data.get("steps", 0))
    where = f" to space {found.group(1)}" if found else ""
    return f"moves {count(steps, 'step')} up the Emperor track{where}" + _bracket(cause(event))


def rooms_cause(event: Event) -> str:
    """The brackets after a line of rooms prepared ("prepares room 1-2 (yellow) (Page Boy)"): what let the player
    prepare it (action 3, a staff card, a guest's reward, the starting rooms)."""
    return _bracket(cause(event))


REWARD = re.compile(r"receives the reward of (Emperor tile \w+)")


def repeats_reward(clauses: Sequence[str], event: Event) -> bool:
    """Whether the gain `event` is the Emperor tile's own reward that a clause of its line already told (the
    tile's words say what it gives: "receives the reward of Emperor tile A1 (gain 3 krones)")."""
    tile = str(event.data.get("cause", ""))
    if event.kind == "items":
        found = re.search(r"\((Emperor tile \w+)\)$", event.text.rstrip("."))
        tile = found.group(1) if found else ""
    return bool(tile) and any((found := REWARD.search(clause)) is not None and found.group(1) == tile
                              for clause in clauses)


def kitchen_words(cost: int, kitchen: Sequence[bool], served: Sequence[str]) -> str:
    """The brackets of a serving line when some items came from the kitchen: which ones and the fee, e.g.
    " (coffee from the kitchen, 1 krone)" ("" when none did)."""
    from_kitchen = [item for item, came in zip(served, kitchen, strict=True) if came]
    if not from_kitchen:
        return ""
    which = "" if len(from_kitchen) == len(served) else _listed(from_kitchen) + " "
    fee = "free" if cost == 0 else count(cost, "krone")
    return f" ({which}from the kitchen, {fee})"


def _listed(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


NO_CAUSE_KINDS = frozenset({"kitchen", "serve", "choice"})
"""Kinds of line that never cause a gain: a gain right after one (a check-in's late triggers, after its reward's
items were placed) joins the player's latest check-in instead."""


class Told(Protocol):
    """What `guest_line` needs of a line being built (`bot.games.gah.words._Line`)."""

    player: str | None
    kind: str
    head: str


LineT = TypeVar("LineT", bound=Told)


def guest_line(lines: Sequence[LineT], event: Event) -> LineT | None:
    """The check-in line (of the open section) that caused `event`, or None: a guest's reward goes on that guest's
    line even when the player placed its dishes or prepared a room in between, and a staff card's gain at each
    check-in (the Masseuse's krone) on the latest check-in's line."""
    caused = str(event.data.get("cause", ""))
    if not caused or event.kind not in GAIN_KINDS:
        return None
    checkins = [line for line in reversed(lines) if line.player == event.player and line.kind == "checkin"]
    if caused in _at_check_in():
        return checkins[0] if checkins else None
    return next((line for line in checkins if line.head.startswith(f"checks in {caused} (")), None)


@cache
def _at_check_in() -> frozenset[str]:
    """The names of the staff cards with an ability carried out at each check-in (`AT_CHECK_IN`)."""
    return frozenset(card.name for card in staff().values()
                     if any(lookup(row).trigger == AT_CHECK_IN for row in card.abilities))


GAIN_KINDS = frozenset({"krones", "vp", "emperor", "items"})
"""Event kinds of a gain that a clause tells."""

LATER_CAUSES = frozenset({"checkin", "die", "imitate", "extra_action"})
"""Kinds of line whose gains may come a move later (after the player's answer to a choice they asked, such as
action 4's split between krones and Emperor steps): a gain in the next move joins such a line when it is the
player's newest."""

