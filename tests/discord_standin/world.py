"""The stand-in's model of Discord: users, guilds, roles, members, channels, messages and attachments."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .clock import Clock
from .permissions import DM_PERMISSIONS, EVERYONE_DEFAULT, Permission, channel_permissions
from .snowflake import SnowflakeFactory

__all__ = [
    "Attachment",
    "Channel",
    "ChannelType",
    "Guild",
    "Member",
    "Message",
    "MessageFlag",
    "Overwrite",
    "Pings",
    "Role",
    "User",
    "World",
]


class ChannelType:
    """Discord channel type numbers used here."""

    GUILD_TEXT = 0
    DM = 1
    GUILD_CATEGORY = 4
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12


class MessageFlag:
    """Discord message flag bits used here."""

    SUPPRESS_EMBEDS = 1 << 2
    HAS_THREAD = 1 << 5
    EPHEMERAL = 1 << 6
    LOADING = 1 << 7
    SUPPRESS_NOTIFICATIONS = 1 << 12
    IS_COMPONENTS_V2 = 1 << 15


@dataclass(eq=False)
class User:
    """A Discord user (a person, or the bot)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    accepts_dms: bool = True
    locale: str = "en-US"
    """The language of the user's Discord client: an interaction's ``locale`` (``StandIn.create_user``)."""

    @property
    def mention(self) -> str:
        """``<@id>``, which pings the user when allowed."""
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<User {self.username} {self.id}>"


@dataclass(eq=False)
class Role:
    """A guild role; the role whose id equals the guild's id is @everyone."""

    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    mentionable: bool = False
    color: int = 0
    hoist: bool = False
    managed: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        """``<@&id>``."""
        return f"<@&{self.id}>"

    def __repr__(self) -> str:
        return f"<Role {self.name} {self.id}>"


@dataclass(eq=False)
class Member:
    """A user's membership in a guild."""

    user: User
    guild_id: int
    role_ids: list[int]
    joined_at: str
    nick: str | None = None


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite; ``type`` 0 is a role, 1 a member."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0


@dataclass(eq=False)
class Channel:
    """A guild text channel, a thread, or a DM channel between the bot and one user."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    position: int = 0
    parent_id: int | None = None
    topic: str | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    recipient_ids: list[int] = field(default_factory=list)
    owner_id: int | None = None
    last_message_id: int | None = None
    archived: bool = False
    """A thread that is archived refuses new messages and edits (Discord's 50083) until it is unarchived."""
    locked: bool = False
    """A locked thread may be unarchived only by someone with MANAGE_THREADS."""
    created_at: str = ""

    @property
    def is_dm(self) -> bool:
        """Whether this is a DM channel."""
        return self.type == ChannelType.DM

    @property
    def is_thread(self) -> bool:
        """Whether this is a thread."""
        return self.type in (ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        """``<#id>``."""
        return f"<#{self.id}>"

    def __repr__(self) -> str:
        return f"<Channel #{self.name or 'dm'} {self.id}>"


@dataclass(eq=False)
class Guild:
    """A guild with its roles, members and channels."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    bot_role_id: int | None = None
    preferred_locale: str = "en-US"
    """The community's language (the guild's ``preferred_locale``, an interaction's ``guild_locale``)."""

    @property
    def everyone_role(self) -> Role:
        """The @everyone role."""
        return self.roles[self.id]

    def channel(self, name: str) -> Channel:
        """The channel called ``name`` (raises KeyError if there is none)."""
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(f"guild {self.name!r} has no channel {name!r}")

    def role(self, name: str) -> Role:
        """The role called ``name`` (raises KeyError if there is none)."""
        for role in self.roles.values():
            if role.name == name:
                return role
        raise KeyError(f"guild {self.name!r} has no role {name!r}")

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


@dataclass(eq=False)
class Attachment:
    """An uploaded file, stored with its bytes and served at ``url``."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""
    ephemeral: bool = False

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)


@dataclass
class Pings:
    """Who a message notified when it was sent: users, roles, @everyone/@here, and the replied-to author."""

    user_ids: list[int] = field(default_factory=list)
    role_ids: list[int] = field(default_factory=list)
    everyone: bool = False
    replied_user: bool = False


@dataclass(eq=False)
class Message:
    """A message as the stand-in stores it; the object is live and shows later edits.

    ``ephemeral_for`` is the id of the only user who can see an ephemeral message. ``pings`` records who was
    notified when the message was sent (or when a deferred message was first filled in), after applying
    ``allowed_mentions`` and permissions; ``mention_*`` are the mentions the message currently shows.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    timestamp: str
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited_timestamp: str | None = None
    tts: bool = False
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    nonce: str | None = None
    ephemeral_for: int | None = None
    deleted: bool = False
    mention_user_ids: list[int] = field(default_factory=list)
    mention_role_ids: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    pings: Pings = field(default_factory=Pings)
    interaction_id: int | None = None
    edit_count: int = 0

    @property
    def ephemeral(self) -> bool:
        """Whether only one user can see the message."""
        return bool(self.flags & MessageFlag.EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is still a deferred "Bot is thinking..." message."""
        return bool(self.flags & MessageFlag.LOADING)

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component in the message, rows first, then their children (depth first)."""
        stack = list(reversed(self.components))
        while stack:
            component = stack.pop()
            yield component
            children = component.get("components")
            if isinstance(children, list):
                stack.extend(reversed(children))
            accessory = component.get("accessory")
            if isinstance(accessory, dict):
                stack.append(accessory)

    def buttons(self) -> list[dict[str, Any]]:
        """All buttons (type 2)."""
        return [c for c in self.iter_components() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        """All select menus (types 3, 5, 6, 7, 8)."""
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def button(self, *, label: str | None = None, custom_id: str | None = None) -> dict[str, Any]:
        """The button with this label or custom_id (raises LookupError if there is not exactly one)."""
        found = [
            b
            for b in self.buttons()
            if (label is None or b.get("label") == label) and (custom_id is None or b.get("custom_id") == custom_id)
        ]
        if len(found) != 1:
            labels = [(b.get("label"), b.get("custom_id")) for b in self.buttons()]
            raise LookupError(f"{len(found)} buttons match label={label!r} custom_id={custom_id!r}; have {labels}")
        return found[0]

    def __repr__(self) -> str:
        return f"<Message {self.id} by {self.author.username}: {self.content[:40]!r}>"


class World:
    """All users, guilds, channels and messages, with id lookups."""

    def __init__(self, clock: Clock, ids: SnowflakeFactory) -> None:
        self.clock = clock
        self.ids = ids
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self._channel_messages: dict[int, list[int]] = {}
        self._dm_by_user: dict[int, int] = {}

    # ---- creation -------------------------------------------------------------------------------------------------

    def add_user(self, username: str, *, bot: bool = False, global_name: str | None = None) -> User:
        """Create a user."""
        user = User(id=self.ids.next(), username=username, global_name=global_name, bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, owner: User, *, shard: tuple[int, int] | None = None) -> Guild:
        """Create a guild with its @everyone role and its owner as a member; with ``shard`` (id, count) its id puts it
        on that shard."""
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = Guild(id=guild_id, name=name, owner_id=owner.id)
        guild.roles[guild.id] = Role(id=guild.id, guild_id=guild.id, name="@everyone", permissions=EVERYONE_DEFAULT)
        self.guilds[guild.id] = guild
        self.add_member(guild, owner)
        return guild

    def add_role(self, guild: Guild, name: str, *, permissions: int = 0, mentionable: bool = False) -> Role:
        """Create a role above the existing ones."""
        position = max(r.position for r in guild.roles.values()) + 1
        role = Role(
            id=self.ids.next(),
            guild_id=guild.id,
            name=name,
            permissions=int(permissions),
            position=position,
            mentionable=mentionable,
        )
        guild.roles[role.id] = role
        return role

    def add_member(self, guild: Guild, user: User, roles: list[Role] | None = None, nick: str | None = None) -> Member:
        """Make ``user`` a member of ``guild`` with ``roles``."""
        member = Member(
            user=user,
            guild_id=guild.id,
            role_ids=[r.id for r in roles or []],
            joined_at=self.clock.now_iso(),
            nick=nick,
        )
        guild.members[user.id] = member
        return member

    def add_channel(
        self,
        guild: Guild,
        name: str,
        *,
        type: int = ChannelType.GUILD_TEXT,
        parent: Channel | None = None,
        topic: str | None = None,
        owner: User | None = None,
        id: int | None = None,
    ) -> Channel:
        """Create a channel (or a thread when ``parent`` is given; a thread from a message takes its id)."""
        channel = Channel(
            id=id if id is not None else self.ids.next(),
            type=type,
            name=name,
            guild_id=guild.id,
            position=len(guild.channels),
            parent_id=parent.id if parent else None,
            topic=topic,
            owner_id=owner.id if owner else None,
            created_at=self.clock.now_iso(),
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._channel_messages[channel.id] = []
        return channel

    def remove_channel(self, channel: Channel) -> None:
        """Delete a channel and forget its messages; a channel's threads go with it (as on Discord)."""
        for thread in [c for c in self.channels.values() if c.is_thread and c.parent_id == channel.id]:
            self.remove_channel(thread)
        if channel.guild_id is not None:
            self.guilds[channel.guild_id].channels.pop(channel.id, None)
        self.channels.pop(channel.id, None)
        for message_id in self._channel_messages.pop(channel.id, []):
            self.messages[message_id].deleted = True

    def dm_channel(self, user: User, *, create: bool = True) -> Channel | None:
        """The DM channel between the bot and ``user`` (created on first use)."""
        channel_id = self._dm_by_user.get(user.id)
        if channel_id is not None:
            return self.channels[channel_id]
        if not create:
            return None
        channel = Channel(id=self.ids.next(), type=ChannelType.DM, recipient_ids=[user.id])
        self.channels[channel.id] = channel
        self._channel_messages[channel.id] = []
        self._dm_by_user[user.id] = channel.id
        return channel

    def add_message(self, message: Message) -> None:
        """Store a new message at the end of its channel."""
        self.messages[message.id] = message
        self._channel_messages.setdefault(message.channel_id, []).append(message.id)
        for attachment in message.attachments:
            self.attachments[attachment.id] = attachment
        if not message.ephemeral:
            self.channels[message.channel_id].last_message_id = message.id

    # ---- lookups --------------------------------------------------------------------------------------------------

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild a channel belongs to (None for DMs)."""
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def member(self, guild_id: int | None, user_id: int) -> Member | None:
        """The member for ``user_id`` in ``guild_id``, if any."""
        guild = self.guilds.get(guild_id) if guild_id is not None else None
        return guild.members.get(user_id) if guild else None

    def permissions_in(self, user: User, channel: Channel) -> int:
        """What ``user`` may do in ``channel`` (0 if not a member)."""
        if channel.is_dm:
            return DM_PERMISSIONS if user.id in channel.recipient_ids or user.bot else 0
        guild = self.guild_of(channel)
        member = guild.members.get(user.id) if guild else None
        if guild is None or member is None:
            return 0
        return channel_permissions(guild, member, channel)

    def can_view(self, user: User, channel: Channel) -> bool:
        """Whether ``user`` can see ``channel``."""
        return bool(self.permissions_in(user, channel) & Permission.VIEW_CHANNEL)

    def history(self, channel: Channel) -> list[Message]:
        """Messages everyone in the channel sees, oldest first (no ephemeral or deleted ones)."""
        return [
            m
            for m in (self.messages[i] for i in self._channel_messages.get(channel.id, []))
            if not m.deleted and m.ephemeral_for is None
        ]

    def seen_by(self, user: User, channel: Channel) -> list[Message]:
        """What ``user`` sees in ``channel``: the shared history plus their own ephemeral messages, oldest first."""
        return [
            m
            for m in (self.messages[i] for i in self._channel_messages.get(channel.id, []))
            if not m.deleted and m.ephemeral_for in (None, user.id)
        ]
