"""Discord's 3 seconds for the first answer to an interaction, measured the way the bot can: from the time in the
interaction's id (when Discord made it) to now.

An interaction that reaches the bot late (its event loop or disk stalled, or a burst queued ahead of it) can no
longer be answered: Discord refuses the answer with 404 Unknown interaction. The bot then skips the answer instead
of failing on it."""

from __future__ import annotations

import discord

LATE_AFTER_SECONDS = 2.8
"""An interaction older than this (by its id's time) is past Discord's 3 seconds for a first answer; the margin
covers the answer's own trip to Discord."""


def age_of(interaction: discord.Interaction) -> float:
    """Seconds since Discord made `interaction` (its id's time; may be slightly negative with clock skew)."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


def too_late(interaction: discord.Interaction) -> bool:
    """Whether `interaction` is past `LATE_AFTER_SECONDS`, so a first answer would be refused."""
    return age_of(interaction) > LATE_AFTER_SECONDS
