"""Typed payload of module 5's decision (issue 17), registered like every other (`engine.gah.payloads`); its kind
is shared by the engine (`engine.gah.waltz.more_objectives.decisions`), the bot's panel and the AI."""

from __future__ import annotations

from dataclasses import dataclass

from engine.gah.payloads import CountData, payload

RETURN_ITEM = "return_item"


@payload
@dataclass
class ReturnItemData(CountData):
    KIND = RETURN_ITEM
    PROMPT = "Emperor penalty: return a dish or drink from your kitchen."
