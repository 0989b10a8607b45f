"""A local web page for the stand-in: see one guild's channels as a chosen test user and act as them (slash commands
from a box, buttons, string selects, plain messages), in any browser, without Discord.

It is a second aiohttp server on 127.0.0.1 (its own port) next to the stand-in; every action goes through the
same :class:`Actor` calls tests use, so Discord's client-side checks apply and a refused action is shown to the
user as a sentence. ``python -m tests.discord_standin.play`` starts it together with the real bot.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from aiohttp import web

from .actors import Actor
from .errors import StandInUsageError, WaitTimeout
from .server import LoopbackServer
from .standin import StandIn
from .web_commands import parse_command
from .web_state import channel_list, page_state
from .world import Channel, Guild, Message

log = logging.getLogger(__name__)

__all__ = ["WebPage"]

STATIC = Path(__file__).with_name("static")
LONG_POLL_SECONDS = 20.0
"""How long a state request waits for a change before it answers with the same state."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class WebPage:
    """The page for ``guild`` of ``standin``, acting as one of ``users`` (switchable in the page).

    Args:
        standin: a started stand-in.
        guild: the guild whose channels the page shows.
        users: the test users one can switch between (the first is the default).
        port: TCP port on 127.0.0.1 (0: a free one).

    ``await page.start()`` returns the URL; ``await page.close()`` stops the server.
    """

    def __init__(self, standin: StandIn, guild: Guild, users: Sequence[Actor], *, port: int = 0) -> None:
        if not users:
            raise ValueError("the page needs at least one test user")
        self.standin = standin
        self.guild = guild
        self.users = {actor.user.username: actor for actor in users}
        app = web.Application(middlewares=[_same_origin_only])
        app.router.add_get("/", self._index)
        app.router.add_static("/static/", STATIC)
        app.router.add_get("/api/state", self._state)
        app.router.add_post("/api/send", self._send)
        app.router.add_post("/api/click", self._click)
        app.router.add_post("/api/select", self._select)
        self._server = LoopbackServer(app, port)
        self.url = ""

    async def start(self) -> str:
        """Start serving; returns the page's URL ``http://127.0.0.1:PORT/``."""
        self.url = await self._server.start() + "/"
        return self.url

    async def close(self) -> None:
        """Stop serving (open long polls end)."""
        await self._server.stop()

    # ---- lookups --------------------------------------------------------------------------------------------------

    def _actor(self, name: object) -> Actor:
        actor = self.users.get(str(name))
        if actor is None:
            raise StandInUsageError(f"no test user {name!r}; the page has {', '.join(self.users)}")
        return actor

    def _channel(self, actor: Actor, channel_id: object) -> Channel:
        channels = channel_list(self.standin.core, self.guild, actor.user)
        if not channels:
            raise StandInUsageError(f"{actor.user.username} sees no channel of {self.guild.name}")
        wanted = str(channel_id or "")
        return next((c for c in channels if str(c.id) == wanted), channels[0])

    def _message(self, actor: Actor, message_id: object) -> Message:
        message = self.standin.world.messages.get(int(str(message_id))) if str(message_id).isdecimal() else None
        if message is None or message.deleted or message.ephemeral_for not in (None, actor.id):
            raise StandInUsageError("that message is gone")
        return message

    # ---- routes ---------------------------------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def _state(self, request: web.Request) -> web.Response:
        """The state for ``?user=&channel=``; with ``since=`` the current version it waits for a change first."""
        core = self.standin.core
        since = request.query.get("since", "")
        if since.isdecimal() and int(since) >= core.version:
            with contextlib.suppress(WaitTimeout):
                await core.wait_for(lambda: core.version > int(since) or None, timeout=LONG_POLL_SECONDS,
                                    what="a change to show", strict=False)
        try:
            actor = self._actor(request.query.get("user") or next(iter(self.users)))
            channel = self._channel(actor, request.query.get("channel"))
        except StandInUsageError as exc:
            return web.json_response({"error": str(exc)}, status=400)
        users = [a.user for a in self.users.values()]
        state = page_state(core, self.guild, actor.user, channel, self.standin.interactions, users)
        return web.json_response(state, headers={"Cache-Control": "no-store"})

    async def _send(self, request: web.Request) -> web.Response:
        """``{"user", "channel", "text"}``: a slash command if the text starts with ``/``, else a message."""

        async def act(body: dict[str, Any]) -> None:
            actor = self._actor(body.get("user"))
            channel = self._channel(actor, body.get("channel"))
            text = str(body.get("text") or "")
            if not text.strip():
                raise StandInUsageError("type a command (/gah new) or a message")
            if text.lstrip().startswith("/"):
                commands = [*self.standin.commands(self.guild), *self.standin.commands()]
                parsed = parse_command(text, world=self.standin.world, guild=self.guild, commands=commands)
                await actor.run_command(channel, parsed.path, **parsed.options)
            else:
                await actor.send_message(channel, text)

        return await _answer(request, act)

    async def _click(self, request: web.Request) -> web.Response:
        """``{"user", "message", "custom_id"}``: click a button."""

        async def act(body: dict[str, Any]) -> None:
            actor = self._actor(body.get("user"))
            await actor.click(self._message(actor, body.get("message")), custom_id=str(body.get("custom_id")))

        return await _answer(request, act)

    async def _select(self, request: web.Request) -> web.Response:
        """``{"user", "message", "custom_id", "values"}``: pick options of a string select."""

        async def act(body: dict[str, Any]) -> None:
            actor = self._actor(body.get("user"))
            values = body.get("values")
            if not isinstance(values, list):
                raise StandInUsageError("pick at least one option")
            await actor.select(self._message(actor, body.get("message")), [str(v) for v in values],
                               custom_id=str(body.get("custom_id")))

        return await _answer(request, act)


async def _answer(request: web.Request, act: Callable[[dict[str, Any]], Awaitable[None]]) -> web.Response:
    """Run ``act`` on the JSON body: ``{"ok": true}``, or 400 ``{"error": sentence}`` for what Discord's client
    would not let the user do."""
    try:
        body = await request.json()
    except ValueError:
        return web.json_response({"error": "the request was not JSON"}, status=400)
    if not isinstance(body, dict):
        return web.json_response({"error": "the request was not a JSON object"}, status=400)
    try:
        await act(body)
    except StandInUsageError as exc:
        return web.json_response({"error": str(exc)}, status=400)
    return web.json_response({"ok": True})


@web.middleware
async def _same_origin_only(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refuse actions that another web site's page could send to this loopback server: a POST must be JSON (which
    a cross-site form cannot send without the browser asking first) and, if the browser names an origin, ours."""
    if request.method == "POST":
        origin = request.headers.get("Origin")
        if request.content_type != "application/json" or (origin and origin != f"http://{request.host}"):
            return web.json_response({"error": "only this page may act"}, status=403)
    return await handler(request)
