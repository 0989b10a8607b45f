"""Request bodies checked against Discord's OpenAPI description (``openapi/openapi.json``, vendored with its licence).

Every JSON body a client sends (for multipart requests, the ``payload_json`` part) is validated against the
``requestBody`` schema of its route with ``jsonschema`` (JSON Schema 2020-12, the dialect of OpenAPI 3.1). The
description is parsed once per process and one validator is compiled per route, on first use.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from .errors import Problem

__all__ = ["OPENAPI_PATH", "RULE", "RequestSchemas", "component_validator", "spec_path_for"]

OPENAPI_PATH = Path(__file__).with_name("openapi") / "openapi.json"
SPEC_URI = "urn:discord:openapi:v10"
RULE = "openapi.request_body"
PARAMETER = re.compile(r"\{[^}]*\}")
JSON_CONTENT = "application/json"


@functools.cache
def _spec() -> tuple[dict[str, Any], Registry[Any]]:
    """The parsed description and a registry that resolves its ``#/components/...`` references."""
    spec = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    # Discord takes snowflakes as integers too (the description's README says so); discord.py sends some that way.
    schemas["SnowflakeType"] = {"anyOf": [copy.deepcopy(schemas["SnowflakeType"]), {"type": "integer", "minimum": 0}]}
    registry: Registry[Any] = Registry().with_resource(SPEC_URI, DRAFT202012.create_resource(spec))
    return spec, registry


def component_validator(name: str) -> Draft202012Validator:
    """A validator of the description's ``#/components/schemas/<name>`` (e.g. ``RatelimitedResponse``)."""
    _, registry = _spec()
    return Draft202012Validator({"$ref": f"{SPEC_URI}#/components/schemas/{name}"}, registry=registry)


def _shape(template: str) -> str:
    """A route template with its parameter names dropped: ``/channels/{}/messages``."""
    return PARAMETER.sub("{}", template)


@functools.cache
def _paths_by_shape() -> dict[str, str]:
    spec, _ = _spec()
    return {_shape(path): path for path in spec["paths"]}


def spec_path_for(route: str) -> str | None:
    """The description's path for a stand-in route template (parameter names may differ), or None."""
    return _paths_by_shape().get(_shape(route))


def _pointer_part(text: str) -> str:
    return text.replace("~", "~0").replace("/", "~1")


class RequestSchemas:
    """Validators of request bodies, compiled once per method and route."""

    def __init__(self) -> None:
        self._validators: dict[tuple[str, str], Draft202012Validator | None] = {}
        self.validated: Counter[tuple[str, str]] = Counter()
        """Bodies validated, by (method, route)."""
        self.unvalidated: Counter[tuple[str, str]] = Counter()
        """Non-empty bodies of routes the description gives no JSON body schema for, by (method, route)."""

    def validator(self, method: str, route: str) -> Draft202012Validator | None:
        """The validator of ``method`` ``route`` bodies (``POST``, ``/channels/{channel_id}/messages``); None when
        the description gives no JSON body for it (or lacks the route)."""
        key = (method, route)
        if key not in self._validators:
            self._validators[key] = self._compile(method.lower(), route)
        return self._validators[key]

    @staticmethod
    def _compile(method: str, route: str) -> Draft202012Validator | None:
        spec, registry = _spec()
        path = spec_path_for(route)
        if path is None:
            return None
        content = spec["paths"][path].get(method, {}).get("requestBody", {}).get("content", {})
        if JSON_CONTENT not in content:
            return None
        pointer = "/".join(("#/paths", _pointer_part(path), method, "requestBody/content",
                            _pointer_part(JSON_CONTENT), "schema"))
        return Draft202012Validator({"$ref": SPEC_URI + pointer}, registry=registry)

    def problems(self, method: str, route: str, body: Any) -> list[Problem]:
        """What is wrong with ``body`` for ``method`` ``route`` by the description (empty when valid or when the
        route has no body schema): one problem per failing field, the most specific reason first."""
        validator = self.validator(method, route)
        if validator is None:
            if body:
                self.unvalidated[(method, route)] += 1
            return []
        self.validated[(method, route)] += 1
        return [_problem(error) for error in validator.iter_errors(body)]


def _problem(error: ValidationError) -> Problem:
    """One field's problem; of a ``oneOf``/``anyOf`` failure, the reason from the alternative that was meant."""
    specific = _explain(error)
    path = tuple(specific.absolute_path)
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path) or "the body"
    reason = specific.message
    if len(reason) > 160:  # the message quotes the whole value
        reason = f"fails {specific.validator} {specific.validator_value!r}"[:160]
    return Problem(RULE, path, "BASE_TYPE_INVALID", f"{reason} (Discord's OpenAPI description, at {where})")


def _explain(error: ValidationError) -> ValidationError:
    """The most telling error below ``error``. For ``oneOf``/``anyOf`` the alternative the value was meant for is
    the one whose ``type`` field (a component's or option's kind) and JSON type matched, with the fewest errors."""
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return error
    branches: dict[Any, list[ValidationError]] = {}
    for child in error.context:
        branches.setdefault(child.relative_schema_path[0], []).append(child)

    def score(errors: list[ValidationError]) -> tuple[int, int]:
        missed = sum(1 for e in errors if _discriminates(e))
        return missed, len(errors)

    meant = min(branches.values(), key=score)
    return best_match(_explain(e) for e in meant) or error


def _discriminates(error: ValidationError) -> bool:
    """Whether ``error`` says the value is of another kind: wrong JSON type, or a wrong ``type`` field."""
    if error.validator == "type" and not error.relative_path:
        return True
    return error.validator in ("const", "enum") and list(error.relative_path) == ["type"]
