"""What the paged private messages share (`/gah rules`, `bot.host.cogs.rules_pages`; `/gah games`,
`bot.host.game_list`):
a click counts only on a page button that the clicked message carries, and Previous, the counter and Next are built
the same way."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord


def is_page_click(interaction: discord.Interaction, pattern: re.Pattern[str]) -> bool:
    """Whether a component interaction is a click on a button whose custom_id matches `pattern` in full and that the
    clicked message carries. As `bot.host.views.is_routed` does for the game's components, this mirrors when discord.py
    calls a `DynamicItem`, so each click is answered once (the bot's `on_interaction` answers the others)."""
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id") or "")
    if data.get("component_type") != discord.ComponentType.button.value or not pattern.fullmatch(custom_id):
        return False
    message = interaction.message
    if message is None:
        return False
    return any(getattr(child, "custom_id", None) == custom_id and child.type is discord.ComponentType.button
               for row in message.components for child in getattr(row, "children", [row]))


def page_view(button: Callable[[int, str, str | None, bool], discord.ui.Item[Any]], page: int,
              count: int) -> discord.ui.View:
    """Previous, the page counter (never clickable) and Next for page `page` of `count`; Previous on the first page
    and Next on the last are greyed out. `button(page, role, label, disabled)` makes each ("prev", "at", "next")."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(max(page - 1, 1), "prev", None, page <= 1))
    view.add_item(button(page, "at", f"Page {page} of {count}", True))
    view.add_item(button(min(page + 1, count), "next", None, page >= count))
    return view
