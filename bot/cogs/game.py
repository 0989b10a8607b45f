"""The `/gah` and `/overbooking` command groups. Thin: they find the channel's game and hand over to the controller
and the service. A channel hosts one game of either kind; the commands that act on "this channel's game" (turn,
board, score, log, skip, ai, leave, ...) work for either game under either group, and `/overbooking` has the ones
an Overbooking player needs (`new`, `rules`, `turn`, `hand`, `board`, `score`, `log`, `ai`).

It holds the service and the controller as typed attributes (given by `bot.app.GahBot`), and owns no rule of its
own: who may skip a turn or hand a seat to an AI is the service's, asked as a dry run (`check_skip`,
`check_hand_to_ai`) where a command must refuse privately before it answers in public."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot import command_options as options
from bot import lookup, permissions, texts
from bot.controller import Controller
from bot.kinds import GRAND_AUSTRIA_HOTEL, OVERBOOKING, AnyKind
from bot.posts import KEEP_DAYS
from bot.safe_text import safe_text
from bot.service import GameService, ServiceError
from engine.ai import LEVELS as AI_LEVELS
from engine.overbooking.ai import LEVELS as OVERBOOKING_AI_LEVELS
from engine.waltz.cards import entrances, solo_entrance_ids
from render.plural import count

SOLO_ENTRANCE_NAMES: dict[str, str] = {
    "random": "Drawn at random",
    **{key: f"{numeral}. {entrances()[entrance].name}"
       for numeral, (key, entrance) in zip(("I", "II", "III", "IV"), solo_entrance_ids().items(), strict=True)},
}
"""`/gah new`'s choices of the solo opponent's hotel entrance (Let's Waltz module 3 in solo)."""

log = logging.getLogger(__name__)

NOTIFY_MODES = ("mention", "dm", "none")
"""The choices of `/gah notify mode`."""


class GameCog(commands.Cog):
    """Slash commands for playing, watching and running games."""

    gah = app_commands.Group(name="gah", description="Play Grand Austria Hotel", guild_only=True)
    overbooking = app_commands.Group(name="overbooking", description="Play Overbooking", guild_only=True)

    def __init__(self, service: GameService, controller: Controller,
                 sync_commands: Callable[[], Awaitable[int]],
                 reminder_note: Callable[[int], str] = lambda channel_id: "") -> None:
        """`sync_commands` publishes the command tree and returns how many commands it published (`/gah sync`);
        `reminder_note(channel_id)` says whether a reminder in that channel could not be sent ("" if none;
        `Reminders.failure_note`)."""
        self.service = service
        self.controller = controller
        self.sync_commands = sync_commands
        self.reminder_note = reminder_note

    async def channel_game(self, interaction: discord.Interaction, *, finished: bool = False,
                           game_id: int | None = None) -> int | None:
        """The id of this channel's open game, or None after telling the user. With `finished` (the viewing
        commands) a channel without an open game falls back to its last game finished in the past `KEEP_DAYS`
        days, and `game_id` names any game of this server instead."""
        if game_id is not None:
            return await self.game_by_id(interaction, game_id)
        try:
            info = await self.service.game_in_channel(interaction.channel_id or 0)
        except ServiceError:
            last = await self.last_finished(interaction) if finished else None
            if last is None:
                await self.controller.reply(interaction,
                                            "There is no game in this channel. Start one with `/gah new`.")
            return last
        return info.id

    async def game_by_id(self, interaction: discord.Interaction, game_id: int) -> int | None:
        """`game_id` if it is a started game of this server, else None after telling the user."""
        try:
            info = await self.service.game(game_id)
        except ServiceError:
            info = None
        if info is None or info.guild_id != (interaction.guild_id or 0) or info.state is None:
            await self.controller.reply(interaction, f"There is no started game {game_id} on this server.")
            return None
        return info.id

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

    async def valid(self, interaction: discord.Interaction, check: Callable[[], object]) -> bool:
        """Run `check` (option checks of `bot.command_options`); a failed one is answered ephemerally, before any
        work or deferral, and False is returned."""
        try:
            check()
        except options.BadOption as error:
            log.info("refused a command from %s: %s", interaction.user.id, error)
            await self.controller.reply(interaction, str(error))
            return False
        return True

    async def run(self, interaction: discord.Interaction, coroutine: Awaitable[None]) -> None:
        """Await `coroutine`; any error is answered by the controller (a player's error in its own words)."""
        try:
            await coroutine
        except Exception as error:
            await self.controller.fail(interaction, error, None)

    # ----- starting and playing --------------------------------------------------------------------------

    @gah.command(name="new", description="Open a new game of Grand Austria Hotel in this channel")
    @app_commands.describe(opponent_entrance="Solo with Unique Hotels: the opponent's own hotel entrance "
                                             "(default: drawn at random)")
    @app_commands.choices(opponent_entrance=[app_commands.Choice(name=name, value=key)
                                             for key, name in SOLO_ENTRANCE_NAMES.items()])
    async def new(self, interaction: discord.Interaction, opponent_entrance: str = "random") -> None:
        chosen: dict[str, str | bool] = {} if opponent_entrance == "random" else {"solo_entrance": opponent_entrance}
        await self.open_lobby(interaction, GRAND_AUSTRIA_HOTEL, chosen)

    async def open_lobby(self, interaction: discord.Interaction, kind: AnyKind,
                         game_options: dict[str, str | bool]) -> None:
        """Open a lobby of a game of `kind` in this channel (refused if the channel has an open game of either
        kind) and post it."""
        async def go() -> None:
            lacking = permissions.missing_here(interaction)
            if lacking:
                await self.controller.reply(interaction, permissions.refusal(lacking, "open a game"))
                return
            await self.controller.lobby.open(interaction, kind, game_options)
        await self.run(interaction, go())

    # ----- /overbooking -----------------------------------------------------------------------------------------

    @overbooking.command(name="new", description="Open a new game of Overbooking in this channel")
    @app_commands.describe(scoring="The score cards' side: beginner (crest sets 2/4/6 VP) or advanced (2/5/10 VP)",
                           without_score_cards="First-game variant: play without the score cards (no crest bonus)")
    @app_commands.choices(scoring=[app_commands.Choice(name=side, value=side) for side in ("beginner", "advanced")])
    async def overbooking_new(self, interaction: discord.Interaction, scoring: str = "beginner",
                              without_score_cards: bool = False) -> None:
        if not await self.valid(interaction, lambda: (
                options.one_of(scoring, "scoring", ("beginner", "advanced")),
                options.flag(without_score_cards, "without_score_cards"))):
            return
        await self.open_lobby(interaction, OVERBOOKING, {"scoring": scoring,
                                                         "without_score_cards": without_score_cards})

    @overbooking.command(name="rules", description="A short summary of the Overbooking rules")
    @app_commands.describe(page="Page 1 to 3")
    async def overbooking_rules(self, interaction: discord.Interaction,
                                page: app_commands.Range[int, 1, options.RULES_PAGES_MAX] = 1) -> None:
        pages = OVERBOOKING.presenter().rules_pages(OVERBOOKING.provisional)
        if not await self.valid(interaction, lambda: options.whole_number(page, "page", 1, len(pages))):
            return
        await self.controller.reply(interaction, f"{pages[page - 1]}\n\n(page {page} of {len(pages)})")

    @overbooking.command(name="turn", description="Open your turn panel (only when it is your turn)")
    async def overbooking_turn(self, interaction: discord.Interaction) -> None:
        await self.with_game(interaction, self.controller.open_panel)

    @overbooking.command(name="hand", description="Show your guest cards (only you see them)")
    async def overbooking_hand(self, interaction: discord.Interaction) -> None:
        await self.with_game(interaction, self.controller.show_hand)

    @overbooking.command(name="board", description="Show the hotels (of the running game or the last finished one)")
    @app_commands.describe(game="A game id (default: this channel's game)")
    async def overbooking_board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        if not await self.valid(interaction, lambda: game_option(game)):
            return
        await self.with_game(interaction, self.controller.show_board, finished=True, game_id=game)

    @overbooking.command(name="score", description="The scores so far")
    @app_commands.describe(game="A game id (default: this channel's game)")
    async def overbooking_score(self, interaction: discord.Interaction, game: int | None = None) -> None:
        if not await self.valid(interaction, lambda: game_option(game)):
            return
        await self.with_game(interaction, self.controller.show_score, finished=True, game_id=game)

    @overbooking.command(name="log", description="The game's log in words: the newest page, or the whole file")
    @app_commands.describe(export="Send the whole log as a text file", game="A game id (default: this channel's game)")
    async def overbooking_log(self, interaction: discord.Interaction, export: bool = False,
                              game: int | None = None) -> None:
        if not await self.valid(interaction, lambda: (game_option(game), options.flag(export, "export"))):
            return

        async def show(interaction: discord.Interaction, game: int) -> None:
            await self.controller.show_log(interaction, game, None, export=export)
        await self.with_game(interaction, show, finished=True, game_id=game)

    @overbooking.command(name="ai", description="Let an AI play a seat (yours, or anyone's if you host)")
    @app_commands.describe(player="Whose seat (a member of this server; default: yours)",
                           level=f"AI strength: {', '.join(OVERBOOKING_AI_LEVELS)}")
    @app_commands.choices(level=[app_commands.Choice(name=level, value=level) for level in OVERBOOKING_AI_LEVELS])
    async def overbooking_ai(self, interaction: discord.Interaction, player: discord.Member | None = None,
                             level: str = "heuristic") -> None:
        if not await self.valid(interaction, lambda: (options.server_member(interaction, player, "player"),
                                                      options.one_of(level, "level", tuple(OVERBOOKING_AI_LEVELS)))):
            return
        await self.hand_seat_to_ai(interaction, player, level)

    @gah.command(name="turn", description="Open your turn panel (only when it is your turn)")
    async def turn(self, interaction: discord.Interaction) -> None:
        await self.with_game(interaction, self.controller.open_panel)

    @gah.command(name="board", description="Show the board (of the running game or the last finished one)")
    @app_commands.describe(game="A game id (default: this channel's game)")
    async def board(self, interaction: discord.Interaction, game: int | None = None) -> None:
        if not await self.valid(interaction, lambda: game_option(game)):
            return
        await self.with_game(interaction, self.controller.show_board, finished=True, game_id=game)

    @gah.command(name="hotel", description="Show a player's hotel")
    @app_commands.describe(player="Whose hotel (a member of this server; default: yours)",
                           game_id="A game id (default: this channel's game)")
    @app_commands.rename(game_id="game")
    async def hotel(self, interaction: discord.Interaction, player: discord.Member | None = None,
                    game_id: int | None = None) -> None:
        if not await self.valid(interaction, lambda: (options.server_member(interaction, player, "player"),
                                                      game_option(game_id))):
            return
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

    @gah.command(name="hand", description="Show your staff cards (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.with_game(interaction, self.controller.show_hand)

    @gah.command(name="score", description="Projected scores, with the coming Emperor scorings")
    @app_commands.describe(game="A game id (default: this channel's game)")
    async def score(self, interaction: discord.Interaction, game: int | None = None) -> None:
        if not await self.valid(interaction, lambda: game_option(game)):
            return
        await self.with_game(interaction, self.controller.show_score, finished=True, game_id=game)

    @gah.command(name="log", description="The game's log in words: the newest page, any page, or the whole file")
    @app_commands.describe(page="Which page (1 is the game's start; default: the newest)",
                           export="Send the whole log as a text file", game="A game id (default: this channel's game)")
    async def log_(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 1000] | None = None,
                   export: bool = False, game: int | None = None) -> None:
        if not await self.valid(interaction, lambda: (game_option(game), options.flag(export, "export"),
                                                      page is None or options.whole_number(page, "page", 1, 1000))):
            return

        async def show(interaction: discord.Interaction, game: int) -> None:
            await self.controller.show_log(interaction, game, None if page is None else page - 1, export=export)
        await self.with_game(interaction, show, finished=True, game_id=game)

    # ----- looking things up -------------------------------------------------------------------------------

    @gah.command(name="card", description="Look up a guest, staff card, politics card or Emperor tile")
    @app_commands.describe(name=f"The card's name or part of it (at most {options.CARD_NAME_MAX} characters)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        if not await self.valid(interaction, lambda: options.text(name, "name", options.CARD_NAME_MAX)):
            return
        await self.controller.reply(interaction, lookup.lookup_text(name))

    @card.autocomplete("name")
    async def card_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        wanted = current if isinstance(current, str) else ""
        return [app_commands.Choice(name=label, value=value) for label, value in lookup.autocomplete_choices(wanted)]

    @gah.command(name="rules", description="A short summary of the rules")
    @app_commands.describe(page=f"Page 1 to {options.RULES_PAGES_MAX}")
    async def rules(self, interaction: discord.Interaction,
                    page: app_commands.Range[int, 1, options.RULES_PAGES_MAX] = 1) -> None:
        pages = texts.RULES_PAGES
        if not await self.valid(interaction, lambda: options.whole_number(page, "page", 1, len(pages))):
            return
        await self.controller.reply(interaction, f"{pages[page - 1]}\n\n(page {page} of {len(pages)})")

    @gah.command(name="help", description="How to use this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        await self.controller.reply(interaction, texts.HELP_TEXT)

    @gah.command(name="stats", description="Someone's results on this server")
    @app_commands.describe(user="Whose results (a member of this server; default: yours)")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await self.show_stats(interaction, user, GRAND_AUSTRIA_HOTEL)

    @overbooking.command(name="stats", description="Someone's Overbooking results on this server")
    @app_commands.describe(user="Whose results (a member of this server; default: yours)")
    async def overbooking_stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await self.show_stats(interaction, user, OVERBOOKING)

    @overbooking.command(name="leaderboard", description="The best Overbooking players on this server")
    async def overbooking_leaderboard(self, interaction: discord.Interaction) -> None:
        await self.show_leaderboard(interaction, OVERBOOKING)

    async def show_stats(self, interaction: discord.Interaction, user: discord.User | None, kind: AnyKind) -> None:
        """Someone's results in finished games of `kind` on this server."""
        if not await self.valid(interaction, lambda: options.server_member(interaction, user, "user")):
            return

        async def go() -> None:
            who = user or interaction.user
            stats = await self.service.stats(who.id, interaction.guild_id, kind.key)
            best = "-" if stats.best_score is None else stats.best_score
            record = f"{count(stats.games, 'game')}, {count(stats.wins, 'win')}"
            await self.controller.reply(interaction, f"{safe_text(who.display_name)}: {record}, "
                                                     f"average {stats.average_score:.1f} VP, best {best} VP.")
        await self.run(interaction, go())

    @gah.command(name="leaderboard", description="The best players on this server")
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        await self.show_leaderboard(interaction, GRAND_AUSTRIA_HOTEL)

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

    @gah.command(name="notify", description="How I tell you it is your turn, and whether I remind you")
    @app_commands.describe(mode="mention (in the channel), dm (a DM as well) or none",
                           reminders="Remind you when your turn has waited the channel's reminder interval")
    @app_commands.choices(mode=[app_commands.Choice(name=m, value=m) for m in NOTIFY_MODES])
    async def notify(self, interaction: discord.Interaction, mode: app_commands.Choice[str] | None = None,
                     reminders: bool | None = None) -> None:
        if not await self.valid(interaction, lambda: (
                options.one_of(mode.value, "mode", NOTIFY_MODES) if mode is not None else None,
                options.flag(reminders, "reminders"))):
            return

        async def go() -> None:
            prefs = await self.service.set_prefs(interaction.user.id, notify=mode.value if mode else None,
                                                     reminders=reminders)
            settings = await self.service.channel_settings(interaction.channel_id or 0)
            if not prefs.reminders:
                heard = "reminders: off."
            elif settings.reminder_seconds <= 0:
                heard = "reminders: on, but this channel sends none."
            else:
                heard = f"reminders: on (after {texts.interval(settings.reminder_seconds)} in this channel)."
            await self.controller.reply(interaction, f"Notifications: {prefs.notify}; {heard}")
        await self.run(interaction, go())

    @gah.command(name="reminders", description="How long a turn may wait before I remind the player (host)")
    @app_commands.describe(hours="Hours without a move before the one reminder: 0 (none) to 168; leave out to see "
                                 "the current setting")
    async def reminders(self, interaction: discord.Interaction,
                        hours: app_commands.Range[float, 0.0, options.REMINDER_HOURS_MAX] | None = None) -> None:
        if hours is not None and not await self.valid(
                interaction, lambda: options.hours(hours, "hours", 0, options.REMINDER_HOURS_MAX)):
            return

        async def go() -> None:
            service = self.service
            channel = interaction.channel_id or 0
            if hours is None:
                settings = await service.channel_settings(channel)
                note = self.reminder_note(channel)
                await self.controller.reply(interaction, texts.reminder_setting(settings.reminder_seconds)
                                            + (f"\n{note}" if note else ""))
                return
            settings = await service.set_reminder_interval(channel, interaction.guild_id or 0, interaction.user.id,
                                                           round(hours * 3600), is_manager=self.is_manager(interaction))
            # public: everyone in the channel plays under this setting
            await interaction.response.send_message(
                f"{texts.reminder_setting(settings.reminder_seconds)} (set by {interaction.user.mention})",
                allowed_mentions=discord.AllowedMentions.none())
            await self.controller.lobby.update_lobby_in_channel(channel)
        await self.run(interaction, go())

    @gah.command(name="snooze", description="No reminder for you this turn (or in any game for some hours)")
    @app_commands.describe(hours="Hold all your reminders this many hours (more than 0, at most 72) instead of only "
                                 "this turn's")
    async def snooze(self, interaction: discord.Interaction,
                     hours: app_commands.Range[float, 0.0, options.SNOOZE_HOURS_MAX] | None = None) -> None:
        if hours is not None and not await self.valid(
                interaction, lambda: options.hours(hours, "hours", 0, options.SNOOZE_HOURS_MAX, low_included=False)):
            return

        async def go() -> None:
            service = self.service
            if hours is not None:
                until = time.time() + hours * 3600
                await service.snooze(interaction.user.id, until)
                await self.controller.reply(interaction, f"All your reminders are held until <t:{int(until)}:R>.")
                return
            info = await service.game_in_channel(interaction.channel_id or 0)
            await service.snooze_turn(info.id, interaction.user.id)
            await self.controller.reply(interaction, "No reminder for you this turn. The next turn has one as usual.")
        await self.run(interaction, go())

    # ----- running the game ------------------------------------------------------------------------------------

    def is_manager(self, interaction: discord.Interaction) -> bool:
        return bool(interaction.permissions.manage_channels)

    @gah.command(name="skip", description="Skip the player on turn (host or Manage Channels)")
    async def skip(self, interaction: discord.Interaction) -> None:
        await self.skip_turn(interaction)

    async def skip_turn(self, interaction: discord.Interaction) -> None:
        """Skip the player on turn of this channel's game. Under /gah and /overbooking alike."""
        game = await self.channel_game(interaction)
        if game is None:
            return

        async def go() -> None:
            await self.service.check_skip(game, interaction.user.id, is_manager=self.is_manager(interaction))
            await interaction.response.defer()  # public: the channel sees that the turn was skipped
            result = await self.service.skip(game, interaction.user.id, is_manager=self.is_manager(interaction))
            posting = self.controller.post_turn(interaction.channel, result)
            await interaction.followup.send("The turn was skipped.")
            await posting
        await self.run(interaction, go())

    @gah.command(name="ai", description="Let an AI play a seat (yours, or anyone's if you host)")
    @app_commands.describe(player="Whose seat (a member of this server; default: yours)",
                           level=f"AI strength: {', '.join(AI_LEVELS)}")
    @app_commands.choices(level=[app_commands.Choice(name=level, value=level) for level in AI_LEVELS])
    async def ai(self, interaction: discord.Interaction, player: discord.Member | None = None,
                 level: str = "random") -> None:
        if not await self.valid(interaction, lambda: (options.server_member(interaction, player, "player"),
                                                      options.one_of(level, "level", tuple(AI_LEVELS)))):
            return
        await self.hand_seat_to_ai(interaction, player, level)

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
                await self.controller.reply(interaction, "That person has no seat in this game.")
                return
            await self.service.check_hand_to_ai(game, interaction.user.id, seat.position, level=level,
                                                is_manager=self.is_manager(interaction))  # refuses privately
            await interaction.response.defer()  # public: the channel sees who plays the seat now
            result = await self.service.hand_to_ai(game, interaction.user.id, position=seat.position,
                                                   level=level, is_manager=self.is_manager(interaction))
            posting = self.controller.post_turn(interaction.channel, result) if result.moves else None
            await interaction.followup.send(f"An AI ({level}) now plays {safe_text(seat.name)}'s seat. `/gah takeback` "
                                            "returns it.", allowed_mentions=discord.AllowedMentions.none())
            if posting is not None:
                await posting
        await self.run(interaction, go())

    @gah.command(name="leave", description="Leave this channel's game (an AI plays on, or the game ends)")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.leave_game(interaction)

    async def leave_game(self, interaction: discord.Interaction) -> None:
        """The user leaves this channel's game (an AI plays on, or the game ends). Under /gah and /overbooking alike."""
        game = await self.channel_game(interaction)
        if game is None:
            return

        async def go() -> None:
            info = await self.service.game(game)
            seat = info.seat_of(interaction.user.id)
            if seat is None:
                await self.controller.reply(interaction, "You have no seat in this game.")
                return
            if info.status == "lobby":
                await self.service.leave(game, interaction.user.id)
                await self.controller.reply(interaction, "You left the lobby.")
                await self.controller.lobby.update_lobby_in_channel(interaction.channel_id or 0)
                return
            if seat.ai_controlled:
                await self.controller.reply(interaction, "An AI already plays your seat. `/gah takeback` returns it.")
                return
            await self.service.check_resign(game, interaction.user.id)  # refuses privately (the AI-only limit)
            await interaction.response.defer()  # public: everyone hears who left and what happens now
            result = await self.service.resign(game, interaction.user.id)
            mention = interaction.user.mention
            if result.game.status == "cancelled":
                await interaction.followup.send(f"{mention} left, so the game ends here (the host chose so in the "
                                                "lobby). `/gah new` opens the next one.",
                                                allowed_mentions=discord.AllowedMentions.none())
                return
            posting = self.controller.post_turn(interaction.channel, result) if result.moves else None
            await interaction.followup.send(f"{mention} left the game: an AI plays {safe_text(seat.name)}'s seat now. "
                                            "`/gah takeback` returns the seat to them.",
                                            allowed_mentions=discord.AllowedMentions.none())
            if posting is not None:
                await posting
        await self.run(interaction, go())

    @gah.command(name="takeback", description="Take your seat back from the AI")
    async def takeback(self, interaction: discord.Interaction) -> None:
        await self.take_seat_back(interaction)

    async def take_seat_back(self, interaction: discord.Interaction) -> None:
        """The user takes their seat back from the AI. Under /gah and /overbooking alike."""
        game = await self.channel_game(interaction)
        if game is None:
            return

        async def go() -> None:
            await self.service.take_back(game, interaction.user.id)
            await self.controller.reply(interaction, "Your seat is yours again.")
        await self.run(interaction, go())

    @gah.command(name="cancel", description="Cancel this channel's game (host or Manage Channels)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.cancel_game(interaction)

    async def cancel_game(self, interaction: discord.Interaction) -> None:
        """Cancel this channel's game (its host or Manage Channels). Under /gah and /overbooking alike."""
        game = await self.channel_game(interaction)
        if game is None:
            return

        async def go() -> None:
            await self.service.cancel(game, interaction.user.id, is_manager=self.is_manager(interaction))
            await interaction.response.send_message("The game was cancelled.")
        await self.run(interaction, go())

    # The commands that act on whatever game the channel has, under /overbooking too, so that an Overbooking table
    # finds them where its other commands are (the same handlers: one behaviour, two names)
    @overbooking.command(name="skip", description="Skip the player on turn (host or Manage Channels)")
    async def overbooking_skip(self, interaction: discord.Interaction) -> None:
        await self.skip_turn(interaction)

    @overbooking.command(name="leave", description="Leave this channel's game (an AI plays on, or the game ends)")
    async def overbooking_leave(self, interaction: discord.Interaction) -> None:
        await self.leave_game(interaction)

    @overbooking.command(name="takeback", description="Take your seat back from the AI")
    async def overbooking_takeback(self, interaction: discord.Interaction) -> None:
        await self.take_seat_back(interaction)

    @overbooking.command(name="cancel", description="Cancel this channel's game (host or Manage Channels)")
    async def overbooking_cancel(self, interaction: discord.Interaction) -> None:
        await self.cancel_game(interaction)

    @gah.command(name="sync", description="Admin (Manage Server): publish the bot's commands again")
    async def sync(self, interaction: discord.Interaction) -> None:
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


GAME_ID_MAX = 2**53
"""The largest game id a command takes (ids are whole numbers from 1; Discord's integers stop at 2**53)."""


def game_option(value: object) -> int | None:
    """The `game` option of a viewing command (None when left out).

    Raises:
        options.BadOption: not a whole number from 1 to `GAME_ID_MAX`.
    """
    return None if value is None else options.whole_number(value, "game", 1, GAME_ID_MAX)
