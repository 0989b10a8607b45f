"""Service play: `act` applies exactly what the engine would, refuses without changing anything, AIs answer,
games finish with results, reminders follow the player on turn, and AI moves are resumed after a restart."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.host.service import (
    GameNotActive,
    GameService,
    IllegalMove,
    NoGameHere,
    NotSeated,
    NotYourTurn,
    StaleVersion,
)
from bot.host.service.model import GameInfo
from bot.host.service.unit import REMINDER
from bot.host.storage import DEFAULT_REMINDER_SECONDS, Storage
from engine import apply, final_scores, legal_actions, parse_action
from tests.bot.helpers import BOB, CY, GUILD, HOST, FakeClock, lobby, play_random, random_text, started


async def snapshot(service: GameService, game_id: int) -> tuple[int, str | None, int]:
    """(version, state JSON, log length): what must not change when a call is refused."""
    game = await service.game(game_id)
    return game.version, None if game.state is None else game.state.to_json(), len(await service.history(game_id))


async def test_act_applies_the_engine_action_and_logs_it(service: GameService) -> None:
    game = (await started(service)).game
    assert game.state is not None
    user = game.current_user
    assert user is not None
    action = legal_actions(game.state)[0]
    expected, events = apply(game.state, action)
    result = await service.act(game.id, user, "  " + action.text.upper() + " ", game.version)
    assert result.version == game.version + 1
    assert result.game.state is not None and result.game.state.to_json() == expected.to_json()
    assert result.events == events
    [move] = result.moves
    seat = game.seat_of(user)
    assert seat is not None
    assert (move.seq, move.seat, move.actor, move.action, move.version) == (
        1, seat.position, f"user:{user}", action.text, game.version + 1)
    assert await service.history(game.id) == [move]
    stored = await service.game(game.id)
    assert stored.version == result.version and stored.state == result.game.state


async def test_refused_actions_change_nothing(service: GameService) -> None:
    game = (await started(service, humans=2)).game
    assert game.state is not None and game.current_user is not None
    on_turn = game.current_user
    waiting = BOB if on_turn == HOST else HOST
    legal = legal_actions(game.state)[0].text
    before = await snapshot(service, game.id)
    cases = [
        (StaleVersion, on_turn, legal, game.version - 1),
        (StaleVersion, on_turn, legal, game.version + 1),
        (NotSeated, CY, legal, game.version),
        (NotYourTurn, waiting, legal, game.version),
        (IllegalMove, on_turn, "fly to the moon", game.version),
        (IllegalMove, on_turn, "", game.version),
        (IllegalMove, on_turn, "die 9 boost", game.version),
    ]
    for error, user, text, version in cases:
        with pytest.raises(error) as caught:
            await service.act(game.id, user, text, version)
        assert str(caught.value)  # a sentence for the player
        assert await snapshot(service, game.id) == before
    with pytest.raises(NoGameHere):
        await service.act(999, on_turn, legal, 0)


async def test_stale_version_says_which_version_is_current(service: GameService) -> None:
    game = (await started(service)).game
    with pytest.raises(StaleVersion) as caught:
        await service.act(game.id, game.current_user or 0, "pass", game.version - 1)
    assert caught.value.current == game.version


async def test_act_in_a_lobby_or_a_cancelled_game_is_refused(service: GameService) -> None:
    game = await lobby(service)
    with pytest.raises(GameNotActive, match="not started"):
        await service.act(game.id, HOST, "pass", game.version)
    with pytest.raises(GameNotActive):
        await service.view(game.id, HOST)
    result = await service.start(game.id, HOST)
    cancelled = await service.cancel(result.game.id, HOST)
    with pytest.raises(GameNotActive, match="cancelled"):
        await service.act(game.id, HOST, "pass", cancelled.version)


async def test_ais_answer_until_a_user_must(service: GameService) -> None:
    for seed in range(1, 5):  # one service, four games (30 moves each: about 1 s a game on PostgreSQL)
        await _ais_answer_until_a_user_must(service, seed)


async def _ais_answer_until_a_user_must(service: GameService, seed: int) -> None:
    game = (await started(service, humans=1, ais=2, channel=500 + seed, seed=seed)).game
    chooser = random.Random(seed)
    for _ in range(30):
        assert game.current_user == HOST, seed  # never left waiting for an AI
        result = await service.act(game.id, HOST, random_text(game, chooser), game.version)
        human, *ais = result.moves
        assert human.actor == f"user:{HOST}" and all(m.by_ai and m.actor == "ai:random" for m in ais)
        assert [m.version for m in result.moves] == list(range(game.version + 1, result.version + 1))
        assert [m.seq for m in result.moves] == list(range(human.seq, human.seq + len(result.moves)))
        game = result.game
    history = await service.history(game.id)
    assert [m.seq for m in history] == list(range(1, len(history) + 1))
    assert any(m.by_ai for m in history)
    assert (await service.check_replay(game.id)).ok
    await service.cancel(game.id, HOST)  # within the open-game limit of one member


async def test_an_ai_that_must_answer_first_moves_at_start(service: GameService) -> None:
    for seed in range(40):
        result = await started(service, humans=1, ais=1, channel=600 + seed, seed=seed)
        if result.moves:
            break
        await service.cancel(result.game.id, HOST)
    else:
        pytest.fail("no seed made the AI answer first")
    assert all(m.actor == "ai:random" for m in result.moves)
    assert result.game.current_user == HOST
    first = result.moves[0].version
    assert [m.version for m in result.moves] == list(range(first, first + len(result.moves)))
    assert result.version == result.game.version == result.moves[-1].version
    assert (await service.check_replay(result.game.id)).ok


async def test_run_ai_false_leaves_the_ai_to_move_later(service: GameService) -> None:
    game = (await started(service, humans=1, ais=1, seed=3, run_ai=False)).game
    chooser = random.Random(2)
    while game.current_user == HOST:
        game = (await service.act(game.id, HOST, random_text(game, chooser), game.version, run_ai=False)).game
    assert game.current_seat is not None and game.current_seat.ai_controlled
    result = await service.run_ai(game.id)
    assert result.moves and result.game.current_user == HOST
    assert (await service.run_ai(game.id)).moves == ()  # nothing to do while a user must answer


async def test_a_restart_resumes_ai_moves_that_a_crash_cut_off(db_path: Path, storage: Storage,
                                                              clock: FakeClock) -> None:
    service = GameService(storage, clock=clock, seed_source=lambda: 3)
    game = (await started(service, humans=1, ais=2, seed=3, run_ai=False)).game
    chooser = random.Random(5)
    while game.current_user == HOST:
        game = (await service.act(game.id, HOST, random_text(game, chooser), game.version, run_ai=False)).game
    await storage.close()  # "crash" before the AIs moved
    async with Storage(db_path) as reopened:
        restarted = GameService(reopened, clock=clock)
        [resumed] = await restarted.resume()
        assert resumed.game.id == game.id and resumed.moves
        assert resumed.game.current_user == HOST
        assert await restarted.resume() == []
        assert (await restarted.check_replay(game.id)).ok


async def test_a_finished_game_records_results_and_stats(service: GameService) -> None:
    game = (await started(service, humans=2, ais=1, seed=11)).game
    game = await play_random(service, game, random.Random(3))
    assert game.status == "finished" and game.is_over and game.finished_at is not None
    assert game.current_seat is None and game.current_user is None
    assert game.state is not None
    scores = final_scores(game.state)
    results = await service.results(game.id)
    assert [(r.seat, r.user_id, r.name, r.score, r.rank) for r in results] == [
        (s.position, s.user_id, s.name, scores[s.name].total, scores[s.name].rank) for s in game.seats]
    assert all(r.breakdown == scores[r.name].parts and r.guild_id == GUILD for r in results)
    assert await service.finish(game.id) == results  # finishing again only reads
    assert await service.timers() == []
    with pytest.raises(GameNotActive, match="finished"):
        await service.act(game.id, HOST, "pass", game.version)
    host = await service.stats(HOST)
    mine = next(r for r in results if r.user_id == HOST)
    assert (host.games, host.wins, host.best_score) == (1, int(mine.rank == 1), mine.score)
    assert {s.user_id for s in await service.leaderboard(GUILD)} == {HOST, BOB}
    assert (await service.check_replay(game.id)).ok
    # the channel is free again
    assert (await lobby(service)).status == "lobby"


async def test_finish_refuses_a_game_that_is_not_over(service: GameService) -> None:
    game = (await started(service)).game
    with pytest.raises(GameNotActive, match="not over"):
        await service.finish(game.id)


async def test_view_hides_other_hands(service: GameService) -> None:
    game = (await started(service)).game
    mine = await service.view(game.id, HOST)
    public = await service.view(game.id, None)
    assert mine.players[0].hand and all(card != 0 for card in mine.players[0].hand)
    assert all(card == 0 for card in mine.players[1].hand)
    assert all(card == 0 for player in public.players for card in player.hand)


async def play_until_turn_of(service: GameService, game: GameInfo, user: int, clock: FakeClock,
                             seed: int = 4) -> GameInfo:
    """Random moves (five seconds apart) until `user` is on turn."""
    chooser = random.Random(seed)
    while game.current_user != user:
        clock.advance(5)
        mover = game.current_user
        assert mover is not None
        game = (await service.act(game.id, mover, random_text(game, chooser), game.version)).game
    return game


async def test_a_reminder_follows_the_user_on_turn_after_the_default_twelve_hours(
        service: GameService, clock: FakeClock) -> None:
    game = (await started(service, humans=2, seed=5)).game
    user = game.current_user
    assert user is not None
    [timer] = await service.timers()
    assert (timer.game_id, timer.kind, timer.user_id) == (game.id, REMINDER, user)
    assert timer.due_at == clock.now + DEFAULT_REMINDER_SECONDS == clock.now + 12 * 3600
    assert await service.timers(due_before=clock.now + 10) == []

    other = BOB if user == HOST else HOST
    game = await play_until_turn_of(service, game, other, clock)
    [timer] = await service.timers()
    assert (timer.user_id, timer.due_at, timer.version) == (other, clock.now + DEFAULT_REMINDER_SECONDS, game.version)


async def test_one_reminder_per_turn_then_the_next_move_arms_the_next(service: GameService, clock: FakeClock) -> None:
    game = (await started(service, humans=2, seed=5)).game
    [timer] = await service.timers()
    clock.advance(DEFAULT_REMINDER_SECONDS)
    assert await service.timers(due_before=clock.now) == [timer]
    await service.reminder_sent(game.id, timer.version)
    assert await service.timers() == []  # sent: no second reminder this turn
    clock.advance(10 * DEFAULT_REMINDER_SECONDS)
    assert await service.timers(due_before=clock.now) == []

    user = game.current_user
    assert user is not None
    game = (await service.act(game.id, user, random_text(game, random.Random(1)), game.version)).game
    [timer] = await service.timers()
    assert timer.version == game.version and timer.due_at == clock.now + DEFAULT_REMINDER_SECONDS


async def test_a_reminder_handled_late_does_not_drop_the_next_turns_reminder(service: GameService) -> None:
    game = (await started(service, humans=2, seed=5)).game
    [old] = await service.timers()
    user = game.current_user
    assert user is not None
    game = (await service.act(game.id, user, random_text(game, random.Random(1)), game.version)).game
    await service.reminder_sent(game.id, old.version)  # the reminder loop read the old timer before the move
    [timer] = await service.timers()
    assert timer.version == game.version


async def test_the_host_sets_the_channels_interval_in_the_lobby_and_it_carries_to_the_game(
        service: GameService, clock: FakeClock) -> None:
    from bot.host.service import NotHost

    game = await lobby(service, humans=2, channel=500)
    assert (await service.channel_settings(500)).reminder_seconds == DEFAULT_REMINDER_SECONDS
    with pytest.raises(NotHost):
        await service.set_reminder_interval(500, GUILD, BOB, 60)
    assert (await service.channel_settings(500)).reminder_seconds == DEFAULT_REMINDER_SECONDS
    settings = await service.set_reminder_interval(500, GUILD, HOST, 60)
    assert (settings.reminder_seconds, settings.updated_by) == (60, HOST)
    assert (await service.channel_settings(501)).reminder_seconds == DEFAULT_REMINDER_SECONDS  # other channels

    result = await service.start(game.id, HOST)
    [timer] = await service.timers()
    assert timer.due_at == clock.now + 60 and timer.user_id == result.game.current_user


async def test_changing_the_interval_mid_turn_moves_the_pending_reminder(service: GameService,
                                                                         clock: FakeClock) -> None:
    from bot.host.service import NotHost

    game = (await started(service, humans=2, seed=5, channel=500)).game
    turn_began = clock.now
    clock.advance(100)
    with pytest.raises(NotHost):
        await service.set_reminder_interval(500, GUILD, CY, 3600)  # a stranger without Manage Channels
    await service.set_reminder_interval(500, GUILD, CY, 3600, is_manager=True)
    [timer] = await service.timers()
    assert timer.due_at == turn_began + 3600  # counted from the last move, not from the change

    await service.set_reminder_interval(500, GUILD, HOST, 0)
    assert await service.timers() == []
    user = game.current_user
    assert user is not None
    game = (await service.act(game.id, user, random_text(game, random.Random(1)), game.version)).game
    assert await service.timers() == []  # no reminders in this channel

    await service.set_reminder_interval(500, GUILD, HOST, 600)  # from none to some: this turn gets one
    [timer] = await service.timers()
    assert timer.due_at == clock.now + 600 and timer.version == game.version


async def test_changing_the_interval_after_this_turns_reminder_sends_no_second_one(service: GameService) -> None:
    game = (await started(service, humans=2, seed=5, channel=500)).game
    [timer] = await service.timers()
    await service.reminder_sent(game.id, timer.version)
    await service.set_reminder_interval(500, GUILD, HOST, 60)
    assert await service.timers() == []


async def test_only_managers_set_the_interval_of_a_channel_without_a_game(service: GameService) -> None:
    from bot.host.service import NotHost, ServiceError

    with pytest.raises(NotHost):
        await service.set_reminder_interval(777, GUILD, HOST, 60)
    assert (await service.set_reminder_interval(777, GUILD, HOST, 60, is_manager=True)).reminder_seconds == 60
    for bad in (-1, 7 * 24 * 3600 + 1):
        with pytest.raises(ServiceError):
            await service.set_reminder_interval(777, GUILD, HOST, bad, is_manager=True)
    assert (await service.channel_settings(777)).reminder_seconds == 60


async def test_a_user_who_turns_reminders_off_gets_none(service: GameService, clock: FakeClock) -> None:
    game = (await started(service, humans=2, seed=5)).game
    user = game.current_user
    assert user is not None
    other = BOB if user == HOST else HOST
    assert (await service.set_prefs(other, reminders=False)).reminders is False
    assert len(await service.timers()) == 1  # the user on turn still has theirs
    game = await play_until_turn_of(service, game, other, clock)
    assert await service.timers() == []
    assert await service.rearm_reminder(game.id) is None

    await service.set_prefs(user, reminders=False)
    await service.set_prefs(other, reminders=True)
    timer = await service.rearm_reminder(game.id)
    assert timer is not None and timer.user_id == other


async def test_turning_reminders_off_drops_the_pending_one(service: GameService) -> None:
    game = (await started(service, humans=2, seed=5)).game
    assert game.current_user is not None and len(await service.timers()) == 1
    await service.set_prefs(game.current_user, reminders=False)
    assert await service.timers() == []


async def test_snoozing_the_turn_drops_only_this_turns_reminder(service: GameService, clock: FakeClock) -> None:
    game = (await started(service, humans=2, seed=5)).game
    user = game.current_user
    assert user is not None
    other = BOB if user == HOST else HOST
    with pytest.raises(NotYourTurn):
        await service.snooze_turn(game.id, other)
    with pytest.raises(NotSeated):
        await service.snooze_turn(game.id, CY)
    assert len(await service.timers()) == 1
    assert await service.snooze_turn(game.id, user) is True
    assert await service.timers() == []
    assert await service.snooze_turn(game.id, user) is False  # nothing left to drop

    game = await play_until_turn_of(service, game, other, clock)
    game = await play_until_turn_of(service, game, user, clock)
    [timer] = await service.timers()  # the next turn of the snoozing user has its reminder again
    assert timer.user_id == user


async def test_snoozing_for_hours_holds_reminders_in_every_game(service: GameService, clock: FakeClock) -> None:
    game = (await started(service, humans=2, seed=5)).game
    user = game.current_user
    assert user is not None
    await service.snooze(user, clock.now + 48 * 3600)
    [timer] = await service.timers()
    assert timer.due_at == clock.now + 48 * 3600
    assert (await service.prefs(user)).snooze_until == clock.now + 48 * 3600
    rearmed = await service.rearm_reminder(game.id)
    assert rearmed is not None and rearmed.due_at == clock.now + 48 * 3600
    await service.snooze(user, None)
    rearmed = await service.rearm_reminder(game.id)
    assert rearmed is not None and rearmed.due_at == clock.now + DEFAULT_REMINDER_SECONDS


async def test_preference_values_are_checked(service: GameService) -> None:
    from bot.host.service import ServiceError

    assert (await service.prefs(HOST)).notify == "mention"
    assert (await service.set_prefs(HOST, notify="dm")).notify == "dm"
    prefs = await service.set_prefs(HOST, reminders=False)
    assert (prefs.notify, prefs.reminders) == ("dm", False)
    with pytest.raises(ServiceError):
        await service.set_prefs(HOST, notify="smoke signals")
    assert (await service.prefs(HOST)).notify == "dm"


async def test_posted_messages_are_remembered(service: GameService) -> None:
    game = await lobby(service)
    await service.record_message(game.id, "lobby", 500, 9001, game.version)
    await service.record_message(game.id, "lobby", 500, 9002, game.version + 1)
    await service.record_message(game.id, "board", 500, 9003, game.version + 1)
    assert [(m.purpose, m.message_id) for m in await service.messages(game.id)] == [("board", 9003), ("lobby", 9002)]
    await service.forget_message(game.id, "board")
    assert [m.purpose for m in await service.messages(game.id)] == ["lobby"]


async def test_parse_and_log_use_the_engine_spelling(service: GameService) -> None:
    game = (await started(service)).game
    assert game.state is not None and game.current_user is not None
    action = legal_actions(game.state)[-1]
    shouted = "   ".join(action.text.upper().split(" "))
    assert parse_action(game.state, shouted) == action
    result = await service.act(game.id, game.current_user, shouted, game.version)
    assert result.moves[0].action == action.text


async def test_a_failing_ai_costs_no_user_move_and_is_resumed(service: GameService,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.gah.ai

    game = (await started(service, humans=1, ais=1, seed=3)).game
    real_policy = engine.gah.ai.policy

    def broken(level: str, seed: int = 0) -> engine.gah.ai.Policy:
        raise RuntimeError("the AI crashed")

    monkeypatch.setattr(engine.gah.ai, "policy", broken)
    chooser = random.Random(7)
    while game.current_user == HOST:
        game = (await service.act(game.id, HOST, random_text(game, chooser), game.version)).game
    assert game.current_seat is not None and game.current_seat.ai_controlled  # stuck on the AI, user move kept
    assert (await service.history(game.id))[-1].actor == f"user:{HOST}"
    assert (await service.resume()) == []
    monkeypatch.setattr(engine.gah.ai, "policy", real_policy)
    [resumed] = await service.resume()
    assert resumed.moves and resumed.game.current_user == HOST
    assert (await service.check_replay(game.id)).ok
