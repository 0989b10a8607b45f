"""Discord's JSON object shapes (API v10), built complete from the world model, as Discord documents them."""

from __future__ import annotations

from typing import Any

from .world import Attachment, Channel, ChannelType, Guild, Member, Message, MessageFlag, Role, User, World

__all__ = [
    "application_payload",
    "attachment_payload",
    "channel_payload",
    "current_user_payload",
    "guild_create_payload",
    "guild_payload",
    "member_payload",
    "message_payload",
    "role_payload",
    "user_payload",
]


def _sf(value: int | None) -> str | None:
    return None if value is None else str(value)


def user_payload(user: User) -> dict[str, Any]:
    """The user object."""
    payload: dict[str, Any] = {
        "id": str(user.id),
        "username": user.username,
        "discriminator": "0",
        "global_name": user.global_name,
        "avatar": None,
        "avatar_decoration_data": None,
        "banner": None,
        "accent_color": None,
        "public_flags": 0,
        "flags": 0,
        "collectibles": None,
        "primary_guild": None,
    }
    if user.bot:
        payload["bot"] = True
    return payload


def current_user_payload(user: User) -> dict[str, Any]:
    """``GET /users/@me`` for a bot: the user object plus the private fields."""
    payload = user_payload(user)
    payload.update({"mfa_enabled": False, "locale": user.locale, "premium_type": 0, "email": None, "verified": True})
    return payload


def role_payload(role: Role) -> dict[str, Any]:
    """The role object."""
    payload: dict[str, Any] = {
        "id": str(role.id),
        "name": role.name,
        "color": role.color,
        "colors": {"primary_color": role.color, "secondary_color": None, "tertiary_color": None},
        "hoist": role.hoist,
        "icon": None,
        "unicode_emoji": None,
        "position": role.position,
        "permissions": str(role.permissions),
        "managed": role.managed,
        "mentionable": role.mentionable,
        "flags": 0,
    }
    if role.bot_id is not None:
        payload["tags"] = {"bot_id": str(role.bot_id)}
    return payload


def member_payload(member: Member, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
    """The guild member object (``permissions`` is added in interaction payloads)."""
    payload: dict[str, Any] = {
        "nick": member.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in member.role_ids],
        "joined_at": member.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
        "avatar_decoration_data": None,
    }
    if with_user:
        payload["user"] = user_payload(member.user)
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def channel_payload(channel: Channel, world: World) -> dict[str, Any]:
    """The channel object for a guild text channel, a thread or a DM."""
    if channel.is_dm:
        return {
            "id": str(channel.id),
            "type": ChannelType.DM,
            "last_message_id": _sf(channel.last_message_id),
            "recipients": [user_payload(world.users[u]) for u in channel.recipient_ids],
            "flags": 0,
        }
    payload: dict[str, Any] = {
        "id": str(channel.id),
        "type": channel.type,
        "guild_id": str(channel.guild_id),
        "name": channel.name,
        "parent_id": _sf(channel.parent_id),
        "last_message_id": _sf(channel.last_message_id),
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if channel.is_thread:
        payload.update(
            {
                "owner_id": _sf(channel.owner_id),
                "message_count": 0,
                "member_count": 1,
                "total_message_sent": 0,
                "thread_metadata": {
                    "archived": channel.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": channel.created_at,
                    "locked": channel.locked,
                    "create_timestamp": channel.created_at,
                },
            }
        )
    else:
        payload.update(
            {
                "position": channel.position,
                "permission_overwrites": [
                    {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
                    for o in channel.overwrites
                ],
                "topic": channel.topic,
                "nsfw": False,
                "last_pin_timestamp": None,
                "default_thread_rate_limit_per_user": 0,
            }
        )
    return payload


def guild_payload(guild: Guild, world: World) -> dict[str, Any]:
    """The guild object (as from ``GET /guilds/{id}``)."""
    system_channel = next((c for c in guild.channels.values() if c.type == ChannelType.GUILD_TEXT), None)
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "icon_hash": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(guild.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "widget_enabled": False,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": [role_payload(r) for r in guild.roles.values()],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": _sf(system_channel.id if system_channel else None),
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "max_presences": None,
        "max_members": 500000,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": guild.preferred_locale,
        "public_updates_channel_id": None,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": False,
        "safety_alerts_channel_id": None,
        "incidents_data": None,
    }


def guild_create_payload(guild: Guild, world: World, *, all_members: bool, bot: User) -> dict[str, Any]:
    """The GUILD_CREATE event: the guild object plus the gateway-only fields.

    As Discord documents, without the GUILD_PRESENCES intent ``members`` holds only the bot itself.
    """
    payload = guild_payload(guild, world)
    members = list(guild.members.values()) if all_members else [m for m in guild.members.values() if m.user is bot]
    payload.update(
        {
            "joined_at": guild.members[bot.id].joined_at if bot.id in guild.members else None,
            "large": len(guild.members) > 250,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [member_payload(m) for m in members],
            "channels": [channel_payload(c, world) for c in guild.channels.values() if not c.is_thread],
            "threads": [channel_payload(c, world) for c in guild.channels.values() if c.is_thread and not c.archived],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "lazy": True,
        }
    )
    return payload


def attachment_payload(attachment: Attachment) -> dict[str, Any]:
    """The attachment object; ``url`` points back at the stand-in, which serves the bytes."""
    payload: dict[str, Any] = {
        "id": str(attachment.id),
        "filename": attachment.filename,
        "size": attachment.size,
        "url": attachment.url,
        "proxy_url": attachment.url,
        "content_type": attachment.content_type,
    }
    if attachment.description is not None:
        payload["description"] = attachment.description
    if attachment.ephemeral:
        payload["ephemeral"] = True
    return payload


def message_payload(message: Message, world: World, *, gateway: bool = False) -> dict[str, Any]:
    """The message object; with ``gateway`` the MESSAGE_CREATE extras (guild_id, member) are added."""
    payload: dict[str, Any] = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "author": user_payload(message.author),
        "content": message.content,
        "timestamp": message.timestamp,
        "edited_timestamp": message.edited_timestamp,
        "tts": message.tts,
        "mention_everyone": message.mention_everyone,
        "mentions": [user_payload(world.users[u]) for u in message.mention_user_ids if u in world.users],
        "mention_roles": [str(r) for r in message.mention_role_ids],
        "attachments": [attachment_payload(a) for a in message.attachments],
        "embeds": [dict(e) for e in message.embeds],
        "pinned": False,
        "type": message.type,
        "flags": message.flags,
        "components": message.components,
    }
    thread = world.channels.get(message.id)
    if thread is not None and thread.is_thread and thread.parent_id == message.channel_id:
        # a thread was started from this message: Discord marks it HAS_THREAD and carries the thread
        payload["flags"] = message.flags | MessageFlag.HAS_THREAD
        payload["thread"] = channel_payload(thread, world)
    if message.webhook_id is not None:
        payload["webhook_id"] = str(message.webhook_id)
    if message.application_id is not None:
        payload["application_id"] = str(message.application_id)
    if message.interaction_metadata is not None:
        payload["interaction_metadata"] = message.interaction_metadata
    if message.message_reference is not None:
        payload["message_reference"] = message.message_reference
        ref_id = message.message_reference.get("message_id")
        ref = world.messages.get(int(ref_id)) if ref_id else None
        payload["referenced_message"] = message_payload(ref, world) if ref and not ref.deleted else None
    if message.nonce is not None:
        payload["nonce"] = message.nonce
    if gateway and message.guild_id is not None:
        payload["guild_id"] = str(message.guild_id)
        member = world.member(message.guild_id, message.author.id)
        if member is not None and message.webhook_id is None:
            payload["member"] = member_payload(member, with_user=False)
        for mention in payload["mentions"]:
            mentioned = world.member(message.guild_id, int(mention["id"]))
            if mentioned is not None:
                mention["member"] = member_payload(mentioned, with_user=False)
    return payload


def application_payload(app_id: int, bot: User, owner: User, *, name: str, flags: int) -> dict[str, Any]:
    """The application object (``GET /oauth2/applications/@me``)."""
    return {
        "id": str(app_id),
        "name": name,
        "icon": None,
        "description": "Local Discord stand-in application",
        "summary": "",
        "type": None,
        "bot": user_payload(bot),
        "bot_public": False,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": flags,
        "team": None,
        "owner": user_payload(owner),
        "hook": True,
        "is_monetized": False,
        "is_verified": False,
        "is_discoverable": False,
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "event_webhooks_url": None,
        "event_webhooks_status": 1,
        "tags": [],
        "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
        "integration_types_config": {"0": {}},
        "approximate_guild_count": 1,
        "approximate_user_install_count": 0,
        "rpc_origins": [],
        "terms_of_service_url": None,
        "privacy_policy_url": None,
        "custom_install_url": None,
    }
