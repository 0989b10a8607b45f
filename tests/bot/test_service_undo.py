"""Undo: the player on turn takes back their own moves of this turn, previewed first, never past a reveal
(dice, drawn staff, a reshuffle, a new display guest), a new turn, or another seat's move. The log keeps
every row; the state is rebuilt by replaying the log without the undone moves."""

from __future__ import annotations

import random

import pytest

from bot.host.service import (
    GameInfo,
    GameService,
    NothingToUndo,
    NotSeated,
    NotYourTurn,
    StaleVersion,
    TurnResult,
    barrier_events,
)
from engine import GameState
from tests.bot.helpers import BOB, CY, HOST, random_text, started


async def play_until(service: GameService, game: GameInfo, chooser: random.Random, want: int,
                     states: dict[int, str]) -> GameInfo:
    """Play random moves until the user on turn can take back at least `want` moves."""
    for _ in range(2000):
        user = game.current_user
        assert user is not None
        try:
            if (await service.preview_undo(game.id, user, want)).available >= want:
                return game
        except NothingToUndo:
            pass
        result = await service.act(game.id, user, random_text(game, chooser), game.version)
        game = result.game
        assert game.state is not None
        states[game.version] = game.state.to_json()
    pytest.fail("never found a moment to undo")


async def test_preview_then_confirm_takes_back_the_latest_own_moves(service: GameService) -> None:
    first = await started(service, humans=2, seed=5)
    game = first.game
    assert game.state is not None
    states = {game.version: game.state.to_json()}
    game = await play_until(service, game, random.Random(8), 2, states)
    user = game.current_user
    assert user is not None
    history = await service.history(game.id)

    preview = await service.preview_undo(game.id, user, steps=2)
    assert preview.version == game.version and preview.available >= 2
    assert preview.actions == (history[-2].action, history[-1].action)
    assert (await service.preview_undo(game.id, user, steps=99)).actions[-2:] == preview.actions

    with pytest.raises(StaleVersion):
        await service.undo(game.id, user, game.version - 1, steps=2)
    result = await service.undo(game.id, user, preview.version, steps=2)
    assert result.version == game.version + 1
    [move] = result.moves
    assert move.kind == "undo" and move.actor == f"user:{user}" and move.events[0].kind == "undo"
    assert result.game.state is not None
    assert result.game.state.to_json() == states[history[-2].version - 1]
    assert result.game.current_user == user

    after = await service.history(game.id)
    assert len(after) == len(history) + 1  # nothing deleted: one undo row added
    assert [m.undone for m in after[-3:]] == [True, True, False]
    assert not any(m.undone for m in after[:-3])
    assert (await service.check_replay(game.id)).ok
    assert (await service.game(game.id)).state == result.game.state

    # play on from the restored state; the replay still matches
    game = result.game
    game = (await service.act(game.id, user, random_text(game, random.Random(1)), game.version)).game
    assert (await service.check_replay(game.id)).ok
    exported = await service.export(game.id)
    assert [row["undone"] for row in exported["log"]][-4:] == [True, True, False, False]


async def test_only_the_player_on_turn_can_undo(service: GameService) -> None:
    game = (await started(service, humans=2, seed=5)).game
    game = await play_until(service, game, random.Random(8), 1, {})
    user = game.current_user
    other = BOB if user == HOST else HOST
    with pytest.raises(NotYourTurn):
        await service.preview_undo(game.id, other)
    with pytest.raises(NotYourTurn):
        await service.undo(game.id, other, game.version)
    with pytest.raises(NotSeated):
        await service.preview_undo(game.id, CY)
    with pytest.raises(ValueError):
        await service.preview_undo(game.id, user or 0, steps=0)


async def test_moves_before_a_reveal_or_by_an_ai_cannot_be_taken_back(service: GameService) -> None:
    # With an AI opponent, every turn of the user begins after the AI's move or a "turn" event: at the start
    # of the user's turn there is nothing to undo; right after a move that revealed something, neither.
    game = (await started(service, humans=1, ais=1, seed=9)).game
    chooser = random.Random(4)
    seen_reveal = seen_turn_start = False
    for _ in range(300):
        if game.status != "active":
            break
        history = await service.history(game.id)
        last = history[-1] if history else None
        if last is None or last.actor != f"user:{HOST}":
            with pytest.raises(NothingToUndo):
                await service.preview_undo(game.id, HOST)
            seen_turn_start = True
        elif any(event.kind in barrier_events() for event in last.events):
            with pytest.raises(NothingToUndo):
                await service.undo(game.id, HOST, game.version)
            seen_reveal = True
        game = (await service.act(game.id, HOST, random_text(game, chooser), game.version)).game
    assert seen_reveal and seen_turn_start


def hidden(state: GameState) -> tuple[object, ...]:
    """What a reveal changes: the generator, the round and the turn (the decks: `assert_decks_kept`)."""
    turn = None if state.turn is None else (state.turn.player, state.turn.number)
    return state.rng, state.round, turn


def assert_decks_kept(restored: GameState, current: GameState) -> None:
    """Undo revealed nothing of the decks: the restored deck is the current one less the cards the undone moves put
    on it (a staff card returned to the deck, as an Emperor penalty asks), in the same order; no card that was in
    the deck before the undone moves left it (that would have been a draw)."""
    for restored_deck, current_deck in ((restored.guest_deck, current.guest_deck),
                                        (restored.staff_deck, current.staff_deck)):
        assert set(restored_deck) <= set(current_deck), "an undone move drew from a deck"
        assert list(restored_deck) == [card for card in current_deck if card in set(restored_deck)]


@pytest.mark.parametrize("seed", range(1, 41))
async def test_undo_never_crosses_a_reveal(service: GameService, seed: int) -> None:
    """Random games where the player on turn often undoes: every undo restores an earlier state of this
    turn that has the same generator and decks (nothing hidden was revealed in between)."""
    game = (await started(service, humans=2, seed=seed, channel=700 + seed)).game
    assert game.state is not None
    chooser = random.Random(seed)
    states = {game.version: game.state.to_json()}
    undos = multi = 0
    while game.status == "active":
        user = game.current_user
        assert user is not None and game.state is not None
        result: TurnResult | None = None
        if chooser.random() < 0.3:
            try:
                preview = await service.preview_undo(game.id, user, steps=chooser.randint(1, 3))
            except NothingToUndo:
                preview = None
            if preview is not None:
                history = await service.history(game.id)
                live = [m for m in history if m.kind == "action" and not m.undone]
                undone = live[-len(preview.actions):]
                assert [m.action for m in undone] == list(preview.actions)
                assert all(m.actor == f"user:{user}" for m in undone)
                assert not any(e.kind in barrier_events() for m in undone for e in m.events)
                result = await service.undo(game.id, user, preview.version, steps=len(preview.actions))
                assert result.game.state is not None
                restored = result.game.state
                assert restored.to_json() == states[undone[0].version - 1]
                assert hidden(restored) == hidden(game.state)
                assert_decks_kept(restored, game.state)
                assert result.game.current_user == user
                undos += 1
                multi += len(preview.actions) > 1
        if result is None:
            result = await service.act(game.id, user, random_text(game, chooser), game.version)
        game = result.game
        assert game.state is not None
        states[game.version] = game.state.to_json()
    assert undos >= 10 and multi >= 1
    check = await service.check_replay(game.id)
    assert check.ok, check.detail
