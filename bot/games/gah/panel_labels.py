"""The turn panel's label and description of each legal action, in the clicker's language (issue 55 item 2): the
words of `bot.games.gah.panel.describe`, by action kind (`LABELS`) or by decision and action kind
(`LABELS_IN_DECISION`), else the engine's own text (`AS_WRITTEN`, said again in another language by `as_written`).

Labels are at most 80 characters and descriptions 100 (Discord's limits); only the words change with the language,
never which action a choice plays.
"""

from __future__ import annotations

from bot.games.gah.panel_again import extra_action_label
from bot.games.gah.panel_words import (
    ENGLISH,
    action_name,
    celebrity_name,
    colour,
    guest_name,
    item_count,
    item_index,
    item_name,
    krones_of,
    short,
    staff_kind,
    staff_name,
    staff_text_in,
)
from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from bot.games.gah.waltz.registry import Describe as Describe
from bot.host.panel_types import clip as _clip
from engine.core.actions import Action
from engine.gah import GameState
from engine.gah.behaviours import SERVING_FEE, adjust
from engine.gah.cards import DISPLAY_COSTS, ITEMS, guests, hotel_layouts, space_name, staff
from engine.gah.payloads import IMITATE, PLAY_STAFF, SPLIT_DISHES, SPLIT_DRINKS, SPLIT_EMPEROR, TURN
from engine.gah.waltz.cards import celebrities, lounge_colors
from render.core.i18n import Translator
from render.core.lang import N_, card_name
from render.core.plural import agree
from render.gah.effect_words import describe_all_in

WALTZ_TEXT_KINDS = registry.union(lambda words: words.text_answers)
"""Let's Waltz decisions whose "discard"/"return" answers name a die or an item, not a staff card (each module's
`ModuleWords.text_answers`)."""

FIXED_WORDS: frozenset[str] = frozenset({
    N_("Pass"), N_("End turn"), N_("Ignore penalty"), N_("Suffer penalty"), N_("Take the penalty"),
    N_("Stop preparing"), N_("Skip"), N_("Play none"), N_("Put rest in kitchen"), N_("Done serving"),
}) | registry.union(lambda words: words.answers)
"""The engine's fixed answer texts (capitalised) that are the panel's label as they are: translated whole (the base
game's, and each Let's Waltz module's `ModuleWords.answers`)."""


def describe(state: GameState, action: Action, _: Translator = ENGLISH) -> tuple[str, str]:
    """A friendly (label, description) for an action in `_`'s language; the label is at most 80 characters.

    The words come from `LABELS_IN_DECISION` for an action kind that reads differently in one decision (a pass in
    the auction), else from `LABELS` by the action kind, else the engine's own text."""
    top = state.pending[-1].kind if state.pending else ""
    label = LABELS_IN_DECISION.get((top, action.kind)) or LABELS.get(action.kind, as_written)
    return label(state, action, _)


def as_written(state: GameState, action: Action, _: Translator = ENGLISH) -> tuple[str, str]:
    """The engine's text as the label (capitalised, its numbers and nouns in agreement); in another language the
    same words from the catalogs (`FIXED_WORDS`, or said again from the action's arguments)."""
    text = agree(action.text)  # the engine's text, its numbers and nouns in agreement
    english = text[:1].upper() + text[1:]
    if _.language == ENGLISH.language:
        return _clip(english), ""
    if english in FIXED_WORDS:
        return _clip(_(english)), ""
    words = text.split()
    if action.kind == "lose_vp" and len(words) > 1 and words[1].isdigit():
        return _clip(_("Lose {vp} VP instead", vp=int(words[1]))), ""
    if action.kind == "retreat" and len(action.args) >= 2:
        return _clip(_("Go back {steps} for tile {tile}", steps=action.args[0], tile=action.args[1])), ""
    if action.kind == "action" and action.args:
        return _clip(_("Action {space} ({name})", space=action.args[0], name=action_name(_, int(action.args[0])))), ""
    if action.kind == "return" and words[-1] in ITEMS:
        return _clip(_("Return 1 {item}", item=item_name(_, ITEMS.index(words[-1])))), ""
    if action.kind == "discard" and action.args and len(words) > 1:
        die = lounge_colors()[action.args[0]] if 0 <= action.args[0] < len(lounge_colors()) else words[1]
        return _clip(_("Discard the {colour} die", colour=colour(_, die))), ""
    return _clip(english), ""


def _guest_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    args = action.args
    guest_id = state.display[args[0]]
    guest = guests()[guest_id]
    cost = args[1] if len(args) > 1 else DISPLAY_COSTS[args[0]]
    price = _("free") if cost == 0 else krones_of(_, cost)
    label = _("{guest} ({colour}, {vp} VP) · {price}", guest=guest_name(_, guest_id), colour=colour(_, guest.color),
              vp=guest.vp, price=price)
    return _clip(label), guest_effect_in(_, guest_id)


def guest_effect_in(_: Translator, guest_id: int) -> str:
    """A guest's order and check-in reward as `/gah card` tells them, within a select option's description."""
    guest = guests()[guest_id]
    order = ", ".join(item_count(_, i, n) for i, n in enumerate(guest.order) if n)
    return short(_("Orders {order}. When checked in: {reward}.", order=order,
                   reward=describe_all_in(_, guest.reward) or _("no reward")))


def _die_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    args = action.args
    space, boost = args[0], args[1]
    moved = len(args) > 3  # The Kozi Palace moves a die in first (Let's Waltz)
    strength = state.dice[space - 1] + boost + moved
    extra = _(" with the boost (1 krone)") if boost else ""  # the strength already counts the boost
    fee = _(" · costs 1 krone") if space == 6 else ""
    description = ""
    if len(args) > 2 and args[2] >= 0:  # a coloured die (Let's Waltz): 1 krone per other die
        die, price = action.text.split()[2], state.dice[space - 1] + moved - 1
        fee += _(" · {colour} die, {price}", colour=colour(_, die), price=krones_of(_, price))
        description = short(_("Takes the celebrity {celebrity}", celebrity=_celebrity_in(state, args[2], _)))
    if moved:
        extra += _(" (die moved from {space})", space=args[3])
    label = _clip(_("{action} - strength {strength}{extra}{fee}", action=action_name(_, space), strength=strength,
                    extra=extra, fee=fee))
    return label, _clip(description or _("Action space {space}", space=space), 100)


def _item_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """The skeleton key's dish or drink (Let's Waltz module 4)."""
    item = item_index(action.text.split()[-1])
    if item is None:
        return _clip(f"Take 1 {action.text.split()[-1]}"), ""
    return _clip(_("Take {item}", item=item_count(_, item, 1))), ""


def _card_label(state: GameState, card_id: int, _: Translator, price: int | None = None) -> tuple[str, str]:
    name = staff_name(_, card_id)
    cost = staff()[card_id].cost_in(state.config.edition)
    label = name if price is None else _("{card} · pay {price}", card=name, price=price)
    kind = staff_kind(_, card_id)
    return _clip(label), short(_("{kind}, printed cost {cost}: {effect}", kind=kind[:1].upper() + kind[1:],
                                 cost=cost, effect=short(staff_text_in(_, card_id))))


def _staff_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """A staff card named by the action's first argument."""
    return _card_label(state, action.args[0], _)


def _play_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """Playing a staff card: (card, price)."""
    return _card_label(state, action.args[0], _, action.args[1])


def _draft_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """Keeping a card in the staff draft: (seat, card)."""
    return _card_label(state, action.args[-1], _)


def table_guest(state: GameState, table: int, _: Translator = ENGLISH) -> str:
    """The name of the guest at café table `table` of the player on turn, else "table N"."""
    guest_id = state.players[state.current_index or 0].cafe[table].guest
    return guest_name(_, guest_id) if guest_id is not None else _("table {number}", number=table + 1)


def _checkin_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    name = table_guest(state, action.args[0], _)
    color = hotel_layouts()[state.players[state.current_index or 0].side].colors[action.args[1]]
    room = action.text.rsplit(" ", 1)[-1]
    return _clip(_("{guest} → room {room} ({colour})", guest=name, room=room, colour=colour(_, color))), ""


def _fill_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    return _clip(_("Complete {guest}'s order", guest=table_guest(state, action.args[0], _))), ""


def _serve_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """Serving (or putting) an item on a café guest: (item, table)."""
    item, table = action.args[0], action.args[1]
    words = SERVE_WORDS[action.kind]
    return _clip(_(words, item=item_name(_, item), guest=table_guest(state, table, _), table=table + 1,
                   cost=serving_cost(state, _))), ""


SERVE_WORDS: dict[str, str] = {"serve": N_("Serve {item} on {guest} (table {table}){cost}"),
                               "put": N_("Put {item} on {guest} (table {table}){cost}")}


def serving_cost(state: GameState, _: Translator = ENGLISH) -> str:
    """" · 1 krone" on a serve from the turn (it pays for up to 3 items: rulebook "Additional actions"), "" in the
    follow-up that serves the other 2."""
    if not state.deciding(TURN):
        return ""
    index = state.pending[-1].player
    fee = adjust(state.players[index], SERVING_FEE, 1)
    return _(" · {krones}", krones=krones_of(_, fee)) if fee else _(" · free")


def _room_label(state: GameState, action: Action, _: Translator, cost: str = "") -> tuple[str, str]:
    space = action.args[0]
    color = hotel_layouts()[state.players[state.current_index or 0].side].colors[space]
    if _.language == ENGLISH.language:
        return _clip(f"{action.text[:1].upper()}{action.text[1:]} ({color}){cost}"), ""
    words = ROOM_WORDS.get(action.kind, N_("Room {room} ({colour}){cost}"))
    return _clip(_(words, room=space_name(space), colour=colour(_, color), cost=cost)), ""


ROOM_WORDS: dict[str, str] = {"room": N_("Room {room} ({colour}){cost}"),
                              "occupy": N_("Occupy room {room} ({colour}){cost}"),
                              "remove": N_("Remove room {room} ({colour}){cost}")}


def _split_items_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """Actions 1 and 2: how many of each item to take ("take 2 strudel 1 cake")."""
    _verb, first_count, first, second_count, second = action.text.split()
    one, other = ITEMS.index(first), ITEMS.index(second)
    if second_count == "0":
        return _clip(_("Take {first}", first=item_count(_, one, int(first_count)))), ""
    return _clip(_("Take {first} and {second}", first=item_count(_, one, int(first_count)),
                   second=item_count(_, other, int(second_count)))), ""


def _split_emperor_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """Action 4: Emperor steps and krones."""
    steps, krones = action.args
    step_words = _.ngettext("{count} Emperor step", "{count} Emperor steps", steps)
    if steps and krones:
        return _clip(_("Take {first} and {second}", first=step_words, second=krones_of(_, krones))), ""
    if steps or krones:
        return _clip(_("Take {first}", first=step_words if steps else krones_of(_, krones))), ""
    return _("Take nothing"), ""


def _imitate_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """Action 6: the action copied."""
    space = action.args[0]
    return _clip(_("Copy action {space} ({name})", space=space, name=action_name(_, space))), ""


def _no_staff_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    return _("Play no staff card"), ""


def _prepare_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    """Preparing a room: (space, cost in krones)."""
    cost = _(" · {krones}", krones=krones_of(_, action.args[1])) if action.args[1] else _(" · free")
    return _room_label(state, action, _, cost)


def _extra_action_label(state: GameState, action: Action, _: Translator) -> tuple[str, str]:
    return extra_action_label(state, action, _)


LABELS: dict[str, Describe] = {
    "guest": _guest_label,
    "die": _die_label,
    "item": _item_label,
    "play": _play_label,
    "draft": _draft_label,
    **dict.fromkeys(("bottom", "return", "discard", "copy", "use"), _staff_label),
    "checkin": _checkin_label,
    "serve": _serve_label,
    "put": _serve_label,
    "fill": _fill_label,
    "room": _prepare_label,
    **dict.fromkeys(("occupy", "remove"), _room_label),
}
"""The panel label of each action kind with its own words (any other action shows the engine's text)."""

LABELS_IN_DECISION: dict[tuple[str, str], Describe] = {
    ("extra_action", "action"): _extra_action_label,
    **{(decision, verb): as_written for decision in WALTZ_TEXT_KINDS for verb in ("return", "discard")},
    (SPLIT_DISHES, "take"): _split_items_label,
    (SPLIT_DRINKS, "take"): _split_items_label,
    (SPLIT_EMPEROR, "split"): _split_emperor_label,
    (IMITATE, "imitate"): _imitate_label,
    (PLAY_STAFF, "decline"): _no_staff_label,
    **registry.merged_labels(),  # each Let's Waltz module's own (bot/games/gah/waltz/<module>.py)
}
"""Labels of an action kind that reads differently in one decision kind, by (decision kind, action kind)."""


def card_named(state: GameState, action: Action) -> int | None:
    """The staff card an action's label names (`LABELS`: playing, keeping, returning one), else None."""
    top = state.pending[-1].kind if state.pending else ""
    label = None if (top, action.kind) in LABELS_IN_DECISION else LABELS.get(action.kind)
    if label in (_staff_label, _play_label):
        return int(action.args[0])
    return int(action.args[-1]) if label is _draft_label else None


AS_WRITTEN = frozenset({"decline", "end", "ignore", "imitate", "lose_vp", "pass", "suffer", "action", "take"}) | (
    registry.union(lambda words: words.answer_kinds))
"""Action kinds whose engine text is already the right label (capitalised), outside `LABELS_IN_DECISION` (the base
game's, and each Let's Waltz module's `ModuleWords.answer_kinds`)."""


def _celebrity_in(state: GameState, slot: int, _: Translator = ENGLISH) -> str:
    """The name, VP and effect of the celebrity in lounge slot `slot` (Let's Waltz module 2), for a coloured die's
    description."""
    part = state.waltz.celebrities if state.waltz is not None else None
    lounge, chits = (part.lounge, part.chits) if part is not None else ([], [])
    celebrity = lounge[slot] if 0 <= slot < len(lounge) else None
    if celebrity is None:
        return _("no celebrity")
    vp = chits[slot] if slot < len(chits) else 1
    text = card_name(_, "celebrity_text", celebrity, celebrities()[celebrity].text)
    return _("{celebrity} ({vp} VP): {effect}", celebrity=celebrity_name(_, celebrity), vp=vp, effect=text)
