"""Issue 53 item 4: quiet spans and time zones are read strictly (the refusal names the expected form), and
`quiet_until` says exactly when a member's quiet hours end, across midnight and summer time, over many instants."""

from __future__ import annotations

import datetime as dt
import random
import zoneinfo

import pytest

from bot.host import quiet_hours
from bot.host.quiet_hours import BadQuietHours, QuietSpan, describe, parse_span, quiet_until, zone_choices, zone_named

ZONES = ("Europe/Warsaw", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "UTC",
         "America/St_Johns", "Pacific/Kiritimati")
"""Zones with summer time, odd offsets (+5:45, half-hour summer time) and the far ends of the day."""


@pytest.mark.parametrize(("text", "span"), [("22-08", QuietSpan(1320, 480)), ("8-22", QuietSpan(480, 1320)),
                                            (" 22:30 - 07:15 ", QuietSpan(1350, 435)), ("00-23", QuietSpan(0, 1380)),
                                            ("23:59-00:00", QuietSpan(1439, 0))])
def test_spans_are_read(text: str, span: QuietSpan) -> None:
    assert parse_span(text) == span
    assert parse_span(str(span)) == span


@pytest.mark.parametrize("text", ["25-08", "24-08", "x", "", "22", "22-", "22-08-09", "22:60-08", "22.5-08", "-1-08",
                                  "08-08", "8:00-08", "22 08", "２２-08", "22-08x"])
def test_malformed_spans_are_refused_naming_the_form(text: str) -> None:
    with pytest.raises(BadQuietHours, match="HH-HH"):
        parse_span(text)


def test_zones_are_read_in_any_case_and_unknown_ones_refused() -> None:
    assert zone_named("europe/WARSAW") == "Europe/Warsaw"
    assert zone_named(" UTC ") == "UTC"
    for bad in ("Mars/Olympus_Mons", "../../etc/passwd", "/etc/localtime", "", "Europe", "Warsaw"):
        with pytest.raises(BadQuietHours, match="IANA time zone name"):
            zone_named(bad)
    assert zone_choices("warsa") == ["Europe/Warsaw"]
    assert zone_choices("europe/")[:2] == ["Europe/Amsterdam", "Europe/Andorra"]
    assert len(zone_choices("")) == 25
    assert describe(None, None) == "none" and describe(QuietSpan(1320, 480), "UTC") == "22:00-08:00 (UTC)"


def test_without_a_zone_database_the_refusal_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quiet_hours, "_zones", lambda: {})
    with pytest.raises(BadQuietHours, match="pip install tzdata"):
        zone_named("Europe/Warsaw")


def minute_of(moment: float, zone: str) -> int:
    local = dt.datetime.fromtimestamp(moment, zoneinfo.ZoneInfo(zone))
    return local.hour * 60 + local.minute


@pytest.mark.parametrize("seed", range(40))
def test_quiet_until_ends_the_span_that_holds(seed: int) -> None:
    """For random spans, zones and instants (2024-2027, summer time changes included): outside the span there is no
    end; inside, the end lies ahead, every minute until it is quiet, and the end itself is not (it is the span's end
    in local time, or the first minute after a summer-time jump)."""
    rng = random.Random(seed)
    for _ in range(50):
        start, end = rng.sample(range(0, 1440, rng.choice((60, 15, 1))), 2)
        span = QuietSpan(start, end)
        zone = rng.choice(ZONES)
        now = rng.uniform(1_704_067_200, 1_830_297_600)
        until = quiet_until(span, zone, now)
        if not span.holds(minute_of(now, zone)):
            assert until is None, (span, zone, now)
            continue
        assert until is not None and now <= until <= now + 25 * 3600, (span, zone, now, until)
        for step in range(0, int(until - now), 600):
            assert span.holds(minute_of(now + step, zone)), (span, zone, now, step)
        assert not span.holds(minute_of(until, zone)), (span, zone, now, until)


def test_warsaw_across_midnight() -> None:
    warsaw = zoneinfo.ZoneInfo("Europe/Warsaw")
    span = parse_span("22-08")
    evening = dt.datetime(2026, 12, 4, 23, 30, tzinfo=warsaw).timestamp()
    morning = dt.datetime(2026, 12, 5, 8, 0, tzinfo=warsaw).timestamp()
    assert quiet_until(span, "Europe/Warsaw", evening) == morning
    assert quiet_until(span, "Europe/Warsaw", morning - 1) == morning
    assert quiet_until(span, "Europe/Warsaw", morning) is None
    assert quiet_until(span, "Europe/Warsaw", dt.datetime(2026, 12, 4, 21, 59, tzinfo=warsaw).timestamp()) is None
    late = dt.datetime(2026, 12, 4, 22, 30, tzinfo=warsaw).timestamp()  # 21:30 in UTC: quiet only in Warsaw
    assert quiet_until(span, "UTC", late) is None and quiet_until(span, "Europe/Warsaw", late) == morning
    assert quiet_until(span, None, evening) is None and quiet_until(None, "UTC", evening) is None
