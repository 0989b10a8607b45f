"""Plays a game of Count to Ten through the bot's own service and command tree, with this folder on the Python path
(run by tests/test_third_game.py in a fresh interpreter; prints one JSON line of what it saw)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from bot.host.cogs.rules_pages import rules_pages
from bot.host.command_catalog import build_tree, payloads
from bot.host.command_translator import CommandTranslator
from bot.host.kinds import KINDS, legal_actions
from bot.host.lobby import LobbyController, lobby_payload, options_of
from bot.host.posts import turn_pictures
from bot.host.service import GameService, NotYourTurn
from bot.host.storage import Storage
from bot.host.views import panel_view

ANN, BOB = 101, 102


async def play(database: Path) -> dict[str, object]:
    seen: dict[str, object] = {"kinds": sorted(KINDS)}
    async with Storage(database) as storage:
        service = GameService(storage, seed_source=lambda: 7)
        game = await service.create(guild_id=1, channel_id=10, host_id=ANN, host_name="Ann", kind="count_to_ten")
        game = await service.join(game.id, BOB, "Bob")
        embed = lobby_payload(game, 0)["embed"]  # the host's lobby, with the game's own field and footer
        seen["lobby"] = [field.name for field in embed.fields][-1], embed.footer.text
        seen["options_text"] = LobbyController.options_text(game)
        seen["menus"] = options_of(KINDS["count_to_ten"])[0]
        game = await service.add_ai(game.id, ANN, "perfect")
        game = (await service.start(game.id, ANN)).game
        seen["first"] = game.current_user
        game = (await service.act(game.id, ANN, "add 1", game.version)).game
        seen["total_after_ann"] = game.state.total
        shown = KINDS["count_to_ten"].presenter()
        on_turn = game.state.current_player
        turn = shown.panel(game.state, legal_actions(game.state, on_turn), on_turn)
        view = panel_view(game.id, game.version, turn.panel, can_undo=False)  # the host's panel of the game's choices
        seen["panel"] = [getattr(getattr(item, "item", item), "label", None) for item in view.children]
        seen["turn_pictures"] = turn_pictures(KINDS["count_to_ten"], game.state, 0, ())
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
        history = await service.history(game.id)
        seen["final"] = shown.final(game.state, history).lines
        seen["log"] = shown.log(history).text.splitlines()[-1]
        seen["rules"] = rules_pages(KINDS["count_to_ten"])
    tree = await payloads(await build_tree(CommandTranslator()))
    seen["commands"] = sorted(command["name"] for command in tree)
    seen["count_subcommands"] = sorted(o["name"] for c in tree if c["name"] == "count" for o in c.get("options", []))
    return seen


if __name__ == "__main__":
    print(json.dumps(asyncio.run(play(Path(sys.argv[1])))))
