"""Scoring as pure functions of the state: politics conditions, game-end staff, final and projected scores."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.cards import EMPEROR_RETREAT, EMPEROR_TRACK_VP, guests, hotel_rules, staff
from engine.hotel import (
    full_colors,
    full_columns,
    full_floors,
    full_groups,
    occupied_by_color,
    occupied_rooms,
    room_tiles,
)
from engine.state import OCCUPIED, GameState, PlayerState

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
    player = state.players[index]
    kind = condition["effect"]
    if kind == "krones_at_least":
        return player.money >= int(condition["amount"])
    if kind == "emperor_at_least":
        return player.emperor >= int(condition["steps"])
    counters = {
        "room_tiles": room_tiles, "staff_played": lambda p: len(p.played), "full_floors": full_floors,
        "full_groups": full_groups, "full_color": full_colors, "full_columns": full_columns,
    }
    if kind in counters:
        return counters[kind](player) >= int(condition["at_least"])
    if kind == "guest_vp":
        return sum(guests()[g].vp for g in player.checked_in) >= int(condition["at_least"])
    if kind == "floor_and_column":
        return full_floors(player) >= 1 and full_columns(player) >= 1
    if kind == "two_colors":
        return sum(1 for n in occupied_by_color(player).values() if n >= int(condition["at_least"])) >= 2
    if kind == "occupied_colors":
        counts = occupied_by_color(player)
        return all(counts[color] >= int(condition[color]) for color in ("red", "blue", "yellow") if color in condition)
    # Let's Waltz module 5 (MrIee objectives 6, 12, 18; gah-data.md section 9f)
    if kind == "kitchen_each_at_least":
        return all(n >= int(condition["amount"]) for n in player.kitchen)
    if kind == "occupied_on_floor":
        floor = int(condition["floor"]) - 1
        return sum(1 for c in range(5) if player.rooms[floor * 5 + c] == OCCUPIED) >= int(condition["at_least"])
    if kind == "completed_big_orders":
        big = sum(1 for g in player.checked_in if guests()[g].order_size >= int(condition["min_items"]))
        return big >= int(condition["at_least"])
    raise KeyError(f"unknown politics condition {kind!r}")


def staff_points(state: GameState, index: int, row: dict[str, Any], emperor: int | None = None) -> int:
    """VP a game-end scoring row gives the player's own hotel (staff 27-48; Secretary handled by the caller).

    `emperor` overrides the Emperor position (for projections). Operator: 2 VP per space, capped at 12 in 2015.
    """
    player = state.players[index]
    kind, per = row["effect"], row.get("per", 0)
    if kind == "occupied_color":
        return int(per * occupied_by_color(player)[row["color"]])
    if kind == "occupied_rooms":
        return int(per * len(occupied_rooms(player)))
    if kind == "staff_played":
        return int(per * len(player.played))
    if kind == "room_tiles":
        return int(per * room_tiles(player))
    if kind == "full_groups":
        return int(per * full_groups(player))
    if kind == "politics_markers":
        return int(per * sum(1 for claims in state.politics_claims if index in claims))
    if kind == "emperor_position":
        points = int(per * (player.emperor if emperor is None else emperor))
        return min(points, 12) if state.config.edition == "2015" else points
    if kind == "full_floors":
        return int(per * full_floors(player))
    if kind == "full_columns":
        return int(per * full_columns(player))
    if kind == "color_sets":
        return int(per * min(occupied_by_color(player).values()))
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
    if state.waltz is not None:  # Let's Waltz: Ninas Melange's objectives (module 3)
        from engine.waltz.objectives import final_vp  # it imports this module

        ninas = final_vp(state, index)
        if ninas:
            parts["Ninas Melange"] = ninas
    return parts


def _ranked(state: GameState, parts_by_player: list[dict[str, int]]) -> dict[str, ScoreBreakdown]:
    rows = []
    for index, parts in enumerate(parts_by_player):
        player = state.players[index]
        tiebreak = player.money + sum(player.kitchen)
        if state.solo is not None:  # solo: the player wins only with strictly more VP (engine.solo)
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
