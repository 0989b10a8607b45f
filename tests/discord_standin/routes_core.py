"""REST routes for the current user, the application, the gateway URL, commands, guilds and channels."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .bodies import SCHEMA_CHECK, read_body, read_json_array
from .command_limits import check_command, check_command_set
from .errors import ApiError, Problem
from .payloads import (
    application_payload,
    channel_payload,
    current_user_payload,
    guild_payload,
    member_payload,
    role_payload,
    user_payload,
)
from .permissions import Permission, base_permissions
from .responses import json_response, no_content, request_name, snowflake
from .services import services
from .world import ChannelType, Overwrite

__all__ = ["add_core_routes"]


async def get_me(request: web.Request) -> web.Response:
    """``GET /users/@me``."""
    s = services(request)
    return json_response(current_user_payload(s.core.world.users[s.core.bot_user_id]))


async def get_user(request: web.Request) -> web.Response:
    """``GET /users/{user_id}``."""
    s = services(request)
    user = s.core.world.users.get(snowflake(request, "user_id", code=10013, what="Unknown User"))
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return json_response(user_payload(user))


async def get_application(request: web.Request) -> web.Response:
    """``GET /oauth2/applications/@me`` and ``GET /applications/@me``."""
    core = services(request).core
    world = core.world
    return json_response(
        application_payload(
            core.application_id,
            world.users[core.bot_user_id],
            world.users[core.owner_id],
            name=core.config.application_name,
            flags=0,
        )
    )


async def get_gateway(request: web.Request) -> web.Response:
    """``GET /gateway`` and ``GET /gateway/bot`` (with the shard count of ``StandInConfig.recommended_shards``)."""
    core = services(request).core
    data: dict[str, Any] = {"url": core.base_url.replace("http://", "ws://", 1) + "/gateway"}
    if request.path.endswith("/bot"):
        data["shards"] = core.config.recommended_shards
        data["session_start_limit"] = {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
    return json_response(data)


async def get_my_guilds(request: web.Request) -> web.Response:
    """``GET /users/@me/guilds`` (partial guilds)."""
    core = services(request).core
    guilds = [g for g in core.world.guilds.values() if core.bot_user_id in g.members]
    return json_response(
        [
            {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "banner": None,
                "owner": g.owner_id == core.bot_user_id,
                "permissions": "0",
                "features": [],
            }
            for g in guilds
        ]
    )


# ---- application commands -----------------------------------------------------------------------------------------


def _scope(request: web.Request) -> int | None:
    s = services(request)
    if snowflake(request, "application_id", code=10002, what="Unknown Application") != s.core.application_id:
        raise ApiError(403, 50001, "Missing Access")
    if "guild_id" not in request.match_info:
        return None
    guild_id = snowflake(request, "guild_id", code=10004, what="Unknown Guild")
    guild = s.core.world.guilds.get(guild_id)
    if guild is None or s.core.bot_user_id not in guild.members:
        raise ApiError(403, 50001, "Missing Access")
    return guild_id


async def list_commands(request: web.Request) -> web.Response:
    """``GET /applications/{id}[/guilds/{guild_id}]/commands``."""
    scope = _scope(request)
    return json_response([c.payload() for c in services(request).core.commands.commands(scope)])


async def overwrite_commands(request: web.Request) -> web.Response:
    """``PUT .../commands``: bulk overwrite, checked against Discord's command limits."""
    scope = _scope(request)
    core = services(request).core
    commands = await read_json_array(request)
    problems = check_command_set(commands)
    if problems:
        raise core.reject(problems, request=request_name(request))
    core.enforce_schema(request.get(SCHEMA_CHECK))
    stored = core.commands.bulk_overwrite(scope, commands, core.clock.monotonic())
    core.changed()
    return json_response([c.payload() for c in stored])


async def create_command(request: web.Request) -> web.Response:
    """``POST .../commands``: create or replace one command."""
    scope = _scope(request)
    core = services(request).core
    body = (await read_body(request)).payload
    problems = check_command(body)
    if not problems:
        others = [
            c.definition
            for c in core.commands.commands(scope)
            if (c.type, c.name) != (body.get("type", 1), body.get("name"))
        ]
        problems = check_command_set([*others, body])
    if problems:
        raise core.reject(problems, request=request_name(request))
    core.enforce_schema(request.get(SCHEMA_CHECK))
    command, created = core.commands.upsert(scope, body)
    core.changed()
    return json_response(command.payload(), status=201 if created else 200)


async def command_by_id(request: web.Request) -> web.Response:
    """``GET``/``PATCH``/``DELETE .../commands/{command_id}``."""
    scope = _scope(request)
    core = services(request).core
    command_id = snowflake(request, "command_id", code=10063, what="Unknown application command")
    command = core.commands.get(scope, command_id)
    if command is None:
        raise ApiError(404, 10063, "Unknown application command")
    if request.method == "GET":
        return json_response(command.payload())
    if request.method == "DELETE":
        core.commands.delete(scope, command_id)
        core.changed()
        return no_content()
    patch = (await read_body(request)).payload
    merged = {**command.definition, **patch}
    problems = check_command(merged)
    if problems:
        raise core.reject(problems, request=request_name(request))
    core.enforce_schema(request.get(SCHEMA_CHECK))
    core.commands.delete(scope, command_id)
    updated, _ = core.commands.upsert(scope, merged)
    updated.id = command_id
    core.changed()
    return json_response(updated.payload())


# ---- guilds and channels ------------------------------------------------------------------------------------------


def _guild(request: web.Request) -> Any:
    s = services(request)
    guild = s.core.world.guilds.get(snowflake(request, "guild_id", code=10004, what="Unknown Guild"))
    if guild is None or s.core.bot_user_id not in guild.members:
        raise ApiError(404, 10004, "Unknown Guild")
    return guild


async def get_guild(request: web.Request) -> web.Response:
    """``GET /guilds/{guild_id}``."""
    return json_response(guild_payload(_guild(request), services(request).core.world))


async def get_guild_channels(request: web.Request) -> web.Response:
    """``GET /guilds/{guild_id}/channels``."""
    guild = _guild(request)
    world = services(request).core.world
    return json_response([channel_payload(c, world) for c in guild.channels.values() if not c.is_thread])


async def get_roles(request: web.Request) -> web.Response:
    """``GET /guilds/{guild_id}/roles``."""
    return json_response([role_payload(r) for r in _guild(request).roles.values()])


async def get_member(request: web.Request) -> web.Response:
    """``GET /guilds/{guild_id}/members/{user_id}``."""
    guild = _guild(request)
    member = guild.members.get(snowflake(request, "user_id", code=10007, what="Unknown Member"))
    if member is None:
        raise ApiError(404, 10007, "Unknown Member")
    return json_response(member_payload(member))


async def list_members(request: web.Request) -> web.Response:
    """``GET /guilds/{guild_id}/members?limit&after``."""
    guild = _guild(request)
    limit = int(request.query.get("limit", "1"))
    after = int(request.query.get("after", "0"))
    members = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)[:limit]
    return json_response([member_payload(m) for m in members])


async def create_guild_channel(request: web.Request) -> web.Response:
    """``POST /guilds/{guild_id}/channels`` (needs MANAGE_CHANNELS)."""
    s = services(request)
    guild = _guild(request)
    bot = s.core.world.users[s.core.bot_user_id]
    if not base_permissions(guild, guild.members[bot.id]) & Permission.MANAGE_CHANNELS:
        raise ApiError(403, 50013, "Missing Permissions")
    body = (await read_body(request)).payload
    name = body.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= 100:
        raise s.core.reject(
            [Problem("channel.name", ("name",), "BASE_TYPE_BAD_LENGTH", "channel name must be 1 to 100 characters")],
            request=request_name(request),
        )
    kind = body.get("type", ChannelType.GUILD_TEXT)
    if kind not in (ChannelType.GUILD_TEXT, ChannelType.GUILD_CATEGORY):
        s.core.violate("standin.unsupported", f"channel type {kind} is not supported", request=request_name(request))
        raise ApiError(400, 50035, "Invalid Form Body")
    s.core.enforce_schema(request.get(SCHEMA_CHECK))
    channel = s.core.world.add_channel(guild, name, type=kind, topic=body.get("topic"))
    if body.get("parent_id"):
        channel.parent_id = int(body["parent_id"])
    for ow in body.get("permission_overwrites") or []:
        channel.overwrites.append(
            Overwrite(
                id=int(ow["id"]),
                type=int(ow.get("type", 0)),
                allow=int(ow.get("allow") or 0),
                deny=int(ow.get("deny") or 0),
            )
        )
    s.events.channel_created(channel)
    return json_response(channel_payload(channel, s.core.world), status=201)


async def get_channel(request: web.Request) -> web.Response:
    """``GET /channels/{channel_id}``."""
    s = services(request)
    channel = s.core.world.channels.get(snowflake(request, "channel_id"))
    bot = s.core.world.users[s.core.bot_user_id]
    if channel is None or not s.core.world.can_view(bot, channel):
        raise ApiError(404, 10003, "Unknown Channel")
    return json_response(channel_payload(channel, s.core.world))


async def delete_channel(request: web.Request) -> web.Response:
    """``DELETE /channels/{channel_id}``: as Discord's documentation says, MANAGE_CHANNELS, or MANAGE_THREADS for a
    thread (also for the thread's own creator)."""
    s = services(request)
    world = s.core.world
    channel = world.channels.get(snowflake(request, "channel_id"))
    bot = world.users[s.core.bot_user_id]
    if channel is None or not world.can_view(bot, channel):
        raise ApiError(404, 10003, "Unknown Channel")
    if channel.is_dm:
        channel.archived = True
        return json_response(channel_payload(channel, world))
    perms = world.permissions_in(bot, channel)
    needed = Permission.MANAGE_THREADS if channel.is_thread else Permission.MANAGE_CHANNELS
    if not perms & needed:
        raise ApiError(403, 50013, "Missing Permissions")
    payload = channel_payload(channel, world)
    s.events.channel_deleted(channel)
    world.remove_channel(channel)
    s.core.changed()
    return json_response(payload)


def add_core_routes(router: web.UrlDispatcher, prefix: str) -> None:
    """Register this module's routes under ``prefix`` (``/api/v10``)."""
    router.add_get(prefix + "/users/@me", get_me)
    router.add_get(prefix + "/users/@me/guilds", get_my_guilds)
    router.add_get(prefix + "/users/{user_id:\\d+}", get_user)
    router.add_get(prefix + "/oauth2/applications/@me", get_application)
    router.add_get(prefix + "/applications/@me", get_application)
    router.add_get(prefix + "/gateway", get_gateway)
    router.add_get(prefix + "/gateway/bot", get_gateway)
    for base in (
        "/applications/{application_id}/commands",
        "/applications/{application_id}/guilds/{guild_id}/commands",
    ):
        router.add_get(prefix + base, list_commands)
        router.add_put(prefix + base, overwrite_commands)
        router.add_post(prefix + base, create_command)
        for method in ("GET", "PATCH", "DELETE"):
            router.add_route(method, prefix + base + "/{command_id:\\d+}", command_by_id)
    router.add_get(prefix + "/guilds/{guild_id}", get_guild)
    router.add_get(prefix + "/guilds/{guild_id}/channels", get_guild_channels)
    router.add_post(prefix + "/guilds/{guild_id}/channels", create_guild_channel)
    router.add_get(prefix + "/guilds/{guild_id}/roles", get_roles)
    router.add_get(prefix + "/guilds/{guild_id}/members", list_members)
    router.add_get(prefix + "/guilds/{guild_id}/members/{user_id}", get_member)
    router.add_get(prefix + "/channels/{channel_id}", get_channel)
    router.add_delete(prefix + "/channels/{channel_id}", delete_channel)
