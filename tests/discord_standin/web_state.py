"""What the local web page shows one user: the channels they see, the messages of one channel (their own ephemeral
ones included, nobody else's), names for mentions, the registered commands, and interactions that failed. Plain
JSON-ready dicts; the page's script escapes every text it puts on screen."""

from __future__ import annotations

from typing import Any

from .core import Core
from .interactions import Interaction
from .world import Channel, Guild, Message, User

__all__ = ["FAILED_AFTER", "channel_list", "page_state"]

FAILED_AFTER = 3.0
"""Seconds after which an interaction the bot did not answer shows "The interaction failed" (Discord's client)."""


def channel_list(core: Core, guild: Guild, user: User) -> list[Channel]:
    """The guild's text channels ``user`` sees, each followed by its threads, in Discord's order."""
    world = core.world
    visible = [c for c in guild.channels.values() if world.can_view(user, c)]
    result: list[Channel] = []
    for channel in sorted((c for c in visible if not c.is_thread), key=lambda c: (c.position, c.id)):
        result.append(channel)
        result.extend(sorted((t for t in visible if t.is_thread and t.parent_id == channel.id), key=lambda t: t.id))
    return result


def _message(message: Message, core: Core) -> dict[str, Any]:
    metadata = message.interaction_metadata or {}
    used = metadata.get("user") or {}
    who = str(used.get("global_name") or used.get("username") or "")
    # as Discord's client: "ann used /gah" above the answer to a slash command (type 2), nothing for a click
    used_by = f"{who} used /{metadata.get('name', '')}".rstrip("/") if who and metadata.get("type") == 2 else ""
    return {
        "id": str(message.id),
        "rev": f"{message.edit_count}:{message.flags}",
        "author": message.author.global_name or message.author.username,
        "bot": message.author.bot,
        "time": message.timestamp[11:16],
        "content": message.content,
        "embeds": message.embeds,
        "components": message.components,
        "attachments": [
            {"url": a.url, "filename": a.filename, "content_type": a.content_type or "",
             "description": a.description or ""}
            for a in message.attachments
        ],
        "ephemeral": message.ephemeral_for is not None,
        "loading": message.loading,
        "edited": message.edit_count > 0,
        "used_by": used_by,
        "thread": str(message.id) if message.id in core.world.channels else "",
    }


def _names(guild: Guild) -> dict[str, dict[str, str]]:
    members = {str(m.user.id): m.nick or m.user.global_name or m.user.username for m in guild.members.values()}
    return {
        "users": members,
        "roles": {str(r.id): r.name for r in guild.roles.values()},
        "channels": {str(c.id): c.name or "" for c in guild.channels.values()},
    }


def _commands(core: Core, guild: Guild) -> list[str]:
    """Every chat-input command and subcommand path with its options, as hints: "/gah new seats: variant:"."""
    scopes = {c.name: c for c in core.commands.commands(None)}
    scopes.update({c.name: c for c in core.commands.commands(guild.id)})
    lines: list[str] = []

    def walk(path: str, options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o["type"] in (1, 2)]
        if not subs:
            names = " ".join(f"{o['name']}:" for o in options)
            lines.append(f"{path} {names}".strip())
        for sub in subs:
            walk(f"{path} {sub['name']}", list(sub.get("options") or []))

    for command in sorted(scopes.values(), key=lambda c: c.name):
        if command.type == 1:
            walk("/" + command.name, list(command.definition.get("options") or []))
    return lines


def _failed(core: Core, user: User, channel: Channel, interactions: list[Interaction]) -> list[str]:
    """The user's interactions in the channel that the bot did not answer in time: Discord's client says "This
    interaction failed" for them."""
    now = core.clock.monotonic()
    return [str(i.id) for i in interactions
            if i.user is user and i.channel is channel and not i.acknowledged and now - i.created_at > FAILED_AFTER]


def page_state(core: Core, guild: Guild, user: User, channel: Channel, interactions: list[Interaction],
               users: list[User]) -> dict[str, Any]:
    """The page's whole state for ``user`` looking at ``channel``; ``interactions`` are the stand-in's interaction
    records (for the ones of this user that failed), ``users`` the test users the page can switch between."""
    return {
        "version": core.version,
        "me": str(user.id),
        "users": [{"id": str(u.id), "name": u.username} for u in users],
        "channel": str(channel.id),
        "channels": [{"id": str(c.id), "name": c.name or "", "thread": c.is_thread}
                     for c in channel_list(core, guild, user)],
        "messages": [_message(m, core) for m in core.world.seen_by(user, channel)],
        "names": _names(guild),
        "commands": _commands(core, guild),
        "failed": _failed(core, user, channel, interactions),
        "bot_connected": bool(core.gateway is not None and core.gateway.live_sessions()),
    }
