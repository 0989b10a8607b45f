"""The turn panel's "Since your last turn" line (issue 52 item 5): what the others did that touches the player on
turn since the end of their previous turn (pure: no discord, no storage).

What touches a player: the dice the others took (fewer dice, weaker actions), the guests they took
(perhaps the one the player wanted), the politics cards they claimed and the solo opponent's objective markers, and
an Emperor scoring's effect on the player. In solo these are Leopold's (or Elisabeth's) turns, played inside the
player's own click, so the line replaces "Your second turn in a row".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from bot.games.gah import words_events, words_phrases
from bot.games.gah.event_facts import guest_name, room_colour
from bot.games.gah.event_text import ENGLISH_FROM_DATA
from bot.games.gah.words_names import card, card_of, colour, joined, served
from bot.games.gah.words_titles import shown_title
from bot.host.safe_text import safe_text
from engine.gah.cards import emperor_tiles, guests, space_name
from render.core.i18n import Translator, translator
from render.core.lang import N_
from render.gah.texts import emperor_sentences

SINCE = N_("Since your last turn:")
TITLE = f"**{SINCE}**"

TURN_ENDS = frozenset({"end_turn", "pass"})
"""Event kinds that end a player's turn: what follows is "since their last turn"."""

SCORING_ENDS = frozenset({"turn", "round", "game_over"})
"""Event kinds after which an Emperor scoring's events are over."""

LIMIT = 700
"""Characters at most (the panel's whole message is at most 2,000)."""


class Logged(Protocol):
    """What `since_line` needs of a logged move (`bot.host.service.Move` has it)."""

    @property
    def undone(self) -> bool: ...

    @property
    def events(self) -> Sequence[Any]: ...  # engine.Event: .kind, .player, .data, .text


def _guest_name(data: dict[str, Any], _: Translator) -> str:
    guest = data.get("guest")
    found = guests().get(guest) if isinstance(guest, int) else None
    return card_of(_, "guest", found.id, found.name) if found is not None else _("a guest")


def _deed(event: Any, _: Translator) -> str | None:
    """Another player's event in words without the player ("took a die from space 3"), if it touches others."""
    data = event.data
    if event.kind == "die" and isinstance(data.get("space"), int) and 1 <= data["space"] <= 6:
        return _("took a die from space {space}", space=data["space"])
    if event.kind in ("guest", "solo_guest"):
        return _("took {guest}", guest=_guest_name(data, _))
    if event.kind == "politics":
        return _("claimed a politics card")
    if event.kind == "solo_objective":
        return _("marked a politics card")
    return None


def _scoring_title(event: Any) -> str:
    """An "emperor_scoring" event's English title ("Emperor scoring after round 3"), from its "round" datum (a game
    stored before the datum: the engine's sentence, which is that title)."""
    number = event.data.get("round")
    return f"Emperor scoring after round {number}" if isinstance(number, int) else str(event.text).rstrip(".")


TILE_SIDES = {"emperor_reward": 0, "emperor_penalty": 1}
"""Emperor scoring events that name a tile, and which of its sentences (`emperor_sentences`) tells what it does."""


def _scoring_words(event: Any, _: Translator) -> str:
    """An Emperor scoring's event for the player, as the engine says it, a tile's reward or penalty with what it is
    (as the turn post tells it: "ann suffers the penalty of Emperor tile A4 (return 2 staff ...)"); in another
    language than English (and, in English, for the kinds of `event_text.ENGLISH_FROM_DATA`), as the recap's words
    say it (`bot.games.gah.words_phrases`)."""
    if _.language != "en" and event.kind == "prepare":  # a reward's free room: the recap tells it in a line of its own
        room = f"{space_name(int(event.data.get('space', 0)))} ({colour(_, room_colour(event))})"
        return f"{event.player} " + _.ngettext("prepares room {rooms}", "prepares rooms {rooms}", 1, rooms=room)
    # a reward's serving (staff hired then): as the recap's line (in English too: the same words as the sentence)
    if (_.language != "en" or event.kind in ENGLISH_FROM_DATA) and event.kind == "serve":
        item, guest = served(_, int(event.data.get("item", 0))), card(_, guest_name(event))
        return f"{event.player} " + _("serves {items} to {guest}", items=item, guest=guest)
    if _.language != "en" or event.kind in ENGLISH_FROM_DATA:
        own = words_phrases.PHRASES.get(event.kind)
        words = own(_, event, 0) if own is not None else words_events.phrase(_, event)
        if words is not None:
            return f"{event.player} {words}"
    said = str(event.text).rstrip(".")
    tile = emperor_tiles().get(str(event.data.get("tile", ""))) if event.kind in TILE_SIDES else None
    return f"{said} ({emperor_sentences(tile)[TILE_SIDES[event.kind]]})" if tile is not None else said


def _since(events: list[Any], name: str) -> list[Any] | None:
    """The events after `name`'s last end of turn (None if `name` has ended no turn yet)."""
    ends = [k for k, event in enumerate(events) if event.player == name and event.kind in TURN_ENDS]
    return events[ends[-1] + 1:] if ends else None


def _phrases(events: Iterable[Any], name: str, _: Translator) -> list[str]:
    """The line's parts in order: one per other player's run of deeds ("bob took a die from space 3 and took
    Duchess from the display"), one per Emperor scoring with its effect on `name`."""
    parts: list[str] = []
    who: str | None = None
    deeds: list[str] = []
    scoring: list[str] | None = None

    def close() -> None:
        nonlocal who, deeds, scoring
        if who is not None and deeds:
            said = list(dict.fromkeys(deeds))
            if _.language == "en":
                said[1:] = [deed.removeprefix("took ") for deed in said[1:]]  # "took Sculptor and a die from space 5"
                parts.append(f"{safe_text(who, limit=None)} {' and '.join(said)}")
            else:
                parts.append(f"{safe_text(who, limit=None)} {joined(_, said)}")
        if scoring is not None:
            if scoring[1:]:
                parts.append(scoring[0] + ": " + ", ".join(scoring[1:]))
            else:
                parts.append(_("{scoring}: nothing for {player}", scoring=scoring[0], player=name))
        who, deeds, scoring = None, [], None

    for event in events:
        if event.kind == "emperor_scoring":
            close()
            scoring = [safe_text(shown_title(_, _scoring_title(event)), limit=None)]
            continue
        if scoring is not None:
            if event.kind in SCORING_ENDS:
                close()
            elif event.player == name:
                scoring.append(safe_text(_scoring_words(event, _), limit=None))
            continue
        if event.player in (None, name):
            continue
        deed = _deed(event, _)
        if deed is None:
            continue
        if event.player != who:
            close()
            who = event.player
        deeds.append(deed)
    close()
    return parts


def since_line(moves: Sequence[Logged], name: str, *, language: str = "en") -> str:
    """The panel's first line for `name` (a seat name): "**Since your last turn:** bob took a die from space 3;
    Leopold took Baroness and a die from space 5; Emperor scoring after round 3: ann scores
    1 VP (Emperor scoring)". `moves` is the game's log, oldest first (undone moves are skipped). "" when `name` has
    ended no turn yet or nobody else did anything since (their second turn in a row); "... played (nothing that
    touches you)" when the others did nothing that touches them. At most `LIMIT` characters. In the reader's
    `language` (the panel is theirs)."""
    _ = translator(language)
    title = f"**{_(SINCE)}**"
    events = [event for move in moves if not move.undone for event in move.events]
    since = _since(events, name)
    if not since:
        return ""
    parts = _phrases(since, name, _)
    if not parts:
        others = list(dict.fromkeys(event.player for event in since if event.player not in (None, name)))
        if not others:
            return ""
        if _.language == "en":
            names = " and ".join(safe_text(other, limit=None) for other in others)
            return f"{TITLE} {names} played (nothing that touches you)."
        listed = joined(_, [safe_text(other, limit=None) for other in others])
        return f"{title} " + _("{players} played (nothing that touches you).", players=listed)
    line = f"{title} {'; '.join(parts)}."
    if len(line) > LIMIT:
        line = line[:LIMIT - 1].rsplit(" ", 1)[0] + "…"
    return line
