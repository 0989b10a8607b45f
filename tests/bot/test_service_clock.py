"""The turn clock and away mode through the service (issue 53 items 2 and 6), on both backends: the clock's timer is
set for the person on turn at the last move plus the hours; a timed-out turn is played by the clock's AI only up to
the next seat (a staff draft: one pick), and only once; the owner's move clears the count; a solo game's clock
runs for its lone player; an away member's turn is due at once and counts no timed-out turn; the away time ends
when the days pass or at the member's move."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.host.service import GameService
from bot.host.service.clock_timer import CLOCK, strikes
from bot.host.storage import Storage, Timer
from engine import legal_actions
from tests.bot.helpers import BOB, HOST, FakeClock, started

DAY = 24 * 3600.0


async def clock_timer(service: GameService, game_id: int) -> Timer | None:
    return next((t for t in await service.timers() if t.game_id == game_id and t.kind == CLOCK), None)


SEEDS = range(1, 41)
"""The games the timed-out turn is checked in (one service for all: a backend's set-up costs more than a game)."""


async def test_a_timed_out_turn_is_played_up_to_the_next_seat_once(service: GameService, clock: FakeClock) -> None:
    for seed in SEEDS:
        await _timed_out_turn_once(service, clock, seed)


async def _timed_out_turn_once(service: GameService, clock: FakeClock, seed: int) -> None:
    game = (await started(service, channel=500 + seed, seed=seed, clock_hours=24, clock_level="random")).game
    timer = await clock_timer(service, game.id)
    assert timer is not None and timer.user_id == game.current_user and timer.due_at == game.updated_at + DAY
    assert game.state is not None
    seat = game.state.current_index
    clock.advance(DAY)
    turn = await service.play_timed_out_turn(timer)
    assert turn is not None and not turn.handed_over and turn.away_until is None, seed
    moves = turn.result.moves
    assert moves and {m.seat for m in moves} == {seat} and {m.actor for m in moves} == {"ai:random"}, seed
    after = turn.result.game
    assert after.state is not None and (after.state.current_index != seat or after.state.is_over), seed
    assert await service.play_timed_out_turn(timer) is None, "the same timer plays nothing twice"
    assert (await service.game(game.id)).version == after.version
    assert strikes(after.options) == {str(seat): 1}, seed
    # the owner's own move clears the count
    owner = after.seats[after.state.current_index or 0]
    assert owner.user_id is not None
    action = legal_actions(after.state, owner.name)[0].text
    moved = (await service.act(game.id, owner.user_id, action, after.version)).game
    assert strikes(moved.options).get(str(owner.position), 0) == 0, seed
    await service.cancel(game.id, HOST)  # within the open-game limit of one member


async def test_a_draft_pick_times_out_alone(service: GameService, clock: FakeClock) -> None:
    game = (await started(service, staff_start="draft", clock_hours=12)).game
    assert game.state is not None and game.state.waiting == ["Ann", "Bob"]
    timer = await clock_timer(service, game.id)
    assert timer is not None and timer.user_id == HOST
    clock.advance(12 * 3600)
    turn = await service.play_timed_out_turn(timer)
    assert turn is not None and len(turn.result.moves) == 1 and turn.result.moves[0].action.startswith("draft ")
    state = turn.result.game.state
    assert state is not None and state.waiting == ["Bob"], "only Ann's pick was played"
    assert turn.level == "greedy", "no level chosen: the game's leave_ai_level"
    nxt = await clock_timer(service, game.id)
    assert nxt is not None and nxt.user_id == BOB


async def test_a_solo_game_has_a_clock_for_its_player(service: GameService) -> None:
    game = (await started(service, humans=1, clock_hours=48)).game
    timer = await clock_timer(service, game.id)
    assert timer is not None and timer.user_id == HOST and timer.due_at == game.updated_at + 48 * 3600


async def test_an_away_members_turn_is_due_at_once_and_counts_no_timeout(service: GameService,
                                                                         clock: FakeClock) -> None:
    game = (await started(service, clock_hours=24)).game
    on_turn = game.current_user
    assert on_turn is not None
    assert await service.set_away(on_turn, clock.now + 3 * DAY) == 1
    timer = await clock_timer(service, game.id)
    assert timer is not None and timer.due_at == clock.now
    turn = await service.play_timed_out_turn(timer)
    assert turn is not None and turn.away_until == clock.now + 3 * DAY and not strikes(turn.result.game.options)
    # the days pass: not away any more, and a timer set for the away time is set anew to the clock's deadline
    clock.advance(3 * DAY + 1)
    assert await service.away_until(on_turn) is None
    assert await service.set_away(BOB if on_turn == HOST else HOST, None) == 1


async def test_a_members_move_ends_their_away_time(service: GameService, clock: FakeClock) -> None:
    game = (await started(service)).game
    assert game.state is not None and game.current_user is not None
    other = BOB if game.current_user == HOST else HOST
    await service.set_away(other, clock.now + DAY)
    mover = game.current_user
    await service.set_away(mover, clock.now + DAY)
    timer = await clock_timer(service, game.id)
    assert timer is not None and timer.due_at == clock.now, "no clock in this game, but the member is away"
    await service.set_away(mover, None)
    assert await clock_timer(service, game.id) is None, "back, and the game has no clock: no timer"
    name = next(s.name for s in game.seats if s.user_id == mover)
    await service.act(game.id, mover, legal_actions(game.state, name)[0].text, game.version)
    assert await service.away_until(other) is not None, "only the mover comes back"
    await service.set_away(mover, clock.now + DAY)
    info = await service.game(game.id)
    assert info.state is not None
    if info.current_user == mover:
        mover_name = next(s.name for s in info.seats if s.user_id == mover)
        await service.act(game.id, mover, legal_actions(info.state, mover_name)[0].text, info.version)
        assert await service.away_until(mover) is None, "a move ends the away time"


async def test_overbooking_has_the_turn_clock_too(service: GameService, clock: FakeClock) -> None:
    game = await service.create(guild_id=1, channel_id=600, host_id=HOST, host_name="Ann", kind="overbooking",
                                options={"seed": 5, "clock_hours": 12, "clock_level": "random"})
    await service.join(game.id, BOB, "Bob")
    started_game = (await service.start(game.id, HOST)).game
    timer = await clock_timer(service, game.id)
    assert timer is not None and timer.user_id == started_game.current_user
    clock.advance(12 * 3600)
    turn = await service.play_timed_out_turn(timer)
    assert turn is not None and turn.level == "random" and turn.result.moves
    assert {m.actor for m in turn.result.moves} == {"ai:random"}


async def test_the_reminder_comes_at_half_the_clock_at_the_latest(service: GameService) -> None:
    """The channel's default interval is 12 hours: a 12-hour clock moves the reminder to 6 hours, a 48-hour one
    leaves it at 12."""
    for channel, hours, after in ((700, 12, 6 * 3600), (701, 48, 12 * 3600)):
        game = (await started(service, channel=channel, clock_hours=hours)).game
        reminder = next(t for t in await service.timers() if t.game_id == game.id and t.kind == "reminder")
        assert reminder.due_at == game.updated_at + after, (hours, reminder)


async def test_two_processes_play_a_timed_out_turn_once(db_path: Path, service: GameService,
                                                        clock: FakeClock) -> None:
    """Two bot processes (two storages on one database) hand the same due clock timer to the service at once: one
    plays the turn, the other plays nothing and raises nothing; the count is one."""
    game = (await started(service, clock_hours=24, clock_level="random")).game
    timer = await clock_timer(service, game.id)
    assert timer is not None
    clock.advance(DAY)
    async with Storage(db_path) as second_storage:
        second = GameService(second_storage, clock=clock)
        turns = await asyncio.gather(service.play_timed_out_turn(timer), second.play_timed_out_turn(timer))
    played = [turn for turn in turns if turn is not None]
    assert len(played) == 1, turns
    info = await service.game(game.id)
    assert info.version == played[0].result.game.version
    assert sum(strikes(info.options).values()) == 1
