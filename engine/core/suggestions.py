"""What a game's AI says when a player asks it for a move (*Suggest*): its ranked candidate moves, each with its worth
and a sentence. Every game whose AI can rank moves answers with these (Grand Austria Hotel:
`engine.gah.ai.explain.rank_moves`), so the bot's service holds them without knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action


@dataclass(frozen=True)
class RankedMove:
    """One candidate move of a suggestion."""

    action: Action
    value: float
    """Its estimated worth in VP equivalents for the player (the projected final score plus what the holdings are
    still worth), judged where the search stopped: a few turns ahead for a turn's best moves."""
    reason: str
    """One plain English sentence on what the move (with the rest of its planned turn) brings; "" when it changes
    nothing a sentence names (a move worth taking for what it keeps open)."""
    follow: tuple[Action, ...] = ()
    """The expert's answers to the player's own follow-up decisions right after `action` (not the turn itself),
    in order: a die's split of items, the action a copy imitates, the rest of a serve; at most the game's limit
    (Grand Austria Hotel: `engine.gah.ai.explain.FOLLOW_LIMIT`). A turn panel offers a die with its first follow-up
    as one choice, so this names the choice to click."""
