"""The words around every game's rules pages (`/gah rules`, `/overbooking rules`) in the reader's language: the page
counter and the buttons' labels. Each game's pages are its own (`bot.games.<game>.rules_pages`);
`bot.host.cogs.rules_pages` shows them a page at a time.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.host.i18n import Translator


def counter(_: Translator, page: int, count: int) -> str:
    """The line under a rules page that says which page it is."""
    return _("(page {page} of {count})", page=page, count=count)


def button_label(_: Translator, role: str, page: int, count: int) -> str:
    """The label of a rules page button: "prev", "next", or "at" (the counter between them)."""
    labels: Mapping[str, str] = {"prev": _("Previous"), "next": _("Next")}
    return labels.get(role) or _("Page {page} of {count}", page=page, count=count)
