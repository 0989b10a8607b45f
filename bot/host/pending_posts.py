"""Turn posts that Discord refused (a permission taken away mid-game), kept until they can be made.

The game itself goes on (every move is stored); what the channel did not see is told by the next post that
succeeds, because a turn post tells everything since the previous one. Until then, the people who click in the game
are told privately what is missing, and the bot's log says it once per refused post. A thread that a moderator
locked (archived, and the bot without Manage Threads may not reopen it) refuses posts the same way (issue 51 item
10); its post follows when the thread is reopened (`bot.host.controller.Controller.thread_reopened`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.host import permissions
from render.core.i18n import ENGLISH, translator


@dataclass
class PendingPost:
    """A refused post: where it should go and the call's result (`bot.host.service.TurnResult`)."""

    channel: Any
    result: Any
    first: bool
    status: int
    """Discord's HTTP status (403: a permission is missing)."""
    code: int = 0
    """Discord's JSON error code (`THREAD_ARCHIVED`: the thread is locked, and the bot may not reopen it)."""

    @property
    def locked(self) -> bool:
        """Whether the post was refused because its thread is archived and the bot could not reopen it."""
        return self.code == THREAD_ARCHIVED


THREAD_ARCHIVED = 50083
"""Discord's JSON error code for a post in an archived thread (one the bot could not reopen: a moderator locked
it, and the bot lacks Manage Threads)."""


def notice(lacking: list[str], *, locked: bool = False, language: str = ENGLISH) -> str:
    """What a player hears on their next click while a post is missing (`lacking`: permission names, if known;
    `locked`: the game's thread is locked, `PendingPost.locked`), in the player's `language`."""
    _ = translator(language)
    if locked:
        return _("**The last turn post could not be posted:** this thread is locked (a moderator archived it), and I "
                 "may not reopen it. The game goes on and every move is kept; the missing post (with everything "
                 "since) follows as soon as someone with {manage_threads} reopens the thread.",
                 manage_threads=_.pgettext("permission", "Manage Threads"))
    values = {"manage_channels": _.pgettext("permission", "Manage Channels")}
    if not lacking:
        return _("**The last turn post could not be posted:** Discord refused my post in this channel. The game goes "
                 "on and every move is kept; the missing post (with everything since) follows as soon as I may post "
                 "here again. Someone with {manage_channels} can fix it in the channel's settings > Permissions.",
                 **values)
    names = ", ".join(permissions.permission_name(name, _) for name in lacking)
    return _.ngettext("**The last turn post could not be posted:** I lack the {names} permission in this channel. The "
                      "game goes on and every move is kept; the missing post (with everything since) follows as soon "
                      "as I may post here again. Someone with {manage_channels} can fix it in the channel's settings "
                      "> Permissions.",
                      "**The last turn post could not be posted:** I lack the {names} permissions in this channel. "
                      "The game goes on and every move is kept; the missing post (with everything since) follows as "
                      "soon as I may post here again. Someone with {manage_channels} can fix it in the channel's "
                      "settings > Permissions.", len(lacking), names=names, **values)


def lacking_for(interaction: Any) -> list[str]:
    """The missing permissions in the interaction's channel ([] when they are all there or not known)."""
    try:
        return permissions.missing_here(interaction)
    except (AttributeError, TypeError):
        return []
