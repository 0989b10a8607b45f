"""*Suggest*'s reasons in the reader's language (issue 55 item 1): the engine tells what a move changes as data
(`engine.core.suggestions.Reason`, its facts from `engine.gah.ai.explain`), and this module says it as one sentence.

Each fact kind has its own whole clause (a verb phrase with named placeholders, counted with `ngettext`), the card
names come from the glossary (`bot.games.gah.panel_words`), and the sentence around the clauses is one template per
shape (the move's own changes, then the rest of its turn, with the VP of the line), so Polish and German can order
and inflect their words as they need.

    reason_text(move.reason, language="pl")   # "Tym ruchem przygotujesz 2 pokoje, a potem ... — łącznie 3 PZ."
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.gah.panel_words import colour, guest_name, staff_name
from bot.host.game_list import joined
from engine.core.suggestions import Fact, Reason
from engine.gah.ai.explain import (
    CHECKED_IN,
    EMPEROR,
    GROUPS,
    ITEMS,
    KRONES,
    POLITICS,
    ROOMS,
    SEATED,
    SERVED,
    STAFF_DRAWN,
    STAFF_PLAYED,
)
from engine.gah.cards import guests
from render.core.i18n import Translator, translator


def _guest_told(guest: int, _: Translator) -> str:
    name, shade, vp = guest_name(_, guest), colour(_, guests()[guest].color), guests()[guest].vp
    return _.pgettext("suggestion reason", "{guest} ({colour}, {vp} VP)", guest=name, colour=shade, vp=vp)


# the names are worked out before each call: pybabel extract misses a message whose arguments hand `_` to a call
def _guests_seated(fact: Fact, _: Translator) -> str:
    told = joined([_guest_told(guest, _) for guest in fact.cards], _)
    return _.npgettext("suggestion reason", "seat {guests} in your café", "seat {guests} in your café",
                       len(fact.cards), guests=told)


def _guests_checked_in(fact: Fact, _: Translator) -> str:
    names = joined([guest_name(_, guest) for guest in fact.cards], _)
    return _.npgettext("suggestion reason", "check in {guests}", "check in {guests}", len(fact.cards), guests=names)


def _staff_played(fact: Fact, _: Translator) -> str:
    names = joined([staff_name(_, card) for card in fact.cards], _)
    return _.npgettext("suggestion reason", "hire the {staff}", "hire the {staff}", len(fact.cards), staff=names)


def _politics(fact: Fact, _: Translator) -> str:
    if fact.count == 1:
        return _.pgettext("suggestion reason", "claim a politics card")
    return _.npgettext("suggestion reason", "claim {count} politics card", "claim {count} politics cards",
                       fact.count)


def _served(fact: Fact, _: Translator) -> str:
    return _.npgettext("suggestion reason", "serve {count} dish or drink", "serve {count} dishes and drinks",
                       fact.count)


def _rooms(fact: Fact, _: Translator) -> str:
    return _.npgettext("suggestion reason", "prepare {count} room", "prepare {count} rooms", fact.count)


def _groups(fact: Fact, _: Translator) -> str:
    return _.npgettext("suggestion reason", "fill {count} room group for the occupancy bonus",
                       "fill {count} room groups for the occupancy bonus", fact.count)


def _emperor(fact: Fact, _: Translator) -> str:
    return _.npgettext("suggestion reason", "move {count} step up the Emperor track",
                       "move {count} steps up the Emperor track", fact.count)


def _staff_drawn(fact: Fact, _: Translator) -> str:
    return _.npgettext("suggestion reason", "add {count} staff card to your hand",
                       "add {count} staff cards to your hand", fact.count)


def _krones(fact: Fact, _: Translator) -> str:
    return _.npgettext("suggestion reason", "gain {count} krone", "gain {count} krones", fact.count)


def _items(fact: Fact, _: Translator) -> str:
    return _.npgettext("suggestion reason", "bring {count} dish or drink to your kitchen",
                       "bring {count} dishes and drinks to your kitchen", fact.count)


WORDS: dict[str, Callable[[Fact, Translator], str]] = {
    CHECKED_IN: _guests_checked_in, SEATED: _guests_seated, SERVED: _served, ROOMS: _rooms, GROUPS: _groups,
    EMPEROR: _emperor, STAFF_PLAYED: _staff_played, STAFF_DRAWN: _staff_drawn, POLITICS: _politics,
    KRONES: _krones, ITEMS: _items,
}
"""The clause of each fact kind (`engine.gah.ai.explain.FACT_KINDS`): in English the words that follow "You would";
each language words it to fit its own sentence templates (`reason_text`)."""


def fact_text(fact: Fact, *, language: str = "en") -> str:
    """One fact as a clause in `language` ("prepare 2 rooms", "przygotujesz 2 pokoje", "2 Zimmer vorbereiten")."""
    return WORDS[fact.kind](fact, translator(language))


def _clauses(facts: Sequence[Fact], _: Translator) -> str:
    """The facts' clauses as one list, joined apart from the names inside them (Polish "oraz" after a clause that
    lists guests with "i")."""
    clauses = [WORDS[fact.kind](fact, _) for fact in facts]
    if len(clauses) <= 1:
        return "".join(clauses)
    head = ", ".join(clauses[:-1])
    return _.pgettext("suggestion reason", "{changes} and {change}", changes=head, change=clauses[-1])


def reason_text(reason: Reason | None, *, language: str = "en") -> str:
    """The sentence of a suggested move's `reason` in `language` ("You would seat Major (blue, 4 VP) in your café,
    then check in Dame, for 5 VP."); "" for no reason (None: the move changes nothing a fact names)."""
    _ = translator(language)
    if reason is None:
        return ""
    if not reason.own and not reason.later:
        return _.pgettext("suggestion reason", "Nothing more this turn is worth what it costs.") \
            if reason.nothing_more else ""
    changes = _clauses(reason.own or reason.later, _)
    if reason.own and reason.later:
        later = _clauses(reason.later, _)
        if reason.vp > 0:
            return _.npgettext("suggestion reason", "You would {changes}, then {later}, for {count} VP.",
                               "You would {changes}, then {later}, for {count} VP.", reason.vp,
                               changes=changes, later=later)
        return _.pgettext("suggestion reason", "You would {changes}, then {later}.", changes=changes, later=later)
    if reason.vp > 0:
        return _.npgettext("suggestion reason", "You would {changes}, for {count} VP.",
                           "You would {changes}, for {count} VP.", reason.vp, changes=changes)
    return _.pgettext("suggestion reason", "You would {changes}.", changes=changes)
