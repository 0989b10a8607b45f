"""One function that makes user-given text (display names, seat names) safe to show on Discord.

A member picks their own display name, so a name can carry Discord markup meant for everyone who reads a public
post: markdown (`**B**__u__~~s~~`), a masked link (`[nitro](https://evil.example/x)`), mention syntax (`<@456>`,
`<@&123>`, `@everyone`), or invisible characters that reorder or hide the text around them (U+202E RIGHT-TO-LEFT
OVERRIDE, zero-width spaces). `safe_text` shows such a name exactly as written and harmless, wherever it goes: in
message content and embed fields (markdown on), or in button and select labels, embed footers and titles, which
Discord shows as plain text (markdown off).

The bot's messages also never allow mentions they do not mean (the client's default `AllowedMentions.none()`,
`bot.host.app.GahBot`); escaping keeps a name from even looking like a mention.
"""

from __future__ import annotations

import re
import unicodedata

from discord import utils

NAME_CHARS = 32
"""The longest name shown (Discord's own limit for a display name)."""

MAX_MARKS = 2
"""Combining marks kept after one letter ("Zalgo" text stacks dozens and spills over the lines around it)."""

INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Unicode categories dropped: controls, format characters (the bidi controls U+202A-U+202E and U+2066-U+2069,
U+200E/U+200F, zero-width U+200B-U+200D, U+2060, U+FEFF, soft hyphen), private use, surrogates, unassigned, and
the line and paragraph separators."""

INVISIBLE_EXTRA = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters that show as nothing (Hangul fillers, the blank Braille pattern), used for names that look empty."""

INLINE_MARKDOWN = frozenset("\\*_~`|<[")
"""Characters escaped everywhere in a markdown text (after `utils.escape_markdown`, which escapes them only in
pairs, and masked links and line starts): a lone one still changes our own formatting around a name
(`**name**`), `<` starts every mention, channel, role, emoji and timestamp syntax, and `[` every masked link
(`utils.escape_markdown` escapes only the first `[` of a line that holds two: its pattern is greedy)."""


def safe_text(text: object, *, limit: int | None = NAME_CHARS, markdown: bool = True) -> str:
    """`text` made safe to show on Discord: one line without invisible or direction-changing characters, at most
    `limit` characters (None: no limit; a longer text is cut and ends with "…"), and with `markdown` every
    markdown, masked-link and mention character escaped so that Discord shows it as written and nobody is
    pinged. An empty result is "?".

    Use `markdown=False` for text Discord shows plainly (button and select labels, embed titles and footers,
    file names): there a backslash would show.

    >>> safe_text("[nitro](https://evil.example/x)")
    '\\\\[nitro](https://evil.example/x)'
    >>> safe_text("@everyone")
    '@\\u200beveryone'
    >>> safe_text("ab\\u202ecd", markdown=False)
    'abcd'
    """
    shown = _visible(str(text))
    if limit is not None and len(shown) > limit:
        shown = shown[: max(limit - 1, 1)].rstrip() + "…"
    shown = shown or "?"
    if not markdown:
        return shown
    escaped = utils.escape_markdown(shown, ignore_links=False)
    return utils.escape_mentions(_escape_rest(escaped))


def _visible(text: str) -> str:
    """`text` on one line, without invisible characters and with at most `MAX_MARKS` combining marks a letter."""
    kept: list[str] = []
    marks = 0
    for character in unicodedata.normalize("NFC", text):
        category = unicodedata.category(character)
        if (category in INVISIBLE_CATEGORIES and character not in "\t\n\r") or character in INVISIBLE_EXTRA:
            continue
        if category.startswith("M"):
            marks += 1
            if marks > MAX_MARKS or not kept:
                continue
        else:
            marks = 0
        kept.append(character)
    return re.sub(r"\s+", " ", "".join(kept)).strip()


def _escape_rest(text: str) -> str:
    """Escape every `INLINE_MARKDOWN` character that `utils.escape_markdown` left alone. Every backslash in `text`
    already starts an escape pair (`utils.escape_markdown` doubles the original ones), so pairs are copied as they
    are."""
    out: list[str] = []
    index = 0
    while index < len(text):
        character = text[index]
        if character == "\\" and index + 1 < len(text):
            out.append(text[index:index + 2])
            index += 2
            continue
        out.append(f"\\{character}" if character in INLINE_MARKDOWN else character)
        index += 1
    return "".join(out)
