"""Everything that happened, in plain words, from logged moves and their engine events (pure: no I/O;
names are escaped by `bot.host.safe_text`, which uses only discord.py's text helpers).

The same words serve the turn post (what happened since the previous post), `/gah log` (pages through the whole
game) and its export (one plain text file). Events are grouped into sections: one per player turn, one per round
start or reroll, one per round's end (lounge clean-up) and Emperor scoring, one for the game's end; a round-end
event never runs on under a player's turn (`ROUND_END_KINDS`). Inside a section, related events become one
line: the krones paid for a die, a room or a hire go into that line; a check-in carries its VP, reward and
occupancy bonus; serving several items to one guest, preparing several rooms or returning several staff cards is
one line, and the same line told several times in a row is one line with its number. Nothing is dropped: an event
kind without its own wording is told by the engine's own sentence, its numbers and nouns put in agreement.

Moves are `bot.host.service.Move` (or anything with the same attributes, see `LoggedMove`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.games.gah import words_events, words_final, words_gains, words_solo, words_stored
from bot.games.gah.event_facts import guest_name, krones_lost, room_colour
from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from bot.games.gah.words_lines import LINE_HEADS, REPEATED, merge_repeats
from bot.games.gah.words_lines import Line as _Line
from bot.games.gah.words_names import card_of, colour
from bot.games.gah.words_phrases import ENGINE_SENTENCE, PHRASES, escape, without_name
from bot.games.gah.words_titles import shown_title, turn_title
from engine.core.actions import Event
from engine.gah.cards import space_name, staff
from render.core.i18n import translator
from render.core.lang import N_
from render.core.plural import agree

STRUCTURAL = frozenset({"turn", "end_turn"})
"""Event kinds told by the sections themselves (a turn starts, a turn ends), not by a line."""

CLAUSE_KINDS = frozenset({"vp", "krones", "emperor", "occupancy_bonus", "occupy", "emperor_retreat",
                          "emperor_reward", "emperor_penalty", "penalty", "penalty_ignored", "items", "draw_staff",
                          "remove_room"})
"""Event kinds that, right after another event of the same player in the same move, extend that event's line
(a staff card's VP for a die, a check-in's reward, an Emperor scoring's retreat and tile)."""

DECLINE_WORDS: dict[str, str] = {
    "stop preparing": N_("stops preparing rooms"),
    "play none": N_("plays no staff card"),
    "done serving": N_("stops serving"),
    "put rest in kitchen": N_("puts the rest in the kitchen"),
    "skip": N_("lets the offer go"),
}
"""A "do nothing more" answer (which causes no event) in words, by its action text."""

ALREADY_STOPPED: dict[str, frozenset[str]] = {"prepare": frozenset({"stop preparing"}),
                                            "serve": frozenset({"done serving"})}
"""Declines that the player's line just before already implies, by that line's kind (the rooms prepared, the items
served): nothing more is told."""

DECLINED_ACTIONS: dict[int, str] = {5: N_("plays no staff card"), 3: N_("prepares no room")}
"""What a decline right after taking a die says, by the action space on the die's line."""

VP_TOLD_KINDS = registry.union(lambda words: words.vp_told)
"""Events whose words already say the VP (`ModuleWords.vp_told`: "Leopold scores 8 VP: the Sushi Resort cogwheel
guest ... left the queue"): the VP event right after them adds nothing."""

PAID_KINDS = frozenset({"die", "play_staff", "prepare", "serve", "guest", "extra_action", "entrance"})
"""Event kinds whose line tells the krones paid right before them (fee and boost, hire, room, serving, guest, the
hotel entrance won at auction: its sentence names the price, so the payment is not told twice)."""

CHECKIN_SOURCES = frozenset({"guests", "occupancy bonus"})
"""VP sources that belong to the check-in that caused them."""

ACTION_WORDS: dict[str, str] = {
    "suffer": N_("takes the Emperor penalty"),
    "pass": N_("passes"),
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
    **dict.fromkeys(("discard_guests", *sorted(registry.union(lambda words: words.round_end))), _round_end_title),
}
"""Event kinds of a round's end (engine.gah.flow.end_round: a module's clean-up, `ModuleWords.round_end`, then the
Emperor scoring), with the heading of their section by the round number. When such an event comes while a player's
turn is the open section (or first in a turn post), it gets that heading of its own instead of running on under the
turn. "remove_room" only happens in an Emperor penalty (tiles A4, B4, C2)."""

EMPEROR_VP_SOURCES = frozenset({"Emperor scoring", "Emperor tiles"})
"""VP sources (engine.gah.mechanics.vp_category) of an Emperor scoring: a VP event with one of them belongs to it."""


SCORING_BY_DATA: dict[str, Callable[[Event], bool]] = {
    "vp": lambda event: event.data.get("source") in EMPEROR_VP_SOURCES,
    "pay": lambda event: krones_lost(event),
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


class LoggedMove(Protocol):
    """What the words need of a logged move (`bot.host.service.Move` has it)."""

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
    shown: str = ""
    """The title in the words' language (English: "", the title itself)."""
    language: str = "en"
    """The language of the words."""

    @property
    def heading(self) -> str:
        """The title, with " - AI" for a turn an AI played (unless the player's name already says so, as the AI
        seats' "AI Teal" do)."""
        says_ai = (self.player or "").split(" ", 1)[0] == "AI"
        title = self.shown or self.title
        if not self.by_ai or says_ai:
            return title
        _ = translator(self.language)
        return _("{title} - AI", title=title)

    @property
    def shown_title(self) -> str:
        """The title in the words' language."""
        return self.shown or self.title

    def text(self, *, markdown: bool = True) -> str:
        """The heading and bulleted lines; with `markdown` the heading is bold and Discord's markdown characters in
        names are escaped."""
        if not markdown:
            return "\n".join([self.heading, *(f"• {line}" for line in self.lines)])
        return "\n".join([f"**{escape(self.heading)}**", *(f"• {escape(line)}" for line in self.lines)])



IN_A_ROW = ("", "second ", "third ", "fourth ", "next ")
"""The words before "turn" in the heading of a player's 1st, 2nd, ... turn in a row (from the 5th on: "next")."""


class _Builder:
    """Turns a stream of (move number, move, event) into sections."""

    def __init__(self, language: str = "en") -> None:
        self._ = translator(language)
        self.sections: list[Section] = []
        self.lines: list[_Line] = []
        self.round: int | None = None
        self.paid: list[Event] = []
        self.touched: _Line | None = None

    # ----- sections and lines ---------------------------------------------------------------------------

    def section(self, title: str, player: str | None = None, shown: str = "") -> Section:
        """A new section with `title` (English) shown as `shown` or the title in the words' language."""
        return Section(title, player, shown=shown or shown_title(self._, title), language=self._.language)

    def open(self, title: str, player: str | None, shown: str = "") -> None:
        self.close()
        self.sections.append(self.section(title, player, shown))

    def close(self) -> None:
        if self.sections and self.lines:
            section = self.sections[-1]
            for line in words_final.by_rank(merge_repeats(self._, self.lines)):
                words = line.words(self._)
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
            self.sections.append(self.section(ROUND_END_KINDS[kind](self.round)))
        if not self.sections:
            if self.round is None:
                self.sections.append(self.section("Setup"))
            elif player:
                self.sections.append(self.section(f"{player}'s turn (round {self.round})", player,
                                                  turn_title(self._, player, 0, self.round)))
            else:
                self.sections.append(self.section(f"Round {self.round}"))

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
                self.add(_Line(unclaimed.player, move, "pay", self.phrase(unclaimed)))
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
        self.open(f"{event.player}'s {nth}turn{where}", event.player,
                  turn_title(self._, str(event.player), repeats, self.round or None))

    def open_round(self, move: int, event: Event, paid: int) -> None:
        self.round = int(event.data.get("round", 0)) or None
        self.open(f"Round {self.round} begins", None)

    def open_reroll(self, move: int, event: Event, paid: int) -> None:
        self.open(f"Round {self.round}: reroll" if self.round else "Reroll", None)
        self.add(_Line(None, move, event.kind, self._("One die goes to the dustbin; the others are rolled again")))

    def roll_line(self, move: int, event: Event, paid: int) -> None:
        self.ensure(None)
        dice = [int(n) for n in event.data.get("dice", [])]
        _ = self._
        spread = ", ".join(_("{count} on space {space}", count=n, space=k + 1) for k, n in enumerate(dice) if n)
        rolled = _.ngettext("{count} die rolled: {spread}", "{count} dice rolled: {spread}", sum(dice),
                            spread=spread or _("none"))
        self.add(_Line(None, move, event.kind, rolled))

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
        if target is not None and words_gains.repeats_reward(target.rewards, event):
            self.touched = target  # the Emperor tile's words on this line already say what it gives
            return
        if target is not None:
            target.clauses.append(self.phrase(event))
            self.remember_reward(target, event)
            self.touched = target
            target.move = move
            return
        LINE_BUILDERS.get(kind, _Builder.own_line)(self, move, event, paid)

    def stays_at_zero(self, move: int, event: Event, last: _Line | None) -> bool:
        """An Emperor retreat of a player who was already on space 0 (only that space scores no VP: a player with
        no VP line of the scoring before the retreat was there) is told as staying there; True if told."""
        if int(event.data.get("emperor", -1)) != 0 or (
                last is not None and last.kind == "vp" and self._("Emperor scoring") in last.head):
            return False
        target = self.clause_target(event, move)
        words = self._("stays on space 0 of the Emperor track (no VP)")
        if target is not None:
            target.clauses.append(words)
            self.touched = target
        else:
            self.add(_Line(event.player, move, event.kind, words))
        return True

    def own_line(self, move: int, event: Event, paid: int) -> None:
        """A line of its own for the event."""
        line = self.add(_Line(event.player, move, event.kind, self.phrase(event, paid),
                              rank=int(event.data.get("rank", 0))))
        self.remember_reward(line, event)

    @staticmethod
    def remember_reward(line: _Line, event: Event) -> None:
        """Note on `line` the Emperor tile whose reward `event` tells with what it gives (`words_gains.repeats_reward`:
        the gains that follow are not told again)."""
        if event.kind == "emperor_reward":
            line.rewards.add(f"Emperor tile {event.data.get('tile', '')}")

    def die_line(self, move: int, event: Event, paid: int) -> None:
        """A die's line, which remembers its action space (a decline right after it says what it did not do)."""
        self.add(_Line(event.player, move, event.kind, self.phrase(event, paid), space=int(event.data.get("space", 0))))

    def checkin_line_of(self, move: int, event: Event, paid: int) -> None:
        """A check-in's line, which remembers the room (its occupancy and VP join it)."""
        space = int(event.data.get("space", -1))
        guest = words_gains.guest_named(event.data.get("guest"))
        self.add(_Line(event.player, move, event.kind, self.phrase(event, paid), space=space, guest=guest))

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
        name = guest_name(event)
        self.add(_Line(who, move, event.kind, name, table=table, served=[item], cost=paid, kitchen=[kitchen]))

    def prepare_line(self, move: int, event: Event, paid: int) -> None:
        """Preparing a room: joins the same player's line of prepared rooms, else a new line."""
        who = event.player
        space = int(event.data.get("space", 0))
        color = room_colour(event)
        room = f"{space_name(space)} ({colour(self._, color)})"
        cause = words_gains.rooms_cause(self._, event)
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
        number = event.data.get("card")
        known = staff().get(number) if isinstance(number, int) else None
        if known is not None:
            english = known.name
        else:  # a game stored before the "card" datum: the engine's sentence names it (`words_stored`)
            found = words_stored.text_match(event, r"returns the (.*) to the deck")
            english = found.group(1) if found else ""
        card = f"the {english}" if english else "a staff card"
        if self._.language != "en":
            card = card_of(self._, "staff", number, english) or self._("a staff card")
        line = self.gathering(event)
        if line is not None:
            line.cards.append(card)
            line.move = move
            self.touched = line
            return
        self.add(_Line(event.player, move, event.kind, "", cards=[card]))

    def phrase(self, event: Event, paid: int = 0) -> str:
        """One event as a verb phrase without its subject (or the engine's sentence)."""
        words = words_solo.phrase(self._, event)  # None in English: the solo words below tell it
        own = PHRASES.get(event.kind) if words is None else None
        if own is not None:
            words = own(self._, event, paid)
        if words is None:
            words = words_events.phrase(self._, event)
        return agree(without_name(event)) if words is None else words

    def decline_words(self, move: LoggedMove) -> str | None:
        """Words for a choice that changed nothing visible, or None when the player's line just before already
        says it (a stop after rooms prepared or items served) or there are none. Right after taking a die, a
        "skip" or "stop" tells what the action did not do (`DECLINED_ACTIONS`)."""
        previous = self.lines[-1] if self.lines else None
        if previous is not None and previous.player == move.name:
            if move.action in ALREADY_STOPPED.get(previous.kind, ()):
                return None
            if previous.kind == "die":
                said = DECLINED_ACTIONS.get(previous.space) if previous.space is not None else None
                if said is not None and move.action in DECLINE_WORDS:
                    return self._(said)
        words = DECLINE_WORDS.get(move.action) or ACTION_WORDS.get(move.action.split(" ")[0])
        return self._(words) if words else None

    def move(self, number: int, move: LoggedMove) -> None:
        current = self.sections[-1] if self.sections else None
        if current is not None and current.player == move.name and current.by_ai is None:
            current.by_ai = move.actor.startswith("ai:")
        if move.kind == "undo":
            self.ensure(move.name)
            self.add(_Line(move.name, number, "undo", self._("takes back a move")))
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


def sections(moves: Iterable[LoggedMove], *, round_number: int | None = None, language: str = "en"
             ) -> list[Section]:
    """Everything the moves did, grouped into sections (see the module text), oldest first. Moves an undo took
    back are left out; an undo itself is told ("takes back a move").

    `round_number` is the game's round after the last move (`state.round`), for moves that do not start at the
    beginning of the game (e.g. the moves since the last turn post): the round of the first move is worked out
    from it and the rounds that began on the way. Without it, moves before the first "round begins" event count
    as the setup."""
    kept = [move for move in moves if not move.undone]
    builder = _Builder(language)
    if round_number is not None:
        began = sum(event.kind == "round" for move in kept for event in move.events)
        builder.round = round_number - began if round_number - began >= 1 else None
    for number, move in enumerate(kept):
        builder.move(number, move)
    return builder.finish()


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
    "pay": lambda event: not krones_lost(event),
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
    "die": _Builder.die_line,
    "return_staff": _Builder.return_staff_line,
}
"""Event kinds whose line gathers more than one event or remembers something, by the kind; any other event that
extends no line gets a line of its own (`_Builder.own_line`)."""

__all__ = ["LINE_HEADS", "REPEATED", "Section", "sections"]

TOLD_KINDS = frozenset({*PHRASES, *SECTIONS, *LINE_BUILDERS, *CLAUSE_KINDS, *ENGINE_SENTENCE, "pay"})
"""Every event kind these words know how to tell (`tests/botui/test_kind_registries.py` requires each kind the
engine emits to be here)."""
