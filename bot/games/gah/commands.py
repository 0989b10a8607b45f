"""Grand Austria Hotel's own slash command handlers (`GameKind.command_handlers`): `/gah new` with the solo
opponent's hotel entrance, and `/gah card` with its autocomplete of card names. The shared ones are the host's
(`bot.host.cogs.commands`). Like it, this module does not use postponed annotations: discord.py reads the option
transformers from the callbacks' signatures.
"""

import discord
from discord import app_commands

from bot.games.gah import lookup
from bot.host import command_options as options
from bot.host.cogs.commands import Callback, Handler
from bot.host.cogs.game import GameCog
from bot.host.kinds import AnyKind
from engine.gah.waltz.cards import entrances, solo_entrance_ids

SOLO_ENTRANCE_NAMES: dict[str, str] = {
    "random": "Drawn at random",
    **{key: f"{numeral}. {entrances()[entrance].name}"
       for numeral, (key, entrance) in zip(("I", "II", "III", "IV"), solo_entrance_ids().items(), strict=True)},
}
"""`/gah new`'s choices of the solo opponent's hotel entrance (Let's Waltz module 3 in solo)."""


class CardName(options.Text):
    """`/gah card name`: a card's name or part of it, with Discord's autocomplete offering the card names."""

    def __init__(self) -> None:
        super().__init__("name", options.CARD_NAME_MAX)

    async def autocomplete(self, interaction: discord.Interaction,  # type: ignore[override]
                           value: int | float | str, /) -> list[app_commands.Choice[str]]:
        # the text arrives as typed, and a tampered client may send thousands of characters; the search's cost
        # grows with it, so only what the option takes is searched
        wanted = value[: self.longest] if isinstance(value, str) else ""
        return [app_commands.Choice(name=label, value=choice) for label, choice in lookup.autocomplete_choices(wanted)]


def new_solo(cog: GameCog, kind: AnyKind) -> Callback:
    opponent = options.OneOf("opponent_entrance", SOLO_ENTRANCE_NAMES)

    async def new(interaction: discord.Interaction,
                  opponent_entrance: app_commands.Transform[str, opponent] = "random") -> None:
        chosen: dict[str, str | bool] = {} if opponent_entrance == "random" else {"solo_entrance": opponent_entrance}
        await cog.open_lobby(interaction, kind, chosen)
    return new


def card(cog: GameCog, kind: AnyKind) -> Callback:
    async def card(interaction: discord.Interaction, name: app_commands.Transform[str, CardName]) -> None:
        language = (await options.reader_of(interaction)).language  # the reader's (`bot.host.language`)
        await cog.controller.reply(interaction, lookup.lookup_text(name, language=language))
    return card


HANDLERS: dict[str, Handler] = {
    "new_solo": Handler(new_solo, {"opponent_entrance": "Solo with Unique Hotels: the opponent's own hotel entrance "
                                                        "(default: drawn at random)"}),
    "card": Handler(card, {"name": f"The card's name or part of it (at most {options.CARD_NAME_MAX} characters)"}),
}
"""The commands only Grand Austria Hotel has, by handler name."""
