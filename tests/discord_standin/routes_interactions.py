"""REST routes for interaction callbacks and the follow-up webhook (``/webhooks/{application_id}/{token}``)."""

from __future__ import annotations

from aiohttp import web

from .bodies import read_body
from .interactions import Interaction
from .payloads import message_payload
from .responses import json_response, no_content, request_name, snowflake
from .services import services

__all__ = ["add_interaction_routes"]


async def callback(request: web.Request) -> web.Response:
    """``POST /interactions/{interaction_id}/{interaction_token}/callback[?with_response=1]``."""
    s = services(request)
    interaction_id = snowflake(request, "interaction_id", code=10062, what="Unknown interaction")
    body = await read_body(request)
    result = s.interactions.callback(
        interaction_id, request.match_info["interaction_token"], body, request_name(request)
    )
    if request.query.get("with_response") in ("1", "true", "True"):
        return json_response(result)
    return no_content()


def _record(request: web.Request) -> Interaction:
    s = services(request)
    application_id = snowflake(request, "webhook_id", code=10015, what="Unknown Webhook")
    return s.interactions.webhook_record(application_id, request.match_info["webhook_token"], request_name(request))


async def execute(request: web.Request) -> web.Response:
    """``POST /webhooks/{application_id}/{token}[?wait=1]``: a follow-up message."""
    s = services(request)
    record = _record(request)
    body = await read_body(request)
    message = s.interactions.execute(record, body, request_name(request))
    if request.query.get("wait") in ("1", "true", "True"):
        return json_response(message_payload(message, s.core.world))
    return no_content()


async def webhook_message(request: web.Request) -> web.Response:
    """``GET``/``PATCH``/``DELETE /webhooks/{application_id}/{token}/messages/{@original|message_id}``."""
    s = services(request)
    record = _record(request)
    message = s.interactions.find_message(record, request.match_info["message_id"])
    if request.method == "GET":
        return json_response(message_payload(message, s.core.world))
    if request.method == "DELETE":
        s.messages.delete(message)
        return no_content()
    body = await read_body(request)
    edited = s.interactions.edit(record, message, body, request_name(request))
    return json_response(message_payload(edited, s.core.world))


def add_interaction_routes(router: web.UrlDispatcher, prefix: str) -> None:
    """Register this module's routes under ``prefix`` (``/api/v10``)."""
    router.add_post(prefix + "/interactions/{interaction_id}/{interaction_token}/callback", callback)
    router.add_post(prefix + "/webhooks/{webhook_id}/{webhook_token}", execute)
    for method in ("GET", "PATCH", "DELETE"):
        router.add_route(
            method, prefix + "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", webhook_message
        )
