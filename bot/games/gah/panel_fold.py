"""A die folded with its first follow-up on the turn panel ("Wine or coffee - strength 2: Take 2 wine"): the die's
words shortened where the whole label would pass Discord's 80 characters, so that no folded choice is clipped
(issue 52 item 3: "Copy an action 1-5 - strength 4 with the boost: Copy action 4 (Krones or Empero…")."""

from __future__ import annotations

import re

SHORT_DIE = re.compile(r" \(1 krone\)| · costs 1 krone")
"""What a folded die's label leaves out first when it would be too long (its description still says it)."""

SHORTER_DIE = (" with the boost", " boosted")
"""What a folded die's label then says shorter, if it is still too long."""

BRACKETS = re.compile(r" \([^)]*\)")
"""What a folded die's label in Polish or German leaves out when it would be too long (the English patterns above
do not match its words; its description still says it)."""


def folded_label(die: str, follow: str, limit: int) -> str:
    """The label of a die folded with a follow-up: "{die}: {follow}", within `limit` characters if shortening the
    die's words gets it there (`SHORT_DIE`, then `SHORTER_DIE`)."""
    words = f"{die}: {follow}"
    if len(words) > limit:
        words = f"{SHORT_DIE.sub('', die)}: {follow}"
    if len(words) > limit:
        words = f"{SHORT_DIE.sub('', die).replace(*SHORTER_DIE)}: {follow}"
    if len(words) > limit:  # another language's words: its brackets (the krone of a boost) go first
        words = f"{BRACKETS.sub('', die)}: {follow}"
    return words
