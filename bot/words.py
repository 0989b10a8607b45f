"""Everything that happened, in plain words, from logged moves and their engine events (pure: no I/O;
names are escaped by `bot.safe_text`, which uses only discord.py's text helpers).

The same words serve the turn post (what happened since the previous post), `/gah log` (pages through the whole
game) and its export (one plain text file). Events are grouped into sections: one per player turn, one per round
start or reroll, one per round's end (lounge clean-up) and Emperor scoring, one for the game's end; a round-end
event never runs on under a player's turn (`ROUND_END_KINDS`). Inside a section, related events become one
line: the krones paid for a die, a room or a hire go into that line; a check-in carries its VP, reward and
occupancy bonus; serving several items to one guest, preparing several rooms or returning several staff cards is
one line, and the same line told several times in a row is one line with its number. Nothing is dropped: an event
kind without its own wording is told by the engine's own sentence, its numbers and nouns put in agreement.

Moves are `bot.service.Move` (or anything with the same attributes, see `LoggedMove`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot import words_final, words_gains
from bot.safe_text import safe_text
from engine import Event
from engine.cards import ITEMS, emperor_tiles, guests, space_name
from engine.config import PRONOUNS
from render.plural import agree, count
from render.texts import emperor_sentences

ACTION_NAME: dict[int, str] = {
    1: "Strudel or cake",
    2: "Wine or coffee",
    3: "Prepare rooms",
    4: "Krones or Emperor",
    5: "Play staff",
    6: "Copy an action 1-5",
}
"""What each action space does, in words (rulebook: action spaces 1-6)."""

STRUCTURAL = frozenset({"turn", "end_turn"})
"""Event kinds told by the sections themselves (a turn starts, a turn ends), not by a line."""

CLAUSE_KINDS = frozenset({"vp", "krones", "emperor", "occupancy_bonus", "occupy", "emperor_retreat",
                          "emperor_reward", "emperor_penalty", "penalty", "penalty_ignored", "items", "draw_staff",
                          "remove_room"})
"""Event kinds that, right after another event of the same player in the same move, extend that event's line
(a staff card's VP for a die, a check-in's reward, an Emperor scoring's retreat and tile)."""

DECLINE_WORDS: dict[str, str] = {
    "stop preparing": "stops preparing rooms",
    "play none": "plays no staff card",
    "done serving": "stops serving",
    "put rest in kitchen": "puts the rest in the kitchen",
    "skip": "lets the offer go",
}
"""A "do nothing more" answer (which causes no event) in words, by its action text."""

ALREADY_STOPPED: dict[str, frozenset[str]] = {"prepare": frozenset({"stop preparing"}),
                                            "serve": frozenset({"done serving"})}
"""Declines that the player's line just before already implies, by that line's kind (the rooms prepared, the items
served): nothing more is told."""

DECLINED_ACTIONS: dict[str, str] = {"Play staff": "plays no staff card", "Prepare rooms": "prepares no room"}
"""What a decline right after taking a die says, by the action's name on the die's line (`ACTION_NAME`)."""

VP_TOLD_KINDS = frozenset({"sushi_vp", "stars_score", "toll_vp"})
"""Events of the solo opponent's hotel entrance whose words already say the VP ("Leopold scores 8 VP: the Sushi
Resort cogwheel guest ... left the queue"): the VP event right after them adds nothing."""

PAID_KINDS = frozenset({"die", "play_staff", "prepare", "serve", "guest", "extra_action", "entrance"})
"""Event kinds whose line tells the krones paid right before them (fee and boost, hire, room, serving, guest, the
hotel entrance won at auction: its sentence names the price, so the payment is not told twice)."""

CHECKIN_SOURCES = frozenset({"guests", "occupancy bonus"})
"""VP sources that belong to the check-in that caused them."""

ACTION_WORDS: dict[str, str] = {
    "suffer": "takes the Emperor penalty",
    "pass": "passes",
}

EMPEROR_CHOICES = frozenset({"suffer", "ignore", "lose_vp"})
"""First words of the answers that only an Emperor penalty asks for (Conference Manager, 2015 choices)."""


def _emperor_title(round_number: int) -> str:
    return f"Emperor scoring after round {round_number}"


def _round_end_title(round_number: int) -> str:
    return f"End of round {round_number}"


ROUND_END_KINDS: dict[str, Callable[[int], str]] = {
    **dict.fromkeys(("emperor_retreat", "emperor_reward", "emperor_penalty", "emperor_solo", "penalty",
                     "penalty_ignored", "return_staff", "remove_room", "emperor_choice"), _emperor_title),
    **dict.fromkeys(("celebrity_leaves", "celebrity_reshuffle", "lounge", "discard_guests"), _round_end_title),
}
"""Event kinds of a round's end (engine.flow.end_round: lounge clean-up, then the Emperor scoring), with the
heading of their section by the round number. When such an event comes while a player's turn is the open section
(or first in a turn post), it gets that heading of its own instead of running on under the turn. "remove_room"
only happens in an Emperor penalty (tiles A4, B4, C2)."""

EMPEROR_VP_SOURCES = frozenset({"Emperor scoring", "Emperor tiles"})
"""VP sources (engine.mechanics.vp_category) of an Emperor scoring: a VP event with one of them belongs to it."""


SCORING_BY_DATA: dict[str, Callable[[Event], bool]] = {
    "vp": lambda event: event.data.get("source") in EMPEROR_VP_SOURCES,
    "pay": lambda event: " loses " in event.text,
}
"""Event kinds that belong to an Emperor scoring only when their data says so, by the kind: whether this event does
(VP of the scoring, a penalty's loss of krones). Such an event counts as an "emperor_retreat" of `ROUND_END_KINDS`."""


def round_end_kind(event: Event) -> str | None:
    """The `ROUND_END_KINDS` key `event` counts as, or None: its kind, "emperor_retreat" for VP of an Emperor
    scoring or a penalty's loss of krones (`SCORING_BY_DATA`)."""
    if event.kind in ROUND_END_KINDS:
        return event.kind
    belongs = SCORING_BY_DATA.get(event.kind)
    return "emperor_retreat" if belongs is not None and belongs(event) else None


REPEATED: dict[str, Callable[[int], str]] = {
    "bottom": lambda times: f"puts {count(times, 'staff card')} on the bottom of the deck",
}
"""Lines told several times in a row with the same words, merged into one, by the line's kind; any other kind
says "(3 times)"."""


def _merge_repeats(lines: Sequence[_Line]) -> list[_Line]:
    """`lines` with each run of lines of the same player, kind and words told once, with its number of repeats."""
    merged: list[tuple[_Line, str]] = []
    for line in lines:
        words = line.words()
        previous = merged[-1][0] if merged else None
        if previous is not None and (previous.player, previous.kind, merged[-1][1]) == (line.player, line.kind, words):
            previous.repeats += 1
            continue
        merged.append((line, words))
    return [line for line, _ in merged]


class LoggedMove(Protocol):
    """What the words need of a logged move (`bot.service.Move` has it)."""

    @property
    def name(self) -> str: ...  # the acting seat's player name

    @property
    def actor(self) -> str: ...  # "user:<id>", "ai:<level>" or "skip:<id>"

    @property
    def action(self) -> str: ...  # the engine's action text ("" for an undo)

    @property
    def events(self) -> Sequence[Event]: ...

    @property
    def kind(self) -> str: ...  # "action" or "undo"

    @property
    def undone(self) -> bool: ...  # a later undo took it back


@dataclass
class Section:
    """One group of lines: a player's turn, a round start or reroll, an Emperor scoring, the game's end.

    Attributes:
        title: e.g. "ann's turn (round 4)", "Round 4 begins", "Emperor scoring after round 3".
        player: the player whose turn it is, or None for the whole game.
        lines: sentences without a final full stop; a line about `player` leaves out their name.
    """

    title: str
    player: str | None = None
    lines: list[str] = field(default_factory=list)
    by_ai: bool | None = None
    """True when an AI played this turn (known from the turn's first move)."""

    @property
    def heading(self) -> str:
        """The title, with " - AI" for a turn an AI played (unless the player's name already says so, as the AI
        seats' "AI Teal" do)."""
        says_ai = (self.player or "").split(" ", 1)[0] == "AI"
        return f"{self.title} - AI" if self.by_ai and not says_ai else self.title

    def text(self, *, markdown: bool = True) -> str:
        """The heading and bulleted lines; with `markdown` the heading is bold and Discord's markdown characters in
        names are escaped."""
        if not markdown:
            return "\n".join([self.heading, *(f"• {line}" for line in self.lines)])
        return "\n".join([f"**{escape(self.heading)}**", *(f"• {escape(line)}" for line in self.lines)])


def escape(value: str) -> str:
    """A line of a markdown text that may hold player names, safe for Discord (`bot.safe_text.safe_text` without a
    length limit: markdown, masked links, mentions and invisible characters), so that a name like "a_b*" shows as
    written.

    >>> escape("a_b*")
    'a\\\\_b\\\\*'
    """
    return safe_text(value, limit=None)


def _count(number: int, word: str) -> str:
    return count(number, word)


def _krones(amount: int) -> str:
    return "free" if amount == 0 else count(amount, "krone")


def _item_list(counts: Sequence[int]) -> str:
    parts = [f"{n} {ITEMS[i]}" for i, n in enumerate(counts) if n]
    return _and(parts) if parts else "nothing"


def _and(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _without_name(event: Event) -> str:
    """The engine's sentence without the leading player name and the final full stop."""
    text = event.text.rstrip(".")
    if event.player and text.startswith(event.player + " "):
        return text[len(event.player) + 1:]
    return text


def _guest_name(guest_id: object) -> str:
    guest = guests().get(int(guest_id)) if isinstance(guest_id, int) else None
    return guest.name if guest is not None else "a guest"


@dataclass
class _Line:
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

    repeats: int = 1
    """How many times in a row the same words were told (merged into one line, see `REPEATED`)."""

    def words(self) -> str:
        gathered = LINE_HEADS.get(self.kind)
        head = self.head if gathered is None else gathered(self)
        told = head + "".join(f"; {clause}" for clause in self.clauses)
        if self.repeats == 1:
            return told
        merged = REPEATED.get(self.kind)
        return merged(self.repeats) if merged is not None else f"{told} ({self.repeats} times)"


def _served_head(line: _Line) -> str:
    """Items served to one guest, in one line ("serves strudel and wine to the Vocalist")."""
    names = [ITEMS[i] for i in line.served]
    return f"serves {_and(names)} to {line.head}" + words_gains.kitchen_words(line.cost, line.kitchen, names)


def _prepared_head(line: _Line) -> str:
    """Rooms prepared in one go, in one line."""
    head = f"prepares room{'s' * (len(line.rooms) > 1)} {_and(line.rooms)}"
    return head + (f" for {_krones(line.cost)}" if line.cost else "") + line.cause


def _returned_head(line: _Line) -> str:
    """Staff cards returned to the deck for an Emperor penalty, in one line."""
    return f"returns {_and(line.cards)} to the bottom of the deck"


LINE_HEADS: dict[str, Callable[[_Line], str]] = {"serve": _served_head, "prepare": _prepared_head,
                                                 "return_staff": _returned_head}
"""Lines that gather several events: their words from what they gathered, by the line's kind."""


IN_A_ROW = ("", "second ", "third ", "fourth ", "next ")
"""The words before "turn" in the heading of a player's 1st, 2nd, ... turn in a row (from the 5th on: "next")."""


class _Builder:
    """Turns a stream of (move number, move, event) into sections."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.lines: list[_Line] = []
        self.round: int | None = None
        self.paid: list[Event] = []
        self.touched: _Line | None = None

    # ----- sections and lines ---------------------------------------------------------------------------

    def open(self, title: str, player: str | None) -> None:
        self.close()
        self.sections.append(Section(title, player))

    def close(self) -> None:
        if self.sections and self.lines:
            section = self.sections[-1]
            for line in words_final.by_rank(_merge_repeats(self.lines)):
                words = line.words()
                if line.player is not None and line.player != section.player and not words.startswith(
                        f"{line.player}'s "):  # "AI Teal's Secretary copies ...": the name is there already
                    words = f"{line.player} {words}"
                section.lines.append(words)
        self.lines = []
        self.touched = None

    def ensure(self, player: str | None, kind: str = "") -> None:
        """A section to write into: before the first round the setup, else the player's turn (continued), or the
        round's end when the first thing told belongs to it (`ROUND_END_KINDS`: e.g. a penalty decision of an
        Emperor scoring that a turn post began with)."""
        if not self.sections and self.round is not None and kind in ROUND_END_KINDS:
            self.sections.append(Section(ROUND_END_KINDS[kind](self.round)))
        if not self.sections:
            if self.round is None:
                self.sections.append(Section("Setup"))
            else:
                self.sections.append(Section(f"{player}'s turn (round {self.round})" if player else
                                             f"Round {self.round}", player))

    def add(self, line: _Line) -> _Line:
        self.ensure(line.player, line.kind)
        self.lines.append(line)
        self.touched = line
        return line

    def last(self, player: str | None, move: int) -> _Line | None:
        """The line this move of `player` last wrote or extended, if any."""
        line = self.touched
        return line if line is not None and line.player == player and line.move == move else None

    def checkin_line(self, player: str | None) -> _Line | None:
        """The latest check-in (or occupied room) line of `player` in the open section."""
        return next((line for line in reversed(self.lines)
                     if line.player == player and line.kind in ("checkin", "occupy")), None)

    def clause_target(self, event: Event, move: int) -> _Line | None:
        """The line an event of a `CLAUSE_KINDS` kind extends, or None (it gets its own line).

        An occupancy bonus and a guest's own VP belong to the latest check-in; the rest to the line this move of
        the same player last wrote, except that a guest taken as a check-in's reward does not take over the
        check-in's remaining reward and bonus."""
        who = event.player
        guest = words_gains.guest_line(self.lines, event)
        if guest is not None:
            return guest  # a guest's reward joins that guest's check-in, whatever was told since
        belongs = CHECKIN_CLAUSES.get(event.kind)
        if belongs is not None and belongs(event):
            return self.checkin_line(who) or self.last(who, move)
        last = self.last(who, move)
        if last is not None and last.kind in words_gains.NO_CAUSE_KINDS:
            return self.checkin_line(who)  # a check-in's later triggers (Custodian), after its items were placed
        newest = self.lines[-1] if self.lines else None
        if last is None and newest is not None and newest.player == who and newest.kind in words_gains.LATER_CAUSES:
            return newest  # the check-in's triggers or the die's action, after an answer that told nothing
        if last is not None and last.kind == "guest" and last.move == move:
            return self.checkin_line(who) or last
        return last

    # ----- events ------------------------------------------------------------------------------------

    def event(self, move: int, event: Event) -> None:
        kind = event.kind
        held = HELD_BACK.get(kind)
        if held is not None and held(event):
            self.paid.append(event)  # told with what it paid for, if that comes next
            return
        paid = 0
        if kind in PAID_KINDS:
            paid = sum(int(e.data.get("amount", 0)) for e in self.paid)
        else:
            for unclaimed in self.paid:
                self.ensure(unclaimed.player)
                self.add(_Line(unclaimed.player, move, "pay", agree(_without_name(unclaimed))))
        self.paid = []
        current = self.sections[-1] if self.sections else None
        ending = round_end_kind(event)
        if ending is not None and self.round is not None and (current is None or current.player is not None):
            self.open(ROUND_END_KINDS[ending](self.round), None)  # the round's end is not the last turn's
        SECTIONS.get(kind, _Builder.event_line)(self, move, event, paid)

    def open_turn(self, move: int, event: Event, paid: int) -> None:
        where = f" (round {self.round})" if self.round else ""
        # the last seat of the snake order (or the only one not passed) plays several turns in a row: each
        # gets its own heading, "bob's second turn (round 1)"
        repeats = 0
        for section in reversed(self.sections):
            if section.title not in (f"{event.player}'s {nth}turn{where}" for nth in IN_A_ROW):
                break
            repeats += 1
        nth = IN_A_ROW[min(repeats, len(IN_A_ROW) - 1)]
        self.open(f"{event.player}'s {nth}turn{where}", event.player)

    def open_round(self, move: int, event: Event, paid: int) -> None:
        self.round = int(event.data.get("round", 0)) or None
        self.open(f"Round {self.round} begins", None)

    def open_reroll(self, move: int, event: Event, paid: int) -> None:
        self.open(f"Round {self.round}: reroll" if self.round else "Reroll", None)
        self.add(_Line(None, move, event.kind, "One die goes to the dustbin; the others are rolled again"))

    def roll_line(self, move: int, event: Event, paid: int) -> None:
        self.ensure(None)
        dice = [int(n) for n in event.data.get("dice", [])]
        spread = ", ".join(f"{n} on space {k + 1}" for k, n in enumerate(dice) if n) or "none"
        self.add(_Line(None, move, event.kind, f"{sum(dice)} {'die' if sum(dice) == 1 else 'dice'} rolled: {spread}"))

    def open_emperor_scoring(self, move: int, event: Event, paid: int) -> None:
        self.open(f"Emperor scoring after round {self.round}" if self.round else "Emperor scoring", None)

    def game_over_line(self, move: int, event: Event, paid: int) -> None:
        if not self.sections or self.sections[-1].title != "Game over":
            self.open("Game over", None)
        self.event_line(move, event, paid)

    def untold(self, move: int, event: Event, paid: int) -> None:
        """An event the sections themselves tell (a turn ends)."""

    def event_line(self, move: int, event: Event, paid: int) -> None:
        """Words for one event that is not a section boundary (the krones `paid` just before it are its cost)."""
        kind, who = event.kind, event.player
        last = self.last(who, move)
        if last is not None and last.kind in ALREADY_TOLD.get(kind, ()) and last.space == event.data.get("space"):
            return  # the line this move just wrote already says it
        told_first = TOLD_FIRST.get(kind)
        if told_first is not None and told_first(self, move, event, last):
            return
        target = self.clause_target(event, move) if kind in CLAUSE_KINDS else None
        if target is not None and words_gains.repeats_reward(target.clauses, event):
            self.touched = target  # the Emperor tile's words on this line already say what it gives
            return
        if target is not None:
            target.clauses.append(self.phrase(event))
            self.touched = target
            target.move = move
            return
        LINE_BUILDERS.get(kind, _Builder.own_line)(self, move, event, paid)

    def stays_at_zero(self, move: int, event: Event, last: _Line | None) -> bool:
        """An Emperor retreat of a player who was already on space 0 (only that space scores no VP: a player with
        no VP line of the scoring before the retreat was there) is told as staying there; True if told."""
        if int(event.data.get("emperor", -1)) != 0 or (
                last is not None and last.kind == "vp" and "Emperor scoring" in last.head):
            return False
        target = self.clause_target(event, move)
        words = "stays on space 0 of the Emperor track (no VP)"
        if target is not None:
            target.clauses.append(words)
            self.touched = target
        else:
            self.add(_Line(event.player, move, event.kind, words))
        return True

    def own_line(self, move: int, event: Event, paid: int) -> None:
        """A line of its own for the event."""
        self.add(_Line(event.player, move, event.kind, self.phrase(event, paid), rank=int(event.data.get("rank", 0))))

    def checkin_line_of(self, move: int, event: Event, paid: int) -> None:
        """A check-in's line, which remembers the room (its occupancy and VP join it)."""
        space = int(event.data.get("space", -1))
        self.add(_Line(event.player, move, event.kind, self.phrase(event, paid), space=space))

    def gathering(self, event: Event) -> _Line | None:
        """The open section's last line if it is of the same kind and player as `event` (a line of `LINE_HEADS`
        that `event` may join), else None."""
        line = self.lines[-1] if self.lines else None
        return line if line is not None and line.kind == event.kind and line.player == event.player else None

    def serve_line(self, move: int, event: Event, paid: int) -> None:
        """Serving an item: joins the line of the same player serving the same table, else a new line."""
        who = event.player
        table = int(event.data.get("table", -1))
        item = int(event.data.get("item", 0))
        kitchen = bool(event.data.get("kitchen", False))
        line = self.gathering(event)
        if line is not None and line.table == table:
            line.served.append(item)
            line.kitchen.append(kitchen)
            line.cost += paid
            self.touched = line
            return
        name = _without_name(event).rsplit(" to ", 1)[-1]
        self.add(_Line(who, move, event.kind, name, table=table, served=[item], cost=paid, kitchen=[kitchen]))

    def prepare_line(self, move: int, event: Event, paid: int) -> None:
        """Preparing a room: joins the same player's line of prepared rooms, else a new line."""
        who = event.player
        space = int(event.data.get("space", 0))
        color = event.text.split(" prepares the ", 1)[-1].split(" room", 1)[0]
        room = f"{space_name(space)} ({color})"
        cause = words_gains.rooms_cause(event)
        line = self.gathering(event)
        if line is not None and line.cause == cause:
            line.rooms.append(room)
            line.cost += paid
            line.move = move
            self.touched = line
            return
        self.add(_Line(who, move, event.kind, "", rooms=[room], cost=paid, cause=cause))

    def return_staff_line(self, move: int, event: Event, paid: int) -> None:
        """A staff card returned for an Emperor penalty: joins the same player's line of returned cards."""
        found = re.search(r"returns (the .*) to the deck", event.text)
        card = found.group(1) if found else "a staff card"
        line = self.gathering(event)
        if line is not None:
            line.cards.append(card)
            line.move = move
            self.touched = line
            return
        self.add(_Line(event.player, move, event.kind, "", cards=[card]))

    def phrase(self, event: Event, paid: int = 0) -> str:
        """One event as a verb phrase without its subject (or the engine's sentence)."""
        own = PHRASES.get(event.kind)
        words = None if own is None else own(event, paid)
        return agree(_without_name(event)) if words is None else words

    def decline_words(self, move: LoggedMove) -> str | None:
        """Words for a choice that changed nothing visible, or None when the player's line just before already
        says it (a stop after rooms prepared or items served) or there are none. Right after taking a die, a
        "skip" or "stop" tells what the action did not do (`DECLINED_ACTIONS`)."""
        previous = self.lines[-1] if self.lines else None
        if previous is not None and previous.player == move.name:
            if move.action in ALREADY_STOPPED.get(previous.kind, ()):
                return None
            if previous.kind == "die":
                said = next((words for space, words in DECLINED_ACTIONS.items() if space in previous.head), None)
                if said is not None and move.action in DECLINE_WORDS:
                    return said
        return DECLINE_WORDS.get(move.action) or ACTION_WORDS.get(move.action.split(" ")[0])

    def move(self, number: int, move: LoggedMove) -> None:
        current = self.sections[-1] if self.sections else None
        if current is not None and current.player == move.name and current.by_ai is None:
            current.by_ai = move.actor.startswith("ai:")
        if move.kind == "undo":
            self.ensure(move.name)
            self.add(_Line(move.name, number, "undo", "takes back a move"))
            return
        told = [event for event in move.events if event.kind not in STRUCTURAL]
        if not told:  # a choice that changed nothing visible: still say what was chosen
            words = self.decline_words(move)
            if words:
                kind = "emperor_choice" if move.action.split(" ")[0] in EMPEROR_CHOICES else "choice"
                self.add(_Line(move.name, number, kind, words))
        for event in move.events:
            self.event(number, event)

    def finish(self) -> list[Section]:
        self.close()
        return [section for section in self.sections if section.lines]


def sections(moves: Iterable[LoggedMove], *, round_number: int | None = None) -> list[Section]:
    """Everything the moves did, grouped into sections (see the module text), oldest first. Moves an undo took
    back are left out; an undo itself is told ("takes back a move").

    `round_number` is the game's round after the last move (`state.round`), for moves that do not start at the
    beginning of the game (e.g. the moves since the last turn post): the round of the first move is worked out
    from it and the rounds that began on the way. Without it, moves before the first "round begins" event count
    as the setup."""
    kept = [move for move in moves if not move.undone]
    builder = _Builder()
    if round_number is not None:
        began = sum(event.kind == "round" for move in kept for event in move.events)
        builder.round = round_number - began if round_number - began >= 1 else None
    for number, move in enumerate(kept):
        builder.move(number, move)
    return builder.finish()


KEPT_TITLES = ("Emperor scoring", "Game over")
"""Sections a recap too long for its post keeps before any other (their titles' beginnings): the Emperor scorings
and the game's end are the news a spectator must not miss."""

LEFT_OUT = "… (earlier turns are in /gah log)"
"""The line that stands for sections a too-long recap leaves out."""


def recap_text(moves: Iterable[LoggedMove], *, round_number: int | None = None, limit: int = 1800) -> str:
    """The turn post's words for `moves` (those since the previous turn post; `round_number` as in `sections`):
    every section, in Discord markdown, at most `limit` characters.

    When everything does not fit, the Emperor scorings and the game's end (`KEPT_TITLES`, the newest first) are
    kept as far as they fit, then the newest other sections that fit; each run of sections left out is one line
    `LEFT_OUT`. If not even one section fits, the text is cut at a line and ends with a pointer to `/gah log`."""
    found = sections(moves, round_number=round_number)
    pieces = [section.text() for section in found]
    text = "\n".join(pieces)
    if len(text) <= limit:
        return text
    newest_first = list(reversed(range(len(found))))
    first = [k for k in newest_first if found[k].title.startswith(KEPT_TITLES)]
    kept: set[int] = set()
    for k in first:  # the newest Emperor scorings first, when not all fit
        if len(_joined(pieces, kept | {k})) <= limit:
            kept.add(k)
    for k in newest_first:
        if k in kept or k in first:
            continue
        if len(_joined(pieces, kept | {k})) > limit:
            break  # the newest sections only: an older one never stands in for a newer one left out
        kept.add(k)
    if kept:
        return _joined(pieces, kept)
    pointer = "\n… (the rest with /gah log)"
    cut = text[: limit - len(pointer)].rsplit("\n", 1)[0]
    return cut + pointer


def _joined(pieces: Sequence[str], kept: set[int]) -> str:
    """The kept pieces in their order, each run of left-out pieces as the line `LEFT_OUT`."""
    lines: list[str] = []
    for k, piece in enumerate(pieces):
        if k in kept:
            lines.append(piece)
        elif not lines or lines[-1] != LEFT_OUT:
            lines.append(LEFT_OUT)
    return "\n".join(lines)


def latest_text(moves: Iterable[LoggedMove], *, limit: int = 1900) -> str:
    """The newest whole sections that fit in `limit` characters (markdown), oldest of them first; if even the
    newest section is longer, its last lines under its heading marked "(end)". "Nothing has happened yet." when
    nothing has."""
    found = sections(moves)
    kept: list[str] = []
    used = 0
    for section in reversed(found):
        piece = section.text()
        if used + len(piece) + 1 > limit:
            if not kept:
                heading = f"**{escape(section.heading)} (end)**"
                lines: list[str] = []
                for line in reversed(section.lines):
                    entry = f"• {escape(line)}"[: limit - len(heading) - 2]
                    if len(heading) + sum(len(x) + 1 for x in lines) + len(entry) + 1 > limit:
                        break
                    lines.insert(0, entry)
                kept.append("\n".join([heading, *lines]))
            break
        kept.insert(0, piece)
        used += len(piece) + 1
    return "\n".join(kept) or "Nothing has happened yet."


def log_pages(moves: Iterable[LoggedMove], *, page_chars: int = 1900) -> list[str]:
    """The whole game's words as pages of at most `page_chars` characters for `/gah log`, oldest first; a page
    break falls between sections where it can, else between lines (a section's title is repeated, marked
    "continued"). At least one page ("Nothing has happened yet.")."""
    return paginate((chunk for section in sections(moves) for chunk in _split(section, page_chars)), page_chars)


def paginate(chunks: Iterable[str], page_chars: int) -> list[str]:
    """Chunks of text (each at most `page_chars` characters) joined by newlines into as few pages of at most
    `page_chars` characters as their order allows; ["Nothing has happened yet."] when there are none."""
    pages: list[str] = []
    page = ""
    for chunk in chunks:
        if page and len(page) + 1 + len(chunk) > page_chars:
            pages.append(page)
            page = ""
        page = f"{page}\n{chunk}" if page else chunk
    if page:
        pages.append(page)
    return pages or ["Nothing has happened yet."]


def _split(section: Section, limit: int) -> list[str]:
    """A section's text in pieces of at most `limit` characters (a line too long for a page is cut)."""
    text = section.text()
    if len(text) <= limit:
        return [text]
    pieces: list[str] = []
    piece = f"**{escape(section.title)}**"
    for line in section.lines:
        entry = f"• {escape(line)}"[: limit - 40]
        if len(piece) + 1 + len(entry) > limit:
            pieces.append(piece)
            piece = f"**{escape(section.heading)} (continued)**"
        piece += f"\n{entry}"
    pieces.append(piece)
    return pieces


def log_page(moves: Iterable[LoggedMove], page: int | None = None, *, page_chars: int = 1900) -> tuple[str, int,
                                                                                                          int]:
    """One page of `log_pages` (0-based; None or out of range: the last page, the newest events) as
    (text, page shown, number of pages)."""
    pages = log_pages(moves, page_chars=page_chars)
    shown = len(pages) - 1 if page is None or not 0 <= page < len(pages) else page
    return pages[shown], shown, len(pages)


def log_export(moves: Iterable[LoggedMove], *, title: str = "Grand Austria Hotel") -> str:
    """The whole game as plain text (no markdown) for a file attachment: a title line, then every section with
    its lines, a blank line between sections."""
    body = "\n\n".join(section.text(markdown=False) for section in sections(moves))
    return f"{title}\n{'=' * len(title)}\n\n{body or 'Nothing has happened yet.'}\n"



# ----- the words of each event kind ---------------------------------------------------------------------

SOLO_REASONS: tuple[tuple[str, str], ...] = (
    (r"\bthe depicted die\b", "the die on the card"),
    (r"\bcard (\w) as shown\b", "as the instruction card shows"),
    (r"^(red|blue|yellow|green), the most VP", r"the \1 guest with the most VP"),
    (r"^no (\w+) guest in the queue: the most VP", r"no \1 guest on display, so the one with the most VP"),
    (r"^any colour: the most VP", "any colour, so the one with the most VP"),
    (r"\bquestion mark: ", "the card's question mark: "),
    (r"\btie broken by the hand pointing (\w+)", r"a tie broken by the card's hand, pointing \1"),
    (r"^of (\d) and (\d), the one with more dice", r"of spaces \1 and \2, the one with more dice"),
)
"""The solo opponent's reasons (engine.solo: why this guest, die or politics card) in plain words, as (pattern,
replacement)."""


def _solo_reason_phrase(event: Event, paid: int) -> str:
    """A solo opponent's guest, die or objective with its reason in plain words ("takes a die from space 4 (the die
    on the card) and does not carry out its action")."""
    said = _without_name(event)
    found = re.fullmatch(r"(.*?) \(([^()]*)\)( and does not carry out its action| and claims it)?", said)
    if found is None:
        return said
    head, reason, tail = found.group(1), found.group(2), found.group(3) or ""
    for pattern, words in SOLO_REASONS:
        reason = re.sub(pattern, words, reason)
    return f"{head} ({reason}){tail}"


def _die_phrase(event: Event, paid: int) -> str | None:
    if "does not carry out" in event.text:
        return _solo_reason_phrase(event, paid)
    data = event.data
    space, strength, boost = int(data["space"]), int(data["strength"]), int(data.get("boost", 0))
    fee = paid - boost
    verb = "uses" if "without taking" in event.text else "takes a die from"
    where = f"{verb} space {space}, {ACTION_NAME.get(space, 'an action')}"
    if space == 6:
        where += f" ({_krones(fee)})"
    boosted = " with a boost (1 krone)" if boost else ""
    return f"{where}{boosted}: strength {strength}"


def _extra_action_phrase(event: Event, paid: int) -> str | None:
    """E. Gizia (2021): "uses space 3 again (strength 2)", data not given."""
    found = re.search(r"space (\d) again \(strength (\d+)\)", event.text)
    if not found:
        return None
    space = int(found.group(1))
    charge = f" ({_krones(paid)})" if paid else ""
    named = ACTION_NAME.get(space, "an action")
    return f"uses space {space}, {named}, again{charge}: strength {found.group(2)}"


SOLO_CARD = re.compile(r"turns over instruction card (\d+): guests ([^;]*); die ([^;]*); ([^;]*); hand points (\w+)$")
"""The engine's summary of a solo opponent's instruction card (engine.solo.describe): its number, guest
symbols, die, extra symbols and the direction of its hand."""

BORDER = re.compile(r" \((silver|gold)\)$")


def _bordered(symbol: str, words: Callable[[str], str]) -> str:
    """A card symbol's words, with its border ("gold border": it counts only at that difficulty and above)."""
    found = BORDER.search(symbol)
    plain = symbol[: found.start()] if found else symbol
    return words(plain.strip()) + (f" ({found.group(1)} border)" if found else "")


def _solo_guest_words(color: str) -> str:
    return "a guest of any colour" if color == "any" else f"a {color} guest"


def _solo_die_words(die: str) -> str:
    if die == "?":
        return "a die from the space with the most dice"
    if die == "coloured":
        return "a coloured die"
    return f"a die from space {die}"


def _solo_extra_words(extra: str) -> str:
    steps = re.fullmatch(r"Emperor \+(\d+)", extra)
    if steps:
        return f"{count(int(steps.group(1)), 'step')} up the Emperor track"
    if extra == "staff card":
        return "a staff card from the top of the deck"
    objective = re.fullmatch(r"objective (\S+)", extra)
    if objective:
        card = objective.group(1)
        return "progress on a politics card" if card == "?" else f"progress on politics card {card}"
    return extra


def _solo_card_phrase(event: Event, paid: int) -> str:
    """A solo opponent's instruction card as a sentence: what it asks for (the lines after it tell what the
    opponent does), e.g. "turns over instruction card 198, which asks for a red guest, a die from space 6, a staff
    card from the top of the deck and progress on politics card B (gold border); his hand points left to break
    ties"."""
    said = _without_name(event)
    found = SOLO_CARD.fullmatch(said)
    if found is None:
        return said
    number, guest_part, die, extra_part, hand = found.groups()
    parts = [_bordered(symbol, _solo_guest_words) for symbol in guest_part.split(", ") if symbol]
    parts.append(_solo_die_words(die))
    parts += [_bordered(symbol, _solo_extra_words) for symbol in extra_part.split(", ") if symbol.strip()]
    his = PRONOUNS.get(event.player or "", PRONOUNS["Leopold"])["possessive"]  # the card's hand: the opponent's
    return f"turns over instruction card {number}, which asks for {_and(parts)}; {his} hand points {hand} to break ties"


def _solo_ignore_phrase(event: Event, paid: int) -> str:
    """A symbol the difficulty leaves out: "ignores the gold-bordered objective B symbol at medium difficulty"."""
    said = _without_name(event).replace("objective ? symbol", "any-objective symbol")
    return re.sub(r" symbol \((\w+)\)$", r" symbol at \1 difficulty", said)


def _emperor_tile_words(event: Event, side: int) -> str:
    """An Emperor reward (`side` 0) or penalty (`side` 1) with what it is, from the tile's data
    (engine/data/emperor_tiles.json), e.g. "suffers the penalty of Emperor tile A3 (put 2 staff cards from the hand
    on the bottom of the deck, or lose 5 VP)"."""
    tile = emperor_tiles().get(str(event.data.get("tile", "")))
    said = _without_name(event)
    if tile is None:
        return said
    return f"{said} ({emperor_sentences(tile)[side]})"


def _emperor_reward_phrase(event: Event, paid: int) -> str:
    return _emperor_tile_words(event, 0)


def _emperor_penalty_phrase(event: Event, paid: int) -> str:
    return _emperor_tile_words(event, 1)


def _loss_phrase(event: Event, paid: int) -> str:
    """Krones lost to a penalty ("loses 3 krones (Emperor tile A1)")."""
    found = re.search(r"loses \d+ krones? \((.*)\)$", _without_name(event))
    where = f" ({found.group(1)})" if found else ""
    return f"loses {count(int(event.data.get('amount', 0)), 'krone')}{where}"


def _bid(event: Event) -> str:
    """The krones of a bid of the entrance auction (Let's Waltz module 3), in agreement ("1 krone")."""
    return count(int(event.data.get("bid", 0)), "krone")


def _auction_open_phrase(event: Event, paid: int) -> str:
    """The first bid of the entrance auction, with what is up for auction."""
    name = _without_name(event).split("puts ", 1)[-1].split(" up for auction", 1)[0]
    return f"puts {name} up for auction with a bid of {_bid(event)}"


def _auction_raise_phrase(event: Event, paid: int) -> str:
    """A higher bid of the entrance auction."""
    return f"raises the bid to {_bid(event)}"


def _imitate_phrase(event: Event, paid: int) -> str:
    space = int(event.data.get("space", 0))
    return f"copies space {space}, {ACTION_NAME.get(space, 'an action')}"


def _guest_phrase(event: Event, paid: int) -> str:
    data = event.data
    cost = int(data.get("cost", 0))
    guest = guests().get(int(data.get("guest", -1)))
    about = f" ({guest.color}, {guest.vp} VP)" if guest is not None else ""
    return f"takes {_guest_name(data.get('guest'))}{about} into the café ({_krones(cost)})"


def _checkin_phrase(event: Event, paid: int) -> str:
    data = event.data
    guest = guests().get(int(data.get("guest", -1)))
    about = f" ({guest.color}, {guest.vp} VP)" if guest is not None else ""
    return f"checks in {_guest_name(data.get('guest'))}{about} to room {space_name(int(data['space']))}"


def _play_staff_phrase(event: Event, paid: int) -> str:
    price = int(event.data.get("price", paid))
    return f"{_without_name(event)} ({_krones(price)})"


def _occupancy_bonus_phrase(event: Event, paid: int) -> str:
    data = event.data
    return f"fills a {data.get('color')} group of {_count(int(data.get('size', 0)), 'room')} (occupancy bonus)"


def _kitchen_phrase(event: Event, paid: int) -> str:
    return f"keeps {_item_list([int(n) for n in event.data.get('items', [])])} in the kitchen"


def _pay_phrase(event: Event, paid: int) -> str:
    return _loss_phrase(event, paid) if " loses " in event.text else agree(_without_name(event))


def _emperor_retreat_phrase(event: Event, paid: int) -> str:
    return f"moves back to space {event.data.get('emperor')} of the Emperor track"


Phrase = Callable[[Event, int], str | None]
"""An event's words as a verb phrase without its subject: (event, krones paid just before it) -> words, or None
for the engine's own sentence."""

PHRASES: dict[str, Phrase] = {
    "die": _die_phrase,
    "extra_action": _extra_action_phrase,
    "solo_card": _solo_card_phrase,
    "imitate": _imitate_phrase,
    "guest": _guest_phrase,
    "checkin": _checkin_phrase,
    "play_staff": _play_staff_phrase,
    "vp": words_gains.vp_phrase,
    "krones": words_gains.krones_phrase,
    "emperor": words_gains.emperor_phrase,
    "occupancy_bonus": _occupancy_bonus_phrase,
    "kitchen": _kitchen_phrase,
    "emperor_retreat": _emperor_retreat_phrase,
    "emperor_reward": _emperor_reward_phrase,
    "emperor_penalty": _emperor_penalty_phrase,
    "solo_ignore": _solo_ignore_phrase,
    "solo_guest": _solo_reason_phrase,
    "solo_objective": _solo_reason_phrase,
    "pay": _pay_phrase,
    "auction_open": _auction_open_phrase,
    "auction_raise": _auction_raise_phrase,
}
"""The words of each event kind that has its own (any other is told by the engine's sentence, see
`ENGINE_SENTENCE`)."""

Told = Callable[[_Builder, int, Event, int], None]
"""How an event kind is told: (builder, move number, event, krones paid just before it)."""

SECTIONS: dict[str, Told] = {
    "turn": _Builder.open_turn,
    "end_turn": _Builder.untold,
    "round": _Builder.open_round,
    "dustbin": _Builder.open_reroll,
    "roll": _Builder.roll_line,
    "emperor_scoring": _Builder.open_emperor_scoring,
    "game_over": _Builder.game_over_line,
    "final_score": _Builder.game_over_line,
}
"""Event kinds that open (or close) a section, by the kind; any other event gets a line (`_Builder.event_line`)."""

HELD_BACK: dict[str, Callable[[Event], bool]] = {
    "pay": lambda event: " pays " in event.text,
}
"""Event kinds held back to be told with the event that follows them, by the kind: whether this event is (krones
paid for a die, a room, a hire or a guest join that line, see `PAID_KINDS`)."""

CHECKIN_CLAUSES: dict[str, Callable[[Event], bool]] = {
    "occupancy_bonus": lambda event: True,
    "vp": lambda event: event.data.get("source") in CHECKIN_SOURCES,
}
"""Event kinds that join the latest check-in's line rather than the line just written, by the kind: whether this
event does (an occupancy bonus always; VP when a guest or the bonus gave them)."""


ALREADY_TOLD: dict[str, frozenset[str]] = {"occupy": frozenset({"checkin"}), "vp": VP_TOLD_KINDS}
"""Event kinds that the line just written by the same move may already tell, by the kind: the kinds of line that do,
when the line and the event are about the same room or both about none (a check-in's line names its room; the
solo opponent's scoring lines name their VP)."""


TOLD_FIRST: dict[str, Callable[[_Builder, int, Event, _Line | None], bool]] = {
    "emperor_retreat": _Builder.stays_at_zero,
}
"""Event kinds with a case told before any other (before joining a line as a clause), by the kind: the function
returns True when it told the event."""

LINE_BUILDERS: dict[str, Told] = {
    "serve": _Builder.serve_line,
    "prepare": _Builder.prepare_line,
    "checkin": _Builder.checkin_line_of,
    "return_staff": _Builder.return_staff_line,
}
"""Event kinds whose line gathers more than one event or remembers something, by the kind; any other event that
extends no line gets a line of its own (`_Builder.own_line`)."""

ENGINE_SENTENCE = frozenset({
    "auction_pass", "bottom", "celebrity", "celebrity_leaves", "celebrity_reshuffle",
    "corogari", "couture_done", "couture_guest", "couture_place", "couture_restock", "couture_supply",
    "discard_guests", "discard_staff", "draft", "draft_pass", "emperor_solo", "entrance", "extra_turn", "fill_order",
    "kaufman_pile", "keep_staff", "key", "key_action", "key_returns", "kozi", "lounge", "pass", "personal_objective",
    "pile_discarded", "politics", "reshuffle", "return_item", "secretary", "solo", "solo_colour",
    "solo_entrance", "solo_no_die", "solo_no_guest", "solo_reshuffle",
    "solo_reveal", "solo_room", "solo_staff_empty", "stars_add", "stars_full", "stars_none", "stars_remove",
    "stars_score", "stars_setup", "stroup", "sushi_return", "sushi_setup", "sushi_token", "sushi_vp", "swap",
    "toll_penalty", "toll_token", "toll_vp", "use_staff", "wray",
})
"""Event kinds whose engine sentence is already the right line (told as written, without the player's name)."""

TOLD_KINDS = frozenset({*PHRASES, *SECTIONS, *LINE_BUILDERS, *CLAUSE_KINDS, *ENGINE_SENTENCE, "pay"})
"""Every event kind these words know how to tell (`tests/botui/test_kind_registries.py` requires each kind the
engine emits to be here)."""
