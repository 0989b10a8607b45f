"""Issue 40 item 4: `bot.host.safe_text.safe_text`, the one function that makes user-given text safe for Discord."""

from __future__ import annotations

import re

import pytest

from bot.host.safe_text import NAME_CHARS, safe_text


@pytest.mark.parametrize(("name", "shown"), [
    ("[nitro](https://evil.example/x)", "\\[nitro](https://evil.example/x)"),
    ("**B**__u__~~s~~", "\\*\\*B\\*\\*\\_\\_u\\_\\_\\~\\~s\\~\\~"),
    ("<@&123>", "\\<@&123>"),
    ("<@456>", "\\<@456>"),
    ("<#789></gah new:1><t:1:R><:e:1>", "\\<#789>\\</gah new:1>\\<t:1:R>\\<:e:1>"),
    ("@everyone", "@\u200beveryone"),
    ("@here", "@\u200bhere"),
    ("a*b", "a\\*b"),
    ("ann\\", "ann\\\\"),
    ("# big", "\\# big"),
    ("> quote", "\\> quote"),
    ("||spoiler||", "\\|\\|spoiler\\|\\|"),
    ("`code`", "\\`code\\`"),
    ("Zoë 🎲", "Zoë 🎲"),
])
def test_markdown_masked_links_and_mentions_are_escaped(name: str, shown: str) -> None:
    """Discord shows an escaped character as written: every hostile name reads as the member typed it."""
    assert safe_text(name) == shown


@pytest.mark.parametrize("control", ["\u202e", "\u202a", "\u2066", "\u200b", "\u200d", "\u200f", "\ufeff", "\u2028",
                                     "\x00", "\n", "\u00ad", "\u3164"])
def test_bidi_and_zero_width_controls_are_dropped(control: str) -> None:
    """A right-to-left override (U+202E) would turn the rest of a post around; zero-width and line-breaking
    characters hide or split a name; in markdown and plain text alike."""
    assert safe_text(f"ab{control}cd", markdown=False).replace(" ", "") == "abcd"
    assert control not in safe_text(f"ab{control}cd")


def test_names_are_cut_to_the_limit_and_never_empty() -> None:
    assert len(safe_text("x" * 200, markdown=False)) == NAME_CHARS
    assert safe_text("x" * 200).endswith("…")
    assert len(safe_text("y" * 5000, limit=None, markdown=False)) == 5000
    assert safe_text("\u202e\u200b") == "?"


def test_stacked_combining_marks_are_kept_to_two() -> None:
    """"Zalgo" text stacks marks that spill over the lines around it."""
    assert safe_text("x" + "\u0301" * 30, markdown=False) == "x\u0301\u0301"


def test_plain_text_keeps_markdown_characters() -> None:
    """Labels, titles and footers show text as written: a backslash would show there."""
    assert safe_text("**B** <@1>", markdown=False) == "**B** <@1>"


def test_no_masked_link_survives_in_a_line_that_names_two_players() -> None:
    """A recap line such as "X's card lets Y's card book first" holds a hostile name twice."""
    name = "[nitro](https://evil.example/x)"
    line = safe_text(f"{name}'s Fish 4 lets {name}'s Rose 2 book first.", limit=None)
    assert not re.search(r"(?<!\\)\[", line), line


def test_no_unescaped_mention_survives() -> None:
    for name in ("<@&123><@456>@everyone", "<<@1>>", "\\<@1>", "<@!123456789012345678>"):
        escaped = safe_text(name, limit=None)
        assert not re.search(r"(?<!\\)<[@#]", escaped.replace("\\\\", "")), escaped
