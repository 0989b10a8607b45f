"""Discord's rate limits: per-route buckets with Discord's headers, the global limit, and forced 429s for tests.

Discord counts each request in a *route bucket* (a route, sometimes several routes sharing one bucket, counted
separately per major parameter: channel, guild or webhook) and, for requests made with the bot token, in the
bot's *global* bucket (50 requests a second; interaction callbacks and their follow-up webhooks are exempt).
Every answer carries the route bucket's state in ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``; a
request over a limit gets 429 with ``Retry-After`` (whole seconds, rounded up), ``X-RateLimit-Scope`` and the
JSON body ``{"message", "retry_after", "global", "code"}`` (``X-RateLimit-Global: true`` and no bucket headers for
the global limit). Sources: Discord's developer documentation, *Topics > Rate Limits*; the per-channel message
limit (5 per 5 s) and the higher message-deletion limit (5 per 1 s) are the figures Discord once published for
these routes and still applies.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from .clock import Clock

__all__ = [
    "DISCORD_ROUTE_LIMITS",
    "ForcedRateLimit",
    "RateLimitDecision",
    "RateLimitHit",
    "RateLimiter",
    "RouteLimit",
]

RATE_LIMITED_MESSAGE = "You are being rate limited."


@dataclass(frozen=True)
class RouteLimit:
    """A per-route limit: ``limit`` requests per ``per`` seconds, counted per major parameter.

    ``method`` None matches any method; ``route`` is a route template as the stand-in names it
    (``/channels/{channel_id}/messages``). Routes naming the same ``bucket`` share one count (per major parameter).
    """

    method: str | None
    route: str
    limit: int
    per: float
    bucket: str | None = None

    def matches(self, method: str, route: str) -> bool:
        """Whether a request (``POST``, ``/channels/{channel_id}/messages``) is counted in this limit."""
        return (self.method is None or self.method == method) and self.route == route


DISCORD_ROUTE_LIMITS: tuple[RouteLimit, ...] = (
    RouteLimit("POST", "/channels/{channel_id}/messages", 5, 5.0),
    RouteLimit("PATCH", "/channels/{channel_id}/messages/{message_id}", 5, 5.0),
    RouteLimit("DELETE", "/channels/{channel_id}/messages/{message_id}", 5, 1.0),
)
"""Discord's limits for the routes a game bot uses most: messages created or edited in a channel, 5 per 5 s per
channel; message deletion, 5 per second per channel. Other routes get ``StandInConfig.rate_limit``."""


@dataclass
class ForcedRateLimit:
    """A rule making the next ``times`` matching requests answer 429."""

    method: str | None
    route: str | None
    times: int
    retry_after: float
    global_: bool = False
    scope: str = "user"
    code: int = 0

    def matches(self, method: str, route: str) -> bool:
        """Whether a request (``POST``, ``/channels/{channel_id}/messages``) is caught by this rule."""
        return (self.method is None or self.method == method) and (self.route is None or self.route == route)


@dataclass(frozen=True)
class RateLimitHit:
    """One 429 answer the stand-in gave. ``scope`` is ``user`` (a route bucket), ``global`` or ``shared``."""

    method: str
    route: str
    path: str
    at: float
    retry_after: float
    forced: bool
    global_: bool
    scope: str = "user"
    code: int = 0
    bucket: str = ""

    def body(self) -> dict[str, object]:
        """The JSON body of the 429 answer, as Discord writes it."""
        return {"message": RATE_LIMITED_MESSAGE, "retry_after": self.retry_after, "global": self.global_,
                "code": self.code}


@dataclass
class RateLimitDecision:
    """Headers to add to the answer, and the 429 to give instead (if any)."""

    headers: dict[str, str]
    limited: RateLimitHit | None = None


@dataclass
class _Window:
    """A fixed window of a bucket: it opens at the first request and resets ``per`` seconds later."""

    start: float
    count: int = 0


@dataclass
class RateLimiter:
    """Route buckets (``route_limits``, else ``limit`` per ``per`` seconds), the global bucket (``global_limit``
    per ``global_per`` seconds; 0 turns it off) and forced 429s (:meth:`force_429`).

    All times come from ``clock`` (so :meth:`Clock.advance` also empties buckets).
    """

    clock: Clock
    limit: int = 50
    per: float = 1.0
    route_limits: Sequence[RouteLimit] = DISCORD_ROUTE_LIMITS
    global_limit: int = 50
    global_per: float = 1.0
    hits: list[RateLimitHit] = field(default_factory=list)
    _forced: list[ForcedRateLimit] = field(default_factory=list)
    _windows: dict[tuple[str, str], _Window] = field(default_factory=dict)
    _global: _Window | None = None

    def force_429(
        self,
        *,
        method: str | None = None,
        route: str | None = None,
        times: int = 1,
        retry_after: float = 0.25,
        global_: bool = False,
        scope: str = "user",
        code: int = 0,
    ) -> ForcedRateLimit:
        """Answer the next ``times`` requests matching ``method``/``route`` (a route template such as
        ``/channels/{channel_id}/messages``; None matches any) with 429 and ``retry_after`` seconds."""
        rule = ForcedRateLimit(method=method, route=route, times=times, retry_after=retry_after, global_=global_,
                               scope="global" if global_ else scope, code=code)
        self._forced.append(rule)
        return rule

    @staticmethod
    def bucket_hash(method: str, route: str) -> str:
        """A stable opaque bucket id per method and route, like Discord's X-RateLimit-Bucket."""
        return hashlib.sha1(f"{method} {route}".encode()).hexdigest()[:16]

    def route_limit(self, method: str, route: str) -> tuple[str, int, float]:
        """The bucket id, limit and window (seconds) that count a request to ``method`` ``route``."""
        for rule in self.route_limits:
            if rule.matches(method, route):
                bucket_id = self.bucket_hash("shared", rule.bucket) if rule.bucket else self.bucket_hash(method, route)
                return bucket_id, rule.limit, rule.per
        return self.bucket_hash(method, route), self.limit, self.per

    def decide(self, method: str, route: str, major: str, path: str, *, counts_globally: bool = True
               ) -> RateLimitDecision:
        """Count a request and return its headers, or the 429 it gets. ``counts_globally`` is false for routes
        exempt from the global limit (interaction callbacks and follow-up webhooks)."""
        now = self.clock.monotonic()
        bucket_id, limit, per = self.route_limit(method, route)
        for rule in self._forced:
            if rule.times > 0 and rule.matches(method, route):
                rule.times -= 1
                hit = RateLimitHit(method, route, path, now, rule.retry_after, True, rule.global_, rule.scope,
                                   rule.code, bucket_id)
                return self._limited(hit, limit)
        if counts_globally and self.global_limit > 0:
            window = self._global
            if window is None or now - window.start >= self.global_per:
                window = self._global = _Window(now)
            window.count += 1
            if window.count > self.global_limit:
                retry_after = _round_up(window.start + self.global_per - now)
                return self._limited(RateLimitHit(method, route, path, now, retry_after, False, True, "global"),
                                     limit)
        key = (bucket_id, major)
        window = self._windows.get(key)
        if window is None or now - window.start >= per:
            window = self._windows[key] = _Window(now)
        window.count += 1
        reset_after = _round_up(window.start + per - now)
        if window.count > limit:
            return self._limited(RateLimitHit(method, route, path, now, reset_after, False, False, "user", 0,
                                              bucket_id), limit)
        return RateLimitDecision(self._bucket_headers(bucket_id, limit, limit - window.count, reset_after))

    def _limited(self, hit: RateLimitHit, limit: int) -> RateLimitDecision:
        self.hits.append(hit)
        headers = {"Retry-After": str(max(1, math.ceil(hit.retry_after))), "X-RateLimit-Scope": hit.scope}
        if hit.global_:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers.update(self._bucket_headers(hit.bucket, limit, 0, hit.retry_after))
        return RateLimitDecision(headers, hit)

    def _bucket_headers(self, bucket_id: str, limit: int, remaining: int, reset_after: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{self.clock.wall() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_id,
        }


def _round_up(seconds: float) -> float:
    """Seconds rounded up to the millisecond, so a client sleeping exactly this long never comes back too early."""
    return math.ceil(max(0.0, seconds) * 1000) / 1000
