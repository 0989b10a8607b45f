"""Module 3's steps of a turn and a round, for the hotel entrances that act through them:

- The Kozi Palace: a white die moved from a neighbouring space first ("die 5 from 6"; `engine.gah.waltz.die_actions`
  lists those die actions);
- The Grand Wray Hotel: a retreat on the Emperor track for a tile's reward, once per turn;
- Corogari Zant-Mainz: a bonus by the sum of the round's first two dice (the faces taken are kept);
- Kaufman: a second guest after the turn's display guest, and the pile of guests completed this round, which
  scores 1/3/6/9 VP for 2/3/4/5+ at the round's end.
"""

from __future__ import annotations

from engine.core.actions import Action
from engine.gah.behaviours import held_row
from engine.gah.cards import emperor_tiles
from engine.gah.context import Ctx
from engine.gah.mechanics import gain_vp, push_effects
from engine.gah.state import GameState
from engine.gah.waltz.cards import KAUFMAN_PILE_VP, entrance_named
from engine.gah.waltz.more_objectives.piles import keep_or_discard
from engine.gah.waltz.unique_hotels.payloads import PAID_GUEST
from engine.gah.waltz.unique_hotels.state import UniqueHotelState


def pieces(state: GameState) -> UniqueHotelState:
    """The module's pieces (`WaltzState.unique_hotels`) of a game that plays it."""
    assert state.waltz is not None
    return state.waltz.unique_hotels


def start_round(state: GameState) -> None:
    """A new round: no die taken yet (Corogari Zant-Mainz)."""
    pieces(state).faces = [[] for _ in state.players]


def start_turn(state: GameState, index: int) -> None:
    """A new turn: The Grand Wray Hotel's retreat is ready again."""
    waltz = state.waltz
    assert waltz is not None
    if "wray" in waltz.used[index]:
        waltz.used[index].remove("wray")


def move_die(ctx: Ctx, index: int, space: int, source: int) -> None:
    """The Kozi Palace: a white die moves from `source` onto `space`, turned to the new face."""
    state = ctx.state
    state.dice[source - 1] -= 1
    state.dice[space - 1] += 1
    ctx.log("kozi", index, f"{{name}} moves a die from space {source} to space {space} (The Kozi Palace).",
            source=source, space=space, entrance=entrance_named("The Kozi Palace, Vienna"))


def after_die(ctx: Ctx, index: int, space: int, color: int | None) -> None:
    """A die was taken (after a coloured die's celebrity): its face counts for Corogari Zant-Mainz."""
    pieces(ctx.state).faces[index].append(space)
    second_die_bonus(ctx, index)


def second_guest(ctx: Ctx, index: int) -> None:
    """Kaufman: after the turn's display guest, a second one may be paid for."""
    if held_row(ctx.player(index), "second_guest"):
        ctx.push(PAID_GUEST, index, source="Kaufman")


def complete_guest(ctx: Ctx, index: int, guest: int) -> bool | None:
    """Kaufman: a guest who moved into a room goes to the Kaufman pile (True); None for a player without it."""
    if held_row(ctx.state.players[index], "guest_pile_vp") is None:
        return None
    pieces(ctx.state).kaufman_pile[index].append(guest)
    return True


def retreat_options(state: GameState, index: int) -> list[Action]:
    """The Grand Wray Hotel's retreat for an unclaimed Emperor tile's reward, once per turn."""
    waltz = state.waltz
    assert waltz is not None
    player = state.players[index]
    if not held_row(player, "retreat_for_tile_reward") or "wray" in waltz.used[index]:
        return []
    return [Action("retreat", (steps, tile), f"retreat {steps} for tile {tile}")
            for steps in range(1, min(3, player.emperor) + 1) for tile in waltz.unique_hotels.wray_tiles[index]]


def retreat(ctx: Ctx, index: int, action: Action) -> None:
    """The Grand Wray Hotel: go back on the Emperor track for an Emperor tile's reward, once per turn."""
    waltz = ctx.state.waltz
    assert waltz is not None
    steps, tile = action.args
    waltz.used[index].append("wray")
    waltz.unique_hotels.wray_tiles[index].remove(tile)
    ctx.player(index).emperor -= steps
    ctx.log("wray", index, f"{{name}} goes back {steps} on the Emperor track for the reward of tile {tile} "
            "(The Grand Wray Hotel).", steps=steps, tile=tile, entrance=entrance_named("The Grand Wray Hotel"))
    push_effects(ctx, index, [emperor_tiles()[tile].reward], f"Emperor tile {tile}")


def second_die_bonus(ctx: Ctx, index: int) -> None:
    """Corogari Zant-Mainz: as the second die of the round is taken (before its action), a bonus by the sum of
    both dice; with the skeleton key (module 4) the key counts as a copy of the one die."""
    row = held_row(ctx.player(index), "second_die_bonus")
    if row is None:
        return
    waltz = ctx.state.waltz
    assert waltz is not None
    faces, has_key = waltz.unique_hotels.faces[index], waltz.start_player.key == index
    if len(faces) == 2 and not has_key:
        total = sum(faces)
    elif len(faces) == 1 and has_key:
        total = 2 * faces[0]
    else:
        return
    ctx.log("corogari", index, f"{{name}}'s two dice add up to {total} (Corogari Zant-Mainz).", total=total,
            entrance=entrance_named("Corogari Zant-Mainz"))
    push_effects(ctx, index, list(row["bonus"][str(total)]), "Corogari Zant-Mainz")


def end_round(ctx: Ctx) -> None:
    """Round end, after the celebrity clean-up: the Kaufman players score their pile, then it goes on as any
    completed guest (module 5's objective pile or the discards)."""
    for index, pile in enumerate(pieces(ctx.state).kaufman_pile):
        if not pile:
            continue
        vp = max((v for n, v in KAUFMAN_PILE_VP.items() if len(pile) >= n), default=0)
        ctx.log("kaufman_pile", index, f"{{name}}'s Kaufman pile holds {len(pile)} guests.", count=len(pile))
        with ctx.caused("the Kaufman pile"):
            gain_vp(ctx, index, vp, "hotel entrance")
        for guest in pile:
            keep_or_discard(ctx, index, guest)
        pile.clear()
