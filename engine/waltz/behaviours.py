"""What celebrities (module 2) and hotel entrances (module 3) do: behaviour rows plus handlers at trigger points.

A celebrity's rows (engine/data/celebrities.json) are active for the player who took it until the celebrity
clean-up at the round end; an entrance's ongoing rows (engine/data/entrances.json) for its owner all game. The
solo opponent ignores celebrity effects (she gains by die colour instead, `engine.solo`).

Each row names a behaviour registered here once, at one trigger point, with the handler that trigger calls:
the event triggers below (`fire`, called from `engine.mechanics` and `engine.decisions`) and rule queries that
the rules ask directly (`row_of`: rooms_free, order_missing_item, cafe_tables, second_guest,
own_occupancy_bonus, move_adjacent_die, swap_kitchen_items, retreat_for_tile_reward, personal_objectives,
guest_pile_vp). The trigger names match the single card-behaviour registry of issue 13 (`engine.behaviours`
on the engine13 branch), so these handlers move there as they are.

Example, Charlie Chaplin ("each time you get at least 1 VP, you get 2 more; not from itself"): the data row
`{"effect": "bonus_vp_per_vp_gain", "amount": 2}` and::

    @behaviour("bonus_vp_per_vp_gain", ON_GAIN_VP)
    def _chaplin(ctx, index, row, event):
        if event.amount >= 1:
            gain_vp(ctx, index, row["amount"], "celebrities", triggers=False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.context import Ctx
from engine.state import GameState
from engine.waltz.cards import celebrities, entrances

Row = dict[str, Any]

ON_GAIN_VP = "on gaining VP"
ON_GAIN_KRONES = "on gaining krones"
ON_ADVANCE_EMPEROR = "on advancing on the Emperor track"
ON_OCCUPY_ROOM = "on occupying a room"
AFTER_PLAY_STAFF = "after playing a staff card"
ON_TAKE_DIE = "on taking a die"
QUERY = "rule query"
TRIGGERS = (ON_GAIN_VP, ON_GAIN_KRONES, ON_ADVANCE_EMPEROR, ON_OCCUPY_ROOM, AFTER_PLAY_STAFF, ON_TAKE_DIE, QUERY)


@dataclass(frozen=True)
class Gained:
    """ON_GAIN_VP / ON_GAIN_KRONES / ON_ADVANCE_EMPEROR: how much (> 0) and the source label."""

    amount: int
    source: str


@dataclass(frozen=True)
class Occupied:
    """ON_OCCUPY_ROOM: the space (0-19) just occupied."""

    space: int


@dataclass(frozen=True)
class StaffPlayed:
    """AFTER_PLAY_STAFF: the staff card id just played."""

    card: int


@dataclass(frozen=True)
class DieTaken:
    """ON_TAKE_DIE: the face (1-6) of the die taken, or 0 for the skeleton key."""

    face: int


Handler = Callable[[Ctx, int, Row, Any], None]
BEHAVIOURS: dict[str, tuple[str, Handler | None]] = {}
"""Behaviour name -> (trigger, handler); rule queries have no handler (the rule reads the row)."""


def behaviour(name: str, trigger: str) -> Callable[[Handler], Handler]:
    """Register `name` at an event trigger with the decorated handler `run(ctx, index, row, event)`.

    Raises:
        ValueError: the name is taken or the trigger unknown.
    """
    if trigger not in TRIGGERS or name in BEHAVIOURS:
        raise ValueError(f"cannot register {name!r} at {trigger!r}")

    def register(function: Handler) -> Handler:
        BEHAVIOURS[name] = (trigger, function)
        return function

    return register


def query(*names: str) -> None:
    """Register behaviour names the rules ask about directly (`row_of`)."""
    for name in names:
        if name in BEHAVIOURS:
            raise ValueError(f"behaviour {name!r} is registered twice")
        BEHAVIOURS[name] = (QUERY, None)


query("rooms_free", "order_missing_item", "cafe_tables", "second_guest", "own_occupancy_bonus", "move_adjacent_die",
      "swap_kitchen_items", "retreat_for_tile_reward", "personal_objectives", "guest_pile_vp")


def holdings(state: GameState, index: int) -> list[Row]:
    """The behaviour rows active for seat `index`: celebrities taken this round, then the hotel entrance."""
    waltz = state.waltz
    if waltz is None or (state.solo is not None and state.solo.seat == index):
        return []
    player = state.players[index]
    rows = [row for c in player.celebrities for row in celebrities()[c].abilities]
    entrance = player.entrance
    if entrance is not None:
        rows.extend(entrances()[entrance].abilities)
    return rows


def row_of(state: GameState, index: int, name: str) -> Row | None:
    """The first active row called `name` for seat `index`, or None."""
    return next((row for row in holdings(state, index) if row["effect"] == name), None)


def fire(ctx: Ctx, index: int, trigger: str, event: Any) -> None:
    """Run the seat's active behaviours at `trigger`, in holding order (celebrities, then the entrance)."""
    if ctx.state.waltz is None:
        return
    for row in holdings(ctx.state, index):
        entry_trigger, handler = BEHAVIOURS[row["effect"]]
        if entry_trigger == trigger and handler is not None:
            handler(ctx, index, row, event)
