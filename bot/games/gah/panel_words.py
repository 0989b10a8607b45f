"""The turn panel's words in the clicker's language (issue 55 item 2): the decision's question, counted kitchen items
and krones, the action spaces' names, and the names and texts of cards from the glossary (`render.core.glossary`).

English is the texts as the engine and the panel always wrote them; Polish and German come from the catalogs. The
engine's questions are English data (`engine.gah.payloads`): each is marked here (`N_`) so that the catalogs hold it,
and the few that carry numbers are said again from the decision's data.
"""

from __future__ import annotations

from engine.gah import GameState
from engine.gah.cards import ITEMS, guests, hotel_rules, staff
from engine.gah.payloads import PAYLOADS
from engine.gah.waltz.cards import celebrities, entrances
from render.core.i18n import Translator, translator
from render.core.lang import N_, card_name
from render.gah.texts import KIND_LABEL, staff_text

ENGLISH = translator("en")
"""The panel's words as written (the default of every function here)."""

PROMPTS: tuple[str, ...] = (
    N_("Choose a dish or drink."),
    N_("Setup: pick a guest for your café, for free."),
    N_("Staff draft: keep one card; the rest pass to the left."),
    N_("Your turn: take a guest (optional), take a die (required), and do extra actions in any order."),
    N_("Action 1: take strudel and cake (never more cake than strudel)."),
    N_("Action 2: take wine and coffee (never more coffee than wine)."),
    N_("Action 4: split between Emperor steps and krones."),
    N_("Action 6: which action do you copy at this strength?"),
    N_("Prepare a room (adjacent to your rooms, in the space's colour)."),
    N_("Play a staff card from your hand."),
    N_("You drew these staff cards: play one of them, or none."),
    N_("Choose the order in which the other cards go to the bottom of the staff deck."),
    N_("Place what you received on your guests' orders; the rest goes to your kitchen."),
    N_("Serve more from your kitchen (this krone covers up to 3 items)."),
    N_("Take a guest from the display for free."),
    N_("Occupy a prepared room."),
    N_("Porter: complete one guest's order from the supply."),
    N_("E. Gizia: use an action space that still has a die, without taking the die."),
    N_("Emperor penalty: discard one of your game-end staff cards."),
    N_("Conference Manager: pay 1 krone to ignore the Emperor penalty?"),
    N_("Emperor penalty: suffer it, or lose VP instead?"),
    N_("Secretary: choose an opponent's game-end staff card to score for your hotel."),
    N_("Solo setup: return staff cards to the bottom of the deck, one at a time; you keep the rest."),
    N_("Choose an action."),
    N_("Emperor penalty: remove an occupied room."),  # these three are said with their numbers (`_counted_prompt`)
    N_("Emperor penalty: remove a vacant room from your highest floor."),
    N_("Emperor penalty: return staff cards from your hand to the bottom of the deck."),
)
"""The engine's fixed questions (each payload's `PROMPT`), marked for the catalogs: `prompt_in` translates them.
A Let's Waltz module's are in its own file (`ModuleWords.prompts`, `bot.games.gah.waltz`);
tests/botui/test_panel_languages.py checks that every payload's `PROMPT` is here or there."""


DESCRIPTION_LIMIT = 100
"""Discord allows at most 100 characters in a select option's description."""


def short(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """`text` on one line, cut at a word to at most `limit` characters (with "…" where cut)."""
    flat = " ".join(text.replace("**", "").split())
    if len(flat) <= limit:
        return flat
    cut = flat[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:.")
    return cut + "…"


def _penalty(_: Translator, source: str) -> str:
    """ "Penalty of Emperor tile A3" (or "Emperor penalty"): the start of a penalty's question."""
    if not source:
        return _("Emperor penalty")
    tile = source.removeprefix("Emperor tile ")
    if tile != source:
        return _("Penalty of Emperor tile {tile}", tile=tile)
    return _("Penalty of {source}", source=source)


def _counted_prompt(_: Translator, kind: str, data: dict[str, object]) -> str | None:
    """The questions that carry numbers (`engine.gah.payloads`' `prompt` properties), from the decision's data."""
    source = str(data.get("source") or "")
    if kind == "prepare_rooms" and source == "setup":
        left = len(data.get("discounts") or [])  # type: ignore[arg-type]
        above = ", ".join(_("floor {floor} costs {cost}", floor=floor, cost=cost)
                          for floor, cost in enumerate(hotel_rules().floor_cost[1:], 2))
        return _.ngettext("Prepare 1 more starting room, beginning at room 1-1 (bottom left), each next one touching "
                          "a room you have, in its space's colour. The ground floor (floor 1) is free; {above} krones "
                          "a room (rulebook, Preparations).",
                          "Prepare up to {count} starting rooms, beginning at room 1-1 (bottom left), each next one "
                          "touching a room you have, in its space's colour. The ground floor (floor 1) is free; "
                          "{above} krones a room (rulebook, Preparations).", left, above=above)
    count = int(data.get("count") or data.get("left") or 0)  # type: ignore[call-overload]
    penalty = _penalty(_, source)  # apart, so that `pybabel extract` reads the plural forms below
    if kind == "return_hand":
        return _.ngettext("{penalty}: return {count} staff card from your hand to the bottom of the deck.",
                          "{penalty}: return {count} staff cards from your hand to the bottom of the deck.", count,
                          penalty=penalty)
    if kind == "remove_vacant":
        return _.ngettext("{penalty}: remove {count} vacant room from your highest floor.",
                          "{penalty}: remove {count} vacant rooms, one at a time, from your highest floor.", count,
                          penalty=penalty)
    if kind == "remove_occupied":
        return _.ngettext("{penalty}: remove {count} occupied room.",
                          "{penalty}: remove {count} occupied rooms, one at a time.", count,
                          penalty=penalty)
    return None


def prompt_in(state: GameState, _: Translator = ENGLISH) -> str:
    """The question of the pending decision in `_`'s language (English: the payload's own `prompt`)."""
    if not state.pending:
        return _("Choose an action.")
    top = state.pending[-1]
    kind = PAYLOADS.get(top.kind)
    english = kind.of(top).prompt if kind is not None else "Choose an action."
    if _.language == ENGLISH.language:
        return english
    return _counted_prompt(_, top.kind, top.data) or _(english)


def item_count(_: Translator, item: int, amount: int) -> str:
    """ "2 strudel" (English as the engine writes it), "2 strudle", "2 Strudel": `amount` of kitchen item `item`."""
    forms = (
        _.ngettext("{count} strudel", "{count} strudel", amount),
        _.ngettext("{count} cake", "{count} cake", amount),
        _.ngettext("{count} wine", "{count} wine", amount),
        _.ngettext("{count} coffee", "{count} coffee", amount),
    )
    return forms[item]


def item_name(_: Translator, item: int) -> str:
    """A kitchen item's name ("cake", "tort", "Torte")."""
    return card_name(_, "term", ITEMS[item], ITEMS[item])


def item_index(word: str) -> int | None:
    """The index of the kitchen item named `word` in the engine's English ("cake" -> 1), else None."""
    return ITEMS.index(word) if word in ITEMS else None


def krones_of(_: Translator, amount: int) -> str:
    """ "1 krone", "5 koron", "2 Kronen"."""
    return _.ngettext("{count} krone", "{count} krones", amount)


def action_name(_: Translator, space: int) -> str:
    """What action space `space` does, in words (`bot.games.gah.words_phrases.ACTION_NAME` in English)."""
    names = {
        1: _.pgettext("action name", "Strudel or cake"),
        2: _.pgettext("action name", "Wine or coffee"),
        3: _.pgettext("action name", "Prepare rooms"),
        4: _.pgettext("action name", "Krones or Emperor"),
        5: _.pgettext("action name", "Play staff"),
        6: _.pgettext("action name", "Copy an action 1-5"),
    }
    return names.get(space, "")


def colour(_: Translator, name: str) -> str:
    """A room or die colour ("red", "czerwony", "rot")."""
    return card_name(_, "term", name, name)


def staff_name(_: Translator, card_id: int) -> str:
    """A staff card's name (the glossary's: the German edition's where the rulebook prints it)."""
    return card_name(_, "staff", card_id, staff()[card_id].name)


def guest_name(_: Translator, guest_id: int) -> str:
    """A guest card's name."""
    return card_name(_, "guest", guest_id, guests()[guest_id].name)


def entrance_name(_: Translator, entrance_id: int) -> str:
    """A hotel entrance's name (Let's Waltz module 3)."""
    return card_name(_, "entrance", entrance_id, entrances()[entrance_id].name)


def celebrity_name(_: Translator, celebrity_id: int) -> str:
    """A celebrity's name (Let's Waltz module 2)."""
    return card_name(_, "celebrity", celebrity_id, celebrities()[celebrity_id].name)


def staff_text_in(_: Translator, card_id: int) -> str:
    """A staff card's effect as `/gah card` tells it (the glossary's sentence in another language)."""
    card = staff()[card_id]
    return card_name(_, "staff_text", card_id, staff_text(card))


def staff_kind(_: Translator, card_id: int) -> str:
    """A staff card's kind ("one time", "jednorazowa", "einmalig")."""
    kind = staff()[card_id].kind
    if _.language == ENGLISH.language:
        return kind.replace("_", " ")
    return card_name(_, "term", kind, KIND_LABEL.get(kind, kind))
