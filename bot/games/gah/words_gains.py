"""The words of gains with their cause (issue 52 item 4): krones, VP, Emperor steps, rooms, dishes and drinks.

Every gain is told once, on the line of what triggered it, with what caused it in brackets: the guest, staff card,
hotel entrance, celebrity or Emperor tile (the engine's `cause` datum of the gain's event, `engine.gah.context.Ctx`), or
the rule ("action 4", "occupancy bonus", "room badges", "Emperor scoring"), e.g. "gains 2 krones (Opera Singer)",
"scores 4 VP (Bellboy)", "moves 2 steps up the Emperor track to space 5 (Winston Churchill)". A gain that an
Emperor reward's own words already tell ("receives the reward of Emperor tile A1 (gain 3 krones)") is not told
again (`repeats_reward`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache
from typing import Protocol, TypeVar

from bot.games.gah import words_stored
from bot.games.gah.words_names import joined, rule
from engine.core.actions import Event
from engine.gah import game as _registered  # noqa: F401  (its imports register every behaviour, for `lookup`)
from engine.gah.behaviours import AT_CHECK_IN, lookup
from engine.gah.cards import guests, staff
from render.core.i18n import Translator
from render.core.plural import count

RULE_SOURCES = frozenset({"Emperor scoring", "room badges", "occupancy bonus", "emperor track overflow", "politics"})
"""VP sources (`engine.gah.mechanics.VP_CATEGORIES`) that name their cause themselves: a rule, not a kind of card."""

def cause(event: Event) -> str:
    """What caused the gain `event` (kind "krones", "vp", "emperor", "prepare"), as the engine's label (a rule's,
    or a card's English name); "" when its data names nothing (a gain no card or rule caused, which should not
    happen)."""
    source = str(event.data.get("source", ""))
    caused = str(event.data.get("cause", ""))
    return source if source in RULE_SOURCES or not caused else caused


def cause_words(_: Translator, event: Event) -> str:
    """`cause` in words of `_`'s language (`bot.games.gah.words_names.rule`), "" for none."""
    said = cause(event)
    return rule(_, said) if said else ""


def _bracket(words: str, *more: str) -> str:
    told = "; ".join(part for part in (words, *more) if part)
    return f" ({told})" if told else ""


def krones_phrase(_: Translator, event: Event, paid: int) -> str:
    """"gains 2 krones (Opera Singer)", "gains 3 krones (action 4; 1 lost above 20)"."""
    amount = int(event.data.get("amount", 0))
    lost = event.data.get("lost")
    if lost is None:  # a game stored before the event had the datum
        found = words_stored.text_match(event, r"\((\d+) lost above 20\)")
        lost = int(found.group(1)) if found else 0
    above = _("{count} lost above 20", count=lost) if lost else ""
    return _("gains {krones}", krones=count(amount, "krone", language=_.language, as_object=True)) + _bracket(
        cause_words(_, event), above)


def vp_phrase(_: Translator, event: Event, paid: int) -> str:
    """"scores 4 VP (Bellboy)", "loses 5 VP (Emperor tile A3)", "scores 2 VP (room badge)"."""
    amount = int(event.data.get("amount", 0))
    vp = count(abs(amount), "VP", language=_.language)
    return (_("scores {vp}", vp=vp) if amount >= 0 else _("loses {vp}", vp=vp)) + _bracket(cause_words(_, event))


def emperor_phrase(_: Translator, event: Event, paid: int) -> str:
    """"moves 2 steps up the Emperor track to space 5 (Winston Churchill)"."""
    space = event.data.get("now")
    if space is None:  # a game stored before the event had the datum
        found = words_stored.text_match(event, r"\(now (\d+)\)")
        space = int(found.group(1)) if found else None
    steps = count(int(event.data.get("steps", 0)), "step", language=_.language)
    said = (_("moves {steps} up the Emperor track to space {space}", steps=steps, space=space) if space is not None
            else _("moves {steps} up the Emperor track", steps=steps))
    return said + _bracket(cause_words(_, event))


def rooms_cause(_: Translator, event: Event) -> str:
    """The brackets after a line of rooms prepared ("prepares room 1-2 (yellow) (Page Boy)"): what let the player
    prepare it (action 3, a staff card, a guest's reward, the starting rooms)."""
    return _bracket(cause_words(_, event))


def repeats_reward(rewards: Collection[str], event: Event) -> bool:
    """Whether the gain `event` is the Emperor tile's own reward that its line already told (`rewards`: the
    "Emperor tile A1" whose rewards the line told, with words that say what it gives: "receives the reward of
    Emperor tile A1 (gain 3 krones)")."""
    tile = str(event.data.get("cause", ""))
    if event.kind == "items":
        reason = event.data.get("reason")
        if not isinstance(reason, str):  # a game stored before the event had the datum
            found = words_stored.text_match(event, r"\(([^()]*)\)\.?$")
            reason = found.group(1) if found else ""
        tile = reason if reason.startswith("Emperor tile ") else ""
    return bool(tile) and tile in rewards


def kitchen_words(_: Translator, cost: int, kitchen: Sequence[bool], served: Sequence[str]) -> str:
    """The brackets of a serving line when some items came from the kitchen: which ones and the fee, e.g.
    " (coffee from the kitchen, 1 krone)" ("" when none did)."""
    from_kitchen = [item for item, came in zip(served, kitchen, strict=True) if came]
    if not from_kitchen:
        return ""
    fee = _("free") if cost == 0 else count(cost, "krone", language=_.language)
    if len(from_kitchen) == len(served):
        return " (" + _("from the kitchen, {fee}", fee=fee) + ")"
    return " (" + _("{items} from the kitchen, {fee}", items=joined(_, from_kitchen), fee=fee) + ")"


NO_CAUSE_KINDS = frozenset({"kitchen", "serve", "choice"})
"""Kinds of line that never cause a gain: a gain right after one (a check-in's late triggers, after its reward's
items were placed) joins the player's latest check-in instead."""


class Told(Protocol):
    """What `guest_line` needs of a line being built (`bot.games.gah.words._Line`)."""

    player: str | None
    kind: str
    guest: str


LineT = TypeVar("LineT", bound=Told)


def guest_named(guest_id: object) -> str:
    """The English name of guest `guest_id` (as a gain's `cause` datum names it), "" for none."""
    guest = guests().get(guest_id) if isinstance(guest_id, int) else None
    return guest.name if guest is not None else ""


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
    return next((line for line in checkins if line.guest == caused), None)


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

