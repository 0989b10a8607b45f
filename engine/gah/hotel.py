"""Questions about one player's hotel: which spaces can be prepared, what is occupied, which groups are full.

Spaces are indexed i = (floor - 1) * 5 + (column - 1), floor 1 at the bottom (gah-data.md section 4a).
"""

from __future__ import annotations

from engine.gah.behaviours import ROOM_COST, adjust
from engine.gah.cards import COLORS, HotelLayout, hotel_layouts, hotel_rules, neighbours
from engine.gah.state import EMPTY, OCCUPIED, PREPARED, PlayerState


def layout(player: PlayerState) -> HotelLayout:
    """The hotel side this player plays."""
    return hotel_layouts()[player.side]


def floor_of(space: int) -> int:
    """Floor 1-4 of a space index."""
    return space // 5 + 1


def preparable_spaces(player: PlayerState, max_floor: int = 4) -> list[int]:
    """Empty spaces where a room may be prepared: adjacent to a room tile, or the bottom-left space in an empty hotel.

    Source: rulebook 2015, "Preparations" and action 3 (first room bottom-left, later rooms adjacent).
    Rooms always come in the space's colour, so colour never restricts the choice.
    """
    rooms = player.rooms
    if all(state == EMPTY for state in rooms):
        return [0]
    return [
        space
        for space in range(20)
        if rooms[space] == EMPTY
        and floor_of(space) <= max_floor
        and any(rooms[other] != EMPTY for other in neighbours(space))
    ]


def room_cost(player: PlayerState, space: int, discount: int = 0, free: bool = False) -> int:
    """Krones to prepare a room on `space`: the floor cost minus `discount` (not below 0).

    The player's ROOM_COST behaviours may change it: Butler, Chauffeur and Florist (staff 9-11) make rooms of
    their colour free.
    """
    if free:
        return 0
    cost: int = adjust(player, ROOM_COST, max(0, hotel_rules().floor_cost[floor_of(space) - 1] - discount),
                       layout(player).colors[space])
    return cost


def vacant_rooms(player: PlayerState, color: str | None = None) -> list[int]:
    """Prepared, unoccupied rooms (of one colour if `color` is given; "green" means any colour)."""
    colors = layout(player).colors
    return [
        space
        for space in range(20)
        if player.rooms[space] == PREPARED and (color in (None, "green") or colors[space] == color)
    ]


def occupied_rooms(player: PlayerState) -> list[int]:
    """Occupied rooms."""
    return [space for space in range(20) if player.rooms[space] == OCCUPIED]


def room_tiles(player: PlayerState) -> int:
    """Room tiles on the board, prepared or occupied."""
    return sum(1 for state in player.rooms if state != EMPTY)


def occupied_by_color(player: PlayerState) -> dict[str, int]:
    """Occupied rooms per colour."""
    colors = layout(player).colors
    counts = dict.fromkeys(COLORS, 0)
    for space in occupied_rooms(player):
        counts[colors[space]] += 1
    return counts


def full_floors(player: PlayerState) -> int:
    """Floors whose five rooms are all occupied."""
    return sum(1 for floor in range(4) if all(player.rooms[floor * 5 + c] == OCCUPIED for c in range(5)))


def full_columns(player: PlayerState) -> int:
    """Columns whose four rooms are all occupied."""
    return sum(1 for column in range(5) if all(player.rooms[f * 5 + column] == OCCUPIED for f in range(4)))


def full_groups(player: PlayerState) -> int:
    """Groups whose rooms are all occupied."""
    return sum(1 for group in layout(player).groups if all(player.rooms[s] == OCCUPIED for s in group))


def full_colors(player: PlayerState) -> int:
    """Colours of which every room of the hotel is occupied."""
    colors = layout(player).colors
    return sum(
        1 for color in COLORS if all(player.rooms[s] == OCCUPIED for s in range(20) if colors[s] == color)
    )


def first_of_group(player: PlayerState, space: int) -> bool:
    """Whether `space` is the only occupied room of its group (just turned: the first room of the group)."""
    plan = layout(player)
    return sum(1 for s in plan.groups[plan.group_of[space]] if player.rooms[s] == OCCUPIED) == 1


def group_completed_by(player: PlayerState, space: int) -> tuple[str, int] | None:
    """If every room of `space`'s group is occupied, its (colour, size); else None."""
    plan = layout(player)
    group = plan.groups[plan.group_of[space]]
    if all(player.rooms[s] == OCCUPIED for s in group):
        return plan.colors[space], len(group)
    return None


def highest_floor_rooms(spaces: list[int], below_floor: int = 5) -> list[int]:
    """The spaces among `spaces` on the highest floor lower than `below_floor` that has any."""
    candidates = [s for s in spaces if floor_of(s) < below_floor]
    if not candidates:
        return []
    top = max(floor_of(s) for s in candidates)
    return [s for s in candidates if floor_of(s) == top]
