"""Issue 53 item 1: the games list's pages keep to Discord's limits (at most `PAGE_LINES` games and `PAGE_CHARS`
characters a page, every line on exactly one page, in order), for lists of any length and line width."""

from __future__ import annotations

import random
import re

import pytest

from bot.host.game_list import GAMES_TEMPLATE, PAGE_CHARS, PAGE_LINES, games_view, pages_of


@pytest.mark.parametrize("seed", range(30))
def test_pages_hold_every_line_once_within_the_limits(seed: int) -> None:
    rng = random.Random(seed)
    lines = [f"game {n} " + "x" * rng.randint(0, 400) for n in range(rng.randint(0, 60))]
    pages = pages_of(lines)
    assert pages and [line for page in pages for line in page] == lines
    assert all(len(page) <= PAGE_LINES and len("\n".join(page)) <= PAGE_CHARS for page in pages)
    assert all(page for page in pages) or lines == []


def test_the_page_buttons_carry_scope_and_page() -> None:
    assert games_view(False, 1, 1) is None
    view = games_view(True, 2, 3)
    assert view is not None
    ids = [str(getattr(item, "custom_id", "")) for item in view.children]
    assert ids == ["games:all:1:prev", "games:all:2:at", "games:all:3:next"]
    assert all(re.fullmatch(GAMES_TEMPLATE, custom_id) for custom_id in ids)
