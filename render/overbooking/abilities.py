"""A back-door ability's sentence in a language, from what the engine says it did (`Step.outcome` and its values,
or the same in an "ability" event's data): the resolution picture and the bot's recap and log share these words."""

from __future__ import annotations

import re

from render.core.i18n import Translator
from render.core.lang import N_, card_name

PLAIN_OUTCOMES: dict[str, tuple[str, str]] = {
    "queue_end": (" walks to the end of the queue.", N_("{player}'s {card} walks to the end of the queue.")),
    "no_card": (" has no card to act on.", N_("{player}'s {card} has no card to act on.")),
    "no_workers": (": no workers in the queue.", N_("{player}'s {card}: no workers in the queue.")),
    "declined": (" does nothing.", N_("{player}'s {card} does nothing.")),
}
"""The outcomes whose sentence names only the acting card, by outcome: (the end of the engine's English sentence
after "ann's Bird 3 (maids)" (`engine.overbooking.resolve`), the catalog's sentence)."""

BEDS_ENDING = re.compile(r": (?P<change>[+-]\d+) beds, (?P<free>-?\d+) now\.")
"""The end of the engine's English sentence for a "beds" outcome (merchants, workers): ": +3 beds, 11 now."."""


def outcome_of_ending(ending: str) -> tuple[str, int, int] | None:
    """(outcome, change of beds, free beds) read from the end of an ability's English sentence after its card
    (" walks to the end of the queue.", ": -3 beds, 5 now."), for games stored before the outcome was kept; None
    for an ending that names a target card (or is not known): the callers read those with their own card names."""
    plain = next((outcome for outcome, (english, _msgid) in PLAIN_OUTCOMES.items() if english == ending), None)
    if plain is not None:
        return plain, 0, 0
    beds = BEDS_ENDING.fullmatch(ending)
    return None if beds is None else ("beds", int(beds["change"]), int(beds["free"]))


def card_words(_: Translator, crest: str, beds: int, kind: str, english_crest: str | None = None) -> str:
    """ "Bird 3 (maids)": a guest card for a sentence in `_`'s language, from its crest id, beds and guest type
    (`english_crest`: the crest's English name when known, else the id capitalised)."""
    crest_words = card_name(_, "ob_crest", crest, english_crest or crest.title())
    return f"{crest_words} {beds} ({card_name(_, 'ob_guest', kind, kind)})"


def ability_sentence(_: Translator, outcome: str, player: str, card: str, *, target_player: str = "",
                     target_card: str = "", change: int = 0, free: int = 0) -> str | None:
    """What `player`'s back-door `card` (already worded) did, in `_`'s language; None for an outcome not known
    (a caller then shows the engine's English sentence)."""
    if outcome in PLAIN_OUTCOMES:
        return _(PLAIN_OUTCOMES[outcome][1], player=player, card=card)
    if outcome == "beds":
        return _.ngettext("{player}'s {card}: {change} bed, {beds} now.",
                          "{player}'s {card}: {change} beds, {beds} now.", abs(change),
                          player=player, card=card, change=f"{change:+d}", beds=free)
    target = _.pgettext("a card in a sentence", "{player}'s {card}", player=target_player, card=target_card)
    if outcome == "book_first":
        return _("{player}'s {card} lets {target} book first.", player=player, card=card, target=target)
    if outcome == "take_place":
        return _("{player}'s {card} takes the place of {target}, which leaves.", player=player, card=card,
                 target=target)
    return None
