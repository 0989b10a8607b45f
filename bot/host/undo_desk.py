"""*Undo* on a turn panel and its confirmation, in the panel's own words: the user's last click, all of its moves
if it was a compound one and nothing happened since, else their last move (the service decides what may be taken
back: `GameService.preview_undo`, `undo`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.host import texts
from bot.host.custom_ids import ComponentId, number
from bot.host.kind_clicks import ClickWordsMemory
from bot.host.kinds import KINDS
from bot.host.language import reader_for
from bot.host.service import GameInfo, GameService, Move, TurnResult
from bot.host.views import undo_view
from render.core.lang import N_

PanelPayload = Callable[..., Awaitable[dict[str, Any]]]
"""`Controller.panel_payload`: (the game, the user, note=...) -> the panel message's content and view."""


class UndoDesk:
    """What *Undo* remembers of each player's last click, and its two buttons (*Undo*, *Continue*)."""

    def __init__(self, service: GameService, panel_payload: PanelPayload) -> None:
        self.service = service
        self.panel_payload = panel_payload
        self.last_click: dict[tuple[int, int], tuple[int, int]] = {}
        """(game, user) -> (the game's version after the user's last panel click, how many of their moves it made):
        *Undo* right after a compound click takes back the whole click. Kept until the bot restarts (then Undo takes
        back one move at a time)."""
        self.click_words: dict[str, ClickWordsMemory] = {
            key: clicks.ClickWords() for key, kind in KINDS.items() if (clicks := kind.clicks()) is not None}
        """The panel's words of each player's latest moves, for Undo's confirmation, by game kind (the kind's
        `clicks().ClickWords`: Grand Austria Hotel's `bot.games.gah.undo_words`)."""

    def remember_click(self, game_id: int, user_id: int, result: TurnResult) -> None:
        """Note how many moves of the user one click made (`last_click`)."""
        own = sum(1 for move in result.moves if move.actor == f"user:{user_id}")
        self.last_click[(game_id, user_id)] = (result.game.version, own)

    def remember_words(self, kind: str, game_id: int, user_id: int, state: Any, name: str | None,
                       moves: Sequence[Move]) -> None:
        """Note the panel's words of the user's moves of one click, in a game of `kind` that has them."""
        memory = self.click_words.get(kind)
        if memory is not None:
            memory.remember(game_id, user_id, state, name, moves)

    async def on_undo(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """*Undo*: the preview of what it takes back (the click's moves, in the panel's words), asking to confirm."""
        version, moves = self.last_click.get((cid.game, interaction.user.id), (-1, 1))
        steps = moves if version == cid.version and moves > 1 else 1
        preview = await self.service.preview_undo(cid.game, interaction.user.id, steps)
        info: GameInfo = await self.service.game(cid.game)
        memory = self.click_words.get(info.kind)
        language = (await reader_for(interaction, self.service)).language  # the clicker's (`bot.host.language`)
        words = (memory.name(cid.game, interaction.user.id, preview.actions, language=language)
                 if memory is not None else None)
        await interaction.response.edit_message(content=texts.undo_text(preview, words, language=language),
                                                view=undo_view(cid.game, cid.version, len(preview.actions),
                                                               language=language))

    async def on_confirm(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """*Continue* under the preview: take the moves back and show the panel again."""
        await interaction.response.defer()
        result = await self.service.undo(cid.game, interaction.user.id, cid.version, number(cid.arg or "1"))
        memory = self.click_words.get(result.game.kind)
        if memory is not None:
            memory.taken_back(cid.game, interaction.user.id, number(cid.arg or "1"))
        payload = await self.panel_payload(result.game, interaction.user.id, note=N_("Undone."), reader=interaction)
        await interaction.edit_original_response(**payload)
