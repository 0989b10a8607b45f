"""The bot's own channel permissions: which it needs to run a game in a channel, and the sentence that names the
missing ones (checked before a lobby opens and before a game starts, from the interaction's `app_permissions`)."""

from __future__ import annotations

import discord

from render.core.i18n import ENGLISH, Translator, translator

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


def permission_name(name: str, _: Translator) -> str:
    """A permission's name (as `NEEDED` and `bot.host.threads.NEEDED` write it) as Discord's settings show it in
    `_`'s language."""
    names = {"View Channel": _.pgettext("permission", "View Channel"),
             "Send Messages": _.pgettext("permission", "Send Messages"),
             "Attach Files": _.pgettext("permission", "Attach Files"),
             "Embed Links": _.pgettext("permission", "Embed Links"),
             "Read Message History": _.pgettext("permission", "Read Message History"),
             "Create Public Threads": _.pgettext("permission", "Create Public Threads"),
             "Send Messages in Threads": _.pgettext("permission", "Send Messages in Threads")}
    return names.get(name, name)


def listed(names: list[str], _: Translator) -> str:
    """Permission names as one list in `_`'s language ("Attach Files and Embed Links")."""
    said = [permission_name(name, _) for name in names]
    if len(said) <= 1:
        return "".join(said)
    return _("{names} and {last}", names=", ".join(said[:-1]), last=said[-1])


def refusal(names: list[str], doing: str, *, language: str = ENGLISH) -> str:
    """The polite refusal naming what is missing, e.g. "I cannot open a game here: I lack the Attach Files
    permission in this channel. ..." (in the reader's `language`). `doing` is "open a game" or "start the game"."""
    _ = translator(language)
    values = {"names": listed(names, _), "manage_channels": _.pgettext("permission", "Manage Channels"),
              "manage_roles": _.pgettext("permission", "Manage Roles")}
    if doing == "start the game":
        return _.ngettext("I cannot start the game here: I lack the {names} permission in this channel. Ask someone "
                          "with {manage_channels} or {manage_roles} to give them to me (channel settings > "
                          "Permissions), then try again.",
                          "I cannot start the game here: I lack the {names} permissions in this channel. Ask someone "
                          "with {manage_channels} or {manage_roles} to give them to me (channel settings > "
                          "Permissions), then try again.", len(names), **values)
    return _.ngettext("I cannot open a game here: I lack the {names} permission in this channel. Ask someone with "
                      "{manage_channels} or {manage_roles} to give them to me (channel settings > Permissions), then "
                      "try again.",
                      "I cannot open a game here: I lack the {names} permissions in this channel. Ask someone with "
                      "{manage_channels} or {manage_roles} to give them to me (channel settings > Permissions), then "
                      "try again.", len(names), **values)
