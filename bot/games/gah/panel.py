"""The turn panel's layout: legal actions grouped into selects and buttons within Discord's limits.

Pure logic (no discord imports): `build_panel` returns a `Panel` description that `bot.host.views` turns into
components. Every component value is the action's index in `legal_actions(state, player)`, which is stable for a
given state version, so a click maps back to exactly one action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.games.gah.lookup import entrance_effect, guest_effect, short, staff_effect
from bot.games.gah.panel_again import extra_action_label
from bot.games.gah.panel_details import auction_details, button_details
from bot.games.gah.panel_fold import folded_label
from bot.games.gah.panel_several import place_items_prompt, several_in_turn, several_rows
from bot.games.gah.words_phrases import ACTION_NAME
from bot.host.panel_types import LABEL_LIMIT as LABEL_LIMIT  # the panel's names, as other modules import them
from bot.host.panel_types import MAX_BUTTONS, MAX_OPTIONS, MAX_ROWS, Choice, Panel, Row, indices_of_kind
from bot.host.panel_types import clip as _clip
from engine.core.actions import Action
from engine.gah import GameState, apply, legal_actions
from engine.gah.behaviours import SERVING_FEE, adjust
from engine.gah.cards import DISPLAY_COSTS, ITEMS, guests, hotel_layouts, staff
from engine.gah.payloads import (
    IMITATE,
    PAYLOADS,
    PLAY_STAFF,
    RETURN_CARDS,
    SERVE,
    SPLIT_DISHES,
    SPLIT_DRINKS,
    SPLIT_EMPEROR,
    TURN,
)
from engine.gah.waltz.cards import celebrities, entrances
from render.core.plural import agree, count

TURN_GROUPS: tuple[tuple[str, str], ...] = (
    ("guest", "Take a guest from the display"),
    ("die", "Take a die"),
    ("die_boost", "Take a die with the boost (+1 strength, 1 krone)"),
    ("checkin", "Check in a guest"),
    ("serve", "Serve from the kitchen"),
    ("use", "Use a staff card"),
    ("key", "Take the skeleton key"),  # Let's Waltz module 4
    ("retreat", "Grand Wray: go back for a tile's reward"),
    ("swap", "Albert Einstein: swap kitchen items"),
)
BUTTON_KINDS = ("pass", "end", "decline", "ignore", "suffer", "lose_vp")

GROUPED: dict[str, tuple[tuple[str, str], ...]] = {TURN: TURN_GROUPS}
"""Decision kinds whose answers always go into selects by action kind (the turn): (action kind, title) in order."""

WALTZ_TEXT_KINDS = frozenset({"dustbin_die", "return_item", "swap_items"})
"""Let's Waltz decisions whose "discard"/"return" answers name a die or an item, not a staff card."""


def prompt_of(state: GameState) -> str:
    """The question of the pending decision, from its typed payload (`engine.gah.payloads`)."""
    if not state.pending:
        return "Choose an action."
    top = state.pending[-1]
    kind = PAYLOADS.get(top.kind)
    return kind.of(top).prompt if kind is not None else "Choose an action."


Describe = Callable[[GameState, Action], tuple[str, str]]
"""A panel label function: (state, action) -> (label, description)."""


def describe(state: GameState, action: Action) -> tuple[str, str]:
    """A friendly (label, description) for an action; the label is at most 80 characters.

    The words come from `LABELS_IN_DECISION` for an action kind that reads differently in one decision (a pass in
    the auction), else from `LABELS` by the action kind, else the engine's own text."""
    top = state.pending[-1].kind if state.pending else ""
    label = LABELS_IN_DECISION.get((top, action.kind)) or LABELS.get(action.kind, _as_written)
    return label(state, action)


def _as_written(state: GameState, action: Action) -> tuple[str, str]:
    text = agree(action.text)  # the engine's text, its numbers and nouns in agreement
    return _clip(text[:1].upper() + text[1:]), ""


def _guest_label(state: GameState, action: Action) -> tuple[str, str]:
    args = action.args
    guest = guests()[state.display[args[0]]]
    order = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(guest.order) if n)
    cost = args[1] if len(args) > 1 else DISPLAY_COSTS[args[0]]
    price = "free" if cost == 0 else f"{count(cost, 'krone')}"
    del order  # the description tells the order with the reward
    return _clip(f"{guest.name} ({guest.color}, {guest.vp} VP) · {price}"), guest_effect(state.display[args[0]])


def _die_label(state: GameState, action: Action) -> tuple[str, str]:
    args = action.args
    space, boost = args[0], args[1]
    moved = len(args) > 3  # The Kozi Palace moves a die in first (Let's Waltz)
    strength = state.dice[space - 1] + boost + moved
    extra = " with the boost (1 krone)" if boost else ""  # the strength already counts the boost
    fee = " · costs 1 krone" if space == 6 else ""
    description = ""
    if len(args) > 2 and args[2] >= 0:  # a coloured die (Let's Waltz): 1 krone per other die
        colour, price = action.text.split()[2], state.dice[space - 1] + moved - 1
        fee += f" · {colour} die, {count(price, 'krone')}"
        description = short(f"Takes the celebrity {_celebrity_in(state, args[2])}")
    if moved:
        extra += f" (die moved from {args[3]})"
    label = _clip(f"{ACTION_NAME[space]} - strength {strength}{extra}{fee}")
    return label, _clip(description or f"Action space {space}", 100)


def _bid_label(state: GameState, action: Action) -> tuple[str, str]:
    """A bid in the hotel entrance auction (Let's Waltz module 3): (entrance, krones); the description is the
    entrance's effect (`/gah card`)."""
    entrance, amount = action.args[0], action.args[-1]
    name = entrances()[entrance].name
    return _clip(f"Bid {count(amount, 'krone')} on {name}"), entrance_effect(entrance)


def _auction_pass_label(state: GameState, action: Action) -> tuple[str, str]:
    return "Pass (drop out of this auction)", ""


def _key_action_label(state: GameState, action: Action) -> tuple[str, str]:
    """The skeleton key's action (Let's Waltz module 4)."""
    space = action.args[0]
    return _clip(f"Action {space} ({ACTION_NAME.get(space, '')}) at strength 1"), ""


def _item_label(state: GameState, action: Action) -> tuple[str, str]:
    """The skeleton key's dish or drink (Let's Waltz module 4)."""
    return _clip(f"Take 1 {action.text.split()[-1]}"), ""


def _card_label(state: GameState, card_id: int, price: str = "") -> tuple[str, str]:
    card = staff()[card_id]
    kind_name = card.kind.replace("_", " ")
    cost = card.cost_in(state.config.edition)
    effect = staff_effect(card.id)
    return _clip(f"{card.name}{price}"), short(f"{kind_name.capitalize()}, printed cost {cost}: {effect}")


def _staff_label(state: GameState, action: Action) -> tuple[str, str]:
    """A staff card named by the action's first argument."""
    return _card_label(state, action.args[0])


def _play_label(state: GameState, action: Action) -> tuple[str, str]:
    """Playing a staff card: (card, price)."""
    return _card_label(state, action.args[0], f" · pay {action.args[1]}")


def _draft_label(state: GameState, action: Action) -> tuple[str, str]:
    """Keeping a card in the staff draft: (seat, card)."""
    return _card_label(state, action.args[-1])


def _entrance_label(state: GameState, action: Action) -> tuple[str, str]:
    """A hotel entrance to take (Let's Waltz module 3 in solo)."""
    offered = entrances()[action.args[0]]
    return _clip(f"Take {offered.name}"), _clip(offered.text, 100)


def _couture_label(state: GameState, action: Action) -> tuple[str, str]:
    """An item put on the solo opponent's guest (Hautel Couture)."""
    opponent = state.players[state.solo.seat].name if state.solo is not None else "the opponent"
    return _clip(f"{action.text[:1].upper()}{action.text[1:]} ({opponent}'s guest)"), "Hautel Couture"


def _table_guest(state: GameState, table: int) -> str:
    guest_id = state.players[state.current_index or 0].cafe[table].guest
    return guests()[guest_id].name if guest_id is not None else f"table {table + 1}"


def _checkin_label(state: GameState, action: Action) -> tuple[str, str]:
    name = _table_guest(state, action.args[0])
    color = hotel_layouts()[state.players[state.current_index or 0].side].colors[action.args[1]]
    room = action.text.rsplit(" ", 1)[-1]
    return _clip(f"{name} → room {room} ({color})"), ""


def _fill_label(state: GameState, action: Action) -> tuple[str, str]:
    return _clip(f"Complete {_table_guest(state, action.args[0])}'s order"), ""


def _serve_label(state: GameState, action: Action) -> tuple[str, str]:
    """Serving (or putting) an item on a café guest: (item, table)."""
    item, table = action.args[0], action.args[1]
    verb = SERVE_VERBS[action.kind]
    return _clip(f"{verb} {ITEMS[item]} on {_table_guest(state, table)} (table {table + 1}){_serving_cost(state)}"), ""


def _serving_cost(state: GameState) -> str:
    """" · 1 krone" on a serve from the turn (it pays for up to 3 items: rulebook "Additional actions"), "" in the
    follow-up that serves the other 2."""
    if not state.deciding(TURN):
        return ""
    index = state.pending[-1].player
    fee = adjust(state.players[index], SERVING_FEE, 1)
    return f" · {count(fee, 'krone')}" if fee else " · free"


SERVE_VERBS: dict[str, str] = {"serve": "Serve", "put": "Put"}


def _room_label(state: GameState, action: Action, cost: str = "") -> tuple[str, str]:
    space = action.args[0]
    color = hotel_layouts()[state.players[state.current_index or 0].side].colors[space]
    return _clip(f"{action.text[:1].upper()}{action.text[1:]} ({color}){cost}"), ""


def _split_items_label(state: GameState, action: Action) -> tuple[str, str]:
    """Actions 1 and 2: how many of each item to take ("take 2 strudel 1 cake")."""
    _, first_count, first, second_count, second = action.text.split()
    words = f"Take {first_count} {first}" + (f" and {second_count} {second}" if second_count != "0" else "")
    return _clip(words), ""


def _split_emperor_label(state: GameState, action: Action) -> tuple[str, str]:
    """Action 4: Emperor steps and krones."""
    steps, krones = action.args
    parts = ([f"{count(steps, 'Emperor step')}"] if steps else []) + \
        ([f"{count(krones, 'krone')}"] if krones else [])
    return _clip(f"Take {' and '.join(parts) or 'nothing'}"), ""


def _imitate_label(state: GameState, action: Action) -> tuple[str, str]:
    """Action 6: the action copied."""
    space = action.args[0]
    return _clip(f"Copy action {space} ({ACTION_NAME.get(space, '')})"), ""


def _no_staff_label(state: GameState, action: Action) -> tuple[str, str]:
    return "Play no staff card", ""


def _prepare_label(state: GameState, action: Action) -> tuple[str, str]:
    """Preparing a room: (space, cost in krones)."""
    return _room_label(state, action, f" · {count(action.args[1], 'krone')}" if action.args[1] else " · free")


LABELS: dict[str, Describe] = {
    "guest": _guest_label,
    "die": _die_label,
    "bid": _bid_label,
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
    ("auction", "pass"): _auction_pass_label,
    ("key_action", "action"): _key_action_label,
    ("extra_action", "action"): extra_action_label,
    **{(decision, verb): _as_written for decision in WALTZ_TEXT_KINDS for verb in ("return", "discard")},
    ("choose_entrance", "take"): _entrance_label,
    (SPLIT_DISHES, "take"): _split_items_label,
    (SPLIT_DRINKS, "take"): _split_items_label,
    (SPLIT_EMPEROR, "split"): _split_emperor_label,
    (IMITATE, "imitate"): _imitate_label,
    (PLAY_STAFF, "decline"): _no_staff_label,
    ("couture_item", "put"): _couture_label,
}
"""Labels of an action kind that reads differently in one decision kind, by (decision kind, action kind)."""

def card_named(state: GameState, action: Action) -> int | None:
    """The staff card an action's label names (`LABELS`: playing, keeping, returning one), else None."""
    top = state.pending[-1].kind if state.pending else ""
    label = None if (top, action.kind) in LABELS_IN_DECISION else LABELS.get(action.kind)
    if label in (_staff_label, _play_label):
        return int(action.args[0])
    return int(action.args[-1]) if label is _draft_label else None


AS_WRITTEN = frozenset({"decline", "draw", "end", "ignore", "imitate", "key", "lose_vp", "pass", "retreat",
                        "suffer", "swap", "action", "take"})
"""Action kinds whose engine text is already the right label (capitalised), outside `LABELS_IN_DECISION`."""


def _celebrity_in(state: GameState, slot: int) -> str:
    """The name, VP and effect of the celebrity in lounge slot `slot` (Let's Waltz module 2), for a coloured die's
    description."""
    part = state.waltz.celebrities if state.waltz is not None else None
    lounge, chits = (part.lounge, part.chits) if part is not None else ([], [])
    celebrity = lounge[slot] if 0 <= slot < len(lounge) else None
    if celebrity is None:
        return "no celebrity"
    vp = chits[slot] if slot < len(chits) else 1
    return f"{celebrities()[celebrity].name} ({vp} VP): {celebrities()[celebrity].text}"


STYLES: dict[str, str] = {"end": "primary", "pass": "secondary", "decline": "secondary", "suffer": "secondary",
                          "lose_vp": "secondary", "checkin": "success", "ignore": "success"}
"""The button style of an action kind (any other: "primary")."""


def _style(action: Action) -> str:
    return STYLES.get(action.kind, "primary")


SINGLE_BUTTONS = 3
"""The most buttons a turn panel's action row holds before a group of one choice stays a select (the row keeps
room for the boost switch; Undo, "?" and the other panel buttons go below when they do not fit)."""

BOOST_PAGES = 30
"""The boost switch's pages of the turn panel: page `BOOST_PAGES + n` is page n with the dice boosted (+1
strength, 1 krone), page `2 * BOOST_PAGES + n` page n without (as page n itself, under another custom_id: the
switch must never share one with *More actions*, which leads to pages below `BOOST_PAGES`)."""


def build_panel(state: GameState, actions: list[Action], *, page: int = 0) -> Panel:
    """Lay out `actions` (the legal actions of the player asked) as a panel page.

    Turn decisions are grouped by kind (guests, dice, check-ins, serving, staff) into selects, with pass / end
    turn and the boost switch as buttons; other decisions use buttons when they fit, selects otherwise. Selects
    hold at most 25 options and a page at most 5 rows; `page` picks the page when everything does not fit on one
    (and the boost switch's state: `BOOST_PAGES`). Compound choices (`Panel.plans`) take a die with its first
    follow-up, or serve a guest all that fits, in one click.
    """
    kind = state.pending[-1].kind if state.pending else ""
    paged = PAGED.get(kind)
    special = paged(state, actions, page) if paged is not None else None
    if special is not None:
        return replace(special, decision=kind)
    boost, page = (page // BOOST_PAGES) % 2 == 1, page % BOOST_PAGES
    prompt = prompt_of(state)
    shown = place_items_prompt(state) or prompt  # what received items really fit (issue 52 item 9)
    choices = [Choice(i, *describe(state, a), style=_style(a)) for i, a in enumerate(actions)]
    compounds = _compounds(state, actions, kind)
    plans = {len(actions) + n: steps for n, (_, _, steps) in enumerate(compounds)}
    extra: dict[int, list[tuple[Choice, Action]]] = {}
    for n, (first, choice, _) in enumerate(compounds):
        extra.setdefault(first, []).append((replace(choice, index=len(actions) + n), actions[first]))
    as_buttons = set(indices_of_kind(actions, *BUTTON_KINDS))
    dice = set(indices_of_kind(actions, "die"))
    buttons = [choices[i] for i in sorted(as_buttons)]
    boosts = state.deciding(TURN) and any(actions[i].args[1] for i in dice)
    apart = False  # the boosted dice in a select of their own ("die_boost"), the others in "die"
    if boosts and (sum(len(extra.get(i, ())) or 1 for i in dice) <= MAX_OPTIONS or kind in GROUPED):
        # every die is one click away: with and without the boost in one select where they fit, else in two
        # selects, rather than behind the boost switch (issue 52 item 1)
        apart, boosts = sum(len(extra.get(i, ())) or 1 for i in dice) > MAX_OPTIONS, False
    rest: list[tuple[Choice, Action]] = []
    for choice, action in zip(choices, actions, strict=True):
        if choice.index in as_buttons or (boosts and choice.index in dice and bool(action.args[1]) != boost):
            continue
        folded = extra.get(choice.index, [])
        keep = not folded or choice.index not in dice  # a die shown with its follow-ups is not shown alone
        rest += ([(choice, action)] if keep else []) + folded
    several = several_rows(state, kind, choices, actions, len(actions) + len(plans), describe)
    if several is not None:
        return Panel(shown, several[0], plans={**plans, **several[1]}, decision=kind)
    grouping = GROUPED.get(kind)
    if grouping is None and len(actions) <= MAX_BUTTONS and not plans:
        return Panel(shown, (Row(tuple(c for c in choices)),), decision=kind,
                     details=button_details(state, choices, [card_named(state, a) for a in actions]))
    groups: list[tuple[str, list[Choice]]] = []
    if grouping is not None:
        by_kind: dict[str, list[Choice]] = {}
        for choice, action in rest:
            boosted = apart and action.kind == "die" and bool(action.args[1])
            by_kind.setdefault("die_boost" if boosted else action.kind, []).append(choice)
        groups = [(title, by_kind[group]) for group, title in grouping if by_kind.get(group)]
    elif rest:
        groups.append((prompt.split(":")[0].rstrip("."), [c for c, _ in rest]))
    for title, members in list(groups):  # a single choice is a button, not a menu of one option
        if len(members) == 1 and len(buttons) < SINGLE_BUTTONS:
            groups.remove((title, members))
            buttons.append(replace(members[0], style="primary"))
    per_page = MAX_ROWS - 1
    groups = _merge_small(groups, per_page - 1 if state.deciding(TURN) else per_page)
    selects = several_in_turn(state, actions, _selects(groups))  # keep a row for buttons and page navigation
    pages = max(1, -(-len(selects) // per_page))
    page = min(max(page, 0), pages - 1)
    rows = list(selects[page * per_page:(page + 1) * per_page])
    if boosts:
        buttons.append(Choice(2 * BOOST_PAGES + page if boost else BOOST_PAGES + page,
                              "Boost: on (+1 strength, 1 krone)" if boost else "Boost: off (dice as rolled)",
                              style="success" if boost else "secondary", to_page=True))
    if buttons:
        rows.append(Row(tuple(buttons[:MAX_BUTTONS])))
    return Panel(shown, tuple(rows), page, pages, plans, kind)


FOLDED: frozenset[str] = frozenset({SPLIT_DISHES, SPLIT_DRINKS, SPLIT_EMPEROR, PLAY_STAFF, IMITATE})
"""Decisions that follow taking a die and are offered with the die, one choice per answer ("Strudel or cake,
strength 3: 2 strudel, 1 cake"), so that the die and its first choice take one click."""

FOLD_LIMIT = MAX_OPTIONS
"""The most die choices (with their folded follow-ups) one select shows; beyond it the dice stand alone."""


def _compounds(state: GameState, actions: list[Action], kind: str) -> list[tuple[int, Choice, tuple[str, ...]]]:
    """The panel's compound choices: (index of the first action, the choice (its index set later), the texts of
    the actions it plays in order). Each plan is worked out by playing it on a copy of the state, so every step is
    legal at its turn."""
    found: list[tuple[int, Choice, tuple[str, ...]]] = []
    for compound in (*COMPOUNDS_IN_DECISION.get(kind, ()), *COMPOUNDS):
        found += compound(state, actions)
    return found


def _folded_dice(state: GameState, actions: list[Action]) -> list[tuple[int, Choice, tuple[str, ...]]]:
    player = state.pending[-1].player
    found: list[tuple[int, Choice, tuple[str, ...]]] = []
    shown = {False: 0, True: 0}
    for index in indices_of_kind(actions, "die"):
        action = actions[index]
        after, _ = apply(state, action)
        if not after.deciding(*FOLDED) or after.pending[-1].player != player:
            shown[bool(action.args[1])] += 1
            continue
        die_label, die_description = describe(state, action)
        if die_description.startswith("Action space"):  # nothing more than the label says: say the die's price
            die_description = _clip(f"Takes the die: {die_label}", 100)
        for follow in legal_actions(after):
            label, effect = describe(after, follow)
            words = folded_label(die_label, label, LABEL_LIMIT)  # the description keeps the die's whole label
            found.append((index, Choice(0, _clip(words), effect or die_description, _style(action)),
                          (action.text, follow.text)))
            shown[bool(action.args[1])] += 1
    if max(shown.values()) > FOLD_LIMIT:
        return []
    return found


def _serve_all(state: GameState, actions: list[Action]) -> list[tuple[int, Choice, tuple[str, ...]]]:
    """"Serve <guest> all that fits": the serves to one café guest, as many as fit (the 1 krone pays for up to 3),
    where that takes more than one serve."""
    found: list[tuple[int, Choice, tuple[str, ...]]] = []
    tables: dict[int, int] = {}  # table -> index of the first serve to it
    for index in indices_of_kind(actions, "serve"):
        tables.setdefault(actions[index].args[1], index)
    for table, first in tables.items():
        steps: list[str] = []
        items: list[str] = []
        work = state
        player = state.pending[-1].player
        while len(steps) < 3:
            top = work.pending[-1] if work.pending else None
            if top is None or top.player != player or (steps and not work.deciding(SERVE)):  # one krone's serves
                break
            legal = legal_actions(work)
            serve = next((legal[i] for i in indices_of_kind(legal, "serve") if legal[i].args[1] == table), None)
            if serve is None:
                break
            steps.append(serve.text)
            items.append(ITEMS[serve.args[0]])
            work, _ = apply(work, serve)
        if len(steps) < 2:
            continue
        label = f"Serve {_table_guest(state, table)} all that fits: {', '.join(items)}{_serving_cost(state)}"
        found.append((first, Choice(0, _clip(label), "Serves each of these items in turn", "primary"),
                      tuple(steps)))
    return found


Compound = Callable[[GameState, list[Action]], list[tuple[int, Choice, tuple[str, ...]]]]

def _as_drawn(state: GameState, actions: list[Action]) -> list[tuple[int, Choice, tuple[str, ...]]]:
    """Drawn staff cards back under the deck: the order rarely matters, so one choice puts them all back in the
    order shown (the single cards stay on the panel for a chosen order). Worked out on a copy of the state: the
    engine puts the last card back by itself."""
    bottoms = indices_of_kind(actions, "bottom")
    if len(bottoms) < 2:
        return []
    steps: list[str] = []
    work, player = state, state.pending[-1].player
    while work.deciding(RETURN_CARDS) and work.pending[-1].player == player:
        first = legal_actions(work)[0]
        steps.append(first.text)
        work, _ = apply(work, first)
    names = ", ".join(staff()[actions[i].args[0]].name for i in bottoms)
    return [(bottoms[0], Choice(0, _clip(f"Put them back in this order: {names}"), style="primary"), tuple(steps))]


COMPOUNDS_IN_DECISION: dict[str, tuple[Compound, ...]] = {TURN: (_folded_dice,), RETURN_CARDS: (_as_drawn,)}
"""Compound choices offered only in one decision kind, by decision kind (a die with its first follow-up: only
taking a die from the turn opens such a follow-up; drawn cards back under the deck in the order shown)."""

COMPOUNDS: tuple[Compound, ...] = (_serve_all,)
"""Compound choices offered in any decision whose answers allow them (serving a café guest all that fits)."""


def _opening_bid(state: GameState, actions: list[Action], page: int) -> Panel | None:
    """The entrance auction (Let's Waltz module 3). The opening bid takes two steps: page 0 chooses the entrance
    (the panel tells each one's whole effect, each option its start), page n (1, 2, ...) the amount to bid on the
    n-th entrance, with a way back. Once an entrance is up, the raises name it and the panel tells its effect."""
    data = state.pending[-1].data
    if data.get("lot") is not None:
        lot = data["lot"]
        bid_indices = indices_of_kind(actions, "bid")
        bids = [Choice(i, *describe(state, actions[i])) for i in bid_indices]
        others = [Choice(i, *describe(state, a)) for i, a in enumerate(actions) if i not in bid_indices]
        bid = int(data.get("bid", 0))
        prompt = f"{entrances()[lot].name} is up for auction at {count(bid, 'krone')}. Raise or pass."
        rows = _selects([(f"Raise your bid on {entrances()[lot].name}", bids)])[: MAX_ROWS - 1] if bids else []
        return Panel(prompt, (*rows, Row(tuple(others))) if others else tuple(rows), details=auction_details(state))
    bid_indices = indices_of_kind(actions, "bid")
    offered = list(dict.fromkeys(actions[i].args[0] for i in bid_indices))
    if 1 <= page <= len(offered):
        entrance = offered[page - 1]
        bids = [Choice(i, *describe(state, actions[i])) for i in bid_indices if actions[i].args[0] == entrance]
        name = entrances()[entrance].name
        rows = _selects([(f"Bid on {name}: choose the amount", bids)])[: MAX_ROWS - 1]
        back = Row((Choice(0, "Back to the entrances", to_page=True),), goes_to_page=True)
        return Panel(f"Your opening bid on {name}: how many krones?", (*rows, back), details=auction_details(state))
    options = tuple(Choice(n + 1, _clip(f"Put {entrances()[e].name} up for auction"), entrance_effect(e))
                    for n, e in enumerate(offered[:MAX_OPTIONS]))
    return Panel(f"{prompt_of(state)} Choose the entrance, then your opening bid.",
                 (Row(options, placeholder="Choose the entrance to auction", goes_to_page=True),),
                 details=auction_details(state))


PAGED: dict[str, Callable[[GameState, list[Action], int], Panel | None]] = {
    "auction": _opening_bid,  # Let's Waltz module 3
}
"""Decisions laid out page by page, by decision kind: (state, actions, page) -> the page, or None for the
usual layout."""


def _merge_small(groups: list[tuple[str, list[Choice]]], rows: int) -> list[tuple[str, list[Choice]]]:
    """Merge the two adjacent groups with the fewest options while there are more groups than `rows` and a
    merge still fits one select, so the usual turn fits on one page."""
    groups = list(groups)
    while len(groups) > rows:
        sizes = [(len(groups[i][1]) + len(groups[i + 1][1]), i) for i in range(len(groups) - 1)]
        size, i = min(sizes)
        if size > MAX_OPTIONS:
            break
        (first, a), (second, b) = groups[i], groups[i + 1]
        groups[i:i + 2] = [(f"{first} / {second.lower()}", a + b)]
    return groups


def _selects(groups: list[tuple[str, list[Choice]]]) -> list[Row]:
    """Selects of at most 25 options; a group too big for one select is split into numbered parts."""
    rows = []
    for title, members in groups:
        chunks = [members[i:i + MAX_OPTIONS] for i in range(0, len(members), MAX_OPTIONS)]
        for number, chunk in enumerate(chunks, start=1):
            name = title if len(chunks) == 1 else f"{title} ({number}/{len(chunks)})"
            rows.append(Row(tuple(chunk), placeholder=_clip(name, 150)))
    return rows
