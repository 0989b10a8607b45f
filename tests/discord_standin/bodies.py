"""Reading request bodies the way Discord accepts them: JSON, or multipart/form-data with ``payload_json`` and
``files[n]`` parts."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import ApiError

__all__ = ["RequestBody", "UploadedFile", "read_body", "read_json_array"]

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
class RequestBody:
    """The JSON payload of a request and its uploaded files."""

    payload: dict[str, Any]
    files: list[UploadedFile] = field(default_factory=list)
    multipart: bool = False


def _parse_json(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
    if not isinstance(value, dict):
        raise ApiError(400, 50035, "Invalid Form Body")
    return value


async def read_body(request: web.Request) -> RequestBody:
    """Parse the body of ``request``; raises :class:`ApiError` (400) for bodies Discord would refuse."""
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
        return RequestBody(payload=payload, files=files, multipart=True)
    text = await request.text()
    if text.strip() and request.content_type != "application/json":
        raise ApiError(400, 50035, f"Invalid Form Body (unsupported Content-Type {request.content_type!r})")
    return RequestBody(payload=_parse_json(text))


async def read_json_array(request: web.Request) -> list[Any]:
    """A JSON array body (bulk command overwrite); raises :class:`ApiError` (400) otherwise."""
    text = await request.text()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
    if not isinstance(value, list):
        raise ApiError(400, 50035, "Invalid Form Body (expected an array)")
    return value
