"""Issue 41 item 4: the slash commands users see stay exactly what they were when the command groups came to be
built from each game's `GameKind`. The golden file was dumped from the hand-written groups (before the change);
the registered tree (names, options, descriptions, choices, bounds) must match it."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.cogs.commands import add_game_commands
from bot.cogs.game import GameCog
from bot.command_options import CheckedCommandTree

GOLDEN = Path(__file__).parent / "golden" / "command_tree.json"


def registered_tree() -> list[dict[str, Any]]:
    """The JSON Discord would receive at a sync: every top-level command of the bot's tree, by name."""
    async def build() -> list[dict[str, Any]]:
        bot = commands.Bot(command_prefix="!", intents=discord.Intents.none(), tree_cls=CheckedCommandTree)

        async def no_sync() -> int:
            return 0
        # the cog only keeps its service and controller for later calls; building the tree calls neither
        cog = GameCog(None, None, no_sync)  # type: ignore[arg-type]
        await bot.add_cog(cog)
        add_game_commands(bot.tree, cog)  # as `bot.app.GahBot.setup_hook` does
        return sorted((command.to_dict(bot.tree) for command in bot.tree.get_commands()),
                      key=lambda command: str(command["name"]))
    return asyncio.run(build())


def test_the_registered_commands_are_the_golden_ones() -> None:
    tree = registered_tree()
    if os.environ.get("WRITE_GOLDEN_COMMAND_TREE"):
        GOLDEN.write_text(json.dumps(tree, indent=1, sort_keys=True) + "\n")
    golden = json.loads(GOLDEN.read_text())
    assert [c["name"] for c in tree] == [c["name"] for c in golden]
    for got, wanted in zip(tree, golden, strict=True):
        got_sub = {o["name"]: o for o in got.get("options", [])}
        wanted_sub = {o["name"]: o for o in wanted.get("options", [])}
        assert sorted(got_sub) == sorted(wanted_sub), got["name"]
        for name, option in wanted_sub.items():
            assert json.loads(json.dumps(got_sub[name], sort_keys=True)) == option, f"/{got['name']} {name}"
        assert json.loads(json.dumps(got, sort_keys=True)) == wanted
