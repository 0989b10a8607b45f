"""Shared state of one stand-in: configuration, clock, ids, world, commands, violations and change notification."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from .clock import Clock
from .commands import CommandRegistry
from .errors import ApiError, DiscordLimitViolation, Problem, Violation, WaitTimeout
from .limits import ATTACHMENT_BYTES_MAX
from .permissions import BOT_DEFAULT
from .ratelimit import DISCORD_ROUTE_LIMITS, RateLimiter, RateLimitHit, RouteLimit
from .schemas import RequestSchemas
from .snowflake import SnowflakeFactory
from .world import World

if TYPE_CHECKING:
    from .bodies import SchemaCheck
    from .gateway import Gateway

log = logging.getLogger(__name__)

__all__ = ["Core", "RequestRecord", "StandInConfig"]

T = TypeVar("T")

GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
MESSAGE_CONTENT = 1 << 15


@dataclass
class StandInConfig:
    """Settings of a stand-in; the defaults follow Discord.

    Attributes:
        heartbeat_interval: seconds between gateway heartbeats asked of the client (HELLO).
        initial_response_deadline: seconds an interaction may wait for its initial response (Discord: 3).
        token_lifetime: seconds an interaction token works for follow-ups (Discord: 15 minutes).
        max_attachment_bytes: largest file per attachment (Discord: 10 MiB without boosts).
        rate_limit, rate_limit_per: requests per seconds of a route bucket without its own entry in
            ``route_limits`` (50 per 1 s).
        route_limits: per-route limits (``ratelimit.RouteLimit``); Discord's for messages by default: 5 created
            and 5 edited per 5 s per channel, 5 deleted per 1 s per channel. ``()`` leaves every route at
            ``rate_limit``.
        global_rate_limit, global_rate_limit_per: the bot's global limit over all routes except interaction
            callbacks and follow-up webhooks (Discord: 50 per 1 s); 0 turns it off.
        nonce_window: seconds in which a message sent with ``enforce_nonce`` is returned again for the same nonce
            and author instead of a new message (Discord: "the past few minutes"; 3 minutes here).
        openapi_validation: what to do with a request body Discord's OpenAPI description does not allow:
            ``reject`` (400 *Invalid Form Body*, as Discord), ``record`` (a violation, the request goes through) or
            ``off``.
        gateway_compression: whether ``compress=zlib-stream`` is honoured.
        allowed_privileged_intents: the privileged intents the application may ask for (others: close 4014).
        bot_username, application_name: names of the bot user and its application.
        bot_permissions: permissions of the bot's managed role in new guilds.
        strict: whether waits raise as soon as a violation is pending.
        recommended_shards: the shard count ``GET /gateway/bot`` recommends (Discord: one per 1,000 guilds).
    """

    heartbeat_interval: float = 41.25
    initial_response_deadline: float = 3.0
    token_lifetime: float = 15 * 60
    max_attachment_bytes: int = ATTACHMENT_BYTES_MAX
    rate_limit: int = 50
    rate_limit_per: float = 1.0
    route_limits: tuple[RouteLimit, ...] = DISCORD_ROUTE_LIMITS
    global_rate_limit: int = 50
    global_rate_limit_per: float = 1.0
    nonce_window: float = 3 * 60
    openapi_validation: str = "reject"
    gateway_compression: bool = True
    allowed_privileged_intents: int = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
    bot_username: str = "GAH Test Bot"
    application_name: str = "GAH Test"
    bot_permissions: int = BOT_DEFAULT
    strict: bool = True
    recommended_shards: int = 1


@dataclass(frozen=True)
class RequestRecord:
    """One REST request the stand-in answered; ``rate_limited`` is the 429 it got, if it got one."""

    method: str
    route: str
    path: str
    status: int
    at: float
    rate_limited: RateLimitHit | None = None


@dataclass
class Core:
    """Everything the stand-in's parts share. Build with :meth:`create`."""

    config: StandInConfig
    clock: Clock
    ids: SnowflakeFactory
    world: World
    commands: CommandRegistry
    rate_limits: RateLimiter
    token: str
    application_id: int
    bot_user_id: int
    owner_id: int
    base_url: str = ""
    gateway: Gateway | None = None
    requests: list[RequestRecord] = field(default_factory=list)
    all_violations: list[Violation] = field(default_factory=list)
    pending_violations: list[Violation] = field(default_factory=list)
    sweepers: list[Callable[[], None]] = field(default_factory=list)
    schemas: RequestSchemas = field(default_factory=RequestSchemas)
    _event: asyncio.Event = field(default_factory=asyncio.Event)
    version: int = 0

    @classmethod
    def create(cls, config: StandInConfig | None = None) -> Core:
        """A fresh world with the bot user (whose id is also the application id) and the app's owner."""
        config = config or StandInConfig()
        clock = Clock()
        ids = SnowflakeFactory(clock)
        world = World(clock, ids)
        bot = world.add_user(config.bot_username, bot=True)
        owner = world.add_user("standin-app-owner")
        token_head = base64.b64encode(str(bot.id).encode()).decode().rstrip("=")
        token = f"{token_head}.{secrets.token_urlsafe(4)}.{secrets.token_urlsafe(27)}"
        return cls(
            config=config,
            clock=clock,
            ids=ids,
            world=world,
            commands=CommandRegistry(bot.id, ids.next),
            rate_limits=RateLimiter(
                clock,
                limit=config.rate_limit,
                per=config.rate_limit_per,
                route_limits=config.route_limits,
                global_limit=config.global_rate_limit,
                global_per=config.global_rate_limit_per,
            ),
            token=token,
            application_id=bot.id,
            bot_user_id=bot.id,
            owner_id=owner.id,
        )

    # ---- violations -----------------------------------------------------------------------------------------------

    def violate(self, rule: str, message: str, *, request: str = "", details: Sequence[str] = ()) -> Violation:
        """Record that the client broke a rule of Discord's."""
        violation = Violation(
            rule=rule, message=message, at=self.clock.monotonic(), request=request, details=tuple(details)
        )
        log.warning("Discord rule broken: %s", violation)
        self.all_violations.append(violation)
        self.pending_violations.append(violation)
        self.changed()
        return violation

    def reject(self, problems: Sequence[Problem], *, request: str) -> ApiError:
        """Record each problem as a violation and return the 400 *Invalid Form Body* error for them."""
        for problem in problems:
            self.violate(problem.rule, problem.describe(), request=request)
        return ApiError.invalid_form(problems)

    def enforce_schema(self, check: SchemaCheck | None, *, mode: str | None = None) -> None:
        """Act on what Discord's OpenAPI description found wrong with a request body, once per request, as
        ``mode`` (default ``config.openapi_validation``) says: ``reject`` records each problem as a violation
        (rule ``openapi.request_body``) and raises the 400 *Invalid Form Body* error, ``record`` only records them,
        ``off`` ignores them. Handlers call it after their own checks, before they change anything."""
        if check is None or check.done:
            return
        check.done = True
        mode = mode or self.config.openapi_validation
        if mode == "off" or not check.problems:
            return
        if mode == "reject":
            raise self.reject(check.problems, request=check.request)
        for problem in check.problems:
            self.violate(problem.rule, problem.describe(), request=check.request)

    def take_violations(self) -> list[Violation]:
        """Violations recorded since the last take (or raise), and forget them."""
        self.sweep()
        taken, self.pending_violations = self.pending_violations, []
        return taken

    def raise_violations(self) -> None:
        """Raise :class:`DiscordLimitViolation` if violations are pending (they count as reported then)."""
        taken = self.take_violations()
        if taken:
            raise DiscordLimitViolation(taken)

    def sweep(self) -> None:
        """Let time-based checks (like the 3-second rule) record what is overdue."""
        for sweeper in self.sweepers:
            sweeper()

    # ---- change notification --------------------------------------------------------------------------------------

    def changed(self) -> None:
        """Wake everything waiting in :meth:`wait_for`."""
        self.version += 1
        event, self._event = self._event, asyncio.Event()
        event.set()

    async def wait_for(
        self, predicate: Callable[[], T | None], *, timeout: float, what: str, strict: bool | None = None
    ) -> T:
        """Wait until ``predicate()`` returns something truthy and return it.

        Raises :class:`WaitTimeout` after ``timeout`` seconds, and (in strict mode) :class:`DiscordLimitViolation`
        as soon as the client breaks a rule.
        """
        strict = self.config.strict if strict is None else strict
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self.sweep()
            if strict:
                self.raise_violations()
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise WaitTimeout(f"timed out after {timeout:g} s waiting for {what}")
            event = self._event
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout=min(remaining, 0.05))
