"""One select that answers a step-by-step decision several times (issue 52 items 1 and 9): the rooms to prepare,
the received items to place, the staff cards to return.

Besides the steps legal now, the select offers the steps that become legal after others of the same select (a room
that touches only a room chosen with it: the third free starting room on the ground floor) and a step again as
often as it can be played in a row (a second wine for a guest who ordered two). Such an option's index is past the
legal actions and the compound choices (`Panel.plans` maps it to the one action text it plays); `bot.games.gah.several`
plays the chosen steps in an order that makes each legal. The select takes at most as many steps as can really be
played together, and the title says that number (never "choose up to 2" where one item fits).

Pure logic (no discord imports), worked out on copies of the state with the engine's own `apply`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.games.gah.panel_words import ENGLISH, item_count
from bot.host.panel_types import MAX_BUTTONS, MAX_OPTIONS, Choice, Row, clip
from engine.core.actions import Action
from engine.gah import GameState, apply, legal_actions
from engine.gah.cards import ITEMS
from engine.gah.payloads import PLACE_ITEMS, PREPARE_ROOMS, TURN
from render.core.i18n import Translator
from render.core.lang import N_
from render.core.plural import count


def _left_of(key: str) -> Callable[[dict[str, Any]], int]:
    def left(data: dict[str, Any]) -> int:
        value = data.get(key, 0)
        return len(value) if key == "discounts" else sum(value) if isinstance(value, list) else int(value)
    return left


def _cost(action: Action) -> int:
    """A room's price (its last argument): the cheapest rooms first when counting how many can be prepared."""
    return int(action.args[-1])


def _in_order(action: Action) -> int:
    return 0


@dataclass(frozen=True)
class Several:
    """A decision one select may answer in several steps."""

    step: str
    """The action kind of one step."""
    title: str
    """The select's title; {n} is the most steps it takes."""
    left: Callable[[dict[str, Any]], int]
    """The steps the decision still allows, from its data."""
    exact: bool = False
    """All of them must be chosen at once (a decision with no way to stop: the solo set-up's cards to return)."""
    ahead: bool = False
    """Offer the steps that become legal after other steps, and a step again while it stays legal."""
    cheapest: Callable[[Action], int] = _in_order
    """The order in which steps are tried when counting how many can be played together."""


SEVERAL: dict[str, Several] = {
    PREPARE_ROOMS: Several("room", N_("Prepare rooms: choose up to {n}"), _left_of("discounts"), ahead=True,
                           cheapest=_cost),
    PLACE_ITEMS: Several("put", N_("Place items on guests: choose up to {n}"), _left_of("items"), ahead=True),
    "solo_staff": Several("bottom", N_("Choose the {n} staff cards to return to the deck (you keep the rest)"),
                          _left_of("left"), exact=True),
    "return_hand": Several("return", N_("Choose the {n} staff cards to return to the deck"), _left_of("count"),
                           exact=True),
    "occupy_rooms": Several("occupy", N_("Occupy rooms: choose up to {n}"), _left_of("count")),
}
"""Decisions answered one step at a time that one select may answer in several steps, by decision kind."""


def _same(work: GameState, kind: str, player: int, depth: int) -> bool:
    """True while `work` still asks the same decision of the same player at the same depth."""
    return (len(work.pending) == depth and work.pending[-1].kind == kind and work.pending[-1].player == player
            and not work.is_over)


def _steps(work: GameState, step: str) -> list[Action]:
    return [action for action in legal_actions(work) if action.kind == step]


@dataclass(frozen=True)
class Step:
    """One option of the select: the action, a state in which it is legal (for its label), and which time in a row
    it is played (1: the first)."""

    action: Action
    state: GameState
    time: int = 1


def steps_ahead(state: GameState, step: str, most: int) -> list[Step]:
    """The select's options, the steps legal now first: each step that at most `most` - 1 other steps of the same
    decision make legal (breadth first, one `apply` per step found), each as often in a row as it stays legal."""
    frame, depth = state.pending[-1], len(state.pending)
    found: dict[str, list[Step]] = {}
    queue = [(state, 0)]
    while queue:
        work, done = queue.pop(0)
        for action in _steps(work, step):
            if action.text in found:
                continue
            after, _ = apply(work, action)
            found[action.text] = [Step(action, work)]
            again = after
            while (len(found[action.text]) < most and _same(again, frame.kind, frame.player, depth)
                   and action.text in {a.text for a in _steps(again, step)}):
                found[action.text].append(Step(action, work, len(found[action.text]) + 1))
                again, _ = apply(again, action)
            if done + 1 < most and _same(after, frame.kind, frame.player, depth):
                queue.append((after, done + 1))
    return [one for steps in found.values() for one in steps]


def most_together(state: GameState, several: Several, left: int) -> int:
    """How many steps can really be played one after the other (at most `left`): the cheapest step legal at each
    moment, on a copy of the state."""
    frame, depth = state.pending[-1], len(state.pending)
    work, played = state, 0
    while played < left and _same(work, frame.kind, frame.player, depth):
        steps = _steps(work, several.step)
        if not steps:
            break
        work, _ = apply(work, min(steps, key=several.cheapest))
        played += 1
    return played


ORDINALS = ("", "", "a 2nd", "a 3rd", "a 4th", "a 5th", "a 6th")


def _again(label: str, time: int, _: Translator = ENGLISH) -> str:
    """The label of a step's `time`-th time in a row ("Put a 2nd wine on ..."), the first time as it is."""
    if time < 2:
        return label
    if _.language != ENGLISH.language:  # the ordinal goes after the whole label: no verb to split off
        return _("{choice} (time {time})", choice=label, time=time)
    verb, _space, rest = label.partition(" ")
    return f"{verb} {ORDINALS[min(time, len(ORDINALS) - 1)]} {rest}"


def several_rows(state: GameState, kind: str, choices: list[Choice], actions: list[Action], first_extra: int,
                 describe: Callable[[GameState, Action, Translator], tuple[str, str]], _: Translator = ENGLISH
                 ) -> tuple[tuple[Row, ...], dict[int, tuple[str, ...]]] | None:
    """The rows of a decision that takes several steps at once: one select of up to as many steps as can be played
    together (played by `bot.games.gah.several`), and the other choices (stop, hire) as buttons; with the plans of its
    options that are not legal actions now (indices from `first_extra`). None for any other decision, fewer than 2
    steps possible, or more steps than one select holds. In `_`'s language."""
    several = SEVERAL.get(kind)
    if several is None:
        return None
    of_step = set(i for i, action in enumerate(actions) if action.kind == several.step)
    now = [choice for choice in choices if choice.index in of_step]
    others = [choice for choice in choices if choice.index not in of_step]
    left = several.left(state.pending[-1].data)
    most = min(len(now), left) if not several.ahead else most_together(state, several, left)
    if most < 2 or len(now) > MAX_OPTIONS or len(others) > MAX_BUTTONS:
        return None
    options, plans = list(now), dict[int, tuple[str, ...]]()
    """Each option past the legal actions: the steps it needs first that no other option may bring (at most the
    one step legal now), then the step itself."""
    if several.ahead:
        legal_now = {actions[c.index].text for c in now}
        for one in steps_ahead(state, several.step, most):
            if (one.action.text in legal_now and one.time == 1) or len(options) >= MAX_OPTIONS:
                continue
            label, _description = describe(one.state, one.action, _)
            index = first_extra + len(plans)
            # the one step legal now is the only way in (room 1-1 at the set-up): a step beyond it brings it along
            way_in = (actions[now[0].index].text,) if len(now) == 1 and one.time == 1 else ()
            plans[index] = (*way_in, one.action.text)
            first = now[0].label.split(" (")[0]
            first = first.lower() if _.language == ENGLISH.language else first  # German nouns keep their capital
            why = "" if one.time > 1 else _("With {choice} first", choice=first) if way_in else \
                _("Possible once another choice of this list is made")
            options.append(Choice(index, clip(_again(label, one.time, _)), clip(why, 100)))
    rows = [Row(tuple(options), clip(_(several.title, n=most), 150), most=most,
                least=most if several.exact else 1)]
    if others:
        rows.append(Row(tuple(others)))
    return tuple(rows), plans


def place_items_prompt(state: GameState, _: Translator = ENGLISH) -> str | None:
    """What received items can really go on guests' orders now (issue 52 item 9: never "up to 2" where one
    fits), for the decision placing them; None for any other decision. In `_`'s language."""
    if not state.pending or state.pending[-1].kind != PLACE_ITEMS:
        return None
    items = state.pending[-1].data.get("items", [])
    listed = [count(n, ITEMS[i]) if _.language == ENGLISH.language else item_count(_, i, n)
              for i, n in enumerate(items) if n]
    have = listed[0] if listed else ""
    for more in listed[1:]:
        have = _("{first} and {second}", first=have, second=more)
    fits, received = most_together(state, SEVERAL[PLACE_ITEMS], sum(items)), sum(items)
    if fits == received:
        where = _("it fits a guest's order") if received == 1 else _("all of them fit your guests' orders")
    elif fits == 0:
        where = _("none of them fits a guest's order")
    elif fits == 1:
        where = _("only 1 of them fits a guest's order (choose where)")
    else:
        where = _("{count} of them fit your guests' orders", count=fits)
    return _("You received {items}: {where}; the rest goes to your kitchen.", items=have, where=where)


TOGETHER_IN_TURN: dict[str, str] = {"checkin": N_("Check in guests: choose up to {n} (each guest into one room)")}
"""Answers of the turn that one select may give several of at once, with the select's title: check-ins (issue 52
item 1: a turn that finished two guests checks both in with one click)."""


def several_in_turn(state: GameState, actions: list[Action], rows: list[Row], _: Translator = ENGLISH) -> list[Row]:
    """The turn's selects, a select of one kind of `TOGETHER_IN_TURN` taking as many of its choices at once as
    can be played together (played by `bot.games.gah.several`); `rows` unchanged in any other decision."""
    if not state.pending or not state.deciding(TURN):
        return rows
    changed = []
    for row in rows:
        kinds = {actions[c.index].kind if c.index < len(actions) else "" for c in row.choices}
        title = TOGETHER_IN_TURN.get(next(iter(kinds))) if row.is_select and len(kinds) == 1 else None
        if title is not None and not row.most:
            kind = next(iter(kinds))
            most = most_together(state, Several(kind, title, lambda data: 0), len(row.choices))
            if most >= 2:
                row = replace(row, placeholder=clip(_(title, n=most), 150), most=most)
        changed.append(row)
    return changed

