"""`/gah away [days]` (issue 53 item 6, `bot.host.service.away`): a member is away for some days, and AIs play their
seats
in every game meanwhile; `days:0` ends it, as does any move they make; without `days` it says whether they are
away. Every answer is private (the posts tell the channel when the AI plays an away member's turn)."""

from __future__ import annotations

import time

import discord

from bot.host.language import reader_for
from bot.host.service import GameService

DAY_SECONDS = 24 * 3600


async def away(interaction: discord.Interaction, service: GameService, days: int | None, command: str) -> None:
    """Answer `/<command> away` for the member (`days` already checked: 0 to `AWAY_DAYS_MAX`, or None), in their
    language."""
    _ = await reader_for(interaction, service)
    user_id = interaction.user.id
    away_words = f"/{command} {_.pgettext('command_name', 'away')} {_.pgettext('parameter_name', 'days')}"
    ends = _("It ends when you click any game's button or menu, or with `{away}:0`.", away=away_words)
    if days is None:
        until = await service.away_until(user_id)
        content = (_("You are away until {when}: the AI plays your turns in every game.", when=f"<t:{int(until)}:f>")
                   + f" {ends}" if until is not None else
                   _("You are not away. `{away}:3` lets the AI play your turns in every game for 3 days.",
                     away=away_words))
    elif days == 0:
        was = await service.away_until(user_id)
        await service.set_away(user_id, None)
        content = (_("Welcome back: you play your own turns again.") if was is not None else
                   _("You were not away; nothing changed."))
    else:
        until = time.time() + days * DAY_SECONDS
        games = await service.set_away(user_id, until)
        running = _.ngettext("{count} running game", "{count} running games", games)
        content = _.ngettext("You are away until {when} ({count} day): the AI plays your turns in every game "
                             "({running} now), and nobody is pinged for you.",
                             "You are away until {when} ({count} days): the AI plays your turns in every game "
                             "({running} now), and nobody is pinged for you.", days, when=f"<t:{int(until)}:f>",
                             running=running) + f" {ends}"
    await interaction.response.send_message(content, ephemeral=True)
