"""Fewer clicks per turn, through the game service as if each step were clicked (no discord here): answering a
step-by-step decision several times with one select (`bot.games.gah.panel.SEVERAL`: rooms to prepare, items to place),
and
quick turns (the turn ends by itself once the die's action is done, for players who switch it on)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.host.service import GameService, Move, StaleVersion, TurnResult
from bot.host.service.replay import decline_answer
from engine.core.actions import Action
from engine.gah import GameState, legal_actions
from engine.gah.ai.kinds import of_kind
from engine.gah.decisions.turn import serving_fee
from engine.gah.payloads import TURN
from render.core.lang import N_


async def play_several(service: GameService, game_id: int, user_id: int, name: str, state: GameState, version: int,
                       indices: Sequence[int], plans: Mapping[int, tuple[str, ...]] | None = None
                       ) -> TurnResult | None:
    """Play the steps chosen at `indices` of one select: a legal action of `legal_actions(state, name)` at
    `version`, or an option of the panel's `plans` (a step that another chosen step makes legal, or a step once
    more: `bot.games.gah.panel_several`; the steps its plan needs first come along once). Each time the first chosen
    step
    that is legal then is played, through `service.choose`, until none is (a chosen step that never becomes legal
    is left out). Then, if the same
    decision is still open (same kind, same player, same depth of the decision stack) and its "decline" answer
    ("stop preparing", "put rest in kitchen") is the only answer left, it is given (the player has no other
    choice); otherwise the decision stays open (e.g. for a room that became adjacent only now). Returns the
    combined result (every move, the game after the last), or None if no step could be played (the panel was out
    of date, or none of the chosen steps is legal now).

    Raises:
        ValueError: an index is neither a legal action nor one of `plans`.
    """
    first = legal_actions(state, name)
    plans = plans or {}
    if not indices or any(not 0 <= i < len(first) and not plans.get(i) for i in indices):
        raise ValueError(f"not choices of this panel: {list(indices)!r}")
    frame, depth = state.pending[-1], len(state.pending)
    wanted: list[str] = []
    for i in dict.fromkeys(indices):  # a plan's steps before its last come along once (`bot.games.gah.panel_several`)
        *needed, step = plans[i] if i >= len(first) else (first[i].text,)
        wanted += [text for text in needed if text not in wanted] + [step]
    declined = decline_answer(first)
    stop = None if declined is None else declined.text
    moves: list[Move] = []
    result: TurnResult | None = None
    while True:
        same = (len(state.pending) == depth and state.deciding(frame.kind) and state.pending[-1].player == frame.player)
        legal = [a.text for a in legal_actions(state, name)] if name in state.waiting and same else []
        text = next((t for t in wanted if t in legal), None)
        if text is None and stop is not None and legal == [stop]:
            text, stop = stop, None
        if text is None:
            break
        if text in wanted:
            wanted.remove(text)
        try:
            result = await service.choose(game_id, user_id, legal.index(text), version)
        except StaleVersion:
            break
        moves += result.moves
        if result.game.state is None or result.finished:
            break
        state, version = result.game.state, result.game.version
    if result is None:
        return None
    return TurnResult(result.game, tuple(moves), result.results)


NONE_PLAYABLE = N_("None of your choices can be played first: each of them needs another choice of the list before "
                   "it (room 1-1 comes before every other starting room). Choose again.")
"""The panel's note when no chosen step can go first; said in the clicker's language (`Controller.panel_payload`)."""

KEEP_TURN_OPEN = frozenset({"checkin", "use"})
"""Answers quick turns never skip: checking in a finished guest, using a once-per-round staff card (issue 52 item 2:
most good turns end with a check-in, and a turn ended before it left the guest waiting a whole round)."""


def work_left(state: GameState, name: str, actions: Sequence[Action]) -> bool:
    """True if `name` can still do something that costs nothing this turn: check in a guest, use a once-per-round
    staff card, or serve from the kitchen when serving is free for them (`engine.gah.decisions.turn.serving_fee`)."""
    player = state.players[[p.name for p in state.players].index(name)]
    free_serving = serving_fee(player) == 0
    return any(action.kind in KEEP_TURN_OPEN or (action.kind == "serve" and free_serving) for action in actions)


async def end_quick_turn(service: GameService, game_id: int, user_id: int, name: str,
                         result: TurnResult) -> TurnResult:
    """Once `name`'s die action is done (their turn decision is back on top, the die taken) and nothing free is left
    to do (`work_left`), end their turn as if they pressed *End turn*; the moves are added to `result`. Any other
    moment: `result` unchanged."""
    state = result.game.state
    if (state is None or result.finished or state.current_player != name or not state.pending
            or not state.deciding(TURN) or state.turn is None or not state.turn.die_taken):
        return result
    actions = legal_actions(state, name)
    ends = of_kind(actions, "end")
    if not ends or work_left(state, name, actions):
        return result
    end = actions.index(ends[0])
    try:
        ended = await service.choose(game_id, user_id, end, result.version)
    except StaleVersion:
        return result
    return TurnResult(ended.game, result.moves + ended.moves, ended.results)
