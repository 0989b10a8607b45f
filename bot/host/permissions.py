"""The bot's own channel permissions: which it needs to run a game in a channel, and the sentence that names the
missing ones (checked before a lobby opens and before a game starts, from the interaction's `app_permissions`)."""

from __future__ import annotations

import discord

NEEDED: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("attach_files", "Attach Files"),
    ("embed_links", "Embed Links"),
    ("read_message_history", "Read Message History"),
)
"""(discord.py attribute, the name Discord's settings show) of every permission a game's channel needs."""

IN_THREADS: tuple[str, str] = ("send_messages_in_threads", "Send Messages in Threads")
"""Needed as well when the game's channel is a thread."""


def missing(permissions: discord.Permissions, *, thread: bool = False) -> list[str]:
    """The names (as Discord's settings show them) of the needed permissions that `permissions` lacks, in the
    order of `NEEDED` (then Send Messages in Threads when `thread`)."""
    needed = NEEDED + ((IN_THREADS,) if thread else ())
    return [name for attribute, name in needed if not getattr(permissions, attribute)]


def in_thread(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from a thread."""
    return isinstance(interaction.channel, discord.Thread)


def missing_here(interaction: discord.Interaction) -> list[str]:
    """`missing` for the bot's permissions in the interaction's channel."""
    return missing(interaction.app_permissions, thread=in_thread(interaction))


def refusal(names: list[str], doing: str) -> str:
    """The polite refusal naming what is missing, e.g. "I cannot open a game here: I lack the Attach Files
    permission in this channel. ..."."""
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    plural = "permissions" if len(names) > 1 else "permission"
    return (f"I cannot {doing} here: I lack the {listed} {plural} in this channel. Ask someone with Manage Channels "
            "or Manage Roles to give them to me (channel settings > Permissions), then try again.")
