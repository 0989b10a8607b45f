"""A fixed-length numeric encoding of a game state for one player, read only from what that player may see.

`encode(state, index)` returns `SIZE` floats (a list; `engine.gah.ai.network` turns it into a numpy vector) for the
player at seat `index` (the player to move, when an AI decides). It reads only what
`engine.player_view(state, that player)` shows: the player's own hand and the public board, never another hand,
the order of a deck or the generator. So a state and its view encode the same, and so does any determinized
world of that view (tests/ai/test_value_network.py checks both). The features, in order (`FEATURES` names each
one; counts are divided by the scale in brackets so most values lie in 0-1):

- *the game* (9): the round [7]; main actions left to the player [14]; main actions before the next Emperor
  scoring [6] and how many Emperor scorings are left [3]; whether the game is in setup; whether the player's
  turn is open, and in it whether a guest or a die was already taken; a solo game; the number of seats [4];
- *the hand-built evaluation* (10): `engine.gah.ai.expert.expert_evaluate` [200] and its parts (`EVALUATION_PARTS`:
  projected score [200], krones beyond their VP, café, kitchen correction, rooms, Emperor, played staff, hand,
  politics [20 each]), so the network learns what the hand-built evaluation misses;
- *holdings* (8): krones [20], Emperor track position [13], VP on the track [100], the kitchen's strudel, cake,
  wine and coffee [4], café guests waiting [3];
- *café* (3 x 11, tables sorted by what they still need, empty tables last): a guest sits there; its colour (red,
  blue, yellow, green); what it still needs of each item [3]; all it still needs [6]; its VP [10];
- *rooms* (3 x 6 + 4 + 1): per colour (red, blue, yellow) occupied [8], prepared [4] and empty [8] spaces, full
  groups [3], groups one room from full [3] and groups started but not full [3]; occupied rooms per floor [5];
  spaces where a room can be prepared now [5];
- *staff* (9): cards in hand of each kind (permanent, game end, one time, once per round) [3], cards played of
  each kind [3], once-per-round cards already used this round [2];
- *politics* (3 x 3): per politics card, whether the player claimed it, how many claimed it [3], the player's
  progress toward it (`engine.gah.ai.values.politics_progress`, 0-1);
- *the display* (5 x 7): per position, a guest is there; its colour; all it orders [6]; its VP [10];
- *the dice* (7): dice on action spaces 1-6 [5] and in the dustbin [6];
- *the others* (10): over the other seats (Leopold in a solo game), the best projected score [200] and the
  player's projected score minus it [50]; the largest VP on the track [100], Emperor position [13], krones
  [20], occupied rooms [20], staff played [8], cards in hand [6], café guests [3] and politics cards claimed [3].

In every stage of the game the vector has the same length (`SIZE`); a finished game encodes its final state
(every estimate zero). Nothing here draws randomness or reads a clock.
"""

from __future__ import annotations

from collections import Counter

from engine.gah.ai.evaluate import (
    ENDGAME_ACTIONS,
    _cafe_value,
    _emperor_value,
    _politics_value,
    _rooms_value,
    guests_waiting,
    hand_value,
    projected_total,
)
from engine.gah.ai.expert import table_items
from engine.gah.ai.values import politics_progress, staff_future
from engine.gah.ai.weights import (
    W,
    actions_before_scoring,
    actions_left,
    money_extra,
    my_turn_open,
    remaining_emperor_scorings,
)
from engine.gah.cards import COLORS, guests, politics, staff
from engine.gah.hotel import layout, preparable_spaces
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, GameState, PlayerState

EVALUATION_PARTS: tuple[str, ...] = ("projected", "krones", "cafe", "kitchen", "rooms", "emperor", "played staff",
                                     "hand", "politics")
"""The parts of the hand-built evaluation that the encoding carries (they sum to it, with the café aversion)."""

GUEST_COLORS: tuple[str, ...] = (*COLORS, "green")
STAFF_KINDS: tuple[str, ...] = ("permanent", "game_end", "one_time", "once_per_round")


def _names() -> tuple[str, ...]:
    names = ["round", "actions left", "actions to scoring", "scorings left", "setup", "turn open", "guest taken",
             "die taken", "solo", "seats", "evaluation"]
    names += [f"evaluation {part}" for part in EVALUATION_PARTS]
    names += ["krones", "emperor", "vp", *(f"kitchen {item}" for item in ("strudel", "cake", "wine", "coffee")),
              "cafe guests"]
    for table in range(3):
        names += [f"table {table} {name}" for name in ("guest", *GUEST_COLORS, "strudel", "cake", "wine", "coffee",
                                                        "missing")]
        names.append(f"table {table} vp")
    for color in COLORS:
        names += [f"{color} {name}" for name in ("occupied", "prepared", "empty", "full groups", "groups one short",
                                                 "groups started")]
    names += [f"floor {floor} occupied" for floor in range(1, 5)] + ["preparable"]
    names += [f"{pile} {kind_name}" for pile in ("hand", "played") for kind_name in STAFF_KINDS] + ["used"]
    for slot in "ABC":
        names += [f"politics {slot} claimed", f"politics {slot} claims", f"politics {slot} progress"]
    for position in range(1, 6):
        names += [f"display {position} {name}" for name in ("guest", *GUEST_COLORS, "order", "vp")]
    names += [f"dice {space}" for space in range(1, 7)] + ["dustbin"]
    names += ["others best projected", "margin", "others vp", "others emperor", "others krones", "others occupied",
              "others staff", "others hand", "others cafe", "others politics"]
    return tuple(names)


FEATURES: tuple[str, ...] = _names()
"""The name of each encoded feature, in order."""

SIZE = len(FEATURES)
"""Length of every encoding."""


def evaluation_parts(state: GameState, index: int) -> list[float]:
    """The parts of `engine.gah.ai.expert.expert_evaluate(state, index)` in `EVALUATION_PARTS` order, and last the café
    aversion; with `engine.gah.ai.economy.economy_value` (left out: the network was trained without it) they sum to it
    (VP equivalents)."""
    player = state.players[index]
    aversion = -W.cafe_aversion * guests_waiting(player)
    projected = float(projected_total(state, index))
    if state.phase in ("final", "over"):
        return [projected, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, aversion]
    actions = actions_left(state, index)
    items = None if actions <= ENDGAME_ACTIONS else table_items(len(state.players))
    cafe, kitchen = _cafe_value(state, index, actions, my_turn_open(state, index), items)
    played = sum(W.staff_scale * staff_future(card, state, index, actions) for card in player.played)
    return [projected, money_extra(player.money, actions), cafe, kitchen, _rooms_value(player, actions),
            W.emperor_scale * _emperor_value(state, index), played, hand_value(state, index, actions),
            _politics_value(state, index, actions), aversion]


def encode(state: GameState, index: int) -> list[float]:
    """The `SIZE` features of `state` for the player at seat `index` (see the module docstring).

    Reads only what `player_view(state, that player's name)` shows.

    Raises:
        IndexError: no seat `index`.
    """
    return encode_with_parts(state, index)[0]


def encode_with_parts(state: GameState, index: int) -> tuple[list[float], list[float]]:
    """(`encode(state, index)`, `evaluation_parts(state, index)`): the parts are computed once for both."""
    player = state.players[index]
    parts = evaluation_parts(state, index)
    turn = state.turn
    mine = my_turn_open(state, index)
    before = actions_before_scoring(state, index)
    x: list[float] = [
        state.round / 7, actions_left(state, index) / 14, (before[0] if before else 0) / 6,
        len(remaining_emperor_scorings(state)) / 3, float(state.phase == "setup"), float(mine),
        float(mine and turn is not None and turn.guest_taken), float(mine and turn is not None and turn.die_taken),
        float(state.solo is not None), len(state.players) / 4, sum(parts) / 200, parts[0] / 200,
    ]
    x += [part / 20 for part in parts[1:9]]
    x += [player.money / 20, player.emperor / 13, player.vp / 100, *(n / 4 for n in player.kitchen),
          guests_waiting(player) / 3]
    x += _cafe(player)
    x += _rooms(player)
    x += _staff(player)
    x += _politics(state, index)
    x += _display(state)
    x += [n / 5 for n in state.dice] + [state.dustbin / 6]
    x += _others(state, index, parts[0])
    return x, parts


def _cafe(player: PlayerState) -> list[float]:
    rows: list[tuple[int, list[float]]] = []
    for table in player.cafe:
        if table.guest is None:
            rows.append((99, [0.0] * 11))
            continue
        guest = guests()[table.guest]
        need = [guest.order[i] - table.served[i] for i in range(4)]
        colour = [float(guest.color == c) for c in GUEST_COLORS]
        rows.append((sum(need), [1.0, *colour, *(n / 3 for n in need), sum(need) / 6, guest.vp / 10]))
    rows.sort(key=lambda row: row[0])
    return [value for _, row in rows for value in row]


def _rooms(player: PlayerState) -> list[float]:
    plan = layout(player)
    rooms = player.rooms
    result: list[float] = []
    for color in COLORS:
        spaces = [s for s in range(20) if plan.colors[s] == color]
        groups = [g for g in plan.groups if plan.colors[g[0]] == color]
        full = short = started = 0
        for group in groups:
            done = sum(1 for s in group if rooms[s] == OCCUPIED)
            if done == len(group):
                full += 1
            elif done == len(group) - 1:
                short += 1
            elif any(rooms[s] != EMPTY for s in group):
                started += 1
        states = [rooms[s] for s in spaces]
        result += [states.count(OCCUPIED) / 8, states.count(PREPARED) / 4, states.count(EMPTY) / 8, full / 3,
                   short / 3, started / 3]
    result += [sum(1 for s in range(f * 5, f * 5 + 5) if rooms[s] == OCCUPIED) / 5 for f in range(4)]
    result.append(len(preparable_spaces(player)) / 5)
    return result


def _staff(player: PlayerState) -> list[float]:
    table = staff()
    held = Counter(table[card].kind for card in player.hand if card in table)
    played = Counter(table[card].kind for card in player.played)
    return [*(pile[kind_name] / 3 for pile in (held, played) for kind_name in STAFF_KINDS), len(player.used) / 2]


def _politics(state: GameState, index: int) -> list[float]:
    result: list[float] = []
    for slot in range(3):
        if slot >= len(state.politics):
            result += [0.0, 0.0, 0.0]
            continue
        claims = state.politics_claims[slot]
        progress = politics_progress(state, index, politics()[state.politics[slot]].condition)
        result += [float(index in claims), len(claims) / 3, min(1.0, max(0.0, progress))]
    return result


def _display(state: GameState) -> list[float]:
    result: list[float] = []
    for position in range(5):
        guest_id = state.display[position] if position < len(state.display) else None
        if guest_id is None:
            result += [0.0] * 7
            continue
        guest = guests()[guest_id]
        result += [1.0, *(float(guest.color == c) for c in GUEST_COLORS), guest.order_size / 6, guest.vp / 10]
    return result


def _others(state: GameState, index: int, projected: float) -> list[float]:
    others = [i for i in range(len(state.players)) if i != index]
    if not others:
        return [0.0] * 10
    best = max(projected_total(state, i) for i in others)
    seats = [state.players[i] for i in others]
    claimed = [sum(1 for claims in state.politics_claims if i in claims) for i in others]
    return [best / 200, (projected - best) / 50, max(p.vp for p in seats) / 100, max(p.emperor for p in seats) / 13,
            max(p.money for p in seats) / 20,
            max(sum(1 for r in p.rooms if r == OCCUPIED) for p in seats) / 20,
            max(len(p.played) for p in seats) / 8, max(len(p.hand) for p in seats) / 6,
            max(guests_waiting(p) for p in seats) / 3, max(claimed) / 3]
