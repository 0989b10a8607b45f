"""Issue 15 item 2: slash-command option values are checked by the bot, whatever a forged interaction sends."""

from __future__ import annotations

from typing import Any

import pytest

from bot import command_options as options


@pytest.mark.parametrize("value", [1e308, -5, 1e12, 168.5, float("inf"), float("nan"), "12", True, None])
def test_reminder_hours_out_of_bounds_or_of_the_wrong_kind_are_refused(value: Any) -> None:
    with pytest.raises(options.BadOption, match="0 to 168"):
        options.hours(value, "hours", 0, options.REMINDER_HOURS_MAX)


@pytest.mark.parametrize("value", [0, 0.0, 72.01, 1e308, -5])
def test_snooze_hours_must_be_above_zero_and_at_most_72(value: Any) -> None:
    with pytest.raises(options.BadOption, match="more than 0"):
        options.hours(value, "hours", 0, options.SNOOZE_HOURS_MAX, low_included=False)


def test_hours_in_bounds_are_taken() -> None:
    assert options.hours(0, "hours", 0, 168) == 0.0
    assert options.hours(168, "hours", 0, 168) == 168.0
    assert options.hours(0.0005, "hours", 0, 72, low_included=False) == 0.0005


@pytest.mark.parametrize("value", [0, 8, -1, 10**20, "three", 2.5, True, None])
def test_rules_page_must_be_a_whole_number_from_1_to_7(value: Any) -> None:
    with pytest.raises(options.BadOption, match="1 to 7"):
        options.whole_number(value, "page", 1, 7)
    assert options.whole_number(7, "page", 1, 7) == 7


def test_one_of_names_the_allowed_values() -> None:
    with pytest.raises(options.BadOption, match="mention, dm, none"):
        options.one_of("xyz", "mode", ("mention", "dm", "none"))
    assert options.one_of("dm", "mode", ("mention", "dm", "none")) == "dm"


def sub(name: str, kind: int, value: Any) -> dict[str, Any]:
    return {"name": "gah", "options": [{"name": "x", "type": 1, "options": [{"name": name, "type": kind,
                                                                             "value": value}]}]}


@pytest.mark.parametrize(("kind", "value"), [(10, "12"), (10, True), (4, 2.5), (4, False), (4, "3"), (5, 1),
                                             (3, 5), (6, 123), (10, None)])
def test_option_values_of_the_wrong_json_type_are_found(kind: int, value: Any) -> None:
    assert options.option_type_problem(sub("hours", kind, value)) is not None


@pytest.mark.parametrize(("kind", "value"), [(10, 12), (10, 0.5), (4, 3), (5, False), (3, "x"), (6, "123")])
def test_option_values_of_the_right_json_type_pass(kind: int, value: Any) -> None:
    assert options.option_type_problem(sub("hours", kind, value)) is None
    assert options.option_type_problem({"name": "gah"}) is None
