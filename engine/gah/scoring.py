"""Scoring as pure functions of the state: politics conditions, game-end staff, final and projected scores.

Politics conditions and game-end staff rows are behaviours (`engine.gah.behaviours`) registered here: POLITICS
conditions with `@condition`, AT_GAME_END scorings with `@scoring`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.gah.behaviours import BEHAVIOURS, SCORING, Row, condition, condition_holds, held_row, scoring
from engine.gah.cards import EMPEROR_RETREAT, EMPEROR_TRACK_VP, guests, hotel_rules, staff
from engine.gah.hotel import (
    full_colors,
    full_columns,
    full_floors,
    full_groups,
    occupied_by_color,
    occupied_rooms,
    room_tiles,
)
from engine.gah.state import OCCUPIED, GameState, PlayerState

CAFE_PENALTY = 5
"""VP lost per guest still in the café at the end (rulebook 2015, "Game End and Final Scoring")."""


@dataclass(frozen=True)
class ScoreBreakdown:
    """A player's score: `total` and the VP per source (`parts`, which sum to `total`)."""

    total: int
    parts: dict[str, int] = field(default_factory=dict)
    tiebreak: int = 0
    """Krones plus dishes and drinks left in the kitchen: breaks ties (rulebook). Solo games: 1 for Leopold,
    0 for the player, who wins only with strictly more VP."""
    rank: int = 0
    """1 for the winner(s); players tied on total and tiebreak share a rank."""


def politics_condition_met(state: GameState, index: int, condition: dict[str, Any]) -> bool:
    """Whether the player meets a politics card's condition (cards 105-116, gah-data.md section 6).

    Raises:
        KeyError: unknown condition name (a data error).
    """
    return condition_holds(state, index, condition)


# ----- politics conditions (POLITICS behaviours) -------------------------------------------------------------


@condition("krones_at_least")
def _krones_at_least(state: GameState, index: int, row: Row) -> bool:
    return state.players[index].money >= int(row["amount"])


@condition("emperor_at_least")
def _emperor_at_least(state: GameState, index: int, row: Row) -> bool:
    return state.players[index].emperor >= int(row["steps"])


def _counter_condition(name: str, counter: Callable[[PlayerState], int]) -> None:
    """A condition "at least `at_least` of what `counter` counts"."""

    def holds(state: GameState, index: int, row: Row) -> bool:
        return counter(state.players[index]) >= int(row["at_least"])

    condition(name)(holds)


_counter_condition("room_tiles", room_tiles)
_counter_condition("staff_played", lambda player: len(player.played))
_counter_condition("full_floors", full_floors)
_counter_condition("full_groups", full_groups)
_counter_condition("full_color", full_colors)
_counter_condition("full_columns", full_columns)


@condition("guest_vp")
def _guest_vp(state: GameState, index: int, row: Row) -> bool:
    return sum(guests()[g].vp for g in state.players[index].checked_in) >= int(row["at_least"])


@condition("floor_and_column")
def _floor_and_column(state: GameState, index: int, row: Row) -> bool:
    player = state.players[index]
    return full_floors(player) >= 1 and full_columns(player) >= 1


@condition("two_colors")
def _two_colors(state: GameState, index: int, row: Row) -> bool:
    return sum(1 for n in occupied_by_color(state.players[index]).values() if n >= int(row["at_least"])) >= 2


# Let's Waltz module 5 (MrIee objectives 6, 12, 18; gah-data.md section 9f)


@condition("kitchen_each_at_least")
def _kitchen_each(state: GameState, index: int, row: dict[str, Any]) -> bool:
    """Objective 2006: at least 3 strudel, 3 cake, 3 wine and 3 coffee in the kitchen."""
    return all(n >= int(row["amount"]) for n in state.players[index].kitchen)


@condition("occupied_on_floor")
def _occupied_on_floor(state: GameState, index: int, row: dict[str, Any]) -> bool:
    """Objective 2012: at least 3 occupied rooms on the top floor."""
    rooms, floor = state.players[index].rooms, int(row["floor"]) - 1
    return sum(1 for c in range(5) if rooms[floor * 5 + c] == OCCUPIED) >= int(row["at_least"])


@condition("completed_big_orders")
def _completed_big_orders(state: GameState, index: int, row: dict[str, Any]) -> bool:
    """Objective 2018: completed at least 5 guests who each ordered 3 or more items."""
    big = sum(1 for g in state.players[index].checked_in if guests()[g].order_size >= int(row["min_items"]))
    return big >= int(row["at_least"])


@condition("occupied_colors")
def _occupied_colors(state: GameState, index: int, row: Row) -> bool:
    counts = occupied_by_color(state.players[index])
    return all(counts[color] >= int(row[color]) for color in ("red", "blue", "yellow") if color in row)


# ----- game-end staff (AT_GAME_END behaviours) ----------------------------------------------------------------


def staff_points(state: GameState, index: int, row: dict[str, Any], emperor: int | None = None) -> int:
    """VP a game-end scoring row gives the player's own hotel (staff 27-48; Secretary handled by the caller).

    `emperor` overrides the Emperor position (for projections). Operator: 2 VP per space, capped at 12 in 2015.
    A row without a scoring behaviour (the Secretary's `copy_opponent`, an empty row) scores 0.
    """
    entry = BEHAVIOURS.get((SCORING, row.get("effect", "")))
    if entry is None or entry.score is None:
        return 0
    return entry.score(state, index, row, emperor)


def _per(name: str, count: Callable[[GameState, int], int]) -> None:
    """A scoring "`per` VP for each of what `count` counts"."""

    def score(state: GameState, index: int, row: Row, emperor: int | None) -> int:
        return int(row.get("per", 0) * count(state, index))

    scoring(name)(score)


@scoring("occupied_color")
def _occupied_color(state: GameState, index: int, row: Row, emperor: int | None) -> int:
    return int(row.get("per", 0) * occupied_by_color(state.players[index])[row["color"]])


_per("occupied_rooms", lambda state, index: len(occupied_rooms(state.players[index])))
_per("staff_played", lambda state, index: len(state.players[index].played))
_per("room_tiles", lambda state, index: room_tiles(state.players[index]))
_per("full_groups", lambda state, index: full_groups(state.players[index]))
_per("politics_markers", lambda state, index: sum(1 for claims in state.politics_claims if index in claims))


@scoring("emperor_position")
def _emperor_position(state: GameState, index: int, row: Row, emperor: int | None) -> int:
    points = int(row.get("per", 0) * (state.players[index].emperor if emperor is None else emperor))
    return min(points, 12) if state.config.edition == "2015" else points


_per("full_floors", lambda state, index: full_floors(state.players[index]))
_per("full_columns", lambda state, index: full_columns(state.players[index]))
_per("color_sets", lambda state, index: min(occupied_by_color(state.players[index]).values()))


@scoring("copy_opponent")
def _secretary(state: GameState, index: int, row: Row, emperor: int | None) -> int:
    """Secretary (staff 29): scored by `_staff_total` through the copied card; on its own, nothing."""
    return 0


def game_end_staff(state: GameState, index: int) -> list[int]:
    """Ids of the player's played staff cards with a game-end effect."""
    return [card for card in state.players[index].played if staff()[card].kind == "game_end"]


def secretary_choices(state: GameState, index: int) -> list[int]:
    """Opponents' played game-end staff the Secretary (staff 29) may copy (never another Secretary), sorted."""
    found = {
        card
        for other in range(len(state.players))
        if other != index
        for card in game_end_staff(state, other)
        if staff()[card].scoring and staff()[card].scoring["effect"] != "copy_opponent"  # type: ignore[index]
    }
    return sorted(found)


def _staff_total(state: GameState, index: int, emperor: int | None, best_copy: bool) -> int:
    total = 0
    player = state.players[index]
    for card in game_end_staff(state, index):
        row = staff()[card].scoring
        assert row is not None
        if row["effect"] != "copy_opponent":
            total += staff_points(state, index, row, emperor)
            continue
        options = [player.secretary_copy] if player.secretary_copy is not None else []
        if best_copy and not options:
            options = secretary_choices(state, index)
        total += max(
            (staff_points(state, index, staff()[c].scoring or {}, emperor) for c in options), default=0
        )
    return total


def _breakdown(state: GameState, player: PlayerState, index: int, emperor: int | None, projected: bool,
               future_emperor_vp: int = 0) -> dict[str, int]:
    parts = dict(player.vp_sources)
    if projected and future_emperor_vp:
        parts["future Emperor scorings"] = future_emperor_vp
    parts["game-end staff"] = _staff_total(state, index, emperor, best_copy=projected)
    floor_vp = hotel_rules().floor_end_vp
    parts["occupied rooms"] = sum(floor_vp[space // 5] for space in occupied_rooms(player))
    parts["krones"] = player.money
    parts["dishes and drinks"] = sum(player.kitchen)
    parts["café guests"] = -CAFE_PENALTY * sum(1 for table in player.cafe if table.guest is not None)
    if player.entrance is not None and held_row(player, "no_cafe_penalty"):  # the solo Hautel Couture
        parts["café guests"] = 0
    for label, vp in state.hooks.score_parts.collect(state, index):  # the plug-ins' own game-end VP
        parts[label] = vp
    return parts


def _ranked(state: GameState, parts_by_player: list[dict[str, int]]) -> dict[str, ScoreBreakdown]:
    rows = []
    for index, parts in enumerate(parts_by_player):
        player = state.players[index]
        tiebreak = player.money + sum(player.kitchen)
        if state.solo is not None:  # solo: the player wins only with strictly more VP (engine.gah.solo)
            tiebreak = int(index == state.solo.seat)
        rows.append((sum(parts.values()), tiebreak, index, parts))
    result = {}
    for total, tiebreak, index, parts in rows:
        better = sum(1 for other in rows if (other[0], other[1]) > (total, tiebreak))
        result[state.players[index].name] = ScoreBreakdown(total, parts, tiebreak, better + 1)
    return result


def final_scores(state: GameState) -> dict[str, ScoreBreakdown]:
    """Each player's score if the game were scored now, by name (after the game ends: the final result).

    Final scoring (rulebook 2015): game-end staff, occupied rooms 1/2/3/4 VP by floor, 1 VP per krone and per
    kitchen item, -5 VP per café guest. Ties: more krones + kitchen items wins, otherwise shared (equal rank).
    A Secretary with no copy chosen yet scores nothing here.
    """
    return _ranked(
        state, [_breakdown(state, p, i, None, projected=False) for i, p in enumerate(state.players)]
    )


def remaining_scorings(state: GameState) -> list[int]:
    """Rounds whose Emperor scoring has not happened yet."""
    if state.phase in ("final", "over"):
        return []
    done_current = state.phase == "emperor"
    return [r for r in EMPEROR_RETREAT if r > state.round or (r == state.round and not done_current)]


def projected_scores(state: GameState) -> dict[str, ScoreBreakdown]:
    """`final_scores` plus the VP the Emperor track will still bring if no player moves on it again.

    Future Emperor scorings are simulated from the current position (score, then retreat 3/5/7); rewards
    and penalties of future tiles are not counted (as on Yucata). The Secretary counts its best copy.
    """
    rows = []
    for index, player in enumerate(state.players):
        position, future = player.emperor, 0
        for scoring_round in remaining_scorings(state):
            future += EMPEROR_TRACK_VP[position]
            position = max(0, position - EMPEROR_RETREAT[scoring_round])
        rows.append(_breakdown(state, player, index, position, projected=True, future_emperor_vp=future))
    return _ranked(state, rows)
