"""Facts of an engine event that its words need, from the event's data (issue 55 item 1: the engine emits data, the
bot chooses the words). An event of a game stored before the engine gave the fact as data is read through
`words_stored.text_match`, the one place that reads the engine's English."""

from __future__ import annotations

from typing import Any

from bot.games.gah import words_stored
from engine.gah.cards import guests, politics


def krones_lost(event: Any) -> bool:
    """Whether a "pay" event is a loss of krones to an Emperor penalty ("loses 3 krones (Emperor tile A1)", with a
    "cause" datum) rather than krones paid for something ("pays 1 krone for room 1-2", with "paid_for"). A payment
    with neither datum is from a game stored before them, or a plug-in's payment without "paid_for"."""
    if "cause" in event.data or "paid_for" in event.data:
        return "cause" in event.data
    return words_stored.text_match(event, " loses ") is not None


def guest_name(event: Any) -> str:
    """The English name of the guest a "serve" or "fill_order" event names, by its "guest" datum; "" when
    unknown."""
    number = event.data.get("guest")
    if isinstance(number, int) and number in guests():
        return guests()[number].name
    found = words_stored.text_match(event, r"(?:serves .* to |completes )(.+?)(?:'s order)?$", whole=True)
    return found.group(1) if found else ""


def room_colour(event: Any) -> str:
    """The colour of the room a "prepare" event prepares ("red", "yellow", "blue"), by its "colour" datum."""
    if isinstance(event.data.get("colour"), str):
        return str(event.data["colour"])
    found = words_stored.text_match(event, r" prepares the (\w+) room")
    return found.group(1) if found else ""


def penalty_losses(event: Any) -> tuple[str, ...]:
    """What a "penalty" event takes away, by its "lost" datum: ("kitchen",), ("kitchen", "café") or ("krones",
    "kitchen")."""
    lost = event.data.get("lost")
    if isinstance(lost, list):
        return tuple(str(where) for where in lost)
    if words_stored.text_match(event, "every krone"):
        return ("krones", "kitchen")
    return ("kitchen", "café") if words_stored.text_match(event, "café") else ("kitchen",)


def politics_text(event: Any) -> str:
    """The English text of the politics card a "politics" event names, by its "card" datum; "" when unknown."""
    number = event.data.get("card")
    if isinstance(number, int) and number in politics():
        return politics()[number].text
    found = words_stored.text_match(event, r'"([^"]*)"')
    return found.group(1) if found else ""


def politics_claimed(event: Any) -> bool:
    """Whether a "politics" event claims its card (False: "No VP space is left on politics card A", its "claimed"
    datum False)."""
    if "claimed" in event.data:
        return bool(event.data["claimed"])
    return words_stored.text_match(event, r"^No VP space") is None


def die_carried_out(event: Any) -> bool:
    """Whether a "die" event's action is carried out (False: a solo opponent's die, "takes a die from space 4 (...)
    and does not carry out its action"), by its "carried_out" datum, else its "reason" (the solo form's alone)."""
    if "carried_out" in event.data or "reason" in event.data:
        return bool(event.data.get("carried_out", False))
    if "taken" in event.data:
        return True
    return words_stored.text_match(event, "does not carry out") is None


def die_taken(event: Any) -> bool:
    """Whether a "die" event takes its die (False: E. Gizia's extra turn in the 2015 edition, "uses space 3 without
    taking its die"), by its "taken" datum."""
    if "taken" in event.data:
        return bool(event.data["taken"])
    return words_stored.text_match(event, "without taking") is None
