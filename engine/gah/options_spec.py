"""Grand Austria Hotel's options and Let's Waltz modules, each declared once (issue 54 item 2).

`GameOptions` declares every option of `engine.gah.config.GameConfig` (which extends it) but the players and the
seed, each as a field made by `engine.core.options.option`; `OPTIONS` lists them, in the config's field order;
`WALTZ_MODULES` the Let's Waltz modules a game may add. From them follow the config's fields, checks and stored JSON
(`engine.gah.config`), `python -m engine.gah.simulate`'s flags, the lobby's menus (`bot.games.gah.options`),
`/gah rules`' page of modules (`bot.games.gah.texts`) and the README's options table (`python -m tools.options_table`).
A new option is a field here and its rule (docs/contributing.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.options import Module, Option, declared_options, option

WALTZ_MODULES: tuple[Module, ...] = (
    Module(
        "celebrities", 2, "Celebrities", "Let's Waltz 2: Celebrities (3 coloured dice)",
        "Lounge celebrities; solo: against Elisabeth",
        rules="Celebrities: three coloured dice; one costs 1 krone per other die on its space and brings its lounge "
              "celebrity (1 VP, or its 2/4 VP chit) whose effect lasts the round.",
        details="Three coloured dice (red, blue, yellow) replace three white ones; the lounge shows a celebrity for "
                "each. A coloured die costs 1 krone per other die on its space, brings its celebrity and the VP it "
                "shows (1, or a 2/4 VP chit), then its action as usual; the celebrity's effect lasts to the round's "
                "end. Untaken celebrities gain a 2 VP chit, a 2 becomes 4, a 4 leaves. At a reroll a white die goes "
                "to the dustbin if any is left. Nine celebrities (Puccini, Mata Hari and Picasso need module 1, "
                "which we do not have)."),
    Module(
        "unique_hotels", 3, "Unique Hotels", "Let's Waltz 3: Unique Hotels (entrance auction)",
        "Solo: you pick 1 of 3, the opponent has a solo one. Without Hotel Dove and The Ren",
        rules="Unique Hotels: each player wins a hotel entrance at an auction before the game (its items replace "
              "the starting four).",
        details="Each player gets a hotel entrance at an auction before the starting guests (bid from 0 krones, "
                "raise or pass; the last player gets the last one free); its starting items replace the four "
                "dishes and drinks. Eight entrances: Chateau Paulwei, Corogari Zant-Mainz, Kaufman, Mayenfels, "
                "Ninas Melange, Stroup, The Grand Wray Hotel, The Kozi Palace. Left out: Hotel Dove (its five bonus "
                "tokens are not known to us) and The Ren (needs module 1). Solo: the opponent gets one of four solo "
                "entrances (Hautel Couture, Nine Stars Inn, Sushi Resort, Toll Bridge Hotel; `solo_entrance`, "
                "default at random), you draw 3 regular entrances, pick one and start with 7 krones."),
    Module(
        "start_player", 4, "Start Player", "Let's Waltz 4: Start Player (skeleton key)",
        "Not solo. Turns go strictly clockwise",
        rules="Start Player: clockwise turns, 9-12 krones to start; the skeleton key instead of a die gives an item, "
              "a strength-1 action and the next round's start.",
        details="Turn order is strictly clockwise; starting krones 9/10/11/12 by turn position. Instead of a die "
                "(first or second turn, not after passing) a player may take the skeleton key: 1 dish or drink, any "
                "main action at strength 1, start player next round; the players pushed back get 0/1/2 krones (3 "
                "players 0/1).",
        solo=False),
    Module(
        "more_objectives", 5, "More objectives", "Let's Waltz module 5: objectives and Emperor tiles only",
        "Without its bell staff cards (their costs are unknown)",
        rules="More objectives: three more politics cards and Emperor tiles.",
        details="Module 5's three objective cards (3 of each dish and drink in the kitchen; 3 occupied top-floor "
                "rooms; 5 completed guests who ordered 3+ items) and three Emperor tiles join piles A, B and C. Its "
                "fourteen \"bell\" staff cards are not offered: their costs are not known to us.",
        extent="objectives and Emperor tiles only"),
)
"""The Let's Waltz modules (issue 17): 2 Celebrities, 3 Unique Hotels, 4 Start Player, and of module 5 ("Would you
like some more?") only its objective cards and Emperor tiles. Solo: not module 4 (player aid, "Module 4: Start
Player")."""

@dataclass(frozen=True, kw_only=True)
class GameOptions:
    """Every option of a Grand Austria Hotel game but the players and the seed, each declared once as a field (its
    type, and by `option` its default and spec); `engine.gah.config.GameConfig` extends it with the players, the seed
    and the rules tying options together. The stored JSON keeps the fields' order."""

    edition: str = option(
        "2021", values=("2021", "2015"), help="rules edition (default 2021)", label="Rules edition",
        value_labels=("Rules: 2021 retail edition", "Rules: 2015 first edition"),
        details="2015 rules: E. Gizia gives a whole extra turn (its die stays on the space), Operator capped at 12 "
                "VP, Kitchen Hand costs 3, Emperor tile C2 removes two occupied rooms of one column, the \"lose VP\" "
                "alternative is a free choice on the Emperor tiles that print two options (A1, A3, A4, B2, B3, B4, "
                "C4), each occupancy bonus is paid once per game (2021: again after an Emperor penalty emptied and "
                "you refilled the group), the Conference Manager ignores penalties for free, the Custodian pays only "
                "for guests moving into rooms.")
    staff_start: str = option(
        "random", values=("random", "draft", "introductory"),
        help="first staff cards: random 6, a draft, or the introductory sets (default random)",
        label="Starting staff",
        value_labels=("Staff: 6 random cards each", "Staff: draft (keep 1, pass the rest)",
                      "Staff: introductory sets A-D"),
        details="Six random staff each; or a draft (keep 1 of 6, pass the rest left, everyone picks at the same "
                "time, passed cards stay hidden until all have picked); or the introductory sets A-D (start player "
                "A, next player B, ...).")
    hotel_sides: str = option(
        "standard", values=("standard", "individual"),
        help="standard: everyone the same night side; individual: a different day side each", label="Hotel sides",
        value_labels=("Hotels: everyone the same night side", "Hotels: a different day side each"),
        details="Everyone plays the identical night side; or each player gets a different day side A-D at random. "
                "The day sides use the same floor costs, VP badges and occupancy bonuses as the night side, which "
                "is what the known transcriptions do (the letters A-D are those of our source and may differ from "
                "the printed boards).")
    exclude_kitchen_hand: bool = option(
        False, kind="flag", help="remove the Kitchen Hand from the deck",
        label="Without the Kitchen Hand",
        details="The Kitchen Hand is removed from the staff deck (Yucata variant).")
    discard_unclaimed_guests: bool = option(
        False, kind="flag",
        help="discard the two free display guests after a round in which nobody took a guest",
        label="Discard free guests nobody took",
        details="If nobody took a display guest during a round, the two free (rightmost) display guests are "
                "discarded at the end of that round, before an Emperor scoring, and the display refills (Yucata "
                "variant).")
    extra_politics: bool = option(
        False, kind="flag", help="add the three herlius politics cards",
        label="With the herlius politics cards",
        details="The three politics cards by herlius (20 VP from guests' printed VP; every room of a floor and of a "
                "column occupied; 4 occupied rooms of one colour and 4 of another) join piles A, B and C. The "
                "Yucata text gives them neither a pile nor VP: the piles and the usual 15/10/5 VP are our "
                "assumption.")
    solo: str | None = option(
        None, values=("leopold", "elisabeth"), none="none", solo="only", omit_at_default=True,
        help="the solo game against Leopold (Elisabeth needs the celebrities module; one player: --players is "
             "ignored)",
        details="The \"Dinner for One\" solo game against Leopold, a virtual opponent driven by his 20-card "
                "instruction deck (one player name). You draw 10 staff cards and keep 6; Leopold takes guests, dice "
                "and politics cards by his cards' instructions, and wins ties. With the Celebrities module the "
                "opponent is Elisabeth with her own deck (`\"leopold\"` then plays her too; `\"elisabeth\"` needs "
                "that module).")
    solo_difficulty: str = option(
        "medium", values=("easy", "medium", "hard"), solo="only", omit_at_default=True,
        help="the solo opponent's difficulty (default medium)", label="Solo opponent's difficulty",
        value_labels=("Solo opponent: easy", "Solo opponent: medium", "Solo opponent: hard"),
        details="Easy ignores the silver- and gold-bordered instructions, medium the gold ones.")
    modules: frozenset[str] = option(
        frozenset(), kind="set", values=tuple(module.name for module in WALTZ_MODULES),
        omit_at_default=True, label="Let's Waltz module",
        help=f"Let's Waltz modules, comma-separated from {', '.join(m.name for m in WALTZ_MODULES)}, or all "
             "(default none)",
        details="Let's Waltz modules, combined freely (`--modules` of `engine.gah.simulate`, or `all`). See the rows "
                "below.")
    solo_entrance: str | None = option(
        None, values=("hautel_couture", "nine_stars_inn", "sushi_resort", "toll_bridge_hotel"),
        none="none for a random one", solo="only", omit_at_default=True,
        help="with --solo and --modules unique_hotels: the opponent's own hotel entrance (default: drawn at random "
             "from each game's seed)",
        details="Solo with Unique Hotels: the opponent's entrance (`null`: drawn at random; `--solo-entrance` of "
                "`engine.gah.simulate`).")


OPTIONS: tuple[Option, ...] = declared_options(GameOptions)
"""Every option of a Grand Austria Hotel game but the players and the seed (`GameOptions`' fields), in
`GameConfig`'s field order (the stored JSON keeps it)."""
