"""The gateway: HELLO, IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME with replay, and event dispatch."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .core import Core
from .payloads import guild_create_payload, member_payload, user_payload

log = logging.getLogger(__name__)

__all__ = ["Gateway", "GatewayEvent", "Intents", "Session"]


class Op:
    """Gateway opcodes."""

    DISPATCH = 0
    HEARTBEAT = 1
    IDENTIFY = 2
    PRESENCE_UPDATE = 3
    VOICE_STATE_UPDATE = 4
    RESUME = 6
    RECONNECT = 7
    REQUEST_GUILD_MEMBERS = 8
    INVALID_SESSION = 9
    HELLO = 10
    HEARTBEAT_ACK = 11


class Intents:
    """Gateway intent bits used here."""

    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


@dataclass(frozen=True)
class GatewayEvent:
    """A dispatch the stand-in sent (or buffered) for a session."""

    session_id: str
    seq: int
    name: str
    data: dict[str, Any]
    replayed: bool = False


@dataclass(eq=False)
class Session:
    """A gateway session; it outlives its connection so that RESUME can replay what was missed."""

    id: str
    intents: int
    shard: tuple[int, int]
    seq: int = 0
    buffer: list[tuple[int, str, str, dict[str, Any]]] = field(default_factory=list)
    connection: Connection | None = None
    invalid: bool = False

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether events of ``guild_id`` go to this session's shard (DMs go to shard 0)."""
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id


class Connection:
    """One websocket connection; frames go out through a queue in order, optionally zlib-stream compressed."""

    def __init__(self, ws: web.WebSocketResponse, request: web.Request, *, compress: bool) -> None:
        self.ws = ws
        self.request = request
        self.path = request.path
        self.session: Session | None = None
        self.heartbeats = 0
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._compressor = zlib.compressobj() if compress else None

    def send_text(self, text: str) -> None:
        """Queue one JSON frame."""
        self._queue.put_nowait(text)

    def send(self, payload: dict[str, Any]) -> None:
        """Queue one payload."""
        self.send_text(json.dumps(payload))

    def stop_writer(self) -> None:
        """Let the writer finish after what is queued."""
        self._queue.put_nowait(None)

    async def run_writer(self) -> None:
        """Send queued frames until stopped or the socket closes."""
        while True:
            text = await self._queue.get()
            if text is None or self.ws.closed:
                return
            try:
                if self._compressor is not None:
                    data = self._compressor.compress(text.encode()) + self._compressor.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError) as exc:
                log.debug("gateway write failed: %s", exc)
                return


DIRECT_MESSAGE_EVENTS = frozenset({"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE", "INTERACTION_CREATE",
                                   "TYPING_START", "CHANNEL_PINS_UPDATE"})
"""Events that, without a guild id, happen in a direct message (and so belong to shard 0)."""


def event_guild_id(name: str, data: dict[str, Any]) -> int | None:
    """The guild a dispatch belongs to, for the shard check: ``id`` of a GUILD_CREATE/UPDATE/DELETE, else its
    ``guild_id``; 0 for an event in a direct message (a channel but no guild: Discord sends those on shard 0); None
    for events of no channel or guild (READY, RESUMED), which any shard gets."""
    raw = data.get("id") if name in ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE") else data.get("guild_id")
    if raw is None:
        return 0 if name in DIRECT_MESSAGE_EVENTS and data.get("channel_id") is not None else None
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


def _redact_content(data: dict[str, Any]) -> dict[str, Any]:
    redacted = dict(data)
    redacted.update({"content": "", "embeds": [], "attachments": [], "components": []})
    redacted.pop("poll", None)
    return redacted


class Gateway:
    """Serves ``/gateway`` (and ``/gateway/resume``, the ``resume_gateway_url``) for discord.py clients."""

    def __init__(self, core: Core) -> None:
        self.core = core
        core.gateway = self
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.events: list[GatewayEvent] = []
        self.received: list[tuple[str, int, dict[str, Any] | None]] = []
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.connects = 0

    # ---- status ---------------------------------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Whether some session currently has a live connection."""
        return any(s.connection is not None for s in self.sessions.values() if not s.invalid)

    def live_sessions(self) -> list[Session]:
        """Sessions that would get (or buffer) events."""
        return [s for s in self.sessions.values() if not s.invalid]

    # ---- dispatch -------------------------------------------------------------------------------------------------

    def dispatch(
        self,
        name: str,
        data: dict[str, Any],
        *,
        guild_id: int | None = None,
        intent: int | None = None,
        message_author_id: int | None = None,
        mentions_bot: bool = False,
    ) -> int:
        """Send an event to every session whose shard owns ``guild_id`` and whose intents include ``intent``.

        Sessions without a connection buffer the event for RESUME. For message events, content is emptied when the
        session lacks MESSAGE_CONTENT (unless the bot wrote the message, it is a DM, or it mentions the bot).
        Returns the number of sessions the event went to.
        """
        count = 0
        for session in self.live_sessions():
            if not session.owns_guild(guild_id):
                continue
            if intent is not None and not session.intents & intent:
                continue
            payload = data
            if (
                message_author_id is not None
                and not session.intents & Intents.MESSAGE_CONTENT
                and message_author_id != self.core.bot_user_id
                and guild_id is not None
                and not mentions_bot
            ):
                payload = _redact_content(data)
            self._send_dispatch(session, name, payload)
            count += 1
        self.core.changed()
        return count

    def send_guild_create(self, guild_id: int) -> None:
        """GUILD_CREATE for a guild the bot joined while connected (members as in the identify flow)."""
        world = self.core.world
        bot = world.users[self.core.bot_user_id]
        guild = world.guilds[guild_id]
        for session in self.live_sessions():
            if session.owns_guild(guild_id):
                all_members = bool(session.intents & Intents.GUILD_PRESENCES)
                self._send_dispatch(
                    session, "GUILD_CREATE", guild_create_payload(guild, world, all_members=all_members, bot=bot)
                )
        self.core.changed()

    def _send_dispatch(self, session: Session, name: str, data: dict[str, Any]) -> int:
        guild_id = event_guild_id(name, data)
        if guild_id is not None and not session.owns_guild(guild_id):
            shard_id, count = session.shard
            self.core.violate(
                "gateway.shard",
                f"{name} of guild {guild_id} (shard {(guild_id >> 22) % count}) was dispatched on shard "
                f"{shard_id} of {count}",
            )
        session.seq += 1
        text = json.dumps({"op": Op.DISPATCH, "t": name, "s": session.seq, "d": data})
        session.buffer.append((session.seq, name, text, data))
        self.events.append(GatewayEvent(session.id, session.seq, name, data))
        if session.connection is not None:
            session.connection.send_text(text)
        return session.seq

    # ---- connection control for tests -----------------------------------------------------------------------------

    async def drop_connections(self, code: int = 4000, *, abrupt: bool = False) -> int:
        """Close every connection (as Discord does when it drops you); sessions stay resumable.

        With ``abrupt`` the TCP connection is cut without a close frame. Returns how many were dropped.
        """
        dropped = 0
        for conn in list(self.connections):
            dropped += 1
            if abrupt and conn.request.transport is not None:
                conn.request.transport.abort()
            else:
                with contextlib.suppress(Exception):
                    await conn.ws.close(code=code, message=b"dropped by the stand-in")
        return dropped

    def send_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connection (the client should reconnect and RESUME)."""
        for conn in list(self.connections):
            conn.send({"op": Op.RECONNECT, "d": None})

    def invalidate_sessions(self, *, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION; unless ``resumable`` the sessions are forgotten and the client must IDENTIFY."""
        for conn in list(self.connections):
            conn.send({"op": Op.INVALID_SESSION, "d": resumable})
            if conn.session is not None and not resumable:
                conn.session.invalid = True

    async def close(self) -> None:
        """Close every connection with 1001 (going away)."""
        for conn in list(self.connections):
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001, message=b"stand-in shutting down")

    # ---- the websocket handler ------------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp handler for the gateway endpoint."""
        ws = web.WebSocketResponse(max_msg_size=0, timeout=2.0, heartbeat=None)
        await ws.prepare(request)
        compress_mode = request.query.get("compress")
        compress = self.core.config.gateway_compression and compress_mode == "zlib-stream"
        conn = Connection(ws, request, compress=compress)
        self.connections.add(conn)
        self.connects += 1
        writer = asyncio.create_task(conn.run_writer(), name="standin-gateway-writer")
        try:
            if request.query.get("encoding", "json") != "json":
                self.core.violate("gateway.encoding", "the stand-in only speaks encoding=json")
                await ws.close(code=4002, message=b"Error while decoding payload.")
                return ws
            if request.query.get("v") not in (None, "10"):
                self.core.violate("gateway.version", f"gateway version v={request.query.get('v')} (expected 10)")
            conn.send(
                {
                    "op": Op.HELLO,
                    "d": {
                        "heartbeat_interval": int(self.core.config.heartbeat_interval * 1000),
                        "_trace": ['["standin-gateway"]'],
                    },
                }
            )
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_frame(conn, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    await ws.close(code=4002, message=b"Error while decoding payload.")
        finally:
            conn.stop_writer()
            await asyncio.wait({writer}, timeout=1.0)
            if not writer.done():
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await writer
            self.connections.discard(conn)
            if conn.session is not None and conn.session.connection is conn:
                conn.session.connection = None
            self.core.changed()
        return ws

    async def _on_frame(self, conn: Connection, text: str) -> None:
        try:
            frame = json.loads(text)
            op = frame["op"]
        except (ValueError, KeyError, TypeError):
            await conn.ws.close(code=4002, message=b"Error while decoding payload.")
            return
        data = frame.get("d")
        self.received.append((conn.session.id if conn.session else "", op, data if isinstance(data, dict) else None))
        if op == Op.HEARTBEAT:
            conn.heartbeats += 1
            self.heartbeats += 1
            conn.send({"op": Op.HEARTBEAT_ACK})
        elif op == Op.IDENTIFY:
            await self._identify(conn, data or {})
        elif op == Op.RESUME:
            await self._resume(conn, data or {})
        elif op == Op.REQUEST_GUILD_MEMBERS:
            self._request_members(conn, data or {})
        elif op in (Op.PRESENCE_UPDATE, Op.VOICE_STATE_UPDATE):
            pass
        else:
            await conn.ws.close(code=4001, message=b"Unknown opcode.")
        self.core.changed()

    async def _identify(self, conn: Connection, data: dict[str, Any]) -> None:
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"Already authenticated.")
            return
        if data.get("token") != self.core.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = data.get("intents")
        if not isinstance(intents, int) or intents < 0 or intents >= 1 << 26:
            await conn.ws.close(code=4013, message=b"Invalid intent(s).")
            return
        if intents & Intents.PRIVILEGED & ~self.core.config.allowed_privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        raw_shard = data.get("shard") or [0, 1]
        shard = (int(raw_shard[0]), int(raw_shard[1]))
        if not 0 <= shard[0] < shard[1]:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        for old in list(self.sessions.values()):
            if old.shard == shard and old.connection is None:
                old.invalid = True
        session = Session(id=secrets.token_hex(16), intents=intents, shard=shard)
        self.sessions[session.id] = session
        session.connection = conn
        conn.session = session
        self.identifies += 1
        world = self.core.world
        bot = world.users[self.core.bot_user_id]
        guilds = [g for g in world.guilds.values() if bot.id in g.members and session.owns_guild(g.id)]
        ready = {
            "v": 10,
            "user": user_payload(bot) | {"mfa_enabled": False, "verified": True, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "resume_gateway_url": self.core.base_url.replace("http://", "ws://", 1) + "/gateway/resume",
            "shard": list(shard),
            "application": {"id": str(self.core.application_id), "flags": 0},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "guild_join_requests": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "session_type": "normal",
            "auth": {},
            "_trace": ['["standin-gateway"]'],
        }
        self._send_dispatch(session, "READY", ready)
        all_members = bool(intents & Intents.GUILD_PRESENCES)
        for guild in guilds:
            self._send_dispatch(
                session, "GUILD_CREATE", guild_create_payload(guild, world, all_members=all_members, bot=bot)
            )

    async def _resume(self, conn: Connection, data: dict[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or session.invalid or data.get("token") != self.core.token:
            conn.send({"op": Op.INVALID_SESSION, "d": False})
            return
        seq = data.get("seq") or 0
        if session.connection is not None and session.connection is not conn:
            old = session.connection
            old.session = None
            with contextlib.suppress(Exception):
                await old.ws.close(code=4000, message=b"session resumed elsewhere")
        session.connection = conn
        conn.session = session
        self.resumes += 1
        replayed = 0
        for number, name, text, payload in session.buffer:
            if number > seq:
                conn.send_text(text)
                self.events.append(GatewayEvent(session.id, number, name, payload, replayed=True))
                replayed += 1
        log.info("session %s resumed from seq %s, replayed %d event(s)", session.id, seq, replayed)
        self._send_dispatch(session, "RESUMED", {"_trace": ['["standin-gateway"]']})

    def _request_members(self, conn: Connection, data: dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            return
        guild = self.core.world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        query = data.get("query")
        user_ids = {int(u) for u in data.get("user_ids") or []}
        limit = data.get("limit") or 0
        members = list(guild.members.values())
        if user_ids:
            members = [m for m in members if m.user.id in user_ids]
        elif query:
            members = [m for m in members if m.user.username.lower().startswith(str(query).lower())]
        if limit:
            members = members[:limit]
        found = {m.user.id for m in members}
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [member_payload(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(u) for u in user_ids - found],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        if data.get("presences"):
            chunk["presences"] = []
        self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)
