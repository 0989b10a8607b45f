"""Component custom_ids: the meaning of every button and select lives in its custom_id, so it survives restarts.

Format: ``gah:{game}:{version}:{verb}:{arg}`` (at most 100 characters; Discord's limit). `version` is the game's
version when the component was made; a click on an older version is refused before any work is done.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "gah"
MAX_LENGTH = 100
PATTERN = re.compile(
    r"gah:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,12}):(?P<verb>[a-z_]{1,16}):(?P<arg>[A-Za-z0-9_.\-]{0,40})"
)
"""The regular expression every one of our custom_ids matches in full (used by the DynamicItem templates)."""


class BadCustomId(ValueError):
    """A custom_id that is not one of ours or is malformed (a forged or truncated id)."""


@dataclass(frozen=True)
class ComponentId:
    """A parsed custom_id.

    Attributes:
        game: the game's id.
        version: the game version the component belongs to.
        verb: what the component does (e.g. "act", "pick", "join", "hand").
        arg: the verb's argument ("" when none).
    """

    game: int
    version: int
    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return build(self.game, self.version, self.verb, self.arg)


def build(game: int, version: int, verb: str, arg: str | int = "") -> str:
    """The custom_id for a component.

    Raises:
        BadCustomId: the result would not match `PATTERN` or would exceed 100 characters.
    """
    text = f"{PREFIX}:{game}:{version}:{verb}:{arg}"
    if len(text) > MAX_LENGTH or not PATTERN.fullmatch(text):
        raise BadCustomId(f"cannot build a custom_id from {text!r}")
    return text


def parse(custom_id: str) -> ComponentId:
    """Read a custom_id built by `build`.

    Raises:
        BadCustomId: it is not one of ours or is malformed.
    """
    match = PATTERN.fullmatch(custom_id or "")
    if match is None:
        raise BadCustomId(f"not a game component: {custom_id[:100]!r}")
    return ComponentId(int(match["game"]), int(match["version"]), match["verb"], match["arg"])


def number(text: str) -> int:
    """A whole number from a custom_id argument or a select value (ASCII digits only).

    Raises:
        BadCustomId: it is not one (a forged or damaged component).
    """
    if not (text.isascii() and text.isdigit()):
        raise BadCustomId(f"not a number: {text[:40]!r}")
    return int(text)
