"""Issue 15 item 5: one parser and one pattern for every custom_id; numbers in custom_ids and select values are
ASCII digits only."""

from __future__ import annotations

import re

import pytest

from bot.host.custom_ids import BadCustomId, build, parse, template, whole_number
from bot.host.views import BUTTON_TEMPLATE, SELECT_TEMPLATE

CASES = [
    "gah:1:2:turn:", "gah:1:2:pick:0-1.ab", "gah:123456789012345678:999999999999:join:",
    "gah:1234567890123456789:1:turn:", "gah:1:1234567890123:turn:", "gah:0:1:turn:", "gah:01:1:turn:",
    "gah:²:1:turn:", "gah:1:①:turn:", "gah:1:1:turn:²", "gah:1:1:turn", "gah:1:1:turn:\n", "gah:1:1:act:" + "a" * 41,
]


@pytest.mark.parametrize("custom_id", CASES)
def test_templates_route_exactly_what_the_parser_reads(custom_id: str) -> None:
    """A custom_id a DynamicItem template accepts is one `parse` reads, and the other way round (for its verbs)."""
    routed = any(re.fullmatch(t, custom_id) for t in (BUTTON_TEMPLATE, SELECT_TEMPLATE))
    try:
        parsed = parse(custom_id)
    except BadCustomId:
        parsed = None
    assert routed == (parsed is not None), custom_id


def test_a_built_custom_id_parses_back() -> None:
    text = build(123456789012345678, 999999999999, "pick", "3-0.abc")
    assert str(parse(text)) == text and parse(text).game == 123456789012345678
    with pytest.raises(BadCustomId):
        build(1234567890123456789, 1, "turn")
    assert re.fullmatch(template(("turn",)), "gah:5:6:turn:") and not re.fullmatch(template(("turn",)), "gah:5:6:hand:")


@pytest.mark.parametrize("text", ["²", "①", "٣", "-1", "", " 1", "1e3", "1.0", "9999999999"])
def test_whole_number_refuses_what_is_not_plain_ascii_digits(text: str) -> None:
    with pytest.raises(BadCustomId):
        whole_number(text)


def test_whole_number_honours_its_bounds() -> None:
    assert whole_number("0") == 0 and whole_number("7", low=1, high=7) == 7
    with pytest.raises(BadCustomId):
        whole_number("0", low=1)
    with pytest.raises(BadCustomId):
        whole_number("8", high=7)
