"""The Let's Waltz parts of a player's turn, called from `engine.gah.decisions.Turn`:

- module 2: taking a coloured die ("die 3 red": 1 krone per other die on the space, then its celebrity);
- module 3: The Kozi Palace's die moved from a neighbouring space ("die 5 from 6"; white dice only, our
  reading), Kaufman's second guest, The Grand Wray Hotel's retreat for a tile reward (once per turn),
  Albert Einstein's swap (once per round);
- module 4: the skeleton key instead of a die, on your first or second turn and not after passing.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.gah.behaviours import held_row
from engine.gah.cards import emperor_tiles
from engine.gah.context import Ctx
from engine.gah.mechanics import gain_krones, push_effects
from engine.gah.state import GameState, TurnState
from engine.gah.waltz import lounge
from engine.gah.waltz.cards import KEY_COMPENSATION, lounge_colors

NEIGHBOURS = {1: (2,), 2: (1, 3), 3: (2, 4), 4: (3, 5), 5: (4, 6), 6: (5,)}
"""Action spaces next to each other for The Kozi Palace (1 and 6 are not neighbours)."""


def die_options(state: GameState, index: int, fee_of: Callable[[int], int]) -> list[Action]:
    """Every die a player may take (white, coloured, and with The Kozi Palace a die moved in first).

    `fee_of(space)` is the base fee (action 6's krone). A boost costs 1 more; a coloured die 1 per other die.
    """
    money = state.players[index].money
    kozi = held_row(state.players[index], "move_adjacent_die") is not None
    result: list[Action] = []
    for space in range(1, 7):
        moves: list[int | None] = [None]
        if kozi:
            moves += [n for n in NEIGHBOURS[space] if lounge.white_dice(state, n) > 0]
        for source in moves:
            dice = state.dice[space - 1] + (source is not None)
            if dice == 0:
                continue
            whites = lounge.white_dice(state, space) + (source is not None)
            suffix = "" if source is None else f" from {source}"
            extra: tuple[int, ...] = () if source is None else (-1, source)
            base = fee_of(space)
            if whites > 0:
                if money >= base:
                    result.append(Action("die", (space, 0, *extra), f"die {space}{suffix}"))
                if money >= base + 1:
                    result.append(Action("die", (space, 1, *extra), f"die {space}{suffix} boost"))
            for color in lounge.colors_on(state, space):
                cost = base + dice - 1
                name = lounge_colors()[color]
                tail = (color,) if source is None else (color, source)
                if money >= cost:
                    result.append(Action("die", (space, 0, *tail), f"die {space} {name}{suffix}"))
                if money >= cost + 1:
                    result.append(Action("die", (space, 1, *tail), f"die {space} {name}{suffix} boost"))
    return result


def move_die(ctx: Ctx, index: int, space: int, source: int) -> None:
    """The Kozi Palace: a white die moves from `source` onto `space`, turned to the new face."""
    state = ctx.state
    state.dice[source - 1] -= 1
    state.dice[space - 1] += 1
    ctx.log("kozi", index, f"{{name}} moves a die from space {source} to space {space} (The Kozi Palace).",
            source=source, space=space)


def after_die(ctx: Ctx, index: int, space: int, color: int | None) -> None:
    """A die was taken (its count moved, fee and boost paid): the coloured die's fee and celebrity, Corogari."""
    state = ctx.state
    if state.waltz is None:
        return
    if color is not None and color >= 0:
        lounge.take_color(ctx, index, space, color)
    state.waltz.faces[index].append(space)
    second_die_bonus(ctx, index)


def key_option(state: GameState, index: int, turn: TurnState) -> list[Action]:
    """Module 4: "take the skeleton key" while it is on the board, before this turn's die, and not after passing."""
    waltz = state.waltz
    if (waltz is None or not state.config.has("start_player") or waltz.key is not None or turn.die_taken
            or turn.extra or waltz.passed_round[index]):
        return []
    return [Action("key", (), "take the skeleton key")]


def take_key(ctx: Ctx, index: int) -> None:
    """Module 4: take the key (covering this turn's number), pay compensation, then 1 dish or drink and any main
    action at strength 1 (player aid, "Start Player Action")."""
    state = ctx.state
    waltz = state.waltz
    turn = state.turn
    assert waltz is not None and turn is not None
    waltz.key = index
    turn.die_taken = True
    player = ctx.player(index)
    player.covered.append(turn.number)
    ctx.log("key", index, "{name} takes the skeleton key and will start the next round.")
    count = len(state.players)
    ctx.push("key_action", index)
    ctx.push("choose_items", index, count=1, source="the skeleton key")
    for offset, krones in enumerate(KEY_COMPENSATION[count], start=1):
        if krones:
            with ctx.caused(f"compensation for {ctx.name(index)}'s skeleton key"):
                gain_krones(ctx, (index + offset) % count, krones)
    second_die_bonus(ctx, index)


def extra_options(state: GameState, index: int) -> list[Action]:
    """Additional actions of the modules: Grand Wray's retreat (once per turn), Einstein's swap (once per round)."""
    waltz = state.waltz
    if waltz is None:
        return []
    result: list[Action] = []
    player = state.players[index]
    if held_row(player, "retreat_for_tile_reward") and "wray" not in waltz.used[index]:
        for steps in range(1, min(3, player.emperor) + 1):
            for tile in waltz.wray_tiles[index]:
                result.append(Action("retreat", (steps, tile), f"retreat {steps} for tile {tile}"))
    if held_row(player, "swap_kitchen_items") and "einstein" not in waltz.used[index] and sum(player.kitchen):
        result.append(Action("swap", (), "swap kitchen items (Einstein)"))
    return result


def answer_extra(ctx: Ctx, index: int, action: Action) -> None:
    """Carry out an action from `extra_options` (`EXTRA_ANSWERS`, by the action's kind)."""
    EXTRA_ANSWERS[action.kind](ctx, index, action)


def _retreat(ctx: Ctx, index: int, action: Action) -> None:
    """Grand Wray: go back on the Emperor track for an Emperor tile's reward, once per turn."""
    waltz = ctx.state.waltz
    assert waltz is not None
    steps, tile = action.args
    waltz.used[index].append("wray")
    waltz.wray_tiles[index].remove(tile)
    ctx.player(index).emperor -= steps
    ctx.log("wray", index, f"{{name}} goes back {steps} on the Emperor track for the reward of tile {tile} "
            "(The Grand Wray Hotel).", steps=steps, tile=tile)
    push_effects(ctx, index, [emperor_tiles()[tile].reward], f"Emperor tile {tile}")


def _swap(ctx: Ctx, index: int, action: Action) -> None:
    """Albert Einstein: begin swapping kitchen items, once per round."""
    waltz = ctx.state.waltz
    assert waltz is not None
    waltz.used[index].append("einstein")
    ctx.push("swap_items", index, given=[0, 0, 0, 0], left=4, phase="give")


EXTRA_ANSWERS: dict[str, Callable[[Ctx, int, Action], None]] = {"retreat": _retreat, "swap": _swap}
"""How each kind of action from `extra_options` is carried out: (context, seat, action)."""


def order_complete(state: GameState, index: int, order: tuple[int, ...], served: list[int]) -> bool:
    """Sigmund Freud: an order of 2+ items counts as complete with one item missing."""
    if held_row(state.players[index], "order_missing_item") is None or sum(order) < 2:
        return False
    return sum(o - s for o, s in zip(order, served, strict=True)) <= 1






def second_die_bonus(ctx: Ctx, index: int) -> None:
    """Corogari Zant-Mainz: as the second die of the round is taken (before its action), a bonus by the sum of
    both dice; with the skeleton key (module 4) the key counts as a copy of the one die."""
    row = held_row(ctx.player(index), "second_die_bonus")
    waltz = ctx.state.waltz
    if row is None or waltz is None:
        return
    faces, has_key = waltz.faces[index], waltz.key == index
    if len(faces) == 2 and not has_key:
        total = sum(faces)
    elif len(faces) == 1 and has_key:
        total = 2 * faces[0]
    else:
        return
    ctx.log("corogari", index, f"{{name}}'s two dice add up to {total} (Corogari Zant-Mainz).", total=total)
    push_effects(ctx, index, list(row["bonus"][str(total)]), "Corogari Zant-Mainz")
