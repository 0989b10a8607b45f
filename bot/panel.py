"""The turn panel's layout: legal actions grouped into selects and buttons within Discord's limits.

Pure logic (no discord imports): `build_panel` returns a `Panel` description that `bot.views` turns into
components. Every component value is the action's index in `legal_actions(state, player)`, which is stable for a
given state version, so a click maps back to exactly one action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.words import ACTION_NAME
from engine import Action, GameState
from engine.cards import DISPLAY_COSTS, ITEMS, guests, hotel_layouts, staff
from engine.payloads import PAYLOADS, TURN
from engine.waltz.cards import celebrities, entrances
from render.plural import agree, count

MAX_ROWS = 5
MAX_OPTIONS = 25
MAX_BUTTONS = 5
LABEL_LIMIT = 80

TURN_GROUPS: tuple[tuple[str, str], ...] = (
    ("guest", "Take a guest from the display"),
    ("die", "Take a die"),
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
    """The question of the pending decision, from its typed payload (`engine.payloads`)."""
    if not state.pending:
        return "Choose an action."
    top = state.pending[-1]
    kind = PAYLOADS.get(top.kind)
    return kind.of(top).prompt if kind is not None else "Choose an action."


@dataclass(frozen=True)
class Choice:
    """One selectable action: its index in the legal action list, a label and an optional description."""

    index: int
    label: str
    description: str = ""
    style: str = "secondary"


@dataclass(frozen=True)
class Row:
    """One component row: a select (`placeholder` set) or a row of buttons."""

    choices: tuple[Choice, ...]
    placeholder: str | None = None
    most: int = 0
    """For a select that takes several choices at once (applied in order, then the decision is closed): the most
    it takes; 0 for a select of one choice."""
    goes_to_page: bool = False
    """True for a row that moves about the panel instead of acting: its choices' `index` is a page of the panel
    (a select of the cards to place, then the places for the chosen card, in Overbooking)."""

    @property
    def is_select(self) -> bool:
        """True for a select menu row."""
        return self.placeholder is not None


@dataclass(frozen=True)
class Panel:
    """A page of the turn panel: a prompt and at most 5 rows (the last page may add navigation)."""

    prompt: str
    rows: tuple[Row, ...] = field(default_factory=tuple)
    page: int = 0
    pages: int = 1


def _clip(text: str, limit: int = LABEL_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


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


def _split_label(state: GameState, action: Action) -> tuple[str, str]:
    """Action 4's split of its strength: "2 Emperor steps and 1 krone"."""
    steps, krones = action.args[0], action.args[1]
    parts = [count(steps, "Emperor step")] * bool(steps) + [count(krones, "krone")] * bool(krones)
    return _clip(" and ".join(parts) or "Nothing"), ""


def _guest_label(state: GameState, action: Action) -> tuple[str, str]:
    args = action.args
    guest = guests()[state.display[args[0]]]
    order = ", ".join(f"{n} {ITEMS[i]}" for i, n in enumerate(guest.order) if n)
    cost = args[1] if len(args) > 1 else DISPLAY_COSTS[args[0]]
    price = "free" if cost == 0 else count(cost, "krone")
    return _clip(f"{guest.name} ({guest.color}, {guest.vp} VP) · {price}"), _clip(f"Orders {order}", 100)


def _die_label(state: GameState, action: Action) -> tuple[str, str]:
    args = action.args
    space, boost = args[0], args[1]
    moved = len(args) > 3  # The Kozi Palace moves a die in first (Let's Waltz)
    strength = state.dice[space - 1] + boost + moved
    extra = " + boost (1 krone)" if boost else ""
    fee = " · costs 1 krone" if space == 6 else ""
    description = ""
    if len(args) > 2 and args[2] >= 0:  # a coloured die (Let's Waltz): 1 krone per other die
        colour, price = action.text.split()[2], state.dice[space - 1] + moved - 1
        fee += f" · {colour} die, {count(price, 'krone')}"
        description = f"takes the celebrity {_celebrity_in(state, args[2])}"
    if moved:
        extra += f" (die moved from {args[3]})"
    label = _clip(f"{ACTION_NAME[space]} - strength {strength}{extra}{fee}")
    return label, _clip(description or f"Action space {space}", 100)


def _bid_label(state: GameState, action: Action) -> tuple[str, str]:
    """A bid in the hotel entrance auction (Let's Waltz module 3): (entrance, krones)."""
    amount = action.args[-1]
    entrance = action.text.partition(" on ")[2]
    return _clip(f"Bid {count(amount, 'krone')} on {entrance}"), "the highest bid wins the entrance"


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
    return _clip(f"{card.name}{price}"), _clip(f"{kind_name}, printed cost {card.cost_in(state.config.edition)}")


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
    return _clip(f"{verb} {ITEMS[item]} on {_table_guest(state, table)} (table {table + 1})"), ""


SERVE_VERBS: dict[str, str] = {"serve": "Serve", "put": "Put"}


def _room_label(state: GameState, action: Action, cost: str = "") -> tuple[str, str]:
    space = action.args[0]
    color = hotel_layouts()[state.players[state.current_index or 0].side].colors[space]
    return _clip(f"{action.text} ({color}){cost}"), ""


def _prepare_label(state: GameState, action: Action) -> tuple[str, str]:
    """Preparing a room: (space, cost in krones)."""
    return _room_label(state, action, f" · {count(action.args[1], 'krone')}")


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
    "split": _split_label,
}
"""The panel label of each action kind with its own words (any other action shows the engine's text)."""

LABELS_IN_DECISION: dict[tuple[str, str], Describe] = {
    ("auction", "pass"): _auction_pass_label,
    ("key_action", "action"): _key_action_label,
    **{(decision, verb): _as_written for decision in WALTZ_TEXT_KINDS for verb in ("return", "discard")},
    ("choose_entrance", "take"): _entrance_label,
    ("couture_item", "put"): _couture_label,
}
"""Labels of an action kind that reads differently in one decision kind, by (decision kind, action kind)."""

AS_WRITTEN = frozenset({"decline", "draw", "end", "ignore", "imitate", "key", "lose_vp", "pass", "retreat",
                        "suffer", "swap", "action", "take"})
"""Action kinds whose engine text is already the right label (capitalised), outside `LABELS_IN_DECISION`."""


def _celebrity_in(state: GameState, slot: int) -> str:
    """The name and VP of the celebrity in lounge slot `slot` (Let's Waltz module 2), for a coloured die's label."""
    lounge, chits = (state.waltz.lounge, state.waltz.chits) if state.waltz is not None else ([], [])
    celebrity = lounge[slot] if 0 <= slot < len(lounge) else None
    if celebrity is None:
        return "no celebrity"
    vp = chits[slot] if slot < len(chits) else 1
    return f"{celebrities()[celebrity].name} ({vp} VP)"


STYLES: dict[str, str] = {"end": "primary", "pass": "secondary", "decline": "secondary", "suffer": "secondary",
                          "lose_vp": "secondary", "checkin": "success", "ignore": "success"}
"""The button style of an action kind (any other: "primary")."""


def _style(action: Action) -> str:
    return STYLES.get(action.kind, "primary")


def build_panel(state: GameState, actions: list[Action], *, page: int = 0) -> Panel:
    """Lay out `actions` (the legal actions of the player asked) as a panel page.

    Turn decisions are grouped by kind (guests, dice, check-ins, serving, staff) into selects, with pass / end
    turn as buttons; other decisions use buttons when they fit, selects otherwise. Selects hold at most 25
    options and a page at most 5 rows; `page` picks the page when everything does not fit on one.
    """
    kind = state.pending[-1].kind if state.pending else ""
    prompt = prompt_of(state)
    choices = [Choice(i, *describe(state, a), style=_style(a)) for i, a in enumerate(actions)]
    buttons: list[Choice] = []
    rest: list[tuple[Choice, Action]] = []
    for choice, action in zip(choices, actions, strict=True):
        if action.kind in BUTTON_KINDS:
            buttons.append(choice)
        else:
            rest.append((choice, action))
    several = _several(state, kind, choices, actions)
    if several is not None:
        return Panel(prompt, several)
    grouping = GROUPED.get(kind)
    if grouping is None and len(actions) <= MAX_BUTTONS:
        return Panel(prompt, (Row(tuple(c for c in choices)),))
    groups: list[tuple[str, list[Choice]]] = []
    if grouping is not None:
        by_kind: dict[str, list[Choice]] = {}
        for choice, action in rest:
            by_kind.setdefault(action.kind, []).append(choice)
        groups = [(title, by_kind[group]) for group, title in grouping if by_kind.get(group)]
    elif rest:
        groups.append((prompt.split(":")[0].rstrip("."), [c for c, _ in rest]))
    per_page = MAX_ROWS - 1
    groups = _merge_small(groups, per_page)
    selects = _selects(groups)  # keep a row for buttons and page navigation
    pages = max(1, -(-len(selects) // per_page))
    page = min(max(page, 0), pages - 1)
    rows = list(selects[page * per_page:(page + 1) * per_page])
    if buttons:
        rows.append(Row(tuple(buttons[:MAX_BUTTONS])))
    return Panel(prompt, tuple(rows), page, pages)


def _rooms_left(data: dict[str, Any]) -> int:
    return len(data.get("discounts", ()))


def _items_left(data: dict[str, Any]) -> int:
    return sum(data.get("items", ()))


SEVERAL: dict[str, tuple[str, str, Callable[[dict[str, Any]], int]]] = {
    "prepare_rooms": ("room", "Prepare rooms: choose up to {n}", _rooms_left),
    "place_items": ("put", "Place items: choose up to {n}", _items_left),
}
"""Decisions answered one step at a time that one select may answer in several steps: (the action kind of a step,
the select's title, how many steps the frame's data still allows)."""


def _several(state: GameState, kind: str, choices: list[Choice], actions: list[Action]) -> tuple[Row, ...] | None:
    """The rows of a decision that takes several steps at once (preparing rooms, placing received items): one
    select of up to as many steps as remain (played in order by `bot.several`), and the other choices (stop,
    hire) as buttons. None for any other decision, a single step, or more steps than one select holds."""
    several = SEVERAL.get(kind)
    if several is None:
        return None
    step, title, left = several
    steps: list[Choice] = []
    others: list[Choice] = []
    for choice, action in zip(choices, actions, strict=True):
        (steps if action.kind == step else others).append(choice)
    remaining = left(state.pending[-1].data)
    most = min(len(steps), remaining)
    if most < 2 or len(steps) > MAX_OPTIONS or len(others) > MAX_BUTTONS:
        return None
    rows = [Row(tuple(steps), _clip(title.format(n=most), 150), most=most)]
    if others:
        rows.append(Row(tuple(others)))
    return tuple(rows)


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
