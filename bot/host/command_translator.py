"""The slash commands in the user's language, as Discord shows them (issue 55 item 3).

discord.py asks an `app_commands.Translator` for every name, description, option and choice of the command tree
when the tree is synced (`bot.host.app.GahBot.setup_hook` sets ours with `tree.set_translator`) and sends the answers as
`name_localizations` / `description_localizations`. The texts come from the bot's catalogs (`bot.host.i18n`), each with
its place as the catalog's context (msgctxt: "command_name", "parameter_description", "choice_name", ...), so that
"new" the command and "new" elsewhere can be translated apart. `bot.host.command_catalog` puts every such text into the
catalogs' template.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.host import i18n


def catalog_context(location: app_commands.TranslationContextLocation) -> str:
    """The catalog's context (msgctxt) for a text in `location` of the command tree: its name in discord.py."""
    return location.name


class CommandTranslator(app_commands.Translator):
    """Names and descriptions of the slash commands from the catalogs: Polish and German; no localisation for the
    other locales (Discord then shows the English ones)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = i18n.language_of(locale.value)
        if language == i18n.ENGLISH:
            return None
        return i18n.translator(language).pgettext(catalog_context(context.location), string.message)
