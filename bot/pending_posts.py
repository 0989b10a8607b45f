"""Turn posts that Discord refused (a permission taken away mid-game), kept until they can be made.

The game itself goes on (every move is stored); what the channel did not see is told by the next post that
succeeds, because a turn post tells everything since the previous one. Until then, the people who click in the game
are told privately what is missing, and the bot's log says it once per refused post."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot import permissions


@dataclass
class PendingPost:
    """A refused post: where it should go and the call's result (`bot.service.TurnResult`)."""

    channel: Any
    result: Any
    first: bool
    status: int
    """Discord's HTTP status (403: a permission is missing)."""


def notice(lacking: list[str]) -> str:
    """What a player hears on their next click while a post is missing (`lacking`: permission names, if known)."""
    why = (f"I lack the {', '.join(lacking)} permission{'s' * (len(lacking) > 1)} in this channel"
           if lacking else "Discord refused my post in this channel")
    return (f"**The last turn post could not be posted:** {why}. The game goes on and every move is kept; the "
            "missing post (with everything since) follows as soon as I may post here again. Someone with Manage "
            "Channels can fix it in the channel's settings > Permissions.")


def lacking_for(interaction: Any) -> list[str]:
    """The missing permissions in the interaction's channel ([] when they are all there or not known)."""
    try:
        return permissions.missing_here(interaction)
    except (AttributeError, TypeError):
        return []
