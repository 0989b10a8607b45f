"""Issue 52 item 2: quick turns (`bot.games.gah.several.end_quick_turn`) end a person's turn once their die's action is
done,
but never while something free is left to do: a finished guest to check in, a once-per-round staff card to use, or
a serve from the kitchen when serving costs them nothing. Whole games of greedy play through the game service (the
greedy AI finishes and checks in guests), the quick-turn rule tried after every move of the person on turn."""

from __future__ import annotations

import pytest

from bot.games.gah.several import end_quick_turn
from bot.host.service import GameService
from engine import GameState, legal_actions
from engine.gah.ai import policy
from engine.gah.decisions.turn import serving_fee
from engine.gah.payloads import TURN
from tests.bot.helpers import BOB, HOST, started


def free_to_do(state: GameState, name: str) -> list[str]:
    """What `name` could still do this turn at no cost, straight from the engine's legal actions."""
    player = next(p for p in state.players if p.name == name)
    return [str(a) for a in legal_actions(state, name)
            if a.kind in ("checkin", "use") or (a.kind == "serve" and serving_fee(player) == 0)]


@pytest.mark.sqlite_only  # the rule is the bot's, not the storage's
@pytest.mark.parametrize("seed", range(1, 41))
async def test_quick_turns_never_end_a_turn_with_something_free_left(service: GameService, seed: int) -> None:
    game = (await started(service, humans=2, seed=seed, channel=900 + seed)).game
    greedy = policy("greedy", seed)
    kept_open = ended = 0
    while game.status == "active":
        state = game.state
        assert state is not None and state.current_player is not None
        name = state.current_player
        user = HOST if state.current_index == 0 else BOB
        result = await service.act(game.id, user, greedy.choose(state).text, game.version)
        after = result.game.state
        assert after is not None
        done = (after.current_player == name and after.deciding(TURN) and after.turn is not None
                and after.turn.die_taken)
        quick = await end_quick_turn(service, game.id, user, name, result)
        if done and free_to_do(after, name):
            assert quick is result and quick.game.version == result.game.version, free_to_do(after, name)
            kept_open += 1
        elif done:
            assert [m.action for m in quick.moves[len(result.moves):]] == ["end turn"]
            ended += 1
        else:
            assert quick is result
        game = quick.game
    assert kept_open and ended, (kept_open, ended)
