"""What a turn post says and whom it pings (pure: no discord, no storage).

A turn post tells everything since the previous turn post (`bot.words.recap_text`) and names who acts next. It pings
(and DMs) a person only when the turn passes to them from someone else (another person, an AI, a skip): a player
who moves again right after their own move (the second of two turns in a row, a decision after their own end of
turn) carries on in the panel they already have and is named without a mention. When several players act at once
(the staff draft), all of them are pinged: each new pick round is theirs again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from bot.words import escape

USER_ACTOR = "user:"

NOTHING_NEW = "Nothing new happened since the previous post."
"""The words of a turn post whose moves tell nothing (e.g. re-posted after a restart)."""


class Mover(Protocol):
    """What `to_ping` needs of a logged move (`bot.service.Move` has it)."""

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
              quiet: bool = False) -> str:
    """The turn post's last line: who acts next. `waiting` is (user id, player name) of the people on turn, `pinged`
    the user ids mentioned, `ai_names` the AI seats on turn (when no person is). `quiet`: the people on turn go on
    with a turn they were pinged for (Overbooking's cards of a round): named, not mentioned, with the button.

    E.g. "**Next:** <@1> - press *Take my turn*.", "**Next:** ann again - carry on in your turn panel.",
    "**Next:** ann - press *Take my turn*." (quiet), "**Next:** cy (AI)"."""
    if not waiting:
        return f"**Next:** {escape(' and '.join(ai_names) or 'nobody')} (AI)"
    mentioned = [f"<@{user}>" for user, _ in waiting if user in pinged]
    others = [escape(name) for user, name in waiting if user not in pinged]
    parts = []
    if mentioned:
        parts.append(f"{' '.join(mentioned)} - press *Take my turn*.")
    if others and quiet:
        parts.append(f"{' and '.join(others)} - press *Take my turn*.")
    elif others:
        parts.append(f"{' and '.join(others)} again - carry on in your turn panel.")
    return "**Next:** " + " ".join(parts)


def again_note(moves: Sequence[Named]) -> str:
    """The panel's note for a player who is on turn again right after their own move (`moves`: what their click
    did, their own move first, then any AI moves): "Your second turn in a row" or "cy (AI) played; your turn
    again"."""
    first = moves[0].name if moves else ""
    others = list(dict.fromkeys(move.name for move in moves if move.name != first))
    if others:
        return f"**{escape(' and '.join(others))} played; your turn again.** The turn post tells what happened."
    return "**Your second turn in a row** - carry on here."
