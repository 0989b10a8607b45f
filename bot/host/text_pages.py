"""Long texts cut into pages for Discord's messages (every game's log pages, `/gah log`, `/overbooking log`)."""

from __future__ import annotations

from collections.abc import Iterable


def paginate(chunks: Iterable[str], page_chars: int) -> list[str]:
    """Chunks of text (each at most `page_chars` characters) joined by newlines into as few pages of at most
    `page_chars` characters as their order allows; ["Nothing has happened yet."] when there are none."""
    pages: list[str] = []
    page = ""
    for chunk in chunks:
        if page and len(page) + 1 + len(chunk) > page_chars:
            pages.append(page)
            page = ""
        page = f"{page}\n{chunk}" if page else chunk
    if page:
        pages.append(page)
    return pages or ["Nothing has happened yet."]
