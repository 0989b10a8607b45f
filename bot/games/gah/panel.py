"""The turn panel's layout: legal actions grouped into selects and buttons within Discord's limits.

Pure logic (no discord imports): `build_panel` returns a `Panel` description that `bot.host.views` turns into
components. Every component value is the action's index in `legal_actions(state, player)`, which is stable for a
given state version, so a click maps back to exactly one action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.games.gah.panel_details import auction_details, button_details
from bot.games.gah.panel_fold import folded_label
from bot.games.gah.panel_labels import AS_WRITTEN as AS_WRITTEN
from bot.games.gah.panel_labels import LABELS as LABELS
from bot.games.gah.panel_labels import LABELS_IN_DECISION as LABELS_IN_DECISION
from bot.games.gah.panel_labels import WALTZ_TEXT_KINDS as WALTZ_TEXT_KINDS
from bot.games.gah.panel_labels import Describe as Describe
from bot.games.gah.panel_labels import card_named, serving_cost, table_guest
from bot.games.gah.panel_labels import describe as describe  # the panel's words, as other modules import them
from bot.games.gah.panel_several import place_items_prompt, several_in_turn, several_rows
from bot.games.gah.panel_words import ENGLISH, entrance_name, item_name, krones_of, prompt_in, staff_name
from bot.games.gah.waltz.unique_hotels import entrance_effect_in  # the entrance auction's panel (module 3)
from bot.host.panel_types import LABEL_LIMIT as LABEL_LIMIT  # the panel's names, as other modules import them
from bot.host.panel_types import MAX_BUTTONS, MAX_OPTIONS, MAX_ROWS, Choice, Panel, Row, indices_of_kind
from bot.host.panel_types import clip as _clip
from engine.core.actions import Action
from engine.gah import GameState, apply, legal_actions
from engine.gah.payloads import (
    IMITATE,
    PLAY_STAFF,
    RETURN_CARDS,
    SERVE,
    SPLIT_DISHES,
    SPLIT_DRINKS,
    SPLIT_EMPEROR,
    TURN,
)
from render.core.i18n import Translator, translator
from render.core.lang import N_

TURN_GROUPS: tuple[tuple[str, str], ...] = (
    ("guest", N_("Take a guest from the display")),
    ("die", N_("Take a die")),
    ("die_boost", N_("Take a die with the boost (+1 strength, 1 krone)")),
    ("checkin", N_("Check in a guest")),
    ("serve", N_("Serve from the kitchen")),
    ("use", N_("Use a staff card")),
    ("key", N_("Take the skeleton key")),  # Let's Waltz module 4
    ("retreat", N_("Grand Wray: go back for a tile's reward")),
    ("swap", N_("Albert Einstein: swap kitchen items")),
)
BUTTON_KINDS = ("pass", "end", "decline", "ignore", "suffer", "lose_vp")

GROUPED: dict[str, tuple[tuple[str, str], ...]] = {TURN: TURN_GROUPS}
"""Decision kinds whose answers always go into selects by action kind (the turn): (action kind, title) in order;
the titles are said in the clicker's language where the panel is built."""


def prompt_of(state: GameState, language: str = "en") -> str:
    """The question of the pending decision, from its typed payload (`engine.gah.payloads`), in `language`."""
    return prompt_in(state, translator(language))


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


def build_panel(state: GameState, actions: list[Action], *, page: int = 0, language: str = "en") -> Panel:
    """Lay out `actions` (the legal actions of the player asked) as a panel page.

    Turn decisions are grouped by kind (guests, dice, check-ins, serving, staff) into selects, with pass / end
    turn and the boost switch as buttons; other decisions use buttons when they fit, selects otherwise. Selects
    hold at most 25 options and a page at most 5 rows; `page` picks the page when everything does not fit on one
    (and the boost switch's state: `BOOST_PAGES`). Compound choices (`Panel.plans`) take a die with its first
    follow-up, or serve a guest all that fits, in one click. Every word (prompt, labels, descriptions, titles) is
    in `language`, the clicker's; the indices, plans and pages are the same in every language.
    """
    _ = translator(language)
    kind = state.pending[-1].kind if state.pending else ""
    paged = PAGED.get(kind)
    special = paged(state, actions, page, _) if paged is not None else None
    if special is not None:
        return replace(special, decision=kind)
    boost, page = (page // BOOST_PAGES) % 2 == 1, page % BOOST_PAGES
    prompt = prompt_in(state, _)
    shown = place_items_prompt(state, _) or prompt  # what received items really fit (issue 52 item 9)
    choices = [Choice(i, *describe(state, a, _), style=_style(a)) for i, a in enumerate(actions)]
    compounds = _compounds(state, actions, kind, _)
    plans = {len(actions) + n: steps for n, (_first, _choice, steps) in enumerate(compounds)}
    extra: dict[int, list[tuple[Choice, Action]]] = {}
    for n, (first, choice, _steps) in enumerate(compounds):
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
    several = several_rows(state, kind, choices, actions, len(actions) + len(plans), describe, _)
    if several is not None:
        return Panel(shown, several[0], plans={**plans, **several[1]}, decision=kind)
    grouping = GROUPED.get(kind)
    if grouping is None and len(actions) <= MAX_BUTTONS and not plans:
        return Panel(shown, (Row(tuple(c for c in choices)),), decision=kind,
                     details=button_details(state, choices, [card_named(state, a) for a in actions], _))
    groups: list[tuple[str, list[Choice]]] = []
    if grouping is not None:
        by_kind: dict[str, list[Choice]] = {}
        for choice, action in rest:
            boosted = apart and action.kind == "die" and bool(action.args[1])
            by_kind.setdefault("die_boost" if boosted else action.kind, []).append(choice)
        groups = [(_(title), by_kind[group]) for group, title in grouping if by_kind.get(group)]
    elif rest:
        groups.append((prompt.split(":")[0].rstrip("."), [c for c, _action in rest]))
    for title, members in list(groups):  # a single choice is a button, not a menu of one option
        if len(members) == 1 and len(buttons) < SINGLE_BUTTONS:
            groups.remove((title, members))
            buttons.append(replace(members[0], style="primary"))
    per_page = MAX_ROWS - 1
    groups = _merge_small(groups, per_page - 1 if state.deciding(TURN) else per_page, _)
    selects = several_in_turn(state, actions, _selects(groups), _)  # keep a row for buttons and page navigation
    pages = max(1, -(-len(selects) // per_page))
    page = min(max(page, 0), pages - 1)
    rows = list(selects[page * per_page:(page + 1) * per_page])
    if boosts:
        buttons.append(Choice(2 * BOOST_PAGES + page if boost else BOOST_PAGES + page,
                              _("Boost: on (+1 strength, 1 krone)") if boost else _("Boost: off (dice as rolled)"),
                              style="success" if boost else "secondary", to_page=True))
    if buttons:
        rows.append(Row(tuple(buttons[:MAX_BUTTONS])))
    return Panel(shown, tuple(rows), page, pages, plans, kind)


FOLDED: frozenset[str] = frozenset({SPLIT_DISHES, SPLIT_DRINKS, SPLIT_EMPEROR, PLAY_STAFF, IMITATE})
"""Decisions that follow taking a die and are offered with the die, one choice per answer ("Strudel or cake,
strength 3: 2 strudel, 1 cake"), so that the die and its first choice take one click."""

FOLD_LIMIT = MAX_OPTIONS
"""The most die choices (with their folded follow-ups) one select shows; beyond it the dice stand alone."""


def _compounds(state: GameState, actions: list[Action], kind: str,
               _: Translator = ENGLISH) -> list[tuple[int, Choice, tuple[str, ...]]]:
    """The panel's compound choices: (index of the first action, the choice (its index set later), the texts of
    the actions it plays in order). Each plan is worked out by playing it on a copy of the state, so every step is
    legal at its turn."""
    found: list[tuple[int, Choice, tuple[str, ...]]] = []
    for compound in (*COMPOUNDS_IN_DECISION.get(kind, ()), *COMPOUNDS):
        found += compound(state, actions, _)
    return found


def _folded_dice(state: GameState, actions: list[Action],
                 _: Translator = ENGLISH) -> list[tuple[int, Choice, tuple[str, ...]]]:
    player = state.pending[-1].player
    found: list[tuple[int, Choice, tuple[str, ...]]] = []
    shown = {False: 0, True: 0}
    for index in indices_of_kind(actions, "die"):
        action = actions[index]
        after, _events = apply(state, action)
        if not after.deciding(*FOLDED) or after.pending[-1].player != player:
            shown[bool(action.args[1])] += 1
            continue
        die_label, die_description = describe(state, action, _)
        if die_description == _("Action space {space}", space=action.args[0]):  # nothing more than the label says
            die_description = _clip(_("Takes the die: {die}", die=die_label), 100)  # so say the die's price
        for follow in legal_actions(after):
            label, effect = describe(after, follow, _)
            words = folded_label(die_label, label, LABEL_LIMIT, _)  # the description keeps the die's whole label
            found.append((index, Choice(0, _clip(words), effect or die_description, _style(action)),
                          (action.text, follow.text)))
            shown[bool(action.args[1])] += 1
    if max(shown.values()) > FOLD_LIMIT:
        return []
    return found


def _serve_all(state: GameState, actions: list[Action],
               _: Translator = ENGLISH) -> list[tuple[int, Choice, tuple[str, ...]]]:
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
            items.append(item_name(_, serve.args[0]))
            work, _events = apply(work, serve)
        if len(steps) < 2:
            continue
        label = _("Serve {guest} all that fits: {items}{cost}", guest=table_guest(state, table, _),
                  items=", ".join(items), cost=serving_cost(state, _))
        found.append((first, Choice(0, _clip(label), _("Serves each of these items in turn"), "primary"),
                      tuple(steps)))
    return found


Compound = Callable[[GameState, list[Action], Translator], list[tuple[int, Choice, tuple[str, ...]]]]
"""A compound choice's finder: (state, legal actions, the clicker's words) -> the compound choices it offers."""


def _as_drawn(state: GameState, actions: list[Action],
             _: Translator = ENGLISH) -> list[tuple[int, Choice, tuple[str, ...]]]:
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
        work, _events = apply(work, first)
    names = ", ".join(staff_name(_, actions[i].args[0]) for i in bottoms)
    return [(bottoms[0], Choice(0, _clip(_("Put them back in this order: {cards}", cards=names)), style="primary"),
             tuple(steps))]


COMPOUNDS_IN_DECISION: dict[str, tuple[Compound, ...]] = {TURN: (_folded_dice,), RETURN_CARDS: (_as_drawn,)}
"""Compound choices offered only in one decision kind, by decision kind (a die with its first follow-up: only
taking a die from the turn opens such a follow-up; drawn cards back under the deck in the order shown)."""

COMPOUNDS: tuple[Compound, ...] = (_serve_all,)
"""Compound choices offered in any decision whose answers allow them (serving a café guest all that fits)."""


def _opening_bid(state: GameState, actions: list[Action], page: int, _: Translator = ENGLISH) -> Panel | None:
    """The entrance auction (Let's Waltz module 3). The opening bid takes two steps: page 0 chooses the entrance
    (the panel tells each one's whole effect, each option its start), page n (1, 2, ...) the amount to bid on the
    n-th entrance, with a way back. Once an entrance is up, the raises name it and the panel tells its effect."""
    data = state.pending[-1].data
    if data.get("lot") is not None:
        lot = data["lot"]
        bid_indices = indices_of_kind(actions, "bid")
        bids = [Choice(i, *describe(state, actions[i], _)) for i in bid_indices]
        others = [Choice(i, *describe(state, a, _)) for i, a in enumerate(actions) if i not in bid_indices]
        bid = int(data.get("bid", 0))
        name = entrance_name(_, lot)
        prompt = _("{entrance} is up for auction at {krones}. Raise or pass.", entrance=name,
                   krones=krones_of(_, bid))
        rows = _selects([(_("Raise your bid on {entrance}", entrance=name), bids)])[: MAX_ROWS - 1] if bids else []
        return Panel(prompt, (*rows, Row(tuple(others))) if others else tuple(rows),
                     details=auction_details(state, _))
    bid_indices = indices_of_kind(actions, "bid")
    offered = list(dict.fromkeys(actions[i].args[0] for i in bid_indices))
    if 1 <= page <= len(offered):
        entrance = offered[page - 1]
        bids = [Choice(i, *describe(state, actions[i], _)) for i in bid_indices if actions[i].args[0] == entrance]
        name = entrance_name(_, entrance)
        rows = _selects([(_("Bid on {entrance}: choose the amount", entrance=name), bids)])[: MAX_ROWS - 1]
        back = Row((Choice(0, _("Back to the entrances"), to_page=True),), goes_to_page=True)
        return Panel(_("Your opening bid on {entrance}: how many krones?", entrance=name), (*rows, back),
                     details=auction_details(state, _))
    options = tuple(Choice(n + 1, _clip(_("Put {entrance} up for auction", entrance=entrance_name(_, e))),
                           entrance_effect_in(_, e))
                    for n, e in enumerate(offered[:MAX_OPTIONS]))
    return Panel(_("{question} Choose the entrance, then your opening bid.", question=prompt_in(state, _)),
                 (Row(options, placeholder=_("Choose the entrance to auction"), goes_to_page=True),),
                 details=auction_details(state, _))


PAGED: dict[str, Callable[[GameState, list[Action], int, Translator], Panel | None]] = {
    "auction": _opening_bid,  # Let's Waltz module 3
}
"""Decisions laid out page by page, by decision kind: (state, actions, page, the clicker's words) -> the page, or
None for the usual layout."""


def _merge_small(groups: list[tuple[str, list[Choice]]], rows: int,
                 _: Translator = ENGLISH) -> list[tuple[str, list[Choice]]]:
    """Merge the two adjacent groups with the fewest options while there are more groups than `rows` and a
    merge still fits one select, so the usual turn fits on one page."""
    groups = list(groups)
    while len(groups) > rows:
        sizes = [(len(groups[i][1]) + len(groups[i + 1][1]), i) for i in range(len(groups) - 1)]
        size, i = min(sizes)
        if size > MAX_OPTIONS:
            break
        (first, a), (second, b) = groups[i], groups[i + 1]
        second = second.lower() if _.language == ENGLISH.language else second  # German nouns keep their capital
        groups[i:i + 2] = [(f"{first} / {second}", a + b)]
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
