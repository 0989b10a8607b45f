"""Newcomers take AI seats of a running game (issue 53 item 5), without Discord.

The host opens an AI seat (a seat without a member; not a person's seat handed to an AI, which its owner takes
back with `/gah takeback`). A member who plays no seat of the game asks for it, within the cap of open games a
member may have (`GAH_MAX_GAMES_PER_USER`); the host confirms; from then on the member plays the seat, with its
hand and hotel (the engine's player is unchanged: its name stays, the seat's member and the pings change), and
the seat's result counts for them (`results.user_id` is the seat's member at the end). The round they joined in
is kept (`seat_takeovers`) for the stats' note. Tables: migration 13.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from bot.host.service.errors import N_, LobbyError, Nn_, NotHost, ServiceError, counted
from bot.host.service.rules import stored_state
from bot.host.service.unit import load
from bot.host.storage import GameRow, SeatRow, Tx

if TYPE_CHECKING:
    from bot.host.service.core import GameService


class SeatRefused(ServiceError):
    """A seat that may not be opened or taken now; the text tells the member why."""


@dataclasses.dataclass(frozen=True)
class OpenSeat:
    """An AI seat the host opened: its position, the engine's name of its player, the game version it was
    opened at (a *Take this seat* button carrying an older version is out of date), and whether a newcomer takes it
    without asking the host (`auto`)."""

    position: int
    name: str
    version: int
    auto: bool = False


@dataclasses.dataclass(frozen=True)
class Takeover:
    """A seat a member took: the seat, its name, the member, the round they joined in."""

    game_id: int
    position: int
    name: str
    user_id: int
    round: int


def state_round(game: GameRow) -> int:
    """The running game's round (0 during setup)."""
    return int(getattr(stored_state(game), "round", 0) or 0)


async def open_seats(tx: Tx, game_id: int) -> list[OpenSeat]:
    """The game's open seats, by position."""
    seats = await tx.seats(game_id)
    rows = await tx.fetchall("SELECT position, version, auto FROM open_seats WHERE game_id = ? ORDER BY position",
                             (game_id,))
    return [OpenSeat(r["position"], seats[r["position"]].name, r["version"], bool(r["auto"])) for r in rows
            if 0 <= r["position"] < len(seats)]


def _ai_seat(seats: list[SeatRow], position: int) -> SeatRow:
    if not 0 <= position < len(seats):
        raise SeatRefused(N_("This game has no such seat."))
    seat = seats[position]
    if seat.user_id is not None:
        raise SeatRefused(N_("{player}'s seat belongs to a member (an AI may play it for them until they take it "
                             "back), so it cannot be given to someone else."), player=seat.name)
    return seat


class SeatTakeovers:
    """Opening AI seats and handing them to newcomers, on a `GameService`."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def seats(self, game_id: int, actor_id: int, is_manager: bool = False) -> tuple[Any, list[OpenSeat]]:
        """The host's view: the game (a `GameInfo`) and its open seats.

        Raises:
            NoGameHere: no such game.
            NotHost: the actor is not the host (nor a manager).
            SeatRefused: the game is not running.
        """
        async with self.service.storage.reading() as tx:
            game, _ = await load(tx, game_id)
            self._host(game, actor_id, is_manager)
            found = await open_seats(tx, game_id)
        return await self.service.game(game_id), found

    @staticmethod
    def _host(game: GameRow, actor_id: int, is_manager: bool) -> None:
        if game.status != "active":
            raise SeatRefused(N_("Seats can be opened to newcomers only while the game runs."))
        if actor_id != game.host_id and not is_manager:
            raise NotHost(N_("Only the host (or someone who may manage the channel) can open or close seats."))

    async def set_open(self, game_id: int, actor_id: int, position: int, is_open: bool,
                       is_manager: bool = False, *, auto: bool = False) -> list[OpenSeat]:
        """Open an AI seat to newcomers (`auto`: they take it without asking the host), or close it again; returns
        the open seats.

        Raises:
            NoGameHere, NotHost, SeatRefused: no such game; not the host; not running, no such seat or not an AI
                seat.
        """
        service = self.service
        async with service.locked(game_id), service.storage.transaction() as tx:
            game, seats = await load(tx, game_id)
            self._host(game, actor_id, is_manager)
            _ai_seat(seats, position)
            if is_open:
                await tx.execute("INSERT INTO open_seats (game_id, position, version, opened_by, opened_at, auto) "
                                 "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, position) DO UPDATE SET "
                                 "auto = excluded.auto", (game_id, position, game.version, actor_id, service.clock(),
                                                          int(auto)))
            else:
                await tx.execute("DELETE FROM open_seats WHERE game_id = ? AND position = ?", (game_id, position))
            return await open_seats(tx, game_id)

    async def check_request(self, game_id: int, user_id: int, position: int, version: int) -> OpenSeat:
        """Whether `user_id` may ask for the seat at `position` (a *Take this seat* button of `version`); returns
        the seat.

        Raises:
            NoGameHere: no such game.
            SeatRefused: the game is not running; the seat is not open (any more), or the button is older than its
                opening; the member plays in this game already.
            LobbyError: the member is at the cap of open games.
        """
        async with self.service.storage.reading() as tx:
            game, seats = await load(tx, game_id)
            return await self._requestable(tx, game, seats, user_id, position, version)

    async def _requestable(self, tx: Tx, game: GameRow, seats: list[SeatRow], user_id: int, position: int,
                           version: int | None) -> OpenSeat:
        if game.status != "active":
            raise SeatRefused(N_("This game is not running any more, so its seats cannot be taken."))
        seat = next((s for s in await open_seats(tx, game.id) if s.position == position), None)
        if seat is None or (version is not None and version < seat.version) or seats[position].user_id is not None:
            raise SeatRefused(N_("That seat is not open to newcomers (any more). The latest turn post shows the "
                                 "seats that are."))
        if any(s.user_id == user_id for s in seats):
            raise SeatRefused(N_("You have a seat in this game already; one seat each."))
        limit = self.service.limits.per_user
        if await tx.count_open_games(user_id=user_id) >= limit:
            raise counted(LobbyError, Nn_("You already have {count} open game (lobbies you host or joined, and "
                                          "running games), the most one member may have at once. Finish or leave "
                                          "it first.",
                                          "You already have {count} open games (lobbies you host or joined, and "
                                          "running games), the most one member may have at once. Finish or leave "
                                          "one first."), limit)
        return seat

    async def take(self, game_id: int, actor_id: int, user_id: int, position: int,
                   is_manager: bool = False) -> Takeover:
        """The host confirms: `user_id` plays the seat at `position` from now on (its AI stops); the seat is no
        longer open. Bumps the game's version.

        Raises:
            NoGameHere: no such game.
            NotHost: the actor is not the host (nor a manager).
            GameBusy: another change held the game past the lock timeout.
            SeatRefused, LobbyError: as `check_request`, checked again now.
        """
        service = self.service
        async with service.unit(game_id) as work:
            game = work.game
            self._host(game, actor_id, is_manager)
            await work.tx.hold(f"open-games:user:{user_id}")
            seat = await self._requestable(work.tx, game, work.seats, user_id, position, None)
            joined = state_round(game)
            await work.tx.execute("UPDATE seats SET user_id = ?, ai_level = NULL WHERE game_id = ? AND position = ?",
                                  (user_id, game_id, position))
            await work.tx.execute("DELETE FROM open_seats WHERE game_id = ? AND position = ?", (game_id, position))
            await work.tx.execute("INSERT INTO seat_takeovers (game_id, position, user_id, round, taken_at) "
                                  "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                                  (game_id, position, user_id, joined, work.now))
            work.seats[position] = dataclasses.replace(work.seats[position], user_id=user_id, ai_level=None)
            work.changed = True
        return Takeover(game_id, position, seat.name, user_id, joined)

    async def joined_rounds(self, user_id: int, guild_id: int | None, kind: str | None) -> list[int]:
        """The rounds `user_id` joined in, over the finished games (of `kind`, on `guild_id`) whose seat they took
        and held to the end, oldest game first."""
        where = ["t.user_id = ?"]
        params: list[Any] = [user_id]
        if guild_id is not None:
            where.append("r.guild_id = ?")
            params.append(guild_id)
        if kind is not None:
            where.append("COALESCE((SELECT k.kind FROM game_kinds k WHERE k.game_id = t.game_id), 'gah') = ?")
            params.append(kind)
        async with self.service.storage.reading() as tx:
            rows = await tx.fetchall(
                "SELECT t.round FROM seat_takeovers t JOIN results r ON r.game_id = t.game_id AND r.seat = t.position "
                f"AND r.user_id = t.user_id WHERE {' AND '.join(where)} ORDER BY t.game_id", params)
        return [int(row["round"]) for row in rows]


def joined_note(rounds: list[int]) -> str:
    """The stats' note on seats taken over: "" when none, else e.g. " (1 joined in round 3)"."""
    if not rounds:
        return ""
    if len(rounds) == 1:
        return f" (1 joined in round {rounds[0]})"
    return f" ({len(rounds)} joined late, in rounds {', '.join(str(r) for r in rounds)})"


__all__ = ["LobbyError", "NotHost", "OpenSeat", "SeatRefused", "SeatTakeovers", "Takeover", "joined_note"]
