"""The aiohttp application: routes, the API middleware (auth, rate limits, Discord-shaped errors) and its lifecycle
on a loopback port."""

from __future__ import annotations

import logging
import socket
from collections.abc import Awaitable, Callable

from aiohttp import web

from .bodies import SCHEMA_CHECK
from .core import RequestRecord
from .errors import ApiError
from .ratelimit import RateLimitHit
from .responses import API_PREFIX, json_response, request_name, route_template, snowflake
from .routes_core import add_core_routes
from .routes_interactions import add_interaction_routes
from .routes_messages import add_message_routes
from .services import SERVICES, Services, services

log = logging.getLogger(__name__)

__all__ = ["API_PREFIX", "LoopbackServer", "build_app"]

NO_AUTH_PREFIXES = ("/interactions/", "/webhooks/")
MAJOR_PARAMETERS = ("channel_id", "guild_id", "webhook_id", "webhook_token", "interaction_id")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def api_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """For ``/api/v10`` requests: check the bot token, apply rate limits, turn :class:`ApiError` into Discord's
    JSON error answers, add rate-limit and ``Via`` headers, and log the request."""
    if not request.path.startswith(API_PREFIX + "/"):
        return await handler(request)
    s = services(request)
    core = s.core
    route = route_template(request)
    major = "+".join(request.match_info[k] for k in MAJOR_PARAMETERS if k in request.match_info)
    headers: dict[str, str] = {}
    hit: RateLimitHit | None = None
    try:
        if not route.startswith(NO_AUTH_PREFIXES) and request.headers.get("Authorization") != f"Bot {core.token}":
            raise ApiError(401, 0, "401: Unauthorized")
        decision = core.rate_limits.decide(
            request.method, route, major, request.path, counts_globally=not route.startswith(NO_AUTH_PREFIXES)
        )
        headers = decision.headers
        if decision.limited is not None:
            hit = decision.limited
            log.info("answering %s with 429 (%s, retry_after %.3f s)", request_name(request), hit.scope,
                     hit.retry_after)
            response: web.StreamResponse = json_response(hit.body(), status=429, headers=headers)
        else:
            response = await handler(request)
            response.headers.update(headers)
            # a handler that changed something without enforcing its body's schema check: too late to refuse
            core.enforce_schema(request.get(SCHEMA_CHECK), mode="off" if core.config.openapi_validation == "off"
                                else "record")
    except ApiError as exc:
        response = json_response(exc.body(), status=exc.status, headers={**headers, **exc.headers})
    response.headers["Via"] = "1.1 google"
    core.requests.append(
        RequestRecord(request.method, route, request.path, response.status, core.clock.monotonic(), hit)
    )
    core.changed()
    return response


async def unimplemented(request: web.Request) -> web.Response:
    """Any other ``/api/v10`` route: 404, and a violation naming the route the stand-in lacks."""
    services(request).core.violate(
        "standin.unimplemented_route",
        f"the stand-in does not implement {request_name(request)}; add it to tests/discord_standin if the bot needs it",
    )
    return json_response({"message": "404: Not Found", "code": 0}, status=404)


async def serve_attachment(request: web.Request) -> web.Response:
    """The CDN stand-in: the bytes of an uploaded attachment."""
    attachment = services(request).core.world.attachments.get(snowflake(request, "attachment_id"))
    if attachment is None or str(attachment.url).rsplit("/", 1)[-1] != request.raw_path.rsplit("/", 1)[-1]:
        raise web.HTTPNotFound()
    return web.Response(body=attachment.data, content_type=attachment.content_type or "application/octet-stream")


def build_app(svc: Services) -> web.Application:
    """The aiohttp application serving the REST API, the gateway and attachments."""
    app = web.Application(middlewares=[api_middleware], client_max_size=256 * 1024 * 1024)
    app[SERVICES] = svc
    router = app.router
    router.add_get("/gateway", svc.gateway.handle)
    router.add_get("/gateway/resume", svc.gateway.handle)
    router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", serve_attachment)
    add_core_routes(router, API_PREFIX)
    add_message_routes(router, API_PREFIX)
    add_interaction_routes(router, API_PREFIX)
    router.add_route("*", API_PREFIX + "/{tail:.*}", unimplemented)
    return app


class LoopbackServer:
    """Runs an application on 127.0.0.1 (a free port unless one is given) and shuts it down cleanly."""

    def __init__(self, app: web.Application, port: int = 0) -> None:
        self.app = app
        self._port = port
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self) -> str:
        """Start listening; returns the base URL ``http://127.0.0.1:PORT``."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self._port))
        self.port = sock.getsockname()[1]
        self._runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=2.0, handle_signals=False)
        await self._runner.setup()
        site = web.SockSite(self._runner, sock)
        await site.start()
        log.info("Discord stand-in listening on http://127.0.0.1:%d", self.port)
        return f"http://127.0.0.1:{self.port}"

    async def stop(self) -> None:
        """Stop listening and finish every handler."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
