"""Turn reminders: timers live in the database and one loop re-arms them after every restart.

Several bot processes may share one database: each pass claims the due timers first (`Tx.claim_timers`, for
`CLAIM_SECONDS`), so every reminder is handled by one process; a process that dies holding a claim leaves the
timer to another process's pass after the claim ran out, or at once to a process on the same machine (which
sees that the holder is gone, e.g. the same bot restarted).

A process that runs some of the bot's shards claims only the timers of games in guilds on its own shards
(`bot.host.shards.ShardScope`); games of the other shards are their processes' to remind.

`Reminders` gets what it uses as typed arguments (the client, the service, how to DM a user), not the bot."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.host.disk_full import is_disk_full, log_disk_full
from bot.host.kinds import kind_named
from bot.host.language import dm_language, game_language
from bot.host.posts import waiting_users
from bot.host.quiet_hours import HELD_DM
from bot.host.service import GameBusy, GameInfo, GameService
from bot.host.service.clock_timer import CLOCK, after_downtime
from bot.host.shards import EVERY_SHARD, ShardScope
from bot.host.storage import Timer
from bot.host.threads import game_channel, is_unknown_channel
from bot.host.turn_notices import post_link, quiet_end
from render.core.i18n import translator
from render.core.lang import N_

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120.0
"""How long a process holds the due timers it claimed before another process may take them over."""

CLAIM_BATCH = 20
"""The most timers one pass claims (few enough that a pass ends well within `CLAIM_SECONDS`)."""


def claim_owner(pid: int | None = None) -> str:
    """How this process (or the process `pid` on this machine) signs its timer claims: "host:pid"."""
    return f"{socket.gethostname()}:{os.getpid() if pid is None else pid}"


def process_gone(owner: str) -> bool:
    """Whether `owner` (a `claim_owner` text) is a process of this machine that no longer runs, so that its claims
    can end at once (a restarted bot need not wait for them to run out). Claims of other machines' processes, or
    of a process that may still run, are left to run out."""
    host, _, pid = owner.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # it runs, under another user
        return False
    return False


class Reminders:
    """Every `poll_seconds`, remind the players whose turn has been waiting longer than their channel's
    reminder interval: one reminder per turn, in the game's channel (and by DM for users who chose DMs)."""

    def __init__(self, client: discord.Client, service: GameService,
                 notify_dm: Callable[[int, GameInfo], Awaitable[None]], poll_seconds: float = 60.0,
                 scope: Callable[[], ShardScope] = lambda: EVERY_SHARD,
                 channel_gone: Callable[[int], Awaitable[object]] | None = None,
                 on_clock: Callable[[Timer], Awaitable[int]] | None = None,
                 timer_handlers: Mapping[str, Callable[[Timer], Awaitable[None]]] | None = None) -> None:
        self.client = client
        self.on_clock = on_clock  # `bot.host.turn_clock.ClockPosts.fire`: a turn whose clock ran out
        self.started = False  # after the first pass: the time the bot was down moved the turn clocks on
        self.timer_handlers = dict(timer_handlers or {})
        """Who handles a due timer of another kind than reminders, held DMs and turn clocks, by kind (a vote's end:
        `bot.host.vote_posts.VoteDesk.on_timer`); the handler takes the timer (`take_timer`) so that it runs once."""
        self.channel_gone = channel_gone  # `bot.host.gone.GoneChannels.deleted`: a deleted channel's games end
        self.service = service
        self.notify_dm = notify_dm  # `Controller.notify_dm`: a DM for users who chose DMs
        self.poll_seconds = poll_seconds
        self.scope = scope  # the shards this process runs (known once the client is ready)
        self.task: asyncio.Task[None] | None = None
        self.owner = claim_owner()
        self.failures: dict[int, ReminderFailure] = {}
        """Reminders that could not be sent, by game id (kept in memory; after a restart they are tried anew)."""

    def start(self) -> None:
        """Start the loop (once)."""
        if self.task is None:
            self.task = asyncio.create_task(self.loop(), name="gah-reminders")

    async def stop(self) -> None:
        """Stop the loop."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None

    async def loop(self) -> None:
        await self.client.wait_until_ready()
        while True:
            try:
                await self.tick()
            except Exception as error:
                if is_disk_full(error):  # the claims could not be written: no reminder was lost, the next pass tries
                    log_disk_full(error, self.service.storage.display_name, "the reminder pass")
                else:
                    log.exception("reminder pass failed")
            await asyncio.sleep(self.poll_seconds)

    async def tick(self) -> int:
        """Claim the reminders that are due in games on this process's shards and send them (one per turn);
        returns how many were sent.

        A reminder that cannot be sent (the bot may not post in the channel, Discord fails, ...) does not stop the
        others: it is logged, tried again later with a growing pause (`retry_delay`; its claim is kept until then,
        so no other process retries it sooner), its players hear of it by DM (once), `/gah reminders` in its
        channel shows it, and after `MAX_ATTEMPTS` failures it is given up for that turn. If the pass itself is
        stopped (cancelled), the claims not yet handled are given back for the next pass."""
        sent = 0
        now = time.time()
        async with self.service.storage.transaction() as tx:
            for owner in await tx.claim_holders(now):
                if owner != self.owner and process_gone(owner):
                    log.info("reminder claims of %s end: that process is gone", owner)
                    await tx.release_claims(owner)
            await after_downtime(tx, self.owner, now, starting=not self.started, poll_seconds=self.poll_seconds)
            claimed = await tx.claim_timers(self.owner, now=now, lease_seconds=CLAIM_SECONDS, limit=CLAIM_BATCH,
                                            scope=self.scope())
        self.started = True
        for index, timer in enumerate(claimed):
            failure = self.failures.get(timer.game_id)
            if failure is not None:
                if failure.version == timer.version and failure.retry_at > now:
                    continue  # backing off; the claim runs out or is retried later
                if failure.version != timer.version:
                    del self.failures[timer.game_id]  # the turn moved on: start afresh
            try:
                sent += await self.remind(timer)
            except Exception as error:
                await self.failed(timer.game_id, timer.version, error)
            except BaseException:
                await self.release(claimed[index:])
                raise
            else:
                self.failures.pop(timer.game_id, None)
        return sent

    async def release(self, timers: Sequence[Timer]) -> None:
        """Give back this process's claims on `timers` (a failure here is logged: the claims run out anyway)."""
        try:
            async with self.service.storage.transaction() as tx:
                for timer in timers:
                    await tx.release_timer(timer.game_id, timer.kind, self.owner)
        except Exception:
            log.exception("could not give back %d reminder claims; they run out in %d s", len(timers),
                          CLAIM_SECONDS)

    async def remind(self, timer: Timer) -> int:
        """Handle one claimed timer: remind the user on turn, or set the timer anew or drop it when the game
        moved on, the user wants no reminders or is snoozed. Returns 1 if a reminder was posted, else 0.

        Raises:
            discord.HTTPException, ServiceError, ...: sending or storing failed (`tick` handles it).
        """
        if timer.kind.startswith(HELD_DM):
            await self.deliver_held_dm(timer)
            return 0
        if timer.kind == CLOCK:
            if self.on_clock is None:  # a tool without the bot's posts: the clock is the bot's
                await self.release([timer])
                return 0
            try:
                await self.on_clock(timer)
            except GameBusy:  # the claim is kept: tried again once it runs out
                log.info("game %s was busy when its turn clock ran out; tried again in %d s", timer.game_id,
                         CLAIM_SECONDS)
            except Exception:
                log.exception("game %s: the turn clock could not play the turn; tried again in %d s", timer.game_id,
                              CLAIM_SECONDS)
            return 0
        handler = self.timer_handlers.get(timer.kind)
        if handler is not None:
            await handler(timer)
            return 0
        service = self.service
        game_id, version = timer.game_id, timer.version
        info = await service.game(game_id)
        if info.version != version:  # the game moved on since this timer was set: set it for now
            await service.rearm_reminder(game_id)
            return 0
        user = info.current_user
        if info.status != "active" or user is None:
            await service.reminder_sent(game_id, version)
            return 0
        prefs = await service.prefs(user)
        if not prefs.reminders:
            await service.reminder_sent(game_id, version)
            return 0
        if prefs.snooze_until and prefs.snooze_until > time.time():
            await service.rearm_reminder(game_id)
            return 0
        until = quiet_end(prefs)
        if until is not None:  # the user's quiet hours: the reminder waits until they end (`bot.host.quiet_hours`)
            await service.hold_reminder(game_id, version, until)
            log.info("held the reminder of user %s in game %s until their quiet hours end", user, game_id)
            return 0
        sent = 0
        channel = await game_channel(self.client, info.channel_id)  # a game's thread that Discord archived: reopened
        if isinstance(channel, discord.abc.Messageable):
            since = int(info.updated_at)
            link = await post_link(service, info)
            _ = translator(game_language(info.options))  # a channel message: the game's language
            title = kind_named(info.kind).title
            said = (_("<@{user}>, friendly reminder: it is your turn in {game} (waiting since {since}): {link}",
                      user=user, game=title, since=f"<t:{since}:R>", link=link) if link
                    else _("<@{user}>, friendly reminder: it is your turn in {game} (waiting since {since}).",
                           user=user, game=title, since=f"<t:{since}:R>"))
            await channel.send(said,
                               allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)]))
            log.info("reminded user %s in game %s at version %s", user, timer.game_id, timer.version)
            sent = 1
        if prefs.notify == "dm":
            await self.notify_dm(user, info)
            await service.drop_held_dm(game_id, user)  # the reminder's DM says it all: no second DM
        await service.reminder_sent(game_id, version)
        return sent

    async def deliver_held_dm(self, timer: Timer) -> None:
        """Send a turn DM held through the user's quiet hours (`GameService.hold_dm`), once: only if the timer is
        still the one set (`take_timer`) and the user still waits for that version of the game (a later move
        set its own DM, or none)."""
        if timer.user_id is None or not await self.service.take_timer(timer):
            return
        try:
            info = await self.service.game(timer.game_id)
            if info.version == timer.version and timer.user_id in waiting_users(info):
                await self.notify_dm(timer.user_id, info)  # held again if the user changed their quiet hours
        except Exception as error:  # taken, so not retried: a DM is not worth a second try (the reminder follows)
            log.warning("could not send the held turn DM of user %s in game %s: %s", timer.user_id, timer.game_id,
                        reason_of(error))

    async def failed(self, game_id: int, version: int, error: Exception) -> None:
        """Record a failed reminder: back off, tell the players once (by DM), give up after `MAX_ATTEMPTS`. A
        game whose channel was deleted ends instead (`channel_gone`)."""
        if self.channel_gone is not None and is_unknown_channel(error):
            try:
                info = await self.service.game(game_id)
            except Exception as second:  # the next pass tries again
                log.warning("could not read game %s, whose channel is gone: %s", game_id, reason_of(second))
                return
            log.info("game %s: its channel %s is gone; no reminder", game_id, info.channel_id)
            await self.channel_gone(info.channel_id)  # never raises
            return
        failure = self.failures.get(game_id)
        if failure is None or failure.version != version:
            failure = ReminderFailure(version=version)
            self.failures[game_id] = failure
        failure.attempts += 1
        failure.reason = reason_of(error)
        failure.retry_at = time.time() + retry_delay(self.poll_seconds, failure.attempts)
        log.warning("could not send the reminder of game %s (attempt %d): %s", game_id, failure.attempts,
                    failure.reason)
        try:
            info = await self.service.game(game_id)
            failure.channel_id = info.channel_id
            if not failure.told:
                failure.told = True
                await self.tell_players(info, failure.reason)
            if failure.attempts >= MAX_ATTEMPTS:
                log.warning("gave up the reminder of game %s at version %s after %d attempts", game_id, version,
                            failure.attempts)
                await self.service.reminder_sent(game_id, version)
        except Exception as second:  # the game itself cannot be read: keep backing off
            log.warning("could not record the failed reminder of game %s: %s", game_id, reason_of(second))

    async def tell_players(self, info: GameInfo, reason: str) -> None:
        """A DM to the player on turn and to the host: the reminder in the game's channel could not be sent."""
        for user_id in dict.fromkeys(u for u in (info.current_user, info.host_id) if u):
            prefs = await self.service.prefs(user_id)
            if quiet_end(prefs) is not None:
                continue  # no DM inside a member's quiet hours; `/gah reminders` shows the failure
            try:
                user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
                _ = translator(dm_language(prefs.language, info.options))  # a DM: the member's language
                values = {"channel": f"<#{info.channel_id}>", "reason": _(reason) if reason == FORBIDDEN else reason,
                          "game": kind_named(info.kind).title}
                await user.send(_("I could not post a turn reminder in {channel} ({reason}). Someone who manages that "
                                  "channel can let me send messages there. Meanwhile: it is your turn in {game}.",
                                  **values) if user_id == info.current_user
                                else _("I could not post a turn reminder in {channel} ({reason}). Someone who "
                                       "manages that channel can let me send messages there. Meanwhile: it is the "
                                       "next player's turn in {game}.", **values))
            except discord.HTTPException as error:
                log.info("could not DM user %s about the failed reminder of game %s: %s", user_id, info.id, error)

    def failure_note(self, channel_id: int, language: str = "en") -> str:
        """A sentence about a reminder in this channel that could not be sent ("" when none), in the reader's
        `language`."""
        _ = translator(language)
        for failure in self.failures.values():
            if failure.channel_id == channel_id:
                reason = _(failure.reason) if failure.reason == FORBIDDEN else failure.reason
                if failure.attempts < MAX_ATTEMPTS:
                    return _("The last reminder here could not be sent ({reason}); I will try again.", reason=reason)
                return _("The last reminder here could not be sent ({reason}); I will try at the next turn.",
                         reason=reason)
        return ""


MAX_ATTEMPTS = 5
"""Failed attempts after which a turn's reminder is given up (the next turn has its own)."""


@dataclass
class ReminderFailure:
    """A reminder that could not be sent: for which game version, how often, why, and when to try again."""

    version: int
    attempts: int = 0
    retry_at: float = 0.0
    reason: str = ""
    told: bool = False
    channel_id: int | None = None


def retry_delay(poll_seconds: float, attempts: int) -> float:
    """Seconds to wait before the next attempt: doubling from one poll interval, at most an hour."""
    return min(poll_seconds * 2.0 ** (attempts - 1), 3600.0)


FORBIDDEN = N_("I may not post there")
"""`reason_of` a Forbidden, said in the reader's language where a member reads it."""


def reason_of(error: Exception) -> str:
    """A short reason for a log line or a player: "I may not post there" for a Forbidden, else the error."""
    if isinstance(error, discord.Forbidden):
        return FORBIDDEN
    return f"{type(error).__name__}: {str(error)[:200]}"
