"""Typed payload of module 4's decision (issue 17), registered like every other (`engine.gah.payloads`); its kind
is shared by the engine (`engine.gah.waltz.start_player.decisions`), the bot's panel and the AI."""

from __future__ import annotations

from dataclasses import dataclass

from engine.gah.payloads import Payload, payload

KEY_ACTION = "key_action"


@payload
@dataclass
class KeyActionData(Payload):
    """Module 4: the main action that comes with the skeleton key."""

    KIND = KEY_ACTION
    PROMPT = "Skeleton key: carry out any main action at strength 1."
