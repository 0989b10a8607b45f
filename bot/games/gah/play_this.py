"""The *Play this* button under a *Suggest* answer (issue 52 item 3): one click plays the panel choice the answer
names (`bot.games.gah.suggest_words.shown_moves`), as a click on that choice of the turn panel would (`Controller.act`:
its
compound steps, the forced follow-ups, quick turns, the turn post), and the answer becomes the player's panel.

Its custom_id is ``gah:{game}:{version}:play:{choice}.{fingerprint}``: the choice's index on the panel of that
version and the fingerprint of the player's legal actions, like the panel's own choices (`bot.host.views.panel_view`).
The answer is private to the asker (`bot.host.guards.shown_to_someone_else` refuses anyone else), and a click after the
game moved on, or when the asker has no decision now, is refused in a sentence that changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.games.gah.suggest_words import shown_moves
from bot.host.custom_ids import ComponentId, number
from bot.host.i18n import translator
from bot.host.language import reader_for
from bot.host.service import choices_fingerprint
from bot.host.service.suggest_desk import Suggestion
from bot.host.views import button
from render.core.lang import N_

if TYPE_CHECKING:
    from bot.host.controller import Controller

PLAY_VERB = "play"

STALE_SUGGESTION = N_("The game moved on since this suggestion, so *Play this* no longer fits it; nothing was played. "
                      "Press *Suggest* on your current panel for a new one.")
NOT_YOUR_DECISION = N_("You have no decision to make right now, so there is nothing to play; nothing was played.")


def play_view(suggestion: Suggestion, *, language: str = "en") -> discord.ui.View:
    """The answer's button: *Play this* for the expert's choice, on the panel of the suggestion's game version,
    labelled in `language` (the clicker's; its custom id is the same in every language)."""
    _move, choice = shown_moves(suggestion, language)[0]
    name = suggestion.state.players[suggestion.seat].name
    arg = f"{choice.index}.{choices_fingerprint(suggestion.state, name)}"
    _ = translator(language)
    view = discord.ui.View(timeout=None)
    view.add_item(button(suggestion.game_id, suggestion.version, PLAY_VERB, _("Play this"), arg, style="success"))
    return view


async def play_suggested(controller: Controller, interaction: discord.Interaction, cid: ComponentId) -> None:
    """*Play this*: refuse it politely when the game is no longer at the suggestion's version or the clicker has no
    decision now; else play the choice as the panel's own click does (the answer turns into the panel)."""
    info = await controller.service.game(cid.game)
    if info.version != cid.version:
        await controller.reply(interaction, (await reader_for(interaction, controller.service))(STALE_SUGGESTION))
        return
    if interaction.user.id not in controller.waiting_users(info):
        await controller.reply(interaction, (await reader_for(interaction, controller.service))(NOT_YOUR_DECISION))
        return
    index, _, choices = cid.arg.partition(".")
    await controller.act(interaction, cid, number(index), choices or None)
