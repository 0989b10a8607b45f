"""Service play: `act` applies exactly what the engine would, refuses without changing anything, AIs answer,
games finish with results, reminders follow the player on turn, and AI moves are resumed after a restart."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.service import (
    GameNotActive,
    GameService,
    IllegalMove,
    NoGameHere,
    NotSeated,
    NotYourTurn,
    StaleVersion,
)
from bot.service.core import REMINDER
from bot.storage import DEFAULT_REMINDER_SECONDS, Storage
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
    game = (await started(service, humans=1, ais=2, seed=3)).game
    chooser = random.Random(1)
    for _ in range(30):
        assert game.current_user == HOST  # never left waiting for an AI
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


async def test_reminders_follow_the_user_on_turn(service: GameService, clock: FakeClock) -> None:
    game = (await started(service, humans=2, seed=5)).game
    user = game.current_user
    assert user is not None
    [timer] = await service.timers()
    assert (timer.game_id, timer.kind, timer.user_id) == (game.id, REMINDER, user)
    assert timer.due_at == clock.now + DEFAULT_REMINDER_SECONDS
    assert await service.timers(due_before=clock.now + 10) == []

    other = BOB if user == HOST else HOST
    await service.set_prefs(other, reminder_seconds=60)
    chooser = random.Random(4)
    while game.current_user == user:
        clock.advance(5)
        game = (await service.act(game.id, user, random_text(game, chooser), game.version)).game
    [timer] = await service.timers()
    assert (timer.user_id, timer.due_at, timer.version) == (other, clock.now + 60, game.version)

    clock.advance(60)
    assert [t.game_id for t in await service.timers(due_before=clock.now)] == [game.id]
    rearmed = await service.reminder_sent(game.id)
    assert rearmed is not None and rearmed.due_at == clock.now + 60

    await service.snooze(other, clock.now + 3600)
    [timer] = await service.timers()
    assert timer.due_at == clock.now + 3600
    assert (await service.prefs(other)).snooze_until == clock.now + 3600
    assert (await service.reminder_sent(game.id)).due_at == clock.now + 3600  # type: ignore[union-attr]
    await service.snooze(other, None)

    await service.set_prefs(other, reminder_seconds=0)
    assert await service.reminder_sent(game.id) is None and await service.timers() == []


async def test_preference_values_are_checked(service: GameService) -> None:
    from bot.service import ServiceError

    assert (await service.prefs(HOST)).notify == "mention"
    assert (await service.set_prefs(HOST, notify="dm")).notify == "dm"
    assert (await service.set_prefs(HOST, reminder_seconds=30)).notify == "dm"
    with pytest.raises(ServiceError):
        await service.set_prefs(HOST, notify="smoke signals")
    with pytest.raises(ServiceError):
        await service.set_prefs(HOST, reminder_seconds=-1)


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
    import engine.ai

    game = (await started(service, humans=1, ais=1, seed=3)).game
    real_policy = engine.ai.policy

    def broken(level: str, seed: int = 0) -> engine.ai.Policy:
        raise RuntimeError("the AI crashed")

    monkeypatch.setattr(engine.ai, "policy", broken)
    chooser = random.Random(7)
    while game.current_user == HOST:
        game = (await service.act(game.id, HOST, random_text(game, chooser), game.version)).game
    assert game.current_seat is not None and game.current_seat.ai_controlled  # stuck on the AI, user move kept
    assert (await service.history(game.id))[-1].actor == f"user:{HOST}"
    assert (await service.resume()) == []
    monkeypatch.setattr(engine.ai, "policy", real_policy)
    [resumed] = await service.resume()
    assert resumed.moves and resumed.game.current_user == HOST
    assert (await service.check_replay(game.id)).ok
