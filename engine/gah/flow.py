"""Automatic steps of the game's flow: rounds, the turn order, passing and rerolls, Emperor scoring, the end.

Each step is a frame kind starting with "auto:"; the engine carries it out by itself when it reaches the top
of the pending stack. Steps push the decisions players must answer, and further steps behind them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import rng
from engine.core.actions import Event
from engine.gah.behaviours import (
    AT_CHECK_IN,
    AT_EMPEROR_REWARD,
    AT_ROUND_END,
    ON_OCCUPY_ROOM,
    PENALTY_IGNORABLE,
    CheckedIn,
    RoomOccupied,
    RoundEnded,
    adjust,
    fire,
    run_row,
)
from engine.gah.cards import (
    DICE_BY_PLAYERS,
    EMPEROR_RETREAT,
    EMPEROR_REWARD_FROM,
    EMPEROR_TRACK_VP,
    TURN_ORDER_TILES,
    emperor_tiles,
    guests,
)
from engine.gah.context import Ctx
from engine.gah.decisions.penalties import CONFERENCE_MANAGER
from engine.gah.hotel import first_of_group
from engine.gah.mechanics import draw_guest, gain_vp, occupancy_bonus, push_effects
from engine.gah.payloads import SECRETARY, ConferenceData
from engine.gah.scoring import final_scores, secretary_choices
from engine.gah.state import Frame, GameState, TurnState

StepFunction = Callable[[Ctx, Frame], None]
STEPS: dict[str, StepFunction] = {}


def step(kind: str) -> Callable[[StepFunction], StepFunction]:
    """Register an automatic step under `kind`."""

    def register(function: StepFunction) -> StepFunction:
        STEPS[kind] = function
        return function

    return register


def assign_tiles(state: GameState) -> None:
    """Give out the turn order tiles: round r's start player is the one after the previous round's (tiles pass left).

    A plug-in may give other tiles and their first seat (`hooks.turn_order_tiles`, e.g. a start player module).
    """
    count = len(state.players)
    first = (state.start_player + max(state.round, 1) - 1) % count
    tiles: tuple[tuple[int, int], ...] = TURN_ORDER_TILES[count]
    other = state.hooks.turn_order_tiles.first(state)
    if other is not None:
        first, tiles = other
    for offset, tile in enumerate(tiles):
        state.players[(first + offset) % count].tile = list(tile)


def turn_order(state: GameState) -> list[int]:
    """Seat indices sorted by the first number on their turn order tile."""
    return sorted(range(len(state.players)), key=lambda i: state.players[i].tile[0])


def owner_of(state: GameState, number: int) -> int:
    """The seat whose turn order tile shows `number`."""
    return next(i for i, p in enumerate(state.players) if number in p.tile)


def roll(ctx: Ctx, count: int) -> None:
    """Roll `count` dice and sort them onto action spaces 1-6: the white ones first, then those a plug-in rolls
    itself (`hooks.dice_held_back`, `hooks.dice_rolled`)."""
    state = ctx.state
    state.dice = [0] * 6
    for _ in range(count - state.hooks.dice_held_back.total(state)):
        state.rng, face = rng.below(state.rng, 6)
        state.dice[face] += 1
    extra = "".join(state.hooks.dice_rolled.collect(ctx))
    ctx.log("roll", None, f"{count} dice are rolled: " + ", ".join(
        f"{n}x{face + 1}" for face, n in enumerate(state.dice) if n) + extra + ".",
        dice=list(state.dice))


# ----- setup and rounds ------------------------------------------------------------------------------


@step("auto:start_round")
def start_round(ctx: Ctx, frame: Frame) -> None:
    """Round start: the start player gathers every die (dustbin too) and rolls them (rulebook, "Course of Play")."""
    state = ctx.state
    state.round += 1
    state.phase = "play"
    assign_tiles(state)
    for player in state.players:
        player.covered, player.dice_taken = [], 0
    state.dustbin = 0
    state.display_taken = False
    state.passed = [False] * len(state.players)
    state.cycle = list(range(1, 2 * len(state.players) + 1))
    state.hooks.round_starting.run(state)
    ctx.log("round", None, f"Round {state.round} begins.", round=state.round)
    roll(ctx, DICE_BY_PLAYERS[len(state.players)])
    state.hooks.round_started.run(ctx)
    ctx.push("auto:next_turn", 0)


@step("auto:next_turn")
def next_turn(ctx: Ctx, frame: Frame) -> None:
    """Start the next turn in tile order; after a pass through the order, reroll for the players who passed.

    Source: rulebook 2015 "Passing"; Yucata: a player who passes skips the rest of that pass, and a player
    whose turn comes when no dice remain takes a turn without a die.
    """
    state = ctx.state
    while state.cycle:
        number = state.cycle.pop(0)
        index = owner_of(state, number)
        if state.passed[index] or number in state.players[index].covered:
            continue
        state.turn = TurnState(index, number, no_dice=sum(state.dice) == 0)
        state.hooks.turn_started.run(state, index)
        ctx.push("auto:next_turn", 0)
        solo_seat = state.solo is not None and state.solo.seat == index
        ctx.push("auto:solo_turn" if solo_seat else "turn", index)  # the solo opponent plays by himself (solo.py)
        ctx.log("turn", index, "It is {name}'s turn.", number=number)
        return
    waiting = [i for i, p in enumerate(state.players) if len(p.covered) < 2]
    remaining = sum(state.dice)
    if waiting and remaining >= 2:
        if state.hooks.last_dice.first(ctx, waiting):  # e.g. only coloured dice are left, and one of them must go
            return
        state.dustbin += 1
        ctx.log("dustbin", None, "One die goes to the dustbin and the rest are rolled again.")
        reroll_rest(ctx, remaining - 1)
        return
    state.dustbin += remaining
    state.dice = [0] * 6
    state.hooks.board_cleared.run(state)
    ctx.push("auto:end_round", 0)


@step("auto:reroll")
def reroll(ctx: Ctx, frame: Frame) -> None:
    """Module 2, after the chosen coloured die went to the dustbin: roll every die left on the board again."""
    reroll_rest(ctx, sum(ctx.state.dice))


def reroll_rest(ctx: Ctx, count: int) -> None:
    """After one die went to the dustbin: roll the `count` dice left again; the players with turns left go on in
    tile order."""
    state = ctx.state
    waiting = [i for i, p in enumerate(state.players) if len(p.covered) < 2]
    state.hooks.board_gathered.run(state)
    roll(ctx, count)
    state.cycle = sorted(n for i in waiting for n in state.players[i].tile if n not in state.players[i].covered)
    state.passed = [False] * len(state.players)
    ctx.push("auto:next_turn", 0)


@step("auto:end_round")
def end_round(ctx: Ctx, frame: Frame) -> None:
    """Round end: Emperor scoring after rounds 3, 5 and 7, then clean-up."""
    state = ctx.state
    state.turn = None
    if state.config.discard_unclaimed_guests and not state.display_taken:
        discard_free_guests(ctx)
    state.hooks.round_ending.run(ctx)  # before the Emperor scoring
    frames: list[tuple[str, int, dict[str, object]]] = []
    if state.round in EMPEROR_RETREAT:
        state.phase = "emperor"
        ctx.log("emperor_scoring", None, f"Emperor scoring after round {state.round}.", round=state.round)
        frames += [("auto:emperor_scoring", i, {}) for i in turn_order(state)]
    frames.append(("auto:round_cleanup", 0, {}))
    ctx.push_all(frames)


def discard_free_guests(ctx: Ctx) -> None:
    """Yucata variant: nobody took a display guest this round, so the two rightmost (free) guests are discarded
    and the display slides right and refills."""
    state = ctx.state
    removed = []
    for _ in range(2):
        guest = state.display.pop()
        if guest is not None:
            state.guest_discard.append(guest)
            removed.append(guest)
        state.display.insert(0, None)
    for position in (1, 0):
        state.display[position] = draw_guest(ctx)
    state.hooks.queue_discarded.run(ctx, removed)
    ctx.log("discard_guests", None, "Nobody took a guest this round: the two free display guests are discarded.")


@step("auto:emperor_scoring")
def emperor_scoring(ctx: Ctx, frame: Frame) -> None:
    """One player's Emperor scoring: VP for the track space, retreat 3/5/7, reward at >= 3 or penalty at 0.

    Source: rulebook 2015 "Emperor Scoring"; the penalty order is the Yucata text's. Gardener (staff 42): +5 VP
    with each reward. Conference Manager (staff 26): 2021 pay 1 krone to ignore the penalty, 2015 free.
    """
    state, index = ctx.state, frame.player
    player = ctx.player(index)
    tile = emperor_tiles()[state.emperor_tiles[(3, 5, 7).index(state.round)]]
    gain_vp(ctx, index, EMPEROR_TRACK_VP[player.emperor], "Emperor scoring")
    player.emperor = max(0, player.emperor - EMPEROR_RETREAT[state.round])
    ctx.log("emperor_retreat", index, f"{{name}} retreats to space {player.emperor}.", emperor=player.emperor)
    state.hooks.emperor_scored.run(ctx, index)
    if state.solo is not None and state.solo.seat == index:  # solo: no reward, no penalty (engine.gah.solo)
        ctx.log("emperor_solo", index, "{name} gets neither reward nor penalty (solo rules).")
        return
    source = f"Emperor tile {tile.id}"
    if player.emperor >= EMPEROR_REWARD_FROM:
        ctx.log("emperor_reward", index, f"{{name}} receives the reward of {source}.", tile=tile.id)
        fire(ctx, index, AT_EMPEROR_REWARD, source)
        push_effects(ctx, index, [tile.reward], source)
    elif player.emperor == 0:
        if adjust(player, PENALTY_IGNORABLE, False):
            if state.config.edition == "2015":
                ctx.log("penalty_ignored", index, "{name}'s Conference Manager keeps the penalty away.",
                        card=CONFERENCE_MANAGER)
                return
            if player.money >= 1:
                ctx.push_payload(ConferenceData(dict(tile.penalty), source), index)
                return
        ctx.log("emperor_penalty", index, f"{{name}} suffers the penalty of {source}.", tile=tile.id)
        push_effects(ctx, index, [tile.penalty], source)


@step("auto:round_cleanup")
def round_cleanup(ctx: Ctx, frame: Frame) -> None:
    """Once-per-round staff are ready again, the VP standings are recorded, and the next round starts."""
    state = ctx.state
    for index in range(len(state.players)):
        fire(ctx, index, AT_ROUND_END, RoundEnded(state.round))
    for player in state.players:
        player.used = []
    state.hooks.round_cleanup.run(ctx)
    state.vp_history.append([p.vp for p in state.players])
    ctx.push("auto:game_end" if state.round == 7 else "auto:start_round", 0)


@step("auto:game_end")
def game_end(ctx: Ctx, frame: Frame) -> None:
    """After the last Emperor scoring: Secretaries choose what to copy, then the final scoring."""
    state = ctx.state
    state.phase = "final"
    frames: list[tuple[str, int, dict[str, object]]] = []
    for index, player in enumerate(state.players):
        if 29 in player.played and secretary_choices(state, index):
            solo_seat = state.solo is not None and state.solo.seat == index  # chooses by himself (engine.gah.solo)
            frames.append(("auto:solo_secretary" if solo_seat else SECRETARY, index, {}))
    frames.append(("auto:finish", 0, {}))
    ctx.push_all(frames)


@step("auto:finish")
def finish(ctx: Ctx, frame: Frame) -> None:
    """The game is over: log the final scores and the winner(s)."""
    state = ctx.state
    state.phase = "over"
    scores = final_scores(state)
    for name, score in scores.items():
        ctx.events.append(Event("final_score", name, f"{name} finishes with {score.total} VP (rank {score.rank}).",
                                {"total": score.total, "rank": score.rank}))
    winners = [name for name, score in scores.items() if score.rank == 1]
    ctx.log("game_over", None, f"The game is over. Winner: {' and '.join(winners)}.", winners=winners)


# ----- steps that carry out effects ----------------------------------------------------------------------


@step("auto:effect")
def effect_step(ctx: Ctx, frame: Frame) -> None:
    """Carry out one effect row (a guest reward, a staff effect, an Emperor tile)."""
    run_row(ctx, frame.player, frame.data["row"], frame.data["source"])


@step("auto:vp")
def vp_step(ctx: Ctx, frame: Frame) -> None:
    """Score VP (a checked-in guest's printed VP)."""
    with ctx.caused(frame.data.get("cause")):
        gain_vp(ctx, frame.player, frame.data["amount"], frame.data["source"])


@step("auto:checkin_triggers")
def checkin_triggers(ctx: Ctx, frame: Frame) -> None:
    """The ON_OCCUPY_ROOM behaviours (Custodian, staff 23), then the AT_CHECK_IN ones: Groom (5), Stableman (6),
    Masseuse (7), Tour Guide (8), Male Floor Housekeeper (33). Source: rulebook 2015 staff list; Yucata order of
    benefits (`engine.gah.abilities` registers them in that order)."""
    index = frame.player
    data: dict[str, Any] = next((f.data for f in reversed(ctx.state.pending) if f.kind == "auto:occupancy"), {})
    space: int = data.get("space", -1)
    # "first": the room was its group's first occupied one at the check-in (frames stored before it: count now)
    first = bool(data.get("first", space >= 0 and first_of_group(ctx.player(index), space)))
    fire(ctx, index, ON_OCCUPY_ROOM, RoomOccupied(True, space, first))
    fire(ctx, index, AT_CHECK_IN, CheckedIn(guests()[frame.data["guest"]]))


@step("auto:occupancy")
def occupancy_step(ctx: Ctx, frame: Frame) -> None:
    """The occupancy bonus of a check-in, after the guest's reward and the staff triggers (Yucata order)."""
    occupancy_bonus(ctx, frame.player, frame.data["space"])
