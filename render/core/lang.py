"""The pictures' words in a language (issue 55, item 5): the translator of `render.core.i18n` and the card names of
`render.core.glossary`, for the picture functions' `language` keyword.

    _ = words("pl")
    _("Action spaces")                   # a label, through the catalogs (marked: `pybabel extract` finds it)
    _(ACTION_LABEL[1][0])                # a label kept in data, marked with `N_` where it is written
    card_name(_, "guest", 50, "Musician")   # "Muzyk": the glossary's name (a server's own from GAH_GLOSSARY_DIR)

English needs no catalog: `words("en")` gives every text as written. Pillow-free and Discord-free.
"""

from __future__ import annotations

from render.core.glossary import glossary
from render.core.i18n import Translator, translator

ENGLISH = translator("en")
"""The English words: the texts as the code writes them (the default of every picture)."""

_server_names: list[str | None] = [None]
"""The folder of a server's own card names (`GAH_GLOSSARY_DIR`, read and checked at start by `bot.host.settings`, handed
over by the bot with `use_server_names`); None: the bundled names."""


def use_server_names(folder: str | None) -> None:
    """Name cards from the glossary files in `folder` (a server that owns the printed cards) instead of the bundled
    ones; None goes back to the bundled names. The pictures never read the environment themselves."""
    _server_names[0] = folder


def N_(text: str) -> str:
    """Marks `text` for `pybabel extract` where it is written as data; it is translated where it is drawn."""
    return text


def words(language: str | None) -> Translator:
    """The translator of `language` ("pl", "de", a Discord locale, or "en"/None: English)."""
    return translator(language)


def card_name(_: Translator, kind: str, number: int | str, english: str) -> str:
    """The name of card `kind:number` ("guest", 50) in `_`'s language from the glossary, with a server's own names
    (`use_server_names`) in place of the bundled ones; `english` in English or when the glossary lacks the card."""
    if _.language == ENGLISH.language:
        return english
    entry = glossary(_.language, _server_names[0]).get(f"{kind}:{number}")
    return entry.translation if entry is not None else english
