"""One registry of named behaviours: what a data row does, and at which trigger point.

Every behaviour row in `engine/gah/data/*.json` is `{"effect": name, ...parameters}`: a guest's reward, a staff
card's effects, abilities and game-end scoring, an Emperor tile's reward and penalty, a politics card's
condition. `name` is registered here exactly once, at one trigger point, with the handler that trigger
calls (and, registered by `engine.gah.ai.values`, the AI's estimate of what the row is worth):

Trigger points, their handler, and who fires them:

- NOW, `run(ctx, index, row, source)`: `run_row`, when a guest's reward, a staff card's effect or an Emperor
  tile is carried out.
- ON_TAKE_DIE, `run(ctx, index, row, DieTaken)`: taking a die, after paying for it (`engine.gah.decisions.turn`).
- ON_OCCUPY_ROOM, `run(..., RoomOccupied)`: a room turning occupied (`mechanics.occupy_room`, check-in).
- AT_CHECK_IN, `run(..., CheckedIn)`: a guest moving into a room, after its reward (`flow.checkin_triggers`).
- ON_GAIN_VP / ON_GAIN_KRONES, `run(..., Gained)`: `mechanics.gain_vp` / `gain_krones` with a gain.
- ON_ADVANCE_EMPEROR, `run(..., Gained)`: `mechanics.advance_emperor` (Let's Waltz celebrities).
- AFTER_PLAY_STAFF, `run(..., StaffPlayed)`: `mechanics.play_staff`, after queueing the card's own effects.
- AT_EMPEROR_REWARD, `run(..., source)`: an Emperor reward, before the tile's own reward.
- AT_ROUND_END, `run(..., RoundEnded)`: the round's clean-up, for every player.
- AT_ROUND_START, `run(..., RoundEnded)` (the round beginning): after the dice are rolled, for every player.
- AT_EMPEROR_SCORING, `run(..., RoundEnded)`: a player's Emperor scoring, after the track VP.
- Solo opponent's own moves (Let's Waltz module 3 in solo, `engine.gah.solo`): ON_SOLO_DIE (`DieTaken`),
  ON_SOLO_ROOM (`RoomOccupied`, after the queue is refilled), ON_SOLO_OBJECTIVE (None: an objective symbol
  carried out), ON_TOKEN_GUEST (`TokenGuest`: a guest holding a cogwheel token leaves the queue or reaches its
  right end).
- Rival triggers, run for the solo opponent's holdings when the human acts (`fire` passes them on): ON_RIVAL_TAKE_DIE
  (`Rival` around `DieTaken`), ON_RIVAL_OCCUPY_ROOM (`Rival` around `RoomOccupied`), ON_RIVAL_USE_SPACE (`Rival`
  around the space 1-6, also for a space used without taking its die).
- AT_GAME_END, `score(state, index, row, emperor)`: final and projected scoring of game-end staff.
- POLITICS, `holds(state, index, row)`: politics card conditions (claims; the AI's progress).
- Rule queries, `adjust(row, value, context) -> value`, asked through `adjust(player, query, value, context)`:
  DIE_STRENGTH, ROOM_COST, DISPLAY_COST, IMITATION_FEE, SERVING_FEE, ACTION_4_IN_FULL, PENALTY_IGNORABLE; and
  HELD, where a Let's Waltz rule only asks whether the player holds a row of that name (`held_row`).

A player's *active* behaviours are the ability rows of their played staff cards, of the Let's Waltz celebrities
they took this round and of their hotel entrance (`active`, `_holdings`: engine/gah/data/celebrities.json and
entrances.json, whose rows the module's plug-in gives through `engine.gah.hooks.HOLDING_ABILITIES`; their handlers
are in the module's own files, registered as the plug-in loads, `engine.gah.hooks.PLUG_INS`).
Within one trigger, rows run in registration order of their names, then in the order the cards were played.
Dispatch is cheap: the rows of a player's holdings, grouped by trigger, are cached per holdings key, so
a trigger with nothing active costs one dictionary look-up.

Example, the Let's Waltz celebrity Charlie Chaplin, "each time you get at least 1 VP, get 2 more" (written
with this docstring's name; Let's Waltz's handlers module registers it as "bonus_vp_per_vp_gain"). The data row, in
engine/gah/data/celebrities.json::

    {"id": 3, "name": "Charlie Chaplin", "abilities": [{"effect": "vp_bonus_on_vp", "amount": 2}]}

and one handler, registered at the trigger point (`triggers=False` keeps the 2 VP from triggering it again)::

    @behaviour("vp_bonus_on_vp", ON_GAIN_VP)
    def _vp_bonus(ctx: Ctx, index: int, row: Row, event: Gained) -> None:
        if event.amount >= 1:
            gain_vp(ctx, index, row["amount"], "celebrities", triggers=False)

plus its AI estimate in `engine.gah.ai.values` (`@estimate("vp_bonus_on_vp")`). `tests/engine/test_data_schema.py`
fails until all three exist.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.gah import hooks
from engine.gah.cards import Guest, staff

if TYPE_CHECKING:
    from engine.gah.context import Ctx
    from engine.gah.state import GameState, PlayerState

Row = dict[str, Any]
"""One behaviour row: {"effect": name, ...parameters} (card data, read-only)."""

NOW = "now"
ON_TAKE_DIE = "on taking a die"
ON_OCCUPY_ROOM = "on occupying a room"
AT_CHECK_IN = "at check-in"
ON_GAIN_VP = "on gaining VP"
ON_GAIN_KRONES = "on gaining krones"
ON_ADVANCE_EMPEROR = "on advancing on the Emperor track"
AFTER_PLAY_STAFF = "after playing a staff card"
AT_EMPEROR_REWARD = "at an Emperor reward"
AT_ROUND_END = "at round end"
AT_ROUND_START = "at round start"
AT_EMPEROR_SCORING = "at an Emperor scoring"
ON_SOLO_DIE = "on the solo opponent taking a die"
ON_SOLO_ROOM = "on the solo opponent placing a room"
ON_SOLO_OBJECTIVE = "on the solo opponent's objective symbol"
ON_TOKEN_GUEST = "on a cogwheel guest leaving the queue"
ON_RIVAL_TAKE_DIE = "on a rival taking a die"
ON_RIVAL_OCCUPY_ROOM = "on a rival occupying a room"
ON_RIVAL_USE_SPACE = "on a rival using an action space"
RIVAL_GUEST_FEE = "rival's extra guest fee"
RIVAL_SPACE_TOLL = "rival's action space toll"
AT_GAME_END = "at game end"
POLITICS = "politics condition"
DIE_STRENGTH = "die strength"
ROOM_COST = "room cost"
DISPLAY_COST = "display guest cost"
IMITATION_FEE = "action 6 fee"
SERVING_FEE = "serving fee"
ACTION_4_IN_FULL = "action 4 in full"
PENALTY_IGNORABLE = "Emperor penalty ignorable"
HELD = "held ability"

EVENT_TRIGGERS = (ON_TAKE_DIE, ON_OCCUPY_ROOM, AT_CHECK_IN, ON_GAIN_VP, ON_GAIN_KRONES, AFTER_PLAY_STAFF,
                  AT_EMPEROR_REWARD, AT_ROUND_END, ON_ADVANCE_EMPEROR, AT_ROUND_START, AT_EMPEROR_SCORING,
                  ON_SOLO_DIE, ON_SOLO_ROOM, ON_SOLO_OBJECTIVE, ON_TOKEN_GUEST, ON_RIVAL_TAKE_DIE,
                  ON_RIVAL_OCCUPY_ROOM, ON_RIVAL_USE_SPACE)
"""Triggers whose handlers change the state (`run`) when something happens to a player."""
QUERY_TRIGGERS = (DIE_STRENGTH, ROOM_COST, DISPLAY_COST, IMITATION_FEE, SERVING_FEE, ACTION_4_IN_FULL,
                  PENALTY_IGNORABLE, HELD, RIVAL_GUEST_FEE, RIVAL_SPACE_TOLL)
"""Triggers whose handlers change a value a rule asks for (`adjust`)."""
TRIGGERS = (NOW, *EVENT_TRIGGERS, *QUERY_TRIGGERS, AT_GAME_END, POLITICS)
"""Every trigger point."""


# ----- what a trigger passes to its handlers ----------------------------------------------------------------


@dataclass
class DieTaken:
    """ON_TAKE_DIE: the space (1-6) of the die taken; handlers append frames to carry out after the action.

    `follow_ups` holds (kind, player index, data) frames, carried out in the listed order after the action.
    """

    space: int
    follow_ups: list[tuple[str, int, dict[str, Any]]]


@dataclass(frozen=True)
class RoomOccupied:
    """ON_OCCUPY_ROOM: whether a guest moved in (fired after the guest's reward) or a reward occupied the room,
    the space (0-19) occupied, and whether it was the first occupied room of its group in the moment it turned
    (a check-in's event comes after the reward, which may have occupied more rooms of the group since)."""

    by_guest: bool
    space: int = -1
    first_of_group: bool = False


@dataclass(frozen=True)
class CheckedIn:
    """AT_CHECK_IN: the guest who moved into a room."""

    guest: Guest


@dataclass(frozen=True)
class Gained:
    """ON_GAIN_VP / ON_GAIN_KRONES: the amount gained (> 0) and the VP source label (krones: "krones")."""

    amount: int
    source: str


@dataclass(frozen=True)
class StaffPlayed:
    """AFTER_PLAY_STAFF: the staff card id just played and the price paid."""

    card: int
    price: int


@dataclass(frozen=True)
class RoundEnded:
    """AT_ROUND_END: the round (1-7) that just ended (AT_ROUND_START: begins; AT_EMPEROR_SCORING: is scored)."""

    round: int


@dataclass(frozen=True)
class TokenGuest:
    """ON_TOKEN_GUEST: the guest holding a cogwheel token, and `how` it went: "taken" by the solo opponent,
    "rival" (taken by the human, who paid the extra krone), or "shifted" to the right end of the queue."""

    guest: int
    how: str


@dataclass(frozen=True)
class Rival:
    """A rival trigger: the seat of the human who acted, and the event of their own trigger."""

    rival: int
    event: Any


RIVAL_OF: dict[str, str] = {ON_TAKE_DIE: ON_RIVAL_TAKE_DIE, ON_OCCUPY_ROOM: ON_RIVAL_OCCUPY_ROOM}
"""A human's trigger -> the trigger it fires for the solo opponent's holdings (Let's Waltz module 3 in solo)."""


RunHandler = Callable[["Ctx", int, Row, Any], None]
AdjustHandler = Callable[[Row, Any, Any], Any]
ScoreHandler = Callable[["GameState", int, Row, "int | None"], int]
HoldsHandler = Callable[["GameState", int, Row], bool]
ValueHandler = Callable[[Row, Any], float]
"""AI estimate (row, `engine.gah.ai.values.Outlook`) -> VP equivalents; registered by `engine.gah.ai.values`."""


@dataclass
class Behaviour:
    """A named behaviour: its trigger point and handlers (only the one its trigger calls is set, plus `value`)."""

    name: str
    trigger: str
    order: int
    run: RunHandler | None = None
    adjust: AdjustHandler | None = None
    score: ScoreHandler | None = None
    holds: HoldsHandler | None = None
    value: ValueHandler | None = None


CARD, SCORING, CONDITION = "card", "scoring", "condition"
"""Name spaces: a row's place in the data says which one it names. Staff `scoring` rows name AT_GAME_END
behaviours, politics `condition` rows POLITICS ones, and every other row (rewards, effects, abilities, Emperor
tiles) a CARD behaviour, whose own trigger then says when it runs. ("staff_played" is both a politics condition
and a game-end scoring.)"""


def namespace(trigger: str) -> str:
    """The name space of behaviours registered at `trigger`."""
    return SCORING if trigger == AT_GAME_END else CONDITION if trigger == POLITICS else CARD


BEHAVIOURS: dict[tuple[str, str], Behaviour] = {}
"""Every behaviour by (name space, name); the name is the one data rows use."""


def _register(name: str, trigger: str) -> Behaviour:
    if trigger not in TRIGGERS:
        raise ValueError(f"unknown trigger {trigger!r}")
    key = (namespace(trigger), name)
    if key in BEHAVIOURS:
        raise ValueError(f"behaviour {name!r} is registered twice")
    entry = Behaviour(name, trigger, len(BEHAVIOURS))
    BEHAVIOURS[key] = entry
    _active_rows.cache_clear()
    return entry


def behaviour(name: str, trigger: str) -> Callable[[RunHandler], RunHandler]:
    """Register `name` at an event trigger (or NOW) with the decorated `run(ctx, index, row, event)`.

    Raises:
        ValueError: the name is taken, or `trigger` is not an event trigger.
    """
    if trigger not in (NOW, *EVENT_TRIGGERS):
        raise ValueError(f"{trigger!r} is not an event trigger")

    def register(function: RunHandler) -> RunHandler:
        _register(name, trigger).run = function
        return function

    return register


def rule(name: str, trigger: str) -> Callable[[AdjustHandler], AdjustHandler]:
    """Register `name` at a rule query with the decorated `adjust(row, value, context) -> value`.

    Raises:
        ValueError: the name is taken, or `trigger` is not a rule query.
    """
    if trigger not in QUERY_TRIGGERS:
        raise ValueError(f"{trigger!r} is not a rule query")

    def register(function: AdjustHandler) -> AdjustHandler:
        _register(name, trigger).adjust = function
        return function

    return register


def _unchanged(row: Row, value: Any, context: Any) -> Any:
    """A HELD row's answer to a rule query: the value as asked (the rule only asks whether the row is held)."""
    return value


def held(*names: str) -> None:
    """Register `names` at HELD: abilities a Let's Waltz rule only asks whether a player holds (`held_row`).

    Raises:
        ValueError: a name is taken.
    """
    for name in names:
        rule(name, HELD)(_unchanged)


def scoring(name: str) -> Callable[[ScoreHandler], ScoreHandler]:
    """Register a game-end scoring row `name` with the decorated `score(state, index, row, emperor) -> VP`."""

    def register(function: ScoreHandler) -> ScoreHandler:
        _register(name, AT_GAME_END).score = function
        return function

    return register


def condition(name: str) -> Callable[[HoldsHandler], HoldsHandler]:
    """Register a politics condition `name` with the decorated `holds(state, index, row) -> bool`."""

    def register(function: HoldsHandler) -> HoldsHandler:
        _register(name, POLITICS).holds = function
        return function

    return register


def lookup(row: Row, space: str = CARD) -> Behaviour:
    """The behaviour a data row names, in name space `space` (CARD, SCORING or CONDITION).

    Raises:
        KeyError: the row names no registered behaviour (a data error).
    """
    try:
        return BEHAVIOURS[space, row["effect"]]
    except KeyError:
        raise KeyError(f"unknown behaviour {row.get('effect')!r}") from None


# ----- a player's active behaviours ---------------------------------------------------------------------------


def _holdings(played: tuple[int, ...], celebrities: tuple[int, ...] = (), entrance: int | None = None) -> list[Row]:
    """Ability rows of what a player holds: played staff cards, then the Let's Waltz celebrities taken this round,
    then the hotel entrance."""
    table = staff()
    rows = [row for card in played for row in table[card].abilities]
    if celebrities:
        celebrity_rows = hooks.HOLDING_ABILITIES["celebrity"]
        rows += [row for celebrity in celebrities for row in celebrity_rows(celebrity)]
    if entrance is not None:
        rows += list(hooks.HOLDING_ABILITIES["entrance"](entrance))
    return rows


@lru_cache(maxsize=2048)
def _active_rows(played: tuple[int, ...], celebrities: tuple[int, ...] = (),
                 entrance: int | None = None) -> dict[str, tuple[tuple[Behaviour, Row], ...]]:
    grouped: dict[str, list[tuple[Behaviour, Row]]] = {}
    holdings = _holdings(played, celebrities, entrance) if celebrities or entrance is not None else _holdings(played)
    for row in holdings:
        entry = lookup(row)
        grouped.setdefault(entry.trigger, []).append((entry, row))
    return {trigger: tuple(sorted(rows, key=lambda pair: pair[0].order)) for trigger, rows in grouped.items()}


def active(player: PlayerState, trigger: str) -> tuple[tuple[Behaviour, Row], ...]:
    """The player's active (behaviour, row) pairs at `trigger`, in dispatch order."""
    if player.celebrities or player.entrance is not None:
        return _active_rows(tuple(player.played), tuple(player.celebrities), player.entrance).get(trigger, ())
    return _active_rows(tuple(player.played)).get(trigger, ())


def held_row(player: PlayerState, name: str) -> Row | None:
    """The player's active HELD row called `name` (a Let's Waltz ability the rules ask about), or None."""
    return next((row for entry, row in active(player, HELD) if entry.name == name), None)


def fire(ctx: Ctx, index: int, trigger: str, event: Any) -> None:
    """Run the player's active behaviours at an event trigger, in dispatch order; in solo, a human's trigger in
    `RIVAL_OF` then runs the opponent's behaviours at its rival trigger (with `Rival(index, event)`)."""
    player = ctx.state.players[index]
    for entry, row in active(player, trigger):
        assert entry.run is not None
        with ctx.caused(holder_of(player, row)):
            entry.run(ctx, index, row, event)
    solo = ctx.state.solo
    if solo is not None and solo.seat != index and trigger in RIVAL_OF:
        fire(ctx, solo.seat, RIVAL_OF[trigger], Rival(index, event))


def fire_rival(ctx: Ctx, index: int, trigger: str, event: Any) -> None:
    """Solo: run the opponent's behaviours at a rival trigger for what the human at `index` did."""
    solo = ctx.state.solo
    if solo is not None and solo.seat != index:
        fire(ctx, solo.seat, trigger, Rival(index, event))


def rival_adjust(state: GameState, index: int, trigger: str, value: Any, context: Any = None) -> Any:
    """Solo: a rule's value for the human at `index` after the opponent's behaviours at `trigger` changed it (the
    value unchanged in other games, and for the opponent's own seat)."""
    solo = state.solo
    if solo is None or solo.seat == index:
        return value
    return adjust(state.players[solo.seat], trigger, value, context)


def holder_of(player: PlayerState, row: Row) -> str | None:
    """The name of what gives the player the ability `row` (this very row object: a played staff card, a
    celebrity taken this round, the hotel entrance), or None."""
    table = staff()
    for card in player.played:
        if any(held is row for held in table[card].abilities):
            return table[card].name
    for kind, held in (("celebrity", player.celebrities), ("entrance", [player.entrance])):
        rows = hooks.HOLDING_ABILITIES.get(kind)
        for holding in held:
            if rows is not None and holding is not None and any(found is row for found in rows(holding)):
                return hooks.HOLDING_NAMES[kind](holding)
    return None


def adjust(player: PlayerState, trigger: str, value: Any, context: Any = None) -> Any:
    """A rule's value for this player after their active behaviours at the rule query `trigger` changed it."""
    for entry, row in active(player, trigger):
        assert entry.adjust is not None
        value = entry.adjust(row, value, context)
    return value


def run_row(ctx: Ctx, index: int, row: Row, source: str) -> None:
    """Carry out one NOW row (a reward, a staff card's effect, an Emperor tile) for the player at `index`.

    Raises:
        KeyError: the row names an unknown behaviour, or one that is not carried out NOW (a data error).
    """
    entry = lookup(row)
    if entry.run is None or entry.trigger != NOW:
        raise KeyError(f"behaviour {entry.name!r} is not carried out directly")
    with ctx.caused(source):
        entry.run(ctx, index, row, source)


def condition_holds(state: GameState, index: int, row: Row) -> bool:
    """Whether the player meets a politics condition row.

    Raises:
        KeyError: the row names no politics condition.
    """
    entry = lookup(row, CONDITION)
    if entry.holds is None:
        raise KeyError(f"behaviour {entry.name!r} is not a politics condition")
    return entry.holds(state, index, row)
