"""The turn panel's building blocks (no discord imports): Discord's limits, a choice, a row of components and a
page of the panel, shared by the layout (`bot.games.gah.panel`) and its parts (`bot.games.gah.panel_several`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.core.actions import Action

MAX_ROWS = 5
MAX_OPTIONS = 25
MAX_BUTTONS = 5
LABEL_LIMIT = 80


def indices_of_kind(actions: list[Action], *kinds: str) -> list[int]:
    """The indices in `actions` (in order) of the actions of one of the action kinds `kinds`, possibly none."""
    wanted = frozenset(kinds)
    return [index for index, action in enumerate(actions) if action.kind in wanted]


@dataclass(frozen=True)
class Choice:
    """One selectable action: its index in the legal action list, a label and an optional description."""

    index: int
    label: str
    description: str = ""
    style: str = "secondary"
    to_page: bool = False
    """True for a button that moves about the panel (its `index` is a page), as in a `Row` with `goes_to_page`."""


@dataclass(frozen=True)
class Row:
    """One component row: a select (`placeholder` set) or a row of buttons."""

    choices: tuple[Choice, ...]
    placeholder: str | None = None
    most: int = 0
    """For a select that takes several choices at once (applied in order, then the decision is closed): the most
    it takes; 0 for a select of one choice."""
    least: int = 1
    """For such a select: the fewest it takes (all of `most` where the decision must be answered in full)."""
    goes_to_page: bool = False
    """True for a row that moves about the panel instead of acting: its choices' `index` is a page of the panel
    (a select of the cards to place, then the places for the chosen card, in Overbooking)."""

    @property
    def is_select(self) -> bool:
        """True for a select menu row."""
        return self.placeholder is not None


@dataclass(frozen=True)
class Panel:
    """A page of the turn panel: a prompt and at most 5 rows (the last page may add navigation)."""

    prompt: str
    rows: tuple[Row, ...] = field(default_factory=tuple)
    page: int = 0
    pages: int = 1
    plans: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """The compound choices of the whole panel (every page): a choice's index (at least the number of legal
    actions) -> the texts of the legal actions it plays, in order (`bot.games.gah.plans.play_plan` checks each at its
    turn)."""
    decision: str = ""
    """The kind of the decision the panel answers (for its "?" button; `HELP`)."""
    details: str = ""
    """Lines shown under the prompt (the whole effect of each entrance in the auction), "" for none."""


def clip(text: str, limit: int = LABEL_LIMIT) -> str:
    """`text` cut to `limit` characters, with an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
