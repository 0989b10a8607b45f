"""A back-door ability's sentence in a language, from what the engine says it did (`Step.outcome` and its values,
or the same in an "ability" event's data): the resolution picture and the bot's recap and log share these words."""

from __future__ import annotations

from render.core.i18n import Translator
from render.core.lang import card_name


def card_words(_: Translator, crest: str, beds: int, kind: str, english_crest: str | None = None) -> str:
    """ "Bird 3 (maids)": a guest card for a sentence in `_`'s language, from its crest id, beds and guest type
    (`english_crest`: the crest's English name when known, else the id capitalised)."""
    crest_words = card_name(_, "ob_crest", crest, english_crest or crest.title())
    return f"{crest_words} {beds} ({card_name(_, 'ob_guest', kind, kind)})"


def ability_sentence(_: Translator, outcome: str, player: str, card: str, *, target_player: str = "",
                     target_card: str = "", change: int = 0, free: int = 0) -> str | None:
    """What `player`'s back-door `card` (already worded) did, in `_`'s language; None for an outcome not known
    (a caller then shows the engine's English sentence)."""
    if outcome == "queue_end":
        return _("{player}'s {card} walks to the end of the queue.", player=player, card=card)
    if outcome == "no_card":
        return _("{player}'s {card} has no card to act on.", player=player, card=card)
    if outcome == "no_workers":
        return _("{player}'s {card}: no workers in the queue.", player=player, card=card)
    if outcome == "declined":
        return _("{player}'s {card} does nothing.", player=player, card=card)
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
