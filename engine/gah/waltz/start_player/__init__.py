"""Let's Waltz module 4, Start Player, as one unit (issue 54, item 3): its state (`state`, `StartPlayerState`),
its rules (`key`), its decision (`decisions`: the key's action at strength 1) and its payload (`payloads`), and
`mount`, which adds its handlers to the hook points of a game that chose it. Importing the package registers its
kinds (`KINDS`); its decision kind is known only to the games that chose module 4
(`engine.gah.decisions.registry.GameDecisions`)."""

from __future__ import annotations

from engine.gah.hooks import Hooks
from engine.gah.waltz.start_player import decisions, key, payloads

KINDS = (payloads, decisions)
"""The parts whose decorators register the module's payload and decision kind."""


def mount(hooks: Hooks) -> None:
    """Add module 4's handlers to `hooks` (a game that chose it)."""
    hooks.start_money.register(key.start_money)
    hooks.turn_order_tiles.register(key.turn_order_tiles)
    hooks.round_starting.register(key.start_round)
    hooks.round_cleanup.register(key.next_start_player)
    hooks.turn_options_after_die.register(key.key_option)
    hooks.turn_answers["key"] = key.take_key
    hooks.passed.register(key.passed)
