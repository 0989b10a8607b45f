"""The answer of the turn panel's "?" button: what each decision of Grand Austria Hotel is, with its rule, in a few
plain sentences (`help_text`, the presenter's)."""

from __future__ import annotations

from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from render.core.i18n import translator
from render.core.lang import N_

HELP: dict[str, str] = {
    "turn": N_(
        "Your turn has three parts (rulebook, Course of play). First you may take 1 guest from the display into "
        "a free café table, paying the price under it. Then you must take 1 die and carry out its action; a "
        "boost costs 1 krone and adds 1 to its strength. Before or after, you may check in guests whose orders "
        "are complete, serve from the kitchen (1 krone for up to 3 items) and use staff cards once a round."),
    "setup_guest": N_(
        "Before the first round each player takes 1 guest from the display for free, in reverse turn order "
        "(rulebook, Preparations). Choose a guest whose order you can fill soon."),
    "draft": N_(
        "In the staff draft you keep 1 of the staff cards in your hand and pass the rest to the left, until "
        "everyone holds 6 (variant for experienced players). Everyone chooses at the same time."),
    "split_dishes": N_(
        "Action 1 gives you as many dishes as its strength: choose how many strudels and cakes, never more cakes "
        "than strudels (rulebook, action 1). You then place them on your guests' orders or in your kitchen."),
    "split_drinks": N_(
        "Action 2 gives you as many drinks as its strength: choose how many glasses of wine and cups of coffee, "
        "never more coffee than wine (rulebook, action 2). You then place them on your guests' orders or in your "
        "kitchen."),
    "split_emperor": N_(
        "Action 4 splits its strength between steps on the Emperor track and krones, as you like (rulebook, "
        "action 4)."),
    "imitate": N_(
        "Action 6 costs 1 krone and carries out any of the actions 1 to 5, at the strength of the dice on space "
        "6 (rulebook, action 6)."),
    "prepare_rooms": N_(
        "Prepare rooms one at a time: each room must touch a room already on your hotel board, its tile matches "
        "the colour of its space, and you pay the price of its floor, shown on each option (rulebook, action 3)."),
    "play_staff": N_(
        "Play a staff card from your hand: pay its cost less the discount of this action, or skip (rulebook, "
        "action 5). Its effect works as the card says."),
    "draw_play": N_(
        "You drew staff cards: you may play one of them, paying its cost; the others go to the bottom of the "
        "deck (the card or tile that drew them says so)."),
    "return_cards": N_(
        "Put the drawn staff cards on the bottom of the deck in the order you like."),
    "place_items": N_(
        "You received dishes and drinks: put each one on a café guest who ordered it, or keep the rest in your "
        "kitchen for later (rulebook, actions 1 and 2)."),
    "serve": N_(
        "Serving from the kitchen moves up to 3 items for 1 krone onto your guests' orders (rulebook, Additional "
        "actions). Serve more, or stop."),
    "choose_items": N_(
        "Take the dish or drink of your choice, as the card or tile says."),
    "fill_order": N_(
        "The Porter completes one café guest's order from the supply: choose the guest."),
    "free_guest": N_(
        "Take a guest from the display for free, as the card says. You need a free café table."),
    "occupy_rooms": N_(
        "Turn prepared rooms of your choice into occupied rooms, as the card says. Occupied rooms score at the "
        "end and may give occupancy bonuses."),
    "extra_action": N_(
        "E. Gizia (2021 rules): carry out the action of a space that still has a die, without taking the die."),
    "conference": N_(
        "The Conference Manager lets you pay 1 krone to ignore this Emperor penalty; otherwise you suffer it."),
    "penalty_choice": N_(
        "2015 rules: this Emperor penalty may be replaced by losing VP. Choose which one you suffer."),
    "return_hand": N_(
        "The Emperor's penalty: put staff cards from your hand on the bottom of the deck, as many as the tile "
        "says."),
    "remove_vacant": N_(
        "The Emperor's penalty: remove prepared but vacant rooms, each from as high a floor as you can."),
    "remove_occupied": N_(
        "The Emperor's penalty (tile C2): return an occupied room from your highest floor, then one from the "
        "floor below."),
    "discard_game_end": N_(
        "The Emperor's penalty (tile C4): discard one of your played game-end staff cards."),
    "secretary": N_(
        "The Secretary scores one opponent's game-end staff card for your hotel at the end of the game: choose "
        "the card."),
    "solo_staff": N_(
        "Solo game set-up: you drew 10 staff cards; return 4 of them to the bottom of the deck and keep the "
        "other 6 (solo rules, Setup)."),
    **registry.merged_help(),  # each Let's Waltz module's own (bot/games/gah/waltz/<module>.py)
}
"""What each decision is, with its rule, in a few plain sentences: the answer of the panel's "?" button, by decision
kind (every kind of `engine.gah.decisions.DECISIONS`, a Let's Waltz module's in its own file;
tests/botui/test_panel_help.py)."""

HELP_FALLBACK = N_("Choose one of the options on your panel. `/gah rules` explains the game and `/gah card` any "
                   "card.")


def help_text(kind: str, *, language: str = "en") -> str:
    """The "?" answer for a decision kind in `language` (the clicker's): `HELP`, or a pointer to `/gah rules` for a
    kind it lacks (a game of another kind)."""
    return translator(language)(HELP.get(kind, HELP_FALLBACK))
