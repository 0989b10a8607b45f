"""Overbooking's own slash command handler (`GameKind.command_handlers`): `/overbooking new` with the score cards'
side and the first-game variant. Like `bot.host.cogs.commands`, no postponed annotations (discord.py reads the
option transformers from the callback's signature).
"""

import discord
from discord import app_commands

from bot.host import command_options as options
from bot.host.cogs.commands import Callback, Handler
from bot.host.cogs.game import GameCog
from bot.host.kinds import AnyKind
from engine.core.options import spec_named
from engine.overbooking.options_spec import OPTIONS as OVERBOOKING_OPTIONS

SCORING_SIDES = tuple(str(side) for side in spec_named(OVERBOOKING_OPTIONS, "scoring").values)
"""`/overbooking new`'s choices of the score cards' side (`engine.overbooking.options_spec`)."""


def new_scoring(cog: GameCog, kind: AnyKind) -> Callback:
    sides = options.OneOf("scoring", SCORING_SIDES)

    async def new(interaction: discord.Interaction, scoring: app_commands.Transform[str, sides] = "beginner",
                  without_score_cards: bool = False) -> None:
        await cog.open_lobby(interaction, kind, {"scoring": scoring, "without_score_cards": without_score_cards})
    return new


HANDLERS: dict[str, Handler] = {
    "new_scoring": Handler(new_scoring, {
        "scoring": "The score cards' side: beginner (crest sets 2/4/6 VP) or advanced (2/5/10 VP)",
        "without_score_cards": "First-game variant: play without the score cards (no crest bonus)"}),
}
"""The commands only Overbooking has, by handler name."""
