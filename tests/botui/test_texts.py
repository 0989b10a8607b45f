"""Player-facing wording of reminder intervals: units a person would say, never "3600 seconds"."""

from __future__ import annotations

import pytest

from bot.host import texts as host_texts


@pytest.mark.parametrize(("seconds", "words"), [
    (0, "never"), (-5, "never"), (1, "1 second"), (2, "2 seconds"), (60, "60 seconds"), (90, "1.5 minutes"),
    (1800, "30 minutes"), (3600, "1 hour"), (5400, "1.5 hours"), (43200, "12 hours"), (7 * 24 * 3600, "168 hours"),
])
def test_an_interval_is_said_in_the_largest_fitting_unit(seconds: int, words: str) -> None:
    assert host_texts.interval(seconds) == words


def test_the_channel_setting_sentence_says_none_or_one_reminder_after_the_interval() -> None:
    assert host_texts.reminder_setting(0) == "Reminders in this channel: none."
    assert host_texts.reminder_setting(43200) == "Reminders in this channel: one, after 12 hours without a move."
