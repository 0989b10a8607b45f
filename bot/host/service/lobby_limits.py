"""How many games members and servers may keep open, and how long a lobby lives (issue 40: one member opened 300
lobbies in 10 s): the limits and the check that a new lobby or a join stays within them."""

from __future__ import annotations

from dataclasses import dataclass

from bot.host.service.errors import LobbyError, Nn_, counted
from bot.host.storage import Tx

UNPOSTED_GRACE_SECONDS = 60.0
"""A lobby whose message was never posted (the bot missed Discord's 3 seconds, or stopped, right after storing it)
stops holding its channel for anyone else after this long; its own host gets it back (and posted) at once."""


MEMBER_CAP = Nn_("You already have {count} open game (lobbies you host or joined, and running games), the most one "
                 "member may have at once. Finish, leave or cancel it first.",
                 "You already have {count} open games (lobbies you host or joined, and running games), the most one "
                 "member may have at once. Finish, leave or cancel one first.")
"""The refusal of a member's open game past `LobbyLimits.per_user` (the count)."""
SERVER_CAP = Nn_("This server already has {count} open game (lobbies and running games), the most the bot allows on "
                 "one server. Finish or cancel it first.",
                 "This server already has {count} open games (lobbies and running games), the most the bot allows on "
                 "one server. Finish or cancel one first.")
"""The refusal of a server's open game past `LobbyLimits.per_server` (the count)."""


@dataclass(frozen=True)
class LobbyLimits:
    """How many games members may keep open, and how long an untouched lobby lives (issue 40: one member opened
    300 lobbies in 10 s). The bot's come from its settings (`bot.host.settings.GameLimits`).

    Attributes:
        per_user: lobbies and running games one member may have at once (hosted, or a seat they play).
        per_server: lobbies and running games one server may have at once.
        lobby_expiry_seconds: a lobby nobody changed (joined, left, set an option) for this long expires: it is
            cancelled, its message says so, and the channel is free again.
    """

    per_user: int = 5
    per_server: int = 50
    lobby_expiry_seconds: float = 24 * 3600.0


async def check_open_games(tx: Tx, limits: LobbyLimits, guild_id: int, user_id: int, *, new_game: bool) -> None:
    """Refuse another open game for `user_id` (and, for a `new_game`, for the server) past `limits`. Holds
    the member's (and the server's) lock of open games until `tx` ends (`Tx.hold`), so that requests at once
    are counted one after the other.

    Raises:
        LobbyError: naming the limit.
    """
    # the counts below see no other transaction's uncommitted game (PostgreSQL's READ COMMITTED): members'
    # and servers' new games and joins take turns here, so that racers at the cap do not all pass it
    await tx.hold(f"open-games:user:{user_id}", *([f"open-games:server:{guild_id}"] if new_game else []))
    if await tx.count_open_games(user_id=user_id) >= limits.per_user:
        raise counted(LobbyError, MEMBER_CAP, limits.per_user)
    if new_game and await tx.count_open_games(guild_id=guild_id) >= limits.per_server:
        raise counted(LobbyError, SERVER_CAP, limits.per_server)
