"""The game cog: what the slash commands do. Thin: the commands find the channel's game and hand over to the
controller and the service.

The `/gah` and `/overbooking` groups are not written here: each is built from its game's `bot.host.kinds.GameKind`
(`slash_commands`) by `bot.host.cogs.commands`, whose shared handlers declare the options and call the methods below.
A channel hosts one game of either kind; the commands that act on "this channel's game" (turn, board, score, log,
skip, ai, leave, ...) work for either game under either group.

It holds the service and the controller as typed attributes (given by `bot.host.app.GahBot`), and owns no rule of its
own: who may skip a turn or hand a seat to an AI is the service's, asked as a dry run (`check_skip`,
`check_hand_to_ai`) where a command must refuse privately before it answers in public. Option values arrive
checked (`bot.host.command_options`' transformers)."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord
from discord.ext import commands

from bot.host import permissions, quiet_hours, texts
from bot.host.away_command import away
from bot.host.cogs.rules_pages import rules_content, rules_view
from bot.host.controller import Controller
from bot.host.game_list import show_games
from bot.host.kinds import AnyKind
from bot.host.language import NAMES, game_language, reader, reader_for, server_language
from bot.host.posts import KEEP_DAYS
from bot.host.safe_text import safe_text
from bot.host.service import GameService, ServiceError
from bot.host.service.seat_takeovers import joined_note
from bot.host.threads import game_channel
from bot.host.turn_notices import quiet_end
from render.core.i18n import translator
from render.core.plural import count

log = logging.getLogger(__name__)

T = TypeVar("T")


class GameCog(commands.Cog):
    """What the slash commands do, for every game's group (`bot.host.cogs.commands` declares the commands)."""

    def __init__(self, service: GameService, controller: Controller,
                 sync_commands: Callable[[], Awaitable[int]],
                 reminder_note: Callable[[int, str], str] = lambda channel_id, language: "") -> None:
        """`sync_commands` publishes the command tree and returns how many commands it published (`/gah sync`);
        `reminder_note(channel_id, language)` says whether a reminder in that channel could not be sent ("" if none;
        `Reminders.failure_note`)."""
        self.service = service
        self.controller = controller
        self.sync_commands = sync_commands
        self.reminder_note = reminder_note

    async def channel_game(self, interaction: discord.Interaction, *, finished: bool = False,
                           game_id: int | None = None, cancel: str = "") -> int | None:
        """The id of this channel's open game, or None after telling the user. With `finished` (the viewing
        commands) a channel without an open game falls back to its last game finished in the past `KEEP_DAYS`
        days; a `game_id` (a started game of this server, checked by `bot.host.command_options.GameId`) is taken as
        it is. `cancel` (the command group, for `/gah cancel`) adds how to cancel a thread game from here."""
        if game_id is not None:
            return game_id
        try:
            info = await self.service.game_in_channel(interaction.channel_id or 0)
        except ServiceError:
            last = await self.last_finished(interaction) if finished else None
            if last is None:
                await self.controller.reply(interaction, await self.no_game_text(interaction.channel_id or 0,
                                                                                 cancel=cancel))
            return last
        return info.id

    async def no_game_text(self, channel_id: int, *, cancel: str = "") -> str:
        """Why a channel-game command found nothing here; a channel whose games are played in its threads names
        them (`bot.host.threads`: each thread's commands find its own game), and with `cancel` (the command group)
        how `cancel` reaches one of them from here."""
        played = await self.service.thread_games(channel_id)
        if not played:
            return "There is no game in this channel. Start one with `/gah new`."
        where = ", ".join(f"<#{thread_id}> (game {game_id})" for game_id, thread_id in played[:10])
        hint = f" To cancel one from here: `/{cancel} cancel game:{played[0][0]}` (its game id)." if cancel else ""
        return (f"There is no game in this channel itself. Its games are played in threads: {where}. Use the "
                f"command inside a game's thread, or start a new game here with `/gah new`.{hint}")

    async def last_finished(self, interaction: discord.Interaction) -> int | None:
        """The channel's newest game finished in the past `KEEP_DAYS` days, or None."""
        since = time.time() - KEEP_DAYS * 24 * 3600
        games = [g for g in await self.service.games(guild_id=interaction.guild_id or 0, open_only=False)
                 if g.channel_id == interaction.channel_id and g.status == "finished"
                 and (g.finished_at or 0) >= since]
        return max(games, key=lambda g: g.finished_at or 0).id if games else None

    async def with_game(self, interaction: discord.Interaction,
                        handler: Callable[[discord.Interaction, int], Awaitable[None]], *,
                        finished: bool = False, game_id: int | None = None) -> None:
        """Run `handler(interaction, game_id)` for this channel's game (see `channel_game`), if there is one."""
        game = await self.channel_game(interaction, finished=finished, game_id=game_id)
        if game is not None:
            await self.run(interaction, handler(interaction, game))

    async def run(self, interaction: discord.Interaction, coroutine: Awaitable[None]) -> None:
        """Await `coroutine`; any error is answered by the controller (a player's error in its own words)."""
        try:
            await coroutine
        except Exception as error:
            await self.controller.fail(interaction, error, None)

    @staticmethod
    async def after_public_defer(interaction: discord.Interaction, change: Awaitable[T]) -> T:
        """Await `change`, the service call a command makes after it deferred in public (the channel sees the bot
        thinking, then the announcement). An error (a refusal the dry run before the defer could not foresee, such
        as a cap that requests at once reached: issue 51 item 6) first withdraws the public "thinking" message, so
        that `run` answers it privately and the channel keeps nothing of it.

        Raises:
            whatever `change` raises.
        """
        try:
            return await change
        except Exception:
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            raise

    def is_manager(self, interaction: discord.Interaction) -> bool:
        """Whether the user may manage this channel (a host's powers over its games)."""
        return bool(interaction.permissions.manage_channels)

    # ----- starting and playing --------------------------------------------------------------------------

    async def open_lobby(self, interaction: discord.Interaction, kind: AnyKind,
                         game_options: dict[str, str | bool]) -> None:
        """Open a lobby of a game of `kind` in this channel (refused if the channel has an open game of either
        kind) and post it."""
        async def go() -> None:
            lacking = permissions.missing_here(interaction)
            if lacking:
                language = (await reader_for(interaction, self.service)).language
                await self.controller.reply(interaction, permissions.refusal(lacking, "open a game", language=language))
                return
            await self.controller.lobby.open(interaction, kind, game_options)
        await self.run(interaction, go())

    async def show_hotel(self, interaction: discord.Interaction, player: discord.Member | None,
                         game_id: int | None) -> None:
        """`player`'s hotel (default: the user's) in this channel's game or game `game_id`."""
        game = await self.channel_game(interaction, finished=True, game_id=game_id)
        if game is None:
            return

        async def go() -> None:
            info = await self.service.game(game)
            seat = info.seat_of((player or interaction.user).id)
            if seat is None:
                await self.controller.reply(interaction, "That person has no seat in this game.")
                return
            await self.controller.show_hotel(interaction, game, seat.position)
        await self.run(interaction, go())

    async def show_log(self, interaction: discord.Interaction, page: int | None, export: bool,
                       game_id: int | None) -> None:
        """The log of this channel's game or game `game_id`: page `page` (from 1; None: the newest), or the whole
        file with `export`."""
        async def show(interaction: discord.Interaction, game: int) -> None:
            await self.controller.show_log(interaction, game, None if page is None else page - 1, export=export)
        await self.with_game(interaction, show, finished=True, game_id=game_id)

    # ----- looking things up -------------------------------------------------------------------------------

    async def show_rules(self, interaction: discord.Interaction, kind: AnyKind, page: int) -> None:
        """Page `page` (from 1, checked by the option) of `kind`'s rules, with buttons to turn the pages, in the
        clicker's language."""
        async def go() -> None:
            locale = (await reader_for(interaction, self.service)).language  # the member's choice, else the client's
            await interaction.response.send_message(rules_content(kind, page, locale),
                                                    view=rules_view(kind, page, locale), ephemeral=True)
        await self.run(interaction, go())

    async def show_help(self, interaction: discord.Interaction, kind: AnyKind) -> None:
        """How to use the bot (`/<command> help`: the game's own page, `Presenter.texts`), in the reader's
        language where the page is marked for the catalogs (Grand Austria Hotel's)."""
        language = (await reader_for(interaction, self.service)).language
        game_texts = kind.presenter().texts(kind.provisional, language=language)
        await self.controller.reply(interaction, game_texts.command_help)

    async def show_stats(self, interaction: discord.Interaction, user: discord.abc.User | None,
                         kind: AnyKind) -> None:
        """Someone's results in finished games of `kind` on this server."""
        async def go() -> None:
            who = user or interaction.user
            stats = await self.service.stats(who.id, interaction.guild_id, kind.key)
            best = "-" if stats.best_score is None else stats.best_score
            helped = f" ({stats.with_suggestions} with suggestions)" if stats.with_suggestions else ""
            helped += joined_note(await self.controller.seats.takeovers.joined_rounds(who.id, interaction.guild_id,
                                                                                      kind.key))
            record = f"{count(stats.games, 'game')}{helped}, {count(stats.wins, 'win')}"
            await self.controller.reply(interaction, f"{safe_text(who.display_name)}: {record}, "
                                                     f"average {stats.average_score:.1f} VP, best {best} VP.")
        await self.run(interaction, go())

    async def show_games(self, interaction: discord.Interaction, everyone: bool) -> None:
        """The user's open games on this server (every game's kind), or every open game with `everyone`, in one
        private message that pages (`bot.host.game_list`)."""
        await self.run(interaction, show_games(interaction, self.service, everyone))

    async def set_away(self, interaction: discord.Interaction, days: int | None, kind: AnyKind) -> None:
        """`/gah away`: AIs play the member's turns in every game for `days` (0: back; None: say which)."""
        await self.run(interaction, away(interaction, self.service, days, kind.command))

    async def show_leaderboard(self, interaction: discord.Interaction, kind: AnyKind) -> None:
        """The server's best players in finished games of `kind`."""
        async def go() -> None:
            rows = await self.service.leaderboard(interaction.guild_id or 0, kind=kind.key)
            lines = [f"{i + 1}. <@{r.user_id}>: {count(r.wins, 'win')} in {count(r.games, 'game')}, "
                     f"average {r.average_score:.1f} VP" for i, r in enumerate(rows)]
            await self.controller.reply(interaction, "\n".join(lines) or "No finished games yet.",
                                        allowed_mentions=discord.AllowedMentions.none())
        await self.run(interaction, go())

    # ----- notifications -------------------------------------------------------------------------------------

    async def set_notify(self, interaction: discord.Interaction, mode: str | None, reminders: bool | None,
                         quiet: str | None = None, time_zone: str | None = None,
                         language: str | None = None) -> None:
        """Set how the user hears of their turn (`mode`), whether they get reminders, their quiet hours ("22-08",
        "off"), their time zone and their own language ("auto", "en", "pl", "de"; `bot.host.language`) (None:
        unchanged), then show all of them. A malformed span or an unknown zone
        is refused privately (the service names the expected form) and changes nothing."""
        async def go() -> None:
            prefs = await self.service.set_prefs(interaction.user.id, notify=mode, reminders=reminders,
                                                 quiet=quiet, time_zone=time_zone, language=language)
            settings = await self.service.channel_settings(interaction.channel_id or 0)
            _ = reader(interaction, prefs.language)  # said in the language just chosen
            if not prefs.reminders:
                heard = _("reminders: off")
            elif settings.reminder_seconds <= 0:
                heard = _("reminders: on, but this channel sends none")
            else:
                heard = _("reminders: on (after {interval} in this channel)",
                          interval=texts.interval(settings.reminder_seconds, language=_.language))
            span = quiet_hours.stored_span(prefs.quiet_start, prefs.quiet_end)
            hush = "" if span is None and prefs.time_zone is None else "; " + _(
                "quiet hours: {hours}", hours=quiet_hours.describe(span, prefs.time_zone, language=_.language))
            if span is not None and quiet_end(prefs) is not None:
                hush += " - " + _("quiet now")
            own = ("" if language is None and prefs.language is None  # the default, unchanged: not told
                   else "\n" + _("I answer you in {language}, whatever your Discord's language.",
                                  language=NAMES[_.language]) if prefs.language
                   else "\n" + _("I answer you in your Discord's language (Polish, German, else English)."))
            mode_words = _.pgettext("choice_name", prefs.notify)
            await self.controller.reply(interaction, _("Notifications: {mode}", mode=mode_words)
                                        + f"; {heard}{hush}.{own}")
        await self.run(interaction, go())

    async def set_reminders(self, interaction: discord.Interaction, hours: float | None) -> None:
        """Set this channel's reminder interval to `hours` (the host or a manager), or show it (None)."""
        async def go() -> None:
            service = self.service
            channel = interaction.channel_id or 0
            if hours is None:
                settings = await service.channel_settings(channel)
                reader_language = (await reader_for(interaction, service)).language
                note = self.reminder_note(channel, reader_language)
                await self.controller.reply(interaction, texts.reminder_setting(settings.reminder_seconds,
                                                                                language=reader_language)
                                            + (f"\n{note}" if note else ""))
                return
            settings = await service.set_reminder_interval(channel, interaction.guild_id or 0, interaction.user.id,
                                                           round(hours * 3600), is_manager=self.is_manager(interaction))
            # public: everyone in the channel plays under this setting, in the channel's game's language if any
            try:
                public = game_language((await service.game_in_channel(channel)).options)
            except ServiceError:  # no game here: the server's language
                public = server_language(interaction.guild_locale)
            _ = translator(public)
            await interaction.response.send_message(
                _("{setting} (set by {member})", setting=texts.reminder_setting(settings.reminder_seconds,
                                                                                 language=public),
                  member=interaction.user.mention),
                allowed_mentions=discord.AllowedMentions.none())
            await self.controller.lobby.update_lobby_in_channel(channel)
        await self.run(interaction, go())

    async def snooze(self, interaction: discord.Interaction, hours: float | None) -> None:
        """Hold the user's reminder of this turn, or all their reminders for `hours`."""
        async def go() -> None:
            service = self.service
            _ = await reader_for(interaction, service)
            if hours is not None:
                until = time.time() + hours * 3600
                await service.snooze(interaction.user.id, until)
                await self.controller.reply(interaction, _("All your reminders are held until {when}.",
                                                           when=f"<t:{int(until)}:R>"))
                return
            info = await service.game_in_channel(interaction.channel_id or 0)
            await service.snooze_turn(info.id, interaction.user.id)
            said = _("No reminder for you this turn. The next turn has one as usual.")
            await self.controller.reply(interaction, said)
        await self.run(interaction, go())

    # ----- running the game ------------------------------------------------------------------------------------

    async def skip_turn(self, interaction: discord.Interaction) -> None:
        """Skip the player on turn of this channel's game. Under /gah and /overbooking alike."""
        game = await self.channel_game(interaction)
        if game is None:
            return

        async def go() -> None:
            await self.service.check_skip(game, interaction.user.id, is_manager=self.is_manager(interaction))
            await interaction.response.defer()  # public: the channel sees that the turn was skipped
            result = await self.after_public_defer(interaction, self.service.skip(
                game, interaction.user.id, is_manager=self.is_manager(interaction)))
            posting = self.controller.post_turn(interaction.channel, result)
            _ = translator(game_language(result.game.options))  # the channel's news: the game's language
            await interaction.followup.send(_("The turn was skipped."))
            await posting
        await self.run(interaction, go())

    async def start_vote(self, interaction: discord.Interaction, what: str) -> None:
        """Begin a vote on the player on turn of this channel's game (`bot.host.vote_posts`): "skip" or "ai"."""
        game = await self.channel_game(interaction)
        if game is None:
            return
        await self.run(interaction, self.controller.votes.begin(interaction, game, what))

    async def show_seats(self, interaction: discord.Interaction) -> None:
        """The host's private view of this channel's game's seats, to open AI seats (`bot.host.seat_posts`)."""
        game = await self.channel_game(interaction)
        if game is None:
            return
        await self.run(interaction, self.controller.seats.show(interaction, game))

    async def hand_seat_to_ai(self, interaction: discord.Interaction, player: discord.Member | None,
                              level: str) -> None:
        """Let an AI of `level` play `player`'s seat (default: the user's) in this channel's game."""
        game = await self.channel_game(interaction)
        if game is None:
            return

        async def go() -> None:
            info = await self.service.game(game)
            seat = info.seat_of((player or interaction.user).id)
            if seat is None:
                _ = await reader_for(interaction, self.service)
                await self.controller.reply(interaction, _("That person has no seat in this game."))
                return
            await self.service.check_hand_to_ai(game, interaction.user.id, seat.position, level=level,
                                                is_manager=self.is_manager(interaction))  # refuses privately
            await interaction.response.defer()  # public: the channel sees who plays the seat now
            result = await self.after_public_defer(interaction, self.service.hand_to_ai(
                game, interaction.user.id, position=seat.position, level=level,
                is_manager=self.is_manager(interaction)))
            posting = self.controller.post_turn(interaction.channel, result) if result.moves else None
            _ = translator(game_language(info.options))  # the channel's news: the game's language
            await interaction.followup.send(_("An AI ({level}) now plays {name}'s seat. `{takeback}` returns it.",
                                              level=_.pgettext("choice_name", level), name=safe_text(seat.name),
                                              takeback=f"/gah {_.pgettext('command_name', 'takeback')}"),
                                            allowed_mentions=discord.AllowedMentions.none())
            if posting is not None:
                await posting
        await self.run(interaction, go())

    async def leave_game(self, interaction: discord.Interaction) -> None:
        """The user leaves this channel's game (an AI plays on, or the game ends). Under /gah and /overbooking alike."""
        game = await self.channel_game(interaction)
        if game is None:
            return

        async def go() -> None:
            info = await self.service.game(game)
            seat = info.seat_of(interaction.user.id)
            _ = await reader_for(interaction, self.service)  # the private answers: the member's language
            takeback = f"/gah {_.pgettext('command_name', 'takeback')}"
            if seat is None:
                await self.controller.reply(interaction, _("You have no seat in this game."))
                return
            if info.status == "lobby":
                await self.service.leave(game, interaction.user.id)
                await self.controller.reply(interaction, _("You left the lobby."))
                await self.controller.lobby.update_lobby_in_channel(interaction.channel_id or 0)
                return
            if seat.ai_controlled:
                await self.controller.reply(interaction, _("An AI already plays your seat. `{takeback}` returns it.",
                                                           takeback=takeback))
                return
            await self.service.check_resign(game, interaction.user.id)  # refuses privately (the AI-only limit)
            await interaction.response.defer()  # public: everyone hears who left and what happens now
            result = await self.after_public_defer(interaction, self.service.resign(game, interaction.user.id))
            mention = interaction.user.mention
            _ = translator(game_language(info.options))  # the channel's news: the game's language
            if result.game.status == "cancelled":
                await interaction.followup.send(_("{member} left, so the game ends here (the host chose so in the "
                                                  "lobby). `{new}` opens the next one.", member=mention,
                                                  new=f"/gah {_.pgettext('command_name', 'new')}"),
                                                allowed_mentions=discord.AllowedMentions.none())
                return
            posting = self.controller.post_turn(interaction.channel, result) if result.moves else None
            await interaction.followup.send(_("{member} left the game: an AI plays {name}'s seat now. `{takeback}` "
                                              "returns the seat to them.", member=mention, name=safe_text(seat.name),
                                              takeback=f"/gah {_.pgettext('command_name', 'takeback')}"),
                                            allowed_mentions=discord.AllowedMentions.none())
            if posting is not None:
                await posting
        await self.run(interaction, go())

    async def take_seat_back(self, interaction: discord.Interaction) -> None:
        """The user takes their seat back from the AI. Under /gah and /overbooking alike."""
        game = await self.channel_game(interaction)
        if game is None:
            return

        async def go() -> None:
            await self.service.take_back(game, interaction.user.id)
            _ = await reader_for(interaction, self.service)
            await self.controller.reply(interaction, _("Your seat is yours again."))
        await self.run(interaction, go())

    async def cancel_game(self, interaction: discord.Interaction, game_id: int | None = None,
                          command: str = "gah") -> None:
        """Cancel this channel's game (its host or Manage Channels), or game `game_id` played in this channel or
        in one of its threads (issue 51: a thread game cancelled from its parent channel, where `command`'s
        `cancel` names them). Under /gah and /overbooking alike."""
        if game_id is not None:
            await self.run(interaction, self.cancel_by_id(interaction, game_id))
            return
        game = await self.channel_game(interaction, cancel=command)
        if game is None:
            return

        async def go() -> None:
            info = await self.service.cancel(game, interaction.user.id, is_manager=self.is_manager(interaction))
            _ = translator(game_language(info.options))  # the channel's news: the game's language
            await interaction.response.send_message(_("The game was cancelled."))
        await self.run(interaction, go())

    async def cancel_by_id(self, interaction: discord.Interaction, game_id: int) -> None:
        """Cancel game `game_id` if it is played here or in a thread of this channel (its host, or Manage Channels
        here); the channel hears it, and a thread game's thread gets a line saying so."""
        here = interaction.channel_id or 0
        info = await self.service.game(game_id)
        if here not in (info.channel_id, await self.service.thread_parent(game_id)):
            _ = await reader_for(interaction, self.service)
            await self.controller.reply(interaction, _("Game {game} is not played in this channel or in one of its "
                                                       "threads: cancel it where it is played.", game=game_id))
            return
        await self.service.cancel(game_id, interaction.user.id, is_manager=self.is_manager(interaction))
        self.controller.pending.pop(game_id, None)
        _ = translator(game_language(info.options))  # the channel's news: the game's language
        if info.channel_id == here:
            await interaction.response.send_message(_("Game {game} was cancelled.", game=game_id))
            return
        await interaction.response.send_message(_("Game {game} (in {thread}) was cancelled.", game=game_id,
                                                  thread=f"<#{info.channel_id}>"))
        try:
            thread = await game_channel(interaction.client, info.channel_id)
            if isinstance(thread, discord.abc.Messageable):
                await thread.send(_("This game was cancelled from {channel} by {member}.", channel=f"<#{here}>",
                                    member=interaction.user.mention),
                                  allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:  # a locked or deleted thread: the parent heard it
            log.info("game %s: could not say in its thread that it was cancelled (%s)", game_id, error.status)

    async def sync(self, interaction: discord.Interaction) -> None:
        """Publish the bot's commands again (members with Manage Server)."""
        # Discord applies default permissions only to a whole command group, and /gah is for everyone: the
        # Manage Server check happens here, on every call
        async def go() -> None:
            if not interaction.permissions.manage_guild:
                await self.controller.reply(interaction, "Only members with the Manage Server permission can "
                                                         "publish the bot's commands again.")
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            count = await self.sync_commands()
            await interaction.followup.send(f"Synced {count} commands.", ephemeral=True)
        await self.run(interaction, go())
