"""The lobby message and its components: seats, options, reminders, Start and Cancel; and Rematch.

`LobbyController` answers lobby clicks for `bot.host.controller.Controller` (which routes every component) and the
`/gah new` command. Permissions are the service's: a refusal arrives as a service error and is answered by the
controller's `fail`.

Its words (issue 55 item 2): the lobby message, its buttons and menus and what the channel sees of it are in the
game's language (the lobby's *Language* option, `bot.host.language.game_language`: a lobby is drawn before the game
exists); a private answer to a click is in the clicker's (`reader_for`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.host import permissions, texts, threads
from bot.host.custom_ids import BadCustomId, ComponentId, number, whole_number
from bot.host.deadlines import LATE_AFTER_SECONDS, age_of
from bot.host.kinds import AnyKind, kind_named
from bot.host.language import game_language, reader_for, server_language
from bot.host.lobby_language import is_language_value, language_change, language_choices, language_field
from bot.host.option_menus import VARIANTS, menu_changes
from bot.host.posts import post_nonce
from bot.host.safe_text import safe_text
from bot.host.service import GameInfo, GameService, ServiceError
from bot.host.service.clock_timer import CLOCK_HOURS
from bot.host.texts import level_name
from bot.host.views import lobby_view, options_view
from render.core.i18n import ENGLISH, Translator, translator
from render.core.lang import N_

log = logging.getLogger(__name__)

EDIT_LIMIT_SECONDS = 3600
"""Messages older than this are not edited: a new one is posted instead."""

EXPIRED_TEXT = N_("This lobby expired: nobody started it within {hours}, so the channel is free again. "
                  "`{new}` opens a new game.")
"""What an expired lobby's message says instead of the lobby."""

LEAVE_CHOICES: list[tuple[str, str]] = [
    (N_("If a player leaves: an AI plays their seat"), "ai"),
    (N_("If a player leaves: the game ends"), "end"),
]
"""The host's choice of what happens when a player leaves the running game (`/gah leave`); the labels in English,
said in the lobby's language by `leave_choices`."""
REMINDER_CHOICES: list[tuple[str, int]] = [
    (N_("after 1 hour"), 3600), (N_("after 4 hours"), 4 * 3600), (N_("after 12 hours"), 12 * 3600),
    (N_("after 24 hours"), 24 * 3600), (N_("after 48 hours"), 48 * 3600), (N_("none"), 0),
]
"""The lobby's choices of the channel's reminder interval (any other value: `/gah reminders`); the labels in
English, said in the lobby's language where the menu is drawn."""


def leave_choices(_: Translator) -> list[tuple[str, str]]:
    """`LEAVE_CHOICES` in `_`'s language."""
    return [(_(label), value) for label, value in LEAVE_CHOICES]


def command_words(_: Translator, command: str, name: str) -> str:
    """A slash command as Discord shows it in `_`'s language ("/gah nowa")."""
    return f"/{command} {_.pgettext('command_name', name)}"


def colour_name(colour: str, _: Translator) -> str:
    """A seat colour (`render.core.theme.PLAYER_COLOR_NAMES`) in `_`'s language."""
    names = {"purple": _.pgettext("seat colour", "purple"), "orange": _.pgettext("seat colour", "orange"),
             "teal": _.pgettext("seat colour", "teal"), "graphite": _.pgettext("seat colour", "graphite")}
    return names.get(colour, colour)


CLOCK_VALUES = ("clock:", "clocklevel:")
"""The lobby's reminders menu also sets the turn clock (the lobby keeps to four rows): values of these forms."""


def clock_choices(levels: tuple[str, ...], *, language: str = ENGLISH) -> list[tuple[str, str]]:
    """The turn clock's entries of the lobby's reminders menu, (label, value): hours a turn, then the AI."""
    _ = translator(language)
    hours = [(_.ngettext("Turn clock: {count} hour a turn", "Turn clock: {count} hours a turn", h) if h
              else _("Turn clock: off"), f"clock:{h}") for h in CLOCK_HOURS]
    return hours + [(_("Turn clock's AI: {level}", level=level_name(level, _)), f"clocklevel:{level}")
                    for level in levels]


WHERE_TEXTS = {False: N_("In this channel (the host can choose a thread of this message under Options)."),
               True: N_("In a thread of this message: the channel gets only the start and the result.")}
"""The lobby's line saying where the game is played (`bot.host.threads`)."""
IN_A_THREAD_TEXT = N_("In this thread.")
"""The line of a lobby opened inside a thread (a rematch of a thread game): its game is played there."""


def option_labels(kind: AnyKind) -> dict[str, str]:
    """The English lobby menu entries of `kind`'s options, for `texts.options_line`: "name=value" of a choice, the
    name of a flag (the modules have a lobby field of their own)."""
    choices, flags, _ = options_of(kind)
    return {(name if name in flags else f"{option}={name}"): label
            for option, values in choices for label, name in values}


def options_of(kind: AnyKind) -> tuple[list[tuple[str, list[tuple[str, str]]]], tuple[str, ...], dict[str, Any]]:
    """The lobby's option menus of a game of `kind`, the boolean options chosen together in one "variants" menu,
    and every option's default. The variants menu also holds the bot's "Play in a thread" (`bot.host.threads`): the
    lobby message keeps to four rows (`bot.host.views.lobby_view`), so the host finds it under *Options*."""
    shown = kind.presenter()
    choices = [(name, [*values, (threads.OPTION_LABEL, threads.OPTION)]) if name == "variants" else (name, values)
               for name, values in shown.MENUS.choices]  # the bot's own option joins the game's variants
    return choices, (*shown.MENUS.variant_flags, threads.OPTION), {**kind.option_defaults, threads.OPTION: False}


Reply = Callable[..., Awaitable[None]]
"""`Controller.reply`: an ephemeral answer (interaction, content, **send options)."""
PostTurn = Callable[..., "asyncio.Task[None]"]
"""`Controller.post_turn`: schedule the turn post of a result (channel, result, first=...)."""


class LobbyController:
    """Answers lobby clicks and posts lobby messages. Holds no game state.

    Args:
        client: the bot (to find a channel by id).
        service: the game service.
        reply: how to answer a user privately (`Controller.reply`).
        post_turn: how to post the first turn once the game starts (`Controller.post_turn`).
    """

    def __init__(self, client: discord.Client, service: GameService, reply: Reply, post_turn: PostTurn) -> None:
        self.client = client
        self.service = service
        self.reply = reply
        self.post_turn = post_turn
        self._expiring: asyncio.Task[None] | None = None
        self._opening: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def opening(self, channel_id: int) -> asyncio.Lock:
        """The lock that lets this process's requests to open a game in one channel (`/gah new`, Rematch) take
        turns (kept while anyone holds or waits for it). Issue 51 item 7: requests at once by one member all got
        the same unposted lobby back and each posted it; in turns, the first posts it and the others find the
        channel taken. (Another process, or a restarted one, is met by the lobby post's nonce.)"""
        found = self._opening.get(channel_id)
        if found is None:
            found = self._opening[channel_id] = asyncio.Lock()
        return found

    async def open(self, interaction: discord.Interaction, kind: AnyKind, options: dict[str, Any]) -> None:
        """`/gah new` (or `/overbooking new`): let this channel's expired lobby go (saying so on its message),
        open a lobby (or get back the user's own lobby whose message was never posted) and post it. Refusals come
        as service errors (too late to answer: logged)."""
        answered = await self._defer(interaction)
        async with self.opening(interaction.channel_id or 0):
            try:
                await self.expire(interaction.channel_id)
                info = await self.service.create(guild_id=interaction.guild_id or 0,
                                                 channel_id=interaction.channel_id or 0, host_id=interaction.user.id,
                                                 host_name=interaction.user.display_name, options=options,
                                                 kind=kind.key, guild_locale=server_language(interaction.guild_locale))
            except ServiceError as error:
                if answered:
                    raise
                log.info("refused a late /%s new from %s: %s", kind.command, interaction.user.id, error)
                return
            await self.post_lobby(interaction, info, answered=answered)

    async def lobby_message(self, info: GameInfo) -> dict[str, Any]:
        """The lobby message's content, embed and view: host, seats with colours, options, reminders; in the game's
        language (the lobby's *Language* option)."""
        reminder_seconds = (await self.service.channel_settings(info.channel_id)).reminder_seconds
        inside = isinstance(self.client.get_channel(info.channel_id), discord.Thread)  # a rematch in a game's thread
        return lobby_payload(info, reminder_seconds, inside=inside)

    async def post_lobby(self, interaction: discord.Interaction, info: GameInfo, *,
                         answered: bool | None = None) -> None:
        """Post the lobby message in the channel, remember it, and tell the user who opened it (privately).

        The lobby is an ordinary channel message, not the interaction's response: the bot edits it when the host
        changes options in another (ephemeral) message, and a bot may edit its own channel messages at any time,
        while an interaction's response can only be edited with that interaction's token (15 minutes). It carries
        the nonce of the game's lobby at its version (`post_nonce`): requests at once that got the same unposted
        lobby back (one member's `/gah new`s or Rematch presses: issue 51 item 7), or a restarted bot's retry,
        get Discord's one message back instead of posting another."""
        if answered is None:
            answered = await self._defer(interaction)
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        try:
            message = await channel.send(**await self.lobby_message(info),
                                         allowed_mentions=discord.AllowedMentions.none(),
                                         nonce=post_nonce("lobby", info.id, info.version))
        except discord.HTTPException as error:  # a lobby nobody can see must not block the channel
            with contextlib.suppress(ServiceError):  # a request at once cancelled it already
                await self.service.cancel(info.id, info.host_id)
            log.warning("game %s: the lobby could not be posted (%s); cancelled", info.id, error.status)
            if answered:
                _ = await reader_for(interaction, self.service)
                await interaction.followup.send(_("I could not post the lobby here (Discord said {status}: {text}), "
                                                  "so no game was opened. Check my permissions in this channel and "
                                                  "try again.", status=error.status, text=error.text or _("refused")),
                                                ephemeral=True)
            return
        await self.service.record_message(info.id, "lobby", message.channel.id, message.id, info.version)
        if answered:
            _ = await reader_for(interaction, self.service)
            await interaction.followup.send(_("The lobby is open: players press **{join}** on it, the host presses "
                                              "**{start}**.", join=_.pgettext("lobby button", "Join"),
                                              start=_.pgettext("lobby button", "Start")), ephemeral=True)

    @staticmethod
    async def _defer(interaction: discord.Interaction) -> bool:
        """Acknowledge the interaction (privately, "thinking") unless that was done or it is too late; False if it
        is past Discord's 3 seconds (`LATE_AFTER_SECONDS`): then the lobby is posted without a private answer."""
        if interaction.response.is_done():
            return True
        age = age_of(interaction)
        if age <= LATE_AFTER_SECONDS:
            try:
                await interaction.response.defer(ephemeral=True, thinking=True)
                return True
            except discord.NotFound:  # it ran out between the check and the answer
                pass
        log.warning("%s from %s was %.1f s old, past Discord's 3 s: not answered, but its lobby is posted",
                    getattr(interaction.command, "qualified_name", "a click"), interaction.user.id, age)
        return False

    async def refresh_lobby(self, interaction: discord.Interaction, info: GameInfo) -> None:
        """Show the lobby's new state on the clicked lobby message (edits only messages under an hour old)."""
        payload = await self.lobby_message(info)
        message = interaction.message
        if message is not None and time.time() - message.created_at.timestamp() < EDIT_LIMIT_SECONDS:
            await interaction.edit_original_response(**payload)
        else:
            channel = interaction.channel
            assert isinstance(channel, discord.abc.Messageable)
            posted = await channel.send(**payload, allowed_mentions=discord.AllowedMentions.none())
            await self.service.record_message(info.id, "lobby", posted.channel.id, posted.id, info.version)

    async def on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None:
        """A lobby button: join, leave, options, start or cancel (refusals come as service errors)."""
        user = interaction.user
        manager = bool(getattr(interaction.permissions, "manage_channels", False))
        if cid.verb == "options":
            info = await self.service.check_set_options(cid.game, user.id)  # the service's rule, as a dry run
            language = (await reader_for(interaction, self.service)).language  # the host's own message
            await self.reply(interaction, self.options_text(info, language=language),
                             view=self.options_menus(info, language=language))
            return
        await interaction.response.defer()
        expected = cid.version  # the lobby as drawn on the clicked message (`bot.host.guards` checked it; this closes
        # the race with a click that lands in between)
        if cid.verb == "join":
            info = await self.service.join(cid.game, user.id, user.display_name, expected_version=expected)
        elif cid.verb == "leave":
            info = await self.service.leave(cid.game, user.id, expected_version=expected)
        elif cid.verb == "cancel":
            info = await self.service.cancel(cid.game, user.id, is_manager=manager, expected_version=expected)
            _ = translator(game_language(info.options))  # the channel's message: the game's language
            await interaction.edit_original_response(content=_("This game was cancelled."), embed=None, view=None)
            return
        elif cid.verb == "start":
            lacking = permissions.missing_here(interaction)
            if lacking:
                language = (await reader_for(interaction, self.service)).language
                await interaction.followup.send(permissions.refusal(lacking, "start the game", language=language),
                                                ephemeral=True)
                return
            await self.start(interaction, cid.game, user.id, expected)
            return
        else:
            return
        await self.refresh_lobby(interaction, info)

    async def start(self, interaction: discord.Interaction, game_id: int, user_id: int, expected: int) -> None:
        """Start the game (its first turn post follows). A game whose host chose a thread (`bot.host.threads`) first
        gets its thread, started from the clicked lobby message, and moves there as it starts; the lobby message
        then says where the game is on. Without the permissions for a thread it says why, and the game is
        played in the channel. A start the game refuses opens no thread (`GameService.check_start` first), and a
        start that fails after the thread opened deletes it again (issue 51)."""
        channel: Any = interaction.channel
        thread: discord.Thread | None = None
        note = ""
        info = await self.service.check_set_options(game_id, user_id)  # the host, in the lobby: before any thread
        if threads.wanted(info):
            await self.service.check_start(game_id, user_id)  # a start the game refuses opens no thread
            thread, note = await threads.open_thread(interaction, info)
        try:
            result = await self.service.start(game_id, user_id, expected_version=expected,
                                              thread_id=None if thread is None else thread.id)
        except Exception:
            if thread is not None:  # a race or a storage failure after all: no empty thread is left behind
                await threads.remove_thread(thread, game_id)
            raise
        posting = self.post_turn(thread or channel, result, first=True)
        _ = translator(game_language(info.options))  # the lobby message becomes the channel's news of the start
        started = (_("The game has started: it is on in the thread {thread}.", thread=thread.mention)
                   if thread is not None else _("The game has started!") + (f" {note}" if note else ""))
        await interaction.edit_original_response(content=started, embed=None, view=None)
        await posting

    async def on_select(self, interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None:
        """A lobby select: an AI seat, the reminder interval, or one of the host's option menus."""
        user = interaction.user
        if cid.verb == "ailevel":
            await interaction.response.defer()
            info = await self.service.add_ai(cid.game, user.id, values[0], expected_version=cid.version)
            await self.refresh_lobby(interaction, info)
            return
        if cid.verb == "reminder" and values[0].startswith(CLOCK_VALUES):  # the turn clock shares the menu
            await self.set_clock(interaction, cid, values[0])
            return
        if cid.verb == "reminder":
            info = await self.service.game(cid.game)
            if info.status != "lobby":
                _ = await reader_for(interaction, self.service)
                await self.reply(interaction, _("The game has started; the host can still use `{reminders}`.",
                                                reminders=command_words(_, kind_named(info.kind).command,
                                                                        "reminders")))
                return
            await self.service.set_reminder_interval(info.channel_id, info.guild_id, user.id, number(values[0]),
                                                     is_manager=bool(getattr(interaction.permissions,
                                                                             "manage_channels", False)))
            await interaction.response.defer()
            await self.refresh_lobby(interaction, info)
            return
        if cid.verb == "onleave" and values and is_language_value(values[0]):  # the game's language shares the menu
            await interaction.response.defer()
            info = await self.service.set_options(cid.game, user.id, language_change(values[0]),
                                                  expected_version=cid.version)
            await self.refresh_lobby(interaction, info)
            return
        if cid.verb == "onleave":
            if not values or values[0] not in dict((value, label) for label, value in LEAVE_CHOICES):
                raise BadCustomId(f"not a leave choice: {values!r}")
            await interaction.response.defer()
            info = await self.service.set_options(cid.game, user.id, {"on_leave": values[0]})
            await self.refresh_lobby(interaction, info)
            return
        # an option select from the host's ephemeral options message; the argument is the option's row
        info = await self.service.game(cid.game)
        kind = kind_named(info.kind)
        choices, flags, _defaults = options_of(kind)
        name, offered = choices[whole_number(cid.arg, high=len(choices) - 1)]
        chosen = [value.partition(".")[2] for value in values if value.partition(".")[0] == name]
        unknown = sorted(set(chosen) - {value for _label, value in offered})
        if unknown:
            raise BadCustomId(f"not a choice of the option {name}: {unknown[0][:40]!r}")
        if name != VARIANTS and not chosen:
            raise BadCustomId(f"no value for option {name}")
        changes = menu_changes(name, chosen, flags, kind.presenter().MENUS.modules)
        info = await self.service.set_options(cid.game, user.id, changes, expected_version=cid.version)
        language = (await reader_for(interaction, self.service)).language  # the host's own message
        await interaction.response.edit_message(content=self.options_text(info, saved=True, language=language),
                                                view=self.options_menus(info, language=language))
        await self.update_lobby_message(info)

    async def set_clock(self, interaction: discord.Interaction, cid: ComponentId, value: str) -> None:
        """The host's turn clock choice from the lobby's reminders menu: "clock:24" (hours, 0: off) or
        "clocklevel:greedy" (its AI)."""
        name, _, chosen = value.partition(":")
        change: dict[str, Any] = ({"clock_hours": whole_number(chosen, high=max(CLOCK_HOURS))} if name == "clock"
                                  else {"clock_level": chosen})
        info = await self.service.game(cid.game)
        if info.status != "lobby":
            _ = await reader_for(interaction, self.service)
            await self.reply(interaction, _("The game has started; its turn clock is fixed."))
            return
        info = await self.service.set_options(cid.game, interaction.user.id, change, expected_version=cid.version)
        await interaction.response.defer()
        await self.refresh_lobby(interaction, info)

    @staticmethod
    def options_text(info: GameInfo, *, saved: bool = False, language: str = ENGLISH) -> str:
        """The text of the host's options message, in the host's `language`: what is chosen now (after a change,
        that it was saved); in Grand Austria Hotel also the Let's Waltz modules and where they are."""
        _ = translator(language)
        kind = kind_named(info.kind)
        line = texts.options_line(info.options, language=language, labels=option_labels(kind))
        tail = kind.presenter().lobby(info.options, kind.provisional, language=language).options_note
        if saved:
            return _("Options saved: {options}.", options=line) + tail
        return _("Choose the game options (only you see this message): {options}.", options=line) + tail

    @staticmethod
    def options_menus(info: GameInfo, *, language: str = ENGLISH) -> discord.ui.View:
        """The host's option selects, showing the lobby's current choices, in the host's `language`."""
        kind = kind_named(info.kind)
        shown = kind.presenter()
        choices, _, defaults = options_of(kind)
        module_names = {name for _, name, _ in shown.MENUS.modules}
        modules = chosen_modules(info)

        def chosen(name: str, value: str) -> bool:
            if name == "variants":
                if value in module_names:
                    return value in modules
                return bool(info.options.get(value, defaults.get(value, False)))
            return str(info.options.get(name, defaults.get(name))) == value

        return options_view(info.id, info.version, choices, chosen, frozenset({"variants"}),
                            placeholders=shown.MENUS.placeholders,
                            notes={**shown.MENUS.notes, threads.OPTION: threads.OPTION_NOTE}, language=language)

    async def update_lobby_message(self, info: GameInfo) -> None:
        """Edit the stored lobby message after an option change made elsewhere."""
        posted = {m.purpose: m for m in await self.service.messages(info.id)}.get("lobby")
        if posted is None or time.time() - posted.posted_at > EDIT_LIMIT_SECONDS:
            return
        channel = self.client.get_channel(posted.channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        try:
            message = channel.get_partial_message(posted.message_id)
            await message.edit(**await self.lobby_message(info))
        except discord.HTTPException:
            log.warning("could not edit the lobby message of game %s", info.id)

    async def update_lobby_in_channel(self, channel_id: int) -> None:
        """Edit the lobby message of the channel's game, if the channel has a game in its lobby."""
        try:
            info = await self.service.game_in_channel(channel_id)
        except ServiceError:
            return
        if info.status == "lobby":
            await self.update_lobby_message(info)

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """Rematch on a final post: a new lobby with the game's options, hosted by the player who pressed it (only
        a player of the game may; `GameService.rematch`), who is its only seat: the others join if they like.
        The first rematch of a game tells its other players once, in one message that names them and pings
        nobody; no DM."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.opening(interaction.channel_id or 0):  # the final post is in the game's channel
            await self.expire(interaction.channel_id)
            user = interaction.user
            info = await self.service.rematch(game_id, user.id, user.display_name)
            await self.post_lobby(interaction, info)
            await self.tell_old_players(await self.service.game(game_id), user.id, interaction.channel)

    async def tell_old_players(self, old: GameInfo, presser: int, channel: Any) -> None:
        """Name the other players of `old` once (the first rematch of that game only), pinging nobody. Presses at
        once all find no notice remembered yet, so the notice carries a nonce (`post_nonce`): Discord makes it
        one message."""
        others = [seat.user_id for seat in old.seats if seat.user_id and seat.user_id != presser]
        if not others or not isinstance(channel, discord.abc.Messageable):
            return
        if any(m.purpose == "rematch" for m in await self.service.messages(old.id)):
            return  # told already: pressing Rematch again (after a cancel) tells nobody anything new
        names = ", ".join(f"<@{user_id}>" for user_id in others)
        _ = translator(game_language(old.options))
        try:
            message = await channel.send(_("<@{presser}> opened a rematch of game {game}. {names}: press **{join}** on "
                                           "the lobby above to play again.", presser=presser, game=old.id, names=names,
                                           join=_.pgettext("lobby button", "Join")),
                                         allowed_mentions=discord.AllowedMentions.none(),
                                         nonce=post_nonce("notice", old.id, old.version))
        except discord.HTTPException as error:
            log.info("game %s: could not tell the players of the rematch (%s)", old.id, error.status)
            return
        await self.service.record_message(old.id, "rematch", message.channel.id, message.id, old.version)

    # ----- lobbies that expire --------------------------------------------------------------------------------

    async def expire(self, channel_id: int | None = None) -> int:
        """Let the lobbies nobody changed for the expiry time go (in `channel_id`, or everywhere): each is
        cancelled and its message says so. Returns how many expired."""
        expired = await self.service.expire_lobbies(channel_id)
        for info in expired:
            await self.show_expired(info)
        return len(expired)

    async def show_expired(self, info: GameInfo) -> None:
        """Replace an expired lobby's message by `EXPIRED_TEXT` (a message of any age)."""
        posted = {m.purpose: m for m in await self.service.messages(info.id)}.get("lobby")
        if posted is None:
            return
        hours = self.service.limits.lobby_expiry_seconds / 3600
        _ = translator(game_language(info.options))
        text = _(EXPIRED_TEXT, hours=texts.interval(hours * 3600, language=_.language),
                 new=command_words(_, kind_named(info.kind).command, "new"))
        try:
            message = self.client.get_partial_messageable(posted.channel_id).get_partial_message(posted.message_id)
            await message.edit(content=text, embed=None, view=None)
        except discord.HTTPException as error:
            log.warning("game %s: could not say on its lobby message that it expired (%s)", info.id, error.status)

    def start_expiry(self) -> None:
        """Look for expired lobbies every so often (a tenth of the expiry time, between 0.5 s and a minute)."""
        if self._expiring is None or self._expiring.done():
            self._expiring = asyncio.create_task(self._expire_every(), name="gah-lobby-expiry")

    async def stop_expiry(self) -> None:
        """Stop `start_expiry`'s loop."""
        if self._expiring is not None:
            self._expiring.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._expiring

    async def _expire_every(self) -> None:
        every = min(60.0, max(0.5, self.service.limits.lobby_expiry_seconds / 10))
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except Exception as error:  # a storage hiccup: the next round tries again
                log.warning("could not look for expired lobbies: %s: %s", type(error).__name__, error)


def chosen_modules(info: GameInfo) -> frozenset[str]:
    """The Let's Waltz modules the lobby has chosen (its `modules` option, none by default)."""
    return frozenset(str(name) for name in info.options.get("modules") or ())


def lobby_payload(info: GameInfo, reminder_seconds: int, *, inside: bool = False) -> dict[str, Any]:
    """The lobby message of `info` (content, embed and view) in the game's language (the lobby's *Language* option,
    `game_language`): host, seats with colours, options, the channel's reminders (`reminder_seconds`), where the game
    is played (`inside`: the lobby is in a thread already, a rematch of a thread game), the game's own fields."""
    language = game_language(info.options)
    _ = translator(language)
    kind = kind_named(info.kind)
    shown = kind.presenter()
    embed = discord.Embed(title=_("{title}: a new game", title=kind.title), colour=discord.Colour.gold())
    seats = "\n".join(
        # an AI seat's name already says AI, so its line gives only the level
        _("{number}. {name} ({colour}, {level} level)", number=i + 1, name=safe_text(s.name),
          colour=colour_name(s.colour, _), level=level_name(str(s.ai_level), _)) if s.is_ai_seat
        else _("{number}. {name} ({colour}) - {mention}", number=i + 1, name=safe_text(s.name),
               colour=colour_name(s.colour, _), mention=f"<@{s.user_id}>")
        for i, s in enumerate(info.seats)) or _("nobody yet")
    embed.add_field(name=_("Seats ({count}/{most})", count=len(info.seats), most=kind.max_seats), value=seats[:1024],
                    inline=False)
    line = texts.options_line(info.options, language=language, labels=option_labels(kind))
    embed.add_field(name=_("Options"), value=line[:1024], inline=False)
    clock = texts.clock_setting(info.options, kind.leave_ai_level, kind.command, language=language)
    embed.add_field(name=_("Reminders and turn clock"),
                    value=f"{texts.reminder_setting(reminder_seconds, language=language)}\n{clock}", inline=False)
    embed.add_field(name=_("Where"), value=_(IN_A_THREAD_TEXT if inside else WHERE_TEXTS[threads.wanted(info)]),
                    inline=False)
    name, value = language_field(info.options, command=kind.command)
    embed.add_field(name=name, value=value, inline=False)
    own = shown.lobby(info.options, kind.provisional, language=language)
    for name, value in own.fields:  # the game's own
        embed.add_field(name=name, value=value[:1024], inline=False)
    embed.set_footer(text=own.footer)
    return {"content": _("<@{host}> opened a game of {title}.", host=info.host_id, title=kind.title), "embed": embed,
            "view": lobby_view(info.id, info.version, kind.ai_levels, REMINDER_CHOICES, reminder_seconds,
                               [*leave_choices(_), *language_choices(language=language)],
                               str(info.options.get("on_leave", "ai")),
                               clock_choices(kind.ai_levels, language=language), language=language)}
