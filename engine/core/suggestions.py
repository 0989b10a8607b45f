"""What a game's AI says when a player asks it for a move (*Suggest*): its ranked candidate moves, each with its worth
and a sentence. Every game whose AI can rank moves answers with these (Grand Austria Hotel:
`engine.gah.ai.explain.rank_moves`), so the bot's service holds them without knowing the game. The sentence is data
(`Reason`: the facts a move changes, with their numbers and card ids), worded in the reader's language by the bot
(Grand Austria Hotel: `bot.games.gah.suggest_reasons`), so the engine stays free of language (issue 55 item 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action


@dataclass(frozen=True)
class Fact:
    """One change a line of play brings the player, as data: its `kind` and the numbers that tell it."""

    kind: str
    """What changed, one of the game's fact kinds (Grand Austria Hotel: `engine.gah.ai.explain.FACT_KINDS`)."""
    count: int
    """How much: rooms prepared, steps moved, krones gained, ...; for a fact about cards, how many `cards` names."""
    cards: tuple[int, ...] = ()
    """The ids of the cards it is about, in order (the guests checked in or seated, the staff cards played)."""


@dataclass(frozen=True)
class Reason:
    """What a move brings the player, as data: the changes of the move itself, then those of the rest of its planned
    turn, and the VP the whole line scores. With no facts and `nothing_more`: the move ends the turn because nothing
    more this turn is worth what it costs."""

    own: tuple[Fact, ...] = ()
    """What the move itself (with the player's follow-up answers) changes, the most telling first."""
    later: tuple[Fact, ...] = ()
    """What the rest of its planned turn changes, the most telling first (no kind of `own` again)."""
    vp: int = 0
    """The VP the whole line scores (0: none)."""
    nothing_more: bool = False
    """The move ends the turn and changes nothing a fact names: nothing more is worth what it costs."""


@dataclass(frozen=True)
class RankedMove:
    """One candidate move of a suggestion."""

    action: Action
    value: float
    """Its estimated worth in VP equivalents for the player (the projected final score plus what the holdings are
    still worth), judged where the search stopped: a few turns ahead for a turn's best moves."""
    reason: Reason | None
    """What the move (with the rest of its planned turn) brings, as data for one sentence in the reader's language;
    None when it changes nothing a fact names (a move worth taking for what it keeps open)."""
    follow: tuple[Action, ...] = ()
    """The expert's answers to the player's own follow-up decisions right after `action` (not the turn itself),
    in order: a die's split of items, the action a copy imitates, the rest of a serve; at most the game's limit
    (Grand Austria Hotel: `engine.gah.ai.explain.FOLLOW_LIMIT`). A turn panel offers a die with its first follow-up
    as one choice, so this names the choice to click."""
