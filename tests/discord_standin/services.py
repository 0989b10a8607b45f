"""The services a request handler needs, stored on the aiohttp application."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from .core import Core
from .events import WorldEvents
from .gateway import Gateway
from .interactions import InteractionService
from .messages import MessageService

__all__ = ["SERVICES", "Services", "services"]


@dataclass
class Services:
    """Core state plus the gateway, message, interaction and world-event services."""

    core: Core
    gateway: Gateway
    messages: MessageService
    interactions: InteractionService
    events: WorldEvents

    @classmethod
    def build(cls, core: Core) -> Services:
        """Wire up the services around ``core``."""
        messages = MessageService(core)
        return cls(
            core=core,
            gateway=Gateway(core),
            messages=messages,
            interactions=InteractionService(core, messages),
            events=WorldEvents(core),
        )


SERVICES = web.AppKey("standin_services", Services)


def services(request: web.Request) -> Services:
    """The services of the stand-in serving ``request``."""
    return request.app[SERVICES]
