"""How the action log's `events` column is written: compressed with a preset dictionary, as text.

A log row's events are the engine events of one action as JSON-ready dicts (kind, player, text, data). As plain
JSON they were about 90% of a finished game's database (issue 16: 59 of 66 kB). They are very repetitive ("Ann
takes a die from space 4 (strength 3)."), so each row is compressed on its own (rows stay append-only and are read
one at a time) with zlib and a preset dictionary of typical events (`bot.host.log_dictionary`), then written as base85
text behind a format marker, so that the column stays TEXT on every backend:

    "~1" + base85(raw deflate(JSON, dictionary 1))     the current format
    "[...]"                                            plain JSON (rows written before; still read)

Nothing is dropped: decoding gives back exactly the dicts that were encoded (the JSON has sorted keys).
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from bot.host.log_dictionary import DICTIONARY_1

MARKER_1 = "~1"
"""The prefix of events compressed with `DICTIONARY_1`."""


def encode_events(events: list[dict[str, Any]]) -> str:
    """The column text of a row's events (see the module text)."""
    if not events:
        return "[]"
    plain = json.dumps(events, sort_keys=True, separators=(",", ":")).encode()
    # memLevel 8: the same size on log rows, half the time of 9
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, DICTIONARY_1)
    packed = deflate.compress(plain) + deflate.flush()
    return MARKER_1 + base64.b85encode(packed).decode("ascii")


def decode_events(text: str) -> list[dict[str, Any]]:
    """The events of a row from its column text, in either format.

    Raises:
        ValueError: the text is neither format (a damaged row).
    """
    if text.startswith(MARKER_1):
        inflate = zlib.decompressobj(-15, DICTIONARY_1)
        try:
            plain = inflate.decompress(base64.b85decode(text[len(MARKER_1):])) + inflate.flush()
        except (zlib.error, ValueError) as error:
            raise ValueError(f"damaged compressed events: {error}") from error
        text = plain.decode()
    events = json.loads(text)
    if not isinstance(events, list):
        raise ValueError("events must be a JSON list")
    return events


def is_compact(text: str) -> bool:
    """Whether a column text is already in the current format (or an empty list)."""
    return text.startswith(MARKER_1) or text == "[]"
