"""The lines of a recap being built (`bot.games.gah.words`): a line's player, kind, head and clauses, the lines that
gather several events (items served to one guest, rooms prepared, staff cards returned) and the lines told several
times in a row, in the game's language."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.games.gah import words_gains
from bot.games.gah.words_names import card, joined, served
from render.core.i18n import Translator
from render.core.plural import count


@dataclass
class Line:
    """A line being built: its player, the move it started in, its kind and words."""

    player: str | None
    move: int
    kind: str
    head: str
    clauses: list[str] = field(default_factory=list)
    table: int | None = None
    served: list[int] = field(default_factory=list)
    cost: int = 0
    rooms: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    space: int | None = None
    cause: str = ""
    """The brackets naming what let the player gain the line's rooms (`words_gains.rooms_cause`)."""
    kitchen: list[bool] = field(default_factory=list)
    """For each item of `served`: whether it came from the kitchen."""
    rank: int = 0
    """A final score's rank (the game's end lists the players by rank, `words_final.by_rank`)."""
    guest: str = ""
    """A check-in's guest, by its English name (the gains it causes join its line: `words_gains.guest_line`)."""
    rewards: set[str] = field(default_factory=set)
    """The Emperor tiles ("Emperor tile A1") whose rewards this line told with what they give."""

    repeats: int = 1
    """How many times in a row the same words were told (merged into one line, see `REPEATED`)."""

    def words(self, _: Translator) -> str:
        """The line's words in `_`'s language."""
        gathered = LINE_HEADS.get(self.kind)
        head = self.head if gathered is None else gathered(_, self)
        told = head + "".join(f"; {clause}" for clause in self.clauses)
        if self.repeats == 1:
            return told
        merged = REPEATED.get(self.kind)
        if merged is not None:
            return merged(_, self.repeats)
        return told + " (" + _.ngettext("{count} time", "{count} times", self.repeats) + ")"


def _served_head(_: Translator, line: Line) -> str:
    """Items served to one guest, in one line ("serves strudel and wine to the Vocalist")."""
    names = [served(_, item) for item in line.served]
    if _.language == "en":
        return f"serves {joined(_, names)} to {line.head}" + words_gains.kitchen_words(_, line.cost, line.kitchen,
                                                                                        names)
    guest = card(_, line.head)
    return _("serves {items} to {guest}", items=joined(_, names), guest=guest) + words_gains.kitchen_words(
        _, line.cost, line.kitchen, names)


def _prepared_head(_: Translator, line: Line) -> str:
    """Rooms prepared in one go, in one line."""
    rooms = joined(_, line.rooms)
    if line.cost:
        paid = count(line.cost, "krone", language=_.language, as_object=True)  # outside the call: `pybabel extract`
        # reads a nested `_` as a new message
        head = _.ngettext("prepares room {rooms} for {krones}", "prepares rooms {rooms} for {krones}",
                          len(line.rooms), rooms=rooms, krones=paid)
    else:
        head = _.ngettext("prepares room {rooms}", "prepares rooms {rooms}", len(line.rooms), rooms=rooms)
    return head + line.cause


def _returned_head(_: Translator, line: Line) -> str:
    """Staff cards returned to the deck for an Emperor penalty, in one line."""
    return _("returns {cards} to the bottom of the deck", cards=joined(_, line.cards))


LINE_HEADS: dict[str, Callable[[Translator, Line], str]] = {"serve": _served_head, "prepare": _prepared_head,
                                                 "return_staff": _returned_head}
"""Lines that gather several events: their words from what they gathered, by the line's kind."""


REPEATED: dict[str, Callable[[Translator, int], str]] = {
    "bottom": lambda _, times: _.ngettext("puts {count} staff card on the bottom of the deck",
                                          "puts {count} staff cards on the bottom of the deck", times),
}
"""Lines told several times in a row with the same words, merged into one, by the line's kind; any other kind
says "(3 times)"."""


def merge_repeats(_: Translator, lines: Sequence[Line]) -> list[Line]:
    """`lines` with each run of lines of the same player, kind and words told once, with its number of repeats."""
    merged: list[tuple[Line, str]] = []
    for line in lines:
        words = line.words(_)
        previous = merged[-1][0] if merged else None
        if previous is not None and (previous.player, previous.kind, merged[-1][1]) == (line.player, line.kind, words):
            previous.repeats += 1
            continue
        merged.append((line, words))
    return [line for line, _ in merged]

