"""Let's Waltz module 5 (its objectives and Emperor tiles only) as one unit (issue 54, item 3): its state
(`state`, `ObjectivePiles`), the piles its objective 2018 keeps (`piles`) and `mount`, which adds its handlers to
the hook points of a game that chose it. Its cards are data rows with `"variant": "more_objectives"`
(engine/gah/data/), dealt by the base set-up; their behaviours are kinds registered once
(`engine.gah.waltz.effects`)."""

from __future__ import annotations

from engine.gah.hooks import Hooks
from engine.gah.waltz.more_objectives import piles

LATER = 1
"""After Kaufman's pile (module 3) at `hooks.guest_completed`: that entrance keeps every completed guest first."""


def mount(hooks: Hooks) -> None:
    """Add module 5's handlers to `hooks` (a game that chose it)."""
    hooks.guest_completed.register(piles.complete_guest, LATER)
    hooks.politics_claimed.register(piles.release)
