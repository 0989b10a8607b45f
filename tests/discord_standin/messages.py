"""Creating, editing and deleting messages: limits, attachments, mentions, and the gateway events they cause."""

from __future__ import annotations

import logging
import mimetypes
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from .bodies import RequestBody, UploadedFile
from .core import Core
from .errors import ApiError, Problem
from .gateway import Intents
from .limits import check_message
from .mentions import check_allowed_mentions, resolve_pings
from .payloads import message_payload
from .world import Attachment, Channel, Message, MessageFlag, Pings, User

log = logging.getLogger(__name__)

__all__ = ["MessageContext", "MessageService", "MessageType"]


class MessageType:
    """Message type numbers used here."""

    DEFAULT = 0
    REPLY = 19
    CHAT_INPUT_COMMAND = 20
    CONTEXT_MENU_COMMAND = 23


@dataclass
class MessageContext:
    """Who sends a message, where, and as what (a bot, a webhook/interaction, or a user)."""

    author: User
    channel: Channel
    request: str
    type: int = MessageType.DEFAULT
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    interaction_id: int | None = None
    ephemeral_for: int | None = None
    allow_ephemeral: bool = False


class MessageService:
    """The one place messages are made and changed, so every route enforces the same limits."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self._nonces: dict[tuple[int, str], tuple[Message, float]] = {}
        """(author id, nonce) -> the message sent with ``enforce_nonce`` and when (stand-in monotonic seconds)."""

    # ---- helpers --------------------------------------------------------------------------------------------------

    def _check_sizes(self, files: list[UploadedFile], request: str) -> None:
        limit = self.core.config.max_attachment_bytes
        for upload in files:
            if len(upload.data) > limit:
                self.core.violate(
                    "attachments.size",
                    f"file {upload.filename!r} is {len(upload.data)} bytes; Discord allows at most {limit} bytes "
                    f"({limit / 1024 / 1024:g} MiB) per attachment",
                    request=request,
                )
                raise ApiError(413, 40005, "Request entity too large")

    def _attachments(
        self, channel: Channel, files: list[UploadedFile], meta: list[dict[str, Any]], ephemeral: bool
    ) -> list[Attachment]:
        by_index = {str(m.get("id")): m for m in meta if isinstance(m, dict)}
        result = []
        for position, upload in enumerate(files):
            index = upload.index if upload.index is not None else position
            info = by_index.get(str(index), {})
            filename = str(info.get("filename") or upload.filename)
            content_type = mimetypes.guess_type(filename)[0] or upload.content_type
            if content_type == "application/octet-stream":
                content_type = None
            attachment_id = self.core.ids.next()
            result.append(
                Attachment(
                    id=attachment_id,
                    filename=filename,
                    data=upload.data,
                    content_type=content_type,
                    description=info.get("description"),
                    url=f"{self.core.base_url}/attachments/{channel.id}/{attachment_id}/{quote(filename)}",
                    ephemeral=ephemeral,
                )
            )
        return result

    def attachment_from_bytes(
        self, channel: Channel, filename: str, data: bytes, content_type: str | None, *, ephemeral: bool = False
    ) -> Attachment:
        """Store an attachment a test user uploads (e.g. for an ATTACHMENT command option)."""
        attachment = self._attachments(
            channel, [UploadedFile("files[0]", 0, filename, content_type, data)], [], ephemeral
        )[0]
        self.core.world.attachments[attachment.id] = attachment
        return attachment

    def _reference(
        self, payload: dict[str, Any], channel: Channel, request: str
    ) -> tuple[dict[str, Any] | None, User | None]:
        ref = payload.get("message_reference")
        if not ref:
            return None, None
        target = self.core.world.messages.get(int(ref.get("message_id") or 0))
        if target is None or target.deleted or target.channel_id != channel.id:
            if ref.get("fail_if_not_exists", True):
                raise self.core.reject(
                    [
                        Problem(
                            "message.reference",
                            ("message_reference",),
                            "REPLIES_UNKNOWN_MESSAGE",
                            "Unknown message (the replied-to message is not in this channel)",
                        )
                    ],
                    request=request,
                )
            return None, None
        reference = {"type": 0, "message_id": str(target.id), "channel_id": str(channel.id)}
        if channel.guild_id is not None:
            reference["guild_id"] = str(channel.guild_id)
        return reference, target.author

    def _pings(
        self,
        content: str,
        payload: dict[str, Any],
        ctx_channel: Channel,
        author: User,
        replied: User | None,
        ephemeral_for: int | None,
    ) -> Pings:
        pings = resolve_pings(
            content,
            payload.get("allowed_mentions"),
            world=self.core.world,
            channel=ctx_channel,
            author=author,
            replied_author=replied,
        )
        if ephemeral_for is not None:
            pings.user_ids = [u for u in pings.user_ids if u == ephemeral_for]
            pings.role_ids = []
            pings.everyone = False
        return pings

    # ---- create / edit / delete -----------------------------------------------------------------------------------

    def create(self, ctx: MessageContext, body: RequestBody) -> Message:
        """Validate and store a new message, then dispatch MESSAGE_CREATE (not for ephemeral messages)."""
        payload = body.payload
        self._check_sizes(body.files, ctx.request)
        problems = check_message(payload, new_files=len(body.files), creating=True)
        problems += check_allowed_mentions(payload.get("allowed_mentions"))
        if payload.get("poll"):
            problems.append(Problem("standin.unsupported", ("poll",), "UNSUPPORTED", "polls are not supported"))
        if problems:
            raise self.core.reject(problems, request=ctx.request)
        self.core.enforce_schema(body.schema)
        flags = int(payload.get("flags") or 0)
        ephemeral_for = None
        if flags & MessageFlag.EPHEMERAL and ctx.allow_ephemeral:
            ephemeral_for = ctx.ephemeral_for
        if ephemeral_for is None:
            flags &= ~MessageFlag.EPHEMERAL
        flags &= MessageFlag.SUPPRESS_EMBEDS | MessageFlag.SUPPRESS_NOTIFICATIONS | MessageFlag.EPHEMERAL
        reference, replied = self._reference(payload, ctx.channel, ctx.request)
        nonce = payload.get("nonce")
        enforced = nonce is not None and bool(payload.get("enforce_nonce"))
        if enforced and (existing := self._recent_nonce(ctx.author, str(nonce))) is not None:
            return existing
        content = str(payload.get("content") or "")
        pings = self._pings(content, payload, ctx.channel, ctx.author, replied, ephemeral_for)
        message = Message(
            id=self.core.ids.next(),
            channel_id=ctx.channel.id,
            guild_id=ctx.channel.guild_id,
            author=ctx.author,
            timestamp=self.core.clock.now_iso(),
            content=content,
            embeds=[self._normalize_embed(e) for e in payload.get("embeds") or []],
            components=self._normalize_components(payload.get("components") or []),
            attachments=self._attachments(
                ctx.channel, body.files, payload.get("attachments") or [], ephemeral_for is not None
            ),
            flags=flags,
            type=MessageType.REPLY if reference and ctx.type == MessageType.DEFAULT else ctx.type,
            tts=bool(payload.get("tts", False)),
            webhook_id=ctx.webhook_id,
            application_id=ctx.application_id,
            interaction_metadata=ctx.interaction_metadata,
            message_reference=reference,
            nonce=str(nonce) if nonce is not None else None,
            ephemeral_for=ephemeral_for,
            interaction_id=ctx.interaction_id,
        )
        self._set_mentions(message, pings)
        message.pings = pings
        self.core.world.add_message(message)
        if enforced:
            self._nonces[(ctx.author.id, str(nonce))] = (message, self.core.clock.monotonic())
        self.dispatch_create(message)
        return message

    def _recent_nonce(self, author: User, nonce: str) -> Message | None:
        """The message ``author`` sent with this nonce and ``enforce_nonce`` within the last
        ``StandInConfig.nonce_window`` seconds (Discord: "checked for uniqueness in the past few minutes"), if any."""
        found = self._nonces.get((author.id, nonce))
        if found is None:
            return None
        message, sent_at = found
        if self.core.clock.monotonic() - sent_at > self.core.config.nonce_window or message.deleted:
            del self._nonces[(author.id, nonce)]
            return None
        return message

    def create_loading(self, ctx: MessageContext, *, ephemeral: bool) -> Message:
        """The "Bot is thinking..." message of a deferred interaction response."""
        message = Message(
            id=self.core.ids.next(),
            channel_id=ctx.channel.id,
            guild_id=ctx.channel.guild_id,
            author=ctx.author,
            timestamp=self.core.clock.now_iso(),
            flags=MessageFlag.LOADING | (MessageFlag.EPHEMERAL if ephemeral else 0),
            type=ctx.type,
            webhook_id=ctx.webhook_id,
            application_id=ctx.application_id,
            interaction_metadata=ctx.interaction_metadata,
            ephemeral_for=ctx.ephemeral_for if ephemeral else None,
            interaction_id=ctx.interaction_id,
        )
        self.core.world.add_message(message)
        self.dispatch_create(message)
        return message

    def edit(self, message: Message, body: RequestBody, *, request: str) -> Message:
        """Apply an edit; fields left out stay as they are. Filling a deferred message counts as its sending."""
        payload = body.payload
        self._check_sizes(body.files, request)
        filling = message.loading
        kept = list(message.attachments)
        if "attachments" in payload:
            listed = {str(a.get("id")) for a in payload.get("attachments") or [] if isinstance(a, dict)}
            kept = [a for a in message.attachments if str(a.id) in listed]
        merged = {
            "content": payload.get("content", message.content),
            "embeds": payload.get("embeds", message.embeds),
            "components": payload.get("components", message.components),
            "flags": payload.get("flags"),
        }
        problems = check_message(merged, new_files=len(body.files), kept_attachments=len(kept), creating=False)
        problems += check_allowed_mentions(payload.get("allowed_mentions"))
        if not (merged["content"] or merged["embeds"] or merged["components"] or kept or body.files):
            problems.append(Problem("message.empty", (), "50006", "Cannot send an empty message"))
        if problems:
            raise self.core.reject(problems, request=request)
        self.core.enforce_schema(body.schema)
        channel = self.core.world.channels[message.channel_id]
        message.content = str(merged["content"] or "")
        message.embeds = [self._normalize_embed(e) for e in merged["embeds"] or []]
        message.components = self._normalize_components(merged["components"] or [])
        message.attachments = kept + self._attachments(
            channel, body.files, payload.get("attachments") or [], message.ephemeral
        )
        for attachment in message.attachments:
            self.core.world.attachments[attachment.id] = attachment
        if payload.get("flags") is not None:
            suppress = int(payload["flags"]) & MessageFlag.SUPPRESS_EMBEDS
            message.flags = (message.flags & ~MessageFlag.SUPPRESS_EMBEDS) | suppress
        message.flags &= ~MessageFlag.LOADING
        replied = None
        if message.message_reference:
            ref = self.core.world.messages.get(int(message.message_reference["message_id"]))
            replied = ref.author if ref else None
        pings = self._pings(message.content, payload, channel, message.author, replied, message.ephemeral_for)
        self._set_mentions(message, pings)
        if filling:
            message.pings = pings
        else:
            message.edited_timestamp = self.core.clock.now_iso()
            message.edit_count += 1
        self.dispatch_update(message)
        return message

    def delete(self, message: Message) -> None:
        """Delete a message and dispatch MESSAGE_DELETE (not for ephemeral messages)."""
        message.deleted = True
        if message.ephemeral_for is None:
            data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            self._dispatch("MESSAGE_DELETE", message, data)
        self.core.changed()

    # ---- events ---------------------------------------------------------------------------------------------------

    def _dispatch(self, name: str, message: Message, data: dict[str, Any]) -> None:
        gateway = self.core.gateway
        if gateway is None:
            return
        intent = Intents.GUILD_MESSAGES if message.guild_id is not None else Intents.DIRECT_MESSAGES
        gateway.dispatch(
            name,
            data,
            guild_id=message.guild_id,
            intent=intent,
            message_author_id=message.author.id,
            mentions_bot=self.core.bot_user_id in message.mention_user_ids,
        )

    def dispatch_create(self, message: Message) -> None:
        """MESSAGE_CREATE for a message everyone in the channel sees."""
        if message.ephemeral_for is None:
            self._dispatch("MESSAGE_CREATE", message, message_payload(message, self.core.world, gateway=True))
        self.core.changed()

    def dispatch_update(self, message: Message) -> None:
        """MESSAGE_UPDATE for a message everyone in the channel sees."""
        if message.ephemeral_for is None:
            self._dispatch("MESSAGE_UPDATE", message, message_payload(message, self.core.world, gateway=True))
        self.core.changed()

    # ---- normalization --------------------------------------------------------------------------------------------

    @staticmethod
    def _set_mentions(message: Message, pings: Pings) -> None:
        message.mention_user_ids = list(pings.user_ids)
        message.mention_role_ids = list(pings.role_ids)
        message.mention_everyone = pings.everyone

    @staticmethod
    def _normalize_embed(embed: dict[str, Any]) -> dict[str, Any]:
        normalized = dict(embed)
        normalized.setdefault("type", "rich")
        normalized.setdefault("content_scan_version", 0)
        return normalized

    @staticmethod
    def _normalize_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Number the components as Discord does (``id`` 1, 2, ... in depth-first order) unless given."""
        counter = 0

        def walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
            nonlocal counter
            out = []
            for item in items:
                copy = dict(item)
                counter += 1
                copy.setdefault("id", counter)
                if copy.get("type") == 2:
                    copy.setdefault("disabled", False)
                if isinstance(copy.get("components"), list):
                    copy["components"] = walk(copy["components"])
                out.append(copy)
            return out

        return walk(components)
