"""Every text of the slash command tree, for the catalogs: a Babel extraction method (`babel.cfg`).

The command tree is built from data (`bot.host.kinds`, `bot.host.cogs.commands`): option names are parameter names,
choices
come from the engine's AI levels, so no source line holds them as a marked string. `extract_commands` builds the
tree as the bot does and records what discord.py asks the translator for at a sync (`Recorder`), each text with
its place as context; `pybabel extract -F babel.cfg` runs it on bot/host/cogs/commands.py beside the ordinary Python
extraction of that file.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

import discord
from babel.messages.extract import extract_python
from discord import app_commands
from discord.ext import commands

from bot.host.command_translator import catalog_context

LIMITS = {
    "name": "Slash command name: at most 32 characters, lower case, no spaces (letters, digits, - _ ').",
    "description": "Slash command description: at most 100 characters.",
    "choice_name": "A choice in a slash command's list: at most 100 characters.",
}
"""The translators' note on each text of the command tree, by its context or else the context's last word."""


class Recorder(app_commands.Translator):
    """A translator that translates nothing and notes every (context, text) discord.py asks about, in order."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        entry = (catalog_context(context.location), string.message)
        if entry not in self.asked:
            self.asked.append(entry)
        return None


async def build_tree(translator: app_commands.Translator | None = None) -> commands.Bot:
    """A bot (not logged in) whose tree holds every game's commands, built as `bot.host.app.GahBot.setup_hook` builds
    them, with `translator` set on the tree."""
    from bot.host.cogs.commands import add_game_commands
    from bot.host.cogs.game import GameCog
    from bot.host.command_options import CheckedCommandTree

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none(), tree_cls=CheckedCommandTree)

    async def no_sync() -> int:
        return 0
    # the cog only keeps its service and controller for later calls; building the tree calls neither
    cog = GameCog(None, None, no_sync)  # type: ignore[arg-type]
    await bot.add_cog(cog)
    add_game_commands(bot.tree, cog)
    if translator is not None:
        await bot.tree.set_translator(translator)
    return bot


async def payloads(bot: commands.Bot) -> list[dict[str, Any]]:
    """What the bot sends Discord at a sync: every top-level command of its tree, localised by the tree's
    translator (none set: plain), in name order."""
    translator = bot.tree.translator
    found = [await command.get_translated_payload(bot.tree, translator) if translator else command.to_dict(bot.tree)
             for command in bot.tree.get_commands()]
    return sorted(found, key=lambda command: str(command["name"]))


def command_texts() -> list[tuple[str, str]]:
    """Every (context, text) of the command tree that discord.py hands the translator, in the tree's order."""
    async def record() -> list[tuple[str, str]]:
        recorder = Recorder()
        bot = await build_tree(recorder)
        await payloads(bot)
        return recorder.asked
    return asyncio.run(record())


def extract_commands(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                     options: Any) -> Iterator[tuple[Any, ...]]:
    """Babel extraction method: the file's own marked strings (Babel's Python extractor), then every text of the
    command tree as `pgettext(context, text)` at line 0, with a comment saying where Discord shows it."""
    yield from extract_python(fileobj, keywords, comment_tags, options)
    for context, text in command_texts():
        yield 0, "pgettext", (context, text), [LIMITS.get(context) or LIMITS[context.rsplit("_", 1)[1]]]
