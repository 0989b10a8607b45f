"""A game's words cut to Discord's sizes: the turn post's recap (`recap_text`), the newest turns (`latest_text`),
`/gah log`'s pages and its export (`log_page`, `log_export`), from the sections of `bot.games.gah.words`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games.gah.news import NEWS_TITLES
from bot.games.gah.words import LoggedMove, Section, sections
from bot.games.gah.words_phrases import escape
from bot.host.text_pages import paginate
from render.core.i18n import translator
from render.core.lang import N_

KEPT_TITLES = NEWS_TITLES
"""Sections a recap too long for its post keeps before any other (their titles' beginnings): the Emperor scorings
and the game's end are the news a spectator must not miss."""

LEFT_OUT = N_("… (earlier turns are in /gah log)")
"""The line that stands for sections a too-long recap leaves out."""


NOTHING = N_("Nothing has happened yet.")
"""The words of a log with nothing in it."""


def recap_text(moves: Iterable[LoggedMove], *, round_number: int | None = None, limit: int = 1800,
               language: str = "en") -> str:
    """The turn post's words for `moves` (those since the previous turn post; `round_number` as in `sections`):
    every section, in Discord markdown, at most `limit` characters.

    When everything does not fit, the Emperor scorings and the game's end (`KEPT_TITLES`, the newest first) are
    kept as far as they fit, then the newest other sections that fit; each run of sections left out is one line
    `LEFT_OUT`. If not even one section fits, the text is cut at a line and ends with a pointer to `/gah log`."""
    _ = translator(language)
    found = sections(moves, round_number=round_number, language=language)
    pieces = [section.text() for section in found]
    text = "\n".join(pieces)
    if len(text) <= limit:
        return text
    newest_first = list(reversed(range(len(found))))
    first = [k for k in newest_first if found[k].title.startswith(KEPT_TITLES)]
    kept: set[int] = set()
    for k in first:  # the newest Emperor scorings first, when not all fit
        if len(_joined(pieces, kept | {k})) <= limit:
            kept.add(k)
    for k in newest_first:
        if k in kept or k in first:
            continue
        if len(_joined(pieces, kept | {k})) > limit:
            break  # the newest sections only: an older one never stands in for a newer one left out
        kept.add(k)
    if kept:
        return _joined(pieces, kept, _(LEFT_OUT))
    pointer = "\n" + _("… (the rest with /gah log)")
    cut = text[: limit - len(pointer)].rsplit("\n", 1)[0]
    return cut + pointer


def _joined(pieces: Sequence[str], kept: set[int], left_out: str = LEFT_OUT) -> str:
    """The kept pieces in their order, each run of left-out pieces as the line `left_out` (`LEFT_OUT` in the
    words' language)."""
    lines: list[str] = []
    for k, piece in enumerate(pieces):
        if k in kept:
            lines.append(piece)
        elif not lines or lines[-1] != left_out:
            lines.append(left_out)
    return "\n".join(lines)


def latest_text(moves: Iterable[LoggedMove], *, limit: int = 1900, language: str = "en") -> str:
    """The newest whole sections that fit in `limit` characters (markdown), oldest of them first; if even the
    newest section is longer, its last lines under its heading marked "(end)". "Nothing has happened yet." when
    nothing has."""
    _ = translator(language)
    found = sections(moves, language=language)
    kept: list[str] = []
    used = 0
    for section in reversed(found):
        piece = section.text()
        if used + len(piece) + 1 > limit:
            if not kept:
                heading = "**" + escape(_("{title} (end)", title=section.heading)) + "**"
                lines: list[str] = []
                for line in reversed(section.lines):
                    entry = f"• {escape(line)}"[: limit - len(heading) - 2]
                    if len(heading) + sum(len(x) + 1 for x in lines) + len(entry) + 1 > limit:
                        break
                    lines.insert(0, entry)
                kept.append("\n".join([heading, *lines]))
            break
        kept.insert(0, piece)
        used += len(piece) + 1
    return "\n".join(kept) or _(NOTHING)


def log_pages(moves: Iterable[LoggedMove], *, page_chars: int = 1900, language: str = "en") -> list[str]:
    """The whole game's words as pages of at most `page_chars` characters for `/gah log`, oldest first; a page
    break falls between sections where it can, else between lines (a section's title is repeated, marked
    "continued"). At least one page ("Nothing has happened yet.")."""
    chunks = [chunk for section in sections(moves, language=language) for chunk in _split(section, page_chars)]
    _ = translator(language)
    return paginate(chunks, page_chars) if chunks else [_(NOTHING)]


def _split(section: Section, limit: int) -> list[str]:
    """A section's text in pieces of at most `limit` characters (a line too long for a page is cut)."""
    text = section.text()
    if len(text) <= limit:
        return [text]
    pieces: list[str] = []
    piece = f"**{escape(section.shown_title)}**"
    for line in section.lines:
        entry = f"• {escape(line)}"[: limit - 40]
        if len(piece) + 1 + len(entry) > limit:
            pieces.append(piece)
            _ = translator(section.language)
            continued = _("{title} (continued)", title=section.heading)
            piece = f"**{escape(continued)}**"
        piece += f"\n{entry}"
    pieces.append(piece)
    return pieces


def log_page(moves: Iterable[LoggedMove], page: int | None = None, *, page_chars: int = 1900,
             language: str = "en") -> tuple[str, int, int]:
    """One page of `log_pages` (0-based; None or out of range: the last page, the newest events) as
    (text, page shown, number of pages)."""
    pages = log_pages(moves, page_chars=page_chars, language=language)
    shown = len(pages) - 1 if page is None or not 0 <= page < len(pages) else page
    return pages[shown], shown, len(pages)


def log_export(moves: Iterable[LoggedMove], *, title: str = "Grand Austria Hotel", language: str = "en") -> str:
    """The whole game as plain text (no markdown) for a file attachment: a title line, then every section with
    its lines, a blank line between sections."""
    body = "\n\n".join(section.text(markdown=False) for section in sections(moves, language=language))
    _ = translator(language)
    return f"{title}\n{'=' * len(title)}\n\n{body or _(NOTHING)}\n"



# ----- the words of each event kind ---------------------------------------------------------------------
