"""The headings of a recap's sections in the game's language (issue 55, item 2): `bot.games.gah.words` keeps each
section's title in English (the rules that read it, such as the news a long recap keeps, compare English titles)
and shows it through these."""

from __future__ import annotations

import re
from collections.abc import Callable

from render.core.i18n import Translator


def shown_title(_: Translator, title: str) -> str:
    """A section's title (English, as `Section.title` keeps it for the rules that read it) in `_`'s language."""
    if _.language == "en":
        return title
    patterns: tuple[tuple[str, Callable[[re.Match[str]], str]], ...] = (
        (r"Emperor scoring after round (\d+)", lambda m: _("Emperor scoring after round {round}", round=m[1])),
        (r"Emperor scoring", lambda m: _("Emperor scoring")),
        (r"End of round (\d+)", lambda m: _("End of round {round}", round=m[1])),
        (r"Round (\d+) begins", lambda m: _("Round {round} begins", round=m[1])),
        (r"Round (\d+): reroll", lambda m: _("Round {round}: reroll", round=m[1])),
        (r"Reroll", lambda m: _("Reroll")),
        (r"Round (\d+)", lambda m: _("Round {round}", round=m[1])),
        (r"Setup", lambda m: _("Setup")),
        (r"Game over", lambda m: _("Game over")),
    )
    for pattern, words in patterns:
        found = re.fullmatch(pattern, title)
        if found:
            return words(found)
    return title


def turn_title(_: Translator, player: str, nth: int, round_number: int | None) -> str:
    """The heading of `player`'s `nth` turn in a row (0: the first) in `round_number` (None: before the rounds)."""
    if round_number is None:
        titles = (_("{player}'s turn", player=player), _("{player}'s second turn", player=player),
                  _("{player}'s third turn", player=player), _("{player}'s fourth turn", player=player),
                  _("{player}'s next turn", player=player))
    else:
        titles = (_("{player}'s turn (round {round})", player=player, round=round_number),
                  _("{player}'s second turn (round {round})", player=player, round=round_number),
                  _("{player}'s third turn (round {round})", player=player, round=round_number),
                  _("{player}'s fourth turn (round {round})", player=player, round=round_number),
                  _("{player}'s next turn (round {round})", player=player, round=round_number))
    return titles[min(nth, len(titles) - 1)]

