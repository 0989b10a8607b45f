"""The bot process: a discord.py client whose `setup_hook` opens storage, registers components and commands.

The client is an `AutoShardedBot`: it runs the shards the settings name (default: every shard of Discord's
recommended count), and what it does on its own initiative (catch-up after a restart, AI moves owed, reminders) it
does only for guilds on those shards (`bot.host.shards.ShardScope`).

`GahBot` builds the parts and hands each what it uses as typed attributes: the service (`bot.host.service`), the
controller (clicks and posts; `bot.host.lobby` for the lobby), the cog (what the slash commands do; every game's command
group is built from its kind by `bot.host.cogs.commands`) and the reminder loop. Imports
point one way, app -> cog/reminders -> controller -> views, with no typing-only import back."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.host.cogs.commands import add_game_commands
from bot.host.cogs.game import GameCog
from bot.host.cogs.rules_pages import RulesButton, is_rules_click
from bot.host.command_options import CheckedCommandTree, answer
from bot.host.command_translator import CommandTranslator
from bot.host.controller import Controller
from bot.host.game_list import GamesButton, is_games_click
from bot.host.guards import describe
from bot.host.kinds import KINDS
from bot.host.log_compaction import compact_pending
from bot.host.posts import render_in_worker, warm_renderer
from bot.host.reminders import Reminders
from bot.host.service import GameService
from bot.host.service.thinking import Thinker
from bot.host.service.votes import VOTE_TIMER
from bot.host.settings import Settings
from bot.host.shards import EVERY_SHARD, ShardScope
from bot.host.startup import StartupTasks
from bot.host.storage import Storage
from bot.host.turn_clock import ClockPosts
from bot.host.views import GameButton, GameSelect, is_routed
from render.core.lang import use_server_names

log = logging.getLogger(__name__)

REMINDERS_AFTER_START_SECONDS = 1.0
"""The reminder loop starts this long after the start-up catch-up (see `GahBot.on_ready`)."""


def point_at(settings: Settings) -> None:
    """Use other Discord endpoints when the settings ask for them (the local Discord stand-in in tests)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base.rstrip("/")
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


class GahBot(commands.AutoShardedBot):
    """The Grand Austria Hotel bot."""

    def __init__(self, settings: Settings, *, sync: bool = False) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and permissions; no message content is needed
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:  # discord.py runs every shard when no ids are given
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(),
                         guild_ready_timeout=settings.guild_ready_timeout, tree_cls=CheckedCommandTree, **shards)
        self.settings = settings
        for kind in KINDS.values():  # each game takes its own settings (Overbooking: the printed values, if loaded)
            if (told := kind.configure(settings)) is not None:
                log.info("%s", told)
        use_server_names(settings.glossary_dir)  # a server's own card names in the pictures, if loaded
        self.scope = EVERY_SHARD  # set from the connected shards in `on_ready`
        self.sync_on_start = sync
        self.storage = Storage(settings.database, pool_min_size=settings.pool_min_size,
                               pool_max_size=settings.pool_max_size)
        self.thinker = Thinker(settings.ai_workers)
        self.service = GameService(self.storage, thinker=self.thinker, background_ai=True,
                                   ai_only_games_per_server=settings.ai_only_games_per_server,
                                   expensive_ai=settings.expensive_ai,
                                   ai_only_turn_seconds=settings.ai_only_turn_seconds)
        self.service.limits = settings.game_limits
        self.controller = Controller(self, self.service)
        self.reminders = Reminders(self, self.service, self.controller.notify_dm, settings.reminder_poll_seconds,
                                   scope=lambda: self.scope, channel_gone=self.controller.gone.deleted,
                                   on_clock=ClockPosts(self, self.service, self.controller.post_turn).fire,
                                   timer_handlers={VOTE_TIMER: self.controller.votes.on_timer})
        self._resumed = False
        self._warming: asyncio.Task[None] | None = None
        self.startup = StartupTasks()

    async def setup_hook(self) -> None:
        await self.storage.open()
        self._warming = asyncio.create_task(render_in_worker(warm_renderer), name="gah-warm-renderer")
        self.add_dynamic_items(GameButton, GameSelect, RulesButton, GamesButton)
        cog = GameCog(self.service, self.controller, self.sync_commands, self.reminders.failure_note)
        await self.add_cog(cog)
        add_game_commands(self.tree, cog)  # every game's command group, built from its kind (`bot.host.cogs.commands`)
        await self.tree.set_translator(CommandTranslator())  # their names in Polish and German (`bot.host.i18n`)
        self.controller.lobby.start_expiry()
        if self.sync_on_start:
            await self.sync_commands()

    async def sync_commands(self) -> int:
        """Publish the command tree: to DEV_GUILD_ID instantly if set, else globally. Returns the count."""
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))
        return len(synced)

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))
        if self._resumed:
            return
        self._resumed = True
        started = time.perf_counter()
        self.scope = ShardScope.of_client(self)  # what this process does on its own, it does for these shards
        log.info("running %s", self.scope.describe())
        # each start-up task on its own (`bot.host.startup`): one that fails is logged and retried, the others go on
        tasks = self.startup
        posted = await tasks.first_try("catch-up posts", lambda: self.controller.catch_up(self.scope))
        resumed = await tasks.first_try("AI resumption", lambda: self.service.resume_in_background(self.scope))
        tasks.in_background("log compaction", self._compact_log)
        log.info("resumed: %s AI task(s) started, %s catch-up post(s), in %.0f ms",
                 "?" if resumed is None else resumed, "?" if posted is None else posted,
                 (time.perf_counter() - started) * 1000)
        # reminders start once the catch-up posts are out and the restart has settled: a reminder that fell due
        # while the bot was down comes a moment late, never before the turn post it is about
        # (the reminder loop itself survives a failed pass: it logs it and tries again at the next poll)
        await self.controller.poster.drain()
        await asyncio.sleep(REMINDERS_AFTER_START_SECONDS)
        self.reminders.start()

    async def _compact_log(self) -> None:
        """Rewrite log rows stored before the compact format, in the background (`bot.host.log_compaction`); a game's
        log stays readable as it is until then.

        Raises:
            sqlite3.Error, ValueError: a write failed or a row does not decode (the game stays listed).
        """
        await compact_pending(self.storage)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread was deleted: its games end (`bot.host.gone`)."""
        await self.controller.gone.deleted(payload.thread_id, thread=True)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted, and its threads with it: their games end (`bot.host.gone`)."""
        await self.controller.gone.deleted(channel.id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread changed: once it is open again (a moderator reopened a locked one), the turn posts it
        refused follow (`bot.host.pending_posts`)."""
        metadata: Any = payload.data.get("thread_metadata") or {}
        if not metadata.get("archived", False):
            try:
                await self.controller.thread_reopened(payload.thread_id)
            except Exception as error:  # the next click retries the post anyway
                log.warning("could not post what thread %s missed: %s: %s", payload.thread_id,
                            type(error).__name__, error)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer a click that no component of ours will take (a forged, malformed or foreign custom_id), so the
        user gets a polite word instead of "This interaction failed"; and a form (modal) submit: the bot never
        shows a form, so every one is answered as unasked-for."""
        self.controller.uploads.learn(interaction)
        if interaction.type is discord.InteractionType.modal_submit:
            log.info("refused %s: the bot never asked for a form", describe(interaction))
            await answer(interaction, "I never asked for that form, so I did nothing with it. The game's buttons "
                                      "and `/gah` commands are all I use.")
            return
        if interaction.type is not discord.InteractionType.component or is_routed(interaction) \
                or is_rules_click(interaction) or is_games_click(interaction):
            return
        data: Any = interaction.data or {}
        log.info("refused a click with an unknown custom_id %r from %s", data.get("custom_id"), interaction.user.id)
        try:
            await interaction.response.send_message(
                "That button or menu is not one I know (any more). Use the buttons on the latest turn post, or "
                "`/gah turn`.", ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer a click with an unknown custom_id")

    async def close(self) -> None:
        await self.startup.close()
        await self.reminders.stop()
        await self.controller.lobby.stop_expiry()
        await super().close()
        self.thinker.close()
        await self.storage.close()
