"""Interactions: INTERACTION_CREATE from test users, the callback endpoint, and the follow-up webhook."""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from .bodies import RequestBody
from .core import Core
from .errors import ApiError, Problem, StandInUsageError
from .limits import check_autocomplete, check_modal
from .messages import MessageContext, MessageService, MessageType
from .payloads import channel_payload, member_payload, message_payload, user_payload
from .world import Channel, Message, MessageFlag, User

log = logging.getLogger(__name__)

__all__ = ["Interaction", "InteractionResponse", "InteractionService", "InteractionType", "ResponseType"]


class InteractionType:
    """Interaction type numbers."""

    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class ResponseType:
    """Interaction callback type numbers."""

    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    AUTOCOMPLETE_RESULT = 8
    MODAL = 9


ALLOWED_RESPONSES: dict[int, frozenset[int]] = {
    InteractionType.APPLICATION_COMMAND: frozenset({4, 5, 9}),
    InteractionType.MESSAGE_COMPONENT: frozenset({4, 5, 6, 7, 9}),
    InteractionType.AUTOCOMPLETE: frozenset({8}),
    InteractionType.MODAL_SUBMIT: frozenset({4, 5, 6, 7}),
}


@dataclass(frozen=True)
class InteractionResponse:
    """The bot's initial response: its type, how long it took, and what it produced."""

    type: int
    latency: float
    message: Message | None
    modal: dict[str, Any] | None
    choices: list[dict[str, Any]] | None


@dataclass(eq=False)
class Interaction:
    """One interaction a test user caused, with everything the bot answered to it.

    ``original`` is the message of a type 4/5 response, or the component's message for 6/7 (the stored message:
    also when the click came from a tampered copy in ``source_message``, the update changes what everyone sees).
    After a deferred response (5) the first follow-up fills in the deferred message, so it is then both ``original``
    and ``followups[0]``.
    """

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    data: dict[str, Any]
    created_at: float
    core: Core
    source_message: Message | None = None
    focused_type: int | None = None
    payload: dict[str, Any] = field(default_factory=dict)
    response_type: int | None = None
    responded_at: float | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    source_edits_at_ack: int = 0
    overdue_reported: bool = False
    expired_reported: bool = False

    @property
    def acknowledged(self) -> bool:
        """Whether the bot sent its initial response."""
        return self.response_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from the interaction to the initial response, as the stand-in measured them."""
        return None if self.responded_at is None else self.responded_at - self.created_at

    def _response(self) -> InteractionResponse | None:
        if self.response_type is None or self.latency is None:
            return None
        return InteractionResponse(self.response_type, self.latency, self.original, self.modal, self.choices)

    async def response(self, timeout: float = 10.0) -> InteractionResponse:
        """Wait for the initial response (raises if the bot breaks the 3-second rule or another rule)."""
        return await self.core.wait_for(
            self._response, timeout=timeout, what=f"the bot's response to interaction {self.id} ({self.describe()})"
        )

    async def reply(self, timeout: float = 10.0) -> Message:
        """Wait for the visible answer: the response message, a filled-in deferred message, or the component's
        message after a type 7 update or (for type 6) the bot's first edit."""
        response = await self.response(timeout)
        if response.type in (ResponseType.MODAL, ResponseType.AUTOCOMPLETE_RESULT):
            raise StandInUsageError(f"interaction {self.id} was answered with type {response.type}, not a message")

        def ready() -> Message | None:
            message = self.original
            if message is None:
                return None
            if self.response_type == ResponseType.DEFERRED_CHANNEL_MESSAGE and message.loading:
                return None
            if (
                self.response_type == ResponseType.DEFERRED_UPDATE_MESSAGE
                and message.edit_count <= self.source_edits_at_ack
            ):
                return None
            return message

        return await self.core.wait_for(ready, timeout=timeout, what=f"the answer to {self.describe()}")

    async def followup(self, index: int = 0, timeout: float = 10.0) -> Message:
        """Wait for follow-up number ``index`` (0 is the first)."""
        return await self.core.wait_for(
            lambda: self.followups[index] if len(self.followups) > index else None,
            timeout=timeout,
            what=f"follow-up #{index} to {self.describe()}",
        )

    def describe(self) -> str:
        """A short human description (``/hotel start by alice``)."""
        if self.type in (InteractionType.APPLICATION_COMMAND, InteractionType.AUTOCOMPLETE):
            names = [self.data.get("name", "?")]
            options = self.data.get("options") or []
            while options and options[0].get("type") in (1, 2):
                names.append(options[0]["name"])
                options = options[0].get("options") or []
            what = "/" + " ".join(names) + (" autocomplete" if self.type == InteractionType.AUTOCOMPLETE else "")
        elif self.type == InteractionType.MESSAGE_COMPONENT:
            what = f"component {self.data.get('custom_id')!r}"
        else:
            what = f"modal {self.data.get('custom_id')!r}"
        return f"{what} by {self.user.username}"


class InteractionService:
    """Creates interactions and answers the callback and webhook routes for them."""

    def __init__(self, core: Core, messages: MessageService) -> None:
        self.core = core
        self.messages = messages
        self.records: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.delivery_delays: list[float] = []
        """Seconds by which the next interactions reach the bot late, one each (``StandIn.delay_interactions``)."""
        core.sweepers.append(self.sweep)

    # ---- creation -------------------------------------------------------------------------------------------------

    def create(
        self,
        *,
        type: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        source_message: Message | None = None,
        focused_type: int | None = None,
    ) -> Interaction:
        """Make an interaction and dispatch INTERACTION_CREATE to the bot."""
        gateway = self.core.gateway
        if gateway is None or not gateway.live_sessions():
            raise StandInUsageError("no bot is connected to the stand-in's gateway, so nobody would get this")
        record = Interaction(
            id=self.core.ids.next(),
            token="aW50ZXJhY3Rpb246" + secrets.token_urlsafe(120),
            type=type,
            user=user,
            channel=channel,
            data=data,
            created_at=self.core.clock.monotonic(),
            core=self.core,
            source_message=source_message,
            focused_type=focused_type,
        )
        record.payload = self._payload(record)
        self.records[record.id] = record
        self._by_token[record.token] = record
        delay = self.delivery_delays.pop(0) if self.delivery_delays else 0.0
        send = functools.partial(gateway.dispatch, "INTERACTION_CREATE", record.payload, guild_id=channel.guild_id)
        if delay > 0:  # Discord's 3 seconds run from the creation, as when the bot's loop or disk stalls
            asyncio.get_running_loop().call_later(delay, send)
        else:
            send()
        return record

    def _payload(self, record: Interaction) -> dict[str, Any]:
        world = self.core.world
        channel = record.channel
        guild = world.guild_of(channel)
        bot = world.users[self.core.bot_user_id]
        user_perms = world.permissions_in(record.user, channel)
        payload: dict[str, Any] = {
            "id": str(record.id),
            "application_id": str(self.core.application_id),
            "type": record.type,
            "data": record.data,
            "channel": channel_payload(channel, world) | {"permissions": str(user_perms)},
            "channel_id": str(channel.id),
            "token": record.token,
            "version": 1,
            "app_permissions": str(world.permissions_in(bot, channel)),
            "locale": record.user.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
            "context": 0 if guild else 1,
            "attachment_size_limit": self.core.config.max_attachment_bytes,
        }
        if guild is not None:
            member = guild.members[record.user.id]
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.preferred_locale, "features": []}
            payload["guild_locale"] = guild.preferred_locale
            payload["member"] = member_payload(member, permissions=user_perms)
        else:
            payload["user"] = user_payload(record.user)
        if record.source_message is not None:
            payload["message"] = message_payload(record.source_message, world)
        return payload

    def _metadata(self, record: Interaction) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "id": str(record.id),
            "type": record.type,
            "user": user_payload(record.user),
            "authorizing_integration_owners": record.payload["authorizing_integration_owners"],
        }
        if record.type == InteractionType.APPLICATION_COMMAND:
            meta["name"] = record.data.get("name")
            meta["command_type"] = record.data.get("type", 1)
        if record.source_message is not None:
            meta["interacted_message_id"] = str(record.source_message.id)
        return meta

    def _context(self, record: Interaction, request: str, *, type: int) -> MessageContext:
        return MessageContext(
            author=self.core.world.users[self.core.bot_user_id],
            channel=record.channel,
            request=request,
            type=type,
            webhook_id=self.core.application_id,
            application_id=self.core.application_id,
            interaction_metadata=self._metadata(record),
            interaction_id=record.id,
            ephemeral_for=record.user.id,
            allow_ephemeral=True,
        )

    # ---- the 3-second rule ----------------------------------------------------------------------------------------

    def sweep(self) -> None:
        """Record a violation for every interaction left without an initial response past the deadline."""
        deadline = self.core.config.initial_response_deadline
        now = self.core.clock.monotonic()
        for record in self.records.values():
            if record.response_type is None and not record.overdue_reported and now - record.created_at > deadline:
                record.overdue_reported = True
                self.core.violate(
                    "interaction.initial_response_timeout",
                    f"no initial response to {record.describe()} within {deadline:g} s "
                    "(Discord shows 'The application did not respond' and the interaction token is dead)",
                )

    # ---- callback -------------------------------------------------------------------------------------------------

    def callback(self, interaction_id: int, token: str, body: RequestBody, request: str) -> dict[str, Any]:
        """``POST /interactions/{id}/{token}/callback``; returns the ``with_response`` body."""
        record = self.records.get(interaction_id)
        if record is None or record.token != token:
            raise ApiError(404, 10062, "Unknown interaction")
        if record.response_type is not None:
            self.core.violate(
                "interaction.already_acknowledged", f"second initial response to {record.describe()}", request=request
            )
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        age = self.core.clock.monotonic() - record.created_at
        deadline = self.core.config.initial_response_deadline
        if age > deadline:
            if not record.overdue_reported:
                record.overdue_reported = True
                self.core.violate(
                    "interaction.initial_response_timeout",
                    f"initial response to {record.describe()} came after {age:.2f} s; Discord allows {deadline:g} s",
                    request=request,
                )
            raise ApiError(404, 10062, "Unknown interaction")
        rtype = body.payload.get("type")
        data = body.payload.get("data") or {}
        allowed = ALLOWED_RESPONSES.get(record.type, frozenset())
        if rtype in (6, 7) and record.source_message is None:
            allowed = allowed - {6, 7}
        if rtype not in allowed:
            raise self.core.reject(
                [
                    Problem(
                        "interaction.response_type",
                        ("type",),
                        "INTERACTION_RESPONSE_TYPE_INVALID",
                        f"response type {rtype!r} is not allowed for {record.describe()} (allowed: {sorted(allowed)})",
                    )
                ],
                request=request,
            )
        if rtype in (ResponseType.DEFERRED_CHANNEL_MESSAGE, ResponseType.DEFERRED_UPDATE_MESSAGE):
            self.core.enforce_schema(body.schema)  # the others after the checks of their message, choices or modal
        message: Message | None = None
        inner = body.with_payload(data)
        stored = self._stored(record.source_message)
        if rtype == ResponseType.CHANNEL_MESSAGE:
            kind = MessageType.CHAT_INPUT_COMMAND if record.type == InteractionType.APPLICATION_COMMAND else 0
            message = self.messages.create(self._context(record, request, type=kind), inner)
        elif rtype == ResponseType.DEFERRED_CHANNEL_MESSAGE:
            kind = MessageType.CHAT_INPUT_COMMAND if record.type == InteractionType.APPLICATION_COMMAND else 0
            ephemeral = bool(int(data.get("flags") or 0) & MessageFlag.EPHEMERAL)
            message = self.messages.create_loading(self._context(record, request, type=kind), ephemeral=ephemeral)
        elif rtype == ResponseType.UPDATE_MESSAGE:
            assert stored is not None
            message = self.messages.edit(stored, inner, request=request)
        elif rtype == ResponseType.DEFERRED_UPDATE_MESSAGE:
            message = stored
        elif rtype == ResponseType.AUTOCOMPLETE_RESULT:
            problems = check_autocomplete(data, record.focused_type)
            if problems:
                raise self.core.reject(problems, request=request)
            self.core.enforce_schema(body.schema)
            record.choices = list(data["choices"])
        elif rtype == ResponseType.MODAL:
            problems = check_modal(data)
            if problems:
                raise self.core.reject(problems, request=request)
            self.core.enforce_schema(body.schema)
            record.modal = data
        record.response_type = rtype
        record.responded_at = self.core.clock.monotonic()
        record.original = message
        if stored is not None:
            record.source_edits_at_ack = stored.edit_count
        self.core.changed()
        result: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "activity_instance_id": None,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": rtype == ResponseType.DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": rtype},
        }
        if message is not None and rtype != ResponseType.DEFERRED_UPDATE_MESSAGE:
            result["resource"]["message"] = message_payload(message, self.core.world)
        return result

    def _stored(self, source: Message | None) -> Message | None:
        """The stored message a component interaction came from: what a message update (type 7, or the edits after
        a type 6) changes. On Discord an update changes the message as everyone sees it, whatever the clicking
        client showed; a test that clicks a tampered copy of a message (``dataclasses.replace``, same id) must see
        the update on the real message, not only on its copy. A message the stand-in never stored is its own."""
        if source is None:
            return None
        return self.core.world.messages.get(source.id, source)

    # ---- webhook (follow-ups) -------------------------------------------------------------------------------------

    def webhook_record(self, application_id: int, token: str, request: str) -> Interaction:
        """The interaction behind ``/webhooks/{application_id}/{token}``, enforcing the 15-minute token life."""
        record = self._by_token.get(token)
        if application_id != self.core.application_id or record is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        age = self.core.clock.monotonic() - record.created_at
        lifetime = self.core.config.token_lifetime
        if age > lifetime:
            self.core.violate(
                "interaction.token_expired",
                f"used the token of {record.describe()} {age / 60:.1f} min after the interaction; "
                f"interaction tokens are valid for {lifetime / 60:g} min",
                request=request,
            )
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if record.response_type is None:
            self.core.violate(
                "interaction.followup_before_response",
                f"used the webhook of {record.describe()} before the initial response",
                request=request,
            )
            raise ApiError(404, 10015, "Unknown Webhook")
        return record

    def execute(self, record: Interaction, body: RequestBody, request: str) -> Message:
        """A follow-up message; the first one after a deferred response fills in the deferred message."""
        original = record.original
        if (
            record.response_type == ResponseType.DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            payload = dict(body.payload)
            payload.pop("flags", None)
            message = self.messages.edit(original, body.with_payload(payload), request=request)
        else:
            message = self.messages.create(self._context(record, request, type=MessageType.DEFAULT), body)
        record.followups.append(message)
        self.core.changed()
        return message

    def find_message(self, record: Interaction, ref: str) -> Message:
        """``@original`` or the id of one of this interaction's messages."""
        if ref == "@original":
            message = record.original
        else:
            try:
                wanted = int(ref)
            except ValueError as exc:
                raise ApiError(404, 10008, "Unknown Message") from exc
            candidates = [m for m in (record.original, *record.followups) if m is not None]
            message = next((m for m in candidates if m.id == wanted), None)
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    def edit(self, record: Interaction, message: Message, body: RequestBody, request: str) -> Message:
        """Edit ``@original`` or a follow-up."""
        return self.messages.edit(message, body, request=request)
