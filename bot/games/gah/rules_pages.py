"""Grand Austria Hotel's rules pages (`/gah rules`) in the reader's language (issue 55 item 6).

Each page is one catalog entry in English with named placeholders for the numbers that come from the game's data
(the Emperor's zones); the Let's Waltz modules' sentences come from each module's words (`ModuleWords.rules`,
bot/games/gah/waltz/<module>.py), which say the option spec's own texts (`engine/gah/options_spec.py`, extracted by
`extract_module_rules`). The host shows them a page at a time
(`bot.host.cogs.rules_pages`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from bot.host.i18n import Translator
from bot.host.option_menus import option_labels
from engine.gah.cards import emperor_thresholds
from engine.gah.options_spec import OPTIONS, WALTZ_MODULES

SCORING_ROUNDS = (3, 5, 7)
"""The rounds after which the Emperor scores: the Emperor page names each one's reward and penalty spaces."""


def emperor_zones() -> dict[str, int]:
    """The Emperor page's numbers: `reward_3` (the lowest space that earns round 3's reward), `penalty_3` (the
    highest that brings its penalty), and so on for rounds 5 and 7, as the markers stand before the scoring."""
    zones: dict[str, int] = {}
    for scoring_round in SCORING_ROUNDS:
        penalty, reward = emperor_thresholds(scoring_round)
        zones |= {f"reward_{scoring_round}": reward, f"penalty_{scoring_round}": penalty}
    return zones


def gah_pages(_: Translator) -> tuple[str, ...]:
    """The seven pages of Grand Austria Hotel's rules summary in `_`'s language."""
    modules = " ".join(words.rules(_) for words in registry.in_order())
    return (
        _("**Goal and flow.** Grand Austria Hotel lasts seven rounds, and the player with the most VP at the end "
          "wins. You run a hotel in Vienna: guests sit down in your café, you serve them the food and drinks they "
          "order, and once an order is complete the guest moves into a prepared room of their colour.\n"
          "Each round the start player rolls all the dice onto the six action spaces, each die on the space of its "
          "number. Then everybody plays two turns in the order of the turn order tiles; the last player in that "
          "order plays twice in a row. After rounds 3, 5 and 7 the Emperor scores everybody (page 6).\n"
          "Before the first round everybody gets 6 staff cards: 6 random ones unless the lobby chose the draft "
          "(keep one card of your hand, pass the rest on, and repeat until you hold 6) or the introductory sets.\n"
          "In this bot you play in your private turn panel (*Take my turn* on the turn post, or `/gah turn`). It "
          "offers exactly the choices the rules allow at that moment, so you cannot make an illegal move."),
        _("**Your turn.** A turn has two steps.\n"
          "First you may take one guest from the display and seat them at an empty table of your café (you have "
          "three tables). From left to right the guests cost 3, 2, 1, 0 and 0 krones; the display then slides "
          "along and fills up again.\n"
          "Then you must take one die from an action space and do that space's action. Its strength is the number "
          "of dice on the space when you choose it, the one you take included, so a crowded space is a strong one. "
          "Once per turn you may pay 1 krone to add 1 to that strength (the boost). The die you take covers the "
          "next number on your turn order tile, which counts your two turns.\n"
          "Before, between and after these two steps you may take the extra actions of page 4 as often as you can "
          "pay for them."),
        _("**The six actions.** Every point of the action's strength gives you one of the following.\n"
          "**1:** 1 strudel or 1 cake, but never more cake than strudel in one action.\n"
          "**2:** 1 wine or 1 coffee, but never more coffee than wine in one action.\n"
          "What you take may go straight onto a guest's order where it fits; the rest goes to your kitchen.\n"
          "**3:** prepare 1 room next to a room you already have, in the colour of its space. Rooms on the first "
          "floor are free; rooms higher up cost 1, 2 or 3 krones by their floor.\n"
          "**4:** 1 step up the Emperor track or 1 krone. You can hold at most 20 krones, and each step past the "
          "top of the track scores 1 VP instead.\n"
          "**5:** play 1 staff card from your hand; each point of strength takes 1 krone off its cost.\n"
          "**6:** pay 1 krone and do any one of the actions 1 to 5 with the strength of space 6."),
        _("**Extra actions, any time in your turn** (but never in the middle of another action).\n"
          "**Serve:** pay 1 krone to move up to 3 items from your kitchen onto your guests' orders. An item on an "
          "order stays there.\n"
          "**Check in:** a guest whose order is complete moves into a prepared room of their colour; green guests "
          "take a room of any colour. The room turns to its occupied side, you score the VP on the guest's card and "
          "get the reward printed under it, and the table is free again. When every room of a group (the 1 to 4 "
          "rooms of one colour marked together on your hotel) is occupied, you also get that group's bonus, shown "
          "at the top of your hotel.\n"
          "**Staff:** use each of your once-per-round staff cards once.\n"
          "**Politics:** as soon as you meet the condition of a politics card, you claim it (page 6).\n"
          "`/gah card` shows the text of any guest, staff card, politics card or Emperor tile."),
        _("**Passing.** Instead of playing a turn you may pass and keep it for later. Play goes on with the next "
          "player in the order until everybody who did not pass has played both turns. Then one of the dice left on "
          "the board goes to the dustbin, the others are rolled again onto the action spaces, and the players who "
          "passed play their turns on the new dice, in the same order as before. This repeats while players pass "
          "and dice are left.\n"
          "**End of a round.** The round ends when everybody has played two turns or no die is left. The turn order "
          "tiles move on, the once-per-round staff cards are ready again, and the next round starts with a fresh "
          "roll of all the dice. After rounds 3, 5 and 7 the Emperor scores first (page 6)."),
        _("**The Emperor.** After rounds 3, 5 and 7 every player scores the VP printed under their marker on the "
          "Emperor track. Then every marker moves back 3 spaces (after round 3), 5 spaces (after round 5) or 7 "
          "spaces (after round 7), but never below 0. A marker on space 3 or higher earns the reward of that "
          "scoring's Emperor tile; on space 1 or 2 nothing happens; on space 0 its player suffers the tile's "
          "penalty. So, as the markers stand before the scoring after round 3, space {reward_3} or higher earns the "
          "reward and space {penalty_3} or lower brings the penalty; after round 5 the spaces are {reward_5} and "
          "{penalty_5}, after round 7 they are {reward_7} and {penalty_7} (the board picture's Emperor track shows "
          "the coming scoring's zones). Where a penalty has a second line, you suffer that one only if you cannot "
          "suffer the first. `/gah score` shows the scorings still to come.\n"
          "**Politics cards.** Three politics cards lie out for the whole game. The first player to meet a card's "
          "condition scores 15 VP, the second 10 VP and the third 5 VP. Each player claims each card once, and the "
          "bot claims it for you on your turn as soon as you qualify.", **emperor_zones()),
        _("**End.** After the Emperor's scoring of round 7, the staff cards that score at the end of the game "
          "score. Each occupied room scores 1, 2, 3 or 4 VP by its floor, every krone and every kitchen item left "
          "is worth 1 VP, and each guest still sitting in your café costs 5 VP. The most VP wins; a tie goes to the "
          "player with the most krones and kitchen items left.")
        + "\n\n"
        + _("**Let's Waltz (options).** {modules} The host picks them under *Options* in the lobby. Left out: the "
            "entrances Hotel Dove and The Ren, and module 5's bell staff cards. Solo: with Celebrities you play "
            "against Elisabeth; with Unique Hotels you pick 1 of 3 entrances (7 krones) and the opponent plays a "
            "solo entrance (`/gah new opponent_entrance`); module 4 is not played solo. `/gah card` knows every "
            "celebrity and entrance.", modules=modules),
    )


def extract_module_rules(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                         options: Mapping[str, Any]) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method (`babel.cfg`, on engine/gah/options_spec.py): each Let's Waltz module's sentence on
    `/gah rules`' last page, which `gah_pages` translates, since the engine holds no marked strings; and the lobby's
    option labels and module notes (`bot.host.option_menus.option_labels`)."""
    for module in WALTZ_MODULES:
        yield 0, "_", module.rules, [f"Let's Waltz module {module.number} on the rules pages (options_spec.py)"]
    yield from option_labels(OPTIONS, WALTZ_MODULES)  # the lobby's words of the same file (one method a file)
