"""Pictures as attachments that fit the server's upload limit.

Discord tells the limit of a server in every interaction (`Interaction.filesize_limit`); without one, the limit
of the server's boost tier (`Guild.filesize_limit`) applies. Our pictures are far below any real limit, so
shrinking is rare; when a picture cannot fit even small, the message goes out without it and says so.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import Any

import discord

import render.core.fit
from render.core.lang import N_

DEFAULT_LIMIT = discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES
"""The attachment limit of a server without boosts (and of DMs), in bytes."""

LEFT_OUT = N_("(A picture was left out: it does not fit this server's upload limit.)")


class UploadLimits:
    """The attachment size limit per server, in bytes: the smallest of what the boost tier allows and what the
    latest interaction from that server said."""

    def __init__(self) -> None:
        self._told: dict[int, int] = {}

    def learn(self, interaction: discord.Interaction) -> None:
        """Remember the limit an interaction carries (Discord sends it with each one)."""
        limit = getattr(interaction, "filesize_limit", None)
        if interaction.guild_id and isinstance(limit, int) and limit > 0:
            self._told[interaction.guild_id] = limit

    def for_channel(self, channel: Any) -> int:
        """The limit for attachments posted in `channel` (a guild channel, a DM, or None)."""
        guild = getattr(channel, "guild", None)
        if guild is None:
            return DEFAULT_LIMIT
        told = self._told.get(guild.id)
        return min(guild.filesize_limit, told) if told else int(guild.filesize_limit)

    def for_interaction(self, interaction: discord.Interaction) -> int:
        """The limit for attachments of a response to `interaction` (and remember it for its server)."""
        self.learn(interaction)
        limit = getattr(interaction, "filesize_limit", None)
        return limit if isinstance(limit, int) and limit > 0 else self.for_channel(interaction.channel)


async def picture_files(pictures: Sequence[tuple[bytes, str]], limit: int) -> tuple[list[discord.File], bool]:
    """PNG attachments named as given, each shrunk (off the event loop) to at most `limit` bytes if needed.
    Returns the files and whether a picture had to be left out because it fits no size."""
    files: list[discord.File] = []
    left_out = False
    for data, name in pictures:
        fitted = data if len(data) <= limit else await asyncio.to_thread(render.core.fit.fit_png, data, limit)
        if fitted is None:
            left_out = True
            continue
        files.append(discord.File(io.BytesIO(fitted), filename=name))
    return files, left_out
