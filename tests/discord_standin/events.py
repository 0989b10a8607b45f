"""Gateway events for changes to the world (guilds, channels, roles, members) made by tests or by the bot."""

from __future__ import annotations

from .core import Core
from .gateway import Intents
from .payloads import channel_payload, member_payload, role_payload
from .world import Channel, Guild, Member, Role

__all__ = ["WorldEvents"]


class WorldEvents:
    """Announces world changes to connected bots, with the intents Discord requires for each event."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def guild_joined(self, guild: Guild) -> None:
        """GUILD_CREATE after the bot was added to a guild."""
        if self.core.gateway is not None:
            self.core.gateway.send_guild_create(guild.id)

    def channel_created(self, channel: Channel, *, newly_created: bool = True) -> None:
        """CHANNEL_CREATE, or THREAD_CREATE for a thread."""
        if self.core.gateway is None:
            return
        data = channel_payload(channel, self.core.world)
        if channel.is_thread:
            data["newly_created"] = newly_created
        name = "THREAD_CREATE" if channel.is_thread else "CHANNEL_CREATE"
        self.core.gateway.dispatch(name, data, guild_id=channel.guild_id, intent=Intents.GUILDS)

    def channel_updated(self, channel: Channel) -> None:
        """CHANNEL_UPDATE (or THREAD_UPDATE)."""
        if self.core.gateway is not None:
            name = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
            self.core.gateway.dispatch(
                name, channel_payload(channel, self.core.world), guild_id=channel.guild_id, intent=Intents.GUILDS
            )

    def channel_deleted(self, channel: Channel) -> None:
        """CHANNEL_DELETE, or THREAD_DELETE for a thread."""
        if self.core.gateway is None:
            return
        if channel.is_thread:
            data = {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            }
            self.core.gateway.dispatch("THREAD_DELETE", data, guild_id=channel.guild_id, intent=Intents.GUILDS)
        else:
            self.core.gateway.dispatch(
                "CHANNEL_DELETE",
                channel_payload(channel, self.core.world),
                guild_id=channel.guild_id,
                intent=Intents.GUILDS,
            )

    def role_created(self, guild: Guild, role: Role) -> None:
        """GUILD_ROLE_CREATE."""
        if self.core.gateway is not None:
            self.core.gateway.dispatch(
                "GUILD_ROLE_CREATE",
                {"guild_id": str(guild.id), "role": role_payload(role)},
                guild_id=guild.id,
                intent=Intents.GUILDS,
            )

    def member_added(self, guild: Guild, member: Member) -> None:
        """GUILD_MEMBER_ADD (needs the GUILD_MEMBERS intent)."""
        if self.core.gateway is not None:
            data = member_payload(member) | {"guild_id": str(guild.id)}
            self.core.gateway.dispatch("GUILD_MEMBER_ADD", data, guild_id=guild.id, intent=Intents.GUILD_MEMBERS)

    def member_updated(self, guild: Guild, member: Member) -> None:
        """GUILD_MEMBER_UPDATE (needs the GUILD_MEMBERS intent)."""
        if self.core.gateway is not None:
            data = member_payload(member) | {"guild_id": str(guild.id)}
            self.core.gateway.dispatch("GUILD_MEMBER_UPDATE", data, guild_id=guild.id, intent=Intents.GUILD_MEMBERS)
