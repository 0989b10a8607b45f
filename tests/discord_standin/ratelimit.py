"""Rate-limit headers on every REST answer, real per-route buckets, and forced 429 answers for tests."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field

from .clock import Clock

__all__ = ["ForcedRateLimit", "RateLimitDecision", "RateLimitHit", "RateLimiter"]


@dataclass
class ForcedRateLimit:
    """A rule making the next ``times`` matching requests answer 429."""

    method: str | None
    route: str | None
    times: int
    retry_after: float
    global_: bool = False
    scope: str = "user"

    def matches(self, method: str, route: str) -> bool:
        """Whether a request (``POST``, ``/channels/{channel_id}/messages``) is caught by this rule."""
        return (self.method is None or self.method == method) and (self.route is None or self.route == route)


@dataclass(frozen=True)
class RateLimitHit:
    """One 429 answer the stand-in gave."""

    method: str
    route: str
    path: str
    at: float
    retry_after: float
    forced: bool
    global_: bool


@dataclass
class RateLimitDecision:
    """Headers to add to the answer, and the 429 to give instead (if any)."""

    headers: dict[str, str]
    limited: RateLimitHit | None = None


@dataclass
class _Bucket:
    window_start: float
    count: int = 0


@dataclass
class RateLimiter:
    """Per-route buckets of ``limit`` requests per ``per`` seconds (keyed by method, route and major parameters).

    The defaults are generous so a well-behaved client never hits them; tests force 429s with :meth:`force_429`.
    """

    clock: Clock
    limit: int = 50
    per: float = 1.0
    hits: list[RateLimitHit] = field(default_factory=list)
    _forced: list[ForcedRateLimit] = field(default_factory=list)
    _buckets: dict[tuple[str, str, str], _Bucket] = field(default_factory=dict)

    def force_429(
        self,
        *,
        method: str | None = None,
        route: str | None = None,
        times: int = 1,
        retry_after: float = 0.25,
        global_: bool = False,
        scope: str = "user",
    ) -> ForcedRateLimit:
        """Answer the next ``times`` requests matching ``method``/``route`` (a route template such as
        ``/channels/{channel_id}/messages``; None matches any) with 429 and ``retry_after`` seconds."""
        rule = ForcedRateLimit(
            method=method, route=route, times=times, retry_after=retry_after, global_=global_, scope=scope
        )
        self._forced.append(rule)
        return rule

    @staticmethod
    def bucket_hash(method: str, route: str) -> str:
        """A stable opaque bucket id per method and route, like Discord's X-RateLimit-Bucket."""
        return hashlib.sha1(f"{method} {route}".encode()).hexdigest()[:16]

    def decide(self, method: str, route: str, major: str, path: str) -> RateLimitDecision:
        """Count a request and return its headers, or the 429 it gets."""
        now = self.clock.monotonic()
        bucket_id = self.bucket_hash(method, route)
        for rule in self._forced:
            if rule.times > 0 and rule.matches(method, route):
                rule.times -= 1
                hit = RateLimitHit(method, route, path, now, rule.retry_after, True, rule.global_)
                self.hits.append(hit)
                return RateLimitDecision(
                    self._limited_headers(bucket_id, rule.retry_after, rule.global_, rule.scope), hit
                )
        key = (method, route, major)
        bucket = self._buckets.get(key)
        if bucket is None or now - bucket.window_start >= self.per:
            bucket = self._buckets[key] = _Bucket(window_start=now)
        bucket.count += 1
        # Rounded up to the millisecond, so a client sleeping exactly this long never comes back too early.
        reset_after = math.ceil(max(0.0, bucket.window_start + self.per - now) * 1000) / 1000
        if bucket.count > self.limit:
            hit = RateLimitHit(method, route, path, now, reset_after, False, False)
            self.hits.append(hit)
            return RateLimitDecision(self._limited_headers(bucket_id, reset_after, False, "user"), hit)
        headers = {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.limit - bucket.count),
            "X-RateLimit-Reset": f"{self.clock.wall() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_id,
        }
        return RateLimitDecision(headers)

    def _limited_headers(self, bucket_id: str, retry_after: float, global_: bool, scope: str) -> dict[str, str]:
        headers = {
            "Retry-After": str(max(1, math.ceil(retry_after))),
            "X-RateLimit-Scope": "global" if global_ else scope,
        }
        if global_:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers.update(
                {
                    "X-RateLimit-Limit": str(self.limit),
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{self.clock.wall() + retry_after:.3f}",
                    "X-RateLimit-Reset-After": f"{retry_after:.3f}",
                    "X-RateLimit-Bucket": bucket_id,
                }
            )
        return headers
