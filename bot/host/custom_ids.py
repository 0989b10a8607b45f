"""Component custom_ids: the meaning of every button and select lives in its custom_id, so it survives restarts.

Format: ``gah:{game}:{version}:{verb}:{arg}`` (at most 100 characters; Discord's limit). `version` is the game's
version when the component was made; a click on an older version is refused before any work is done.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "gah"
MAX_LENGTH = 100
_GAME = r"(?P<game>[1-9][0-9]{0,17})"
_VERSION = r"(?P<version>[0-9]{1,12})"
_ARG = r"(?P<arg>[A-Za-z0-9_.\-]{0,40})"


def template(verbs: tuple[str, ...] | None = None) -> str:
    """The regular expression (as text) of our custom_ids, with `verbs` only (any verb when None).

    The `DynamicItem` templates of `bot.host.views` and `parse` use it, so a custom_id that a template routes is one
    that `parse` reads (a 19-digit game id or a 13-digit version matches neither)."""
    verb = "|".join(re.escape(v) for v in verbs) if verbs else "[a-z_]{1,16}"
    return rf"{PREFIX}:{_GAME}:{_VERSION}:(?P<verb>{verb}):{_ARG}"


PATTERN = re.compile(template())
"""The regular expression every one of our custom_ids matches in full. `[0-9]` (not `\\d`): ASCII digits only."""


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


def whole_number(text: str, *, low: int = 0, high: int = 10**6) -> int:
    """A whole number in `low`..`high` from a custom_id argument or a select value.

    Only ASCII digits count: "²" and "①" pass `str.isdigit` but are not numbers here.

    Raises:
        BadCustomId: `text` is not such a number (a forged or damaged component).
    """
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or not low <= int(text) <= high:
        raise BadCustomId(f"not a number from {low} to {high}: {text[:40]!r}")
    return int(text)


def number(text: str) -> int:
    """A whole number from a custom_id argument or a select value (ASCII digits only).

    Raises:
        BadCustomId: it is not one (a forged or damaged component).
    """
    if not (text.isascii() and text.isdigit()):
        raise BadCustomId(f"not a number: {text[:40]!r}")
    return int(text)
