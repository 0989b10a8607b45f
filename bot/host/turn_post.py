"""What a turn post says and whom it pings (pure: no discord, no storage).

A turn post tells everything since the previous turn post (`bot.games.gah.words_pages.recap_text`) and names who acts
next.
It pings (and DMs) a person only when the turn passes to them from someone else (another person, an AI, a skip): a
player who moves again right after their own move (the second of two turns in a row, a decision after their own end of
turn) carries on in the panel they already have and is named without a mention. When several players act at once
(the staff draft), all of them are pinged: each new pick round is theirs again.

Whether a post goes out at all is `has_news` (issue 42 item 5: no post for a person who only goes on after their own
move, unless a round starts or an Emperor scoring comes), whose hotel its picture shows is `shown_seat` (the pinged
player's: issue 52 item 5; else `busiest_seat`: issue 42 item 2), and a recap too long for one message is cut
between sections by `split_recap` (issue 42 item 6).

Its words are in the game's language (`language`: `bot.host.language.game_language`), but for `again_note`, a line
of the player's own panel (the reader's language).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from bot.host.safe_text import safe_text
from render.core.i18n import ENGLISH, Translator, translator
from render.core.lang import N_

USER_ACTOR = "user:"

NOTHING_NEW = N_("Nothing new happened since the previous post.")
"""The words of a turn post whose moves tell nothing (e.g. re-posted after a restart); English, said in the game's
language where it is posted."""


def joined(names: Sequence[str], _: Translator) -> str:
    """Names as one list in `_`'s language: "ann", "ann and bob", "ann, bob and cy"."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


class Mover(Protocol):
    """What `to_ping` needs of a logged move (`bot.host.service.Move` has it)."""

    @property
    def actor(self) -> str: ...  # "user:<id>", "ai:<level>" or "skip:<id>"

    @property
    def undone(self) -> bool: ...


class Named(Protocol):
    """What `again_note` needs of a logged move."""

    @property
    def name(self) -> str: ...


def last_user(moves: Iterable[Mover]) -> int | None:
    """The user id behind the newest standing (not undone) move, if a person made it (not an AI, not a skip)."""
    standing = [move for move in moves if not move.undone]
    if not standing or not standing[-1].actor.startswith(USER_ACTOR):
        return None
    try:
        return int(standing[-1].actor[len(USER_ACTOR):])
    except ValueError:
        return None


def to_ping(waiting: Sequence[int], moves: Iterable[Mover]) -> list[int]:
    """The users of `waiting` (who must act now) to ping: everyone but the user who made the newest move, when one
    user waits; all of them when several wait at once (a draft round)."""
    if len(waiting) != 1:
        return list(waiting)
    return [user for user in waiting if user != last_user(moves)]


def next_line(waiting: Sequence[tuple[int, str]], pinged: Sequence[int], ai_names: Sequence[str], *,
              quiet: bool = False, language: str = ENGLISH) -> str:
    """The turn post's last line: who acts next. `waiting` is (user id, player name) of the people on turn, `pinged`
    the user ids mentioned, `ai_names` the AI seats on turn (when no person is). `quiet`: the people on turn go on
    with a turn they were pinged for (Overbooking's cards of a round): named, not mentioned, with the button.

    E.g. "**Next:** <@1> - press *Take my turn*.", "**Next:** ann again - carry on in your turn panel.",
    "**Next:** ann - press *Take my turn*." (quiet), "**Next:** cy (AI)"; in the game's `language`."""
    _ = translator(language)
    if not waiting:
        nobody = _("nobody")
        return _("**Next:** {players} (AI)", players=safe_text(joined(ai_names, _) or nobody, limit=None))
    mentioned = [f"<@{user}>" for user, _name in waiting if user in pinged]
    others = [safe_text(name, limit=None) for user, name in waiting if user not in pinged]
    parts = []
    if mentioned:
        parts.append(_("{players} - press *{button}*.", players=" ".join(mentioned), button=_("Take my turn")))
    if others and quiet:
        parts.append(_("{players} - press *{button}*.", players=joined(others, _), button=_("Take my turn")))
    elif others:
        parts.append(_("{players} again - carry on in your turn panel.", players=joined(others, _)))
    return _("**Next:** {who}", who=" ".join(parts))


def again_note(moves: Sequence[Named], *, language: str = ENGLISH) -> str:
    """The panel's note for a player who is on turn again right after their own move (`moves`: what their click
    did, their own move first, then any AI moves): "Your second turn in a row" or "cy (AI) played; your turn
    again"; in the player's own `language` (a private answer)."""
    _ = translator(language)
    first = moves[0].name if moves else ""
    others = list(dict.fromkeys(move.name for move in moves if move.name != first))
    if others:
        names = safe_text(joined(others, _), limit=None)
        return _("**{players} played; your turn again.** The turn post tells what happened.", players=names)
    return _("**Your second turn in a row** - carry on here.")


class Telling(Protocol):
    """What `has_news` and `busiest_seat` need of a logged move (`bot.host.service.Move` has it)."""

    @property
    def actor(self) -> str: ...

    @property
    def undone(self) -> bool: ...

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def events(self) -> Sequence[Any]: ...  # engine.Event: .kind, .player


def has_news(waiting: Sequence[int], moves: Sequence[Telling], milestones: Iterable[str]) -> bool:
    """Whether the channel should hear of `moves` (those since the previous turn post) now (issue 42 item 5).

    Not when the one person on turn (`waiting`, user ids) made the newest move: they carry on in their panel, and
    the moves are told by the next post, unless the moves hold a milestone (`milestones`: event kinds such as a
    round's start, an Emperor scoring or the game's end). So a solo game posts once a round. Every other change
    is news: the turn passed to someone else, an AI or a skip moved, several people act at once."""
    if len(waiting) != 1 or last_user(moves) != waiting[0]:
        return True
    wanted = frozenset(milestones)
    return any(event.kind in wanted for move in moves if not move.undone for event in move.events)


NOBODY = -1
"""`busiest_seat`'s owner of moves in no one's turn."""

OWNER_AFTER: dict[str, int | None] = {
    **dict.fromkeys(("turn", "draft_pass"), None),
    **dict.fromkeys(("emperor_scoring", "game_over"), NOBODY),
}
"""Whose turn the moves after an event of these kinds belong to, by event kind: None after an event that starts
someone's turn (the next move's seat), `NOBODY` between turns until the next turn starts (an Emperor scoring's
returns). Any other event kind changes nothing."""


def busiest_seat(moves: Sequence[Telling], fallback: int) -> int:
    """The seat whose turns are most of the news in `moves` (issue 42 item 2): most events of standing actions made
    in the seat's own turns (a move after a turn starts begins that seat's turn; decisions during an Emperor scoring
    count for nobody); a tie goes to the seat that moved last. `fallback` (the seat on turn) when none counts."""
    counts: dict[int, int] = {}
    last: dict[int, int] = {}
    owner: int | None = None  # the seat whose turn it is; None: the next move's seat; NOBODY: nobody's
    for order, move in enumerate(moves):
        if move.undone or move.kind != "action":
            continue
        if owner is None:
            owner = move.seat
        if move.seat == owner:
            counts[move.seat] = counts.get(move.seat, 0) + max(1, len(move.events))
            last[move.seat] = order
        for event in move.events:
            owner = OWNER_AFTER.get(event.kind, owner)
    if not counts:
        return fallback
    return max(counts, key=lambda seat: (counts[seat], last[seat]))


class Seated(Protocol):
    """What `shown_seat` needs of a pinged user's seat (`bot.host.service.SeatInfo` has it)."""

    @property
    def position(self) -> int: ...


def shown_seat(moves: Sequence[Telling], pinged: Sequence[Seated | None], fallback: int) -> int:
    """The seat whose hotel a turn post's picture shows (issue 52 item 5): the pinged player's own, when the post
    pings one player (the turn passed to them: they see their hotel and what changed for them), else the seat whose
    turns are most of the news (`busiest_seat`; `fallback`, the seat on turn, when no move counts)."""
    if len(pinged) == 1 and pinged[0] is not None:
        return pinged[0].position
    return busiest_seat(moves, fallback)


def _sections(text: str) -> list[list[str]]:
    """The recap's sections (a bold heading line and its bulleted lines), in order."""
    found: list[list[str]] = []
    for line in text.split("\n"):
        if line.startswith("**") or not found:
            found.append([line])
        else:
            found[-1].append(line)
    return found


def _continued(heading: str, _: Translator) -> str:
    """The heading of a section's later lines in another message: "**ann's turn (round 3), continued**"."""
    if heading.startswith("**") and heading.endswith("**") and len(heading) > 4:
        return _("**{heading}, continued**", heading=heading[2:-2])
    return _("(continued)")


def _kept_parts(sections: list[list[str]], pointer: str, size: int, keep: tuple[str, ...], _: Translator
                ) -> list[str]:
    """The sections of `sections` (left out of a recap's parts) whose titles begin with one of `keep`, packed into
    messages of at most `size` characters after `pointer`, oldest first; [] when there are none."""
    kept = [section for section in sections if section[0].removeprefix("**").startswith(keep)]
    if not kept:
        return []
    parts: list[list[str]] = [[pointer]]
    for section in kept:
        for k, line in enumerate(section):
            if len("\n".join([*parts[-1], line])) > size:
                parts.append([] if k == 0 else [_continued(section[0], _)])
            parts[-1].append(line)
    return ["\n".join(part) for part in parts]


def split_recap(text: str, last_budget: int, *, size: int = 2000, max_parts: int = 3,
                pointer: str = "… (earlier moves: see the log)", keep: tuple[str, ...] = (),
                language: str = ENGLISH) -> list[str]:
    """`text` (a recap: sections of a bold heading and bulleted lines) cut between sections, else between lines,
    into at most `max_parts` messages (issue 42 item 6: no post is cut mid-text): the last at most `last_budget`
    characters (it shares its message with the picture and the next line), the others at most `size`. A section
    cut in two repeats its heading, marked "continued". Moves that fit in no part are summarised by `pointer`,
    which opens the first part; of them, the sections whose titles begin with one of `keep` (the Emperor scorings:
    issue 42 item 3, every reward and penalty is told in the channel) are told whole after the pointer, in one
    more part or a few. Returns the parts, oldest first; "continued" in the game's `language` (`pointer` comes
    said)."""
    _ = translator(language)
    if len(text) <= last_budget:
        return [text]
    newest_first: list[list[str]] = [[]]  # parts from the last one back
    sections = _sections(text)
    while sections:
        part = newest_first[-1]
        budget = last_budget if len(newest_first) == 1 else size
        if len(newest_first) == max_parts:
            budget -= len(pointer) + 1  # the oldest part may have to open with the pointer
        used = len("\n".join(part))
        section = sections[-1]
        if used + len("\n".join(section)) + (1 if part else 0) <= budget:
            part[:0] = section
            sections.pop()
            continue
        if part and len("\n".join(section)) <= size - len(pointer) - 1 and len(newest_first) < max_parts:
            newest_first.append([])  # the whole section fits in the part before this one
            continue
        continued = _continued(section[0], _)
        tail: list[str] = []
        while len(section) - len(tail) > 1:
            candidate = section[len(section) - len(tail) - 1]
            if used + len("\n".join([continued, candidate, *tail])) + (1 if part else 0) > budget:
                break
            tail.insert(0, candidate)
        if tail:  # the section's newest lines fit here; its older ones go on in an earlier part
            part[:0] = [continued, *tail]
            del section[len(section) - len(tail):]
        if len(newest_first) == max_parts:
            break
        newest_first.append([])
    parts = ["\n".join(part) for part in reversed(newest_first) if part]
    kept = _kept_parts(sections, pointer, size, keep, _) if parts else []
    if kept:
        return [*kept, *parts]
    if sections and parts:
        parts[0] = f"{pointer}\n{parts[0]}"
    return parts or [text[: max(0, last_budget - 1)].rsplit("\n", 1)[0]]
