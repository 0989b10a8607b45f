"""The caps on expensive AI seats (issue 51 item 3): how many expert or master AI seats one member, and one server,
may have in running games at a time (`GAH_EXPENSIVE_AI_SEATS_PER_MEMBER`, `GAH_EXPENSIVE_AI_SEATS_PER_SERVER`).

Their decisions take the most of the AI workers (`bot.host.service.ai_fairness` shares those fairly between servers,
but a
server still gets its share for as many such seats as it runs). A seat counts for its owner when a member handed it
to an AI (`/gah ai`), else for the game's host. A start, or `/gah ai` with such a level, that would pass a cap is
refused, naming it, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.host.service.errors import LobbyError, Nn_, Said, counted
from bot.host.storage import GameRow, Tx

EXPENSIVE_AI_LEVELS = ("expert", "master")
"""The AI levels whose decisions take up to a second or more of a worker each (`engine.gah.ai`)."""

EXPENSIVE_AI_SEATS_PER_MEMBER = 6
"""How many expensive AI seats one member may have in running games, unless the settings say otherwise."""

EXPENSIVE_AI_SEATS_PER_SERVER = 16
"""How many expensive AI seats one server may have in running games, unless the settings say otherwise."""


@dataclass(frozen=True)
class ExpensiveAICaps:
    """The caps on expert and master AI seats in running games.

    Attributes:
        per_member: seats one member may have (0: none at all).
        per_server: seats one server may have (0: none at all).
    """

    per_member: int = EXPENSIVE_AI_SEATS_PER_MEMBER
    per_server: int = EXPENSIVE_AI_SEATS_PER_SERVER


async def running_expensive_seats(tx: Tx, guild_id: int, *, besides: int) -> list[int]:
    """The member each expensive AI seat of the guild's running games counts for (its owner, else the game's host),
    one entry per seat, leaving out the game `besides`."""
    levels = ", ".join("?" for _ in EXPENSIVE_AI_LEVELS)
    rows = await tx.fetchall(
        "SELECT COALESCE(s.user_id, g.host_id) FROM seats s JOIN games g ON g.id = s.game_id "
        f"WHERE g.status = 'active' AND g.guild_id = ? AND g.id <> ? AND s.ai_level IN ({levels})",
        (guild_id, besides, *EXPENSIVE_AI_LEVELS))
    return [int(row[0]) for row in rows]


MEMBER_EXPENSIVE = Nn_("{what}: one member may run at most {count} expert or master AI seat at a "
                       "time in running games, and this would make {total}. Choose a lighter AI "
                       "(strong or greedy), or wait until one of those games ends.",
                       "{what}: one member may run at most {count} expert or master AI seats at a "
                       "time in running games, and this would make {total}. Choose a lighter AI "
                       "(strong or greedy), or wait until one of those games ends.")
"""The refusal of a member's expert or master AI seat past their cap (the count); `{what}` is the refused change."""
SERVER_EXPENSIVE = Nn_("{what}: this server may run at most {count} expert or master AI seat at a time "
                       "in running games, and this would make {total}. Choose a lighter AI (strong "
                       "or greedy), or wait until one of those games ends.",
                       "{what}: this server may run at most {count} expert or master AI seats at a "
                       "time in running games, and this would make {total}. Choose a lighter AI "
                       "(strong or greedy), or wait until one of those games ends.")
"""The refusal of a server's expert or master AI seat past its cap (the count); `{what}` is the refused change."""


async def refuse_expensive_ai(tx: Tx, game: GameRow, seats: Sequence[tuple[int | None, str | None]],
                              caps: ExpensiveAICaps, what: str) -> None:
    """Refuse a change after which `game` runs with `seats` ((owner or None, AI level or None) for each seat) when a
    member or the server would pass its cap of expensive AI seats in running games. `what` is the refused change in
    words, marked for the catalogs ("The game cannot start", `N_`: said in the reader's language).

    Raises:
        LobbyError: a cap would be passed (the text names it).
    """
    mine = [owner if owner is not None else game.host_id for owner, level in seats if level in EXPENSIVE_AI_LEVELS]
    if not mine:
        return
    others = await running_expensive_seats(tx, game.guild_id, besides=game.id)
    for member in sorted(set(mine)):
        count = others.count(member) + mine.count(member)
        if count > caps.per_member:
            raise counted(LobbyError, MEMBER_EXPENSIVE, caps.per_member, what=Said(what), total=count)
    if len(others) + len(mine) > caps.per_server:
        raise counted(LobbyError, SERVER_EXPENSIVE, caps.per_server, what=Said(what), total=len(others) + len(mine))
