"""The words of Let's Waltz module 2, Celebrities (`engine.gah.waltz.celebrities`): the lounge's events, the
coloured die sent to the dustbin and Albert Einstein's swap on the panel, its rules sentence and its celebrities'
`/gah card` pages."""

from __future__ import annotations

from bot.games.gah import words_stored
from bot.games.gah.panel_words import celebrity_name
from bot.games.gah.waltz.registry import ModuleWords, register
from bot.games.gah.words_names import card, card_of, colour, listed
from engine.core.actions import Event
from engine.gah.options_spec import WALTZ_MODULES
from engine.gah.waltz.cards import celebrities
from render.core.i18n import Translator
from render.core.lang import N_, card_name
from render.core.plural import count

NAME = "celebrities"
SPEC = next(module for module in WALTZ_MODULES if module.name == NAME)


def _celebrity(_: Translator, number: object) -> str:
    """A celebrity by its number, in `_`'s language (the glossary's name)."""
    known = celebrities().get(number) if isinstance(number, int) else None
    return card_of(_, "celebrity", number, known.name) if known is not None else "?"


def _lounge(_: Translator, event: Event) -> str | None:
    shown = [int(n) for n in event.data.get("lounge", [])]
    chits = [int(n) for n in event.data.get("chits", [])]
    if len(shown) != len(chits) or not shown:
        return None
    shown_list = listed(_, [f"{_celebrity(_, number)} ({count(vp, 'VP', language=_.language)})"
                        for number, vp in zip(shown, chits, strict=True)])
    return _("The lounge now shows {celebrities}", celebrities=shown_list)


def _swap(_: Translator, event: Event) -> str | None:
    """Albert Einstein's swap: the "count" of dishes and drinks given and the "celebrity" (a game stored before
    those data: the engine's sentence, `words_stored`)."""
    if isinstance(event.data.get("count"), int):
        given, celebrity = int(event.data["count"]), _celebrity(_, event.data.get("celebrity"))
    elif found := words_stored.text_match(event, r"gives (\d+) dishes and drinks \((.+)\)", whole=True):
        given, celebrity = int(found.group(1)), card(_, found.group(2))
    else:
        return None
    return _.ngettext("gives {count} dish or drink ({celebrity})", "gives {count} dishes and drinks ({celebrity})",
                      given, celebrity=celebrity)


def _leaves(_: Translator, event: Event) -> str | None:
    """A celebrity leaving the lounge, by its "celebrity" datum (a game stored before it: the engine's sentence)."""
    if isinstance(event.data.get("celebrity"), int):
        celebrity = _celebrity(_, event.data["celebrity"])
    elif found := words_stored.text_match(event, r"(.+) leaves the lounge", whole=True):
        celebrity = card(_, found.group(1))
    else:
        return None
    return _("{celebrity} leaves the lounge", celebrity=celebrity)


def _card_names() -> list[str]:
    return [f"Celebrity: {c.name}" for c in celebrities().values()]


def _card_page(_: Translator, wanted: str) -> str | None:
    """`/gah card`'s page of the celebrity named `wanted` (lower case, with or without "celebrity: ")."""
    for celebrity in celebrities().values():
        if wanted in (celebrity.name.lower(), f"celebrity: {celebrity.name}".lower()):
            return _("**{name}** - celebrity (Let's Waltz module 2), 1 VP or the chit on it when taken with its "
                     "coloured die\nFor the rest of that round: {effect}", name=celebrity_name(_, celebrity.id),
                     effect=card_name(_, "celebrity_text", celebrity.id, celebrity.text))
    return None


WORDS = register(ModuleWords(
    NAME,
    rules=lambda _: _(SPEC.rules),
    events={
        "celebrity": lambda _, event: _("takes the {colour} die and {celebrity}", colour=colour(
            _, str(event.data.get("color", ""))), celebrity=_celebrity(_, event.data.get("celebrity"))),
        "celebrity_leaves": _leaves,
        "celebrity_reshuffle": lambda _, event: _("The celebrity discards are shuffled into a new stack"),
        "lounge": _lounge,
        "swap": _swap,
        # Elisabeth, the solo opponent module 2 brings
        "solo_colour": lambda _, event: _("ignores the celebrity's effect and gains the {colour} die's bonus",
                                          colour=colour(_, str(event.data.get("color", "")))),
    },
    as_written=frozenset({"celebrity", "celebrity_leaves", "celebrity_reshuffle", "lounge", "solo_colour", "swap"}),
    round_end=frozenset({"celebrity_leaves", "celebrity_reshuffle", "lounge"}),
    prompts=(
        N_("Only coloured dice are left: which one goes to the dustbin?"),
        N_("Albert Einstein: give kitchen items, then take as many different ones."),
    ),
    decision_help={
        "dustbin_die": N_(
            "Only coloured dice are left at the reroll (Let's Waltz module 2): choose which one goes to the "
            "dustbin."),
        "swap_items": N_(
            "Albert Einstein: give up to 4 dishes and drinks from your kitchen, then take as many from the supply, "
            "none of a kind you gave."),
    },
    text_answers=frozenset({"dustbin_die", "swap_items"}),
    answer_kinds=frozenset({"swap"}),
    answers=frozenset({N_("Swap kitchen items (Einstein)"), N_("Done giving"), N_("Swap nothing")}),
    card_names=_card_names,
    card_page=_card_page,
    solo_opponent="Elisabeth",  # `engine.gah.config.GameConfig.opponent_name`
))
"""Module 2's words (`bot.games.gah.waltz.registry.ModuleWords`)."""
