"""Typed payloads of module 2's decisions (issue 17), registered like every other (`engine.gah.payloads`).

The kinds are constants shared by the engine (`engine.gah.waltz.celebrities.decisions`), the bot's panel and the AI
(`engine.gah.ai.waltz`); each payload gives the frame's data fields and the question (`prompt`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.gah.payloads import Payload, payload

DUSTBIN_DIE = "dustbin_die"
SWAP_ITEMS = "swap_items"


@payload
@dataclass
class DustbinDieData(Payload):
    """Module 2 reroll with only coloured dice left."""

    KIND = DUSTBIN_DIE
    PROMPT = "Only coloured dice are left: which one goes to the dustbin?"


@payload
@dataclass
class SwapItemsData(Payload):
    """Albert Einstein: items `given` so far, how many are `left` to give or take, and the `phase`."""

    KIND = SWAP_ITEMS
    PROMPT = "Albert Einstein: give kitchen items, then take as many different ones."

    given: list[int]
    left: int
    phase: str
