"""The stand-in as tests use it: start it, build a world, act as users, read what they see, check Discord's rules."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, TypeVar

from .actors import Actor
from .client_config import DiscordPyTarget, point_discord_py_at
from .command_limits import discord_locales
from .commands import RegisteredCommand
from .core import Core, RequestRecord, StandInConfig
from .errors import StandInUsageError, Violation
from .gateway import Gateway
from .interactions import Interaction
from .permissions import Permission
from .ratelimit import ForcedRateLimit, RateLimiter
from .server import LoopbackServer, build_app
from .services import Services
from .world import Channel, Guild, Member, Message, Overwrite, Role, User, World

log = logging.getLogger(__name__)

__all__ = ["StandIn"]

T = TypeVar("T")



def known_locale(locale: str) -> None:
    """Refuse a locale Discord does not have (its OpenAPI description's ``AvailableLocalesEnum``)."""
    if locale not in discord_locales():
        raise StandInUsageError(f"{locale!r} is not one of Discord's locales ({', '.join(sorted(discord_locales()))})")

class StandIn:
    """A local Discord for one test: REST API v10 and gateway on 127.0.0.1, plus the test API.

    Use ``async with StandIn() as discord:`` (or ``await StandIn.start()`` and ``await discord.close()``).
    """

    def __init__(self, config: StandInConfig | None = None, *, port: int = 0) -> None:
        self.core = Core.create(config)
        self.services = Services.build(self.core)
        self._server = LoopbackServer(build_app(self.services), port)
        self._started = False

    @classmethod
    async def start(cls, config: StandInConfig | None = None, *, port: int = 0) -> StandIn:
        """Create and start a stand-in."""
        standin = cls(config, port=port)
        await standin.open()
        return standin

    async def open(self) -> None:
        """Start listening on loopback."""
        self.core.base_url = await self._server.start()
        self._started = True

    async def close(self) -> None:
        """Close gateway connections and the server; nothing keeps running afterwards."""
        if not self._started:
            return
        self._started = False
        await self.services.gateway.close()
        await self._server.stop()

    async def __aenter__(self) -> StandIn:
        await self.open()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    # ---- addresses and identity -----------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return self.core.base_url

    @property
    def port(self) -> int:
        """The TCP port on 127.0.0.1."""
        return self._server.port

    @property
    def api_base(self) -> str:
        """The REST base, the value for the bot's DISCORD_API_BASE: ``http://127.0.0.1:PORT/api/v10``."""
        return self.core.base_url + "/api/v10"

    @property
    def gateway_url(self) -> str:
        """The gateway, the value for the bot's DISCORD_GATEWAY_URL: ``ws://127.0.0.1:PORT/gateway``."""
        return self.core.base_url.replace("http://", "ws://", 1) + "/gateway"

    @property
    def token(self) -> str:
        """The bot token the stand-in accepts."""
        return self.core.token

    @property
    def application_id(self) -> int:
        """The application id (the same as the bot user's id)."""
        return self.core.application_id

    @property
    def bot(self) -> User:
        """The bot user."""
        return self.core.world.users[self.core.bot_user_id]

    @property
    def world(self) -> World:
        """Everything the stand-in stores."""
        return self.core.world

    @property
    def gateway(self) -> Gateway:
        """The gateway (sessions, events sent, counters, connection control)."""
        return self.services.gateway

    @property
    def rate_limits(self) -> RateLimiter:
        """Rate-limit buckets and the 429s given."""
        return self.core.rate_limits

    @property
    def requests(self) -> list[RequestRecord]:
        """Every REST request answered, in order."""
        return self.core.requests

    @property
    def interactions(self) -> list[Interaction]:
        """Every interaction test users caused, in order."""
        return list(self.services.interactions.records.values())

    def point_discord_py_here(self) -> DiscordPyTarget:
        """:func:`point_discord_py_at` this stand-in; call ``.restore()`` on the result afterwards."""
        return point_discord_py_at(self.base_url)

    # ---- building the world ---------------------------------------------------------------------------------------

    def create_guild(
        self,
        name: str = "Test Guild",
        *,
        channels: Sequence[str] = ("general",),
        bot_permissions: int | None = None,
        with_bot: bool = True,
        shard: tuple[int, int] | None = None,
        preferred_locale: str = "en-US",
    ) -> Guild:
        """A guild with text channels, an owner, and (unless ``with_bot`` is false) the bot as a member with a
        managed role holding ``bot_permissions``. With ``shard`` = (shard id, shard count) the guild's id puts it on
        that shard (``(guild_id >> 22) % shard_count``). A connected bot gets GUILD_CREATE on that shard.
        ``preferred_locale`` is the community's language (one of Discord's locales: "pl", "de", "en-US", ...), sent
        as the guild's ``preferred_locale`` and every interaction's ``guild_locale``."""
        known_locale(preferred_locale)
        world = self.core.world
        owner = world.add_user(f"{name.lower().replace(' ', '-')}-owner")
        guild = world.add_guild(name, owner, shard=shard)
        guild.preferred_locale = preferred_locale
        for channel_name in channels:
            world.add_channel(guild, channel_name)
        if with_bot:
            self.add_bot_to(guild, permissions=bot_permissions)
        self.core.changed()
        return guild

    def add_bot_to(self, guild: Guild, *, permissions: int | None = None) -> Member:
        """Add the bot to ``guild`` with its managed role (GUILD_CREATE if it is connected)."""
        world = self.core.world
        perms = self.core.config.bot_permissions if permissions is None else permissions
        role = world.add_role(guild, self.core.config.bot_username, permissions=perms)
        role.managed = True
        role.bot_id = self.bot.id
        guild.bot_role_id = role.id
        member = world.add_member(guild, self.bot, [role])
        self.services.events.guild_joined(guild)
        return member

    def create_role(self, guild: Guild, name: str, *, permissions: int = 0, mentionable: bool = False) -> Role:
        """A role (e.g. ``permissions=Permission.MANAGE_CHANNELS``)."""
        role = self.core.world.add_role(guild, name, permissions=int(permissions), mentionable=mentionable)
        self.services.events.role_created(guild, role)
        return role

    def create_channel(self, guild: Guild, name: str, *, private_to: Sequence[Actor | Role] = ()) -> Channel:
        """A text channel; with ``private_to`` only those users/roles (and the bot) can view it."""
        channel = self.core.world.add_channel(guild, name)
        if private_to:
            view = int(Permission.VIEW_CHANNEL)
            channel.overwrites.append(Overwrite(id=guild.id, type=0, deny=view))
            channel.overwrites.append(Overwrite(id=self.bot.id, type=1, allow=view))
            for who in private_to:
                if isinstance(who, Role):
                    channel.overwrites.append(Overwrite(id=who.id, type=0, allow=view))
                else:
                    channel.overwrites.append(Overwrite(id=who.user.id, type=1, allow=view))
        self.services.events.channel_created(channel)
        return channel

    def set_overwrite(self, channel: Channel, target: Actor | User | Role, *, allow: int = 0, deny: int = 0) -> None:
        """Set the permission overwrite of a role or member on ``channel`` (replacing an existing one)."""
        if isinstance(target, Role):
            target_id, kind = target.id, 0
        else:
            target_id, kind = (target.user if isinstance(target, Actor) else target).id, 1
        channel.overwrites = [o for o in channel.overwrites if o.id != target_id]
        channel.overwrites.append(Overwrite(id=target_id, type=kind, allow=int(allow), deny=int(deny)))
        self.services.events.channel_updated(channel)

    def archive_thread(self, thread: Channel, *, locked: bool = False) -> None:
        """Archive ``thread`` as Discord does after its auto-archive time without messages (or a moderator does,
        ``locked`` too); THREAD_UPDATE follows. It refuses posts until it is unarchived."""
        self._set_thread(thread, archived=True, locked=locked)

    def reopen_thread(self, thread: Channel) -> None:
        """Unlock and unarchive ``thread`` as a moderator with Manage Threads does; THREAD_UPDATE follows."""
        self._set_thread(thread, archived=False, locked=False)

    def _set_thread(self, thread: Channel, *, archived: bool, locked: bool) -> None:
        if not thread.is_thread:
            raise StandInUsageError(f"{thread!r} is not a thread")
        thread.archived = archived
        thread.locked = locked
        self.services.events.channel_updated(thread)
        self.core.changed()

    def delete_channel(self, channel: Channel) -> None:
        """Delete a text channel or a thread as a member with Manage Channels (Manage Threads) does in Discord's
        client: THREAD_DELETE for a thread (id, guild_id, parent_id and type only, as Discord sends it), else
        CHANNEL_DELETE; a channel's threads go with it without events of their own (discord.py drops them from its
        cache on the CHANNEL_DELETE). Afterwards every request about it is answered 404 10003 Unknown Channel."""
        if channel.is_dm or channel.id not in self.core.world.channels:
            raise StandInUsageError(f"{channel!r} is not a guild channel that exists")
        self.services.events.channel_deleted(channel)
        self.core.world.remove_channel(channel)
        self.core.changed()

    def threads_of(self, channel: Channel) -> list[Channel]:
        """The threads started in ``channel`` (archived ones too), oldest first."""
        return sorted((c for c in self.core.world.channels.values() if c.is_thread and c.parent_id == channel.id),
                      key=lambda c: c.id)

    def create_user(
        self,
        username: str,
        *,
        guild: Guild | None = None,
        roles: Sequence[Role] = (),
        accepts_dms: bool = True,
        nick: str | None = None,
        locale: str = "en-US",
    ) -> Actor:
        """A user, made a member of ``guild`` with ``roles`` when given; returns the :class:`Actor` for them.
        ``locale`` is their Discord client's language (one of Discord's locales), sent as each of their
        interactions' ``locale``; ``set_locale`` changes it later."""
        known_locale(locale)
        user = self.core.world.add_user(username)
        user.accepts_dms = accepts_dms
        user.locale = locale
        actor = Actor(self.services, user)
        if guild is not None:
            self.add_member(guild, actor, roles=roles, nick=nick)
        return actor

    def set_locale(self, who: Actor | User | Guild, locale: str) -> None:
        """A user switches their client's language, or a guild's admins its preferred locale (Discord tells a bot
        through the next interaction, not by an event)."""
        known_locale(locale)
        if isinstance(who, Guild):
            who.preferred_locale = locale
        else:
            (who.user if isinstance(who, Actor) else who).locale = locale
        self.core.changed()

    def add_member(
        self, guild: Guild, who: Actor | User, *, roles: Sequence[Role] = (), nick: str | None = None
    ) -> Member:
        """Make a user a member of ``guild`` (GUILD_MEMBER_ADD for a bot with the members intent)."""
        user = who.user if isinstance(who, Actor) else who
        member = self.core.world.add_member(guild, user, list(roles), nick)
        self.services.events.member_added(guild, member)
        return member

    def give_role(self, guild: Guild, who: Actor | User, role: Role) -> None:
        """Add ``role`` to a member (GUILD_MEMBER_UPDATE)."""
        user = who.user if isinstance(who, Actor) else who
        member = guild.members[user.id]
        if role.id not in member.role_ids:
            member.role_ids.append(role.id)
        self.services.events.member_updated(guild, member)

    def actor(self, user: User) -> Actor:
        """The :class:`Actor` for an existing user."""
        return Actor(self.services, user)

    # ---- reading --------------------------------------------------------------------------------------------------

    def messages_in(self, channel: Channel) -> list[Message]:
        """The shared history of ``channel`` (no ephemeral or deleted messages), oldest first."""
        return self.core.world.history(channel)

    def commands(self, guild: Guild | None = None) -> list[RegisteredCommand]:
        """Registered commands (global, or of ``guild``)."""
        return self.core.commands.commands(guild.id if guild else None)

    # ---- waiting --------------------------------------------------------------------------------------------------

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float = 10.0,
        what: str = "a condition",
        strict: bool | None = None,
    ) -> T:
        """Wait until ``predicate()`` is truthy (re-checked on every change) and return its value."""
        return await self.core.wait_for(predicate, timeout=timeout, what=what, strict=strict)

    async def wait_until_ready(self, timeout: float = 10.0) -> None:
        """Wait until a bot has identified and is connected (READY and GUILD_CREATEs sent)."""
        gateway = self.services.gateway
        await self.wait_for(
            lambda: gateway.identifies > 0 and gateway.connected,
            timeout=timeout,
            what="a bot to IDENTIFY on the gateway",
        )

    async def wait_for_commands(
        self, *names: str, guild: Guild | None = None, timeout: float = 10.0
    ) -> list[RegisteredCommand]:
        """Wait until commands with all ``names`` are registered (globally, or in ``guild``)."""

        def found() -> list[RegisteredCommand] | None:
            have = {c.name: c for c in self.commands(guild)}
            return [have[n] for n in names] if all(n in have for n in names) else None

        return await self.wait_for(found, timeout=timeout, what=f"commands {names} to be registered")

    async def wait_for_message(
        self,
        channel: Channel,
        *,
        after: Message | None = None,
        predicate: Callable[[Message], bool] | None = None,
        timeout: float = 10.0,
    ) -> Message:
        """Wait for a new message in ``channel`` (newer than ``after``, or than the newest one now)."""
        history = self.core.world.history(channel)
        floor = after.id if after else (history[-1].id if history else 0)

        def find() -> Message | None:
            for message in self.core.world.history(channel):
                if message.id > floor and (predicate is None or predicate(message)):
                    return message
            return None

        return await self.wait_for(find, timeout=timeout, what=f"a new message in {channel!r}")

    # ---- Discord's rules ------------------------------------------------------------------------------------------

    @property
    def violations(self) -> list[Violation]:
        """Every violation recorded so far (also those already taken or raised)."""
        self.core.sweep()
        return list(self.core.all_violations)

    def take_violations(self) -> list[Violation]:
        """Violations not yet taken or raised; they count as handled afterwards."""
        return self.core.take_violations()

    def assert_no_violations(self) -> None:
        """Raise :class:`DiscordLimitViolation` listing the violations not yet taken or raised."""
        self.core.raise_violations()

    def advance_time(self, seconds: float) -> None:
        """Move the stand-in's clock forward (e.g. past the 15-minute token life) without sleeping."""
        self.core.clock.advance(seconds)
        self.core.changed()

    def delay_interactions(self, seconds: float, *, times: int = 1) -> None:
        """Deliver the next ``times`` interactions to the bot ``seconds`` late (their 3-second deadline still runs
        from their creation): what Discord sees of a bot that stalled, e.g. on a slow disk, before it answered."""
        if seconds < 0 or times < 1:
            raise ValueError("the delay must not be negative, and times at least 1")
        self.services.interactions.delivery_delays.extend([seconds] * times)

    def force_429(
        self,
        *,
        method: str | None = None,
        route: str | None = None,
        times: int = 1,
        retry_after: float = 0.25,
        global_: bool = False,
    ) -> ForcedRateLimit:
        """Answer the next matching requests with 429 (see :meth:`RateLimiter.force_429`)."""
        return self.core.rate_limits.force_429(
            method=method, route=route, times=times, retry_after=retry_after, global_=global_
        )

    # ---- gateway control ------------------------------------------------------------------------------------------

    async def drop_gateway(self, code: int = 4000, *, abrupt: bool = False) -> int:
        """Drop the bot's gateway connection(s); the sessions stay resumable."""
        return await self.services.gateway.drop_connections(code, abrupt=abrupt)

    def describe(self) -> dict[str, Any]:
        """A summary for debugging failed tests."""
        gateway = self.services.gateway
        return {
            "base_url": self.base_url,
            "sessions": len(gateway.sessions),
            "connected": gateway.connected,
            "identifies": gateway.identifies,
            "resumes": gateway.resumes,
            "requests": len(self.core.requests),
            "violations": [str(v) for v in self.core.all_violations],
        }

    def user(self, username: str) -> Actor:
        """The Actor for the user called ``username``."""
        for user in self.core.world.users.values():
            if user.username == username:
                return Actor(self.services, user)
        raise StandInUsageError(f"no user {username!r}")
