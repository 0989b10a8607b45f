"""Compound clicks, through the game service as if each step were clicked (no discord here): a panel choice that
plays several legal actions in order (`bot.games.gah.panel.Panel.plans`: a die with its first follow-up, serving a
guest all
that fits), and the follow-ups that leave the player no choice (one legal answer), played right after a click."""

from __future__ import annotations

from collections.abc import Sequence

from bot.host.service import GameService, Move, StaleVersion, TurnResult
from engine.gah import legal_actions
from engine.gah.payloads import TURN

FORCED_LIMIT = 8
"""The most forced follow-ups played after one click (a guard: each is a logged move of its own)."""


async def play_plan(service: GameService, game_id: int, user_id: int, name: str, version: int,
                    steps: Sequence[str], choices: str | None) -> TurnResult | None:
    """Play the legal actions named `steps` (their texts) in order, each through `service.choose` and each
    looked up among the legal actions of its moment; the plan stops at a step that is not legal then (the moves
    before it stand, as if clicked one by one). The first step is checked against the panel's `version` (and
    `choices` fingerprint). Returns the combined result, or None if not even the first step could be played."""
    moves: list[Move] = []
    result: TurnResult | None = None
    first: TurnResult | None = None
    info = await service.game(game_id)
    state = info.state
    for number, text in enumerate(steps):
        if state is None or name not in state.waiting:
            break
        legal = [action.text for action in legal_actions(state, name)]
        if text not in legal:
            break
        try:
            result = await service.choose(game_id, user_id, legal.index(text), version,
                                          choices=choices if number == 0 else None)
        except StaleVersion:
            if number == 0:
                raise
            break
        first = first or result
        moves += result.moves
        if result.game.state is None or result.finished:
            break
        state, version = result.game.state, result.game.version
    if result is None or first is None:
        return None
    return TurnResult(result.game, tuple(moves), result.results, first.index_before)


async def play_forced(service: GameService, game_id: int, user_id: int, name: str,
                      result: TurnResult) -> TurnResult:
    """After a click: while the same player must answer a follow-up decision (not the turn itself) that has
    exactly one legal answer ("Done serving" with nothing left to serve, "Put rest in kitchen" with no guest
    wanting the items), answer it, as the only click the panel could offer. Returns `result` with those moves."""
    moves = list(result.moves)
    for _ in range(FORCED_LIMIT):
        if any(move.actor != f"user:{user_id}" for move in result.moves):
            break  # another seat moved since the click (an AI): what the player must answer now is not its follow-up
        state = result.game.state
        if state is None or result.finished or not state.pending or name not in state.waiting:
            break
        if state.pending[-1].kind == TURN or state.current_player != name:
            break
        legal = legal_actions(state, name)
        if len(legal) != 1:
            break
        try:
            step = await service.choose(game_id, user_id, 0, result.game.version)
        except StaleVersion:
            break
        moves += step.moves
        result = TurnResult(step.game, tuple(moves), step.results, result.index_before)
    return result
