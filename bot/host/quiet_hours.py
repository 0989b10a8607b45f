"""Quiet hours per member (issue 53 item 4): a daily span of local time, in the member's own IANA time zone, when
no DM and no reminder reaches them (pure: no discord, no storage).

    span = parse_span("22-08")                 # QuietSpan(start=1320, end=480): minutes after local midnight
    zone = zone_named("europe/warsaw")         # "Europe/Warsaw" (the spelling of the zone database)
    quiet_until(span, zone, now)               # None outside the span, else when it ends (seconds since the epoch)

A span that starts later in the day than it ends runs across midnight ("22-08": from 22:00 to 08:00 the next
morning). The zone's rules (summer time) come from the standard library's `zoneinfo`, which reads the system's zone
database or the `tzdata` package where the system has none.

Where the wait lives: `bot.host.posts` names a quiet member without the ping,
`bot.host.controller.Controller.notify_dm` holds
their turn DM as a stored timer (kind `held_dm_kind`), and `bot.host.reminders` moves a reminder that falls due inside
the span to its end; both timers are claimed and sent by the reminder loop, so they survive restarts and run once.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import zoneinfo
from dataclasses import dataclass

from render.core.i18n import ENGLISH, translator
from render.core.lang import N_

OFF = ("off", "none")
"""Words that clear a member's quiet hours."""

HELD_DM = "turn_dm:"
"""The timer kind prefix of a turn DM held until a member's quiet hours end (`held_dm_kind`). It sorts after
"reminder": the reminder loop handles timers due at the same moment in (due, game, kind) order, so a reminder held
to the same end goes first, and its own DM replaces the held one (`bot.host.reminders`)."""

_TIME = r"([01]?[0-9]|2[0-3])(?::([0-5][0-9]))?"
_SPAN = re.compile(rf"\s*{_TIME}\s*-\s*{_TIME}\s*")


class BadQuietHours(ValueError):
    """A quiet span or time zone that cannot be read; its text is the sentence for the member in English, and it
    keeps its marked `template` and `values`, so that the bot says it in the member's language
    (`bot.host.language.refusal_text`)."""

    def __init__(self, template: str, /, **values: object) -> None:
        super().__init__(template.format(**values) if values else template)
        self.template = template
        self.values = values


@dataclass(frozen=True)
class QuietSpan:
    """A daily span of local time: `start` and `end` in minutes after midnight (0-1439), never equal; a span with
    `start` > `end` runs across midnight."""

    start: int
    end: int

    def __str__(self) -> str:
        return f"{_clock(self.start)}-{_clock(self.end)}"

    def holds(self, minute: int) -> bool:
        """Whether the local minute of the day `minute` (0-1439) lies in the span (its start included, its end
        not)."""
        if self.start < self.end:
            return self.start <= minute < self.end
        return minute >= self.start or minute < self.end


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def parse_span(text: str) -> QuietSpan:
    """The quiet span written as `text` ("22-08", "22:30-07:15").

    Raises:
        BadQuietHours: not of that form (an hour above 23, minutes above 59, letters), or a span that starts when
            it ends.
    """
    match = _SPAN.fullmatch(text)
    if match is None:
        raise BadQuietHours(N_("Quiet hours must be written as `HH-HH` or `HH:MM-HH:MM` in 24-hour time, e.g. "
                               "`22-08` (from 22:00 to 08:00); not {text}."), text=repr(text[:40]))
    start = int(match[1]) * 60 + int(match[2] or 0)
    end = int(match[3]) * 60 + int(match[4] or 0)
    if start == end:
        raise BadQuietHours(N_("Quiet hours must start and end at different times, as `HH-HH` or "
                               "`HH:MM-HH:MM` in 24-hour time, e.g. `22-08` (from 22:00 to 08:00)."))
    return QuietSpan(start, end)


def stored_span(start: int | None, end: int | None) -> QuietSpan | None:
    """The span stored as two minute counts (None when either is missing or they do not make a span)."""
    if start is None or end is None or start == end or not (0 <= start < 1440 and 0 <= end < 1440):
        return None
    return QuietSpan(start, end)


@functools.cache
def _zones() -> dict[str, str]:
    """Every zone name of the zone database, by its lower-case spelling (read once: it lists files)."""
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def zone_named(text: str) -> str:
    """The zone database's spelling of the IANA zone `text` (any case, e.g. "europe/warsaw" -> "Europe/Warsaw").

    Raises:
        BadQuietHours: no such zone (or the system has no zone database and `tzdata` is not installed).
    """
    zones = _zones()
    if not zones:
        raise BadQuietHours(N_("I cannot read time zones here: the bot's computer has no zone database. Its "
                               "admin can install the `tzdata` package (`pip install tzdata`)."))
    found = zones.get(text.strip().lower())
    if found is None:
        raise BadQuietHours(N_("{zone} is not a time zone I know: give an IANA time zone name such as "
                               "`Europe/Warsaw`, `America/New_York` or `UTC`."), zone=repr(text[:60]))
    return found


def zone_choices(typed: str, limit: int = 25) -> list[str]:
    """Zone names containing `typed` (any case) for Discord's autocomplete: those starting with it first, at most
    `limit`."""
    wanted = typed.strip().lower()
    names = sorted(_zones().values())
    starting = [name for name in names if name.lower().startswith(wanted)]
    inside = [name for name in names if wanted in name.lower() and name not in starting]
    return (starting + inside)[:limit]


def quiet_until(span: QuietSpan | None, zone: str | None, now: float) -> float | None:
    """When the quiet span that holds at `now` (seconds since the epoch) ends, or None if `now` lies outside it
    (or the member set no span or zone). Local times are in `zone`, with its summer time."""
    if span is None or not zone:
        return None
    try:
        tz = zoneinfo.ZoneInfo(zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None
    local = dt.datetime.fromtimestamp(now, tz)
    minute = local.hour * 60 + local.minute
    if not span.holds(minute):
        return None
    day = local.date() if minute < span.end else local.date() + dt.timedelta(days=1)
    end = dt.datetime.combine(day, dt.time(span.end // 60, span.end % 60), tzinfo=tz)
    return max(end.timestamp(), now)


def held_dm_kind(user_id: int) -> str:
    """The timer kind of `user_id`'s turn DM held until their quiet hours end (one per game and member)."""
    return f"{HELD_DM}{user_id}"


def describe(span: QuietSpan | None, zone: str | None, *, language: str = ENGLISH) -> str:
    """The member's quiet hours in words: "22:00-08:00 (Europe/Warsaw)", "none (Europe/Warsaw)" or "none" (in the
    member's `language`)."""
    _ = translator(language)
    if span is None:
        return _("none ({zone})", zone=zone) if zone else _("none")
    return f"{span} ({zone})" if zone else _("{span} (no time zone yet)", span=str(span))
