"""Let's Waltz module 5 (its objectives and Emperor tiles only) as one unit (issue 54, item 3): its state
(`state`, `ObjectivePiles`), the piles its objective 2018 keeps (`piles`) and `mount`, which adds its handlers to
the hook points of a game that chose it. Its cards are data rows with `"variant": "more_objectives"`
(engine/gah/data/), dealt by the base set-up only in a game that chose it; its Emperor tiles' behaviours
(`emperor_tiles`), the decision one of them asks (`decisions`: return a kitchen item) and its payload
(`payloads`). Importing the package registers its kinds (`KINDS`); its decision kind is known only to the games
that chose module 5 (`engine.gah.decisions.registry.GameDecisions`)."""

from __future__ import annotations

from engine.gah.hooks import Hooks
from engine.gah.waltz.more_objectives import decisions, emperor_tiles, payloads, piles

KINDS = (payloads, emperor_tiles, decisions)
"""The parts whose decorators register the module's payload, behaviours and decision kind (in that order)."""

LATER = 1
"""After Kaufman's pile (module 3) at `hooks.guest_completed`: that entrance keeps every completed guest first."""


def mount(hooks: Hooks) -> None:
    """Add module 5's handlers to `hooks` (a game that chose it)."""
    hooks.guest_completed.register(piles.complete_guest, LATER)
    hooks.politics_claimed.register(piles.release)
