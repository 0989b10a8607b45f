"""The short words of a guest's reward (or any effect row) on a picture, in the picture's language (issue 55,
item 5): each effect kind a sentence of the catalogs with named placeholders, counted nouns by `ngettext` (Polish
has three plural forms). English keeps `render.gah.texts.describe`'s words exactly; a kind without words here (a
staff ability, an Emperor penalty) is drawn in English until its words are added.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.gah.cards import ITEMS
from render.core.i18n import Translator
from render.gah.texts import describe, describe_all

Row = Mapping[str, Any]


def _item(_: Translator, item: str, count: int) -> str:
    """`count` of a kitchen item ("2 wine", "2 wina", "2 Wein") with a plus sign."""
    forms = {
        "strudel": _.ngettext("+{count} strudel", "+{count} strudel", count),
        "cake": _.ngettext("+{count} cake", "+{count} cake", count),
        "wine": _.ngettext("+{count} wine", "+{count} wine", count),
        "coffee": _.ngettext("+{count} coffee", "+{count} coffee", count),
    }
    return forms[item]


def _items(_: Translator, row: Row) -> str:
    return ", ".join(_item(_, item, int(row[item])) for item in ITEMS if row.get(item))


def _rooms(_: Translator, row: Row) -> str:
    discounts = [int(d) for d in row.get("discounts", [0])]
    words = _.ngettext("prepare {count} room", "prepare {count} rooms", len(discounts))
    if row.get("free"):
        words = _.ngettext("prepare {count} room free", "prepare {count} rooms free", len(discounts))
    if row.get("max_floor"):
        words = _("{rooms} on floor 1-{floor}", rooms=words, floor=int(row["max_floor"]))
    return words


def _play(_: Translator, row: Row) -> str:
    count = int(row.get("count", 1))
    if row.get("free"):
        return _.ngettext("play {count} staff free", "play {count} staff free", count)
    if row.get("discount"):
        return _.ngettext("play {count} staff, {less} K less", "play {count} staff, {less} K less", count,
                          less=int(row["discount"]))
    return _.ngettext("play {count} staff", "play {count} staff", count)


def _draw_play(_: Translator, row: Row) -> str:
    if row.get("free"):
        return _.ngettext("draw {count} staff, play 1 free", "draw {count} staff, play 1 free", int(row["draw"]))
    return _.ngettext("draw {count} staff, play 1 for {less} K less", "draw {count} staff, play 1 for {less} K less",
                      int(row["draw"]), less=int(row.get("discount", 0)))


WORDS: dict[str, Callable[[Translator, Row], str]] = {
    "items": _items,
    "krones": lambda _, row: _.ngettext("+{count} krone", "+{count} krones", int(row["amount"])),
    "emperor": lambda _, row: _.ngettext("+{count} Emperor step", "+{count} Emperor steps", int(row["steps"])),
    "vp": lambda _, row: _("+{vp} VP", vp=int(row["amount"])) if int(row["amount"]) >= 0
    else _("−{vp} VP", vp=-int(row["amount"])),
    "prepare_rooms": _rooms,
    "draw_staff": lambda _, row: _.ngettext("draw {count} staff", "draw {count} staff", int(row["count"])),
    "play_staff": _play,
    "draw_play_staff": _draw_play,
    "any_items": lambda _, row: _.ngettext("{count} item of your choice", "{count} items of your choice",
                                           int(row["count"])),
    "occupy_rooms": lambda _, row: _.ngettext("occupy {count} room", "occupy {count} rooms", int(row["count"])),
    "free_guests": lambda _, row: _.ngettext("take {count} guest free", "take {count} guests free",
                                             int(row["count"])),
    "extra_action": lambda _, row: _("one extra action"),
    "fill_order": lambda _, row: _("serve a whole order"),
    # Emperor tiles' rewards and penalties
    "lose_krones_or_vp": lambda _, row: _.ngettext("−{count} krone or −{vp} VP", "−{count} krones or −{vp} VP",
                                                   int(row["amount"]), vp=int(row["vp"])),
    "return_kitchen": lambda _, row: _("lose kitchen and café items") if row.get("include_cafe")
    else _("lose all kitchen items"),
    "return_hand_staff_or_vp": lambda _, row: _.ngettext("return {count} staff from hand or −{vp} VP",
                                                         "return {count} staff from hand or −{vp} VP",
                                                         int(row["count"]), vp=int(row["vp"])),
    "remove_vacant_rooms_or_vp": lambda _, row: _.ngettext("lose {count} prepared room or −{vp} VP",
                                                           "lose {count} prepared rooms or −{vp} VP",
                                                           int(row["count"]), vp=int(row["vp"])),
    "remove_occupied_rooms": lambda _, row: _.ngettext("lose {count} occupied room", "lose {count} occupied rooms",
                                                       int(row["count"])),
    "vp_per_staff_played": lambda _, row: _("{vp} VP per staff played", vp=f"{int(row['per']):+d}"),
    "discard_game_end_staff_or_vp": lambda _, row: _("lose a game-end staff or −{vp} VP", vp=int(row["vp"])),
    "krones_and_any_items": lambda _, row: _.ngettext("+{amount} K and {count} item of your choice",
                                                      "+{amount} K and {count} items of your choice", int(row["count"]),
                                                      amount=int(row["amount"])),
    "lose_krones_and_item_or_vp": lambda _, row: _.ngettext(
        "−{amount} K and {count} kitchen item, or −{vp} VP", "−{amount} K and {count} kitchen items, or −{vp} VP",
        int(row["count"]), amount=int(row["amount"]), vp=int(row["vp"])),
    "draw_staff_and_vp": lambda _, row: _.ngettext("draw {count} staff and +{vp} VP", "draw {count} staff and +{vp} VP",
                                                   int(row["count"]), vp=int(row["amount"])),
    "vp_per_politics_marker": lambda _, row: _("+{vp} VP per politics marker", vp=int(row["per"])),
    "lose_money_and_kitchen": lambda _, row: _("lose all krones and kitchen items"),
}
"""The words of each effect kind in a language: the guests' rewards and the Emperor tiles' rewards and penalties
(a staff card is told by the glossary's sentence)."""


def action_lines(_: Translator, space: int) -> tuple[str, str]:
    """The two short lines naming what action space `space` (1-6) does (`render.gah.texts.ACTION_LABEL` in English),
    translated as a pair: a language may put the verb on the second line ("Zimmer / vorbereiten")."""
    lines = {
        1: (_.pgettext("action space", "Strudel"), _.pgettext("action space", "or cake")),
        2: (_.pgettext("action space", "Wine"), _.pgettext("action space", "or coffee")),
        3: (_.pgettext("action space", "Prepare"), _.pgettext("action space", "rooms")),
        4: (_.pgettext("action space", "Krones"), _.pgettext("action space", "/Emperor")),
        5: (_.pgettext("action space", "Play"), _.pgettext("action space", "staff")),
        6: (_.pgettext("action space", "Copy 1-5"), _.pgettext("action space", "pay 1 K")),
    }
    return lines[space]


def describe_in(_: Translator, row: Row) -> str:
    """A few words for one effect row in `_`'s language (English: `render.gah.texts.describe`, unchanged)."""
    words = WORDS.get(str(row.get("effect", "")))
    if _.language == "en" or words is None:
        return describe(dict(row))
    return words(_, row)


def describe_all_in(_: Translator, rows: Iterable[Mapping[str, Any]]) -> str:
    """Several effect rows joined with "; " in `_`'s language, or "no reward" for none."""
    listed = list(rows)
    if _.language == "en":
        return describe_all(dict(row) for row in listed)
    return "; ".join(describe_in(_, row) for row in listed) if listed else _("no reward")
