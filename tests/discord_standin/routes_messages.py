"""REST routes for channel messages, DM channels, threads (start, post, archive and unarchive) and typing."""

from __future__ import annotations

from aiohttp import web

from .bodies import SCHEMA_CHECK, read_body
from .errors import ApiError, Problem
from .messages import MessageContext
from .payloads import channel_payload, message_payload
from .permissions import Permission
from .responses import json_response, no_content, request_name, snowflake
from .services import Services, services
from .world import Channel, ChannelType, Message, User

__all__ = ["add_message_routes"]


def _bot(s: Services) -> User:
    return s.core.world.users[s.core.bot_user_id]


def _visible_channel(request: web.Request) -> Channel:
    s = services(request)
    channel = s.core.world.channels.get(snowflake(request, "channel_id"))
    if channel is None:
        raise ApiError(404, 10003, "Unknown Channel")
    if not s.core.world.can_view(_bot(s), channel):
        raise ApiError(403, 50001, "Missing Access")
    return channel


def _message(request: web.Request, channel: Channel) -> Message:
    message = services(request).core.world.messages.get(
        snowflake(request, "message_id", code=10008, what="Unknown Message")
    )
    if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral_for is not None:
        raise ApiError(404, 10008, "Unknown Message")
    return message


async def send_message(request: web.Request) -> web.Response:
    """``POST /channels/{channel_id}/messages`` (JSON or multipart with files)."""
    s = services(request)
    channel = _visible_channel(request)
    bot = _bot(s)
    body = await read_body(request)
    if channel.is_dm:
        recipient = s.core.world.users[channel.recipient_ids[0]]
        if not recipient.accepts_dms:
            raise ApiError(403, 50007, "Cannot send messages to this user")
    else:
        perms = s.core.world.permissions_in(bot, channel)
        needed = Permission.SEND_MESSAGES_IN_THREADS if channel.is_thread else Permission.SEND_MESSAGES
        if not perms & needed or (body.files and not perms & Permission.ATTACH_FILES):
            raise ApiError(403, 50013, "Missing Permissions")
        if channel.is_thread and channel.archived:
            raise ApiError(400, 50083, "Thread is archived")
    ctx = MessageContext(author=bot, channel=channel, request=request_name(request))
    message = s.messages.create(ctx, body)
    return json_response(message_payload(message, s.core.world))


async def list_messages(request: web.Request) -> web.Response:
    """``GET /channels/{channel_id}/messages?limit&before&after&around`` (newest first)."""
    s = services(request)
    channel = _visible_channel(request)
    if not channel.is_dm and not s.core.world.permissions_in(_bot(s), channel) & Permission.READ_MESSAGE_HISTORY:
        return json_response([])
    limit = int(request.query.get("limit", "50"))
    if not 1 <= limit <= 100:
        raise s.core.reject(
            [Problem("request.limit", ("limit",), "NUMBER_TYPE_MAX", "limit must be 1 to 100")],
            request=request_name(request),
        )
    history = s.core.world.history(channel)
    if "before" in request.query:
        before = int(request.query["before"])
        chosen = [m for m in history if m.id < before][-limit:]
    elif "after" in request.query:
        after = int(request.query["after"])
        chosen = [m for m in history if m.id > after][:limit]
    elif "around" in request.query:
        around = int(request.query["around"])
        older = [m for m in history if m.id < around][-(limit // 2) :] if limit > 1 else []
        newer = [m for m in history if m.id >= around][: limit - len(older)]
        chosen = older + newer
    else:
        chosen = history[-limit:]
    return json_response([message_payload(m, s.core.world) for m in reversed(chosen)])


async def message_by_id(request: web.Request) -> web.Response:
    """``GET``/``PATCH``/``DELETE /channels/{channel_id}/messages/{message_id}``."""
    s = services(request)
    channel = _visible_channel(request)
    message = _message(request, channel)
    bot = _bot(s)
    if request.method == "GET":
        return json_response(message_payload(message, s.core.world))
    if request.method == "DELETE":
        own = message.author is bot and message.webhook_id is None
        if not own and not s.core.world.permissions_in(bot, channel) & Permission.MANAGE_MESSAGES:
            raise ApiError(403, 50013, "Missing Permissions")
        s.messages.delete(message)
        return no_content()
    if message.author is not bot or message.webhook_id is not None:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    if channel.is_thread and channel.archived:
        raise ApiError(400, 50083, "Thread is archived")
    body = await read_body(request)
    edited = s.messages.edit(message, body, request=request_name(request))
    return json_response(message_payload(edited, s.core.world))


async def typing(request: web.Request) -> web.Response:
    """``POST /channels/{channel_id}/typing``."""
    _visible_channel(request)
    return no_content()


async def open_dm(request: web.Request) -> web.Response:
    """``POST /users/@me/channels`` with ``recipient_id``: the DM channel with that user."""
    s = services(request)
    body = (await read_body(request)).payload
    user = s.core.world.users.get(int(body.get("recipient_id") or 0))
    if user is None:
        raise s.core.reject(
            [Problem("dm.recipient", ("recipient_id",), "BASE_TYPE_REQUIRED", "recipient_id is not a known user")],
            request=request_name(request),
        )
    s.core.enforce_schema(request.get(SCHEMA_CHECK))
    channel = s.core.world.dm_channel(user)
    assert channel is not None
    s.core.changed()
    return json_response(channel_payload(channel, s.core.world))


async def start_thread(request: web.Request) -> web.Response:
    """``POST /channels/{channel_id}/threads`` and ``.../messages/{message_id}/threads``."""
    s = services(request)
    parent = _visible_channel(request)
    world = s.core.world
    bot = _bot(s)
    if parent.is_dm or parent.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    body = (await read_body(request)).payload
    name = body.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= 100:
        raise s.core.reject(
            [Problem("thread.name", ("name",), "BASE_TYPE_BAD_LENGTH", "thread name must be 1 to 100 characters")],
            request=request_name(request),
        )
    guild = world.guild_of(parent)
    assert guild is not None
    thread_id = None
    kind = int(body.get("type") or ChannelType.PUBLIC_THREAD)
    if "message_id" in request.match_info:
        source = _message(request, parent)
        thread_id = source.id
        kind = ChannelType.PUBLIC_THREAD
        if thread_id in world.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
    needed = (
        Permission.CREATE_PRIVATE_THREADS if kind == ChannelType.PRIVATE_THREAD else Permission.CREATE_PUBLIC_THREADS
    )
    if not world.permissions_in(bot, parent) & needed:
        raise ApiError(403, 50013, "Missing Permissions")
    s.core.enforce_schema(request.get(SCHEMA_CHECK))
    thread = world.add_channel(guild, name, type=kind, parent=parent, owner=bot, id=thread_id)
    s.events.channel_created(thread)
    return json_response(channel_payload(thread, world), status=201)


async def modify_channel(request: web.Request) -> web.Response:
    """``PATCH /channels/{channel_id}`` for a thread: ``archived``, ``locked``, ``name``, ``auto_archive_duration``.

    As Discord (*Modify Thread*): unarchiving a thread that is not locked needs only SEND_MESSAGES in its parent;
    archiving it or renaming it needs MANAGE_THREADS, or being its owner; locking needs MANAGE_THREADS. A locked
    thread stays archived for anyone without MANAGE_THREADS. THREAD_UPDATE follows a change. Other channel types
    are not modelled (a violation ``standin.unsupported``)."""
    s = services(request)
    channel = _visible_channel(request)
    world = s.core.world
    bot = _bot(s)
    if not channel.is_thread:
        s.core.violate("standin.unsupported", "PATCH /channels/{channel_id} is modelled for threads only",
                       request=request_name(request))
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    body = (await read_body(request)).payload
    perms = world.permissions_in(bot, channel)
    manages = bool(perms & Permission.MANAGE_THREADS)
    owns = channel.owner_id == bot.id
    wanted_archived = body.get("archived", channel.archived)
    wanted_locked = body.get("locked", channel.locked)
    if wanted_locked != channel.locked and not manages:
        raise ApiError(403, 50013, "Missing Permissions")
    if wanted_archived and not channel.archived and not (manages or owns):
        raise ApiError(403, 50013, "Missing Permissions")
    if not wanted_archived and channel.archived:
        if channel.locked and not manages:
            raise ApiError(403, 50013, "Missing Permissions")
        if not perms & Permission.SEND_MESSAGES:
            raise ApiError(403, 50013, "Missing Permissions")
    if "name" in body and body["name"] != channel.name:
        name = body["name"]
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise s.core.reject(
                [Problem("thread.name", ("name",), "BASE_TYPE_BAD_LENGTH", "thread name must be 1 to 100 characters")],
                request=request_name(request),
            )
        if not (manages or owns):
            raise ApiError(403, 50013, "Missing Permissions")
    if channel.archived and wanted_archived and set(body) - {"archived", "locked"}:
        raise ApiError(400, 50083, "Thread is archived")
    s.core.enforce_schema(request.get(SCHEMA_CHECK))
    channel.archived = bool(wanted_archived)
    channel.locked = bool(wanted_locked)
    if "name" in body:
        channel.name = str(body["name"])
    s.events.channel_updated(channel)
    s.core.changed()
    return json_response(channel_payload(channel, world))


def add_message_routes(router: web.UrlDispatcher, prefix: str) -> None:
    """Register this module's routes under ``prefix`` (``/api/v10``)."""
    router.add_post(prefix + "/channels/{channel_id}/messages", send_message)
    router.add_get(prefix + "/channels/{channel_id}/messages", list_messages)
    for method in ("GET", "PATCH", "DELETE"):
        router.add_route(method, prefix + "/channels/{channel_id}/messages/{message_id:\\d+}", message_by_id)
    router.add_post(prefix + "/channels/{channel_id}/typing", typing)
    router.add_post(prefix + "/users/@me/channels", open_dm)
    router.add_patch(prefix + "/channels/{channel_id}", modify_channel)
    router.add_post(prefix + "/channels/{channel_id}/threads", start_thread)
    router.add_post(prefix + "/channels/{channel_id}/messages/{message_id:\\d+}/threads", start_thread)
