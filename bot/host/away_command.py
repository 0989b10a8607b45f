"""`/gah away [days]` (issue 53 item 6, `bot.host.service.away`): a member is away for some days, and AIs play their
seats
in every game meanwhile; `days:0` ends it, as does any move they make; without `days` it says whether they are
away. Every answer is private (the posts tell the channel when the AI plays an away member's turn)."""

from __future__ import annotations

import time

import discord

from bot.host.service import GameService
from render.core.plural import count

DAY_SECONDS = 24 * 3600


async def away(interaction: discord.Interaction, service: GameService, days: int | None, command: str) -> None:
    """Answer `/<command> away` for the member (`days` already checked: 0 to `AWAY_DAYS_MAX`, or None)."""
    user_id = interaction.user.id
    ends = f"It ends when you click any game's button or menu, or with `/{command} away days:0`."
    if days is None:
        until = await service.away_until(user_id)
        content = (f"You are away until <t:{int(until)}:f>: the AI plays your turns in every game. {ends}"
                   if until is not None else
                   f"You are not away. `/{command} away days:3` lets the AI play your turns in every game for 3 days.")
    elif days == 0:
        was = await service.away_until(user_id)
        await service.set_away(user_id, None)
        content = ("Welcome back: you play your own turns again." if was is not None else
                   "You were not away; nothing changed.")
    else:
        until = time.time() + days * DAY_SECONDS
        games = await service.set_away(user_id, until)
        content = (f"You are away until <t:{int(until)}:f> ({count(days, 'day')}): the AI plays your turns in "
                   f"every game ({count(games, 'running game')} now), and nobody is pinged for you. {ends}")
    await interaction.response.send_message(content, ephemeral=True)
