"""Small helpers for answering like Discord: exact ``application/json`` bodies and snowflake path parameters."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .errors import ApiError

__all__ = ["API_PREFIX", "json_response", "no_content", "request_name", "route_template", "snowflake"]

API_PREFIX = "/api/v10"


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer whose Content-Type is exactly ``application/json`` (discord.py parses nothing else)."""
    response = web.Response(body=json.dumps(data).encode(), status=status, headers=headers)
    response.headers["Content-Type"] = "application/json"
    return response


def no_content() -> web.Response:
    """204 No Content."""
    return web.Response(status=204)


def snowflake(request: web.Request, name: str, *, code: int = 10003, what: str = "Unknown Channel") -> int:
    """A snowflake path parameter; a malformed one is a 404 like Discord's."""
    try:
        return int(request.match_info[name])
    except (KeyError, ValueError) as exc:
        raise ApiError(404, code, what) from exc


def request_name(request: web.Request) -> str:
    """``POST /api/v10/channels/1/messages`` for messages about a request."""
    return f"{request.method} {request.path}"


def route_template(request: web.Request) -> str:
    """The matched route without the API prefix: ``/channels/{channel_id}/messages``."""
    resource = request.match_info.route.resource
    canonical = resource.canonical if resource is not None else request.path
    return canonical.removeprefix(API_PREFIX)
