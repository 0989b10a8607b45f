"""Plays a game of Count to Ten through the bot's own service and command tree, with this folder on the Python path
(run by tests/test_third_game.py in a fresh interpreter; prints one JSON line of what it saw)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from bot.host.command_catalog import build_tree, payloads
from bot.host.command_translator import CommandTranslator
from bot.host.kinds import KINDS
from bot.host.service import GameService, NotYourTurn
from bot.host.storage import Storage

ANN, BOB = 101, 102


async def play(database: Path) -> dict[str, object]:
    seen: dict[str, object] = {"kinds": sorted(KINDS)}
    async with Storage(database) as storage:
        service = GameService(storage, seed_source=lambda: 7)
        game = await service.create(guild_id=1, channel_id=10, host_id=ANN, host_name="Ann", kind="count_to_ten")
        game = await service.join(game.id, BOB, "Bob")
        game = await service.add_ai(game.id, ANN, "perfect")
        game = (await service.start(game.id, ANN)).game
        seen["first"] = game.current_user
        game = (await service.act(game.id, ANN, "add 1", game.version)).game
        seen["total_after_ann"] = game.state.total
        try:
            await service.act(game.id, ANN, "add 1", game.version)
            seen["refused"] = False
        except NotYourTurn:
            seen["refused"] = True
        try:  # every move passes the turn, and an undo is only for the player on turn
            await service.undo(game.id, ANN, game.version)
            seen["undo_refused"] = False
        except NotYourTurn:
            seen["undo_refused"] = True
        moves = 0
        while game.status == "active":
            user = game.current_user
            assert user is not None
            game = (await service.choose(game.id, user, 0, game.version)).game
            moves += 1
        seen["moves"] = moves
        seen["status"] = game.status
        seen["total"] = game.state.total
        seen["ranks"] = sorted((r.seat, r.rank) for r in await service.results(game.id))
        seen["replay_ok"] = (await service.check_replay(game.id)).ok
    tree = await payloads(await build_tree(CommandTranslator()))
    seen["commands"] = sorted(command["name"] for command in tree)
    seen["count_subcommands"] = sorted(o["name"] for c in tree if c["name"] == "count" for o in c.get("options", []))
    return seen


if __name__ == "__main__":
    print(json.dumps(asyncio.run(play(Path(sys.argv[1])))))
