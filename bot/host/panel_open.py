"""The turn panel stays open where the player left it (issue 52 item 1): the bot remembers each player's latest
panel (the interaction that showed it or was clicked on it) and, when the turn comes back to them, shows their new
turn in that panel, so they need not press *Take my turn* on every post. Discord lets an app edit an interaction's
response for 15 minutes after the interaction; a panel whose interaction is older than `FRESH_SECONDS` is left
alone (the player opens a new one from the post, as before)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import discord

from bot.host.service import GameInfo, ServiceError

log = logging.getLogger(__name__)

FRESH_SECONDS = 14 * 60.0
"""How long after its interaction a panel is still redrawn (Discord's interaction token lasts 15 minutes)."""

Handle = TypeVar("Handle")


@dataclass
class PanelMemory(Generic[Handle]):
    """Each (game, user)'s latest panel: what redraws it (`Handle`: a discord interaction in the bot) and when that
    interaction came (seconds of `clock`). At most one panel per player and game."""

    clock: Callable[[], float] = time.monotonic
    panels: dict[tuple[int, int], tuple[Handle, float]] = field(default_factory=dict)
    closed: set[tuple[int, int]] = field(default_factory=set)
    """Panels that show no choices now (the player's turn passed on): the ones redrawn when it comes back. A
    panel that still shows choices (a player already asked, as in the staff draft) is left as it is."""

    def shown(self, game_id: int, user_id: int, handle: Handle) -> None:
        """The user's panel of this game was just opened or clicked, through the interaction `handle`."""
        self.panels[(game_id, user_id)] = (handle, self.clock())
        self.closed.discard((game_id, user_id))

    def close(self, game_id: int, user_id: int) -> None:
        """The user's panel now shows no choices (their turn passed on)."""
        if (game_id, user_id) in self.panels:
            self.closed.add((game_id, user_id))

    def fresh(self, game_id: int, user_id: int) -> Handle | None:
        """The handle of the user's panel of this game if it can still be redrawn, else None (and forgotten)."""
        handle, at = self.panels.get((game_id, user_id), (None, float("-inf")))
        if handle is None or self.clock() - at > FRESH_SECONDS:
            self.forget(game_id, user_id)
            return None
        return handle

    def forget(self, game_id: int, user_id: int) -> None:
        """Drop the user's panel of this game (it is gone: Discord refused to edit it)."""
        self.panels.pop((game_id, user_id), None)
        self.closed.discard((game_id, user_id))


Payload = Callable[..., Awaitable[dict[str, Any]]]
"""(game, user, reader=the panel's interaction) -> the keyword arguments of the user's panel message, in that
member's language (`Controller.panel_payload`)."""


class OpenPanels:
    """Redraws the open panels of the players the turn comes to (`redraw_later`, right after a move)."""

    def __init__(self, payload: Payload, waiting: Callable[[GameInfo], list[int]],
                 latest: Callable[[int], Awaitable[GameInfo]]) -> None:
        self.payload = payload
        self.waiting = waiting
        self.latest = latest
        self.memory: PanelMemory[discord.Interaction] = PanelMemory()
        self.tasks: set[asyncio.Task[None]] = set()

    def shown(self, game_id: int, interaction: discord.Interaction) -> None:
        """The user of `interaction` opened or clicked their panel of this game."""
        self.memory.shown(game_id, interaction.user.id, interaction)

    def closed(self, game_id: int, user_id: int, payload: dict[str, Any]) -> None:
        """The user's panel was just drawn as `payload`: without choices, it waits for their next turn."""
        if payload.get("view") is None:
            self.memory.close(game_id, user_id)

    def redraw_later(self, info: GameInfo, skip: int | None = None) -> None:
        """Redraw, in the background, the open panel of each user now asked to act in `info` (but `skip`, whose
        panel the caller is updating itself)."""
        users = [user for user in self.waiting(info)
                 if user != skip and (info.id, user) in self.memory.closed and self.memory.fresh(info.id, user)]
        if users:
            task = asyncio.get_running_loop().create_task(self.redraw(info.id, users))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def redraw(self, game_id: int, users: list[int]) -> None:
        """Show each user's turn in their open panel, as the game is now (the users no longer asked are left
        alone). A panel Discord no longer has (dismissed, or its token ran out) is forgotten; the player opens a
        new one from the turn post."""
        try:
            info = await self.latest(game_id)
        except ServiceError:  # the game is gone (cancelled, its channel deleted)
            return
        for user in users:
            handle = self.memory.fresh(info.id, user)
            if handle is None or user not in self.waiting(info):
                continue
            payload = await self.payload(info, user, reader=handle)  # in the language the panel was opened in
            if payload.get("view") is None:
                continue
            try:
                await handle.edit_original_response(**payload)
                self.memory.closed.discard((info.id, user))
            except discord.HTTPException as error:
                log.info("game %s: the open panel of user %s could not be redrawn (%s)", info.id, user, error.status)
                self.memory.forget(info.id, user)
