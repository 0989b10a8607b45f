"""Reading request bodies the way Discord accepts them: JSON, or multipart/form-data with ``payload_json`` and
``files[n]`` parts."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import ApiError, Problem
from .responses import request_name, route_template

__all__ = ["SCHEMA_CHECK", "RequestBody", "SchemaCheck", "UploadedFile", "read_body", "read_json_array"]

FILE_FIELD = re.compile(r"^files\[(\d+)\]$")


@dataclass
class UploadedFile:
    """One uploaded file part; ``index`` is n of ``files[n]`` (None for other field names)."""

    field: str
    index: int | None
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class SchemaCheck:
    """What Discord's OpenAPI description finds wrong with one request's body (see ``schemas.py``).

    It is enforced (``Core.enforce_schema``) after the stand-in's own checks of the request and before the request
    changes anything, so a body breaking a documented limit is refused under that limit's own rule.
    """

    problems: list[Problem]
    request: str
    done: bool = False


SCHEMA_CHECK = web.RequestKey("standin_schema_check", SchemaCheck)
"""Where a request keeps its :class:`SchemaCheck` (the API middleware enforces it if no handler did)."""


@dataclass
class RequestBody:
    """The JSON payload of a request, its uploaded files, and what the OpenAPI description finds wrong with it."""

    payload: dict[str, Any]
    files: list[UploadedFile] = field(default_factory=list)
    multipart: bool = False
    schema: SchemaCheck | None = None

    def with_payload(self, payload: dict[str, Any]) -> RequestBody:
        """The same request's files and schema check around another payload (an interaction response's ``data``)."""
        return RequestBody(payload=payload, files=self.files, multipart=self.multipart, schema=self.schema)


def _parse_json(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
    if not isinstance(value, dict):
        raise ApiError(400, 50035, "Invalid Form Body")
    return value


def _check_schema(request: web.Request, body: Any) -> SchemaCheck:
    """Validate ``body`` against Discord's OpenAPI description of the request's route (see ``schemas.py``); the
    result is kept on the request for the handler to enforce."""
    from .services import services  # the services import this module

    core = services(request).core
    problems = [] if core.config.openapi_validation == "off" else core.schemas.problems(
        request.method, route_template(request), body)
    check = request[SCHEMA_CHECK] = SchemaCheck(problems, request_name(request))
    return check


async def read_body(request: web.Request) -> RequestBody:
    """Parse the body of ``request``; raises :class:`ApiError` (400) for bodies Discord would not parse. What the
    OpenAPI description finds wrong is in ``schema``, enforced by the handler (``Core.enforce_schema``). For
    multipart requests the ``payload_json`` part is the body."""
    if request.content_type == "multipart/form-data":
        reader = await request.multipart()
        payload: dict[str, Any] = {}
        files: list[UploadedFile] = []
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            if name == "payload_json":
                payload = _parse_json(await part.text())
                continue
            data = bytes(await part.read(decode=False))
            if part.filename is None:
                continue
            match = FILE_FIELD.match(name)
            files.append(
                UploadedFile(
                    field=name,
                    index=int(match.group(1)) if match else None,
                    filename=part.filename,
                    content_type=part.headers.get("Content-Type"),
                    data=data,
                )
            )
        return RequestBody(payload=payload, files=files, multipart=True, schema=_check_schema(request, payload))
    text = await request.text()
    if text.strip() and request.content_type != "application/json":
        raise ApiError(400, 50035, f"Invalid Form Body (unsupported Content-Type {request.content_type!r})")
    payload = _parse_json(text)
    return RequestBody(payload=payload, schema=_check_schema(request, payload))


async def read_json_array(request: web.Request) -> list[Any]:
    """A JSON array body (bulk command overwrite); raises :class:`ApiError` (400) otherwise. Its schema check is
    ``request[SCHEMA_CHECK]``."""
    text = await request.text()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
    if not isinstance(value, list):
        raise ApiError(400, 50035, "Invalid Form Body (expected an array)")
    _check_schema(request, value)
    return value
