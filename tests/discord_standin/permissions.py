"""Discord permission bits and how a member's permissions in a channel are computed."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .world import Channel, Guild, Member

__all__ = [
    "ALL_PERMISSIONS",
    "BOT_DEFAULT",
    "DM_PERMISSIONS",
    "EVERYONE_DEFAULT",
    "Permission",
    "base_permissions",
    "channel_permissions",
]


class Permission(enum.IntFlag):
    """The permission bits the stand-in knows by name (Discord's values)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_AUDIT_LOG = 1 << 7
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CHANGE_NICKNAME = 1 << 26
    MANAGE_NICKNAMES = 1 << 27
    MANAGE_ROLES = 1 << 28
    MANAGE_WEBHOOKS = 1 << 29
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38


ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_DEFAULT = int(
    Permission.CREATE_INSTANT_INVITE
    | Permission.ADD_REACTIONS
    | Permission.VIEW_CHANNEL
    | Permission.SEND_MESSAGES
    | Permission.EMBED_LINKS
    | Permission.ATTACH_FILES
    | Permission.READ_MESSAGE_HISTORY
    | Permission.USE_EXTERNAL_EMOJIS
    | Permission.CHANGE_NICKNAME
    | Permission.USE_APPLICATION_COMMANDS
    | Permission.CREATE_PUBLIC_THREADS
    | Permission.CREATE_PRIVATE_THREADS
    | Permission.SEND_MESSAGES_IN_THREADS
)

BOT_DEFAULT = int(
    Permission.VIEW_CHANNEL
    | Permission.SEND_MESSAGES
    | Permission.EMBED_LINKS
    | Permission.ATTACH_FILES
    | Permission.READ_MESSAGE_HISTORY
    | Permission.ADD_REACTIONS
    | Permission.USE_EXTERNAL_EMOJIS
    | Permission.SEND_MESSAGES_IN_THREADS
    | Permission.CREATE_PUBLIC_THREADS
)

# What an interaction in a DM reports as permissions (Discord's documented set for DMs).
DM_PERMISSIONS = int(
    Permission.VIEW_CHANNEL
    | Permission.SEND_MESSAGES
    | Permission.EMBED_LINKS
    | Permission.ATTACH_FILES
    | Permission.READ_MESSAGE_HISTORY
    | Permission.ADD_REACTIONS
    | Permission.USE_EXTERNAL_EMOJIS
    | Permission.MENTION_EVERYONE
    | Permission.USE_APPLICATION_COMMANDS
)


def base_permissions(guild: Guild, member: Member) -> int:
    """Guild-wide permissions: owner gets all, else @everyone plus the member's roles; ADMINISTRATOR gets all."""
    if member.user.id == guild.owner_id:
        return ALL_PERMISSIONS
    perms = guild.everyone_role.permissions
    for role_id in member.role_ids:
        role = guild.roles.get(role_id)
        if role is not None:
            perms |= role.permissions
    if perms & Permission.ADMINISTRATOR:
        return ALL_PERMISSIONS
    return perms


def channel_permissions(guild: Guild, member: Member, channel: Channel) -> int:
    """Permissions in ``channel``, applying overwrites in Discord's order (@everyone, roles, member).

    Threads use their parent's overwrites. Without VIEW_CHANNEL a member has no permissions in the channel.
    """
    perms = base_permissions(guild, member)
    if perms == ALL_PERMISSIONS:
        return perms
    source = channel
    if channel.parent_id is not None and channel.is_thread:
        source = guild.channels.get(channel.parent_id, channel)
    overwrites = {ow.id: ow for ow in source.overwrites}
    everyone = overwrites.get(guild.id)
    if everyone is not None:
        perms = (perms & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in member.role_ids:
        ow = overwrites.get(role_id)
        if ow is not None and ow.type == 0:
            allow |= ow.allow
            deny |= ow.deny
    perms = (perms & ~deny) | allow
    own = overwrites.get(member.user.id)
    if own is not None and own.type == 1:
        perms = (perms & ~own.deny) | own.allow
    if not perms & Permission.VIEW_CHANNEL:
        return 0
    return perms
