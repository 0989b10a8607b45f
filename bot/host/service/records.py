"""Records: reading games, their history, replay checks, export, results and statistics. Nothing here writes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
from typing import Any

from bot.host.kinds import kind_named, player_view
from bot.host.service.errors import N_, GameNotActive, NoGameHere
from bot.host.service.model import GameInfo, Move, ReplayCheck
from bot.host.service.replay import ReplayError, effective_actions, replay, undone_seqs
from bot.host.service.rules import engine_config
from bot.host.service.unit import ServiceBase, game_info, load, log_move
from bot.host.storage import ResultRow, UserStats


class Records(ServiceBase):
    """The reading part of `GameService`."""

    async def game(self, game_id: int) -> GameInfo:
        """The game with this id.

        Raises:
            NoGameHere: no such game.
        """
        async with self.storage.reading() as tx:
            row, seats = await load(tx, game_id)
        return game_info(row, seats)

    async def game_in_channel(self, channel_id: int) -> GameInfo:
        """The lobby or active game of a channel.

        Raises:
            NoGameHere: the channel has no open game.
        """
        async with self.storage.reading() as tx:
            row = await tx.open_game_in_channel(channel_id)
            if row is None:
                raise NoGameHere(N_("There is no game in this channel. Start one with the new game command."))
            seats = await tx.seats(row.id)
        return game_info(row, seats)

    async def games(
        self, *, guild_id: int | None = None, user_id: int | None = None, open_only: bool = True
    ) -> list[GameInfo]:
        """Games of a server and/or a seated user, oldest first; only lobbies and active games if `open_only`."""
        async with self.storage.reading() as tx:
            rows = await tx.games(guild_id=guild_id, user_id=user_id,
                                  statuses=("lobby", "active") if open_only else None)
            return [game_info(row, await tx.seats(row.id)) for row in rows]

    async def view(self, game_id: int, user_id: int | None) -> Any:
        """The state as `user_id`'s seat may see it (`engine.player_view`); the public view for a watcher.

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game has not started.
        """
        info = await self.game(game_id)
        if info.state is None:
            raise GameNotActive(N_("The game has not started yet."))
        seat = None if user_id is None else info.seat_of(user_id)
        return player_view(info.state, None if seat is None else seat.name)

    async def history(self, game_id: int) -> list[Move]:
        """Every log entry of a game, oldest first; actions an undo took back have `undone=True`.

        Raises:
            NoGameHere: no such game.
        """
        async with self.storage.reading() as tx:
            _, seats = await load(tx, game_id)
            rows = await tx.log(game_id)
        undone = undone_seqs(rows)
        return [log_move(r, seats, undone=r.seq in undone) for r in rows]

    async def check_replay(self, game_id: int) -> ReplayCheck:
        """Rebuild the game from its seed and log and compare with the stored state (and check the log's
        numbering and versions).

        Raises:
            NoGameHere: no such game.
        """
        async with self.storage.reading() as tx:
            game, _ = await load(tx, game_id)
            rows = await tx.log(game_id)
        if game.state is None:
            ok = not rows
            return ReplayCheck(game_id, ok, 0, "ok" if ok else "a game without a state has log entries")
        if [row.seq for row in rows] != list(range(1, len(rows) + 1)):
            return ReplayCheck(game_id, False, 0, "the log's sequence numbers have a gap")
        versions = [row.version_after for row in rows]
        if any(b <= a for a, b in itertools.pairwise(versions)) or (versions and versions[-1] > game.version):
            return ReplayCheck(game_id, False, 0, "the log's versions do not grow up to the game's version")
        effective = effective_actions(rows)
        kind = kind_named(game.kind)
        try:
            state = await asyncio.to_thread(replay, engine_config(game.config, kind), effective)
        except (ReplayError, ValueError) as error:
            return ReplayCheck(game_id, False, 0, str(error))
        if state.to_json() != game.state:
            try:
                stored = f"stored at step {kind.step_count(kind.state_from_json(game.state))}"
            except (ValueError, KeyError, TypeError):
                stored = "the stored state is not a game state"
            return ReplayCheck(game_id, False, len(effective),
                               f"the replayed state differs from the stored one (replay at step "
                               f"{kind.step_count(state)}, {stored})")
        return ReplayCheck(game_id, True, len(effective))

    async def export(self, game_id: int) -> dict[str, Any]:
        """The whole game as a JSON-ready dict: the game row, seats, every log entry (undone ones flagged),
        results and the state.

        Raises:
            NoGameHere: no such game.
        """
        async with self.storage.reading() as tx:
            game, seats = await load(tx, game_id)
            rows = await tx.log(game_id)
            results = await tx.results(game_id)
        undone = undone_seqs(rows)
        return {
            "format": "gah-game/1",
            "game": {key: value for key, value in dataclasses.asdict(game).items() if key != "state"},
            "seats": [dataclasses.asdict(seat) for seat in seats],
            "log": [{**dataclasses.asdict(row), "undone": row.seq in undone} for row in rows],
            "results": [dataclasses.asdict(result) for result in results],
            "state": None if game.state is None else json.loads(game.state),
        }

    async def export_json(self, game_id: int) -> str:
        """`export` as a JSON string.

        Raises:
            NoGameHere: no such game.
        """
        return json.dumps(await self.export(game_id), sort_keys=True)

    async def results(self, game_id: int) -> list[ResultRow]:
        """The recorded results of a game ([] until it is finished)."""
        async with self.storage.reading() as tx:
            return await tx.results(game_id)

    async def stats(self, user_id: int, guild_id: int | None = None, kind: str | None = None) -> UserStats:
        """A user's record over finished games (seats they owned, even if an AI finished them); of one game
        `kind` ("gah", "overbooking") if given."""
        async with self.storage.reading() as tx:
            return await tx.user_stats(user_id, guild_id, kind)

    async def leaderboard(self, guild_id: int, limit: int = 10, min_games: int = 1,
                          kind: str | None = None) -> list[UserStats]:
        """A server's best players by wins, then average score; of one game `kind` if given."""
        async with self.storage.reading() as tx:
            return await tx.leaderboard(guild_id, limit, min_games, kind)
