"""The *Suggest* button's Discord part (issue 42 item 9; issue 51 items 2 and 4): answer the click at once, privately,
let the service search (`bot.host.service.suggest`: merged, one search per member, the AI pool's lowest lane), then fill
in the answer with its *Play this* button (`bot.games.gah.play_this`), unless it can no longer be delivered.

A click that joins a search already under way (the member asked for the same decision before) is answered
`STILL_THINKING` at once, and filled in with the same answer. A search can end long after the click: behind AI
turns, or (before issue 51) behind a queue of other searches. Discord refuses an interaction's token 15 minutes after
the click (404 Unknown Webhook, 401 Invalid Webhook Token); such an answer is dropped with one INFO line, and the
service drops a search none of whose askers can still be told before it starts (`deliver_by`).
"""

from __future__ import annotations

import logging
import time

import discord

from bot.games.gah.play_this import play_view
from bot.games.gah.suggest_words import suggestion_text
from bot.host.language import reader_for, refusal_text
from bot.host.service import PLAYER_ERRORS, GameService
from bot.host.service.suggest import STILL_THINKING
from bot.host.service.suggest_desk import SuggestionUndeliverable

log = logging.getLogger(__name__)

TOKEN_GONE = frozenset({10015, 50027})
"""Discord's error codes for an interaction token it no longer takes: Unknown Webhook, Invalid Webhook Token."""


def deliver_by(interaction: discord.Interaction) -> float:
    """When (`time.monotonic` seconds) the interaction's token expires: Discord takes it for 15 minutes after the
    click (discord.py's `Interaction.expires_at`, from the interaction's id)."""
    return time.monotonic() + (interaction.expires_at - discord.utils.utcnow()).total_seconds()


async def answer_suggest(service: GameService, interaction: discord.Interaction, game_id: int) -> None:
    """Answer a *Suggest* click on a turn panel of `game_id`: "thinking" (or `STILL_THINKING` when the click joins
    the member's search under way) at once, privately, then the suggestion, or the polite reason it was dropped; or
    the suggestion at once, when a search of the same decision has ended.

    Raises:
        ServiceError: the service refused the request before anything was answered (suggestions off, no decision,
            an AI plays the seat, another search of the member thinks); the caller answers it privately.
    """
    request = await service.ask_suggestion(game_id, interaction.user.id, deliver_by=deliver_by(interaction))
    _ = await reader_for(interaction, service)  # the clicker's language (`bot.host.language`)
    if request.answered:  # asked again after the search ended: the answer at once
        suggestion = await request.result()
        await interaction.response.send_message(suggestion_text(suggestion, language=_.language)[:2000],
                                                view=play_view(suggestion, language=_.language), ephemeral=True)
        return
    if request.joined:
        await interaction.response.send_message(_(STILL_THINKING), ephemeral=True)
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
    view: discord.ui.View | None = None
    try:
        found = await request.result()
        text, view = suggestion_text(found, language=_.language), play_view(found, language=_.language)
    except SuggestionUndeliverable:
        log.info("Game %d: a suggestion for user %d dropped before its search: nobody who asked can be answered any "
                 "more", game_id, interaction.user.id)
        return
    except PLAYER_ERRORS as error:  # the decision went before the search started
        text = refusal_text(error, _)
    await deliver(interaction, text, game_id, view)


async def deliver(interaction: discord.Interaction, text: str, game_id: int,
                  view: discord.ui.View | None = None) -> None:
    """Fill in the click's private answer with `text` (and `view`, the *Play this* button), or drop it quietly
    (one INFO line) when Discord no longer takes the interaction's token.

    Raises:
        discord.HTTPException: Discord refused the edit for another reason.
    """
    if interaction.is_expired():
        log.info("Game %d: a suggestion for user %d dropped: the click's token expired before the answer was ready",
                 game_id, interaction.user.id)
        return
    try:
        if view is None:
            await interaction.edit_original_response(content=text[:2000])
        else:
            await interaction.edit_original_response(content=text[:2000], view=view)
    except discord.HTTPException as error:
        if error.code not in TOKEN_GONE:
            raise
        log.info("Game %d: a suggestion for user %d dropped: Discord no longer takes the click's token (%d %s)",
                 game_id, interaction.user.id, error.status, error.text)
