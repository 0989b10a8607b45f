"""Notifications and timers: user preferences, snoozes, the channel's reminder interval, the game's reminder timer
and the messages the bot posted for a game.

Reminder timers are set by `ServiceBase.store` after every change of a running game (`unit.arm_reminder`); the
calls here change preferences and settings and set or drop the timer to match.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from bot.host import quiet_hours
from bot.host.service.errors import N_, NotHost, ServiceError, worded
from bot.host.service.rules import LANGUAGES, seat_on_turn, stored_state
from bot.host.service.unit import REMINDER, ServiceBase, arm_reminder
from bot.host.storage import NOTIFY_MODES, ChannelSettings, GameRow, PostedMessage, Timer, Tx, UserPrefs

AUTO_LANGUAGE = "auto"
"""`set_prefs(language="auto")`: no language of one's own (the client's counts; stored as NULL)."""

MAX_REMINDER_SECONDS = 7 * 24 * 3600
"""The longest reminder interval a channel may set (a week)."""


class Notices(ServiceBase):
    """The notifications and timers part of `GameService`."""

    async def prefs(self, user_id: int) -> UserPrefs:
        """A user's notification preferences (defaults if never set)."""
        async with self.storage.reading() as tx:
            return await tx.prefs(user_id)

    async def set_prefs(
        self, user_id: int, *, notify: str | None = None, reminders: bool | None = None,
        quiet: str | None = None, time_zone: str | None = None, language: str | None = None,
    ) -> UserPrefs:
        """Change how a user hears of their turn ("mention", "dm", "none"), whether they get turn reminders at all
        (the interval is the channel's), their quiet hours (`quiet`: "22-08", "22:30-07:00", or "off") and their
        IANA time zone (`bot.host.quiet_hours`) and their own language (`language`: "en", "pl", "de", or "auto" for
        their client's; `bot.host.language`); None leaves a preference as it is. Turning reminders off drops those
        pending about them.

        Raises:
            ServiceError: an unknown mode, a malformed span or an unknown zone (naming the expected form), or quiet
                hours without a time zone given now or before.
        """
        if notify is not None and notify not in NOTIFY_MODES:
            raise ServiceError(N_("Notifications can be {modes}; not {mode}."), modes=", ".join(NOTIFY_MODES),
                               mode=repr(notify)[:40])
        if language is not None and language not in (*LANGUAGES, AUTO_LANGUAGE):
            raise ServiceError(N_("Your language can be {languages}; not {language}."),
                               languages=", ".join((AUTO_LANGUAGE, *LANGUAGES)), language=repr(language)[:40])
        try:
            zone = None if time_zone is None else quiet_hours.zone_named(time_zone)
            span = None if quiet is None or quiet.strip().lower() in quiet_hours.OFF else quiet_hours.parse_span(quiet)
        except quiet_hours.BadQuietHours as error:
            raise worded(ServiceError, str(getattr(error, "template", "") or error),  # said in the reader's words
                         **getattr(error, "values", {})) from error
        async with self.storage.transaction() as tx:
            prefs = await tx.prefs(user_id)
            if span is not None and zone is None and prefs.time_zone is None:
                raise ServiceError(N_("Quiet hours need your time zone: add `timezone:`, an IANA time zone name such "
                                      "as `Europe/Warsaw`, `America/New_York` or `UTC`."))
            prefs = dataclasses.replace(
                prefs,
                notify=prefs.notify if notify is None else notify,
                reminders=prefs.reminders if reminders is None else reminders,
                quiet_start=prefs.quiet_start if quiet is None else None if span is None else span.start,
                quiet_end=prefs.quiet_end if quiet is None else None if span is None else span.end,
                time_zone=prefs.time_zone if zone is None else zone,
                language=prefs.language if language is None else None if language == AUTO_LANGUAGE else language,
            )
            await tx.put_prefs(prefs, self.clock())
            if not prefs.reminders:
                await tx.delete_user_timers(user_id, REMINDER)
        return prefs

    async def snooze(self, user_id: int, until: float | None) -> UserPrefs:
        """Hold a user's reminders in every game until `until` (seconds since the epoch); None ends the snooze.
        Pending reminders about the user move to `until`."""
        async with self.storage.transaction() as tx:
            prefs = dataclasses.replace(await tx.prefs(user_id), snooze_until=until)
            await tx.put_prefs(prefs, self.clock())
            if until is not None:
                await tx.snooze_timers(user_id, until)
        return prefs

    async def snooze_turn(self, game_id: int, user_id: int) -> bool:
        """No reminder for the user in this game until their turn is over (the next move arms a new one).
        Returns whether a pending reminder was dropped (False: it was already sent or none was set).

        Raises:
            NoGameHere: no such game.
            GameNotActive: the game is not running.
            GameBusy: another change held the game past the lock timeout.
            NotSeated: the user has no seat in it.
            NotYourTurn: the user's seat is not waiting for an answer (or an AI plays it).
        """
        async with self.unit(game_id, status="active") as work:
            seat_on_turn(work.seats, work.state, user_id)
            return await _drop_reminder(work.tx, game_id, lambda timer: timer.user_id == user_id)

    async def channel_settings(self, channel_id: int) -> ChannelSettings:
        """A channel's settings (the reminder interval of its games); the defaults if nobody set them."""
        async with self.storage.reading() as tx:
            return await tx.channel_settings(channel_id)

    async def set_reminder_interval(
        self, channel_id: int, guild_id: int, actor_id: int, seconds: int, *, is_manager: bool = False
    ) -> ChannelSettings:
        """Set how long the channel's games wait for the player on turn before one reminder (0: never).

        Allowed for the host of the channel's open game (lobby or active) and for managers (Manage Channels,
        also when the channel has no open game). A running game's pending reminder moves to the new interval,
        counted from the last move (so a shorter interval may make it due at once).

        Raises:
            ServiceError: the interval is negative or longer than `MAX_REMINDER_SECONDS`.
            NotHost: the actor neither hosts the channel's open game nor manages the channel.
            GameBusy: another change held the channel's game past the lock timeout.
        """
        if not 0 <= seconds <= MAX_REMINDER_SECONDS:
            raise ServiceError(N_("The reminder interval must be between 0 (no reminders) and 168 hours."))
        async with self.storage.reading() as tx:
            found = await tx.open_game_in_channel(channel_id)
        settings = ChannelSettings(channel_id, seconds, actor_id, self.clock())
        if found is None:
            async with self.storage.transaction() as tx:
                await self._put_interval(tx, settings, guild_id, await tx.open_game_in_channel(channel_id),
                                         is_manager)
            return settings
        async with self.unit(found.id) as work:
            game = work.game if work.game.status in ("lobby", "active") else None
            await self._put_interval(work.tx, settings, guild_id, game, is_manager)
        return settings

    @staticmethod
    async def _put_interval(tx: Tx, settings: ChannelSettings, guild_id: int, game: GameRow | None,
                            is_manager: bool) -> None:
        """Store the interval if the actor may set it (see `set_reminder_interval`) and re-time the game's
        pending reminder."""
        if not is_manager and (game is None or game.host_id != settings.updated_by):
            raise NotHost(N_("Only the host of this channel's game, or someone who may manage the channel, "
                             "can set the reminder interval."))
        old = await tx.channel_settings(settings.channel_id)
        await tx.put_channel_settings(settings, guild_id)
        if game is not None and game.status == "active":
            pending = bool(_reminders(await tx.timers(game_id=game.id)))
            if pending or old.reminder_seconds == 0:  # not if this turn's reminder was sent or snoozed
                await arm_reminder(tx, game, await tx.seats(game.id), stored_state(game), game.version,
                                   game.updated_at)

    async def record_message(
        self, game_id: int, purpose: str, channel_id: int, message_id: int, version: int
    ) -> PostedMessage:
        """Remember what the bot posted for a game (one message per purpose, e.g. "lobby", "board", "panel")."""
        message = PostedMessage(game_id, purpose, channel_id, message_id, version, self.clock())
        async with self.storage.transaction() as tx:
            await tx.put_message(message)
        return message

    async def messages(self, game_id: int) -> list[PostedMessage]:
        """Every remembered message of a game."""
        async with self.storage.reading() as tx:
            return await tx.messages(game_id)

    async def forget_message(self, game_id: int, purpose: str) -> None:
        """Forget a remembered message (e.g. after it was deleted)."""
        async with self.storage.transaction() as tx:
            await tx.delete_message(game_id, purpose)

    async def timers(self, due_before: float | None = None) -> list[Timer]:
        """Pending timers, soonest first (all of them, or those due by `due_before`); re-arm them at start-up."""
        async with self.storage.reading() as tx:
            return await tx.timers(due_before=due_before)

    async def reminder_sent(self, game_id: int, version: int | None = None) -> None:
        """After the bot sent a turn reminder: there is one reminder per turn, so none is pending until the
        next move (which arms the next one). Also call it for a reminder that found nothing to remind of.

        `version` is the `Timer.version` the caller handled: a reminder armed by a move made meanwhile stays.

        Raises:
            GameBusy: another change held the game past the lock timeout.
        """
        async with self.locked(game_id), self.storage.transaction() as tx:
            await _drop_reminder(tx, game_id, lambda timer: version is None or timer.version == version)

    async def hold_dm(self, game_id: int, user_id: int, version: int, until: float) -> None:
        """Hold `user_id`'s turn DM of the game at `version` until `until` (seconds since the epoch: the end of
        their quiet hours, `bot.host.quiet_hours`); the reminder loop sends it then (`take_timer` first)."""
        async with self.storage.transaction() as tx:
            await tx.put_timer(Timer(game_id, quiet_hours.held_dm_kind(user_id), user_id, until, version))

    async def hold_reminder(self, game_id: int, version: int, until: float) -> bool:
        """Move the game's pending reminder set at `version` to `until` (the end of the quiet hours of the user it
        is about); returns False if none such is pending (a move set another, or it was sent).

        Raises:
            GameBusy: another change held the game past the lock timeout.
        """
        async with self.locked(game_id), self.storage.transaction() as tx:
            pending = [t for t in _reminders(await tx.timers(game_id=game_id)) if t.version == version]
            for timer in pending:
                await tx.put_timer(dataclasses.replace(timer, due_at=until))
        return bool(pending)

    async def take_timer(self, timer: Timer) -> bool:
        """Remove `timer` if it is still set as it was (same game, kind and version); True if it was, so that
        exactly one caller handles it."""
        async with self.storage.transaction() as tx:
            return await tx.take_timer(timer.game_id, timer.kind, timer.version)

    async def drop_held_dm(self, game_id: int, user_id: int) -> None:
        """Forget `user_id`'s held turn DM of the game (a reminder with its own DM went out)."""
        async with self.storage.transaction() as tx:
            await tx.delete_timers(game_id, quiet_hours.held_dm_kind(user_id))

    async def rearm_reminder(self, game_id: int) -> Timer | None:
        """Set the game's reminder anew, an interval from now (or later, while the user on turn is snoozed);
        None if no reminder is due: the game is not running, an AI must move, the channel has no reminders or
        the user wants none.

        Raises:
            NoGameHere: no such game.
            GameBusy: another change held the game past the lock timeout.
        """
        async with self.unit(game_id) as work:
            if work.game.status != "active":
                await work.tx.delete_timers(game_id)
                return None
            await arm_reminder(work.tx, work.game, work.seats, work.state, work.game.version, work.now)
            found = await work.tx.timers(game_id=game_id)
        return next(iter(_reminders(found)), None)


def _reminders(timers: Iterable[Timer]) -> list[Timer]:
    """The turn reminders among a game's timers, in the given order."""
    return [timer for timer in timers if timer.kind == REMINDER]


async def _drop_reminder(tx: Tx, game_id: int, which: Callable[[Timer], bool]) -> bool:
    """Drop the game's reminder if it is pending and `which` accepts it; returns whether it was dropped."""
    pending = [t for t in _reminders(await tx.timers(game_id=game_id)) if which(t)]
    if pending:
        await tx.delete_timers(game_id, REMINDER)
    return bool(pending)
