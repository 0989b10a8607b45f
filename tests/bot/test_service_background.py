"""Issue 16: the service with `background_ai` (as the bot runs it): a user's change returns after its own commit and
slow AIs move in a background task per game; the start-up queries select only the games that need a post; the undo
preview reads only the log's tail and agrees with a whole-log reading."""

from __future__ import annotations

import asyncio
import random

import pytest

import bot.host.service.play
from bot.host.service import GameService, NothingToUndo, TurnResult
from bot.host.service.queries import active_games_with_ai, games_behind
from bot.host.service.replay import effective_actions, undoable
from bot.host.storage import Storage
from engine import legal_actions
from tests.bot.helpers import BOB, HOST, FakeClock, install_slow_ai, lobby, random_text, started


def background(storage: Storage, clock: FakeClock) -> tuple[GameService, list[TurnResult]]:
    """A background-AI service and the list its AI listener fills."""
    service = GameService(storage, clock=clock, seed_source=lambda: 7, background_ai=True)
    heard: list[TurnResult] = []
    service.ai_listeners.append(heard.append)
    return service, heard


async def test_a_users_move_returns_before_a_slow_ai_moves_and_the_ai_commits_on_its_own(
        storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    service, heard = background(storage, clock)
    gate = install_slow_ai(monkeypatch, "gated")
    game = await lobby(service, humans=2, seed=31)
    game = await service.add_ai(game.id, HOST, "gated")
    game = (await service.start(game.id, HOST)).game
    chooser = random.Random(3)
    while game.current_seat is not None and not game.current_seat.ai_controlled:
        game = (await service.act(game.id, game.current_user or 0, random_text(game, chooser), game.version)).game
    # the move that handed the turn to the AI is stored; the AI thinks in the background
    assert service.ai_running(game.id)
    assert (await service.game(game.id)).version == game.version
    assert heard == []
    gate.set()
    await service.wait_ai()
    after = await service.game(game.id)
    assert after.version > game.version and heard
    assert all(move.actor == "ai:gated" for result in heard for move in result.moves)
    assert heard[-1].version == after.version
    assert after.current_seat is not None and not after.current_seat.ai_controlled
    assert (await service.check_replay(game.id)).ok


async def test_a_take_back_while_the_ai_thinks_wins_and_the_ai_move_is_dropped(
        storage: Storage, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    service, heard = background(storage, clock)
    gate = install_slow_ai(monkeypatch, "gated")
    game = (await started(service, humans=2, seed=23)).game
    while game.current_user != BOB:
        assert game.state is not None
        game = (await service.act(game.id, HOST, legal_actions(game.state)[0].text, game.version)).game
    game = (await service.hand_to_ai(game.id, BOB, level="gated")).game
    assert service.ai_running(game.id)
    await asyncio.sleep(0.05)
    taken = await service.take_back(game.id, BOB)  # answered at once: no lock is held while the AI thinks
    assert taken.seat_of(BOB) is not None
    gate.set()
    await service.wait_ai()
    assert heard == []
    assert all(move.actor != "ai:gated" for move in await service.history(game.id))
    assert (await service.game(game.id)).version == taken.version


async def test_start_up_queries_select_only_games_behind_and_games_with_ai(
        storage: Storage, clock: FakeClock) -> None:
    service = GameService(storage, clock=clock, seed_source=lambda: 7)
    humans = (await started(service, humans=2, channel=1)).game
    with_ai = (await started(service, humans=1, ais=1, channel=2)).game
    posted = (await started(service, humans=2, channel=3)).game
    await service.record_message(posted.id, "turn", 3, 99, posted.version)
    await lobby(service, humans=2, channel=4)
    async with storage.reading() as tx:
        behind = await games_behind(tx, clock() - 3600)
        ai_games = await active_games_with_ai(tx)
    assert [b.game_id for b in behind] == [humans.id, with_ai.id]
    assert all(b.posted is None and b.status == "active" for b in behind)
    assert ai_games == [with_ai.id]


@pytest.mark.parametrize("tail", [1, 3, 32])
async def test_the_undo_preview_from_the_log_tail_matches_the_whole_log(
        service: GameService, monkeypatch: pytest.MonkeyPatch, tail: int) -> None:
    monkeypatch.setattr(bot.host.service.play, "UNDO_TAIL_ROWS", tail)
    game = (await started(service, humans=2, seed=41)).game
    chooser = random.Random(tail)
    checked = 0
    for _ in range(120):
        if game.status != "active":
            break
        user = game.current_user
        assert user is not None and game.current_seat is not None
        async with service.storage.reading() as tx:
            whole = undoable(effective_actions(await tx.log(game.id)), game.current_seat.position, f"user:{user}")
        count = await service.undo_count(game.id, game.current_seat.position, user)
        assert count == len(whole)
        if count:
            preview = await service.preview_undo(game.id, user)
            assert preview.available == count
            checked += 1
            if chooser.random() < 0.3:
                game = (await service.undo(game.id, user, preview.version)).game
                continue
        else:
            with pytest.raises(NothingToUndo):
                await service.preview_undo(game.id, user)
        game = (await service.act(game.id, user, random_text(game, chooser), game.version)).game
    assert checked > 5


async def test_a_game_of_only_ais_waits_the_set_pause_between_turns(storage: Storage, clock: FakeClock) -> None:
    """`ai_only_turn_seconds` (`GAH_AI_ONLY_TURN_SECONDS`): in a game played only by AIs each turn takes at least
    that long, so that watchers can read each turn's post; the pause is the setting's, not the default's (1.2 s)."""
    pause = 0.3
    service = GameService(storage, clock=clock, seed_source=lambda: 7, background_ai=True,
                          ai_only_turn_seconds=pause)
    loop = asyncio.get_running_loop()
    heard: list[tuple[float, TurnResult]] = []
    service.ai_listeners.append(lambda result: heard.append((loop.time(), result)))
    game = await lobby(service, humans=1, ais=1, seed=5)
    game = (await service.start(game.id, HOST, run_ai=False)).game
    started_at = loop.time()
    await service.hand_to_ai(game.id, HOST, level="random")
    while len(heard) < 6:
        await asyncio.sleep(0.01)
        # five default pauses (1.2 s) take 6 s; five of the setting's 1.5 s, with room for a loaded machine
        assert loop.time() - started_at < 4.5, "the turns waited the default pause, not the setting's"
    times = [at for at, _ in heard[:6]]
    # the span of five turns, not each gap: a listener heard late under load makes one gap short and the next long
    assert times[-1] - times[0] >= 5 * pause * 0.9, times
    await service.cancel(game.id, HOST)  # its AI loop ends at its next commit (the game is no longer active)
    await service.wait_ai()
