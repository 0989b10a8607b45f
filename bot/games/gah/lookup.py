"""Card lookup by part of a name, for `/gah card` and its autocomplete (pure: no discord).

"Waiter" finds the Chief Waiter, "gizia" finds E. Gizia, "kuche" finds a name written "Küche": names and queries
are compared without case, accents or punctuation, word by word.
"""

from __future__ import annotations

import unicodedata

from bot.games.gah.panel_words import DESCRIPTION_LIMIT as DESCRIPTION_LIMIT  # as the panel's modules import it
from bot.games.gah.panel_words import short as short
from bot.games.gah.texts import card_names, card_text
from bot.host.i18n import translator
from engine.gah.cards import ITEMS, guests, staff
from engine.gah.waltz.cards import entrances
from render.gah.texts import describe_all, staff_text

AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""

CHOICE_LENGTH = 100
"""Discord allows at most 100 characters in a choice's name and value."""


def normalise(value: str) -> str:
    """`value` folded for comparison: lower case, accents dropped, every run of non-letters/digits one space.

    >>> normalise("  Café-Owner's  ")
    'cafe owner s'
    """
    decomposed = unicodedata.normalize("NFKD", value.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join("".join(ch if ch.isalnum() else " " for ch in plain).split())


def _rank(name: str, query: str) -> int | None:
    """How well the folded `query` matches the folded card `name`: 0 the whole name, 1 the start of the name,
    2 the start of a word, 3 every query word starts some word of the name, 4 anywhere inside; None no match."""
    if name == query:
        return 0
    if name.startswith(query):
        return 1
    words = name.split()
    if any(" ".join(words[k:]).startswith(query) for k in range(1, len(words))):
        return 2
    if all(any(word.startswith(part) for word in words) for part in query.split()):
        return 3
    if query in name:
        return 4
    return None


def find_cards(query: str, limit: int | None = None) -> list[str]:
    """Names of the cards (guests, staff, politics cards, Emperor tiles; as `bot.games.gah.texts.card_names` spells
    them)
    that match `query`, best first: the whole name, then names starting with it, then a word starting with it,
    then names holding every word of it at a word start, then names holding it anywhere; alphabetical within
    each rank. An empty query lists every card. At most `limit` names (None: all).

    >>> find_cards("Waiter")
    ['Chief Waiter']
    """
    wanted = normalise(query)
    ranked: list[tuple[int, str]] = []
    for name in card_names():
        rank = _rank(normalise(name), wanted) if wanted else 5
        if rank is not None:
            ranked.append((rank, name))
    names = [name for _, name in sorted(ranked)]
    return names if limit is None else names[:limit]


def autocomplete_choices(current: str) -> list[tuple[str, str]]:
    """(name, value) pairs for `/gah card`'s autocomplete: at most 25, each at most 100 characters, best first."""
    return [(name[:CHOICE_LENGTH], name[:CHOICE_LENGTH]) for name in find_cards(current, AUTOCOMPLETE_LIMIT)]


def lookup_text(query: str, *, language: str = "en") -> str:
    """The answer to `/gah card name:<query>`: the card's description when one card matches best (an exact name
    always wins, also over longer names holding it); a short list when several match equally well; otherwise a
    polite sentence saying that no card matches. Never raises. In `language` (the reader's)."""
    _ = translator(language)
    shown = " ".join(query.split())[:80]
    if not normalise(query):
        return _("Give me part of a card's name, for example `Waiter` or `Emperor tile A1`.")
    matches = find_cards(query)
    if not matches:
        return _("I know no card whose name contains {query}. Try a shorter part of the name.", query=repr(shown))
    wanted = normalise(query)
    best = _rank(normalise(matches[0]), wanted)
    tied = [name for name in matches if _rank(normalise(name), wanted) == best]
    if len(tied) == 1 or best == 0:
        # the name comes from card_names, so card_text always knows it
        return card_text(matches[0], language=language) or _("I know no card called {query}.", query=repr(shown))
    listed = ", ".join(f"**{name}**" for name in tied[:10])
    if len(tied) > 10:
        listed = _("{listed} and {count} more", listed=listed, count=len(tied) - 10)
    return _("Several cards match {query}: {listed}. Which one?", query=repr(shown), listed=listed)


def staff_effect(card_id: int) -> str:
    """The effect of a staff card as `/gah card` tells it, within a select option's description."""
    return short(staff_text(staff()[card_id]))


def guest_effect(guest_id: int) -> str:
    """A guest's order and check-in reward as `/gah card` tells them, within a select option's description."""
    guest = guests()[guest_id]
    order = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(guest.order) if n)
    return short(f"Orders {order}. When checked in: {describe_all(guest.reward) or 'no reward'}.")


def entrance_effect(entrance_id: int) -> str:
    """A hotel entrance's effect (Let's Waltz module 3) as `/gah card` tells it, within a select option's
    description."""
    return short(entrances()[entrance_id].text)
