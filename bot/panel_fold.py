"""A die folded with its first follow-up on the turn panel ("Wine or coffee - strength 2: Take 2 wine"): the die's
words shortened where the whole label would pass Discord's 80 characters, so that no folded choice is clipped
(issue 52 item 3: "Copy an action 1-5 - strength 4 with the boost: Copy action 4 (Krones or Empero…")."""

from __future__ import annotations

import re

SHORT_DIE = re.compile(r" with the boost \(1 krone\)| \(1 krone\)| · costs 1 krone")
"""What a folded die's label leaves out when it would be too long (its description still says it): the prices,
and "with the boost (1 krone)" reads "boosted"."""


def short_die(label: str) -> str:
    """A die's panel label without its prices ("Copy an action 1-5 - strength 4 with the boost (1 krone) · costs 1
    krone" -> "Copy an action 1-5 - strength 4 boosted")."""
    return SHORT_DIE.sub(lambda found: " boosted" if "boost" in found[0] else "", label)
