"""Pointing an unmodified discord.py at the stand-in (or anywhere else)."""

from __future__ import annotations

from dataclasses import dataclass

import discord.gateway
import discord.http
import yarl

__all__ = ["DiscordPyTarget", "point_discord_py_at"]


@dataclass(frozen=True)
class DiscordPyTarget:
    """What :func:`point_discord_py_at` set, and how to put it back."""

    api_base: str
    gateway_url: str
    previous_api_base: str
    previous_gateway: yarl.URL

    def restore(self) -> None:
        """Put discord.py's previous REST base and gateway back."""
        discord.http.Route.BASE = self.previous_api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self.previous_gateway


def point_discord_py_at(base_url: str, gateway_url: str | None = None) -> DiscordPyTarget:
    """Make every discord.py client in this process talk to ``base_url`` (e.g. ``http://127.0.0.1:8765``).

    Sets exactly two class attributes, before the client logs in:

    * ``discord.http.Route.BASE = base_url + "/api/v10"`` - every REST call, including interaction callbacks and
      follow-up webhooks, is built from it;
    * ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base_url.replace("http", "ws") + "/gateway")``
      - a non-sharded ``Client`` connects there without asking ``GET /gateway/bot``; discord.py adds
      ``?v=10&encoding=json&compress=zlib-stream`` itself, and reconnects to READY's ``resume_gateway_url``.

    ``base_url`` may also be given as the API base (ending in ``/api/v10``), as in the bot's DISCORD_API_BASE
    setting; ``gateway_url`` overrides the derived gateway URL (the bot's DISCORD_GATEWAY_URL).
    Returns a :class:`DiscordPyTarget` whose ``restore()`` undoes the change.
    """
    root = base_url.rstrip("/").removesuffix("/api/v10")
    api_base = root + "/api/v10"
    gateway = gateway_url or root.replace("https://", "wss://", 1).replace("http://", "ws://", 1) + "/gateway"
    target = DiscordPyTarget(
        api_base=api_base,
        gateway_url=gateway,
        previous_api_base=discord.http.Route.BASE,
        previous_gateway=discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY,
    )
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    return target
