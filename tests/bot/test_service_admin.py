"""Administration: cancel, skip, handing a seat to an AI and taking it back, replay checks, JSON export."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.host.service import (
    GameNotActive,
    GameService,
    LobbyError,
    NotHost,
    NotSeated,
    NotYourTurn,
    StaleVersion,
    skip_action,
)
from bot.host.storage import Storage
from engine import GameConfig, apply, legal_actions, new_game
from tests.bot.helpers import BOB, CY, HOST, lobby, play_random, random_text, started


async def test_cancel_is_for_the_host_or_a_manager_and_keeps_the_log(service: GameService) -> None:
    game = (await started(service, humans=2)).game
    game = await play_random(service, game, random.Random(1), moves=5)
    with pytest.raises(NotHost):
        await service.cancel(game.id, BOB)
    with pytest.raises(StaleVersion):
        await service.cancel(game.id, HOST, expected_version=game.version - 1)
    cancelled = await service.cancel(game.id, BOB, is_manager=True)
    assert cancelled.status == "cancelled" and cancelled.version == game.version + 1
    assert len(await service.history(game.id)) == 5
    assert await service.timers() == []
    with pytest.raises(GameNotActive):
        await service.cancel(game.id, HOST)
    assert (await service.check_replay(game.id)).ok
    again = await lobby(service)  # the channel is free
    assert (await service.cancel(again.id, HOST)).status == "cancelled"


def test_skip_action_prefers_pass_then_end_turn_then_a_decline() -> None:
    chooser = random.Random(2)
    state = new_game(GameConfig(players=["a", "b", "c"], seed=2))
    kinds = set()
    while not state.is_over:
        actions = legal_actions(state)
        texts = [a.text for a in actions]
        chosen = skip_action(state)
        if "pass" in texts:
            assert chosen.text == "pass"
        elif "end turn" in texts:
            assert chosen.text == "end turn"
        elif any(a.kind == "decline" for a in actions):
            assert chosen == next(a for a in actions if a.kind == "decline")
        else:
            assert chosen == actions[0]
        kinds.add(chosen.text if chosen.text in ("pass", "end turn") else chosen.kind)
        state, _ = apply(state, chooser.choice(actions))
    assert {"pass", "end turn", "decline"} <= kinds
    with pytest.raises(ValueError):
        skip_action(state)


async def test_skip_passes_the_turn_on(service: GameService) -> None:
    game = (await started(service, humans=3, seed=4)).game
    game = await play_random(service, game, random.Random(3), moves=12)
    skipped = game.current_seat
    assert skipped is not None
    with pytest.raises(NotHost):
        await service.skip(game.id, BOB)
    result = await service.skip(game.id, CY, is_manager=True, expected_version=game.version)
    assert result.moves and all(m.actor == f"skip:{CY}" and m.seat == skipped.position for m in result.moves)
    assert result.game.current_seat is not None and result.game.current_seat.position != skipped.position
    assert (await service.check_replay(game.id)).ok
    again = await service.skip(game.id, HOST)
    assert again.moves[0].actor == f"skip:{HOST}"


async def test_skipping_a_seat_in_its_turn_ends_that_turn(service: GameService) -> None:
    # mid-turn (after a die was taken) a skip declines what is open and ends the turn
    game = (await started(service, humans=2, seed=6)).game
    chooser = random.Random(6)
    while True:
        assert game.state is not None
        texts = [a.text for a in legal_actions(game.state)]
        if game.state.phase == "play" and "end turn" not in texts and "pass" not in texts:
            break
        game = (await service.act(game.id, game.current_user or 0, random_text(game, chooser), game.version)).game
    result = await service.skip(game.id, HOST)
    assert len(result.moves) >= 2
    assert any(m.action == "end turn" for m in result.moves)


async def test_a_seat_handed_to_an_ai_is_played_and_can_be_taken_back(service: GameService) -> None:
    game = (await started(service, humans=3, seed=8)).game
    game = await play_random(service, game, random.Random(9), moves=3)
    on_turn = game.current_user
    assert on_turn is not None
    with pytest.raises(LobbyError, match="Unknown AI level"):
        await service.hand_to_ai(game.id, on_turn, level="grandmaster")
    result = await service.hand_to_ai(game.id, on_turn)  # own seat: the AI moves at once
    seat = result.game.seat_of(on_turn)
    assert seat is not None and seat.ai_level == "random"
    assert result.moves and result.moves[0].actor == "ai:random" and result.moves[0].seat == seat.position
    assert result.game.current_user not in (None, on_turn)
    with pytest.raises(LobbyError, match="already plays"):
        await service.hand_to_ai(game.id, on_turn)
    game = result.game

    # while the AI plays the seat, its owner cannot act, and everyone else's moves bring AI replies
    chooser = random.Random(10)
    for _ in range(40):
        user = game.current_user
        assert user is not None and user != on_turn
        game = (await service.act(game.id, user, random_text(game, chooser), game.version)).game
    history = await service.history(game.id)
    assert {m.actor for m in history if m.seat == seat.position} >= {"ai:random"}

    game = await service.take_back(game.id, on_turn)
    assert game.seat_of(on_turn) == seat.__class__(seat.position, on_turn, None, seat.name, seat.colour)
    with pytest.raises(LobbyError, match="not played by an AI"):
        await service.take_back(game.id, on_turn)
    with pytest.raises(NotSeated):
        await service.take_back(game.id, 999)
    assert (await service.check_replay(game.id)).ok


async def test_who_may_hand_a_seat_to_an_ai(service: GameService) -> None:
    game = (await started(service, humans=3, ais=1, seed=8)).game
    with pytest.raises(NotHost):
        await service.hand_to_ai(game.id, CY, 1)  # Bob's seat, Cy is not the host
    with pytest.raises(NotSeated):
        await service.hand_to_ai(game.id, 999)
    with pytest.raises(LobbyError, match="AI seat"):
        await service.hand_to_ai(game.id, HOST, 3)
    with pytest.raises(LobbyError, match="no seat"):
        await service.hand_to_ai(game.id, HOST, 7)
    game = (await service.hand_to_ai(game.id, CY, 1, is_manager=True, run_ai=False)).game
    game = (await service.hand_to_ai(game.id, HOST, 2, run_ai=False)).game
    assert [s.ai_controlled for s in game.seats] == [False, True, True, True]
    if game.current_seat is not None and game.current_seat.position == 0:
        with pytest.raises(NotYourTurn):
            await service.act(game.id, BOB, "pass", game.version)
    lobby_game = await lobby(service, channel=900)
    with pytest.raises(GameNotActive):
        await service.hand_to_ai(lobby_game.id, HOST)


async def test_a_game_finished_by_ais_records_who_played(service: GameService) -> None:
    game = (await started(service, humans=2, seed=12)).game
    game = (await service.hand_to_ai(game.id, BOB)).game
    game = (await service.hand_to_ai(game.id, HOST, 0)).game  # the host hands their own seat too: AIs finish
    assert game.status == "finished"
    results = await service.results(game.id)
    assert [(r.user_id, r.ai_level) for r in results] == [(HOST, "random"), (BOB, "random")]
    assert (await service.stats(BOB)).games == 1


async def test_export_is_json_with_the_whole_log(service: GameService) -> None:
    game = (await started(service, humans=2, ais=1, seed=13)).game
    game = await play_random(service, game, random.Random(13))
    exported = json.loads(await service.export_json(game.id))
    assert exported["format"] == "gah-game/1"
    assert exported["game"]["status"] == "finished"
    assert [row["seq"] for row in exported["log"]] == list(range(1, len(exported["log"]) + 1))
    assert {row["actor"] for row in exported["log"]} >= {f"user:{HOST}", f"user:{BOB}", "ai:random"}
    assert len(exported["results"]) == 3
    assert exported["state"]["phase"] == "over"
    assert exported["log"][0]["events"]


async def test_check_replay_notices_a_tampered_state(db_path: Path, service: GameService) -> None:
    game = (await started(service, humans=2, seed=14)).game
    game = await play_random(service, game, random.Random(14), moves=30)
    assert (await service.check_replay(game.id)).ok
    assert game.state is not None
    tampered = json.loads(game.state.to_json())
    tampered["players"][0]["money"] += 1
    async with Storage(db_path) as other, other.transaction() as tx:  # an outside write, not through the service
        await tx.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(tampered), game.id))
    check = await service.check_replay(game.id)
    assert not check.ok and "differs" in check.detail
    async with Storage(db_path) as other, other.transaction() as tx:
        row = await tx.fetchone("SELECT config FROM games WHERE id = ?", (game.id,))
        config = {**json.loads(row["config"]), "seed": 15}
        await tx.execute("UPDATE games SET state = ?, config = ? WHERE id = ?",
                         (game.state.to_json(), json.dumps(config), game.id))
    check = await service.check_replay(game.id)
    assert not check.ok


async def test_check_replay_of_a_lobby(service: GameService) -> None:
    game = await lobby(service)
    check = await service.check_replay(game.id)
    assert check.ok and check.actions == 0


async def test_versions_bump_on_every_seat_change(service: GameService, storage: Storage) -> None:
    game = (await started(service, humans=2, seed=3)).game
    version = game.version
    game = (await service.hand_to_ai(game.id, BOB, run_ai=False)).game
    assert game.version == version + 1
    game = await service.take_back(game.id, BOB, expected_version=game.version)
    assert game.version == version + 2
    with pytest.raises(StaleVersion):
        await service.take_back(game.id, BOB, expected_version=version)
