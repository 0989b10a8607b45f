"""A die folded with its first follow-up on the turn panel ("Wine or coffee - strength 2: Take 2 wine"): the die's
words shortened where the whole label would pass Discord's 80 characters, so that no folded choice is clipped
(issue 52 item 3: "Copy an action 1-5 - strength 4 with the boost: Copy action 4 (Krones or Empero…")."""

from __future__ import annotations

import re

from render.core.i18n import Translator
from render.core.lang import ENGLISH

SHORT_DIE = re.compile(r" \(1 krone\)| · costs 1 krone")
"""What a folded die's label leaves out first when it would be too long (its description still says it)."""

SHORTER_DIE = (" with the boost", " boosted")
"""What a folded die's label then says shorter, if it is still too long."""

BRACKETS = re.compile(r" \([^)]*\)")
"""What a folded label in Polish or German leaves out last when it would still be too long: the die's brackets,
then the follow-up's (the description still says them)."""


def folded_label(die: str, follow: str, limit: int, _: Translator = ENGLISH) -> str:
    """The label of a die folded with a follow-up: "{die}: {follow}", within `limit` characters if shortening the
    die's words gets it there (`SHORT_DIE`, then `SHORTER_DIE`; in another language the same words of `_`, then
    `BRACKETS`)."""
    words = f"{die}: {follow}"
    if _.language == ENGLISH.language:
        if len(words) > limit:
            words = f"{SHORT_DIE.sub('', die)}: {follow}"
        if len(words) > limit:
            words = f"{SHORT_DIE.sub('', die).replace(*SHORTER_DIE)}: {follow}"
        return words
    boost, fee = _(" with the boost (1 krone)"), _(" · costs 1 krone")
    short = die.replace(fee, "").replace(boost, _(" with the boost"))
    for shorter in (short, short.replace(_(" with the boost"), _(" boosted")), BRACKETS.sub("", short)):
        if len(words) > limit:
            words = f"{shorter}: {follow}"
    if len(words) > limit:
        words = f"{BRACKETS.sub('', short)}: {BRACKETS.sub('', follow)}"
    return words
