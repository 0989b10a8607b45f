"""Why the solo opponent (Leopold or Elisabeth) chose a guest, room, die or politics card: each reason as data (a key
and its values, the event's "reason" datum) and as the engine's English sentence part, which stays exactly as the
event texts always said it (issue 55 item 1: the bot words the reason from the data).

Keys and their values (`KEYS`), e.g. {"key": "more dice", "spaces": [3, 5], "hand": "left"}; "hand" ("left" or
"right") is there when the instruction card's hand broke a tie.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

KEYS: dict[str, str] = {
    "depicted die": "the depicted die",
    "more dice": "of {first} and {second}, the one with more dice",
    "most dice": "question mark: the space with the most dice",
    "no die shown": "no die on {shown}: the space with the most dice",
    "coloured die": "the coloured die whose celebrity shows the most VP",
    "any colour": "any colour: the most VP",
    "rooms occupied": "all {his} {colour} rooms are occupied: the most VP of a guest who can move in",
    "colour": "{colour}, the most VP",
    "no colour": "no {colour} guest in the queue: the most VP",
    "rightmost column": "the lowest empty space of the rightmost column with one",
    "lowest floor": "the first {colour} space from the left on the lowest floor with one",
    "as shown": "card {card} as shown",
    "least progress": "question mark: the card with the least progress",
    "claimed": "card {card} is already claimed: the card with the least progress",
}
"""Each reason's key -> its English form (placeholders from its values; "spaces" [a, b] give {first} and
{second}, or {shown} "3 or 5"; {his} is the opponent's possessive pronoun, told in English only)."""


@dataclass(frozen=True)
class Reason:
    """One reason: `key` of `KEYS`, its `values` (JSON-ready: "colour", "card" "A"-"C", "spaces" [1-6, ...]) and
    the pronoun `his` the English form may need (not data: words are the bot's)."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)
    his: str = "his"
    hand: str | None = None

    def tied(self, hand: str) -> Reason:
        """This reason with the tie the instruction card's `hand` ("left"/"right") broke."""
        return replace(self, hand=hand)

    @property
    def text(self) -> str:
        """The engine's English, e.g. "of 3 and 5, the one with more dice, tie broken by the hand pointing left"."""
        spaces = [str(space) for space in self.values.get("spaces", [])]
        named = {"first": spaces[0] if spaces else "", "second": spaces[-1] if spaces else "",
                 "shown": " or ".join(spaces), "his": self.his, **self.values}
        said = KEYS[self.key].format(**named)
        return said + (f", tie broken by the hand pointing {self.hand}" if self.hand else "")

    @property
    def data(self) -> dict[str, Any]:
        """The event's "reason" datum: {"key": ..., **values, "hand": ...} ("hand" only after a tie)."""
        return {"key": self.key, **self.values, **({"hand": self.hand} if self.hand else {})}
