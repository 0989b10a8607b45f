"""Violations of Discord's rules, errors in Discord's JSON shape, and mistakes in using the test API."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ApiError",
    "DiscordLimitViolation",
    "Problem",
    "StandInUsageError",
    "Violation",
    "WaitTimeout",
    "form_errors",
]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a request body.

    ``path`` locates the field (``("embeds", 0, "title")``), ``code`` is Discord's error code string
    (``BASE_TYPE_MAX_LENGTH``) and ``message`` a human explanation naming the limit.
    """

    rule: str
    path: tuple[str | int, ...]
    code: str
    message: str

    def describe(self) -> str:
        """``embeds.0.title: Must be 256 or fewer in length.``"""
        where = ".".join(str(p) for p in self.path) or "<body>"
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class Violation:
    """A rule of Discord's that the client broke, as recorded by the stand-in."""

    rule: str
    message: str
    at: float
    request: str = ""
    details: tuple[str, ...] = field(default_factory=tuple)

    def __str__(self) -> str:
        head = f"[{self.rule}] {self.message}"
        if self.request:
            head += f" (request: {self.request})"
        if self.details:
            head += "\n    " + "\n    ".join(self.details)
        return head


class DiscordLimitViolation(AssertionError):
    """Raised by the test API when the client broke one of Discord's rules."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        self.violations = list(violations)
        lines = "\n  ".join(str(v) for v in self.violations)
        super().__init__(f"the client broke {len(self.violations)} Discord rule(s):\n  {lines}")


class StandInUsageError(Exception):
    """The test asked for something a real Discord user could not do (or the stand-in cannot find)."""


class WaitTimeout(AssertionError):
    """A wait of the test API ran out of time; the message says what was awaited."""


def form_errors(problems: Iterable[Problem]) -> dict[str, Any]:
    """Discord's nested ``errors`` object for a 50035 *Invalid Form Body* answer."""
    root: dict[str, Any] = {}
    for problem in problems:
        node = root
        for part in problem.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return root


class ApiError(Exception):
    """An error answer in Discord's JSON shape: ``{"message": ..., "code": ..., "errors": ...}``."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(f"{status} {message} (code {code})")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.headers = headers or {}

    @classmethod
    def invalid_form(cls, problems: Sequence[Problem]) -> ApiError:
        """The 400 *Invalid Form Body* answer listing ``problems``."""
        return cls(400, 50035, "Invalid Form Body", errors=form_errors(problems))

    def body(self) -> dict[str, Any]:
        """The JSON body of the answer."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body
