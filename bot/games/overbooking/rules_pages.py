"""Overbooking's rules pages (`/overbooking rules`) in the reader's language (issue 55 item 6): the hotel rules
are the glossary's words (`bot.host.glossary`, so a server's own names apply)."""

from __future__ import annotations

from bot.host.glossary import term
from bot.host.i18n import Translator
from engine.overbooking.data import RULES


def provisional_note(_: Translator, provisional: bool) -> str:
    """The sentence that marks Overbooking's provisional numbers in `_`'s language ("" when the printed values are
    loaded)."""
    if not provisional:
        return ""
    return _("These are **provisional card values and hotels**: the printed ones are not public. A server admin "
             "who owns the game can load them (OVERBOOKING_DATA in the bot's .env).")


def overbooking_pages(_: Translator, provisional: bool) -> tuple[str, ...]:
    """The three pages of Overbooking's rules summary in `_`'s language, the first one saying whether the numbers
    are provisional; the hotel rules in the glossary's words."""
    hotel_rules = "\n".join(f"- {term(_.language, f'ob_rule:{key}')}" for key in RULES)
    first = _("**Overbooking: the short rules** (Filippo Landini, HUCH! 2022)\n"
              "Each player has a 24-card deck of guest groups: four family crests, group sizes 1-6 (the beds they "
              "need). Smaller groups pay more coins. There are as many hotels as players, each with its beds and a "
              "booking rule. Four rounds of three phases.\n"
              "**1. Place cards.** In turn, each player places 5 cards from a hand of 9, face down (opponents see "
              "only the back: the card's crest, small for 1-3, large for 4-6): in a hotel's booking queue (at most "
              "4, or 5 at the hotel without a back door) or at its back door (at most 2). The first card at a back "
              "door takes its point token. The last player may skip the fifth card.")
    note = provisional_note(_, provisional)
    return (
        f"{first}\n\n{note}" if note else first,
        _("**2. The hotels book, top to bottom.** Cards are revealed. Back-door cards act from the one nearest the "
          "hotel outwards: monk to the end of the queue; merchants +3 beds; maids replace one of your queue cards; "
          "nobles book one of your queue cards first; soldiers replace a workers card; workers -3 beds (merchants "
          "and workers cancel). Then priority bookings (nobles, then the hotel's priority type), then groups of 6 "
          "down to 1, ties to the card nearer the hotel; a group that no longer fits is turned away.\n"
          "**3. Next round.** Hotels turn over after round 1, new hotels come before round 3 and turn over after "
          "it; the start marker passes left; everyone draws back up to 9."),
        _("**End.** Score the coins on your booked cards, your point tokens, and crest sets (4, 5 or 6 booked cards "
          "of one crest: 2/4/6 VP on the beginner side of the score cards, 2/5/10 on the advanced). A first game "
          "may be played without the score cards: no crest-set bonus (lobby *Options*, or `/overbooking new "
          "without_score_cards:True`). Ties go to the player with more 3-coin cards; still tied, the places are "
          "shared.\n"
          "**Hotel rules** (each hotel has one):\n{rules}", rules=hotel_rules),
    )
